package archive_test

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"handrec/archive"
)

// fileSum is the SHA-256 of the file at path, "absent" when there is none.
func fileSum(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return "absent"
	}
	if err != nil {
		return "unreadable: " + err.Error()
	}
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// dirList names the files of dir, so that a test sees any -wal, -shm or
// -journal file an open left.
func dirList(t *testing.T, dir string) string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return strings.Join(names, " ")
}

// sqliteFile makes a SQLite database that is not an archive, with stmts.
func sqliteFile(t *testing.T, path string, stmts ...string) {
	t.Helper()
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// A file that is not an archive (none, an empty one, text, a SQLite
// database of something else) is refused by a read-only open, and by a
// writing open that must find an archive, with a message that says what
// it is; the file keeps its bytes and gets no file beside it. A writing
// open that may create the archive makes one of a missing or empty file
// only.
func TestNotArchiveUnchanged(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, tc := range []struct {
		name   string
		make   func(t *testing.T, path string)
		msg    string // after the path
		create bool   // Open without MustExist makes an archive of it
	}{
		{"missing", func(*testing.T, string) {}, "", true},
		{"empty", func(t *testing.T, p string) { os.WriteFile(p, nil, 0o644) }, " is not a handrec archive: an empty file", true},
		{"text", func(t *testing.T, p string) { os.WriteFile(p, []byte("hello\n"), 0o644) }, " is not a handrec archive: not a SQLite database", false},
		{"magic only", func(t *testing.T, p string) { os.WriteFile(p, []byte("SQLite format 3\x00"), 0o644) }, " is not a handrec archive: not a SQLite database", false},
		{"other tables", func(t *testing.T, p string) { sqliteFile(t, p, "CREATE TABLE t (a)", "INSERT INTO t VALUES (1)") },
			" is not a handrec archive: a SQLite database with other tables", false},
		{"other tables, WAL", func(t *testing.T, p string) {
			sqliteFile(t, p, "PRAGMA journal_mode = WAL", "CREATE TABLE t (a)", "INSERT INTO t VALUES (1)")
		}, " is not a handrec archive: a SQLite database with other tables", false},
		{"other application", func(t *testing.T, p string) { sqliteFile(t, p, "PRAGMA application_id = 42", "CREATE TABLE t (a)") },
			" is not a handrec archive: a SQLite database of another application (application id 42)", false},
		{"directory", func(t *testing.T, p string) { os.Mkdir(p, 0o755) }, " is not a handrec archive: a directory", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "x.db")
			tc.make(t, path)
			sum, files := fileSum(t, path), dirList(t, dir)
			want := path + tc.msg
			if tc.name == "missing" {
				want = "no archive at " + path
			}
			check := func(what string, err error) {
				t.Helper()
				if err == nil || err.Error() != want {
					t.Errorf("%s: err = %v, want %q", what, err, want)
				}
				if tc.name == "missing" && !errors.Is(err, archive.ErrNoArchive) {
					t.Errorf("%s: %v is not ErrNoArchive", what, err)
				}
				if s, f := fileSum(t, path), dirList(t, dir); s != sum || f != files {
					t.Errorf("%s changed the file: sha256 %s, files %q; was %s, %q", what, s, f, sum, files)
				}
			}
			db, err := archive.OpenReadOnly(ctx, path)
			if db != nil {
				db.Close()
			}
			check("OpenReadOnly", err)
			db, err = archive.Open(ctx, path, archive.Options{MustExist: true})
			if db != nil {
				db.Close()
			}
			check("Open (must exist)", err)
			if tc.create {
				return
			}
			db, err = archive.Open(ctx, path)
			if db != nil {
				db.Close()
			}
			check("Open", err)
		})
	}
}
