package cli

import (
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestExportParquetFails: an export to Parquet that fails on a view after
// the first (here plays, made to fail as it is read) says which and
// leaves no file: not the records, hands and calls written before it.
func TestExportParquetFails(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "a.db")
	if code, _, errs := runCLI("import", "--db", db, "samples/full_play.pbn"); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	raw, err := sql.Open("sqlite3", db)
	if err != nil {
		t.Fatal(err)
	}
	_, err = raw.Exec(`DROP VIEW plays;
CREATE VIEW plays AS SELECT id AS record, 1 AS seq, 1 AS trick, json_extract('{', '$') AS seat, NULL AS card, NULL AS leader,
       NULL AS winner, NULL AS note, NULL AS nags, NULL AS irregular FROM game`)
	raw.Close()
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	code, stdout, errs := runCLI("export", "--db", db, "--to", "parquet", "-o", out)
	if code != 1 || stdout != "" || errs != "handrec: export: plays: malformed JSON\n" {
		t.Errorf("export: exit %d, stdout %q, stderr %q; want 1 and handrec: export: plays: malformed JSON", code, stdout, errs)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("%s after the failed export: %v, want none", out, err)
	}
}
