package scoring

import (
	"fmt"
	"testing"

	"handrec/model"
)

func played(scores ...int) []Result {
	rows := make([]Result, len(scores))
	for i, s := range scores {
		rows[i] = Result{Score: s, Played: true, Weight: 1, Artificial: none()}
	}
	return rows
}

// pts prints points by side to two decimals, "-" for none.
func pts(p [2]model.Points) string {
	f := func(v model.Points) string {
		if !v.Known() {
			return "-"
		}
		return fmt.Sprintf("%.2f", float64(v))
	}
	return f(p[0]) + "/" + f(p[1])
}

func boardText(bs BoardScore, f func(Scored) [2]model.Points) []string {
	out := make([]string, len(bs.Rows))
	for i, s := range bs.Rows {
		out[i] = pts(f(s))
	}
	return out
}

func sameStrings(t *testing.T, what string, got, want []string) {
	t.Helper()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s:\n got %v\nwant %v", what, got, want)
	}
}

// A board with a tie, worked by hand: 650 beats four (8 of 8); each 620
// beats two and ties one (5); 170 beats one (2); -100 none.
func TestMatchpointsTies(t *testing.T) {
	t.Parallel()
	rows := played(620, 620, 170, -100, 650)
	bs := ScoreBoard(rows, Method{Kind: MP}, 0)
	sameStrings(t, "MP", boardText(bs, func(s Scored) [2]model.Points { return s.MP }),
		[]string{"5.00/3.00", "5.00/3.00", "2.00/6.00", "0.00/8.00", "8.00/0.00"})
	sameStrings(t, "%", boardText(bs, func(s Scored) [2]model.Points { return s.Percent }),
		[]string{"62.50/37.50", "62.50/37.50", "25.00/75.00", "0.00/100.00", "100.00/0.00"})
	bs = ScoreBoard(rows, Method{Kind: ACBL}, 0)
	sameStrings(t, "ACBL", boardText(bs, func(s Scored) [2]model.Points { return s.MP }),
		[]string{"2.50/1.50", "2.50/1.50", "1.00/3.00", "0.00/4.00", "4.00/0.00"})
	if bs.Top != 4 || bs.Results != 5 {
		t.Errorf("top %v results %d, want 4 and 5", bs.Top, bs.Results)
	}
}

// A board with a result missing in a session of five tables: four
// results, raw 5, 5, 2, 0 of 6, factored to five by Neuberg: (MP+1)*5/4-1
// = 6.5, 6.5, 2.75, 0.25 of 8; the unknown row is left out.
func TestMatchpointsNeuberg(t *testing.T) {
	t.Parallel()
	rows := append(played(420, 420, 140, -50), Result{Weight: 1, Artificial: none()})
	bs := ScoreBoard(rows, Method{Kind: MP}, 5)
	sameStrings(t, "MP", boardText(bs, func(s Scored) [2]model.Points { return s.MP }),
		[]string{"6.50/1.50", "6.50/1.50", "2.75/5.25", "0.25/7.75", "-/-"})
	sameStrings(t, "%", boardText(bs, func(s Scored) [2]model.Points { return s.Percent }),
		[]string{"81.25/18.75", "81.25/18.75", "34.38/65.62", "3.12/96.88", "-/-"})
	// ACBL: (MP+1/2)*5/4-1/2 (printed to two places, halves to even)
	bs = ScoreBoard(rows, Method{Kind: ACBL}, 5)
	sameStrings(t, "ACBL", boardText(bs, func(s Scored) [2]model.Points { return s.MP }),
		[]string{"3.25/0.75", "3.25/0.75", "1.38/2.62", "0.12/3.88", "-/-"})
}

