package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// session prints the traveller with the method's columns, then the
// standings; a row whose stated score is not its contract's is scored
// with the recomputed one and said on stderr, where it stands.
func TestSessionMatchpoints(t *testing.T) {
	t.Parallel()
	code, out, errs := runCLI("session", "testdata/session/wrong_scores.pbn")
	const want = `method: mp: matchpoints (2 a pair beaten, 1 a tie; Neuberg for fewer results), from the Scoring tag "MP"; a board with fewer results is factored up to 4
fields: two (no pair sat both North-South and East-West): North-South and East-West ranked apart

Board 5 (testdata/session/wrong_scores.pbn:1:1), vulnerable NS
pair_ns  pair_ew  contract  declarer  result  score_ns  mp_ns  mp_ew  percentage_ns  percentage_ew  note
1        8        4H        S         11      650       4.00   2.00   66.67          33.33
3        6        5DX       W         9       300       2.00   4.00   33.33          66.67  score NS 500 is not the score of 5DX by W taking 9 tricks, East-West not vulnerable: NS 300
5        4        4H        S         9       -100      0.00   6.00   0.00           100.00
7        2        6H        N         12      1430      6.00   0.00   100.00         0.00

Standings, North-South
rank  pair  names  boards  total  top   percentage
1     7            1       6.00   6.00  100.00
2     1            1       4.00   6.00  66.67
3     3            1       2.00   6.00  33.33
4     5            1       0.00   6.00  0.00

Standings, East-West
rank  pair  names  boards  total  top   percentage
1     4            1       6.00   6.00  100.00
2     6            1       4.00   6.00  66.67
3     8            1       2.00   6.00  33.33
4     2            1       0.00   6.00  0.00
`
	const wantErr = "testdata/session/wrong_scores.pbn:12:1: warning: board 5: traveller row 2: score NS 500 is not the score of 5DX by W taking 9 tricks, East-West not vulnerable: NS 300 (the session uses 300)\n" +
		"1 board scored, 0 team matches\n"
	if code != 0 || out != want || errs != wantErr {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
}

// The vugraph sample's two boards, from its rs results: board 1 5CX by N
// down 3 (-500) against 4C by N down 2 (-100): 400 to Elms, 9 IMPs; board
// 2 4S by W made (-420) against 4S+1 (-450): 30 to Oaks, 1 IMP; with
// Elms' carry-over of 1.5, 1 - 10.5, VP 3.77 - 16.23 over two boards.
func TestSessionVugraphMatch(t *testing.T) {
	t.Parallel()
	code, out, errs := runCLI("session", "samples/vugraph_match.lin")
	const want = `Match Oaks - Elms (Sample Teams, Final 1 of 2), carry-over 0 - 1.5
board  open_ns  closed_ns  difference  imps_home  imps_visitors  home  visitors
1      -500     -100       -400                   9              0     10.5
2      -420     -450       30          1                         1     10.5
total Oaks 1 - 10.5 Elms over 2 boards, VP 3.77 - 16.23 (WBF continuous scale, 2 boards)
`
	if code != 0 || out != want || errs != "0 boards scored, 1 team match\n" {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
}

func TestSessionMethods(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		method string
		lines  []string
	}{
		{"butler", []string{"Board 5 (samples/club_traveller.pbn:4:1), vulnerable NS, datum 580",
			"1        8        4H        S         11      650       2.00    -2.00"}},
		{"butler-0", []string{"datum 620", "1        8        4H        S         11      650       1.00    -1.00"}},
		{"datum 650", []string{"datum 650", "7        2        6H        N         12      1430      13.00   -13.00"}},
		{"ximp", []string{"pair_ns  pair_ew  contract  declarer  result  score_ns  ximp_ns  ximp_ew  avg_ns  avg_ew  note",
			"1        8        4H        S         11      650       4.00     -4.00    1.33    -1.33"}},
		{"acbl", []string{"1        8        4H        S         11      650       2.00   1.00   66.67          33.33"}},
	} {
		code, out, _ := runCLI("session", "--method", c.method, "samples/club_traveller.pbn")
		if code != 0 {
			t.Errorf("%s: exit %d", c.method, code)
		}
		for _, l := range c.lines {
			if !strings.Contains(out, l+"\n") {
				t.Errorf("%s: no line %q in\n%s", c.method, l, out)
			}
		}
	}
}

func TestSessionVPScale(t *testing.T) {
	t.Parallel()
	code, out, _ := runCLI("session", "--vp-scale", "20")
	lines := strings.Split(out, "\n")
	if code != 0 || len(lines) != 2+69+1 || lines[3] != "1\t10.28\t9.72" || lines[4] != "2\t10.55\t9.45" || lines[70] != "68\t20.00\t0.00" {
		t.Errorf("exit %d, %d lines:\n%s", code, len(lines), out)
	}
}

func TestSessionUsage(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"session", "--method", "foo", "x.pbn"}, 2, "handrec: session: --method: unknown method \"foo\" (try mp, acbl, ximp, butler, butler-N, datum N)\nTry: handrec --help\n"},
		{[]string{"session", "--format", "xml", "x.pbn"}, 2, "handrec: session: --format must be text, json or csv, not \"xml\"\nTry: handrec --help\n"},
		{[]string{"session", "--vp-scale", "0"}, 2, "handrec: session: --vp-scale takes a number of boards from 1 to 10000, not 0\nTry: handrec --help\n"},
		{[]string{"session", "samples/full_play.pbn"}, 1, "handrec: session: samples/full_play.pbn: no traveller (ScoreTable), no team match (Open and Closed rooms) and no board played at two tables or more to score\n"},
		{[]string{"session", "--min-boards", "x", "x.pbn"}, 2, "handrec: session: --min-boards \"x\": give a number of boards (12), a percentage of the most a pair played (70%), or 0\nTry: handrec --help\n"},
		{[]string{"session", "--adjust", "a.lin=14", "x.pbn"}, 2, "handrec: session: --adjust \"a.lin=14\": give FILE=TRICKS (declarer's, 0-13) or FILE=A and two marks of = + - (N-S's, E-W's: A=+)\nTry: handrec --help\n"},
		{[]string{"session", "--substitute", "bob", "x.pbn"}, 2, "handrec: session: --substitute \"bob\": give SUB=PLAYER, the substitute and the player they sat in for\nTry: handrec --help\n"},
	} {
		code, out, errs := runCLI(c.args...)
		if code != c.code || out != "" || errs != c.err {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d, %q", c.args, code, out, errs, c.code, c.err)
		}
	}
}

