package cli

import (
	"bytes"
	"encoding/csv"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// sessionCSVRows are the rows `handrec session --format csv` computes for
// args, each as the words a sheet prints for it: a traveller row's cells
// from its pairs to its last computed column (a stated score that is not
// the contract's marked "*", as the sheet marks it), a standings row's
// cells, the empty ones left out.
func sessionCSVRows(t *testing.T, args ...string) []string {
	t.Helper()
	code, out, errs := runCLI(append([]string{"session", "--format", "csv"}, args...)...)
	if code != 0 {
		t.Fatalf("session %v: exit %d: %s", args, code, errs)
	}
	var rows []string
	for _, part := range strings.Split(out, "\n\n") {
		recs, err := csv.NewReader(strings.NewReader(part)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) == 0 {
			continue
		}
		for _, rec := range recs[1:] {
			cells := rec
			switch recs[0][0] {
			case "match", "field":
				cells = rec[1:]
			case "file":
				cells = rec[3 : len(rec)-1]
				if strings.Contains(rec[len(rec)-1], "is not the score of") {
					cells[5] += "*"
				}
			}
			var words []string
			for _, c := range cells {
				words = append(words, strings.Fields(c)...)
			}
			rows = append(rows, strings.Join(words, " "))
		}
	}
	return rows
}

// inOrder checks that the lines of text hold each of rows, word for
// word, in order.
func inOrder(t *testing.T, what, text string, rows []string) {
	t.Helper()
	lines := strings.Split(text, "\n")
	i := 0
	for _, want := range rows {
		for i < len(lines) && strings.Join(strings.Fields(lines[i]), " ") != want {
			i++
		}
		if i == len(lines) {
			t.Errorf("%s: no line %q (in order) in:\n%s", what, want, text)
			return
		}
		i++
	}
}

// htmlCells is an HTML sheet's text, a line a line of the source, the
// tags gone and each cell's text a word apart from the next.
func htmlCells(s string) string {
	s = strings.NewReplacer("</td>", " ", "</th>", " ").Replace(s)
	return html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(s, ""))
}

