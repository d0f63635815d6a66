package main

import (
	"bytes"
	"strings"
	"testing"

	"handrec/export"
	"handrec/parser"
)

func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = main1(append([]string{"handrec"}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestShow(t *testing.T) {
	doc, err := parser.ReadFile("samples/full_play.pbn")
	if err != nil {
		t.Fatal(err)
	}
	board2 := export.Text(doc.Records[1], export.TextOptions{Style: export.Style{ASCII: true, BookSeats: true}})
	both := export.Text(doc.Records[0], export.TextOptions{}) + "\n" + export.Text(doc.Records[1], export.TextOptions{})
	cases := []struct {
		args       []string
		code       int
		out, inErr string
	}{
		{[]string{"show", "--board", "2", "--ascii", "--book-seats", "samples/full_play.pbn"}, 0, board2, ""},
		{[]string{"show", "samples/full_play.pbn"}, 0, both, ""},
		{[]string{"show"}, 2, "", "show: give at least one FILE"},
		{[]string{"show", "samples/full_play.pbn", "--board", "2"}, 0, export.Text(doc.Records[1], export.TextOptions{}), ""},
		{[]string{"show", "samples/full_play.pbn", "--bogus"}, 2, "", "flag provided but not defined: -bogus"},
		{[]string{"show", "--board", "9", "samples/full_play.pbn"}, 1, "", "show: no board 9 in samples/full_play.pbn"},
		{[]string{"show", "no/such.pbn"}, 1, "", "no/such.pbn"},
		{[]string{"help", "show"}, 0, "", ""},
	}
	for _, c := range cases {
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
	}
}

// show --url prints a board's handviewer link, one a line.
func TestShowURL(t *testing.T) {
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
