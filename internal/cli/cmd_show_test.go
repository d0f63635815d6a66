package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"handrec/parser"
	"handrec/render"
)

func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = main1(append([]string{"handrec"}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestShow(t *testing.T) {
	t.Parallel()
	doc, err := parser.ReadFile("samples/full_play.pbn")
	if err != nil {
		t.Fatal(err)
	}
	board2 := render.Text(doc.Records[1], render.TextOptions{Style: render.Style{ASCII: true, BookSeats: true}})
	// the two boards are of one event: its line is printed once
	both := render.Text(doc.Records[0], render.TextOptions{}) + "\n" + render.Text(doc.Records[1], render.TextOptions{NoHeading: true})
	cases := []struct {
		args       []string
		code       int
		out, inErr string
	}{
		{[]string{"show", "--board", "2", "--ascii", "--book-seats", "samples/full_play.pbn"}, 0, board2, ""},
		{[]string{"show", "samples/full_play.pbn"}, 0, both, ""},
		{[]string{"show"}, 2, "", "show: give at least one FILE"},
		{[]string{"show", "samples/full_play.pbn", "--board", "2"}, 0, render.Text(doc.Records[1], render.TextOptions{}), ""},
		{[]string{"show", "samples/full_play.pbn", "--bogus"}, 2, "", "unknown option --bogus"},
		{[]string{"show", "--board", "9", "samples/full_play.pbn"}, 1, "", "show: no board 9 in samples/full_play.pbn"},
		{[]string{"show", "no/such.pbn"}, 1, "", "no/such.pbn"},
		{[]string{"help", "show"}, 0, "", ""},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, out, errs := runCLI(c.args...)
			if code != c.code {
				t.Errorf("%v: exit %d, want %d (stderr %q)", c.args, code, c.code, errs)
			}
			if c.out != "" && out != c.out {
				t.Errorf("%v: stdout\n%s\nwant\n%s", c.args, out, c.out)
			}
			if c.code != 0 && out != "" {
				t.Errorf("%v: failed but wrote to stdout: %q", c.args, out)
			}
			if !strings.Contains(errs, c.inErr) {
				t.Errorf("%v: stderr %q lacks %q", c.args, errs, c.inErr)
			}
			if c.args[0] == "help" && !strings.Contains(out, "Examples:") {
				t.Errorf("help show has no example:\n%s", out)
			}
		})
	}
}

// show --url prints a board's handviewer link, one a line.
func TestShowURL(t *testing.T) {
	t.Parallel()
	var out, errb bytes.Buffer
	code := main1([]string{"handrec", "show", "--url", "samples/full_play.pbn"}, strings.NewReader(""), &out, &errb)
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if code != 0 || len(lines) != 2 || !strings.HasPrefix(lines[0], "https://www.bridgebase.com/tools/handviewer.html?lin=") {
		t.Fatalf("exit %d, %q %q", code, out.String(), errb.String())
	}
	if !strings.Contains(lines[0], "md%7C") || !strings.Contains(lines[0], "ah%7CBoard+1%7C") {
		t.Errorf("board 1's link: %s", lines[0])
	}
}

// Board selection on the command line: board 2 turned
// so that South declares (West's hand is South's, the dealer and the
// vulnerability turn with it) and numbered 1; a deal given twice scored
// once; a list that is no list refused.
func TestSelectFlags(t *testing.T) {
	t.Parallel()
	code, out, errs := runCLI("show", "--boards", "2", "--rotate", "--renumber", "samples/full_play.pbn")
	want := `Board 1        Brogeland, B.
Dealer North   ♠ 9 6
Vul E-W        ♥ Q 9 7 3
               ♦ 8 7 6 5
               ♣ 8 5 3
Helness, T.    ┌───────┐  Helgemo, G.
♠ Q 10 7 5     │   N   │  ♠ A J 8 4
♥ K J 4        │ W   E │  ♥ 10 5
♦ J 10 9       │   S   │  ♦ 4 3
♣ 10 7 4       └───────┘  ♣ K J 9 6 2
               Lindqvist, P.   Contract 6♠ by South
               ♠ K 3 2         Result 9 tricks: down 3
               ♥ A 8 6 2       Lead ♣7
               ♦ A K Q 2
               ♣ A Q

West   North  East   South
       Pass   Pass   6♠
Pass   Pass   Pass
`
	if i := strings.Index(out, "Board 1"); code != 0 || errs != "" || i < 0 || !strings.HasPrefix(out[i:], want) || strings.Contains(out, "Board 2") {
		t.Errorf("show --boards 2 --rotate --renumber: exit %d, stderr %q\n%s\nwant, after the heading:\n%s", code, errs, out, want)
	}
	code, out, errs = runCLI("score", "--format", "json", "--boards", "1", "--dedupe", "samples/full_play.pbn", "samples/full_play.pbn")
	if n := strings.Count(out, `"board":`); code != 0 || errs != "" || n != 1 || !strings.Contains(out, `"board":1,"index":1,"code":"contract","contract":"4HXX","declarer":"W"`) {
		t.Errorf("score --boards 1 --dedupe, the file twice: exit %d, %d boards, stderr %q\n%s", code, n, errs, out)
	}
	code, out, errs = runCLI("show", "--boards", "x", "samples/full_play.pbn")
	if want := "handrec: show: --boards \"x\": \"x\" is not a board number or a range such as 1-8\nTry: handrec --help\n"; code != exitUsage || out != "" || errs != want {
		t.Errorf("--boards x: exit %d, %q %q; want 2, %q", code, out, errs, want)
	}
}

