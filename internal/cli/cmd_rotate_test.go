package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRotateTables: --rotate turns a board declared by West so that South
// declares (three seats clockwise): its double-dummy table goes with the
// hands, its recorded score ("EW 190") to the side that now declares, and
// its traveller's declarers with them, its NS and EW columns changing
// names while every element stays in its place; dd --verify of
// the turned board finds the table right, as of the board itself.
func TestRotateTables(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := filepath.Join(dir, "trav.pbn")
	lines := []string{`[Board "3"]`, `[Dealer "S"]`, `[Vulnerable "EW"]`,
		`[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]`,
		`[Declarer "W"]`, `[Contract "4C"]`, `[Result "13"]`, `[Score "EW 190"]`,
		`[OptimumResultTable "Declarer;Denomination\2R;Result\2R"]`, `N  S 13`, `E  H 13`, `W  C 13`, `W NT  0`,
		`[ScoreTable "PairId_NS\2R;PairId_EW\2R;Contract\4L;Declarer\1R;Result\2R;Score_NS\5R;Score_EW\5R;Names_EW"]`,
		` 1  8 4C   W 13 -      190 "Berg - Dahl"`, ` 3  6 "7S" N 13 1510 -   "Eik - Moe"`, ``}
	if err := os.WriteFile(src, []byte(strings.Join(lines, "\r\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	rot := filepath.Join(dir, "rot.pbn")
	if code, _, errs := runCLI("convert", "--to", "pbn", "--rotate", src, "-o", rot); code != 0 {
		t.Fatalf("convert: exit %d, %s", code, errs)
	}
	b, err := os.ReadFile(rot)
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	got = got[strings.Index(got, "[Dealer"):]
	want := strings.Join([]string{`[Dealer "E"]`, `[Vulnerable "NS"]`,
		`[Deal "E:..AKQJT98765432. ...AKQJT98765432 AKQJT98765432... .AKQJT98765432.."]`, `[Scoring "?"]`,
		`[Declarer "S"]`, `[Contract "4C"]`, `[Result "13"]`, `[Score "NS 190"]`,
		`[OptimumResultTable "Declarer;Denomination\2R;Result\2R"]`, `N  H 13`, `S NT  0`, `S  C 13`, `W  S 13`,
		`[ScoreTable "PairId_EW\2R;PairId_NS\2R;Contract\4L;Declarer\1R;Result\2R;Score_EW\5R;Score_NS\5R;Names_NS"]`,
		` 1  8 4C   S 13     -   190 "Berg - Dahl"`, ` 3  6 "7S" W 13  1510     - "Eik - Moe"`, ``, ``}, "\r\n")
	if got != want {
		t.Errorf("turned:\n%s\nwant:\n%s", got, want)
	}
	for _, p := range []string{src, rot} {
		if code, _, errs := runCLI("dd", "--verify", p); code != 0 || errs != "" {
			t.Errorf("dd --verify %s: exit %d, stderr %q", filepath.Base(p), code, errs)
		}
	}
}

// TestRotateVerifySample is the case: the first board of
// notes_commentary.pbn turned so that South declares; dd --verify finds in
// the turned table the two numbers it finds wrong in the board's own, at
// the seats they went to, and no other.
func TestRotateVerifySample(t *testing.T) {
	t.Parallel()
	rot := filepath.Join(t.TempDir(), "rot.pbn")
	if code, _, errs := runCLI("convert", "--to", "pbn", "--boards", "1", "--rotate", "samples/notes_commentary.pbn", "-o", rot); code != 0 {
		t.Fatalf("convert: exit %d, %s", code, errs)
	}
	code, _, errs := runCLI("dd", "--verify", "samples/notes_commentary.pbn")
	want := "samples/notes_commentary.pbn:38:1: board 1: N makes 10 tricks in S, the double-dummy table says 5\n" +
		"samples/notes_commentary.pbn:38:1: board 1: N makes 6 tricks in NT, the double-dummy table says 4\n"
	if code != exitInput || errs != want {
		t.Errorf("dd --verify of the sample: exit %d, stderr\n%s\nwant\n%s", code, errs, want)
	}
	code, _, errs = runCLI("dd", "--verify", rot)
	want = rot + ":39:1: board 1: W makes 10 tricks in S, the double-dummy table says 5\n" +
		rot + ":39:1: board 1: W makes 6 tricks in NT, the double-dummy table says 4\n"
	if code != exitInput || errs != want {
		t.Errorf("dd --verify of the turned board: exit %d, stderr\n%s\nwant\n%s", code, errs, want)
	}
}
