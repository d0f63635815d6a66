package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A book's page with what cannot be read: a heading's text named by no
// phrase (a warning), a card printed twice (an error).
const faultyBook = `Deal 1. South deals. No score.

                 North
                 ♠ A K 3
                 ♥ Q J 10 2
                 ♦ 9 8 7
                 ♣ 6 5 4
West                           East
♠ Q J 10 9                     ♠ 8 7 6
♥ A K 3                        ♥ 9 8 7
♦ A K Q                        ♦ 6 5 4 3
♣ A 3 2                        ♣ K Q A
                 South
                 ♠ 5 4 2
                 ♥ 6 5 4
                 ♦ J 10 2
                 ♣ 10 9 8 7

South  West  North  East
1 NT   Pass  3 NT   All pass

Result: 9 tricks.
`

func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// convert, show, sheet, score, dd and session say on
// stderr what they could not read, as check does, in check's words, with
// a summary; a record with errors is still written (exit 0, import's
// rule), and --strict fails it.
func TestReadersReportWhatTheyCouldNotRead(t *testing.T) {
	t.Parallel()
	book := writeTemp(t, "book.txt", faultyBook)
	problems := book + ":12:42: ♣A is given twice: in East's hand here and in West's at 12:5\n" +
		book + ":1:22: warning: heading text not read: \"No score\"\n"
	code, out, errs := runCLI("check", book)
	if code != 1 || out != problems {
		t.Fatalf("check: exit %d, stdout %q", code, out)
	}
	summary := func(cmd string) string {
		return cmd + ": read 1 file (0 failed): 1 record, 1 with errors (board 1 at " + book + ":1), 1 with warnings\n"
	}
	// dd says besides that it cannot solve the deal, and fails for it,
	// with nothing on stdout
	unsolved := book + ":1:1: board 1: deal cannot be solved: CA is dealt twice, CJ to no one\n"
	for _, c := range []struct {
		args []string
		own  string // what the command says of its own
		code int
		out  bool // something is written on stdout
	}{
		{[]string{"convert", "--to", "pbn"}, "", 0, true}, {[]string{"show"}, "", 0, true}, {[]string{"sheet", "--format", "txt"}, "", 0, true},
		{[]string{"score"}, "", 0, true}, {[]string{"dd"}, unsolved, 1, false},
	} {
		t.Run(c.args[0], func(t *testing.T) {
			code, out, errs := runCLI(append(c.args, book)...)
			if want := problems + c.own + summary(c.args[0]); code != c.code || errs != want || (out != "") != c.out {
				t.Errorf("exit %d, stderr %q\nwant %d, %q", code, errs, c.code, want)
			}
			code, _, errs = runCLI(append(append(c.args, "--strict", "--quiet"), book)...)
			if code != 1 || errs != c.own+summary(c.args[0]) {
				t.Errorf("--strict --quiet: exit %d, stderr %q", code, errs)
			}
		})
	}
	// session reports what it read before saying there is nothing to score
	code, _, errs = runCLI("session", book)
	if code != 1 || errs != problems+summary("session")+"handrec: session: "+book+": no traveller (ScoreTable), no team match (Open and Closed rooms) and no board played at two tables or more to score\n" {
		t.Errorf("session: exit %d, stderr %q", code, errs)
	}
}

