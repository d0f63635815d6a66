package cli

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"handrec/archive"
	"handrec/ddsolve"
	"handrec/pipeline"
)

// TestDDArchiveDistinct: dd --db solves each distinct deal of the archive
// once and stores its table for every game of it, each game with its own
// par; a later import --dd solves only the deals the archive has no table
// of.
func TestDDArchiveDistinct(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := filepath.Join(dir, "a.pbn")
	src := `[Board "1"]
[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]

[Board "2"]
[Deal "N:AK... QJ... 32... .AK.."]

[Board "3"]
[Deal "E:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]

[Board "4"]
[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
`
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "x.db")
	if code, _, errs := runCLI("import", "--db", db, p); code != 0 {
		t.Fatalf("import: %d %s", code, errs)
	}
	code, out, errs := runCLI("dd", "--db", db)
	if code != 0 || out != "stored the tables of 4 games, 3 distinct deals solved, into "+db+" (the dd and par views)\n" ||
		errs != "handrec: dd: 4 of 4 games done, 3 distinct deals solved\n" {
		t.Fatalf("dd --db: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	const q = "SELECT record, score, contracts FROM par ORDER BY record"
	if got, want := queryCSV(t, db, q), "record,score,contracts\n1,1510,NS 7S=\n2,,\n3,-2210,EW 7S=\n4,2210,NS 7S=\n"; got != want {
		t.Errorf("par view:\n%s\nwant:\n%s", got, want)
	}
	const same = "SELECT count(DISTINCT tricks) AS n FROM ddtable WHERE game_id IN (1, 4)"
	if got := queryCSV(t, db, same); got != "n\n1\n" {
		t.Errorf("boards 1 and 4: %s", got)
	}
	p2 := filepath.Join(dir, "b.pbn")
	src2 := `[Board "7"]
[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]

[Board "8"]
[Deal "N:KQ... J2... A3... .AK.."]
`
	if err := os.WriteFile(p2, []byte(src2), 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := archive.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	cache := ddsolve.NewCache()
	if _, err := pipeline.Import(context.Background(), a, []string{p2}, pipeline.ImportOptions{DD: &ddsolve.Options{Cache: cache}}); err != nil {
		t.Fatal(err)
	}
	if n := cache.Solved(); n != 1 {
		t.Errorf("import --dd solved %d deals, want 1: board 8's", n)
	}
	if got := queryCSV(t, db, "SELECT count(*) AS n FROM ddtable"); got != "n\n6\n" {
		t.Errorf("ddtable rows: %s", got)
	}
}
