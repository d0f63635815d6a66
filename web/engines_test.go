package web

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"handrec/archive"
	_ "handrec/archive/postgres" // the engines of the tests' archives
	_ "handrec/archive/sqlite"
	"handrec/internal/pgtest"
	"handrec/pipeline"
)

// Every test of the viewer runs on each engine (onEngines): on an archive
// in a SQLite file, and on one on a throwaway PostgreSQL server, started
// as the archive's tests start it (internal/pgtest); the PostgreSQL half
// skips, saying why, where the server's binaries are not installed.
var engines = []string{"sqlite", "postgres"}

func TestMain(m *testing.M) {
	code := m.Run()
	closeArchives()
	pgtest.Stop() // the PostgreSQL server the tests started, if any
	os.Exit(code)
}

// onEngines runs test once on each engine, as a subtest named after it.
func onEngines(t *testing.T, test func(t *testing.T, eng string)) {
	t.Helper()
	for _, eng := range engines {
		t.Run(eng, func(t *testing.T) { test(t, eng) })
	}
}

// The tests' archives, one an engine, imported once and opened read-only
// as serve opens them: the viewer only reads, so every test shares them.
var (
	archivesMu sync.Mutex
	archives   = map[string]*archive.DB{}
	tempDirs   []string
)

func closeArchives() {
	archivesMu.Lock()
	defer archivesMu.Unlock()
	for _, db := range archives {
		db.Close()
	}
	for _, d := range tempDirs {
		os.RemoveAll(d)
	}
}

// testFiles are the files of the tests' archives, in the order they are
// imported (the records' ids follow it): samples/, the hostile file, a
// file of long names (record 66) and an old game (67).
func testFiles(t testing.TB, dir string) []string {
	t.Helper()
	samples, err := filepath.Glob("../samples/*")
	if err != nil {
		t.Fatal(err)
	}
	files := samples
	for _, f := range []struct{ name, text string }{{"hostile.pbn", hostile}, {"long.pbn", longNames}, {"old.pbn", oldGame}} {
		path := filepath.Join(dir, f.name)
		if err := os.WriteFile(path, []byte(f.text), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, path)
	}
	return files
}

// testArchive is the engine's archive of testFiles.
func testArchive(t testing.TB, eng string) *archive.DB {
	t.Helper()
	return sharedArchive(t, eng, "samples", testFiles)
}

// sharedArchive is the engine's archive of the files that files gives (in
// dir, where it may write them), made at its first call under its name.
func sharedArchive(t testing.TB, eng, name string, files func(t testing.TB, dir string) []string) *archive.DB {
	t.Helper()
	key := eng + "/" + name
	archivesMu.Lock()
	db := archives[key]
	archivesMu.Unlock()
	if db != nil {
		return db
	}
	dir, err := os.MkdirTemp("", "handrec-web-")
	if err != nil {
		t.Fatal(err)
	}
	archivesMu.Lock()
	tempDirs = append(tempDirs, dir)
	archivesMu.Unlock()
	path := filepath.Join(dir, "a.db")
	if eng == "postgres" {
		path = pgtest.URL(t) // skips without the server's binaries
	}
	ctx := context.Background()
	w, err := archive.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pipeline.Import(ctx, w, files(t, dir), pipeline.ImportOptions{ImportOptions: archive.ImportOptions{Scores: archive.AllScores}}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if eng == "postgres" {
		path = pgtest.Reader(t, path) // serve refuses to read as a superuser
	}
	if db, err = archive.OpenReadOnly(ctx, path); err != nil {
		t.Fatal(err)
	}
	archivesMu.Lock()
	archives[key] = db
	archivesMu.Unlock()
	return db
}

func newTestServer(t testing.TB, eng string, opt Options) *Server {
	t.Helper()
	s, err := New(testArchive(t, eng), opt)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// byEngine is the text an engine says something in.
type byEngine map[string]string