// Every command that reads records from files reads them one way (show,
// sheet, score and session through recordSource, convert and dd through
// pipeline's FilesWith, each with a readReport): a file that cannot be
// read is reported on stderr, the files after it are read, the summary
// counts it, and the command exits 1 at the end.
func TestRecordSourceKeepsGoing(t *testing.T) {
	t.Parallel()
	bad := filepath.Join(t.TempDir(), "bad.pbn")
	if err := os.WriteFile(bad, []byte("eggs\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	doc, err := parser.ReadFile("samples/full_play.pbn")
	if err != nil {
		t.Fatal(err)
	}
	// the two boards are of one event: its line is printed once
	both := render.Text(doc.Records[0], render.TextOptions{}) + "\n" + render.Text(doc.Records[1], render.TextOptions{NoHeading: true})
	msg := bad + ":1:1: no hand record found: the file is not PBN, LIN, JSON or a deal diagram\n"
	for _, args := range [][]string{
		{"show", bad, "samples/full_play.pbn"},
		{"sheet", "--format", "txt", bad, "samples/full_play.pbn"},
		{"score", bad, "samples/full_play.pbn"},
		{"session", bad, "samples/club_traveller.pbn"},
		{"convert", "--to", "pbn", bad, "samples/full_play.pbn"},
		{"dd", bad, "samples/full_play.pbn"},
	} {
		code, out, errs := runCLI(args...)
		if code != 1 || !strings.HasPrefix(errs, msg) {
			t.Errorf("%v: exit %d, stderr %q; want 1, %q first", args, code, errs, msg)
		}
		// the summary of what was read, once, which the good file alone
		// does not say
		read := regexp.MustCompile(`(?m)^` + args[0] + `: read 2 files \(1 failed\): \d+ records?, 0 with errors, 0 with warnings\n`)
		if n := len(read.FindAllString(errs, -1)); n != 1 {
			t.Errorf("%v: %d summaries of what was read in stderr %q", args, n, errs)
		}
		errs = read.ReplaceAllString(errs, "")
		if args[0] == "show" && out != both {
			t.Errorf("show: stdout\n%s\nwant the two boards of full_play.pbn\n%s", out, both)
		}
		// what the good file alone gives
		good := append(append([]string(nil), args[:len(args)-2]...), args[len(args)-1])
		// (the header of convert's output is the first file's read)
		if code, want, wantErrs := runCLI(good...); code != 0 || out != want || out == "" || errs != msg+wantErrs {
			t.Errorf("%v: stdout\n%s\nstderr %q\nwant what %v writes (exit %d)\n%s\nstderr %q", args, out, errs, good, code, want, msg+wantErrs)
		}
	}
}

// TestShowEventOnce: show prints an event's line once, before its first
// board, and again when the event changes.
func TestShowEventOnce(t *testing.T) {
	t.Parallel()
	deal := `[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
`
	pbn := `[Event "Spring pairs"]
[Site "Club"]
[Date "2024.04.01"]
[Board "1"]
` + deal + `
[Event "Spring pairs"]
[Site "Club"]
[Date "2024.04.01"]
[Board "2"]
` + deal + `
[Event "Summer teams"]
[Site "?"]
[Date "2024.07.01"]
[Board "1"]
` + deal
	p := filepath.Join(t.TempDir(), "two.pbn")
	if err := os.WriteFile(p, []byte(pbn), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"show", p}, {"sheet", "--format", "txt", p}} {
		code, out, errs := runCLI(args...)
		var heads []string
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "Spring") || strings.HasPrefix(l, "Summer") {
				heads = append(heads, l)
			}
		}
		if got, want := strings.Join(heads, "|"), "Spring pairs, Club, 2024.04.01|Summer teams, 2024.07.01"; code != 0 || got != want {
			t.Errorf("%v: exit %d (%s), event lines %q, want %q", args, code, errs, got, want)
		}
	}
}
