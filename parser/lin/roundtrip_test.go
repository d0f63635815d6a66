package lin_test

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"handrec/export"
	"handrec/layout"
	"handrec/model"
	"handrec/parser"
)

// linRoundTrip reads LIN, writes it, reads that and writes it again: the two
// writes must be byte-identical and the two models equal.
func linRoundTrip(name string, src []byte) (first, second []byte, diffs []string, err error) {
	doc1, err := parser.ReadAll(name, bytes.NewReader(src))
	if err != nil {
		return nil, nil, nil, err
	}
	var w1 bytes.Buffer
	if err := export.WriteLIN(&w1, doc1); err != nil {
		return nil, nil, nil, err
	}
	doc2, err := parser.ReadAll(name, bytes.NewReader(w1.Bytes()))
	if err != nil {
		return w1.Bytes(), nil, nil, err
	}
	var w2 bytes.Buffer
	if err := export.WriteLIN(&w2, doc2); err != nil {
		return nil, nil, nil, err
	}
	diffs = docDiff(doc1, doc2)
	return w1.Bytes(), w2.Bytes(), diffs, nil
}

func docDiff(a, b *model.Document) []string {
	if len(a.Records) != len(b.Records) {
		return []string{"records: " + strconv.Itoa(len(a.Records)) + " != " + strconv.Itoa(len(b.Records))}
	}
	var out []string
	for i := range a.Records {
		for _, d := range model.Diff(a.Records[i], b.Records[i]) {
			out = append(out, "record "+strconv.Itoa(i+1)+": "+d)
		}
		if d := matchDiff(a.Records[i], b.Records[i]); d != "" {
			out = append(out, "record "+strconv.Itoa(i+1)+": "+d)
		}
	}
	if len(a.Trailer.Comments) != len(b.Trailer.Comments) {
		out = append(out, "trailer differs")
	}
	return out
}

// matchDiff compares what model.Diff leaves out: the room, the match and
// the LIN layout.
func matchDiff(a, b *model.Record) string {
	switch {
	case a.Room != b.Room:
		return "room " + a.Room.String() + " != " + b.Room.String()
	case !sameTeams(a.Match, b.Match):
		return "match differs"
	}
	la, lb := layoutJSON(a), layoutJSON(b)
	if !bytes.Equal(la, lb) {
		return "layout " + string(la) + " != " + string(lb)
	}
	return ""
}

// layoutJSON is r's layout in JSON, without the positions of its comments
// (the positions of a file written again differ).
func layoutJSON(r *model.Record) []byte {
	l, ok := r.Layout.(*layout.LIN)
	if !ok {
		b, _ := model.MarshalLayout(r.Layout)
		return b
	}
	cp := *l
	cp.Heads = slices.Clone(l.Heads)
	for i := range cp.Heads {
		cs := slices.Clone(cp.Heads[i].Comments)
		for k := range cs {
			cs[k].Pos = model.Pos{}
		}
		cp.Heads[i].Comments = cs
	}
	b, _ := model.MarshalLayout(&cp)
	return b
}

// TestLINCorpusRoundTrip: every corpus LIN file goes LIN -> model -> LIN
// -> model -> LIN with equal models and the two writes byte-identical.
func TestLINCorpusRoundTrip(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..", "..", "shared", "corpus", "lin")
	if _, err := os.Stat(root); err != nil {
		t.Skip("no corpus at", root)
	}
	n, bad := 0, 0
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".lin") {
			return nil
		}
		src, _ := os.ReadFile(p)
		n++
		w1, w2, diffs, err := linRoundTrip(p, src)
		if err != nil {
			if strings.Contains(err.Error(), "not LIN") {
				return nil
			}
			bad++
			t.Errorf("%s: %v", p, err)
			return nil
		}
		if !bytes.Equal(w1, w2) || len(diffs) > 0 {
			bad++
			if bad <= 10 {
				t.Errorf("%s: LIN -> LIN not stable: %d diffs %q\nfirst:  %.300q\nsecond: %.300q", p, len(diffs), first(diffs, 5), firstDiff(w1, w2), firstDiff(w2, w1))
			}
		}
		return nil
	})
	t.Logf("%d files, %d not stable", n, bad)
}

