package pipeline

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"handrec/model"
	"handrec/model/scoring"
)

// travellerFiles are the corpus files with a traveller (ScoreTable).
func travellerFiles(t *testing.T) []string {
	t.Helper()
	dir := "../../shared/corpus"
	if _, err := os.Stat(dir); err != nil {
		t.Skip("corpus absent")
	}
	var out []string
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.EqualFold(filepath.Ext(p), ".pbn") {
			return nil
		}
		if b, err := os.ReadFile(p); err == nil && strings.Contains(string(b), "[ScoreTable ") {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// recorded is a row's recorded value the session computes too: its
// percentage or IMPs for North-South, and what the session makes of it.
type recordedCheck struct {
	equal   int
	reasons map[string]int
	unknown []string
}

// TestSessionCorpusRecorded recomputes the recorded columns of every
// traveller of the corpus (Percentage_NS/EW under matchpoints, IMP_NS
// under cross-IMPs averaged, as OKbridge gives them) and checks that each
// equals the recorded one, to the places it is written, or differs for a
// reason listed: a percentage of a simultaneous pairs' field across all
// its sections ((MP+1)/2n, Neuberg's formula for a field without end: the
// rows list the scores with their multiplicity, not the field each was
// compared in), or a traveller that lists only part of the results
// (its best result's percentage is that of a field more than twice as
// large as its rows).
func TestSessionCorpusRecorded(t *testing.T) {
	t.Parallel()
	c := recordedCheck{reasons: map[string]int{}}
	for _, f := range travellerFiles(t) {
		_, err := ReadFile(context.Background(), nil, f, nil, func(r *model.Record) error {
			if sec := travellerSection(r); sec != nil {
				c.board(r, scoring.TravellerRows(r, sec))
			}
			return nil
		})
		if err != nil {
			t.Logf("%s: %v", f, err)
		}
	}
	t.Logf("recorded values equal: %d; differing, by reason: %v", c.equal, c.reasons)
	for _, u := range c.unknown {
		t.Errorf("unexplained: %s", u)
	}
	// basic_20.pbn's 34 cross-IMP averages are equal, and 6 of
	// correct_20.pbn's percentages near 50, where both formulas agree to
	// the one place written; its other 46 are across the field; the two
	// rows of its board that repeats the header ("#") and errors_20.pbn's
	// two boards of three rows are the first rows of that board.
	want := map[string]int{"across the field, (MP+1)/2n": 46, "part of the traveller": 16}
	if c.equal != 40 || fmt.Sprint(c.reasons) != fmt.Sprint(want) {
		t.Errorf("equal %d, reasons %v; want 40, %v", c.equal, c.reasons, want)
	}
}

func (c *recordedCheck) board(r *model.Record, rows []scoring.Row) {
	res := make([]scoring.Result, len(rows))
	listed, best := 0, -1
	for i := range rows {
		res[i] = rows[i].Cmp
		listed += max(rows[i].Cmp.Weight, 1)
		if rows[i].Cmp.Played && (best < 0 || rows[i].Cmp.Score > rows[best].Cmp.Score) {
			best = i
		}
	}
	// The best result's recorded percentage, 1 - w/2n across a field of
	// n, tells the field it was compared in.
	partial := false
	if best >= 0 && rows[best].Percent[0].Known() && rows[best].Percent[0] < 100 {
		w := float64(max(rows[best].Cmp.Weight, 1))
		field := w / (2 * (1 - float64(rows[best].Percent[0])/100))
		partial = field > 2*float64(listed)
	}
	mp := scoring.ScoreBoard(res, scoring.Method{Kind: scoring.MP}, 0)
	x := scoring.ScoreBoard(res, scoring.Method{Kind: scoring.CrossIMP}, 0)
	for i := range rows {
		row := &rows[i]
		for side := range 2 {
			if p := row.Percent[side]; p.Known() {
				field := 100 * (float64(mp.Rows[i].MP[side]) + 1) / (2 * float64(mp.Results))
				c.compare(r, i, "percentage", float64(p), float64(mp.Rows[i].Percent[side]), field, partial)
			}
		}
		if v := row.IMP[0]; v.Known() {
			c.compare(r, i, "IMP_NS", float64(v), float64(x.Rows[i].IMPAvg[0]), math.NaN(), partial)
		}
	}
}

// compare checks a recorded value against the computed one, rounded to
// the places of the recorded one (one or two).
func (c *recordedCheck) compare(r *model.Record, row int, what string, rec, got, field float64, partial bool) {
	places := 100.0
	if s := fmt.Sprint(rec); !strings.Contains(s, ".") || len(s)-strings.Index(s, ".") == 2 {
		places = 10
	}
	same := func(v float64) bool { return math.Abs(math.Round(v*places)/places-rec) < 1e-9 }
	switch {
	case same(got):
		c.equal++

	case same(field):
		c.reasons["across the field, (MP+1)/2n"]++
	case partial:
		c.reasons["part of the traveller"]++
	default:
		c.unknown = append(c.unknown, fmt.Sprintf("%s board %d row %d %s: recorded %v, computed %.4f", r.File, r.Board, row+1, what, rec, got))
	}
}

// TestSessionCorpusTotals recomputes the pairs' totals that a corpus file
// records in a TotalScoreTable (PBN 2.1's standings) from the file's own
// travellers, as session scores them: each recorded pair's matchpoints
// and percentage equal the computed ones, or the difference has a reason.
// The corpus's four tables (correct_20.pbn's "best 10 participants" of a
// field of over 300 pairs and its "#" repeat of 2 rows, errors_20.pbn's 3
// rows and their repeat: 18 rows) list pairs that played 6 to 26 boards,
// where each file holds the traveller of one board (twice, the second a
// "#" repeat), and that traveller names no pair (its columns are Rank,
// Percentage_NS/EW, Score_NS, Multiplicity): no total can be recomputed,
// and each row says so.
func TestSessionCorpusTotals(t *testing.T) {
	t.Parallel()
	dir := "../../shared/corpus"
	if _, err := os.Stat(dir); err != nil {
		t.Skip("corpus absent")
	}
	reasons, equal := map[string]int{}, 0
	var unknown []string
	for _, f := range travellerFiles(t) {
		var recorded []model.Standing
		read := func(fn func(*model.Record) error) error {
			_, err := ReadFile(context.Background(), nil, f, nil, fn)
			return err
		}
		read(func(r *model.Record) error {
			for _, s := range r.Sections {
				if s.Standings != nil {
					recorded = append(recorded, s.Standings.Rows...)
				}
			}
			return nil
		})
		if len(recorded) == 0 {
			continue
		}
		scored, err := SessionScores(read, SessionOptions{Method: scoring.Method{Kind: scoring.MP}, MethodSet: true})
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		computed := map[string]scoring.Standing{}
		for _, s := range scored.Standings {
			computed[s.Pair] = s
		}
		for _, rec := range recorded {
			got, ok := computed[rec.Pair]
			mp, pct := float64(rec.Totals[model.FieldTotalMP-model.FieldTotalScore]), float64(rec.Totals[model.FieldTotalPercent-model.FieldTotalScore])
			switch {
			case !ok:
				reasons[fmt.Sprintf("pair in no traveller of the file (it played %d boards, the file has %d)", rec.Boards, scored.Report.Boards)]++
			case got.Boards != rec.Boards:
				reasons["the file holds fewer of the pair's boards"]++
			case math.Abs(got.Total-mp) < 0.05 && math.Abs(got.Percent-pct) < 0.005:
				equal++
			default:
				unknown = append(unknown, fmt.Sprintf("%s pair %s: recorded %v MP %v%%, computed %.2f %.2f%%", f, rec.Pair, mp, pct, got.Total, got.Percent))
			}
		}
	}
	for _, u := range unknown {
		t.Errorf("unexplained: %s", u)
	}
	want := map[string]int{
		"pair in no traveller of the file (it played 20 boards, the file has 2)": 8,
		"pair in no traveller of the file (it played 24 boards, the file has 2)": 5,
		"pair in no traveller of the file (it played 26 boards, the file has 2)": 1,
		"pair in no traveller of the file (it played 6 boards, the file has 2)":  4,
	}
	t.Logf("recorded totals equal: %d; differing, by reason: %v", equal, reasons)
	if equal != 0 || fmt.Sprint(reasons) != fmt.Sprint(want) {
		t.Errorf("equal %d, reasons %v; want 0, %v", equal, reasons, want)
	}
}
