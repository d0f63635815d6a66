package export_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"handrec/export"
	"handrec/model"
	"handrec/parser"
)

// A record read from LIN goes to PBN by the PBN writer alone: the
// explanation becomes a note, the claim the Result, pauses leave no empty
// comments, and nothing is counted as dropped that PBN can carry.
func TestPBNWriterReadiesLINRecords(t *testing.T) {
	t.Parallel()
	doc, err := parser.ReadFile("../samples/bbo_single.lin")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	pw := export.NewPBNWriter(&out, export.PBNOptions{UTF8: true})
	for _, r := range doc.Records {
		if err := pw.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := pw.Close(); err != nil {
		t.Fatal(err)
	}
	pbn := out.String()
	for _, want := range []string{
		"4H =1=",
		"[Note \"1:Namyats? No: a sound preempt, 7+ \\H\"]", // PBN's suit escape
		"[Result \"9\"]",
		"{Ann: tough one}",
	} {
		if !strings.Contains(pbn, want) {
			t.Errorf("PBN lacks %q:\n%s", want, pbn)
		}
	}
	if strings.Contains(pbn, "{}") {
		t.Errorf("an empty comment was written:\n%s", pbn)
	}
	// this board pauses only where LIN's rule puts pauses, and its explained
	// call was alerted: PBN carries all of it
	if d := pw.Dropped(); len(d) != 0 {
		t.Errorf("dropped %v, want nothing", d.List())
	}
}

// A LIN claim in a game with no contract (no auction's end, no rs) gives
// no Result, which would be tricks without a declarer to win them: PBN
// carries it in handrec's Claim tag, and it reads back as the claim
// alone, with no problem the LIN had not.
func TestLINClaimWithoutContract(t *testing.T) {
	t.Parallel()
	lin := "pn|Ann,Bob,Cleo,Dan|st||md|3S478JH389QADC46TK,SKAHD4568JKC239QA,S56TQH2467KD7TACJ,|ah|Board 1|sv|o|" +
		"mb|p|mb|p|mb|p|mb|4H|mb|d|pg||pc|S6|pc|S2|pc|SJ|pc|SA|pg||mc|9|pg||\n"
	doc, err := parser.ReadAll("t.lin", strings.NewReader(lin))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	pw := export.NewPBNWriter(&out, export.PBNOptions{UTF8: true})
	if err := pw.Write(doc.Records[0]); err != nil {
		t.Fatal(err)
	}
	pw.Close()
	pbn := out.String()
	for _, want := range []string{"[Declarer \"?\"]\r\n[Contract \"?\"]\r\n[Result \"?\"]\r\n", "[Claim \"9\"]\r\n"} {
		if !strings.Contains(pbn, want) {
			t.Errorf("PBN lacks %q:\n%s", want, pbn)
		}
	}
	back, err := parser.ReadAll("t.pbn", strings.NewReader(pbn))
	if err != nil {
		t.Fatal(err)
	}
	r := back.Records[0]
	if r.Result.Known() || r.Play.Claim != 9 || len(r.Problems) != 0 {
		t.Errorf("read back: result %+v, claim %d, problems %v", r.Result, r.Play.Claim, r.Problems)
	}
}

// A vugraph match's rs gives a result for every table, boards the file has
// no play for among them; writing LIN keeps them all.
func TestLINKeepsResultsOfAbsentTables(t *testing.T) {
	t.Parallel()
	src := "vg|Match,Segment 1,I,1,2,Home,0,Away,0|\r\nrs|3NS=,4HE-1,2SN+1,1NW=|\r\npn|S,W,N,E,S2,W2,N2,E2|pg||\r\n" +
		"qx|o1|st||md|1SAKQHAKQDAKQCAKQJ,S2345H2345D234C23,S6789H6789D5678C45,|sv|o|mb|3N|mb|p|mb|p|mb|p|pg||mc|9|pg||\r\n"
	doc, err := parser.ReadAll("m.lin", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := export.WriteLIN(&out, doc); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "rs|3NS=,4HE-1,2SN+1,1NW=|") {
		t.Errorf("rs lost the tables without a board:\n%s", out.String())
	}
	doc2, err := parser.ReadAll("m2.lin", bytes.NewReader(out.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if err := export.WriteLIN(&again, doc2); err != nil {
		t.Fatal(err)
	}
	if again.String() != out.String() {
		t.Errorf("LIN -> LIN not stable:\n%s\n%s", out.String(), again.String())
	}
}

// A player's name that pn cannot carry as written is listed as lost; a
// name whose commas are followed by a blank is carried (a reader joins
// it back).
func TestLINLossesNames(t *testing.T) {
	t.Parallel()
	r := model.NewRecord()
	for s, name := range map[model.Seat]string{model.South: "Smith, J.", model.West: "Jones,B", model.North: " Lee", model.East: "Berg"} {
		r.SetFact(model.PlayerFact(s), name)
	}
	got := export.LINLosses(r, false)
	want := []string{
		`player West as written ("Jones,B": pn cannot carry it)`,
		`player North as written (" Lee": pn cannot carry it)`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// LIN's suit escapes go LIN -> PBN -> LIN unchanged: !S (read as ♠) is
// PBN's \S, which reads back as ♠ and is written !S again; a lower-case
// escape is written in upper case, as LIN -> LIN writes it.
func TestLINSuitEscapesThroughPBN(t *testing.T) {
	t.Parallel()
	src := "pn|José,W,N,E|st||md|3S2345H2345D234C23,SJHJD9TJC56789TJQ,SAKQTHAKQTDAKQCAK,|sv|o|mb|1S!|an|5+ !S|mb|p|nt|lead !H, not !d or !C|pg||mb|p|mb|p|pg||\n"
	direct := writeDoc(t, "lin", readDoc(t, "s.lin", []byte(src)))
	pbn := writeDoc(t, "pbn", readDoc(t, "s.lin", []byte(src)))
	back := writeDoc(t, "lin", readDoc(t, "s.pbn", pbn))
	if string(back) != string(direct) {
		t.Errorf("LIN -> PBN -> LIN:\n%s\nwant (LIN -> LIN)\n%s", back, direct)
	}
	for _, want := range []string{"mb|1S!|an|5+ !S|", "nt|lead !H, not !D or !C|"} {
		if !strings.Contains(string(back), want) {
			t.Errorf("LIN -> PBN -> LIN lacks %q:\n%s", want, back)
		}
	}
	if again := writeDoc(t, "pbn", readDoc(t, "s.lin", back)); string(again) != string(pbn) {
		t.Errorf("LIN -> PBN -> LIN -> PBN changes the PBN:\n%s\nwant\n%s", again, pbn)
	}
}

// BBO's PBN exports carry LIN's "!s" into their notes as plain text. PBN ->
// LIN writes it "!S", as LIN -> LIN does, so that PBN -> LIN -> PBN -> LIN
// writes the LIN of the first conversion again (it was "!s" first and
// "!S" after, three corpus files from BBO among them).
func TestPBNNoteWithLINEscapeToLIN(t *testing.T) {
	t.Parallel()
	src := `[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Auction "N"]
1S =1= Pass Pass Pass
[Note "1:+5!s z 17 pc, !h!"]
`
	first := writeDoc(t, "lin", readDoc(t, "s.pbn", []byte(src)))
	if want := "an|+5!S z 17 pc, !H!|"; !strings.Contains(string(first), want) {
		t.Errorf("PBN -> LIN lacks %q:\n%s", want, first)
	}
	pbn := writeDoc(t, "pbn", readDoc(t, "s.lin", first))
	if again := writeDoc(t, "lin", readDoc(t, "s.pbn", pbn)); string(again) != string(first) {
		t.Errorf("PBN -> LIN -> PBN -> LIN:\n%s\nwant\n%s", again, first)
	}
}

// PBN's unknown players ("?", which PBN writes for a game with none) are no
// names in LIN: pn|,,,|, as BBO writes a board without players (readers
// such as endplay split a file into boards at pn, and read none of a file
// without it); after a board with names they are written as read, or the
// earlier names would pass to the board.
func TestLINUnknownPlayers(t *testing.T) {
	t.Parallel()
	deal := `[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
`
	unknown := "[West \"?\"]\n[North \"?\"]\n[East \"?\"]\n[South \"?\"]\n"
	src := "[Board \"1\"]\n" + unknown + deal + "\n[Board \"2\"]\n[West \"Ann\"]\n[North \"?\"]\n" + deal +
		"\n[Board \"3\"]\n" + unknown + deal
	got := strings.Split(string(writeDoc(t, "lin", readDoc(t, "s.pbn", []byte(src)))), "\n")
	want := []string{"pn|,,,|st||md|3", "pn|,Ann,?,|st||md|3", "pn|?,?,?,?|st||md|3", ""}
	if len(got) != len(want) {
		t.Fatalf("got %q, want lines beginning %q", got, want)
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("line %d: %q, want it to begin %q", i+1, got[i], want[i])
		}
	}
}

// A value PBN cannot hold as it is: a line break is written as a space and
// listed, a player's name from LIN too; a control character or a tab is
// written as given, which PBN allows not (2.2), and listed when the record
// was not read from a PBN file, whose reader warned of it already. Read
// back, the warnings are the ones listed.
func TestPBNValueCharsListed(t *testing.T) {
	t.Parallel()
	md := "|st||md|3S2345H2345D234C23,SJHJD9TJC56789TJQ,SAKQTHAKQTDAKQCAK,|sv|o|mb|1N|mb|p|mb|p|mb|p|\n"
	cases := []struct {
		name, file, src string
		drops           []string
		back            []string // the problems read back
	}{
		{"LIN names with a control character and a line break", "x.lin", "pn|S\x02a,W,N\nb,E" + md,
			[]string{"1× control character in tag South (PBN allows none; written as given)", "1× line break in tag North (written as a space)"},
			[]string{"x.pbn:10:9: warning: tag South: control character inside the value (PBN 2.2 allows none)"}},
		{"a LIN name with a tab", "x.lin", "pn|S,W\ta,N,E" + md,
			[]string{"1× tab in tag West (PBN allows none; written as given)"},
			[]string{"x.pbn:7:8: warning: tag West: tab inside the value"}},
		{"a PBN value with a control character", "x.pbn", "[Event \"a\x02b\"]\n[Dealer \"N\"]\n", nil,
			[]string{"x.pbn:3:9: warning: tag Event: control character inside the value (PBN 2.2 allows none)"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := readDoc(t, c.file, []byte(c.src))
			var out bytes.Buffer
			pw := export.NewPBNWriter(&out, export.PBNOptions{})
			if err := export.WriteDocument(pw, doc); err != nil {
				t.Fatal(err)
			}
			if got := pw.Dropped().List(); strings.Join(got, "\n") != strings.Join(c.drops, "\n") {
				t.Errorf("%q: dropped %q, want %q", c.src, got, c.drops)
			}
			var got []string
			for _, r := range readDoc(t, "x.pbn", out.Bytes()).Records {
				for _, p := range r.Problems {
					got = append(got, p.Error())
				}
			}
			if strings.Join(got, "\n") != strings.Join(c.back, "\n") {
				t.Errorf("%q: read back\n%s\nwant\n%s", c.src, strings.Join(got, "\n"), strings.Join(c.back, "\n"))
			}
		})
	}
}

// A LIN board that gives no dealer (md|| or an md without its digit) with
// calls has for its dealer the seat that called first, the board number's,
// which PBN states beside the Auction tag that names it (export format
// starts the auction with the dealer). Its LIN layout keeps that the board
// gave none: LIN -> LIN writes md without a digit as read, and what PBN
// cannot say is listed (model.Lossy).
func TestLINNoDealer(t *testing.T) {
	t.Parallel()
	hands := "S5432H5432D432C32,SJHJDJT9CQJT98765,SAKQTHAKQTDAKQCAK,"
	for _, c := range []struct {
		name, lin, dealerDeal string
	}{
		{"md||", "pn|S,W,N,E|st||md||rh||ah|Board 10|mb|p|mb|1S|mb|p|mb|p|mb|p|pg||\n",
			"[Dealer \"E\"]\r\n[Vulnerable \"?\"]\r\n[Deal \"\"]\r\n"},
		{"md without its digit", "pn|S,W,N,E|st||md|" + hands + "|rh||ah|Board 10|mb|p|mb|1S|mb|p|mb|p|mb|p|pg||\n",
			"[Dealer \"E\"]\r\n[Vulnerable \"?\"]\r\n[Deal \"E:9876.9876.8765.4 5432.5432.432.32 J.J.JT9.QJT98765 AKQT.AKQT.AKQ.AK\"]\r\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc := readDoc(t, "d.lin", []byte(c.lin))
			r := doc.Records[0]
			if r.Dealer != model.East || r.Auction.First != model.East {
				t.Errorf("dealer %v, auction from %v; want East for both", r.Dealer, r.Auction.First)
			}
			if got := fmt.Sprint(r.Layout.(model.Lossy).Lost()); got != "[LIN md without a dealer (the dealer who called first is stated)]" {
				t.Errorf("lost %s", got)
			}
			if got := string(writeDoc(t, "lin", doc)); got != c.lin {
				t.Errorf("LIN -> LIN:\n%s\nwant\n%s", got, c.lin)
			}
			pbn := string(writeDoc(t, "pbn", doc))
			if !strings.Contains(pbn, c.dealerDeal+"[Scoring \"?\"]\r\n[Declarer \"S\"]\r\n[Contract \"1S\"]\r\n[Result \"?\"]\r\n[Auction \"E\"]\r\nPass 1S Pass Pass\r\nPass\r\n") {
				t.Errorf("PBN:\n%s", pbn)
			}
			back := readDoc(t, "d.pbn", []byte(pbn)).Records[0]
			if back.Dealer != model.East || len(back.Problems) != 0 {
				t.Errorf("PBN read back: dealer %v, problems %v", back.Dealer, back.Problems)
			}
		})
	}
}