// An artificial score (average plus to North-South, minus to East-West)
// is not compared; the three results are factored to the four tables:
// (4+1)*4/3-1 = 5.67 of 6. In IMPs it is worth 3, and the datum is the
// mean of the three results (no drop under four), 170.
func TestMatchpointsArtificial(t *testing.T) {
	t.Parallel()
	rows := played(420, 140, -50)
	rows = append(rows, Result{Weight: 1, Artificial: [2]model.Points{60, 40}})
	bs := ScoreBoard(rows, Method{Kind: MP}, 0)
	sameStrings(t, "MP", boardText(bs, func(s Scored) [2]model.Points { return s.MP }),
		[]string{"5.67/0.33", "3.00/3.00", "0.33/5.67", "3.60/2.40"})
	bs = ScoreBoard(rows, Method{Kind: Butler, Drop: DropDefault}, 0)
	sameStrings(t, "IMP", boardText(bs, func(s Scored) [2]model.Points { return s.IMP }),
		[]string{"6.00/-6.00", "-1.00/1.00", "-6.00/6.00", "3.00/-3.00"})
}

// Cross-IMPs worked by hand: 620 wins 10 against 170 and 12 against
// -100 (22, 11 a comparison); 170 loses 10 and wins 7; -100 loses 12 and 7.
func TestCrossIMPs(t *testing.T) {
	t.Parallel()
	bs := ScoreBoard(played(620, 170, -100), Method{Kind: CrossIMP}, 0)
	sameStrings(t, "total", boardText(bs, func(s Scored) [2]model.Points { return s.IMP }),
		[]string{"22.00/-22.00", "-3.00/3.00", "-19.00/19.00"})
	sameStrings(t, "average", boardText(bs, func(s Scored) [2]model.Points { return s.IMPAvg }),
		[]string{"11.00/-11.00", "-1.50/1.50", "-9.50/9.50"})
}

// Butler with the drop: eleven results drop ceil((11-10)/15)+1 = 2 at each
// end; the mean of -100 170 200 620 620 650 650 is 401.43, datum 400.
func TestButlerDrop(t *testing.T) {
	t.Parallel()
	rows := played(1430, 680, 650, 650, 620, 620, 200, 170, -100, -200, -1100)
	bs := ScoreBoard(rows, Method{Kind: Butler, Drop: DropDefault}, 0)
	if bs.Datum != 400 || !bs.HasDatum {
		t.Fatalf("datum %d, want 400", bs.Datum)
	}
	sameStrings(t, "IMP", boardText(bs, func(s Scored) [2]model.Points { return s.IMP }),
		[]string{"14.00/-14.00", "7.00/-7.00", "6.00/-6.00", "6.00/-6.00", "6.00/-6.00", "6.00/-6.00",
			"-5.00/5.00", "-6.00/6.00", "-11.00/11.00", "-12.00/12.00", "-17.00/17.00"})
	// Ruter's Butler-2: one dropped at each end of five: 620+620+170 = 470.
	m, ok := MethodOfScoring("IMP;Butler-2;Mean")
	if !ok || m != (Method{Kind: Butler, Drop: 1}) {
		t.Fatalf("IMP;Butler-2;Mean: %+v %v", m, ok)
	}
	if d := ScoreBoard(played(650, 620, 620, 170, -100), m, 0).Datum; d != 470 {
		t.Errorf("Butler-2 datum %d, want 470", d)
	}
}

func TestButlerDropCounts(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ n, drop, want int }{
		{3, DropDefault, 0}, {4, DropDefault, 1}, {10, DropDefault, 1}, {11, DropDefault, 2},
		{25, DropDefault, 2}, {26, DropDefault, 3}, {40, DropDefault, 3}, {41, DropDefault, 4},
		{5, 1, 1}, {3, 2, 1}, {1, 1, 0},
	} {
		t.Run(fmt.Sprintf("%d results drop %d", c.n, c.drop), func(t *testing.T) {
			if got := ButlerDrop(c.n, c.drop); got != c.want {
				t.Errorf("ButlerDrop(%d, %d) = %d, want %d", c.n, c.drop, got, c.want)
			}
		})
	}
}

