package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// check recomputes every score a record states, a traveller row's and the
// Score tag's, and reports each that is wrong where it stands.
func TestCheckWrongScores(t *testing.T) {
	t.Parallel()
	code, out, errs := runCLI("check", "--strict", "testdata/session/wrong_scores.pbn")
	const wantOut = "testdata/session/wrong_scores.pbn:12:1: traveller row 2: score NS 500 is not the score of 5DX by W taking 9 tricks, East-West not vulnerable: NS 300\n" +
		"testdata/session/wrong_scores.pbn:24:9: score: \"NS 600\" is not the score of 3NT by S taking 9 tricks, North-South not vulnerable: NS 400\n"
	const wantErr = "1 file, 2 boards, 2 errors, 0 warnings\n"
	if code != 1 || out != wantOut || errs != wantErr {
		t.Errorf("exit %d, stdout %q, stderr %q; want 1, %q, %q", code, out, errs, wantOut, wantErr)
	}
}

// score says on stderr each stated score that is not its contract's.
func TestScoreSaysWrongScores(t *testing.T) {
	t.Parallel()
	code, _, errs := runCLI("score", "testdata/session/wrong_scores.pbn")
	const want = "testdata/session/wrong_scores.pbn:12:1: warning: board 5: traveller row 2: score NS 500 is not the score of 5DX by W taking 9 tricks, East-West not vulnerable: NS 300\n" +
		"testdata/session/wrong_scores.pbn:24:9: warning: board 1: score: \"NS 600\" is not the score of 3NT by S taking 9 tricks, North-South not vulnerable: NS 400\n"
	if code != 0 || errs != want {
		t.Errorf("exit %d, stderr %q; want 0, %q", code, errs, want)
	}
}

// Absurd travellers: each cell out of its column's
// type or range, a pair at three tables of one board, multiplicities past
// any field are errors of check and warnings of session at their rows.
// A row whose contract, tricks or multiplicity is absurd is left out; a
// row whose stated score is none is compared by its contract's score.
func TestAbsurdTravellers(t *testing.T) {
	t.Parallel()
	const file = "testdata/session/absurd.pbn"
	rows := []struct{ at, board, msg, uses string }{
		{"11:2", "5", `traveller row 2: Contract "8NT" is not a contract (a level 1 to 7, a strain, X or XX; or Pass) and Result "20" is not a number of tricks (0 to 13): left out`, ""},
		{"12:2", "5", `traveller row 3: Result "-5" is not a number of tricks (0 to 13): left out`, ""},
		{"13:2", "5", `traveller row 4: Contract "0H" is not a contract (a level 1 to 7, a strain, X or XX; or Pass): left out`, ""},
		{"14:2", "5", `traveller row 5: Contract "4HXXX" is not a contract (a level 1 to 7, a strain, X or XX; or Pass): left out`, ""},
		{"15:2", "5", `traveller row 6: Score_NS "NaN" is not a score (a multiple of 10 from -7600 to 7600)`, " (the session uses 650)"},
		{"16:2", "5", `traveller row 7: Score_NS "Inf" is not a score (a multiple of 10 from -7600 to 7600)`, " (the session uses 650)"},
		{"17:2", "5", `traveller row 8: Score_NS "1e308" is not a score (a multiple of 10 from -7600 to 7600)`, " (the session uses 650)"},
		{"18:2", "5", `traveller row 9: Score_NS "999999999999999999999" is not a score (a multiple of 10 from -7600 to 7600)`, " (the session uses 650)"},
		{"19:1", "5", `traveller row 10: Score_NS "0x10" is not a score (a multiple of 10 from -7600 to 7600)`, " (the session uses 650)"},
		{"20:1", "5", `traveller row 11: Score_NS "650.5" is not a score (a multiple of 10 from -7600 to 7600)`, " (the session uses 650)"},
		{"21:2", "5", `traveller row 12: pair "1" (North-South) played the board at row 1 already: left out`, ""},
		{"22:2", "5", `traveller row 13: pair "1" (North-South) played the board at row 1 already: left out`, ""},
		{"30:2", "6", `traveller row 1: Multiplicity "2000000000" is not a number of results (1 to 10000): left out`, ""},
		{"31:2", "6", `traveller row 2: Multiplicity "9223372036854775807" is not a number of results (1 to 10000): left out`, ""},
	}
	var wantCheck, wantSession strings.Builder
	for _, r := range rows {
		wantCheck.WriteString(file + ":" + r.at + ": " + r.msg + "\n")
		wantSession.WriteString(file + ":" + r.at + ": warning: board " + r.board + ": " + r.msg + r.uses + "\n")
	}
	wantSession.WriteString("2 boards scored, 0 team matches\n")
	code, out, errs := runCLI("check", "--all", file)
	if code != 1 || out != wantCheck.String() || errs != "1 file, 2 boards, 14 errors, 0 warnings\n" {
		t.Errorf("check: exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 1, stdout:\n%s", code, out, errs, wantCheck.String())
	}
	code, out, errs = runCLI("session", file)
	if code != 0 || errs != wantSession.String() {
		t.Errorf("session: exit %d\nstderr:\n%s\nwant exit 0, stderr:\n%s", code, errs, wantSession.String())
	}
	// board 5 counts the seven rows whose contract scores them, all 650;
	// board 6 the two of multiplicity 1 and 2: three results
	for _, l := range []string{
		"method: mp: matchpoints (2 a pair beaten, 1 a tie; Neuberg for fewer results), from the Scoring tag \"MP\"; a board with fewer results is factored up to 7\n",
		"11       18       4H        S         11      650       6.00   6.00   50.00          50.00  Score_NS \"650.5\" is not a score (a multiple of 10 from -7600 to 7600)\n",
		"1        19       4H        S         10                                                    pair \"1\" (North-South) played the board at row 1 already: left out\n",
		"3        10       4S        N         9       -50                     1.33   10.67  11.11          88.89\n",
		"4        11       3NT       N         9       400       2             8.33   3.67   69.44          30.56\n",
		"2=    1 NS          1       6.00   12.00  50.00\n",
	} {
		if !strings.Contains(out, l) {
			t.Errorf("session: no line %q in\n%s", l, out)
		}
	}
}

