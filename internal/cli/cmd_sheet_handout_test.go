package cli

import (
	"regexp"
	"strings"
	"testing"
)

// pageHeads is the first line of each page of a text sheet and the
// boards the page holds: "Answers: Club pairs ... | Board 1".
func pageHeads(out string) []string {
	board := regexp.MustCompile(`(?m)^Board \d+`)
	var heads []string
	for _, p := range strings.Split(out, "\f") {
		first, _, _ := strings.Cut(p, "\n")
		heads = append(heads, first+" | "+strings.Join(board.FindAllString(p, -1), ","))
	}
	return heads
}

// TestSheetHandoutFlags: --show and --omit reach the sheet and name the
// parts, --answers puts the answers after all the boards and
// --answers=page after each page (the flag takes a value after "=" only,
// so that a file after it stays a file), and a part or a placing that
// does not exist is a usage error.
func TestSheetHandoutFlags(t *testing.T) {
	t.Parallel()
	const q, a = "Club pairs, generated deals, 2024.01.01", "Answers: Club pairs, generated deals, 2024.01.01"
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"--hide", "E,W", "--per-page", "1", "--answers", "samples/full_play.pbn"},
			[]string{q + " | Board 1", q + " | Board 2", a + " | Board 1", a + " | Board 2"}},
		{[]string{"--hide", "E,W", "--per-page", "1", "samples/full_play.pbn", "--answers"},
			[]string{q + " | Board 1", q + " | Board 2", a + " | Board 1", a + " | Board 2"}},
		{[]string{"--hide", "E,W", "--per-page", "1", "--answers=page", "samples/full_play.pbn"},
			[]string{q + " | Board 1", a + " | Board 1", q + " | Board 2", a + " | Board 2"}},
		{[]string{"--hide", "E,W", "--answers", "samples/full_play.pbn"},
			[]string{q + " | Board 1,Board 2", a + " | Board 1,Board 2"}},
	} {
		code, out, errs := runCLI(append([]string{"sheet", "--format", "txt"}, c.args...)...)
		if got := pageHeads(out); code != 0 || strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%v: exit %d (%s), pages\n%s\nwant\n%s", c.args, code, errs, strings.Join(got, "\n"), strings.Join(c.want, "\n"))
		}
	}
	for _, c := range []struct {
		args       []string
		has, lacks string
	}{
		{[]string{"--hide", "E,W"}, "Lead ♠6", "Double-dummy"},
		{[]string{"--hide", "E,W", "--omit", "lead"}, "Contract ", "Lead "},
		{[]string{"--hide", "E,W", "--show", "dd,play"}, "Double-dummy", ""},
		{[]string{"--hide", "E,W", "--show", "play"}, "Trick  Lead", ""},
		{[]string{"--show", "dd", "--omit", "dd"}, "Board 1", "Double-dummy"},
		{[]string{}, "Double-dummy", "Contract "},
		{[]string{"--omit", "dd"}, "Board 1", "Double-dummy"},
	} {
		args := append(append([]string{"sheet", "--format", "txt", "--dd"}, c.args...), "samples/full_play.pbn")
		code, out, errs := runCLI(args...)
		if code != 0 || !strings.Contains(out, c.has) || c.lacks != "" && strings.Contains(out, c.lacks) {
			t.Errorf("%v: exit %d (%s); has %q: %t, lacks %q: %t", c.args, code, errs, c.has, strings.Contains(out, c.has), c.lacks, !strings.Contains(out, c.lacks))
		}
	}
	for _, c := range []struct {
		args []string
		err  string
	}{
		{[]string{"--show", "dd,hands"}, `handrec: sheet: --show: "hands" is no part of a board (the parts: contract, lead, result, auction, play, dd, commentary, room, traveller)` + "\n"},
		{[]string{"--omit", "Lead,x"}, `handrec: sheet: --omit: "x" is no part of a board (the parts: contract, lead, result, auction, play, dd, commentary, room, traveller)` + "\n"},
		{[]string{"--answers=back"}, `handrec: invalid boolean value "back" for -answers: give --answers (after all the boards) or --answers=page (after each page)` + "\n"},
	} {
		code, _, errs := runCLI(append(append([]string{"sheet", "--format", "txt"}, c.args...), "samples/full_play.pbn")...)
		if code != 2 || !strings.HasPrefix(errs, c.err) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, errs, c.err)
		}
	}
}
