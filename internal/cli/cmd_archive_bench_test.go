package cli

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"handrec/archive"
	"handrec/internal/cpuclock"
	"handrec/pipeline"
)

// The archive benchmarks import a PBN file of generated boards (100,000 by
// default; $HANDREC_BENCH_BOARDS to change) made by the shared generator,
// with auctions and with full play, then time typical queries:
//
//	go test -run XXX -bench 'ImportPBN|ArchiveQuery' -benchtime 1x ./internal/cli
//
// The bare-insert baseline is BenchmarkInsert in ./archive.

const genDeals = "../shared/tools/gen_deals.py"

func benchBoards() int {
	if n, err := strconv.Atoi(os.Getenv("HANDREC_BENCH_BOARDS")); err == nil && n > 0 {
		return n
	}
	return 100000
}

// benchPBN generates (once, kept in the temporary directory) a PBN file of
// n boards, with play when asked.
func benchPBN(b *testing.B, n int, play bool) string {
	b.Helper()
	if _, err := os.Stat(genDeals); err != nil {
		b.Skip("no generator at " + genDeals)
	}
	name := fmt.Sprintf("handrec-bench-%d", n)
	args := []string{genDeals, "--boards", strconv.Itoa(n)}
	if play {
		name += "-play"
		args = append(args, "--play")
	}
	path := filepath.Join(os.TempDir(), name+".pbn")
	if _, err := os.Stat(path); err == nil {
		return path
	}
	tmp := path + ".tmp"
	if out, err := exec.Command("python3", append(args, "-o", tmp)...).CombinedOutput(); err != nil {
		b.Skipf("generator: %v: %s", err, out)
	}
	if err := os.Rename(tmp, path); err != nil {
		b.Fatal(err)
	}
	return path
}

// loadAverage is the machine's load over the last minute, reported beside
// the figures: on a shared machine wall time says as much of the others'
// work as of ours (CPU per record less so); 0 where /proc has none.
func loadAverage() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0
	}
	v, _ := strconv.ParseFloat(f[0], 64)
	return v
}

func rusage() syscall.Rusage {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru
}

// importBench imports path into a new archive, as handrec import does.
func importBench(b *testing.B, path, db string) pipeline.ImportSummary {
	ctx := context.Background()
	a, err := archive.Open(ctx, db)
	if err != nil {
		b.Fatal(err)
	}
	st, err := pipeline.Import(ctx, a, []string{path}, pipeline.ImportOptions{ImportOptions: archive.ImportOptions{Scores: archive.AllScores}})
	if err != nil {
		b.Fatal(err)
	}
	if err := a.Close(); err != nil {
		b.Fatal(err)
	}
	return st
}

// gcAsHandrec sets the collector as handrec's main does (tuneGC: GOGC 400
// unless $GOGC says otherwise), for a benchmark that measures what the
// command does; a test binary runs at Go's default 100. The returned
// function sets it back.
func gcAsHandrec() func() {
	gc, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(-1)
	debug.SetGCPercent(gc)
	tuneGC()
	return func() {
		debug.SetGCPercent(gc)
		debug.SetMemoryLimit(limit)
	}
}

func BenchmarkImportPBN(b *testing.B) {
	defer gcAsHandrec()()
	n := benchBoards()
	for _, play := range []bool{false, true} {
		name := "auction"
		if play {
			name = "play"
		}
		path := benchPBN(b, n, play)
		b.Run(name, func(b *testing.B) {
			fi, _ := os.Stat(path)
			var wall, cpu time.Duration
			var size int64
			for i := 0; i < b.N; i++ {
				db := filepath.Join(b.TempDir(), "bench.db")
				t, c := time.Now(), cpuclock.Used()
				st := importBench(b, path, db)
				wall += time.Since(t)
				cpu += cpuclock.Used() - c
				if st.New != n {
					b.Fatalf("%d new records, want %d", st.New, n)
				}
				dfi, err := os.Stat(db)
				if err != nil {
					b.Fatal(err)
				}
				size = dfi.Size()
			}
			recs := float64(n * b.N)
			b.ReportMetric(recs/wall.Seconds(), "records/s")
			b.ReportMetric(float64(cpu.Microseconds())/recs, "cpu-µs/record")
			b.ReportMetric(float64(size)/1e6, "archive-MB")
			b.ReportMetric(float64(fi.Size())/1e6, "input-MB")
			b.ReportMetric(float64(rusage().Maxrss)/1024, "peak-RSS-MB")
			b.ReportMetric(loadAverage(), "load1")
		})
	}
}

// benchArchive is an archive of the generated boards with auctions.
func benchArchive(b *testing.B) string {
	path := benchPBN(b, benchBoards(), false)
	db := filepath.Join(b.TempDir(), "query.db")
	importBench(b, path, db)
	return db
}

func BenchmarkArchiveQuery(b *testing.B) {
	db := benchArchive(b)
	ctx := context.Background()
	a, err := archive.OpenReadOnly(ctx, db)
	if err != nil {
		b.Fatal(err)
	}
	defer a.Close()
	var deal string
	one := func(q string, args ...any) (rows int) {
		err := a.Query(ctx, q, args, func(_ []string, v []any) error {
			rows++
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		return rows
	}
	n := benchBoards()
	if err := a.Query(ctx, "SELECT deal FROM records WHERE board = ?", []any{n / 3}, func(_ []string, v []any) error {
		deal = v[0].(string)
		return nil
	}); err != nil || deal == "" {
		b.Fatalf("no board %d: %v", n/3, err)
	}
	queries := []struct {
		name, sql string
		args      []any
	}{
		{"deal", "SELECT * FROM records WHERE deal = ?", []any{deal}},
		{"board", "SELECT * FROM records WHERE board = ?", []any{n / 2}},
		{"event-board", "SELECT * FROM records WHERE event = 'Synthetic benchmark' AND board = ?", []any{n / 2}},
		{"player-count", "SELECT count(*) FROM players WHERE name = 'N'", nil},
		{"player-first-20", "SELECT * FROM records WHERE id IN (SELECT record FROM players WHERE name = 'N') ORDER BY id LIMIT 20", nil},
		{"hcp20-major5", "SELECT record, seat, spades, hearts, diamonds, clubs, hcp FROM hands WHERE hcp >= 20 AND (s_len >= 5 OR h_len >= 5)", nil},
		{"contract-4S-count", "SELECT count(*) FROM records WHERE contract = '4S'", nil},
	}
	for _, q := range queries {
		b.Run(q.name, func(b *testing.B) {
			rows := 0
			for i := 0; i < b.N; i++ {
				rows = one(q.sql, q.args...)
			}
			b.ReportMetric(float64(rows), "rows")
		})
	}
}
