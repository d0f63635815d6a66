package archive_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"handrec/archive"
	"handrec/internal/cpuclock"
)

// BenchmarkInsert compares the import of generated records held in memory
// (no parsing) with a baseline: a bare insert of the
// very same rows, one statement per row in one transaction, ids known in
// advance, nothing else to do. The end-to-end import of a PBN file is
// measured by BenchmarkImportPBN in the command.

func BenchmarkInsert(b *testing.B) {
	for _, play := range []bool{false, true} {
		name := "auction"
		if play {
			name = "play"
		}
		const n = 20000
		recs := newGen(42, play).records(n)
		b.Run(name+"/import", func(b *testing.B) {
			benchLoop(b, n, func(db *archive.DB) {
				_, err := db.Import(context.Background(), archive.Source{Path: "bench.pbn", SHA256: "x"}, &sliceReader{recs: recs}, archive.ImportOptions{})
				if err != nil {
					b.Fatal(err)
				}
			}, nil)
		})
		b.Run(name+"/write", func(b *testing.B) {
			var prep []*archive.Prepared
			benchLoop(b, n, func(db *archive.DB) {
				if err := archive.WriteAll(db, prep); err != nil {
					b.Fatal(err)
				}
			}, func() {
				var err error
				if prep, err = archive.PrepareAll(recs); err != nil {
					b.Fatal(err)
				}
			})
		})
		b.Run(name+"/bare", func(b *testing.B) {
			var prep []*archive.Prepared
			benchLoop(b, n, func(db *archive.DB) {
				if err := archive.BareInsert(db, prep); err != nil {
					b.Fatal(err)
				}
			}, func() {
				var err error
				if prep, err = archive.PrepareAll(recs); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

// benchLoop runs fn on a new archive each iteration and reports records/s
// of wall time and CPU microseconds per record.
func benchLoop(b *testing.B, n int, fn func(*archive.DB), setup func()) {
	var wall, cpu time.Duration
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		path := filepath.Join(b.TempDir(), "bench.db")
		db, err := archive.Open(context.Background(), path)
		if err != nil {
			b.Fatal(err)
		}
		if setup != nil {
			setup()
		}
		b.StartTimer()
		t, c := time.Now(), cpuclock.Used()
		fn(db)
		wall += time.Since(t)
		cpu += cpuclock.Used() - c
		b.StopTimer()
		db.Close()
		b.StartTimer()
	}
	recs := float64(n * b.N)
	b.ReportMetric(recs/wall.Seconds(), "records/s")
	b.ReportMetric(float64(cpu.Microseconds())/recs, "cpu-µs/record")
}