// `sheet --session` prints under each board its traveller with the
// columns `session` computes, and then the standings, in text, HTML and PDF:
// every traveller row and every standings row of `session --format csv`
// stands in the sheet, word for word and in order, for the club traveller
// (matchpoints from its Scoring tag), the Mitchell (matchpoints with
// Neuberg and an artificial score, cross-IMPs) and a traveller with a
// wrong stated score (Butler, the contract's score used and marked); and
// every line of the team matches (a PBN match in rooms, the vugraph
// match with its carry-over).
func TestSheetSessionColumns(t *testing.T) {
	t.Parallel()
	pdf := true
	if _, err := exec.LookPath("pdftotext"); err != nil {
		pdf = false
	}
	dir := t.TempDir()
	for i, c := range []struct{ file, method string }{
		{"samples/club_traveller.pbn", ""},
		{"testdata/session/mitchell.pbn", ""},
		{"testdata/session/mitchell.pbn", "ximp"},
		{"testdata/session/wrong_scores.pbn", "butler"},
		{"testdata/session/wrong_scores.pbn", "acbl"},
		{"testdata/session/teams_rooms.pbn", ""},
		{"samples/vugraph_match.lin", ""},
	} {
		args := []string{c.file}
		if c.method != "" {
			args = []string{"--method", c.method, c.file}
		}
		want := sessionCSVRows(t, args...)
		if len(want) == 0 {
			t.Fatalf("%v: %d rows from session", args, len(want))
		}
		code, out, errs := runCLI(append([]string{"sheet", "--session", "--format", "txt"}, args...)...)
		if code != 0 {
			t.Fatalf("sheet %v: exit %d: %s", args, code, errs)
		}
		inOrder(t, "txt "+strings.Join(args, " "), out, want)
		code, out, errs = runCLI(append([]string{"sheet", "--session", "--format", "html"}, args...)...)
		if code != 0 {
			t.Fatalf("sheet --format html %v: exit %d: %s", args, code, errs)
		}
		inOrder(t, "html "+strings.Join(args, " "), htmlCells(out), want)
		if !pdf {
			continue
		}
		name := filepath.Join(dir, strings.Repeat("x", i+1)+".pdf")
		if code, _, errs := runCLI(append([]string{"sheet", "--session", "--per-page", "2", "-o", name}, args...)...); code != 0 {
			t.Fatalf("sheet -o %s %v: exit %d: %s", name, args, code, errs)
		}
		text, err := exec.Command("pdftotext", "-layout", name, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		inOrder(t, "pdf "+strings.Join(args, " "), string(text), want)
	}
}

// The Mitchell's traveller of board 2 and its results page as the text
// sheet prints them, worked by hand (TestSessionMitchell): Neuberg's 2.40
// of 4 to NS 2 for the one result factored up to three, the artificial
// score 60/40, the table that did not play shown and noted; the standings
// of each direction apart, the pairs that played one board of the two
// unranked.
func TestSheetSessionMitchellText(t *testing.T) {
	t.Parallel()
	code, out, errs := runCLI("sheet", "--session", "--format", "txt", "testdata/session/mitchell.pbn")
	const wantErr = "testdata/session/mitchell.pbn:24:1: warning: board 2: traveller row 3: unknown or incomplete result: left out\n"
	if code != 0 || errs != wantErr {
		t.Fatalf("exit %d, stderr %q; want 0, %q", code, errs, wantErr)
	}
	const board2 = `Traveller (mp)
NS  EW  Contract  By  Tricks  Score NS  MP NS  MP EW   % NS   % EW
 1   2  3NT       S        9       600   2.00   2.00  50.00  50.00
 2   3                         ^A+/^A-   2.40   1.60  60.00  40.00
 3   1
row 3: unknown or incomplete result: left out
`
	const results = `Results

method: mp: matchpoints (2 a pair beaten, 1 a tie; Neuberg for fewer results), from the Scoring tag "MP"; a board with fewer results is factored up to 3
fields: two (a pair id sits both North-South and East-West on one board: ids name a pair of one direction): North-South and East-West ranked apart

Standings, North-South (ranked: a pair that played 2 boards or more, 70% of the 2 the most played; "-" is not ranked)
Rank  Pair  Names  Boards  Total   Top      %
   1  2 NS              2   6.40  8.00  80.00
   2  1 NS              2   4.00  8.00  50.00
   -  3 NS              1   0.00  4.00   0.00

Standings, East-West (ranked: a pair that played 2 boards or more, 70% of the 2 the most played; "-" is not ranked)
Rank  Pair  Names  Boards  Total   Top      %
   1  3 EW              2   5.60  8.00  70.00
   2  2 EW              2   2.00  8.00  25.00
   -  1 EW              1   2.00  4.00  50.00
`
	// the results page follows the last board's traveller, on a page of
	// its own
	if !strings.Contains(out, board2) || !strings.HasSuffix(out, results) || strings.Index(out, board2)+len(board2) > len(out)-len(results) {
		t.Errorf("got:\n%s\nwant it to hold:\n%s\nthen end:\n%s", out, board2, results)
	}
}

// Butler under a board whose stated score is wrong: the datum in the
// traveller's title, the contract's score used and marked, the note.
func TestSheetSessionWrongScore(t *testing.T) {
	t.Parallel()
	code, out, _ := runCLI("sheet", "--session", "--method", "butler", "--format", "txt", "testdata/session/wrong_scores.pbn")
	const want = `Traveller (butler), datum 480
NS  EW  Contract  By  Tricks  Score NS  IMP NS  IMP EW
 1   8  4H        S       11       650    5.00   -5.00
 3   6  5DX       W        9      300*   -5.00    5.00
 5   4  4H        S        9      -100  -11.00   11.00
 7   2  6H        N       12      1430   14.00  -14.00
*row 2: score NS 500 is not the score of 5DX by W taking 9 tricks, East-West not vulnerable: NS 300
`
	if code != 0 || !strings.Contains(out, want) {
		t.Errorf("exit %d, got:\n%s\nwant it to hold:\n%s", code, out, want)
	}
}

// --method without --session, and a --session over input with no
// traveller, are refused.
func TestSheetSessionErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"sheet", "--method", "mp", "--format", "txt", "samples/full_play.pbn"}, 2, "handrec: sheet: --method needs --session\nTry: handrec --help\n"},
		{[]string{"sheet", "--session", "--method", "nope", "--format", "txt", "samples/full_play.pbn"}, 2,
			"handrec: sheet: --method: unknown method \"nope\" (try mp, acbl, ximp, butler, butler-N, datum N)\nTry: handrec --help\n"},
		{[]string{"sheet", "--session", "--format", "txt", "samples/full_play.pbn"}, 1,
			"handrec: sheet: --session: samples/full_play.pbn: no traveller (ScoreTable), no team match (Open and Closed rooms) and no board played at two tables or more to score\n"},
	} {
		code, _, errs := runCLI(c.args...)
		if code != c.code || errs != c.err {
			t.Errorf("%v: exit %d, stderr %q; want %d, %q", c.args, code, errs, c.code, c.err)
		}
	}
}