func first(s []string, n int) []string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

func firstDiff(a, b []byte) []byte {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	if i > 40 {
		i -= 40
	} else {
		i = 0
	}
	return a[i:]
}

// A claim is written where it was made, also before cards that follow it
// or in mid-play; the first mc is the claim and a second one is kept as
// written after it. (FuzzLIN found the cases where LIN, model, LIN, model
// was not stable.)
func TestLINClaimPlaces(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"pc|C2|mc|3|pc|C3|", "st||pc|C2|mc|3|pc|C3|\n"},
		{"mc|5|pc|C2|mc|3|pc|C3|", "st||mc|5|pc|C2|mc|3|pc|C3|\n"},
		{"mC|0|pC|C2|mC|0", "st||mc|0|pc|C2|mC|0|\n"},
		{"mc|5|nt|x|pc|C2|", "st||mc|5|nt|x|pc|C2|\n"},
		{"mc|5|mc|4|pc|C2|", "st||mc|5|mc|4|pc|C2|\n"},
		{"pc|C2|mc|3|pc|C3|mc|4|", "st||pc|C2|mc|3|pc|C3|mc|4|\n"},
		{"pc|C2|pc|C3|mc|3|pg||", "st||pc|C2|pc|C3|mc|3|pg||\n"},
		{"pc|C2|mc|3|nt|hi|", "st||pc|C2|mc|3|nt|hi|\n"},
		{"pc|C2|mc|3|pg||nt|hi|pg||", "st||pc|C2|mc|3|pg||nt|hi|pg||\n"},
	} {
		t.Run(c.in, func(t *testing.T) { checkLINWrite(t, c.in, c.want) })
	}
}

