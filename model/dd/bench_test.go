package dd

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"
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
	return dealLines(tb, "testdata/gen200.txt")
}

// dealLines reads a file of deals in gen200.txt's form (the hands, dealer
// and vulnerability at least).
func dealLines(tb testing.TB, name string) []string {
	f, err := os.Open(name)
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

var (
	benchFrom  = flag.Int("dd.from", 0, "BenchmarkTable starts at this deal of gen200 (0-based)")
	benchDeals = flag.String("dd.deals", "", "BenchmarkTable's deals in gen200.txt's form (default testdata/gen200.txt)")
	benchTimes = flag.String("dd.times", "", "BenchmarkTable appends each table's CPU time in ms to this file, one a line")
)

// benchDealList is the deals of -dd.deals, else gen200's.
func benchDealList(b *testing.B) []model.Deal {
	if *benchDeals == "" {
		return genDeals(b)
	}
	var out []model.Deal
	for _, line := range dealLines(b, *benchDeals) {
		f := strings.Fields(line)
		if len(f) < 4 {
			continue
		}
		d, errs := model.ParseDeal(strings.Join(f[:4], " "))
		if len(errs) > 0 {
			b.Fatalf("%s: %v", line, errs)
		}
		out = append(out, d)
	}
	return out
}

// BenchmarkTable solves full tables of the 200 deals (or -dd.deals') on one
// goroutine, from deal -dd.from on; one op is one table. cpu-ns/op is the
// process's CPU time, as ddsbench.c reports DDS's, so that ddsbench.sh can
// run the two side by side; -dd.times gives each table's.
func BenchmarkTable(b *testing.B) {
	deals := benchDealList(b)
	deals = append(deals[*benchFrom:], deals[:*benchFrom]...)
	s := NewSolver(0)
	var times []float64
	b.ResetTimer()
	defer cpuclock.PerOp(b)()
	for i := 0; i < b.N; i++ {
		c0 := cpuclock.Used()
		if _, err := s.Table(deals[i%len(deals)]); err != nil {
			b.Fatal(err)
		}
		times = append(times, float64(cpuclock.Used()-c0)/1e6)
	}
	b.ReportMetric(float64(s.Nodes())/float64(b.N), "nodes/op")
	if *benchTimes != "" {
		f, err := os.OpenFile(*benchTimes, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			b.Fatal(err)
		}
		defer f.Close()
		for _, t := range times {
			fmt.Fprintf(f, "%.1f\n", t)
		}
	}
}