// A team match's results on the sheet, as TestSessionPBNTeamMatch worked
// it by hand: Lions 6 - 12 Tigers, VP 6.29 - 13.71.
func TestSheetSessionTeamMatch(t *testing.T) {
	t.Parallel()
	code, out, _ := runCLI("sheet", "--session", "--format", "txt", "testdata/session/teams_rooms.pbn")
	const want = `Match Lions - Tigers (Club teams), carry-over 0 - 0
Board  Open NS  Closed NS  Difference  IMPs home  IMPs visitors  Home  Visitors
    1      420        170         250          6                    6         0
    2     -100        600        -700                        12     6        12
    3     -650       -650           0                               6        12
total Lions 6 - 12 Tigers over 3 boards, VP 6.29 - 13.71 (WBF continuous scale, 3 boards)
`
	if code != 0 || !strings.HasSuffix(out, want) {
		t.Errorf("exit %d, got:\n%s\nwant it to end:\n%s", code, out, want)
	}
}

// --title heads the text sheet's results page as it heads each page of
// boards (before, the results page had none): every page opens with it,
// and the results page is, word for word:
func TestSheetSessionTitleText(t *testing.T) {
	t.Parallel()
	code, out, errs := runCLI("sheet", "--session", "--format", "txt", "--per-page", "1", "--title", "Club night, 26 November", "testdata/session/teams_rooms.pbn")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	pages := strings.Split(out, "\f")
	for i, p := range pages[:len(pages)-1] {
		if !strings.HasPrefix(p, "Club night, 26 November\n\n") {
			t.Errorf("page %d of %d does not open with the title:\n%s", i+1, len(pages), p)
		}
	}
	const results = `Club night, 26 November

Results

Match Lions - Tigers (Club teams), carry-over 0 - 0
Board  Open NS  Closed NS  Difference  IMPs home  IMPs visitors  Home  Visitors
    1      420        170         250          6                    6         0
    2     -100        600        -700                        12     6        12
    3     -650       -650           0                               6        12
total Lions 6 - 12 Tigers over 3 boards, VP 6.29 - 13.71 (WBF continuous scale, 3 boards)
`
	// a board a page, its two rooms on it (3 pages), then the results
	if len(pages) != 4 || pages[3] != results {
		t.Errorf("%d pages, the last:\n%s\nwant 4, the last:\n%s", len(pages), pages[len(pages)-1], results)
	}
}

// With --session the sheet reads its input twice (once to score, once to
// print, so that no board is kept): standard input is kept for the second
// reading, and the sheet of stdin is the sheet of the file, its one
// warning said once.
func TestSheetSessionStdin(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("testdata/session/mitchell.pbn")
	if err != nil {
		t.Fatal(err)
	}
	_, want, _ := runCLI("sheet", "--session", "--format", "txt", "testdata/session/mitchell.pbn")
	var out, errb bytes.Buffer
	code := main1([]string{"handrec", "sheet", "--session", "--format", "txt", "-"}, bytes.NewReader(data), &out, &errb)
	const wantErr = "-:24:1: warning: board 2: traveller row 3: unknown or incomplete result: left out\n"
	if code != 0 || errb.String() != wantErr || out.String() != want || !strings.Contains(want, "Standings") {
		t.Errorf("exit %d, stderr %q (want %q), stdout the file's: %v", code, errb.String(), wantErr, out.String() == want)
	}
}

// From the archive, read twice by two queries, the sheet is the file's,
// its one warning said once, at the row's line (24:1), as from the file.
func TestSheetSessionArchive(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "club.db")
	if code, _, errs := runCLI("import", "--db", db, "testdata/session/mitchell.pbn"); code != 0 {
		t.Fatalf("import: exit %d, %s", code, errs)
	}
	_, want, _ := runCLI("sheet", "--session", "--format", "txt", "testdata/session/mitchell.pbn")
	code, out, errs := runCLI("sheet", "--session", "--format", "txt", "--db", db)
	const wantErr = "testdata/session/mitchell.pbn:24:1: warning: board 2: traveller row 3: unknown or incomplete result: left out\n"
	if code != 0 || !strings.HasSuffix(errs, wantErr) || strings.Count(errs, "\n") != 1 || out != want {
		t.Errorf("exit %d, stderr %q (want it to end %q), stdout the file's: %v\n%s", code, errs, wantErr, out == want, out)
	}
}

