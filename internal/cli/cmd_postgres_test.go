package cli

import (
	"fmt"
	"net"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"handrec/internal/pgtest"
)

// docQueries are the queries of the README (handrec query "...") and of
// docs/archive.md's example block.
func docQueries(t *testing.T) []string {
	t.Helper()
	var qs []string
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`handrec query (?:--db \S+ )?"([^"]+)"`).FindAllStringSubmatch(string(readme), -1) {
		qs = append(qs, m[1])
	}
	doc, err := os.ReadFile("docs/archive.md")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile("(?s)## Example queries\\s*```sql\\n(.*?)```").FindStringSubmatch(string(doc))
	if block == nil {
		t.Fatal("docs/archive.md: no example queries")
	}
	for _, st := range strings.Split(block[1], ";") {
		var lines []string
		for _, l := range strings.Split(st, "\n") {
			if !strings.HasPrefix(strings.TrimSpace(l), "--") {
				lines = append(lines, l)
			}
		}
		if q := strings.TrimSpace(strings.Join(lines, "\n")); q != "" {
			qs = append(qs, q)
		}
	}
	if len(qs) < 15 {
		t.Fatalf("%d queries found in the README and docs/archive.md", len(qs))
	}
	return qs
}

// TestPostgresCLI imports the samples into a SQLite file and into a
// PostgreSQL archive: every view counts the same rows, export --to pbn
// writes the same bytes, every query of the README and docs/archive.md
// gives the same rows, and the read-only checks and connection errors
// are what they are said to be.
func TestPostgresCLI(t *testing.T) {
	t.Parallel()
	url := pgtest.URL(t)
	file := t.TempDir() + "/a.db"
	for _, db := range []string{file, url} {
		for _, args := range [][]string{{"--dd", "samples/full_play.pbn"}, {"samples/"}} {
			if code, out, errs := runCLI(append([]string{"import", "--db", db}, args...)...); code != 0 || out != "" {
				t.Fatalf("import %v into %s: exit %d, stdout %q, stderr %q", args, db, code, out, errs)
			}
		}
	}
	admin := url
	url = pgtest.Reader(t, url) // the role queries run as: no superuser
	same := func(args ...string) {
		t.Helper()
		var outs [2]string
		for i, db := range []string{file, url} {
			code, out, errs := runCLI(append(append([]string{}, args[0], "--db", db), args[1:]...)...)
			if code != 0 {
				t.Errorf("%s on %s: exit %d: %s", args, db, code, errs)
			}
			if args[0] == "query" {
				// the rows, in the order the query gives or else any
				lines := strings.Split(out, "\n")
				if !strings.Contains(strings.ToUpper(args[len(args)-1]), "ORDER BY") {
					sort.Strings(lines)
				}
				out = strings.Join(lines, "\n")
			}
			outs[i] = out
		}
		if outs[0] != outs[1] {
			t.Errorf("%s: SQLite gives\n%s\nPostgreSQL gives\n%s", args, outs[0], outs[1])
		}
	}
	for _, v := range []string{"records", "hands", "calls", "plays", "scores", "tags", "comments", "players", "sources",
		"record_sources", "problems", "results", "dd", "par", "travellers", "standings", "events", "matches",
		"traveller_scores", "match_boards"} {
		same("query", "--format", "csv", "SELECT count(*) AS "+v+" FROM "+v)
	}
	// the views that read the game's JSON, row by row (pgviews.go), and
	// those that call the scoring functions (pgscoring.go)
	for _, v := range []string{"hands", "calls", "plays", "scores", "tags", "problems", "matches", "traveller_scores", "match_boards"} {
		same("query", "--format", "csv", "SELECT * FROM "+v)
	}
	same("export", "--to", "pbn")
	same("export", "--to", "json", "--where", "id IN (SELECT record FROM hands WHERE hcp >= 20)")
	same("query", "--format", "csv", "SELECT board, open_ns, closed_ns, imps, vp(sum(imps) OVER (), count(*) OVER ()) AS vp FROM match_boards ORDER BY board")
	for _, q := range docQueries(t) {
		same("query", "--format", "csv", q)
	}

	closed := closedPort(t)
	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"query", "--db", url, "DELETE FROM game"}, 2, "handrec: query: DELETE is not allowed: a query only reads the archive\nTry: handrec --help\n"},
		{[]string{"query", "--db", url, "WITH x AS (DELETE FROM game RETURNING id) SELECT count(*) FROM x"}, 2, "handrec: query: changing the archive is not allowed: a query only reads the archive\nTry: handrec --help\n"},
		{[]string{"query", "--db", url, "COPY (SELECT 1) TO '/tmp/x'"}, 2, "handrec: query: COPY is not allowed: a query only reads the archive\nTry: handrec --help\n"},
		{[]string{"query", "--db", url, "SELECT 1; SELECT 2"}, 2, "handrec: query: 2 statements: give one at a time\nTry: handrec --help\n"},
		{[]string{"export", "--db", url, "--to", "pbn", "--where", "nonsense = 1"}, 2, "handrec: --where \"nonsense = 1\": column \"nonsense\" does not exist\nTry: handrec --help\n"},
		{[]string{"export", "--db", url, "--to", "pbn", "--where", "1) OR (1"}, 2, "handrec: --where \"1) OR (1\": a ) closes more than was opened\nTry: handrec --help\n"},
		{[]string{"query", "--db", strings.Replace(admin, pgtest.Password, "wrong", 1), "SELECT 1"}, 1,
			"handrec: cannot connect to " + strings.Replace(admin, ":"+pgtest.Password, "", 1) + ": password authentication failed for user \"postgres\"\n"},
		{[]string{"query", "--db", fmt.Sprintf("postgres://u:pw@127.0.0.1:%d/x", closed), "SELECT 1"}, 1,
			fmt.Sprintf("handrec: cannot connect to postgres://u@127.0.0.1:%d/x: connect: connection refused\n", closed)},
	} {
		code, out, errs := runCLI(c.args...)
		if code != c.code || out != "" || errs != c.err {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want %d, \"\", %q", c.args, code, out, errs, c.code, c.err)
		}
	}
}

// closedPort is a port of 127.0.0.1 on which nothing listens.
func closedPort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