// convert adds the method's columns to each traveller and, asked, the
// standings as PBN 2.1's TotalScoreTable in the last record, the
// session's: its pairs sat one way each, so North-South and East-West are
// two fields, each pair's in a column of its own; what it writes reads
// back whole.
func TestConvertSessionColumns(t *testing.T) {
	t.Parallel()
	code, out, errs := runCLI("convert", "--to", "pbn", "--utf8", "--session-columns", "mp", "--standings", "samples/club_traveller.pbn")
	const want = `[ScoreTable "Round;PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;Names_NS;MP_NS;MP_EW;Percentage_NS;Percentage_EW"]
1 1 8 "4H" S 11 650 - "Nilsen-Håland" 4 2 66.67 33.33
2 3 6 "5DX" W 8 500 - "Dahl-Eik" 2 4 33.33 66.67
3 5 4 "4H" S 9 - 100 "Lie-Moe" 0 6 0 100
4 7 2 "6H" N 12 1430 - "Berg, \"Bror\"" 6 0 100 0
[TotalScoreTable "Rank;PairId;Names;NrBoards;TotalMP;TotalPercentage;Direction"]
1 7 "Berg, \"Bror\"" 1 6 100 NS
2 1 "Nilsen-Håland" 1 4 66.67 NS
3 3 "Dahl-Eik" 1 2 33.33 NS
4 5 "Lie-Moe" 1 0 0 NS
1 4 - 1 6 100 EW
2 6 - 1 4 66.67 EW
3 8 - 1 2 33.33 EW
4 2 - 1 0 0 EW

`
	// PBN's export format ends its lines with CR LF, and the file with an
	// empty line
	if code != 0 || !strings.HasSuffix(strings.ReplaceAll(out, "\r\n", "\n"), want) || errs != "" {
		t.Errorf("exit %d, stderr %q, stdout:\n%s", code, errs, out)
	}
	dir := t.TempDir()
	p := dir + "/c.pbn"
	if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runCLI("check", "--strict", p); code != 0 {
		t.Errorf("check of the converted file: exit %d, %s", code, errs)
	}
	for _, c := range []struct {
		args []string
		err  string
	}{
		{[]string{"convert", "--to", "lin", "--session-columns", "mp", "samples/club_traveller.pbn"}, "handrec: convert: --session-columns adds table columns that only PBN and JSON carry, not LIN\nTry: handrec --help\n"},
		{[]string{"convert", "--to", "pbn", "--standings", "samples/club_traveller.pbn"}, "handrec: convert: --standings needs --session-columns METHOD\nTry: handrec --help\n"},
		{[]string{"convert", "--to", "pbn", "--session-columns", "x", "samples/club_traveller.pbn"}, "handrec: convert: --session-columns: unknown method \"x\" (try mp, acbl, ximp, butler, butler-N, datum N)\nTry: handrec --help\n"},
	} {
		if code, _, errs := runCLI(c.args...); code != 2 || errs != c.err {
			t.Errorf("%v: exit %d, stderr %q; want 2, %q", c.args, code, errs, c.err)
		}
	}
}