// A traveller past the reader's cap: one board of 2,000 rows is cut at
// the 10,000th item, in row 1,666. session scores what was read but
// says the cut on stderr, where check says it, and exits 1; it said
// nothing and exited 0 (a traveller of 10,000 rows scored 1,426).
func TestSessionSaysItemCapCut(t *testing.T) {
	t.Parallel()
	f := filepath.Join(t.TempDir(), "cap.pbn")
	var b strings.Builder
	b.WriteString("[Event \"Big\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Scoring \"MP\"]\n" +
		"[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS\"]\n")
	for i := 1; i <= 2000; i++ {
		fmt.Fprintf(&b, "%d %d 4H S 10 420\n", i, i+5000)
	}
	if err := os.WriteFile(f, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	// 6 tags and 1,665 rows of 6 elements: 9,996 items; the row at line
	// 1,672 ("1666 6666 4H S 10 420") is cut at its fifth element, the
	// 10,001st item
	problems := f + ":7:1: table ScoreTable: the last row has 4 elements, not 6\n" +
		f + ":1672:16: more than 10,000 items (tags, calls, cards, comments, notes, marks) in this record, " +
		"the most one may hold; the rest of it, 7,355 bytes (to line 2,006), is not read\n"
	code, out, errs := runCLI("session", f)
	want := problems + f + ":1672:1: warning: board 1: traveller row 1666: unknown or incomplete result: left out\n" +
		"session: read 1 file (0 failed): 1 record, 1 with errors (board 1 at " + f + ":1), 0 with warnings, 1 cut at 10,000 items, the rest of them not read\n" +
		"1 board scored, 0 team matches\n"
	if code != 1 || errs != want {
		t.Errorf("session: exit %d, stderr %q\nwant exit 1, %q", code, errs, want)
	}
	if !strings.Contains(out, "a board with fewer results is factored up to 1665\n") {
		t.Errorf("session: stdout begins %q", out[:min(len(out), 300)])
	}
	code, out, errs = runCLI("check", f)
	if code != 1 || out != problems || errs != "1 file, 1 board, 2 errors, 0 warnings\n" {
		t.Errorf("check: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// A pair at one board in two travellers (here one file read twice: each
// pair "played" board 5 twice, and ranked with 2 boards without a word)
// is said at each row of the second, naming the first traveller; both are
// scored, as the session cannot tell which is the board's.
func TestSessionPairInTwoTravellers(t *testing.T) {
	t.Parallel()
	const f = "samples/club_traveller.pbn"
	code, out, errs := runCLI("session", f, f)
	var want strings.Builder
	for i, pairs := range [][2]string{{"1", "8"}, {"3", "6"}, {"5", "4"}, {"7", "2"}} {
		at := fmt.Sprintf("%s:%d:1", f, 20+i)
		for side, name := range []string{"North-South", "East-West"} {
			fmt.Fprintf(&want, "%s: warning: board 5: traveller row %d: pair %q (%s) played board 5 in the traveller at %s:4:1 already: "+
				"both are scored (a file read twice? two sections' pairs of one number?)\n", at, i+1, pairs[side], name, f)
		}
	}
	want.WriteString("2 boards scored, 0 team matches\n")
	if code != 0 || errs != want.String() {
		t.Errorf("exit %d, stderr:\n%s\nwant exit 0, stderr:\n%s", code, errs, want.String())
	}
	if !strings.Contains(out, "1     7     Berg, \"Bror\"   2       12.00  12.00  100.00\n") {
		t.Errorf("stdout:\n%s", out)
	}
}
