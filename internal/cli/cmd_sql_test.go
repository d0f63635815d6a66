package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// sqlArchive imports samples/ into a fresh archive in its own directory.
func sqlArchive(t *testing.T) (dir, db string) {
	t.Helper()
	dir = t.TempDir()
	db = filepath.Join(dir, "a.db")
	if code, _, errs := runCLI("import", "--db", db, "samples/"); code != 0 && code != 1 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	return dir, db
}

// filesIn lists a directory, without the archive's -shm and -wal.
func filesIn(t *testing.T, dir string) string {
	t.Helper()
	var names []string
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if n := e.Name(); !strings.HasSuffix(n, "-shm") && !strings.HasSuffix(n, "-wal") {
			names = append(names, n)
		}
	}
	return strings.Join(names, " ")
}

// TestWhereStaysACondition: --where is one expression over the records
// view; anything else is a usage error that names the problem, and
// creates nothing.
func TestWhereStaysACondition(t *testing.T) {
	t.Parallel()
	dir, db := sqlArchive(t)
	x := filepath.Join(dir, "x.db")
	cases := []struct {
		where, msg string
	}{
		{"1=1) OR (1=1", "a ) closes more than was opened"},
		{"1); ATTACH DATABASE '" + x + "' AS e /*", "a ) closes more than was opened"},
		{"1); DELETE FROM game; /*", "a ) closes more than was opened"},
		{"1; DELETE FROM game", "a condition is one expression: no ;"},
		{"(1", "a ( is not closed"},
		{"board = 'x", "a ' is not closed"},
		{"1 /* x", "a /* comment is not closed"},
		{"  -- nothing", "the condition is empty"},
		{"nosuch = 1", "no such column: nosuch"},
		{"1 ORDER BY 1", `near "ORDER": syntax error`},
	}
	for _, c := range cases {
		for _, cmd := range [][]string{{"show"}, {"export", "--to", "json"}} {
			args := append(append([]string{}, cmd...), "--db", db, "--where", c.where)
			code, out, errs := runCLI(args...)
			want := "handrec: --where " + strconvQuote(c.where) + ": " + c.msg + "\nTry: handrec --help\n"
			if code != exitUsage || out != "" || errs != want {
				t.Errorf("%v: exit %d, stdout %.40q, stderr %q; want 2, %q", args, code, out, errs, want)
			}
		}
	}
	if got := filesIn(t, dir); got != "a.db" {
		t.Errorf("files: %s", got)
	}
	// A subquery over other views is a condition still.
	code, out, errs := runCLI("query", "--db", db, "--format", "csv", "SELECT count(*) AS n FROM records")
	if code != 0 {
		t.Fatalf("count: exit %d: %s", code, errs)
	}
	all := strings.TrimPrefix(strings.TrimSpace(out), "n\n")
	code, out, errs = runCLI("export", "--db", db, "--to", "json", "--where", "id IN (SELECT record FROM hands WHERE hcp >= 0) OR (1=1)")
	if code != 0 || strings.Count(out, `"deal"`) != atoi(t, all) {
		t.Errorf("subquery: exit %d, %d records, want %s (%s)", code, strings.Count(out, `"deal"`), all, errs)
	}
}

// TestQueryCannotCreateFiles: query refuses ATTACH, VACUUM INTO and
// pragmas that set, with a message; several statements are refused.
func TestQueryCannotCreateFiles(t *testing.T) {
	t.Parallel()
	dir, db := sqlArchive(t)
	x := filepath.Join(dir, "x.db")
	cases := []struct {
		sql, msg string
	}{
		{"ATTACH DATABASE '" + x + "' AS e", "ATTACH and DETACH are not allowed: a query may not open or create other files"},
		{"DETACH DATABASE main", "ATTACH and DETACH are not allowed: a query may not open or create other files"},
		{"VACUUM INTO '" + x + "'", "VACUUM is not allowed: a query may not rewrite the archive or create files"},
		{"/* x */ vacuum", "VACUUM is not allowed: a query may not rewrite the archive or create files"},
		{"PRAGMA journal_mode=DELETE", "PRAGMA journal_mode = DELETE is not allowed: a query may only read the archive's settings"},
		{"PRAGMA wal_checkpoint", "PRAGMA wal_checkpoint is not allowed: a query may only read the archive's settings"},
		{"INSERT INTO game DEFAULT VALUES", "INSERT INTO game is not allowed: a query only reads the archive"},
		{"SELECT 1; SELECT 2", "2 statements: give one at a time"},
		{"SELECT 1; SELECT 2; -- and a comment", "2 statements: give one at a time"},
		{"-- only a comment", "no SQL statement"},
		{"SELECT 'a", "a ' is not closed"},
		// Every refusal is a usage error, whatever refuses it
		// (load_extension and BEGIN EXCLUSIVE exited 1).
		{"SELECT load_extension('x')", "load_extension is not allowed: a query may not load code"},
		{"BEGIN EXCLUSIVE", "BEGIN is not allowed: a query is one statement, in a transaction of its own"},
		{"BEGIN", "BEGIN is not allowed: a query is one statement, in a transaction of its own"},
		{"COMMIT", "COMMIT is not allowed: a query is one statement, in a transaction of its own"},
		{"SAVEPOINT a", "SAVEPOINT and RELEASE are not allowed: a query is one statement, in a transaction of its own"},
		// And so is an error of the statement met as it runs.
		{"SELECT abs(-9223372036854775808)", "integer overflow"},
		{"SELECT json_extract('{', '$.a')", "malformed JSON"},
	}
	for _, c := range cases {
		t.Run(c.sql, func(t *testing.T) {
			code, out, errs := runCLI("query", "--db", db, c.sql)
			want := "handrec: query: " + c.msg + "\nTry: handrec --help\n"
			if code != exitUsage || out != "" || errs != want {
				t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2, %q", c.sql, code, out, errs, want)
			}
		})
	}
	if got := filesIn(t, dir); got != "a.db" {
		t.Errorf("files: %s", got)
	}
	// What reads is still allowed: a pragma's value, one statement and a ;.
	for _, q := range []string{"PRAGMA user_version", "PRAGMA journal_mode", "SELECT 1;", "SELECT name FROM pragma_table_info('game') LIMIT 1"} {
		if code, _, errs := runCLI("query", "--db", db, q); code != 0 {
			t.Errorf("%q: exit %d: %s", q, code, errs)
		}
	}
}

func strconvQuote(s string) string { return strconv.Quote(s) }

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestQueryTableStreams: the table format aligns on the first 1,000 rows
// and prints later ones in those widths, a wider value pushing its row.
func TestQueryTableStreams(t *testing.T) {
	t.Parallel()
	_, db := sqlArchive(t)
	q := "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i < 1002) " +
		"SELECT CASE WHEN i = 1002 THEN 'longer' ELSE 'ab' END AS s, i FROM n"
	code, out, errs := runCLI("query", "--db", db, q)
	lines := strings.Split(out, "\n")
	if code != 0 || len(lines) != 1005 {
		t.Fatalf("exit %d, %d lines: %s", code, len(lines), errs)
	}
	for i, want := range map[int]string{0: "s      i", 1: "--  ----", 2: "ab     1", 1001: "ab  1000", 1002: "ab  1001", 1003: "longer  1002", 1004: ""} {
		if lines[i] != want {
			t.Errorf("line %d = %q, want %q", i, lines[i], want)
		}
	}
}
