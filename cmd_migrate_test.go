package main

import (
	"os"
	"path/filepath"
	"testing"
)

// An archive that the handrec of schema version 3 made from samples/
// (handrec import samples/ at 649405d, before issue 11's domain model) is
// upgraded on open: no view names anything after LIN, its games are those
// an import of the samples makes now (hash, room, tags, comments), and
// its export writes what converting the samples writes.
func TestUpgradeVersion3Archive(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("archive", "testdata", "v3-samples.db"))
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "v3.db")
	if err := os.WriteFile(db, b, 0o644); err != nil {
		t.Fatal(err)
	}
	const lin = `SELECT (SELECT count(*) FROM tags t JOIN record_sources s USING (record)
	                      WHERE t.name LIKE 'lin%' OR s.file LIKE '%.lin' AND t.name IN ('HomeTeam', 'VisitTeam', 'Room'))
	                  + (SELECT count(*) FROM comments WHERE kind LIKE 'lin%') AS n`
	code, out, errs := runCLI("query", "--db", db, "--format", "csv", lin)
	if want := "handrec: upgraded the archive " + db + " from schema version 3 to 4\n"; code != 0 || out != "n\n0\n" || errs != want {
		t.Errorf("query: exit %d, stdout %q, stderr %q; want 0, %q, %q", code, out, errs, "n\n0\n", want)
	}

	fresh := filepath.Join(t.TempDir(), "new.db")
	if code, _, errs := runCLI("import", "--db", fresh, "samples/"); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	for _, q := range []string{
		"SELECT id, hex(hash), room, tags, warnings FROM game ORDER BY id",
		"SELECT * FROM comments ORDER BY record, seq",
		"SELECT * FROM record_sources ORDER BY record, file",
	} {
		_, got, _ := runCLI("query", "--db", db, "--format", "csv", q)
		_, want, _ := runCLI("query", "--db", fresh, "--format", "csv", q)
		if got != want {
			t.Errorf("%s:\n%s\nwant, as imported now:\n%s", q, got, want)
		}
	}

	files, _ := filepath.Glob(filepath.Join("samples", "*"))
	for _, f := range files {
		for _, to := range []string{"lin", "pbn", "json"} {
			code, got, errs := runCLI("export", "--db", db, "--to", to, "--where", "file = '"+f+"'")
			if code != 0 {
				t.Errorf("export %s --to %s: exit %d: %s", f, to, code, errs)
			}
			_, want, _ := runCLI("convert", "--to", to, f)
			if got != want {
				t.Errorf("export %s --to %s:\n%.400s\nwant, as convert writes:\n%.400s", f, to, got, want)
			}
		}
	}
}
