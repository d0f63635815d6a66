package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// An archive that the handrec of schema version 8 made from samples/
// (handrec import samples/ at 3a26a74, which stored each game's model)
// opens, upgrades to the stored record (JSON 2, the layout with the link),
// and exports every file to PBN and LIN as that handrec exported it, byte
// for byte (testdata/v8-export holds what it wrote), and to JSON as an
// archive made today of the same files does (JSON 2 gives tables as data
// since, where that handrec gave their PBN text); and importing the
// samples again finds every game by its hash: nothing new.
func TestUpgradeVersion8ExportsSameBytes(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join("archive", "testdata", "v8-samples.db"))
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "v8.db")
	if err := os.WriteFile(db, b, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI("upgrade", "--db", db)
	if want := "handrec: upgraded the archive " + db + " from schema version 8 to " + strconv.Itoa(lastVersion(t)) + "\n"; code != 0 || out != "" || errs != want {
		t.Errorf("upgrade: exit %d, stdout %q, stderr %q; want 0, \"\", %q", code, out, errs, want)
	}
	_, held, _ := runCLI("query", "--db", db, "--format", "csv", "SELECT path FROM sources ORDER BY id")
	paths := strings.Fields(strings.TrimPrefix(held, "path\n"))
	if len(paths) != 11 {
		t.Fatalf("sources %q", paths)
	}
	today := filepath.Join(t.TempDir(), "today.db")
	if code, _, errs := runCLI(append([]string{"import", "--db", today}, paths...)...); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	for _, f := range paths {
		for _, to := range []string{"pbn", "lin", "json"} {
			var want []byte
			if to == "json" {
				_, js, _ := runCLI("export", "--db", today, "--to", to, "--where", "file = '"+f+"'")
				want = []byte(js)
			} else if want, err = os.ReadFile(filepath.Join("archive", "testdata", "v8-export", filepath.Base(f)+"."+to)); err != nil {
				t.Fatal(err)
			}
			code, got, errs := runCLI("export", "--db", db, "--to", to, "--where", "file = '"+f+"'")
			if code != 0 || got != string(want) {
				t.Errorf("export %s --to %s: exit %d (%s):\n%.400s\nwant:\n%.400s", f, to, code, errs, got, want)
			}
		}
	}
	code, _, errs = runCLI(append([]string{"import", "--db", db, "--again"}, paths...)...)
	if code != 0 {
		t.Fatalf("import --again: exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, ": 36 records, 0 new, 36 already there") {
		t.Errorf("import --again of the samples: %s; want every game found again", errs)
	}
	// a fresh archive of the samples holds the same games under the same hashes
	fresh := filepath.Join(t.TempDir(), "new.db")
	if code, _, errs := runCLI(append([]string{"import", "--db", fresh}, paths...)...); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	q := "SELECT id, hex(hash) FROM game ORDER BY id"
	_, got, _ := runCLI("query", "--db", db, "--format", "csv", q)
	_, want, _ := runCLI("query", "--db", fresh, "--format", "csv", q)
	if got != want {
		t.Errorf("hashes after the upgrade:\n%s\nwant, as imported now:\n%s", got, want)
	}
}