// checkLINWrite checks that in is written as want, and want read back
// gives the same model and is written as want again.
func checkLINWrite(t *testing.T, in, want string) {
	t.Helper()
	w1, w2, diffs, err := linRoundTrip("f.lin", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if string(w1) != want || string(w2) != want || len(diffs) > 0 {
		t.Errorf("%q: wrote %q then %q, want %q; models differ: %q", in, w1, w2, want, diffs)
	}
}

// Odd inputs FuzzLIN found, each written once and then read back the same:
// a first command kept as written under an odd code (st|| goes first, or
// the file would not read as LIN), a second header command in a board
// (kept after the first, where the writer puts it), and rs in a file of
// single boards.
func TestLINOddInputsStable(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		// a bad card is no board: the text is kept as the file's trailer
		{"st||0000||pC|0", "st||0000||pC|0|\r\n"},
		// st and rh hold nothing: an empty one is not kept, the text
		// after the last board opens with st, and a pause due before
		// them is due after them
		{"rh||mb|x|rh|", "st||mb|d|\n"},
		{"st||mb|p|st||zz|v|", "st||mb|p|\nst||zz|v|\r\n"},
		{"nt|a b|\nSt||pg||qx||", "nt|a b|pg||\r\nqx||st||\r\n"},
		// a claim, and a second one, are the play's, whatever came
		// between the last card and them
		{"pc|h3|\nmb|d|mc|0|", "st||mb|d|pc|H3|mc|0|\n"},
		{"mb|1N|mc|7|md||mc|7|", "st||md||mb|1N|mc|7|mc|7|\n"},
		// a match's pn goes before the first board with players: a board
		// before it has none
		{"vg||mb|x|mb|1c|Pn||qx||", "vg||\r\nst||mb|d|mb|1C|\r\npn|,,,,,,,|qx||st||\r\n"},
		// a pause that came after an rs kept with the board's leading
		// commands is the pause due there
		{"nt|a b|rs|1C|Pg||pc|CQ", "nt|a b|pg||rs|1C|st||pc|CQ|\n"},
		// a match's board read from LIN whose play stops short without
		// mc gets none from its rs result, layout or no layout (its room
		// says it was read from LIN)
		{"rs|,,,1CW+1|qX|C2|pC|C2", "rs|,,,1CW+1|\r\n\r\nqx|c2|st||pc|c2|\r\n"},
		// a later segment's first board's leading commands go before the
		// segment's header, after st
		{"pn|a,b|pc|dk|Rs|1C|pc|0|qx|x|", "pn|a,b,,|st||pc|DK|\nst||pc|0|rs|1C|\r\npn|a,b,,,a,b,,|pg||\r\nqx|x|st||\r\n"},
		// an rs read after boards of the same vg holds from the board it
		// is read with: the writer starts a segment there, without vg
		{"zz||qx|o2|pc|CQ|qx|c1|rs|x,,y,", "zz||\r\nqx|o2|st||pc|cQ|\r\nrs|x,,y,|\r\n\r\nqx|c1|st||\r\n"},
		{"Mb|ppp|Vg||mb|d|rs|1C|an|!S ok|mb|P|nt|", "st||mb|p|mb|p|mb|p|\nvg||\r\nst||mb|d|\r\nrs|1C|an|!S ok|\r\n\r\nst||mb|p|nt||\r\n"},
		{"vg||mc|13|rs|,|mb|ppp", "vg||\r\nst||mc|13|\r\nrs||\r\n\r\nst||mb|p|mb|p|mb|p|\r\n"},
		// the players of an rs's first board, when they change there
		{"pn||mc|14|mb||qx|c12|\nmb|r|qx|O3|pn|a,,c|\nrs|PASS|pc|0|\n", "pn|,,,,,,,|mc|14|\r\nqx|c12|st||mb||mb|r|\r\nst||pc|0|rs|PASS|\r\n\r\npn|a,,c,,,,,|qx|o3|st||\r\n"},
		// the same vg read again, with a comment: written again
		{"pc|ca|\nVg|E|st|x|mb|2H|vg|E|nt||\npc|ca|st|x\n", "st||pc|CA|\nvg|E|\r\nst||mb|2H|\r\nvg|E|nt||st||pc|cA|\r\n"},
		// a single board's rs ends before a match that follows
		{"mb|1N|rs|4SN=,3NS-1|md|4,,,|\nqx|x|rs|,|ah|x", "st||mb|1N|\nrs|4SN=,3NS-1|st||md|4|\nrs||\r\n\r\nqx|x|st||rh||ah|x|\r\n"},
		// an rs that gives results is ended by the next segment's
		{"Nt|a b|\r\nqx|c12|pc|CQ|rs|4SN=,3NS-1|md|1S2,,,|pw|a,b|qx||rs||\nrh||vg|", "nt|a b|\r\nqx|c12|st||pc|cQ|\r\nrs|4SN=,3NS-1|\r\n\r\nst||md|1S2HDC,,,|pw|a,b|\r\nvg||rs||\r\n\r\nqx||st||\r\n"},
		// two boards of one table give their result to rs only when they
		// agree
		{"qX|C2|mB|0|qX|C2|mB|1Cppp|mC|0", "\r\nqx|c2|st||mb|0|\r\nqx|c2|st||mb|1C|mb|p|mb|p|mb|p|mc|0|\r\n"},
		{"zz||pc|SA|rs|,|qx|c12|\r\nmb|1nppp|\r\nmb|p|mc|0|qx|c12", "zz||st||pc|SA|\n\r\nqx|c12|st||mb|1N|mb|p|mb|p|mb|p|mb|p|mc|0|\r\nqx|c12|st||\r\n"},
		// the same vg read again is written again in its segment (an rs
		// after it would read as one read after boards of the vg)
		{"vg|E,S,I,1,2,H,0,V,0|Vg|E|pc|h3|vg|E|zz|v|\r\nmb|7N|\r\nqx|c12|", "vg|E|rs|,,,,,,,,,,,,,,,,,,,,,,,|\r\n\r\nst||pc|h3|\r\nvg|E|zz|v|st||mb|7N|\r\nqx|c12|st||\r\n"},
		// a pause due that comes after a second rs is the one due
		{"rs|x,,y,|\r\npn|x,y,z,w,a,b,c,d,e|\r\nqx||nt||rs|1C|pg||md||pc|h3|st||rh||\r\n", "rs|1C|\r\npn|x,y,z,w,x,y,z,w|\r\nqx||nt||pg||\r\nst||md||pc|h3|\r\n"},
		// a later board's leading commands go before its pn
		{"qx|x|\r\nst|x|mb|7N|\r\nAn|hi|st||pw|a,b|pn|a,b,c,d|pc|dk|vg|", "\r\nqx|x|st||mb|7N|an|hi|\r\nst||pw|a,b|pn|a,b,c,d,a,b,c,d|st||pc|dK|\r\nst||vg||\r\n"},
		// a name opens with no blank: a field that does is the rest of a
		// name with a comma in it
		{"pn|,,, , 000|00|0|qX|", "pn|,,, ,000,,,, ,000|00|0|\r\nqx||st||\r\n"},
		// a vugraph board without qx says its number in ah
		{"Vg||\nMb|r|ah|Board 1", "vg||rs|,|\r\n\r\nst||rh||ah|Board 1|mb|r|\r\n"},
		// a bad card does not part the text before the first qx from the
		// qx's board (an empty mb neither)
		{"vg||pC|0|mB||qX|C1", "vg||pC|0|rs|,|\r\n\r\nqx|c1|st||mb||\r\n"},
		{"qX||mC|A", "\r\nqx||mC|A|st||\r\n"},
		// a second rs in one board: the board takes it (a warning names
		// the first, which holds for no board)
		{"rs||rs||mB|0", "st||mb|0|\n"},
		{"rs|4SN=|qx|o1|rs|3NS=|mb|p|", "rs|3NS=,|\r\n\r\nqx|o1|st||mb|p|\r\n"},
		{"sv||md||sv|", "st||md||sv||sv||\n"},
		{"sv|n|md||sv|e|nt|hi|", "st||md||nt|hi|sv|n|sv|e|\n"},
		// rs in a file of single boards: kept (on the last board that
		// shares it, as a vugraph file's), and an empty rs ends it
		{"rs|0|mB|0", "rs|0|st||mb|0|\n"},
		{"rs||0||mB|1Cppp|mC|0", "0||st||mb|1C|mb|p|mb|p|mb|p|mc|0|\n"},
		// four hands that share cards: the fourth is written, it is not
		// the cards left
		{"md|1S2879H8729AQC278,S2789A034TJC2789,C2789AH2879D7289,C2789A50QD2789AT",
			"st||md|1S9872HAQ9872DC872,SAJT987432HDC9872,SH9872D9872CA9872,SHDAT9872CAQ98752|\n"},
		// a later board's own leading commands: after st, which opens it
		{"pn||st||md||st||0||mB|0", "pn|,,,|st||md||\nst||0||pn|,,,|mb|0|\n"},
		// a second ah before calls and cards is kept after the first
		// (the writer puts it after md, where it must not begin a board)
		{"ah|x|\nah||md|3|\r\nmd||ah|Board 1", "st||md|3|rh||ah|x|ah||\nst||md||rh||ah|Board 1|\n"},
		// single boards, then a match: the match's header follows them
		{"pn|a,b,c,d|md|1S2,,,|\nvg|E,S,I,1,2,H,0,V,0|qx|o1|md|1S3,,,|\n",
			"pn|a,b,c,d|st||md|1S2HDC,,,|\nvg|E,S,I,1,2,H,0,V,0|\r\nrs|,,,|\r\npn|a,b,c,d,a,b,c,d|pg||\r\nqx|o1|st||md|1S3HDC,,,|\r\n"},
		{"0||mB|000000000000000000000000000|vg||mB|0", "0||st||mb|000000000000000000000000000|\nvg||\r\nst||mb|0|\r\n"},
		// an rs shorter than the boards: kept as it was read
		{"rs|0|qX|C1|mB|1Cppp|mC|0", "rs|0|\r\n\r\nqx|c1|st||mb|1C|mb|p|mb|p|mb|p|mc|0|\r\n"},
		{"rs|,0,|qX|o1|mB|pppp", "rs|,0,|\r\n\r\nqx|o1|st||mb|p|mb|p|mb|p|mb|p|\r\n"},
		// rs counts from board 1 when vg does not say the first board
		{"vg||qX|C2|mB|1Cppp|mC|0", "vg||rs|,,,1CE-7|\r\n\r\nqx|c2|st||mb|1C|mb|p|mb|p|mb|p|mc|0|\r\n"},
		{"vg|a,b,I,x,3,c,0,d,0|qx|o2|mb|1Cppp|mc|0", "vg|a,b,I,x,3,c,0,d,0|\r\nrs|,,1CE-7,,,|\r\n\r\nqx|o2|st||mb|1C|mb|p|mb|p|mb|p|mc|0|\r\n"},
		{"rs|4SN=,|pn|a,b,c,d|st||md|1S2,,,|mb|p|\npn|a,b,c,d|st||md|1S3,,,|mb|p|\n",
			"pn|a,b,c,d|st||md|1S2HDC,,,|mb|p|\nrs|4SN=,|pn|a,b,c,d|st||md|1S3HDC,,,|mb|p|\n"},
		{"rs|4SN=,|md|1S2,,,|\nrs||md|1S3,,,|\nmd|1S4,,,|\n", "rs|4SN=,|st||md|1S2HDC,,,|\nrs||st||md|1S3HDC,,,|\nst||md|1S4HDC,,,|\n"},
	} {
		t.Run(c.in, func(t *testing.T) { checkLINWrite(t, c.in, c.want) })
	}
}

