package diagram_test

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"handrec/model"
	"handrec/parser"
	"handrec/render"
)

// dealFacts is what a diagram carries of a record: compared before and
// after a round trip through the text form.
func dealFacts(r *model.Record) string {
	var b strings.Builder
	players := r.Players
	for s, n := range players {
		if n == model.Seat(s).Name() {
			players[s] = "" // show prints the seat's name for a player not named
		}
	}
	fmt.Fprintf(&b, "board %d dealer %v vul %v deal %s\n", r.Board, r.Dealer, r.Vul, r.Deal.PBN(model.North))
	fmt.Fprintf(&b, "contract %v declarer %v tricks %d players %q\n", r.Contract, r.Declarer, r.Result.Tricks, players)
	if a := r.Auction; a != nil {
		fmt.Fprintf(&b, "auction")
		skip := true
		for _, c := range a.Calls {
			if skip && c.Kind == model.NotYet {
				continue // show leaves "-" before the first call blank
			}
			skip = false
			fmt.Fprintf(&b, " %v%v", c, c.NAGs)
		}
		b.WriteByte('\n')
	}
	if p := r.Play; p != nil {
		fmt.Fprintf(&b, "play %v claim %d:", p.First, p.Claim)
		for _, t := range p.Tricks {
			b.WriteString(" ")
			for _, c := range t {
				b.WriteString(c.String())
			}
		}
		b.WriteByte('\n')
	}
	if dd, ok := r.RecordedDD(); ok {
		fmt.Fprintf(&b, "dd %v\n", dd.Tricks)
	}
	return b.String()
}

