package archive_test

import (
	"context"
	"os"
	"testing"

	"handrec/archive"
	"handrec/internal/pgtest"
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
