package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"handrec/internal/indep"
)

// The two BBO pairs tournaments of the corpus, one LIN file a table and
// board (docs/scoring.md, "Tables' records").
const (
	wronieDir = "../shared/corpus/lin/jarekczek-pbntools/test/test_8_bbo_wronie_20130824/Wronie_9533_Pairs_2720_PRZYJACIELE_WRONIA"
	skyDir    = "../shared/corpus/lin/jarekczek-pbntools/test/test_6_bbo_skyclub_20130810/SKY_CLUB_2196_Pairs_SKY_CLUB_JACKPOT_2000"
	// wronieMissing are the two tables BBO scored that the corpus lacks
	// (internal/indep/testdata/wronie_missing/README.md).
	wronieMissing = "internal/indep/testdata/wronie_missing"
)

// sessionStanding is a line of session's JSON standings.
type sessionStanding struct {
	Rank, Pair, Field string
	Boards            int
	Total             float64
	Top               float64
	Percentage        float64
}

// sessionStandings runs session with args (--format json added) and
// reads its standings.
func sessionStandings(t *testing.T, args ...string) []sessionStanding {
	t.Helper()
	code, out, errs := runCLI(append([]string{"session", "--format", "json"}, args...)...)
	if code != 0 {
		t.Fatalf("session %v: exit %d: %s", args, code, errs)
	}
	var rep struct{ Standings []sessionStanding }
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("session %v: %v", args, err)
	}
	return rep.Standings
}

// agree compares every pair's boards, matchpoints and percentage with
// the independent scorer's, each to the hundredth, and says how many
// pairs are equal.
func agree(t *testing.T, what string, got []sessionStanding, want *indep.Session) {
	t.Helper()
	byPair := map[string]sessionStanding{}
	for _, s := range got {
		byPair[s.Pair] = s
	}
	equal := 0
	for _, w := range want.Standings {
		g, ok := byPair[w.Pair.Name()]
		line := fmt.Sprintf("%d %.2f %.2f", g.Boards, g.Total, g.Percentage)
		exp := fmt.Sprintf("%d %s %s", w.Boards, indep.Round2(w.MP), indep.Round2(w.Pct))
		if !ok || line != exp {
			t.Errorf("%s: %s: boards, MP, %% %s; independently %s", what, w.Pair.Name(), line, exp)
			continue
		}
		equal++
	}
	if len(got) != len(want.Standings) {
		t.Errorf("%s: %d pairs, independently %d", what, len(got), len(want.Standings))
	}
	t.Logf("%s: %d of %d pairs equal to the independent scorer's", what, equal, len(want.Standings))
}

// independently scores the LIN files of dirs with internal/indep.
func independently(t *testing.T, opt indep.Options, dirs ...string) *indep.Session {
	t.Helper()
	var tables []indep.Table
	for _, d := range dirs {
		ts, err := indep.ReadDir(d)
		if err != nil {
			t.Fatal(err)
		}
		tables = append(tables, ts...)
	}
	s, err := indep.Score(tables, opt)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func needDir(t *testing.T, dir string) {
	t.Helper()
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("no corpus: %v", err)
	}
}

// The two BBO pairs tournaments, each a folder of one LIN file a table
// and board, scored from the folder and from the archive: every pair's
// boards, matchpoints and percentage are internal/indep's (its own LIN
// reader and duplicate scores, matchpoints 2/1, Neuberg to the most
// tables), and the first three ranked are the pairs worked out there
// (Wronie's partnership of 5 boards, 70.64%, is not ranked under the 70%
// rule).
func TestSessionBBOPairs(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		dir, like string
		pairs     int
		top       []string
	}{
		{wronieDir, "Wronie_9533", 86, []string{"1 czarnyg - marcepan 18 919.10 63.83", "2 ireksaf - majaben1pt 18 916.41 63.64", "3 siwak - zen58 18 914.40 63.50"}},
		{skyDir, "SKY_CLUB_2196", 8, []string{"1 hzengin - mlang 11 49.00 74.24", "2 asokefinan - peter1959 11 37.67 57.07", "3 GREGARI_ - zmej 11 37.33 56.57"}},
	} {
		t.Run(c.like, func(t *testing.T) {
			needDir(t, c.dir)
			want := independently(t, indep.Options{}, c.dir)
			db := filepath.Join(t.TempDir(), "a.db")
			if code, _, errs := runCLI("import", "--db", db, c.dir); code != 0 {
				t.Fatalf("import: exit %d: %s", code, errs)
			}
			for _, args := range [][]string{{c.dir}, {"--db", db, "--where", "file LIKE '%" + c.like + "%'"}} {
				got := sessionStandings(t, args...)
				agree(t, strings.Join(args, " "), got, want)
				if len(got) != c.pairs {
					t.Errorf("%v: %d pairs, want %d", args, len(got), c.pairs)
				}
				for i, w := range c.top {
					if g := got[i]; i >= len(got) || fmt.Sprintf("%s %s %d %.2f %.2f", g.Rank, g.Pair, g.Boards, g.Total, g.Percentage) != w {
						t.Errorf("%v: line %d: %+v, want %s", args, i+1, g, w)
					}
				}
			}
		})
	}
}

// The director's rulings BBO's director made on Wronie (research in
// internal/indep): the two tables the corpus lacks given with it, the
// substitutes scored for the pairs they sat in for, three unfinished
// plays ruled and three artificial scores other than average: handrec
// with --substitute and --adjust gives every pair of the 82 what the
// independent scorer gives with the same rulings.
func TestSessionBBORulings(t *testing.T) {
	t.Parallel()
	needDir(t, wronieDir)
	subs := map[string]string{"deyaca": "beata0406", "tyciu37": "robkar65", "chrupek21": "yogi50", "kaefo1": "rjaca"}
	want := independently(t, indep.Options{Substitutes: subs,
		Tricks:     map[string]int{"28189809.lin": 3, "28189972.lin": 10, "28189687.lin": 8},
		Artificial: map[string][2]int{"28189953.lin": {50, 60}, "28189725.lin": {60, 40}, "28189844.lin": {50, 60}},
	}, wronieDir, wronieMissing)
	args := []string{wronieDir, wronieMissing, "--adjust", "28189809.lin=3", "--adjust", "28189972.lin=10", "--adjust", "28189687.lin=8",
		"--adjust", "28189953.lin=A=+", "--adjust", "28189725.lin=A+-", "--adjust", "28189844.lin=A=+"}
	for sub, player := range subs {
		args = append(args, "--substitute", sub+"="+player)
	}
	got := sessionStandings(t, args...)
	agree(t, "rulings", got, want)
	if len(got) != 82 {
		t.Errorf("%d pairs, want BBO's 82", len(got))
	}
}