// A team match's board is one diagram, its hands
// named by their seats, with both rooms beside it: each room's players,
// contract, declarer, tricks and score, the board's IMPs and the match's
// running score, then each room's auction; then the results page as
// session prints it. Each of the four boards of the sample's two stanzas
// is printed once, in text, HTML and PDF (its rooms come in one file, in
// turn); the rooms of a PBN match given as two files too.
func TestSheetSessionMatchBoards(t *testing.T) {
	t.Parallel()
	code, out, errs := runCLI("sheet", "--session", "--format", "txt", "samples/vugraph_match.lin", "testdata/session/stanza2.lin")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	const board1 = `Rooms
Room         N-S               E-W                Contract  By  Tricks  Score NS
Open room    North - Jones, B  East - West        5CX       N        8      -500
Closed room  North2 - South    East2 - Smith, A.  4C        N        8      -100
board 1: 400 to Elms, 9 IMPs; match Oaks 0 - 10.5 Elms

Open room: auction
West  North  East  South
      5♣     Dbl   Pass
Pass  Pass

Closed room: auction
West  North  East  South
      1♣     1♥    2NT¹
Pass  4♣     Pass  Pass
Pass
¹ limit raise in ♣
`
	if !strings.Contains(out, board1) || !strings.Contains(out, "board 4: 480 to Elms, 10 IMPs; match Oaks 11 - 20.5 Elms\n") ||
		!strings.Contains(out, "West           ┌───────┐  East\n") {
		t.Errorf("got:\n%s\nwant it to hold:\n%s", out, board1)
	}
	if !strings.HasSuffix(out, "total Oaks 11 - 20.5 Elms over 4 boards, VP 5.20 - 14.80 (WBF continuous scale, 4 boards)\n") {
		t.Errorf("the results page does not end with the match's total:\n%s", out)
	}
	boardsOnce := func(what, text string, n int) {
		t.Helper()
		got := regexp.MustCompile(`(?m)^\s*Board (\d+)`).FindAllStringSubmatch(text, -1)
		var nums []string
		for _, g := range got {
			nums = append(nums, g[1])
		}
		if want := strings.Join([]string{"1", "2", "3", "4"}[:n], " "); strings.Join(nums, " ") != want {
			t.Errorf("%s: boards %v printed, want %s, once each", what, nums, want)
		}
	}
	boardsOnce("txt", out, 4)
	code, out, _ = runCLI("sheet", "--session", "--format", "html", "samples/vugraph_match.lin", "testdata/session/stanza2.lin")
	if n := strings.Count(out, `<section class="board`); code != 0 || n != 4 {
		t.Errorf("html: exit %d, %d boards, want 4", code, n)
	}
	code, out, _ = runCLI("sheet", "--session", "--format", "txt", "testdata/session/teams_open.pbn", "testdata/session/teams_closed.pbn")
	boardsOnce("txt of two files", out, 3)
	if code != 0 || !strings.Contains(out, "board 2: 700 to Tigers, 12 IMPs; match Lions 6 - 12 Tigers\n") {
		t.Errorf("two files: exit %d:\n%s", code, out)
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		return
	}
	pdf := filepath.Join(t.TempDir(), "m.pdf")
	if code, _, errs := runCLI("sheet", "--session", "-o", pdf, "samples/vugraph_match.lin", "testdata/session/stanza2.lin"); code != 0 {
		t.Fatalf("pdf: exit %d: %s", code, errs)
	}
	text, err := exec.Command("pdftotext", "-layout", pdf, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	boardsOnce("pdf", string(text), 4)
}

// A session of tables' records prints each board once, with its
// traveller of every table, the hands named by their seats: Wronie's 18
// boards of 41 tables (40 on boards 8 and 11), not its 736 records.
func TestSheetSessionTables(t *testing.T) {
	t.Parallel()
	needDir(t, wronieDir)
	code, out, errs := runCLI("sheet", "--session", "--format", "txt", wronieDir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	boards := regexp.MustCompile(`(?m)^\f?Board (\d+) `).FindAllString(out, -1)
	rows := regexp.MustCompile(`(?m)^28\d+\.lin `).FindAllString(out, -1)
	if len(boards) != 18 || len(rows) != 736 || !strings.Contains(out, "\nWest           ┌───────┐  East\n") {
		t.Errorf("%d boards, %d traveller rows; want 18 and 736", len(boards), len(rows))
	}
}

// clubRenumbered is the text sheet of samples/club_traveller.pbn with
// --session --renumber: its board 5 printed and scored as board 1.
const clubRenumbered = `Club pairs, 2024.03.14

Board 1         Nilsen, K.
Dealer North    ♠ Q 10 6 5
Vul N-S         ♥ K 7 6 4 2
                ♦ A 10 7
                ♣ J
Ødegård, A.     ┌───────┐  Berg, L.
♠ A K           │   N   │  ♠ 9 3 2
♥ —             │ W   E │  ♥ J 10 5
♦ K J 8 6 5 4   │   S   │  ♦ Q 9 3 2
♣ A Q 9 3 2     └───────┘  ♣ 8 7 5
                Håland, S.
                ♠ J 8 7 4
                ♥ A Q 9 8 3
                ♦ —
                ♣ K 10 6 4

Traveller (mp)
NS  EW  Contract  By  Tricks  Score NS  MP NS  MP EW    % NS    % EW
 1   8  4H        S       11       650   4.00   2.00   66.67   33.33
 3   6  5DX       W        8       500   2.00   4.00   33.33   66.67
 5   4  4H        S        9      -100   0.00   6.00    0.00  100.00
 7   2  6H        N       12      1430   6.00   0.00  100.00    0.00
` + "\f" + `Results

method: mp: matchpoints (2 a pair beaten, 1 a tie; Neuberg for fewer results), from the Scoring tag "MP"; a board with fewer results is factored up to 4
fields: two (no pair sat both North-South and East-West): North-South and East-West ranked apart

Standings, North-South
Rank  Pair  Names          Boards  Total   Top       %
   1  7     Berg, "Bror"        1   6.00  6.00  100.00
   2  1     Nilsen-Håland       1   4.00  6.00   66.67
   3  3     Dahl-Eik            1   2.00  6.00   33.33
   4  5     Lie-Moe             1   0.00  6.00    0.00

Standings, East-West
Rank  Pair  Names  Boards  Total   Top       %
   1  4                 1   6.00  6.00  100.00
   2  6                 1   4.00  6.00   66.67
   3  8                 1   2.00  6.00   33.33
   4  2                 1   0.00  6.00    0.00
`

// sheet --session with --renumber or --dedupe: the
// sheet reads its input twice, and the selection kept its state from the
// first reading to the second (the deals seen, the last number given), so
// that the second reading was not the first: "the input changed while the
// session was read twice", exit 1. Each reading now starts the selection
// anew: the session is scored from the records the sheet prints (board 5
// renumbered 1 on the traveller and the standings alike; the file given
// twice, deduplicated, is the file once), from files and from --db.
func TestSheetSessionSelection(t *testing.T) {
	t.Parallel()
	const club = "samples/club_traveller.pbn"
	_, once, _ := runCLI("sheet", "--session", "--format", "txt", club)
	if !strings.Contains(once, "Board 5 ") {
		t.Fatalf("the sheet of %s has no board 5:\n%s", club, once)
	}
	db := filepath.Join(t.TempDir(), "club.db")
	if code, _, errs := runCLI("import", "--db", db, club); code != 0 {
		t.Fatalf("import: exit %d, %s", code, errs)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--renumber", club}, clubRenumbered},
		{[]string{"--renumber", "--db", db}, clubRenumbered},
		{[]string{"--dedupe", club, club}, once},
		{[]string{"--dedupe", "--db", db}, once},
		{[]string{"--dedupe", "--renumber", club, club}, clubRenumbered},
		{[]string{"--dedupe", "--renumber", "--db", db}, clubRenumbered},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, out, errs := runCLI(append([]string{"sheet", "--session", "--format", "txt"}, c.args...)...)
			if code != 0 || errs != "" || out != c.want {
				t.Errorf("exit %d, stderr %q; want 0, none; stdout:\n%s\nwant:\n%s", code, errs, out, c.want)
			}
		})
	}
	// two boards, numbered 1 and 2: each pair played both
	code, out, _ := runCLI("sheet", "--session", "--format", "txt", "--renumber", club, club)
	const standing = `   1  7     Berg, "Bror"        2  12.00  12.00  100.00`
	if code != 0 || !strings.Contains(out, "\nBoard 1 ") || !strings.Contains(out, "\nBoard 2 ") || !strings.Contains(out, standing) {
		t.Errorf("exit %d; want boards 1 and 2 and %q in:\n%s", code, standing, out)
	}
}
