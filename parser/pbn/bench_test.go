package pbn_test

import (
	"bytes"
	"io"
	"runtime"
	"strconv"
	"testing"

	"handrec/export"
	"handrec/internal/cpuclock"
	"handrec/parser"
	"handrec/parser/internal/readtest"
	"handrec/parser/pbn"
)

// genPBN generates n boards as PBN, with full play when play is set.
func genPBN(b *testing.B, n int, play bool) []byte {
	b.Helper()
	if play {
		return readtest.GenDeals(b, "--boards", strconv.Itoa(n), "--play")
	}
	return readtest.GenDeals(b, "--boards", strconv.Itoa(n))
}

func benchRead(b *testing.B, play bool, workers int) {
	data := genPBN(b, 10000, play)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	defer cpuclock.PerOp(b)()
	for i := 0; i < b.N; i++ {
		readtest.ReadBoards(b, pbn.NewReader("bench.pbn", bytes.NewReader(data), parser.Workers(workers)), 10000)
	}
	b.ReportMetric(float64(10000*b.N)/b.Elapsed().Seconds(), "boards/s")
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
		rd := pbn.NewReader("big.pbn", io.MultiReader(readers...))
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
