package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"handrec/internal/pgtest"
)

// TestPostgresScaleScript runs scripts/postgres/scale.sql on an archive
// of the samples, on a server without Citus: game becomes a table
// partitioned by ranges of its id with its hashes' key in game_key, every
// view gives the same rows as before and export the same bytes, the plan
// for Citus places every table of the archive, and the Citus step does
// nothing. handrec then imports into it as before: a game already there
// is found, a new one goes to its partition and its key to game_key, and
// a second key for one hash is refused under the name import reads as
// another importer's game.
func TestPostgresScaleScript(t *testing.T) {
	t.Parallel()
	url := pgtest.URL(t)
	for _, args := range [][]string{{"--dd", "samples/full_play.pbn"}, {"samples/"}} {
		if code, _, errs := runCLI(append([]string{"import", "--db", url}, args...)...); code != 0 {
			t.Fatalf("import %v: exit %d: %s", args, code, errs)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	views := rows(t, conn, "SELECT viewname FROM pg_views WHERE schemaname = current_schema() ORDER BY 1")
	if len(views) < 20 {
		t.Fatalf("%d views", len(views))
	}
	reader := pgtest.Reader(t, url) // a query's role: no superuser
	snapshot := func() map[string]string {
		out := map[string]string{}
		for _, v := range views {
			code, rows, errs := runCLI("query", "--db", reader, "--format", "csv", "SELECT * FROM "+v[0])
			if code != 0 {
				t.Fatalf("%s: exit %d: %s", v[0], code, errs)
			}
			lines := strings.Split(rows, "\n")
			sort.Strings(lines)
			out[v[0]] = strings.Join(lines, "\n")
		}
		_, out["export --to pbn"], _ = runCLI("export", "--db", url, "--to", "pbn")
		return out
	}
	before := snapshot()

	script, err := os.ReadFile("scripts/postgres/scale.sql")
	if err != nil {
		t.Fatal(err)
	}
	// as psql -1 runs it: one transaction
	if _, err := conn.Exec(ctx, "BEGIN;\n"+string(script)+"\nCOMMIT"); err != nil {
		t.Fatalf("scale.sql: %v", err)
	}
	after := snapshot()
	for k, b := range before {
		if after[k] != b {
			t.Errorf("%s after scale.sql:\n%s\nbefore:\n%s", k, after[k], b)
		}
	}
	check := func(q, want string) {
		t.Helper()
		if got := fmt.Sprint(rows(t, conn, q)); got != want {
			t.Errorf("%s:\n%s\nwant\n%s", q, got, want)
		}
	}
	check("SELECT * FROM handrec_scale_plan ORDER BY 1",
		"[[comment game_id 3 ] [ddtable game_id 3 ] [event <nil> 0 ] [game id 2 ] [game_key hash 3 ] [game_source game_id 4 game_source_pkey] [hand_points game_id 3 ] "+
			"[handrec_archive <nil> 0 ] [match <nil> 1 ] [player game_id 3 ] [problem game_id 4 ] [problem_text <nil> 0 ] [result game_id 3 ] "+
			"[score_code <nil> 0 ] [source <nil> 0 ] [standing game_id 3 ] [tag_name <nil> 0 ]]")
	check(`SELECT c.relname, pg_get_expr(c.relpartbound, c.oid), (SELECT count(*) FROM game g WHERE g.tableoid = c.oid)
  FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'game'::regclass ORDER BY 1`,
		"[[game_p0 FOR VALUES FROM ('0') TO ('1000000') 64] [game_pdefault DEFAULT 0]]")
	check("SELECT count(*) FROM pg_extension WHERE extname = 'citus'", "[[0]]")

	// a file with a game of the archive and a new one
	play, err := os.ReadFile("samples/full_play.pbn")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "again.pbn")
	if err := os.WriteFile(file, []byte(strings.Replace(string(play), `[Board "2"]`, `[Board "22"]`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runCLI("import", "--db", url, file)
	if want := "2 records, 1 new, 1 already there"; code != 0 || !strings.Contains(errs, want) {
		t.Errorf("import after scale.sql: exit %d, stderr %q; want 0 and %q", code, errs, want)
	}
	check("SELECT (SELECT count(*) FROM game), (SELECT count(*) FROM game_key), (SELECT count(*) FROM game g JOIN game_key k ON k.hash = g.hash AND k.game_id = g.id)",
		"[[65 65 65]]")
	_, err = conn.Exec(ctx, "INSERT INTO game_key (hash, game_id) SELECT hash, game_id + 1 FROM game_key ORDER BY game_id LIMIT 1")
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Code != "23505" || pe.ConstraintName != "game_hash_key" {
		t.Errorf("a second key for a hash: %v; want a unique violation of game_hash_key", err)
	}
}

// rows gives a query's rows, each value as fmt prints it.
func rows(t *testing.T, conn *pgx.Conn, q string) [][]string {
	t.Helper()
	rs, err := conn.Query(context.Background(), q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rs.Close()
	var out [][]string
	for rs.Next() {
		vals, err := rs.Values()
		if err != nil {
			t.Fatal(err)
		}
		var row []string
		for _, v := range vals {
			row = append(row, fmt.Sprint(v))
		}
		out = append(out, row)
	}
	if err := rs.Err(); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return out
}