// The datum is rounded to the nearest 10, halves away from zero.
func TestRoundTen(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ sum, n, want int }{
		{50, 2, 30}, {-50, 2, -30}, {49, 2, 20}, {-49, 2, -20}, {1410, 3, 470}, {2810, 7, 400}, {0, 1, 0}, {14, 1, 10}, {15, 1, 20}, {-15, 1, -20},
	} {
		t.Run(fmt.Sprintf("%d over %d", c.sum, c.n), func(t *testing.T) {
			if got := RoundTen(c.sum, c.n); got != c.want {
				t.Errorf("RoundTen(%d, %d) = %d, want %d", c.sum, c.n, got, c.want)
			}
		})
	}
}

func TestDatumMethod(t *testing.T) {
	t.Parallel()
	m, err := ParseMethod("datum -420")
	if err != nil || m != (Method{Kind: Datum, Datum: -420}) {
		t.Fatalf("ParseMethod: %+v %v", m, err)
	}
	bs := ScoreBoard(played(-420, -450, 100), m, 0)
	sameStrings(t, "IMP", boardText(bs, func(s Scored) [2]model.Points { return s.IMP }),
		[]string{"0.00/0.00", "-1.00/1.00", "11.00/-11.00"})
}

func TestParseMethod(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, name, err string }{
		{"mp", "mp", ""}, {"ACBL", "acbl", ""}, {"ximp", "ximp", ""}, {"butler", "butler", ""},
		{"butler-2", "butler-2", ""}, {"butler-4", "butler-4", ""}, {"datum=620", "datum 620", ""},
		{"butler-3", "", "butler-N: N is the number of results dropped in all, an even number, not \"3\""},
		{"datum x", "", "datum N: N is North-South's score, not \"x\""},
		{"board-a-match", "", "unknown method \"board-a-match\" (try mp, acbl, ximp, butler, butler-N, datum N)"},
	} {
		t.Run("ParseMethod "+c.in, func(t *testing.T) {
			m, err := ParseMethod(c.in)
			switch {
			case c.err != "" && (err == nil || err.Error() != c.err):
				t.Errorf("ParseMethod(%q): error %v, want %q", c.in, err, c.err)
			case c.err == "" && (err != nil || m.Name() != c.name):
				t.Errorf("ParseMethod(%q) = %q, %v; want %q", c.in, m.Name(), err, c.name)
			}
		})
	}
	for _, c := range []struct {
		tag  string
		want string
	}{{"MP", "mp"}, {"MatchPoints", "mp"}, {"MP;MP2", "acbl"}, {"IMP;Butler", "butler-0"}, {"IMP;Cross1", "ximp"}, {"IMP", ""}, {"Rubber", ""}} {
		t.Run("Scoring "+c.tag, func(t *testing.T) {
			m, ok := MethodOfScoring(c.tag)
			got := ""
			if ok {
				got = m.Name()
			}
			if got != c.want {
				t.Errorf("MethodOfScoring(%q) = %q, want %q", c.tag, got, c.want)
			}
		})
	}
}

func TestStandingsTies(t *testing.T) {
	t.Parallel()
	st := NewStandings(Method{Kind: MP})
	add := func(pair string, mp float64) {
		st.Add(pair, "", model.NS, Scored{MP: [2]model.Points{model.Points(mp), 0}}, 8)
	}
	add("1", 8)
	add("2", 5)
	add("3", 5)
	add("4", 2)
	var got []string
	for _, s := range st.Rows() {
		got = append(got, fmt.Sprintf("%s %s %.2f", s.RankText(), s.Pair, s.Percent))
	}
	sameStrings(t, "standings", got, []string{"1 1 100.00", "2= 2 62.50", "2= 3 62.50", "4 4 25.00"})
}

