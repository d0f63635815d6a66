package parser_test

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"testing"

	"handrec/export"
	"handrec/internal/cpuclock"
	"handrec/model"
	"handrec/parser"
)

// genDeals runs gen_deals.py, the deal generator of the shared tools beside
// the repository that other tools were measured on (random deals from a
// seed, with auctions and optionally play, as PBN or LIN; see
// docs/performance.md), with args; benchmarks skip without it.
func genDeals(b *testing.B, args ...string) []byte {
	b.Helper()
	tool := "../../shared/tools/gen_deals.py"
	if _, err := os.Stat(tool); err != nil {
		b.Skip("gen_deals.py absent")
	}
	out, err := exec.Command("python3", append([]string{tool, "--seed", "1"}, args...)...).Output()
	if err != nil {
		b.Skip("python3: ", err)
	}
	return out
}

// genPBN generates n boards as PBN, with full play when play is set.
func genPBN(b *testing.B, n int, play bool) []byte {
	b.Helper()
	if play {
		return genDeals(b, "--boards", strconv.Itoa(n), "--play")
	}
	return genDeals(b, "--boards", strconv.Itoa(n))
}

func benchRead(b *testing.B, play bool, workers int) {
	data := genPBN(b, 10000, play)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	defer cpuclock.PerOp(b)()
	for i := 0; i < b.N; i++ {
		readBoards(b, parser.NewReader("bench.pbn", bytes.NewReader(data), parser.Workers(workers)), 10000)
	}
	b.ReportMetric(float64(10000*b.N)/b.Elapsed().Seconds(), "boards/s")
}

// readBoards reads every record of rd and checks there are n.
func readBoards(b *testing.B, rd interface {
	Next() (*model.Record, error)
}, n int) {
	k := 0
	for {
		_, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		k++
	}
	if k != n {
		b.Fatalf("%d boards, want %d", k, n)
	}
}

// 10,000 generated boards with auctions (and with full play), read with the
// full model and validation; "1" on one worker, "all" on GOMAXPROCS.
func BenchmarkReadPBNAuction1(b *testing.B)   { benchRead(b, false, 1) }
func BenchmarkReadPBNAuctionAll(b *testing.B) { benchRead(b, false, runtime.GOMAXPROCS(0)) }
func BenchmarkReadPBNPlay1(b *testing.B)      { benchRead(b, true, 1) }
func BenchmarkReadPBNPlayAll(b *testing.B)    { benchRead(b, true, runtime.GOMAXPROCS(0)) }

func BenchmarkWritePBN(b *testing.B) {
	data := genPBN(b, 10000, true)
	doc, err := parser.ReadAll("bench.pbn", bytes.NewReader(data))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	defer cpuclock.PerOp(b)()
	for i := 0; i < b.N; i++ {
		if err := export.WritePBN(io.Discard, doc, export.PBNOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(10000*b.N)/b.Elapsed().Seconds(), "boards/s")
}

// The generated 10,000 boards repeated 10 and 100 times (about 50 and
// 500 MB, read as a stream): the peak heap must not grow with the input.
func BenchmarkReadPBNMemory10x(b *testing.B)  { benchMemory(b, 10) }
func BenchmarkReadPBNMemory100x(b *testing.B) { benchMemory(b, 100) }

func benchMemory(b *testing.B, times int) {
	data := genPBN(b, 10000, true)
	body := data[bytes.Index(data, []byte("\n[")):] // without the header
	for i := 0; i < b.N; i++ {
		readers := []io.Reader{bytes.NewReader(data)}
		for k := 1; k < times; k++ {
			readers = append(readers, bytes.NewReader([]byte("\n")), bytes.NewReader(body))
		}
		runtime.GC()
		var ms runtime.MemStats
		peak := uint64(0)
		rd := parser.NewReader("big.pbn", io.MultiReader(readers...))
		n := 0
		for {
			_, err := rd.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			if n++; n%5000 == 0 {
				runtime.ReadMemStats(&ms)
				if ms.HeapInuse > peak {
					peak = ms.HeapInuse
				}
			}
		}
		if n != 10000*times {
			b.Fatalf("%d boards", n)
		}
		b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
		b.ReportMetric(float64(len(data)*times)/(1<<20), "input-MB")
	}
}
