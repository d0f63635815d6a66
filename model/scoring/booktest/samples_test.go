package booktest

import (
	"path/filepath"
	"testing"

	"handrec/model"
	"handrec/model/scoring"
	"handrec/parser"
)

// readSample reads a file of ../../../samples with the PBN reader.
func readSample(t *testing.T, name string) []*model.Record {
	t.Helper()
	doc, err := parser.ReadFile(filepath.Join("..", "..", "..", "samples", name))
	if err != nil {
		t.Fatalf("read %s: %v", name, err)
	}
	for _, r := range doc.Records {
		for _, p := range r.Problems {
			if p.Severity == model.SevError {
				t.Errorf("%v", p)
			}
		}
	}
	return doc.Records
}

// scoreRubbers scores the records as rubbers under the codes their
// Scoring tags name.
func scoreRubbers(t *testing.T, recs []*model.Record, opt scoring.Options) *scoring.Report {
	t.Helper()
	opt.Rubber = true
	s, err := scoring.NewScorer(opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if ds := s.Add(r); ds.Err != "" {
			t.Fatalf("board %d: %s", r.Board, ds.Err)
		}
	}
	return s.Finish()
}

// line is one deal's items in a compact form: who, line, points, label.
type line struct {
	who    string
	line   scoring.Line
	points int
	label  string
}

func itemsOf(ds *scoring.DealScore) []line {
	var out []line
	for _, it := range ds.Items {
		out = append(out, line{it.Who, it.Line, it.Points, it.Label})
	}
	return out
}

func checkDeals(t *testing.T, rep *scoring.Report, want [][]line) {
	t.Helper()
	if len(rep.Deals) != len(want) {
		t.Fatalf("got %d deals, want %d", len(rep.Deals), len(want))
	}
	for i, w := range want {
		got := itemsOf(rep.Deals[i])
		if len(got) != len(w) {
			t.Errorf("deal %d: got items %v, want %v", i+1, got, w)
			continue
		}
		for j := range w {
			if got[j] != w[j] {
				t.Errorf("deal %d item %d: got %v, want %v", i+1, j+1, got[j], w[j])
			}
		}
	}
}

// dealTotals sums the deals' items by column, without the rubber's bonuses.
func dealTotals(rep *scoring.Report) map[string]int {
	m := map[string]int{}
	for _, d := range rep.Deals {
		for _, it := range d.Items {
			m[it.Who] += it.Points
		}
	}
	return m
}

func checkRubber(t *testing.T, rb *scoring.Rubber, totals map[string]int, winner string, margin int, games map[string]int) {
	t.Helper()
	for k, v := range totals {
		if rb.Totals[k] != v {
			t.Errorf("total %s: got %d, want %d", k, rb.Totals[k], v)
		}
	}
	if rb.Winner != winner || rb.Margin != margin {
		t.Errorf("winner %q by %d, want %q by %d", rb.Winner, rb.Margin, winner, margin)
	}
	for k, v := range games {
		if rb.Games[k] != v {
			t.Errorf("games %s: got %d, want %d", k, rb.Games[k], v)
		}
	}
	if !rb.Finished {
		t.Errorf("rubber not finished")
	}
}