// A Mitchell of two boards, worked by hand (testdata/session/mitchell.pbn
// says how): board 2's one result is factored up to the three of board 1
// by Neuberg, (0+1)*3/1-1 = 2 of 4; the artificial score is 60% of the top
// to NS 2 and 40% to EW 3; the table that did not play is shown and left
// out. Pair ids sit both ways on a board, so a pair is its id and
// direction, and North-South and East-West are ranked apart: 2 NS 6.4 of
// 8, 1 NS 50%; 3 EW 5.6, 2 EW 25%; 3 NS and 1 EW played one board of the
// two, fewer than the 70% of them a pair plays to be ranked, and follow
// their field unranked ("-").
// The files beside it hold the text and JSON output and the CSV of
// cross-IMPs, each exact.
func TestSessionMitchell(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		file string
	}{
		{[]string{"session", "testdata/session/mitchell.pbn"}, "testdata/session/mitchell.txt"},
		{[]string{"session", "--format", "json", "testdata/session/mitchell.pbn"}, "testdata/session/mitchell.json"},
		{[]string{"session", "--format", "csv", "--method", "ximp", "testdata/session/mitchell.pbn"}, "testdata/session/mitchell_ximp.csv"},
	} {
		want, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		code, out, errs := runCLI(c.args...)
		const wantErr = "testdata/session/mitchell.pbn:24:1: warning: board 2: traveller row 3: unknown or incomplete result: left out\n2 boards scored, 0 team matches\n"
		if code != 0 || out != string(want) || errs != wantErr {
			t.Errorf("%v: exit %d, stderr %q\n got:\n%s\nwant:\n%s", c.args, code, errs, out, want)
		}
	}
}

// A PBN team match, its teams named by HomeTeam and VisitTeam and its rooms
// by Room, in one file or as two files (the Open room's and the Closed
// room's), worked by hand: board 1 (none vulnerable) 4H by S made (+420)
// against 2H+2 (+170), 250 to Lions, 6 IMPs; board 2 (NS vulnerable) 3NT
// by N down 1 (-100) against 3NT by S made (+600), 700 to Tigers, 12
// IMPs; board 3 (EW vulnerable) 4S+1 by W in both rooms (-650), no swing.
// Lions 6 - 12 Tigers, B = 15*sqrt(3): VP 13.71 to Tigers, 6.29 to Lions.
func TestSessionPBNTeamMatch(t *testing.T) {
	t.Parallel()
	const want = `Match Lions - Tigers (Club teams), carry-over 0 - 0
board  open_ns  closed_ns  difference  imps_home  imps_visitors  home  visitors
1      420      170        250         6                         6     0
2      -100     600        -700                   12             6     12
3      -650     -650       0                                     6     12
total Lions 6 - 12 Tigers over 3 boards, VP 6.29 - 13.71 (WBF continuous scale, 3 boards)
`
	for _, files := range [][]string{
		{"testdata/session/teams_rooms.pbn"},
		{"testdata/session/teams_open.pbn", "testdata/session/teams_closed.pbn"},
		{"testdata/session/teams_closed.pbn", "testdata/session/teams_open.pbn"},
	} {
		code, out, errs := runCLI(append([]string{"session"}, files...)...)
		if code != 0 || out != want || errs != "0 boards scored, 1 team match\n" {
			t.Errorf("%v: exit %d\nstdout:\n%s\nstderr:\n%s", files, code, out, errs)
		}
	}
}

