package main

import (
	"os"
	"path/filepath"
	"regexp"
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
// and today's in PBN's trailer layout). Importing that file again finds
// its game by its hash: nothing new. (JSON but for the records' "tag_order",
// which that handrec stated for the order of a source's tags and today's
// keeps in PBN's layout only where the PBN writer needs it: these files'
// records need none.)
func TestArchive19ExportsSameBytes(t *testing.T) {
	oldTagOrder := regexp.MustCompile(`"tag_order":\[[^\]]*\],`)
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
			want, err := os.ReadFile(filepath.Join("archive", "testdata", "v19-export", filepath.Base(f)+"."+to))
			if err != nil {
				t.Fatal(err)
			}
			if to == "json" {
				want = oldTagOrder.ReplaceAll(want, nil)
			}
			code, got, errs := runCLI("export", "--db", db, "--to", to, "--where", "file = '"+f+"'")
			if code != 0 || got != string(want) {
				t.Errorf("export %s --to %s: exit %d (%s):\n%.600s\nwant:\n%.600s", f, to, code, errs, got, want)
			}
		}
	}
	extra := filepath.Join("archive", "testdata", "v19-extra", "trailer.pbn")
	code, _, errs := runCLI("import", "--db", db, "--again", extra)
	if code != 0 || !strings.Contains(errs, ": 1 records, 0 new, 1 already there") {
		t.Errorf("import --again %s: exit %d, %s; want its game found again", extra, code, errs)
	}
}
