package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An archive that handrec made at schema version 19 (handrec import
// samples/ archive/testdata/v19-extra/ at 40fcbc5, which stored each
// game's JSON 2 and its layout apart) opens with today's handrec (and
// upgrades, once the schema has moved on) and exports every file to PBN,
// LIN and JSON as that handrec exported it, byte for byte
// (testdata/v19-export holds what it wrote): its header, its games and
// what followed its last game (v19-extra/trailer.pbn ends with an escape
// line, a ";" and a "{" comment, which that handrec kept in the document
// and today's in PBN's trailer layout). JSON 2 gives a comment no kind
// since schema version 22 (the layouts hold how it was written), nor a
// record its "tag_order" (PBN's layout keeps it where PBN's writer needs
// it): the JSON
// exported is what today's handrec makes of the JSON exported then,
// converted to JSON. Importing every file again finds its games by their
// hashes, which the upgrade took again: nothing new.
func TestArchive19ExportsSameBytes(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join("archive", "testdata", "v19-samples.db"))
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "v19.db")
	if err := os.WriteFile(db, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runCLI("upgrade", "--db", db); code != 0 {
		t.Fatalf("upgrade: exit %d: %s", code, errs)
	}
	_, held, _ := runCLI("query", "--db", db, "--format", "csv", "SELECT path FROM sources ORDER BY id")
	paths := strings.Fields(strings.TrimPrefix(held, "path\n"))
	if len(paths) != 13 {
		t.Fatalf("sources %q", paths)
	}
	for _, f := range paths {
		for _, to := range []string{"pbn", "lin", "json"} {
			old := filepath.Join("archive", "testdata", "v19-export", filepath.Base(f)+"."+to)
			want, err := os.ReadFile(old)
			if err != nil {
				t.Fatal(err)
			}
			if to == "json" {
				code, js, errs := runCLI("convert", "--to", "json", old)
				if code != 0 {
					t.Fatalf("convert %s: exit %d: %s", old, code, errs)
				}
				want = []byte(js)
			}
			code, got, errs := runCLI("export", "--db", db, "--to", to, "--where", "file = '"+f+"'")
			if code != 0 || got != string(want) {
				t.Errorf("export %s --to %s: exit %d (%s):\n%.600s\nwant:\n%.600s", f, to, code, errs, got, want)
			}
		}
	}
	code, _, errs := runCLI(append([]string{"import", "--db", db, "--again"}, paths...)...)
	if code != 0 || !strings.Contains(errs, ": 60 records, 0 new, 60 already there") {
		t.Errorf("import --again: exit %d, %s; want every game found again", code, errs)
	}
	if _, n, _ := runCLI("query", "--db", db, "--format", "csv", "SELECT count(*) AS n FROM game"); n != "n\n60\n" {
		t.Errorf("games after importing again: %q, want 60", n)
	}
}