// vg, pn and rs of a Latin-1 file are decoded like the rest of it (they
// were kept as raw bytes, and came out as invalid UTF-8). FuzzLIN found it.
func TestLINLatin1Header(t *testing.T) {
	t.Parallel()
	src := []byte("vg|Z\xfcrich,R1,I,1,1,H\xf6f,0,B,0|rs|3NS=\xb9,|pn|J\xf6rg,b,c,d,e,f,g,h|qx|o1|md|1S2,,,|mb|p|\n")
	doc, err := parser.ReadAll("f.lin", bytes.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	r := doc.Records[0]
	for f, want := range map[model.Fact]string{model.FactEvent: "Zürich", model.FactSouth: "Jörg"} {
		if got, _ := r.FactValue(f); got != want {
			t.Errorf("%s = %q, want %q", f, got, want)
		}
	}
	if l, _ := r.Layout.(*layout.LIN); l == nil || !reflect.DeepEqual(l.Heads, []layout.Head{{Name: layout.HeadRs, Value: "3NS=¹"}}) {
		t.Errorf("layout %+v, want the rs entry as written", l)
	}
	if m := r.Match; m == nil || m.Home.Name != "Höf" || m.First != 1 || m.Last != 1 {
		t.Errorf("match %+v", m)
	}
	if _, _, diffs, err := linRoundTrip("f.lin", src); err != nil || len(diffs) > 0 {
		t.Errorf("round trip: %v %q", err, diffs)
	}
}

// A second rs in one board replaces the first, and says so.
func TestLINSecondRsInOneBoard(t *testing.T) {
	t.Parallel()
	doc, err := parser.ReadAll("f.lin", strings.NewReader("rs|4SN=|qx|o1|rs|3NS=|mb|p|"))
	if err != nil {
		t.Fatal(err)
	}
	r := doc.Records[0]
	var msgs []string
	for _, p := range r.Problems {
		msgs = append(msgs, p.Error())
	}
	want := []string{`f.lin:1:15: warning: lin: second rs in one board; it replaces "4SN=", which holds for no board`,
		"f.lin:1:26: warning: auction: no dealer; North deals board 1"}
	if strings.Join(msgs, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems %q, want %q", msgs, want)
	}
	if c := r.Contract.String(); c != "3NT" {
		t.Errorf("contract %q, want 3NT from the second rs", c)
	}
}

// The pause after a vugraph board's pn is due (BBO writes the header
// pn|...|pg||, and readers take the header to end there): read, it leaves
// no layout; a pn without it keeps a no-pause mark and is written back
// without it, byte for byte; a pause with a value, or a second one, is
// kept as written. A single board's pn has no pause due.
func TestLINPnPause(t *testing.T) {
	t.Parallel()
	const hdr = "vg|E,S,I,1,1,H,0,V,0|\r\nrs|,|\r\n"
	const board = "qx|o1|st||md|1S2,,,|\r\n"
	for _, c := range []struct {
		name  string
		in    string
		marks string // the first record's layout marks
	}{
		{"the pause due", hdr + "pn|a,b,c,d,a,b,c,d|pg||\r\n" + board, ""},
		{"no pause", hdr + "pn|a,b,c,d,a,b,c,d|\r\n" + board, "tag West 0 no-pause"},
		{"a pause with a value", hdr + "pn|a,b,c,d,a,b,c,d|pg|x|\r\n" + board, "tag West 0 no-pause; tag West 1 pause"},
		{"two pauses", hdr + "pn|a,b,c,d,a,b,c,d|pg||pg||\r\n" + board, "tag West 0 pause; tag West 1 pause"},
		{"the pause due, commentary and a pause", hdr + "pn|a,b,c,d,a,b,c,d|pg||nt|hi|pg||\r\n" + board, ""},
		{"commentary, then a pause", hdr + "pn|a,b,c,d,a,b,c,d|nt|hi|pg||\r\n" + board, "tag West 0 no-pause"},
		{"a single board's pn", "pn|a,b,c,d|st||md|1S2,,,|\n", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			want := strings.ReplaceAll(c.in, "md|1S2,,,|", "md|1S2HDC,,,|")
			checkLINWrite(t, c.in, want)
			doc, err := parser.ReadAll("f.lin", strings.NewReader(c.in))
			if err != nil {
				t.Fatal(err)
			}
			var marks []string
			if l, ok := doc.Records[0].Layout.(*layout.LIN); ok {
				for _, m := range l.Marks {
					marks = append(marks, fmt.Sprint(m.At, " ", m.Name, " ", m.N, " ", m.Kind))
				}
			}
			if got := strings.Join(marks, "; "); got != c.marks {
				t.Errorf("%q: marks %q, want %q", c.in, got, c.marks)
			}
		})
	}
}

