package lin_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"handrec/export"
	"handrec/layout"
	"handrec/model"
	"handrec/parser"
	"handrec/parser/internal/readtest"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

func readLIN(t *testing.T, src string) *model.Document {
	t.Helper()
	doc, err := parser.ReadAll("t.lin", strings.NewReader(src), parser.Workers(1))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func linProblems(r *model.Record) []string {
	var out []string
	for _, p := range r.Problems {
		out = append(out, p.Error())
	}
	return out
}

const linDeal = "md|3S478JH389QADC46TK,SKAHD4568JKC239QA,S56TQH2467KD7TACJ,|"

// TestLINFeatures: one table drives the reader's features, with exact values.
func TestLINFeatures(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		src   string
		check func(t *testing.T, r *model.Record)
		probs []string
	}{
		{"joined calls and fourth hand", "pn|a,b,c,d|st||" + linDeal + "sv|0|mb|p|mb|1nppp|", func(t *testing.T, r *model.Record) {
			if got := callsString(r.Auction); got != "Pass 1NT Pass Pass Pass" {
				t.Errorf("calls %q", got)
			}
			if r.Dealer != model.North || r.Vul != model.VulNone || !r.Deal.Complete() {
				t.Errorf("dealer %v vul %v complete %v", r.Dealer, r.Vul, r.Deal.Complete())
			}
			if got := r.Deal.Hands[model.East].PBN(); got != "932.JT5.Q932.875" {
				t.Errorf("East %s", got)
			}
			if r.Contract.String() != "1NT" || r.Declarer != model.East {
				t.Errorf("contract %v by %v", r.Contract, r.Declarer)
			}
			if r.Player(model.South) != "a" || r.Player(model.East) != "d" {
				t.Errorf("players %q %q", r.Player(model.South), r.Player(model.East))
			}
		}, []string{"t.lin:1:88: warning: auction: 4 calls joined in one mb"}},
		{"alert, explanation, commentary, claim mid-trick", linDeal + "mb|p|mb|p|mb|p|mb|4H!|an|7+ !H, weak|mb|d|nt|hm|pg||mb|r|mb|p|mb|p|mb|p|pg||pc|S6|pc|s2|mc|9|", func(t *testing.T, r *model.Record) {
			c := r.Auction.Calls[3]
			if !c.Alert || c.Explanation != "7+ ♥, weak" {
				t.Errorf("call 4: alert %v explanation %q", c.Alert, c.Explanation)
			}
			if cs := r.Auction.Calls[4].Comments; len(cs) != 1 || cs[0].Text != "hm" {
				t.Errorf("call 5 comments %+v", cs)
			}
			if r.Play.Claim != 9 || r.Play.First != model.North || r.Result.Tricks != 9 {
				t.Errorf("claim %d first %v result %d", r.Play.Claim, r.Play.First, r.Result.Tricks)
			}
			if r.Contract.String() != "4HXX" || r.Declarer != model.West {
				t.Errorf("contract %v by %v", r.Contract, r.Declarer)
			}
			if pc := r.Play.Tricks[0][model.East]; pc.Card.String() != "S2" {
				t.Errorf("East's card %v", pc.Card)
			}
		}, nil},
		{"cards unknown", "qx|o5|md||sv|b|mb|1S|mb|p|mb|p|mb|p|", func(t *testing.T, r *model.Record) {
			if !r.Deal.Empty() || r.Board != 5 || r.Auction.First != model.North || r.Declarer != model.North {
				t.Errorf("deal %v board %d first %v declarer %v", r.Deal.Empty(), r.Board, r.Auction.First, r.Declarer)
			}
			if r.Room != model.OpenRoom || r.TagIndex("Room") >= 0 {
				t.Errorf("room %v, tag %d", r.Room, r.TagIndex("Room"))
			}
		}, []string{"t.lin:1:19: warning: auction: no dealer; North deals board 5"}},
		{"unknown command kept", linDeal + "zz|x|mb|p|at|hello|abcd|y|", func(t *testing.T, r *model.Record) {
			// a command that a comment can carry is one, "code|value|",
			// where it stood, so that every format carries it; one that
			// cannot (a code of four letters) is kept in the layout
			brace := func(s string, col int) []model.Comment {
				return []model.Comment{{Text: s, Pos: model.Pos{Line: 1, Col: col}}}
			}
			if cs := r.Facts[model.FactDeal].Comments; !reflect.DeepEqual(cs, brace("zz|x|", 60)) {
				t.Errorf("deal comments %+v", cs)
			}
			if cs := r.Auction.Calls[0].Comments; !reflect.DeepEqual(cs, brace("at|hello|", 70)) {
				t.Errorf("call comments %+v", cs)
			}
			l, _ := r.Layout.(*layout.LIN)
			want := []layout.Mark{{At: layout.AtCall, I: 0, N: 1, Kind: layout.Command, Code: "abcd", Value: "y"}}
			if l == nil || !reflect.DeepEqual(l.Marks, want) {
				t.Errorf("layout %+v", l)
			}
		}, nil},
		// bridgebots writes a redouble "XX": one call, not two doubles (a
		// double cannot follow a double); "xx" likewise, and joined
		{"XX is a redouble", linDeal + "mb|1S|mb|X|mb|XX|mb|p|mb|p|mb|p|", func(t *testing.T, r *model.Record) {
			if got := callsString(r.Auction); got != "1S X XX Pass Pass Pass" || r.Contract.String() != "1SXX" || r.Declarer != model.North {
				t.Errorf("calls %q, contract %v by %v", got, r.Contract, r.Declarer)
			}
		}, nil},
		{"xx joined is a redouble", linDeal + "mb|1S|mb|d|mb|xxp|mb|pp|", func(t *testing.T, r *model.Record) {
			if got := callsString(r.Auction); got != "1S X XX Pass Pass Pass" || r.Contract.String() != "1SXX" {
				t.Errorf("calls %q, contract %v", got, r.Contract)
			}
		}, []string{"t.lin:1:74: warning: auction: 2 calls joined in one mb", "t.lin:1:81: warning: auction: 2 calls joined in one mb"}},
		{"names with commas", "pn|Jones, B,West,North,East,South,Smith, A.,North2,East2|qx|c1|" + linDeal, func(t *testing.T, r *model.Record) {
			if r.Player(model.South) != "South" || r.Player(model.West) != "Smith, A." || r.Player(model.East) != "East2" {
				t.Errorf("closed room S %q W %q E %q", r.Player(model.South), r.Player(model.West), r.Player(model.East))
			}
		}, nil},
		{"names with commas, ambiguous", "pn|Jones,B,West,North,East,South,Smith,North2,East2|qx|c1|" + linDeal, func(t *testing.T, r *model.Record) {
			if r.Player(model.South) != "East" || r.Player(model.West) != "South" {
				t.Errorf("closed room S %q W %q", r.Player(model.South), r.Player(model.West))
			}
		}, []string{`t.lin:1:4: warning: pn: 9 fields for 8 names (a comma in a name?); read as "Jones / B / West / North / East / South / Smith / North2", leaving out "East2"`}},
		{"rs checked against the play", "vg|E,S,I,1,1,A,0,B,0|rs|1NE+2,|qx|o1|" + linDeal + "mb|p|mb|1N|mb|p|mb|p|mb|p|mc|7|", func(t *testing.T, r *model.Record) {
			if r.Result.Tricks != 9 {
				t.Errorf("result %d", r.Result.Tricks)
			}
			if v := r.Scoring(); v != "IMP" {
				t.Errorf("scoring %q", v)
			}
		}, []string{"t.lin:1:25: warning: rs: 1NE+2 gives 9 tricks, the play 7"}},
		{"bad card kept", linDeal + "mb|1S|mb|p|mb|p|mb|p|pc|Z9|", func(t *testing.T, r *model.Record) {
			if r.Play != nil {
				t.Errorf("play %+v", r.Play)
			}
		}, []string{`t.lin:1:84: play: bad card "Z9"; kept as written`}},
		// a card in two hands is a fault of the deal, worded as PBN's reader
		// words it, so that the PBN convert writes reads back the same fault
		{"card dealt twice", "md|3S478JH389QADC46TK,SKAHD4568JKC2s9QA,S56TQH2467KD7TACJ,|", func(t *testing.T, r *model.Record) {}, []string{
			"t.lin:1:4: deal: West has 11 cards, the others 13",
			"t.lin:1:39: md: SA appears twice in West's hand",
			"t.lin:1:45: deal: SQ is dealt twice (again to North)"}},
		// an sv it cannot read is the fault PBN's reader finds in the value
		// convert writes as given
		{"bad sv", "sv|c|" + linDeal, func(t *testing.T, r *model.Record) {
			if r.Vul != model.NoVul {
				t.Errorf("vul %v", r.Vul)
			}
		}, []string{`t.lin:1:4: vulnerable: bad value "c"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := readLIN(t, tc.src)
			if len(doc.Records) != 1 {
				t.Fatalf("%d records", len(doc.Records))
			}
			r := doc.Records[0]
			tc.check(t, r)
			if got := linProblems(r); strings.Join(got, "\n") != strings.Join(tc.probs, "\n") {
				t.Errorf("problems\n got %q\nwant %q", got, tc.probs)
			}
			// every case also round-trips
			w1, w2, diffs, err := linRoundTrip("t.lin", []byte(tc.src))
			if err != nil || !bytes.Equal(w1, w2) || len(diffs) > 0 {
				t.Errorf("round trip: %v %q\n%s\n%s", err, diffs, w1, w2)
			}
		})
	}
}

func callsString(a *model.Auction) string {
	var s []string
	for _, c := range a.Calls {
		s = append(s, c.String())
	}
	return strings.Join(s, " ")
}

// TestLINNotLIN: a saved server message is a clear problem, not a crash.
func TestLINNotLIN(t *testing.T) {
	t.Parallel()
	_, err := parser.ReadAll("x.lin", strings.NewReader("Fetch failed (2)\n"))
	want := `x.lin:1:1: not LIN: the file starts "Fetch failed (2)", not code|value| pairs (a saved server message?)`
	if err == nil || err.Error() != want {
		t.Fatalf("got %v\nwant %s", err, want)
	}
}

// TestLINGolden converts each sample to the other formats and compares
// with testdata/golden (go test -update rewrites them); every JSON output
// also reads back to the same bytes.
func TestLINGolden(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("../../samples/*")
	for _, f := range files {
		ext := filepath.Ext(f)
		var targets []string
		switch ext {
		case ".lin":
			targets = []string{"pbn", "json", "lin"}
		case ".pbn":
			targets = []string{"lin"}
		default:
			continue
		}
		for _, to := range targets {
			doc, err := parser.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			switch to {
			case "pbn":
				for _, r := range doc.Records {
					export.PrepareForPBN(r)
				}
				err = export.WritePBN(&out, doc, export.PBNOptions{UTF8: true})
			case "json":
				err = export.WriteJSON(&out, doc)
			case "lin":
				err = export.WriteLIN(&out, doc)
			}
			if err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", "golden", filepath.Base(f)+"."+to)
			if *update {
				os.MkdirAll(filepath.Dir(golden), 0o755)
				os.WriteFile(golden, out.Bytes(), 0o644)
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if !bytes.Equal(out.Bytes(), want) {
				t.Errorf("%s differs from %s", f, golden)
			}
			if to == "json" {
				doc2, err := parser.ReadAll(golden, bytes.NewReader(out.Bytes()))
				if err != nil {
					t.Fatal(err)
				}
				var again bytes.Buffer
				export.WriteJSON(&again, doc2)
				if !bytes.Equal(again.Bytes(), out.Bytes()) {
					t.Errorf("%s: JSON -> model -> JSON is not byte-identical", f)
				}
			}
		}
	}
}

// TestPBNToLINToPBN: deal, dealer, vulnerability, players, auction with
// alerts and explanations, play, claim and commentary survive PBN -> LIN
// -> PBN.
func TestPBNToLINToPBN(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("../../samples/*.pbn")
	for _, f := range files {
		doc, err := parser.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var lin bytes.Buffer
		if err := export.WriteLIN(&lin, doc); err != nil {
			t.Fatal(err)
		}
		back, err := parser.ReadAll(f+".lin", &lin)
		if err != nil {
			t.Fatal(err)
		}
		if len(back.Records) != len(doc.Records) {
			t.Fatalf("%s: %d records back, want %d", f, len(back.Records), len(doc.Records))
		}
		for i, a := range doc.Records {
			b := back.Records[i]
			export.PrepareForPBN(b)
			if a.Deal != b.Deal || a.Dealer != b.Dealer || a.Vul != b.Vul {
				t.Errorf("%s #%d: deal, dealer or vulnerability changed", f, i+1)
			}
			for _, s := range model.Seats {
				if a.Player(s) != b.Player(s) {
					t.Errorf("%s #%d: %v %q != %q", f, i+1, s, a.Player(s), b.Player(s))
				}
			}
			if (a.Auction == nil) != (b.Auction == nil) {
				t.Errorf("%s #%d: auction lost", f, i+1)
			} else if a.Auction != nil {
				if got, want := callsString(b.Auction), callsString(a.Auction); got != want && !strings.Contains(want, "AP") {
					t.Errorf("%s #%d: calls %q != %q", f, i+1, got, want)
				}
				for k, c := range a.Auction.Calls {
					if k < len(b.Auction.Calls) && c.Alert != b.Auction.Calls[k].Alert {
						t.Errorf("%s #%d call %d: alert %v != %v", f, i+1, k+1, c.Alert, b.Auction.Calls[k].Alert)
					}
				}
			}
			if a.Play != nil && b.Play != nil && !strings.Contains(strings.Join(export.LINLosses(a, false), ";"), "card") {
				if la, lb := played(a.Play), played(b.Play); la != lb {
					t.Errorf("%s #%d: play %q != %q", f, i+1, lb, la)
				}
			}
			// a card's note travels through LIN as commentary after the card
			if ca, cb := commentCount(a)+cardNotes(a), commentCount(b); ca != cb {
				t.Errorf("%s #%d: %d comments, want %d", f, i+1, cb, ca)
			}
		}
	}
}

// cardNotes counts the cards that refer to a note.
func cardNotes(r *model.Record) int {
	n := 0
	if r.Play != nil {
		for _, t := range r.Play.Tricks {
			for _, pc := range t {
				if pc.Note != 0 {
					n++
				}
			}
		}
	}
	return n
}

func played(p *model.Play) string {
	var s []string
	for _, t := range p.Tricks {
		for _, pc := range t {
			if pc.Kind == model.Played {
				s = append(s, pc.Card.String())
			}
		}
	}
	return strings.Join(s, " ")
}

func commentCount(r *model.Record) int {
	n := len(r.Leading)
	for _, t := range r.Tags {
		n += len(t.Comments)
	}
	if a := r.Auction; a != nil {
		n += len(a.Comments)
		for _, c := range a.Calls {
			n += len(c.Comments)
		}
	}
	if p := r.Play; p != nil {
		n += len(p.Comments)
		for _, t := range p.Tricks {
			for _, pc := range t {
				n += len(pc.Comments)
			}
		}
	}
	return n
}

// FuzzLIN: any input reads without a panic, and LIN -> model -> LIN ->
// model -> LIN is stable.
func FuzzLIN(f *testing.F) {
	files, _ := filepath.Glob("../../samples/*.lin")
	for _, p := range files {
		b, _ := os.ReadFile(p)
		f.Add(b)
	}
	f.Add([]byte("pn|a,b|md|1S2,,,|mb|1nppp|pc|s2|mc|x|nt|hi|"))
	f.Add([]byte("qx|pg||st||md|||sv|z|"))
	// the pause due after a vugraph board's pn: absent, doubled, valued
	f.Add([]byte("vg|E,S,I,1,2,H,0,V,0|rs|,|pn|a,b,c,d|qx|o1|md|1S2,,,|pn|e,f|pg||pg||qx|c1|pn|g|pg|x|nt|y|qx|o2|"))
	f.Fuzz(func(t *testing.T, src []byte) {
		doc, err := parser.ReadAll("f.lin", bytes.NewReader(src), parser.Workers(1))
		if err != nil {
			return
		}
		readtest.NoInternalError(t, doc)
		if doc.Header.Format != model.LIN {
			// told from the content as PBN or JSON: FuzzPBN's ground
			return
		}
		w1, w2, diffs, err := linRoundTrip("f.lin", src)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(w1, w2) || len(diffs) > 0 {
			t.Fatalf("not stable: %q\n%q\n%q", diffs, w1, w2)
		}
	})
}
