package cli

import (
	"strings"
	"testing"
)

// check recomputes every score a record states, a traveller row's and the
// Score tag's, and reports each that is wrong where it stands.
func TestCheckWrongScores(t *testing.T) {
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
