package archive_test

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"

	"handrec/archive"
	"handrec/internal/pgtest"
	"handrec/model"
)

func TestMain(m *testing.M) {
	code := m.Run()
	pgtest.Stop() // the PostgreSQL server the tests started, if any
	os.Exit(code)
}

// backends are the engines an archive test runs on: a SQLite file, and a
// database on a throwaway PostgreSQL server (the test skips there without
// the server's binaries).
var backends = []string{"sqlite", "postgres"}

// opener opens a new, empty archive and gives it with its name (a path or
// a URL).
type opener func(t testing.TB) (*archive.DB, string)

// forBackends runs test on each backend.
func forBackends(t *testing.T, test func(t *testing.T, open opener)) {
	for _, b := range backends {
		t.Run(b, func(t *testing.T) { test(t, openerFor(b)) })
	}
}

func openerFor(backend string) opener {
	if backend == "sqlite" {
		return openTemp
	}
	return func(t testing.TB) (*archive.DB, string) {
		t.Helper()
		url := pgtest.URL(t)
		db, err := archive.Open(context.Background(), url, schema(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db, url
	}
}

// Four importers, each with an archive of its own open on the same
// server, import overlapping sets of files at once: every file is
// imported once, every game is stored once, and each file's games are
// linked to it once.
func TestPostgresImportersAtOnce(t *testing.T) {
	url := pgtest.URL(t)
	first, err := archive.Open(context.Background(), url, schema(t))
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	g := newGen(7, true)
	const files, perFile = 8, 40
	recs := make([][]*model.Record, files)
	for f := range recs {
		recs[f] = g.records(perFile)
	}
	sets := [4][]int{{0, 1, 2, 3, 4}, {2, 3, 4, 5, 6}, {4, 5, 6, 7, 0}, {6, 7, 0, 1, 2}}
	var wg sync.WaitGroup
	stats := make([][]archive.FileStats, len(sets))
	errs := make([]error, len(sets))
	for i, set := range sets {
		wg.Add(1)
		go func() {
			defer wg.Done()
			db, err := archive.Open(context.Background(), url, schema(t))
			if err != nil {
				errs[i] = err
				return
			}
			defer db.Close()
			for _, f := range set {
				name := fmt.Sprintf("f%d.pbn", f)
				st, err := db.Import(context.Background(), archive.Source{Path: name, Size: 1, SHA256: "sha-" + name, Format: "pbn"},
					&sliceReader{recs: recs[f]}, archive.ImportOptions{})
				if err != nil {
					errs[i] = fmt.Errorf("%s: %w", name, err)
					return
				}
				stats[i] = append(stats[i], st)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	imported, skipped := 0, 0
	for _, sts := range stats {
		for _, st := range sts {
			switch {
			case st.Skipped && st.Records == perFile && st.Existing == perFile:
				skipped++
			case !st.Skipped && st.New == perFile && st.Existing == 0:
				imported++
			default:
				t.Errorf("a file's import: %+v", st)
			}
		}
	}
	if imported != files || skipped != 20-files {
		t.Errorf("%d files imported, %d skipped; want %d and %d", imported, skipped, files, 20-files)
	}
	for q, want := range map[string]int{
		"SELECT count(*) FROM records":                                           files * perFile,
		"SELECT count(DISTINCT deal) FROM records":                               files * perFile,
		"SELECT count(*) FROM sources":                                           files,
		"SELECT count(*) FROM record_sources":                                    files * perFile,
		"SELECT count(*) FROM (SELECT DISTINCT record FROM record_sources) AS x": files * perFile,
		"SELECT count(*) FROM hands":                                             files * perFile * 4,
	} {
		if got := count(t, first, q); got != want {
			t.Errorf("%s = %d, want %d", q, got, want)
		}
	}
}
