package scoring

import (
	"runtime"
	"strconv"
	"testing"

	"handrec/model"
)

// BenchmarkSessionMillionRows scores a million traveller rows board by
// board, as `handrec session` streams them: 100,000 boards of 10 results
// among 20 pairs, each board scored and added to the standings, nothing
// else kept. It reports the rows a second and the live heap at the end,
// which does not grow with the boards (the standings keep 20 pairs).
func BenchmarkSessionMillionRows(b *testing.B) {
	for _, m := range []Method{{Kind: MP}, {Kind: CrossIMP}, {Kind: Butler, Drop: DropDefault}} {
		b.Run(m.Name(), func(b *testing.B) {
			const boards, tables = 100_000, 10
			pairs := make([]string, 2*tables)
			for i := range pairs {
				pairs[i] = strconv.Itoa(i + 1)
			}
			scores := []int{-1430, -650, -620, -200, -100, -50, 90, 110, 140, 170, 420, 450, 620, 650, 680, 1430}
			rows := make([]Result, tables)
			b.ReportAllocs()
			for range b.N {
				st := NewStandings(m)
				for bd := range boards {
					for i := range rows {
						rows[i] = Result{Score: scores[(bd*7+i*5)%len(scores)], Played: true, Weight: 1, Artificial: none()}
					}
					bs := ScoreBoard(rows, m, tables)
					for i, s := range bs.Rows {
						st.Add(pairs[i], "", model.NS, s, bs.Top)
						st.Add(pairs[tables+(i+bd)%tables], "", model.EW, s, bs.Top)
					}
				}
				if len(st.Rows()) != 2*tables {
					b.Fatal("standings")
				}
			}
			var ms runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&ms)
			b.ReportMetric(float64(boards*tables)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
			b.ReportMetric(float64(ms.HeapAlloc)/(1<<20), "heap-MiB")
		})
	}
}
