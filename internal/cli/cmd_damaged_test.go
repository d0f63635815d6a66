package cli

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDamagedArchive: an archive whose last 4 KiB were cut off is refused,
// unchanged, by every command that writes to it (PRAGMA quick_check runs
// first, and says what it found), where upgrade said "nothing to upgrade"
// and rewrote its statistics; a command that only reads warns and reads.
func TestDamagedArchive(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "a.db")
	if code, _, errs := runCLI("import", "--db", db, "samples/"); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	fi, err := os.Stat(db)
	if err != nil {
		t.Fatal(err)
	}
	whole := fi.Size()
	if err := os.Truncate(db, whole-4096); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	// what quick_check says of it, read here as SQLite gives it
	first, more := quickCheckOf(t, db)
	if !regexp.MustCompile(`page \d+`).MatchString(first) {
		t.Fatalf("quick_check says %q", first)
	}
	refused := fmt.Sprintf("handrec: archive %s is damaged: PRAGMA quick_check: %s (and %d more): it was left as it was; "+
		"restore it from a copy, or recover what it holds with sqlite3's .recover into a new file\n", db, first, more)
	for _, args := range [][]string{
		{"upgrade", "--db", db},
		{"import", "--db", db, "samples/full_play.pbn"},
		{"dd", "--db", db},
	} {
		code, out, errs := runCLI(args...)
		if code != 1 || out != "" || errs != refused {
			t.Errorf("%q: exit %d, stdout %q, stderr\n%s\nwant 1 and\n%s", args, code, out, errs, refused)
		}
		if after, err := os.ReadFile(db); err != nil || !bytes.Equal(after, before) {
			t.Fatalf("%q changed the damaged archive (%v)", args, err)
		}
	}

	warned := fmt.Sprintf("handrec: warning: archive %s is damaged: the file holds %d bytes, 4096 fewer than the %d pages of 8192 bytes its header counts: "+
		"what is read from it may be wrong or missing (import, dd --db and upgrade refuse to write to it)\n", db, whole-4096, whole/8192)
	code, out, errs := runCLI("query", "--db", db, "--format", "csv", "SELECT 1 AS one")
	if code != 0 || out != "one\n1\n" || errs != warned {
		t.Errorf("query: exit %d, stdout %q, stderr\n%s\nwant 0 and\n%s", code, out, errs, warned)
	}
	code, _, errs = runCLI("export", "--db", db, "--to", "json")
	if !strings.HasPrefix(errs, warned) {
		t.Errorf("export: exit %d, stderr\n%s\nwant it to begin with\n%s", code, errs, warned)
	}
	if after, err := os.ReadFile(db); err != nil || !bytes.Equal(after, before) {
		t.Fatalf("the readers changed the damaged archive (%v)", err)
	}
}

// quickCheckOf is what PRAGMA quick_check says first of the database at
// path, and how many lines more.
func quickCheckOf(t *testing.T, path string) (string, int) {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.QueryContext(context.Background(), "PRAGMA quick_check(100)")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var lines []string
	var msg string
	for rows.Next() {
		if err := rows.Scan(&msg); err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(msg, "\n") {
			if l != "" && !strings.HasPrefix(l, "*** in database") {
				lines = append(lines, l)
			}
		}
	}
	if len(lines) == 0 {
		t.Fatalf("quick_check finds nothing wrong: %q", msg)
	}
	return lines[0], len(lines) - 1
}