// session --vp-scale prints every row of the published WBF tables at 4, 8,
// 12 and 24 boards (model/scoring/testdata/wbfvp, each file naming its
// source) as the table has it: the margin, the winner's VP, the loser's.
func TestSessionVPScalePublished(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("model/scoring/testdata/wbfvp/*.txt")
	if err != nil || len(files) != 4 {
		t.Fatalf("tables %v, %v", files, err)
	}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			if !strings.HasPrefix(l, "#") {
				want = append(want, l)
			}
		}
		boards := strings.TrimSuffix(filepath.Base(path), ".txt")
		code, out, errs := runCLI("session", "--vp-scale", boards)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if code != 0 || errs != "" || len(lines) < 2 || lines[1] != "imps\twinner\tloser" {
			t.Fatalf("%s boards: exit %d, stderr %q, head %q", boards, code, errs, lines[:min(2, len(lines))])
		}
		if got := strings.Join(lines[2:], "\n"); got != strings.Join(want, "\n") {
			t.Errorf("%s boards: the scale printed is not the table %s:\n%s", boards, path, got)
		}
	}
}

// A vugraph file that holds the play of some rooms only still lists
// every table's result in its rs: session scores the rooms it has no
// play for from rs, so the sample without its closed room of board 2
// (or of board 1) gives the whole sample's match.
func TestSessionRoomFromRS(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("samples/vugraph_match.lin")
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	_, want, _ := runCLI("session", "samples/vugraph_match.lin")
	c1, o2, c2 := strings.Index(text, "qx|c1|"), strings.Index(text, "qx|o2|"), strings.Index(text, "qx|c2|")
	for name, cut := range map[string]string{"no closed room of board 2": text[:c2], "no closed room of board 1": text[:c1] + text[o2:]} {
		p := filepath.Join(t.TempDir(), "cut.lin")
		if err := os.WriteFile(p, []byte(cut), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errs := runCLI("session", p)
		if code != 0 || out != want || errs != "0 boards scored, 1 team match\n" {
			t.Errorf("%s: exit %d, stderr %q, stdout\n%s\nwant\n%s", name, code, errs, out, want)
		}
	}
}

// A corpus file of the fifth segment of a match (boards 16 to 18) holds
// the closed room's play of board 18 only; rs gives the results of the
// closed room of boards 16 and 17 too, and the stanza counts 3 boards. Its
// carry-over is the four stanzas before it: no VPs for it alone.
func TestSessionRoomFromRSCorpus(t *testing.T) {
	t.Parallel()
	const f = "../shared/corpus/lin/eduucaldas-AlphaBridge/BBO/raw_lin_data/423/42350.lin"
	if _, err := os.Stat(f); err != nil {
		t.Skip("no corpus: ", err)
	}
	const want = "Match Vainikonis - Gupta (A 2015 Resisinger Final, 5 of 9), carry-over 55 - 41\n" +
		"board  open_ns  closed_ns  difference  imps_home  imps_visitors  home  visitors\n" +
		"16     -620     -620       0                                     55    41\n" +
		"17     140      140        0                                     55    41\n" +
		"18     -90      -80        -10                                   55    41\n" +
		"stanza 5 of 9: Vainikonis 0 - 0 Gupta over 3 boards; running score Vainikonis 55 - 41 Gupta\n" +
		"total Vainikonis 55 - 41 Gupta over 3 boards; no VPs: 5 of 9: its carry-over 55 - 41 is the IMPs of the stanzas before it, " +
		"which are not in the input; the victory points are for the match's total over all its boards\n"
	code, out, errs := runCLI("session", f)
	if code != 0 || out != want || errs != "0 boards scored, 1 team match\n" {
		t.Errorf("exit %d, stderr %q, stdout\n%s\nwant\n%s", code, errs, out, want)
	}
}
