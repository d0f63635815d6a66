package cli

import "testing"

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
