package cli

import (
	"path/filepath"
	"testing"
)

// The archive scores in SQL as session does: imp, vp and ns_score on
// every connection, traveller_scores with the recomputed score (row 2's
// stated 500 is 300), the matchpoints, percentages and cross-IMP averages
// of each row (650 wins 8 against 300 and 13 against -100, loses 13
// against 1430: 8/3), match_boards with the open and closed rooms of the
// vugraph sample and their IMPs (8 to the visitors over 2 boards: 4.50 VP
// to the home team, the carry-over not counted).
func TestArchiveSessionSQL(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "a.db")
	if code, _, errs := runCLI("import", "--db", db, "testdata/session/wrong_scores.pbn", "samples/vugraph_match.lin"); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	for _, c := range []struct{ query, want string }{
		{"SELECT imp(450), imp(-400), imp(NULL), vp(2.5, 3), vp(-9.5, 2), ns_score('5DX','W',9,'NS'), ns_score('3NT','S',9,'None'), ns_score('Pass', NULL, NULL, 'All')",
			"imp(450)  imp(-400)  imp(NULL)  vp(2.5, 3)  vp(-9.5, 2)  ns_score('5DX','W',9,'NS')  ns_score('3NT','S',9,'None')  ns_score('Pass', NULL, NULL, 'All')\n" +
				"--------  ---------  ---------  ----------  -----------  --------------------------  ----------------------------  -----------------------------------\n" +
				"      10         -9       NULL        11.7         3.77                         300                           400                                    0\n"},
		{"SELECT row, contract, declarer, result, stated_ns, computed_ns, score_ns, score_error, mp_ns, mp_ew, percentage_ns, ximp_ns FROM traveller_scores",
			"row  contract  declarer  result  stated_ns  computed_ns  score_ns  score_error  mp_ns  mp_ew  percentage_ns  ximp_ns\n" +
				"---  --------  --------  ------  ---------  -----------  --------  -----------  -----  -----  -------------  -------\n" +
				"  1  4H        S             11        650          650       650            0      4      2          66.67     2.67\n" +
				"  2  5DX       W              9        500          300       300            1      2      4          33.33    -4.67\n" +
				"  3  4H        S              9       -100         -100      -100            0      0      6              0      -13\n" +
				"  4  6H        N             12       1430         1430      1430            0      6      0            100       15\n"},
		{"SELECT board, open_contract, open_ns, closed_contract, closed_ns, difference, imps, vp(sum(imps) OVER (), 2) AS vp FROM match_boards",
			"board  open_contract  open_ns  closed_contract  closed_ns  difference  imps   vp\n" +
				"-----  -------------  -------  ---------------  ---------  ----------  ----  ---\n" +
				"    1  5CX               -500  4C                    -100        -400    -9  4.5\n" +
				"    2  4S                -420  4S                    -450          30     1  4.5\n"},
	} {
		code, out, errs := runCLI("query", "--db", db, c.query)
		if code != 0 || out != c.want {
			t.Errorf("%s: exit %d, stderr %q\n got:\n%s\nwant:\n%s", c.query, code, errs, out, c.want)
		}
	}
	// session reads the archive as it reads files
	code, out, _ := runCLI("session", "--db", db, "--where", "room IS NOT NULL")
	const want = "Match Oaks - Elms (Sample Teams, Final 1 of 2), carry-over 0 - 1.5\n" +
		"board  open_ns  closed_ns  difference  imps_home  imps_visitors  home  visitors\n" +
		"1      -500     -100       -400                   9              0     10.5\n" +
		"2      -420     -450       30          1                         1     10.5\n" +
		"total Oaks 1 - 10.5 Elms over 2 boards, VP 3.77 - 16.23 (WBF continuous scale, 2 boards)\n"
	if code != 0 || out != want {
		t.Errorf("session --db: exit %d\n%s", code, out)
	}
}

// session --db warns of a traveller row where the row stands in the file
// it was imported from, as session of the file does, not where the
// record starts (the archive keeps the rows' places: game_source.row_pos).
func TestSessionArchiveWarnsAtRow(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "a.db")
	files := []string{"testdata/session/mitchell.pbn", "testdata/session/wrong_scores.pbn"}
	if code, _, errs := runCLI(append([]string{"import", "--db", db}, files...)...); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	const want = "testdata/session/mitchell.pbn:24:1: warning: board 2: traveller row 3: unknown or incomplete result: left out\n" +
		"testdata/session/wrong_scores.pbn:12:1: warning: board 5: traveller row 2: score NS 500 is not the score of 5DX by W taking 9 tricks, East-West not vulnerable: NS 300 (the session uses 300)\n" +
		"3 boards scored, 0 team matches\n"
	_, fromFiles, errs := runCLI(append([]string{"session"}, files...)...)
	if errs != want {
		t.Fatalf("session of the files: stderr\n%s\nwant\n%s", errs, want)
	}
	code, out, errs := runCLI("session", "--db", db)
	if code != 0 || errs != want || out != fromFiles {
		t.Errorf("session --db: exit %d, stderr\n%s\nwant\n%s\nstdout the files': %v", code, errs, want, out == fromFiles)
	}
}