// A row of multiplicity k scores as k equal rows, under every method,
// without k copies: a multiplicity of two thousand million costs nothing.
func TestMultiplicityIsRepetition(t *testing.T) {
	t.Parallel()
	weighted := []Result{
		{Score: 620, Played: true, Weight: 3, Artificial: none()},
		{Score: -100, Played: true, Weight: 1, Artificial: none()},
		{Score: 170, Played: true, Weight: 2, Artificial: none()},
		{Score: 1430, Played: true, Weight: 1, Artificial: none()},
	}
	expanded := played(620, 620, 620, -100, 170, 170, 1430)
	at := []int{0, 3, 4, 6} // each weighted row's first copy
	for _, m := range []Method{{Kind: MP}, {Kind: ACBL}, {Kind: CrossIMP}, {Kind: Butler, Drop: DropDefault}, {Kind: Butler, Drop: 2}} {
		t.Run(m.Name(), func(t *testing.T) {
			w, e := ScoreBoard(weighted, m, 0), ScoreBoard(expanded, m, 0)
			for i, j := range at {
				if w.Rows[i] != e.Rows[j] || w.Datum != e.Datum {
					t.Errorf("%s row %d: %+v (datum %d), expanded %+v (datum %d)", m.Name(), i, w.Rows[i], w.Datum, e.Rows[j], e.Datum)
				}
			}
		})
	}
	huge := []Result{{Score: 620, Played: true, Weight: 2_000_000_000, Artificial: none()}, {Score: 100, Played: true, Weight: 1, Artificial: none()}}
	if d := ScoreBoard(huge, Method{Kind: Butler, Drop: DropDefault}, 0).Datum; d != 620 {
		t.Errorf("huge multiplicity: datum %d, want 620", d)
	}
}

// Two fields rank apart, each with its own minimum: North-South's pairs
// played 4, 4 and 2 boards (70% of 4 is 2.8: 3 to rank), East-West's 3
// and 1 (70% of 3 is 2.1: 3 to rank). A pair below its field's minimum
// follows the ranked ones, unranked ("-"), whatever its percentage; a tie
// shares the better rank.
func TestStandingsFieldsAndMinimum(t *testing.T) {
	t.Parallel()
	st := NewStandings(Method{Kind: MP})
	st.SetMinBoards(DefaultMinBoards)
	add := func(pair, field string, boards int, mp float64) {
		for range boards {
			st.AddEntrant(Entrant{Key: pair, Pair: pair, Field: field}, model.NS, Scored{MP: [2]model.Points{model.Points(mp), 0}}, 4)
		}
	}
	add("A", "NS", 4, 2)
	add("B", "NS", 4, 3)
	add("C", "NS", 2, 4) // 100%, 2 boards of 4: not ranked
	add("D", "NS", 4, 3) // ties B
	add("X", "EW", 3, 1)
	add("Y", "EW", 1, 4)
	var got []string
	for _, s := range st.Rows() {
		got = append(got, fmt.Sprintf("%s %s %s %d %.2f", s.Field, s.RankText(), s.Pair, s.Boards, s.Percent))
	}
	sameStrings(t, "standings", got, []string{
		"NS 1= B 4 75.00", "NS 1= D 4 75.00", "NS 3 A 4 50.00", "NS - C 2 100.00",
		"EW 1 X 3 25.00", "EW - Y 1 100.00",
	})
	for _, c := range []struct {
		m          MinBoards
		most, want int
	}{{DefaultMinBoards, 18, 13}, {DefaultMinBoards, 10, 7}, {DefaultMinBoards, 27, 19}, {MinBoards{Boards: 12}, 18, 12}, {MinBoards{}, 18, 0}} {
		t.Run(fmt.Sprintf("%+v of %d", c.m, c.most), func(t *testing.T) {
			if got := c.m.Of(c.most); got != c.want {
				t.Errorf("%+v of %d: %d, want %d", c.m, c.most, got, c.want)
			}
		})
	}
}