// A layout stored before the pause after a vugraph pn was due has a pause
// mark there: written, it gives one pause, not two.
func TestLINPnPauseStoredLayout(t *testing.T) {
	t.Parallel()
	in := "vg|E,S,I,1,1,H,0,V,0|\r\nrs|,|\r\npn|a,b,c,d,a,b,c,d|pg||\r\nqx|o1|st||md|1S2HDC,,,|\r\n"
	doc, err := parser.ReadAll("f.lin", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	doc.Records[0].Layout = &layout.LIN{Marks: []layout.Mark{{At: layout.AtTag, Name: "West", Kind: layout.Pause}}}
	var out bytes.Buffer
	if err := export.WriteLIN(&out, doc); err != nil {
		t.Fatal(err)
	}
	if out.String() != in {
		t.Errorf("wrote %q, want %q", out.String(), in)
	}
}

// LIN written from PBN: a match's header ends pn|...|pg||, and the LIN
// reader reads that pause as the one due (no layout).
func TestLINPnPauseFromPBN(t *testing.T) {
	t.Parallel()
	const src = "[Board \"1\"]\n[Room \"Open\"]\n[West \"w\"]\n[North \"n\"]\n[East \"e\"]\n[South \"s\"]\n[Dealer \"N\"]\n"
	doc, err := parser.ReadAll("f.pbn", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := export.WriteLIN(&out, doc); err != nil {
		t.Fatal(err)
	}
	want := "pn|s,w,n,e,s,w,n,e|pg||\r\nqx|o1|st||md|3|\r\n"
	if out.String() != want {
		t.Errorf("wrote %q, want %q", out.String(), want)
	}
	back, err := parser.ReadAll("f.lin", strings.NewReader(out.String()))
	if err != nil {
		t.Fatal(err)
	}
	if l := back.Records[0].Layout; l != nil {
		t.Errorf("read back with layout %+v, want none", l)
	}
}

// sameTeams compares two matches but for their Results: a writer writes
// rs from the boards' own results, so a table rs left empty that a board
// of the file gives is listed when read again (the bytes are stable from
// the first writing on; the results rs lists for tables no board covers
// are kept as written, layout.HeadRsAll).
func sameTeams(a, b *model.Match) bool {
	if a == nil || b == nil {
		return a == b
	}
	x, y := *a, *b
	x.Results, y.Results = nil, nil
	return reflect.DeepEqual(x, y)
}