// Hoyle's Games Modernized (1904), "The Score in Actual Practice": laws
// 2-7 and 11; A = South, B = North, C = West, D = East.
func TestHoyle1904Rubber(t *testing.T) {
	rep := scoreRubbers(t, readSample(t, "hoyle1904_rubber.pbn"), scoring.Options{})
	checkDeals(t, rep, [][]line{
		{{"NS", scoring.Below, 18, "3 odd tricks"}, {"NS", scoring.Above, 24, "4 honours"}},
		{{"EW", scoring.Below, 24, "2 odd tricks"}, {"EW", scoring.Above, 30, "3 aces"}},
		{{"NS", scoring.Below, 16, "2 odd tricks"}, {"EW", scoring.Above, 16, "simple honours"}},
		{{"NS", scoring.Below, 4, "1 odd trick"}, {"NS", scoring.Above, 16, "4 honours"}},
		{{"NS", scoring.Below, 24, "2 odd tricks"}, {"EW", scoring.Above, 100, "4 aces in one hand"}},
		{{"NS", scoring.Below, 2, "1 odd trick"}, {"EW", scoring.Above, 8, "4 honours"}},
	})
	for i, want := range []string{"", "", "NS", "", "", "NS"} {
		if got := rep.Deals[i].GameWon; got != want {
			t.Errorf("deal %d: game won by %q, want %q", i+1, got, want)
		}
	}
	if len(rep.Rubbers) != 1 {
		t.Fatalf("got %d rubbers", len(rep.Rubbers))
	}
	// "The total of A and B's score is 104, while that of C and D is 178."
	if m := dealTotals(rep); m["NS"] != 104 || m["EW"] != 178 {
		t.Errorf("before the rubber bonus: %v, want NS 104 EW 178", m)
	}
	rb := rep.Rubbers[0]
	checkRubber(t, rb, map[string]int{"NS": 204, "EW": 178}, "NS", 26, map[string]int{"NS": 2, "EW": 0})
	if len(rb.Bonuses) != 1 || rb.Bonuses[0].Points != 100 || rb.Bonuses[0].Who != "NS" {
		t.Errorf("bonuses: %+v", rb.Bonuses)
	}
	// Settling by dropping the unit: 26 is 3 (the unit 6 is over 5).
	if rb.Settlement["S"] != 3 || rb.Settlement["W"] != -3 || rb.Unit != 10 {
		t.Errorf("settlement %v unit %d", rb.Settlement, rb.Unit)
	}
}

// The Laws of Bridge (1899), scoring block pp. 30-32.
func TestBridge1899Rubber(t *testing.T) {
	rep := scoreRubbers(t, readSample(t, "bridge1899_rubber.pbn"), scoring.Options{})
	checkDeals(t, rep, [][]line{
		{{"NS", scoring.Below, 8, "1 odd trick"}, {"NS", scoring.Above, 16, "simple honours"}},
		{{"EW", scoring.Below, 6, "3 odd tricks"}, {"EW", scoring.Above, 4, "simple honours"}},
		{{"NS", scoring.Below, 30, "5 odd tricks"}, {"NS", scoring.Above, 24, "4 honours"}},
		{{"EW", scoring.Below, 72, "6 odd tricks"}, {"EW", scoring.Above, 100, "4 aces in one hand"}, {"EW", scoring.Above, 20, "little slam"}},
		{{"NS", scoring.Below, 16, "4 odd tricks"}, {"EW", scoring.Above, 8, "simple honours"}},
		{{"EW", scoring.Below, 32, "2 odd tricks doubled"}, {"EW", scoring.Above, 16, "simple honours"}},
	})
	// "C and D's total score by tricks and honours" 258, A and B's 94.
	if m := dealTotals(rep); m["NS"] != 94 || m["EW"] != 258 {
		t.Errorf("before the rubber bonus: %v, want NS 94 EW 258", m)
	}
	rb := rep.Rubbers[0]
	checkRubber(t, rb, map[string]int{"NS": 94, "EW": 358}, "EW", 264, map[string]int{"NS": 1, "EW": 2})
	// "C and D would score 26 points", each player separately.
	want := map[string]int{"N": -26, "S": -26, "E": 26, "W": 26}
	for k, v := range want {
		if rb.Settlement[k] != v {
			t.Errorf("settlement %s: got %d, want %d", k, rb.Settlement[k], v)
		}
	}
}