// A file read cleanly gets nothing said of it; one that cannot be read is
// said and fails the command, the others being read.
func TestReadReportCleanAndFailed(t *testing.T) {
	t.Parallel()
	code, _, errs := runCLI("show", "samples/full_play.pbn")
	if code != 0 || errs != "" {
		t.Errorf("show: exit %d, stderr %q", code, errs)
	}
	missing := filepath.Join(t.TempDir(), "missing.pbn")
	if err := os.WriteFile(missing, []byte("[Board \"1\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := writeTemp(t, "empty.txt", "Some text about bridge.\n")
	code, _, errs = runCLI("convert", "--to", "json", "samples/full_play.pbn", empty)
	want := empty + ":1:1: no hand record found: the file is not PBN, LIN, JSON or a deal diagram\n" +
		"convert: read 2 files (1 failed): 2 records, 0 with errors, 0 with warnings\n"
	if code != 1 || errs != want {
		t.Errorf("convert: exit %d, stderr %q\nwant %q", code, errs, want)
	}
}

// Of each kind the first five problems a file are said, then one line
// counts the rest, as check and import say them; --all says them all.
func TestReadReportCapsEachKind(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	for i := 1; i <= 7; i++ {
		b.WriteString("Board " + string(rune('0'+i)) + ". No score.\n\n" + strings.SplitN(faultyBook, "\n\n", 2)[1] + "\n")
	}
	book := writeTemp(t, "seven.txt", b.String())
	_, _, errs := runCLI("show", book)
	lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
	if len(lines) != 13 || lines[10] != book+": ... and 2 more of this kind: ♣A is given twice: in East's hand here and in West's at 12:5" ||
		lines[11] != book+": ... and 2 more of this kind: heading text not read: \"No score\"" ||
		lines[12] != "show: read 1 file (0 failed): 7 records, 7 with errors (board 1 at "+book+":1, board 2 at "+book+":24, board 3 at "+book+":47 and 4 more), 7 with warnings" {
		t.Errorf("%d lines:\n%s", len(lines), errs)
	}
	_, _, errs = runCLI("show", "--all", book)
	if n := strings.Count(errs, "\n"); n != 15 {
		t.Errorf("--all: %d lines:\n%s", n, errs)
	}
}

// A game followed by 10^6 comments is cut at parser.MaxItems: every
// command that reads it says so on stderr, as check does, in the
// summary too, and exits 1 (the rest of the record was not read); the
// game as far as it was read is still shown, scored, solved, written.
func TestItemCapSaidByEveryCommand(t *testing.T) {
	t.Parallel()
	game := "[Event \"cap\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n" +
		"[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n" +
		"[Declarer \"S\"]\n[Contract \"3NT\"]\n[Result \"9\"]\n"
	// 80 comments a line, 240 bytes, under PBN's 255
	f := writeTemp(t, "cap.pbn", game+strings.Repeat(strings.Repeat("{c}", 80)+"\n", 12500))
	// 8 tags and 9,992 comments read: the 9,993rd, the 73rd of line 133, is cut
	cut := f + ":133:217: more than 10,000 items (tags, calls, cards, comments, notes, marks) in this record, the most one may hold; " +
		"the rest of it, 2,982,400 bytes (to line 12,508), is not read\n"
	summary := ": read 1 file (0 failed): 1 record, 1 with errors (board 1 at " + f + ":1), 0 with warnings, 1 cut at 10,000 items, the rest of them not read\n"
	noSession := "handrec: session: " + f + ": no traveller (ScoreTable), no team match (Open and Closed rooms) and no board played at two tables or more to score\n"
	for _, c := range []struct {
		args []string
		more string // what the command says after
		out  string // what stdout holds
	}{
		{[]string{"show"}, "", "North"},
		{[]string{"score"}, "", "400"},
		{[]string{"dd"}, "", "par"},
		{[]string{"sheet", "--format", "txt"}, "", "North"},
		{[]string{"convert", "--to", "pbn"}, "", "[Contract \"3NT\"]"},
		{[]string{"session"}, noSession, ""},
	} {
		t.Run(c.args[0], func(t *testing.T) {
			code, out, errs := runCLI(append(c.args, f)...)
			want := cut + c.args[0] + summary + c.more
			if code != exitInput || errs != want || !strings.Contains(out, c.out) {
				t.Errorf("exit %d, stderr %q, stdout holds %q: %v\nwant exit 1, stderr %q", code, errs, c.out, strings.Contains(out, c.out), want)
			}
		})
	}
}
