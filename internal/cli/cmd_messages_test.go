package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// floodFile writes a PBN file of n boards, each with a board number and a
// dealer that cannot be read, and a deal: two kinds of problem, n of each,
// in records that are kept.
const floodDeal = `[Deal "N:QT65.K7642.AT7.J 932.JT5.Q932.875 J874.AQ983..KT64 AK..KJ8654.AQ932"]`

func floodFile(t *testing.T, dir string, n int) string {
	t.Helper()
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "[Board \"b%d\"]\n[Dealer \"Q\"]\n%s\n\n", i, floodDeal)
	}
	path := filepath.Join(dir, "flood.pbn")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// floodLines are the lines check and import print for floodFile(8): five of
// each kind, then a line a kind for the rest.
func floodLines(path string) string {
	var b strings.Builder
	for i := 1; i <= 5; i++ {
		l := 4*i - 3
		fmt.Fprintf(&b, "%s:%d:9: board: \"b%d\" is not a positive number\n%s:%d:10: dealer: bad seat \"Q\"\n", path, l, i, path, l+1)
	}
	fmt.Fprintf(&b, "%s: ... and 3 more of this kind: board: \"b1\" is not a positive number\n", path)
	fmt.Fprintf(&b, "%s: ... and 3 more of this kind: dealer: bad seat \"Q\"\n", path)
	return b.String()
}

// check prints the first five problems of each kind a file and counts
// the rest; --all prints them all, --quiet only the summary, and the JSON
// lists them all.
func TestCheckProblemFlood(t *testing.T) {
	t.Parallel()
	path := floodFile(t, t.TempDir(), 8)
	sum := "1 file, 8 boards, 16 errors, 0 warnings\n"
	code, out, errs := runCLI("check", path)
	if code != 1 || out != floodLines(path) || errs != sum {
		t.Errorf("check: exit %d\n%s%s\nwant exit 1\n%s%s", code, out, errs, floodLines(path), sum)
	}
	code, out, errs = runCLI("check", "--all", path)
	if n := strings.Count(out, "\n"); code != 1 || n != 16 || strings.Contains(out, "more of this kind") || errs != sum {
		t.Errorf("check --all: exit %d, %d lines\n%s%s", code, n, out, errs)
	}
	code, out, errs = runCLI("check", "--quiet", path)
	if code != 1 || out != "" || errs != sum {
		t.Errorf("check --quiet: exit %d, %q %q", code, out, errs)
	}
	code, out, _ = runCLI("check", "--format", "json", path)
	if n := strings.Count(out, `"severity":"error"`); code != 1 || n != 16 {
		t.Errorf("check --format json: exit %d, %d problems listed, want 16", code, n)
	}
}

// import prints its problems as check does, on stderr; a record kept
// with faults in its data does not fail the import, unless --strict.
func TestImportProblemFloodAndExit(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := floodFile(t, dir, 8)
	db := filepath.Join(dir, "a.db")
	sum := "imported into " + db + ": 1 file (0 imported before, 0 the same as a file read above, 0 failed): " +
		"8 records, 8 new, 0 already there, 8 with errors, 0 left out, 0 with warnings\n"
	code, out, errs := runCLI("import", "--db", db, path)
	if code != 0 || out != "" || errs != floodLines(path)+sum {
		t.Errorf("import: exit %d, %q\n%s\nwant exit 0\n%s%s", code, out, errs, floodLines(path), sum)
	}
	db2 := filepath.Join(dir, "b.db")
	code, _, errs = runCLI("import", "--db", db2, "--strict", "--quiet", path)
	if want := strings.ReplaceAll(sum, db, db2); code != 1 || errs != want {
		t.Errorf("import --strict --quiet: exit %d, %q; want exit 1, %q", code, errs, want)
	}
}

// The first import of two files of equal content into a new archive says
// that the second is the same as a file read above, not "imported before";
// a later import of either says "imported before".
func TestImportSameFileTwice(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src, err := os.ReadFile("samples/full_play.pbn")
	if err != nil {
		t.Fatal(err)
	}
	a, b := filepath.Join(dir, "a.pbn"), filepath.Join(dir, "b.pbn")
	os.WriteFile(a, src, 0o644)
	os.WriteFile(b, src, 0o644)
	db := filepath.Join(dir, "x.db")
	code, _, errs := runCLI("import", "--db", db, a, b)
	want := "imported into " + db + ": 2 files (0 imported before, 1 the same as a file read above, 0 failed): " +
		"4 records, 2 new, 2 already there, 0 with errors, 0 left out, 0 with warnings\n"
	if code != 0 || errs != want {
		t.Errorf("first import: exit %d, %q; want %q", code, errs, want)
	}
	code, _, errs = runCLI("import", "--db", db, b)
	want = "imported into " + db + ": 1 file (1 imported before, 0 the same as a file read above, 0 failed): " +
		"2 records, 0 new, 2 already there, 0 with errors, 0 left out, 0 with warnings\n"
	if code != 0 || errs != want {
		t.Errorf("second import: exit %d, %q; want %q", code, errs, want)
	}
}

func TestThousands(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 5112: "5,112", 1234567: "1,234,567", -51146: "-51,146"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

// An export that selects nothing writes a file of a header only, and says
// so on stderr.
func TestExportNothingSays(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db, out := filepath.Join(dir, "a.db"), filepath.Join(dir, "e.pbn")
	if code, _, errs := runCLI("import", "--db", db, "samples/full_play.pbn"); code != 0 {
		t.Fatalf("import: exit %d, %s", code, errs)
	}
	code, stdout, errs := runCLI("export", "--db", db, "--where", "board = 999", "--to", "pbn", "-o", out)
	if want := "handrec: export: 0 records (no record matches --where)\n"; code != 0 || stdout != "" || errs != want {
		t.Errorf("export --where nothing: exit %d, %q %q; want 0, %q", code, stdout, errs, want)
	}
	if b, err := os.ReadFile(out); err != nil || string(b) != "% PBN 2.1\r\n% EXPORT\r\n\r\n" {
		t.Errorf("export --where nothing wrote %q, %v", b, err)
	}
	code, _, errs = runCLI("export", "--db", db, "--where", "board = 1", "--to", "pbn", "-o", out)
	if code != 0 || errs != "" {
		t.Errorf("export of a board: exit %d, stderr %q; want 0, nothing", code, errs)
	}
}