// roundTrip reads the text form of the records of path back, and checks
// that each record carries the same facts and prints the same text.
func roundTrip(t *testing.T, path string, opt render.TextOptions) int {
	t.Helper()
	doc, err := parser.ReadFile(path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var text bytes.Buffer
	if err := render.WriteText(&text, doc.Records, opt); err != nil {
		t.Fatal(err)
	}
	back, err := parser.ReadAll("back.txt", bytes.NewReader(text.Bytes()))
	if err != nil {
		t.Fatalf("%s: reading its text: %v\n%s", path, err, text.String())
	}
	if len(back.Records) != len(doc.Records) {
		t.Fatalf("%s: %d records, read back %d", path, len(doc.Records), len(back.Records))
	}
	for i, r := range doc.Records {
		if want, got := dealFacts(r), dealFacts(back.Records[i]); want != got {
			t.Errorf("%s record %d:\nwant %s\ngot  %s", path, i+1, want, got)
		}
	}
	var again bytes.Buffer
	if err := render.WriteText(&again, back.Records, opt); err != nil {
		t.Fatal(err)
	}
	if again.String() != text.String() {
		t.Errorf("%s: show -> read -> show differs:\n%s\n---\n%s", path, text.String(), again.String())
	}
	return len(doc.Records)
}

// TestDiagramRoundTripSamples: show -> read -> show on every sample is
// byte-identical, and the record read back carries the same facts.
func TestDiagramRoundTripSamples(t *testing.T) {
	files, _ := filepath.Glob("../../samples/*")
	n := 0
	for _, f := range files {
		n += roundTrip(t, f, render.TextOptions{})
		roundTrip(t, f, render.TextOptions{Keys: true})
		roundTrip(t, f, render.TextOptions{Style: render.Style{ASCII: true, TenAsT: true}})
	}
	if n != 64 {
		t.Errorf("%d sample records, want 64", n)
	}
}

// TestDiagramRoundTripGenerated: the same on 200 generated deals with
// auction and full play (gen_deals.py --boards 200 --seed 27 --play).
func TestDiagramRoundTripGenerated(t *testing.T) {
	if n := roundTrip(t, "testdata/gen200.pbn", render.TextOptions{}); n != 200 {
		t.Errorf("%d records, want 200", n)
	}
	roundTrip(t, "testdata/gen200.pbn", render.TextOptions{Style: render.Style{BookSeats: true}})
}

// TestDiagramKeysRoundTrip: convert --to txt keeps the heading's facts
// and tags (event, site, date, scoring, acceptor) that show's one line
// cannot keep apart.
func TestDiagramKeysRoundTrip(t *testing.T) {
	doc, err := parser.ReadFile("../../samples/pirate1916_rubber.pbn")
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	render.WriteText(&text, doc.Records, render.TextOptions{Keys: true})
	back, err := parser.ReadAll("back.txt", bytes.NewReader(text.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range doc.Records {
		b := back.Records[i]
		acc, _ := r.Tag("Acceptor")
		acc2, _ := b.Tag("Acceptor")
		if *r.Event != *b.Event || acc != acc2 {
			t.Errorf("record %d: event %+v acceptor %q, read back %+v %q", i+1, *r.Event, acc, *b.Event, acc2)
		}
	}
}

// TestOneHandByTheBox: a deal of one hand known, as show prints it beside
// or above or below the compass box, reads back to that hand at that
// seat, and prints the same. Before, the hand alone was "not standing as
// a diagram's" and dropped, so that show -> read -> show lost it
// (FuzzDiagram: a book's hand a line, "C♠♣ 2", is such a deal).
func TestOneHandByTheBox(t *testing.T) {
	t.Parallel()
	for _, v := range []string{"N:AKQJ.T98.765.432 - - -", "E:AKQJ.T98.765.432 - - -", "S:AKQJ.T98.765.432 - - -", "W:AKQJ.T98.765.432 - - -"} {
		t.Run(v[:1], func(t *testing.T) {
			t.Parallel()
			r := model.NewRecord()
			r.Board = 1
			d, errs := model.ParseDeal(v)
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			r.Deal = d
			text := render.Text(r, render.TextOptions{})
			back, err := parser.ReadAll("back.txt", strings.NewReader(text))
			if err != nil || len(back.Records) != 1 {
				t.Fatalf("%v, %d records:\n%s", err, len(back.Records), text)
			}
			// the one error is the deal's, which gives one hand of four
			// (the seats' names with no hand are warned of as not read)
			b := back.Records[0]
			var errs2 []string
			for _, p := range b.Problems {
				if p.Severity != model.SevWarning {
					errs2 = append(errs2, p.Message)
				}
			}
			want := []string{"the diagram gives 1 hands: expected four, or three and the fourth is the rest of the pack"}
			if b.Deal != d || !slices.Equal(errs2, want) || render.Text(b, render.TextOptions{}) != text {
				t.Errorf("read back %s, errors %q:\n%s", b.Deal.PBN(model.North), errs2, text)
			}
		})
	}
}

// TestDiagramRoundTripColumnForms: a deal read from a newspaper column's
// forms (gutters collapsed, an auction with bars, a lead in words) prints
// as show's text that reads back to the same facts and the same text.
func TestDiagramRoundTripColumnForms(t *testing.T) {
	if n := roundTrip(t, "testdata/column_forms.txt", render.TextOptions{}); n != 1 {
		t.Errorf("%d records, want 1", n)
	}
	roundTrip(t, "testdata/column_forms.txt", render.TextOptions{Keys: true})
	doc, err := parser.ReadFile("testdata/column_forms.txt")
	if err != nil {
		t.Fatal(err)
	}
	r := doc.Records[0]
	want := "board 6 dealer S vul None deal N:Q9.K75.AT632.J84 KJ3.AJT93.Q84.A3 752.864.J75.QT92 AT864.Q2.K9.K765\n" +
		"contract 4S declarer W tricks 10 players [\"\" \"\" \"\" \"\"]\nauction Pass[] 1S[] Pass[] 2H[] Pass[] 4S[] AP[]\nplay N claim -1: CJ---\n"
	if got := dealFacts(r); got != want || len(r.Problems) != 0 {
		t.Errorf("got %s%v\nwant %s", got, r.Problems, want)
	}
}
