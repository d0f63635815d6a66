package dd

import (
	"bufio"
	"flag"
	"os"
	"testing"

	"handrec/internal/cpuclock"
	"handrec/model"
)

// genLines reads testdata/gen200.txt: the 200 deals of
// `python3 gen_deals.py --boards 200 --seed 1` (the shared tools), one a
// line: the PBN Deal value, dealer and vulnerability as DDS counts them,
// then what DDS computed (ddsbench/ddsbench.c): 20 tricks, N E S W by C D
// H S NT, and the par score and contracts of DealerPar.
func genLines(tb testing.TB) []string {
	f, err := os.Open("testdata/gen200.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	return out
}

func genDeals(tb testing.TB) []model.Deal {
	var out []model.Deal
	for _, c := range genCases(tb) {
		out = append(out, c.deal)
	}
	return out
}

var benchFrom = flag.Int("dd.from", 0, "BenchmarkTable starts at this deal of gen200 (0-based)")

// BenchmarkTable solves full tables of the 200 deals on one goroutine, from
// deal -dd.from on; one op is one table. cpu-ns/op is the process's CPU
// time, as ddsbench.c reports DDS's, so that ddsbench.sh can run the two
// side by side.
func BenchmarkTable(b *testing.B) {
	deals := genDeals(b)
	deals = append(deals[*benchFrom:], deals[:*benchFrom]...)
	s := NewSolver(0)
	b.ResetTimer()
	defer cpuclock.PerOp(b)()
	for i := 0; i < b.N; i++ {
		if _, err := s.Table(deals[i%len(deals)]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(s.Nodes())/float64(b.N), "nodes/op")
}
