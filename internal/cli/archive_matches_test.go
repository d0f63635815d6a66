package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"handrec/internal/pgtest"
)

// The matches view gives a row a vugraph segment: its event, segment,
// boards, teams and carry-overs, and the games and boards the archive
// holds of it. The games of one segment share their match; a PBN game
// belongs to none. An archive of an older schema version (8) gets its games'
// matches from their stored records when upgraded. A PostgreSQL archive
// gives the same rows.
func TestMatchesView(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	lin, err := os.ReadFile("samples/vugraph_match.lin")
	if err != nil {
		t.Fatal(err)
	}
	second := strings.Replace(string(lin), "vg|Sample Teams,Final 1 of 2,I,1,2,Oaks,0,Elms,1.5|", "vg|Sample Teams,Final 2 of 2,I,1,2,Oaks,12,Elms,30.5|", 1)
	if second == string(lin) {
		t.Fatal("samples/vugraph_match.lin: no vg line to change")
	}
	seg2 := filepath.Join(dir, "segment2.lin")
	if err := os.WriteFile(seg2, []byte(second), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "m.db")
	if code, _, errs := runCLI("import", "--db", db, "samples/vugraph_match.lin", seg2, "samples/club_traveller.pbn"); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	const query = "SELECT event, segment, first_board, last_board, home, home_carry, visit, visit_carry, games, boards FROM matches ORDER BY segment"
	want := "event,segment,first_board,last_board,home,home_carry,visit,visit_carry,games,boards\n" +
		"Sample Teams,Final 1 of 2,1,2,Oaks,0,Elms,1.5,4,2\n" +
		"Sample Teams,Final 2 of 2,1,2,Oaks,12,Elms,30.5,4,2\n"
	check := func(when string) {
		t.Helper()
		code, out, errs := runCLI("query", "--db", db, "--format", "csv", query)
		if code != 0 || out != want {
			t.Errorf("%s: matches: exit %d (%s)\n%s\nwant\n%s", when, code, errs, out, want)
		}
		code, out, _ = runCLI("query", "--db", db, "--format", "csv",
			"SELECT count(*) AS n FROM records r JOIN game g ON g.id = r.id WHERE g.match_id IS NULL")
		if code != 0 || out != "n\n1\n" {
			t.Errorf("%s: games of no match: exit %d\n%s", when, code, out)
		}
	}
	check("import")

	// the same archive as version 8 stored it, upgraded
	db = legacyArchive(t, db, 8, nil)
	if code, _, errs := runCLI("upgrade", "--db", db); code != 0 {
		t.Fatalf("upgrade: exit %d: %s", code, errs)
	}
	check("upgraded from version 8")

	// the same files in a PostgreSQL archive (last: the test skips here
	// without PostgreSQL)
	db = pgtest.URL(t)
	if code, _, errs := runCLI("import", "--db", db, "samples/vugraph_match.lin", seg2, "samples/club_traveller.pbn"); code != 0 {
		t.Fatalf("import into PostgreSQL: exit %d: %s", code, errs)
	}
	db = pgtest.Reader(t, db) // a query's role: no superuser
	check("import into PostgreSQL")
}
