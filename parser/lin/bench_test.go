package lin_test

import (
	"bytes"
	"runtime"
	"strconv"
	"testing"

	"handrec/export"
	"handrec/internal/cpuclock"
	"handrec/parser"
	"handrec/parser/internal/readtest"
	"handrec/parser/lin"
)

// genLIN runs the deal generator (readtest.GenDeals) for LIN: "linvg"
// (one vugraph match, a record over several lines) or "lin" (one board a
// line).
func genLIN(b *testing.B, format string, n int) []byte {
	b.Helper()
	return readtest.GenDeals(b, "--format", format, "--play", "--boards", strconv.Itoa(n))
}

func benchReadLIN(b *testing.B, format string, workers int) {
	const n = 10000
	data := genLIN(b, format, n)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	defer cpuclock.PerOp(b)()
	for i := 0; i < b.N; i++ {
		readtest.ReadBoards(b, lin.NewReader("bench.lin", bytes.NewReader(data), parser.Workers(workers)), n)
	}
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "boards/s")
}

// 10,000 generated boards with full play, read into the full model with
// validation: a vugraph match and a file of single boards; "1" on one
// worker, "All" on GOMAXPROCS (run with -cpu 1,2).
func BenchmarkReadLINVugraph1(b *testing.B)   { benchReadLIN(b, "linvg", 1) }
func BenchmarkReadLINVugraphAll(b *testing.B) { benchReadLIN(b, "linvg", runtime.GOMAXPROCS(0)) }
func BenchmarkReadLINBoards1(b *testing.B)    { benchReadLIN(b, "lin", 1) }
func BenchmarkReadLINBoardsAll(b *testing.B)  { benchReadLIN(b, "lin", runtime.GOMAXPROCS(0)) }

func benchWriteLIN(b *testing.B, format string) {
	data := genLIN(b, format, 10000)
	doc, err := parser.ReadAll("bench.lin", bytes.NewReader(data))
	if err != nil {
		b.Fatal(err)
	}
	var out bytes.Buffer
	b.ReportAllocs()
	b.ResetTimer()
	defer cpuclock.PerOp(b)()
	for i := 0; i < b.N; i++ {
		out.Reset()
		if err := export.WriteLIN(&out, doc); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(out.Len()))
	b.ReportMetric(float64(len(doc.Records)*b.N)/b.Elapsed().Seconds(), "boards/s")
}

func BenchmarkWriteLINVugraph(b *testing.B) { benchWriteLIN(b, "linvg") }
func BenchmarkWriteLINBoards(b *testing.B)  { benchWriteLIN(b, "lin") }