// A Pirate rubber checked by hand: laws 68-72, 75-76, 79.
func TestPirate1916Rubber(t *testing.T) {
	rep := scoreRubbers(t, readSample(t, "pirate1916_rubber.pbn"), scoring.Options{})
	checkDeals(t, rep, [][]line{
		{{"N", scoring.Below, 36, "4 odd tricks"}, {"N", scoring.Above, 36, "4 honours"}, {"N", scoring.Above, 50, "game"}, {"E", scoring.Above, 122, "credit: the declarer's total (N)"}},
		{{"N", scoring.Above, 50, "1 undertrick"}, {"E", scoring.Above, 50, "1 undertrick"}, {"W", scoring.Above, 30, "3 aces"}, {"S", scoring.Above, 30, "credit: the declarer's total (W)"}},
		{{"S", scoring.Below, 80, "5 odd tricks doubled"}, {"S", scoring.Above, 100, "doubled contract made, 1 over"}, {"W", scoring.Above, 16, "simple honours"}, {"E", scoring.Above, 16, "simple honours"}, {"S", scoring.Above, 50, "game"}, {"N", scoring.Above, 230, "credit: the declarer's total (S)"}},
		{{"E", scoring.Below, 30, "3 odd tricks"}, {"E", scoring.Above, 50, "game"}, {"N", scoring.Above, 80, "credit: the declarer's total (E)"}},
		{{"N", scoring.Below, 36, "6 odd tricks"}, {"N", scoring.Above, 54, "4 honours in one hand, 5th in partner's"}, {"N", scoring.Above, 50, "little slam"}, {"N", scoring.Above, 50, "game"}, {"W", scoring.Above, 190, "credit: the declarer's total (N)"}},
	})
	for i, want := range []string{"N", "", "S", "E", "N"} {
		if got := rep.Deals[i].GameWon; got != want {
			t.Errorf("deal %d: game won by %q, want %q", i+1, got, want)
		}
	}
	rb := rep.Rubbers[0]
	checkRubber(t, rb, map[string]int{"N": 722, "E": 268, "S": 260, "W": 236}, "N", 454, map[string]int{"N": 2, "E": 1, "S": 1, "W": 0})
	want := map[string]int{"N": 13, "E": -3, "S": -3, "W": -7}
	for k, v := range want {
		if rb.Settlement[k] != v {
			t.Errorf("settlement %s: got %d, want %d", k, rb.Settlement[k], v)
		}
	}
}

// An Auction rubber checked by hand: laws 3, 6-10, 48, 53, 56.
func TestAuction1915Rubber(t *testing.T) {
	rep := scoreRubbers(t, readSample(t, "auction1915_rubber.pbn"), scoring.Options{})
	checkDeals(t, rep, [][]line{
		{{"NS", scoring.Above, 16, "simple honours"}, {"NS", scoring.Below, 24, "3 odd tricks"}},
		{{"EW", scoring.Above, 30, "3 aces"}, {"EW", scoring.Below, 40, "4 odd tricks"}},
		{{"NS", scoring.Above, 72, "4 honours in one hand"}, {"NS", scoring.Above, 200, "2 undertricks doubled"}},
		{{"EW", scoring.Above, 12, "simple honours"}, {"NS", scoring.Below, 12, "2 odd tricks"}},
		{{"NS", scoring.Above, 35, "5 honours"}, {"NS", scoring.Below, 112, "4 odd tricks redoubled"}, {"NS", scoring.Above, 200, "redoubled contract made, 1 over"}},
		{{"EW", scoring.Above, 100, "4 aces in one hand"}, {"EW", scoring.Below, 60, "6 odd tricks"}, {"EW", scoring.Above, 50, "little slam"}},
	})
	rb := rep.Rubbers[0]
	if len(rb.Bonuses) != 1 || rb.Bonuses[0].Points != 250 || rb.Bonuses[0].Who != "EW" {
		t.Errorf("bonuses: %+v", rb.Bonuses)
	}
	checkRubber(t, rb, map[string]int{"NS": 671, "EW": 542}, "NS", 129, map[string]int{"NS": 1, "EW": 2})
}
