package diagram_test

import (
	"bytes"
	"io"
	"os"
	"runtime"
	"testing"

	"handrec/parser/diagram"
)

// The deals of samples/book_prose.txt (five, in five of the books'
// layouts) repeated to 10,000 and 100,000 deals, read as a stream: the
// peak heap must not grow with the input (10,000 deals of the sample's
// forms in well under 60 MB).
func BenchmarkReadBookProse10k(b *testing.B)  { benchBookProse(b, 2000) }
func BenchmarkReadBookProse100k(b *testing.B) { benchBookProse(b, 20000) }

func benchBookProse(b *testing.B, times int) {
	data, err := os.ReadFile("../../samples/book_prose.txt")
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		readers := make([]io.Reader, 0, 2*times)
		for k := 0; k < times; k++ {
			readers = append(readers, bytes.NewReader(data), bytes.NewReader([]byte("\n")))
		}
		runtime.GC()
		var ms runtime.MemStats
		peak := uint64(0)
		rd := diagram.NewReader("big.txt", io.MultiReader(readers...))
		n := 0
		for {
			_, err := rd.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			if n++; n%1000 == 0 {
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapInuse)
			}
		}
		if n != 5*times {
			b.Fatalf("%d deals, want %d", n, 5*times)
		}
		b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
		b.ReportMetric(float64(len(data)*times)/(1<<20), "input-MB")
	}
	b.ReportMetric(float64(5*times*b.N)/b.Elapsed().Seconds(), "deals/s")
}
