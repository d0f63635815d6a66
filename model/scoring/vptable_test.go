package scoring

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// vpRow is a row of a published VP table: the IMP margin and the VPs of
// the winner and the loser, in hundredths.
type vpRow struct{ imps, win, lose int }

// readVPTable reads testdata/wbfvp/BOARDS.txt: lines "imps winner loser",
// comments (the source) after #.
func readVPTable(t *testing.T, path string) []vpRow {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []vpRow
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 3 {
			t.Fatalf("%s:%d: want imps, winner, loser: %q", path, n, line)
		}
		imps, err1 := strconv.Atoi(f[0])
		win, err2 := strconv.ParseFloat(f[1], 64)
		lose, err3 := strconv.ParseFloat(f[2], 64)
		if err1 != nil || err2 != nil || err3 != nil || imps != len(rows) {
			t.Fatalf("%s:%d: bad row %q", path, n, line)
		}
		rows = append(rows, vpRow{imps, int(math.Round(win * 100)), int(math.Round(lose * 100))})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// The published WBF continuous scales, every row: 8 and 12 boards (the
// issue's), and 4 and 24 boards, each from the source its file names.
// They are the formula rounded to two places with the concavity rule: at
// 24 boards the published 17.25 at 41 IMPs (formula 17.24041) is a raise
// that only follows once 17.13 at 40 was raised, so the rule is applied
// until no step is larger than the one before, not once.
func TestVPScalePublished(t *testing.T) {
	files, err := filepath.Glob("testdata/wbfvp/*.txt")
	if err != nil || len(files) != 4 {
		t.Fatalf("tables %v, %v", files, err)
	}
	for _, path := range files {
		boards, err := strconv.Atoi(strings.TrimSuffix(filepath.Base(path), ".txt"))
		if err != nil {
			t.Fatal(err)
		}
		rows := readVPTable(t, path)
		s := VPScale(boards)
		if len(s) != len(rows) {
			t.Errorf("%d boards: %d rows, the table has %d", boards, len(s), len(rows))
		}
		for _, r := range rows {
			if r.imps < len(s) && s[r.imps] != r.win {
				t.Errorf("%d boards, %d IMPs: scale %d, table %d", boards, r.imps, s[r.imps], r.win)
			}
			if got := VP(float64(r.imps), boards); got != float64(r.win)/100 {
				t.Errorf("%d boards, +%d IMPs: VP %.2f, table %.2f", boards, r.imps, got, float64(r.win)/100)
			}
			if got := VP(float64(-r.imps), boards); got != float64(r.lose)/100 {
				t.Errorf("%d boards, -%d IMPs: VP %.2f, table %.2f", boards, r.imps, got, float64(r.lose)/100)
			}
		}
	}
}

// No full published table at 16 and 20 boards was found (see
// docs/scoring.md); the rule that reproduces the 4, 8, 12 and 24-board
// tables gives there the formula rounded to two places everywhere except
// these margins, each raised by 0.01. The formula is computed here apart
// from VPScale.
func TestVPScaleRaises(t *testing.T) {
	for _, c := range []struct {
		boards int
		raised string
	}{
		{4, ""},
		{8, "40"},
		{12, "42 44 49"},
		{14, "8 36 38"},
		{16, "14 27 38 46 49 55 59"},
		{20, "13 28 31 34 38 41 51 55 62"},
		{24, "5 20 22 33 37 40 41 42 45 51 56 63 70"},
	} {
		b := 15 * math.Sqrt(float64(c.boards))
		var raised []string
		for i, h := range VPScale(c.boards) {
			raw := 10 + 10*(1-math.Pow(0.236068, float64(i)/b))/(1-0.236068)
			r := min(2000, int(math.Floor(raw*100+0.5)))
			switch h - r {
			case 0:
			case 1:
				raised = append(raised, fmt.Sprint(i))
			default:
				t.Errorf("%d boards, %d IMPs: %d, formula %d", c.boards, i, h, r)
			}
		}
		if got := strings.Join(raised, " "); got != c.raised {
			t.Errorf("%d boards: raised at %q, want %q", c.boards, got, c.raised)
		}
	}
}
