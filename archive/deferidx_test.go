package archive_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"handrec/archive"
	"handrec/model"
)

// indexSQL lists the archive's indexes as their CREATE statements.
func indexSQL(t *testing.T, db *archive.DB) string {
	t.Helper()
	rows, err := db.SQL().Query("SELECT name || ': ' || sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return strings.Join(out, "\n")
}

// failingReader gives n generated records, then an error.
type failingReader struct{ genReader }

func (f *failingReader) Next() (*model.Record, error) {
	if f.n == 0 {
		return nil, errors.New("disk on fire")
	}
	return f.genReader.Next()
}

// An import into an empty archive builds the indexes of game and
// game_source at its end (deferIndexes): whether it fails or succeeds, the
// archive has the very indexes the schema declares, and a query by deal
// finds its game through game_deal.
func TestImportDefersIndexes(t *testing.T) {
	t.Parallel()
	db, _ := openTemp(t)
	want := indexSQL(t, db)
	for _, name := range []string{"game_event", "game_board", "game_deal", "game_contract", "game_match", "game_source_game"} {
		if !strings.Contains(want, name+": CREATE INDEX") {
			t.Fatalf("schema has no index %s:\n%s", name, want)
		}
	}
	_, err := db.Import(context.Background(), archive.Source{Path: "bad.pbn", SHA256: "bad"},
		&failingReader{genReader{g: newGen(3, false), n: 200}}, archive.ImportOptions{})
	if err == nil || !strings.Contains(err.Error(), "disk on fire") {
		t.Fatalf("err = %v, want the reader's", err)
	}
	if got := indexSQL(t, db); got != want {
		t.Errorf("indexes after a failed import:\n%s\nwant:\n%s", got, want)
	}
	if n := count(t, db, "SELECT count(*) FROM game"); n != 0 {
		t.Errorf("%d games after a failed import, want 0", n)
	}
	importRecs(t, db, "a.pbn", newGen(3, false).records(200))
	if got := indexSQL(t, db); got != want {
		t.Errorf("indexes after an import:\n%s\nwant:\n%s", got, want)
	}
	rows, err := db.SQL().Query("EXPLAIN QUERY PLAN SELECT board FROM game WHERE deal = 'x'")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, detail)
	}
	if got, want := strings.Join(plan, "; "), "SEARCH game USING INDEX game_deal (deal=?)"; got != want {
		t.Errorf("plan %q, want %q", got, want)
	}
}
