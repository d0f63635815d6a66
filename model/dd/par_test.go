package dd

import (
	"flag"
	"path"
	"strconv"
	"strings"
	"testing"

	"handrec/model"
)

// ddsVul maps DDS's vulnerability codes (0 none, 1 both, 2 NS, 3 EW).
var ddsVul = [4]model.Vul{model.VulNone, model.VulAll, model.VulNS, model.VulEW}

// genCase is one line of testdata/gen200.txt: a deal, its dealer and
// vulnerability, and what DDS 2.9 (CalcDDtablePBN, DealerPar) computed.
type genCase struct {
	deal   model.Deal
	dealer model.Seat
	vul    model.Vul
	table  Table
	par    string // score and contracts as ddsbench prints them
}

func genCases(tb testing.TB) []genCase { return casesOf(tb, "testdata/gen200.txt") }

// casesOf reads the deals of a file in gen200.txt's form with DDS's
// answers.
func casesOf(tb testing.TB, name string) []genCase {
	var out []genCase
	for _, line := range dealLines(tb, name) {
		f := strings.Fields(line)
		d, errs := model.ParseDeal(strings.Join(f[:4], " "))
		if len(errs) > 0 {
			tb.Fatalf("%s: %v", line, errs)
		}
		dealer, _ := strconv.Atoi(f[4])
		v, _ := strconv.Atoi(f[5])
		c := genCase{deal: d, dealer: model.Seat(dealer), vul: ddsVul[v], par: strings.Join(f[26:], " ")}
		for i := 0; i < 20; i++ {
			c.table[i/5][Strains[i%5]], _ = strconv.Atoi(f[6+i])
		}
		out = append(out, c)
	}
	return out
}

func parString(p Par) string {
	s := strconv.Itoa(p.Score)
	for _, c := range p.Contracts {
		s += " " + c.String()
	}
	return s
}

// TestParMatchesDDS compares ParOf with DDS's DealerPar on DDS's own tables
// of the 200 generated deals.
func TestParMatchesDDS(t *testing.T) {
	t.Parallel()
	bad := 0
	for i, c := range genCases(t) {
		if got := parString(ParOf(c.table, c.dealer, c.vul)); got != c.par {
			bad++
			t.Errorf("deal %d (%s, dealer %s, %s): par %q, DDS %q", i+1, c.deal.PBN(model.North), c.dealer, c.vul, got, c.par)
		}
	}
}

func TestScore(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		level  int
		st     model.Strain
		tricks int
		vul    bool
		want   int
	}{
		{"3NT made", 3, model.NoTrump, 9, false, 400},
		{"3NT+1 vulnerable", 3, model.NoTrump, 10, true, 630},
		{"4S made", 4, model.StrainSpades, 10, false, 420},
		{"2H+1", 2, model.StrainHearts, 9, false, 140},
		{"1C made", 1, model.StrainClubs, 7, false, 70},
		{"6D made vulnerable", 6, model.StrainDiamonds, 12, true, 1370},
		{"7NT made vulnerable", 7, model.NoTrump, 13, true, 2220},
		{"4S-2 doubled", 4, model.StrainSpades, 8, false, -300},
		{"5H-4 doubled", 5, model.StrainHearts, 7, false, -800},
		{"5H-2 doubled vulnerable", 5, model.StrainHearts, 9, true, -500},
		{"7C-13 doubled vulnerable", 7, model.StrainClubs, 0, true, -3800},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Score(c.level, c.st, c.tricks, c.vul); got != c.want {
				t.Errorf("Score(%d%s, %d tricks, vul %v) = %d, want %d", c.level, c.st, c.tricks, c.vul, got, c.want)
			}
		})
	}
}

var genDealsN = flag.Int("dd.gen", 1, "how many deals of testdata/gen200.txt (and camrose32.txt) TestTablesMatchDDS solves; 0 for all")

// TestTablesMatchDDS solves the first deals of testdata/gen200.txt, and of
// camrose32.txt (the 32 boards of the Camrose 2024 hand records made by
// BridgeComposer, from the corpus), and requires all 20 numbers of each
// table to be DDS's. The default count keeps the test within seconds;
// -dd.gen=0 solves all 232.
func TestTablesMatchDDS(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"testdata/gen200.txt", "testdata/camrose32.txt"} {
		t.Run(strings.TrimSuffix(path.Base(name), ".txt"), func(t *testing.T) {
			t.Parallel()
			cases := casesOf(t, name)
			if n := *genDealsN; n > 0 && n < len(cases) {
				cases = cases[:n]
			}
			if testing.Short() {
				cases = cases[:1]
			}
			s := NewSolver(0)
			bad := 0
			for i, c := range cases {
				got, err := s.Table(c.deal)
				if err != nil {
					t.Fatal(err)
				}
				if got != c.table {
					bad++
					t.Errorf("%s deal %d (%s): table %v, DDS %v", name, i+1, c.deal.PBN(model.North), got, c.table)
				}
			}
			if bad == 0 {
				t.Logf("%s: %d deals agree with DDS on all 20 numbers", name, len(cases))
			}
		})
	}
}
