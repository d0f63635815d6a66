package cli

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestUsageErrors: urfave/cli's own complaints are usage errors, told by
// their type (OnUsageError, cli.ExitCoder), not by their text; an unknown
// command is named as one, with the commands; an option is spelled as it is
// typed (--name, -x), not as Go's flag package spells it (-name).
func TestUsageErrors(t *testing.T) {
	t.Parallel()
	const commands = "Commands: check, convert, show, sheet, score, session, import, query, export, upgrade, dd, serve\n"
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"help", "nosuch"}, "unknown command \"nosuch\"\n" + commands},
		{[]string{"nosuch"}, "unknown command \"nosuch\"\n" + commands},
		{[]string{"nosuch", "--x"}, "unknown command \"nosuch\"\n" + commands},
		{[]string{"check", "--nosuch", "x"}, "unknown option --nosuch\n"},
		{[]string{"check", "-z", "x"}, "unknown option -z\n"},
		{[]string{"--nosuch"}, "unknown option --nosuch\n"},
		{[]string{"show", "--board", "x", "samples/full_play.pbn"}, `invalid value "x" for option --board: parse error` + "\n"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, out, errs := runCLI(c.args...)
			if want := "handrec: " + c.msg + "Try: handrec --help\n"; code != exitUsage || out != "" || errs != want {
				t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2, %q", c.args, code, out, errs, want)
			}
		})
	}
}

// Unix habits: --version, "-" for standard input, a missing
// file is a failed input (exit 1), and --where beside files is refused.
func TestUnixHabits(t *testing.T) {
	t.Parallel()
	var out, errb bytes.Buffer
	if code := main1([]string{"handrec", "--version"}, strings.NewReader(""), &out, &errb); code != 0 || !strings.HasPrefix(out.String(), "handrec version ") {
		t.Errorf("--version: exit %d, %q %q", code, out.String(), errb.String())
	}
	pbn, err := os.ReadFile("samples/full_play.pbn")
	if err != nil {
		t.Fatal(err)
	}
	out.Reset()
	errb.Reset()
	if code := main1([]string{"handrec", "check", "-"}, bytes.NewReader(pbn), &out, &errb); code != 0 || errb.String() != "1 file, 2 boards, 0 errors, 0 warnings\n" {
		t.Errorf("check -: exit %d, %q", code, errb.String())
	}
	for _, tc := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"check", "nonexist.pbn"}, 1, "handrec: check: stat nonexist.pbn: no such file or directory\n"},
		{[]string{"show", "--where", "board=1", "samples/full_play.pbn"}, 2,
			"handrec: show: --where selects records of the archive, not of files: give --where (and --db) without files\nTry: handrec --help\n"},
		{[]string{"score", "--where", "board=1", "samples/full_play.pbn"}, 2,
			"handrec: score: --where selects records of the archive, not of files: give --where (and --db) without files\nTry: handrec --help\n"},
		{[]string{"convert", "--to", "json", "--where", "board=1", "samples/full_play.pbn"}, 2,
			"handrec: convert: --where selects records of the archive, not of files: give --where (and --db) without files\nTry: handrec --help\n"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			out.Reset()
			errb.Reset()
			code := main1(append([]string{"handrec"}, tc.args...), strings.NewReader(""), &out, &errb)
			if code != tc.code || errb.String() != tc.err {
				t.Errorf("%v: exit %d, stderr %q; want %d, %q", tc.args, code, errb.String(), tc.code, tc.err)
			}
		})
	}
}

// A query without a row still prints its columns, in a table and in CSV.
func TestQueryEmptyHasHeader(t *testing.T) {
	t.Parallel()
	db := t.TempDir() + "/a.db"
	var out, errb bytes.Buffer
	if code := main1([]string{"handrec", "import", "--db", db, "samples/full_play.pbn"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errb.String())
	}
	for format, want := range map[string]string{
		"table": "board  contract\n-----  --------\n",
		"csv":   "board,contract\n",
		"json":  "[]\n",
	} {
		t.Run(format, func(t *testing.T) {
			out.Reset()
			code := main1([]string{"handrec", "query", "--db", db, "--format", format, "SELECT board, contract FROM records WHERE 0"}, strings.NewReader(""), &out, &errb)
			if code != 0 || out.String() != want {
				t.Errorf("%s: exit %d, %q; want %q", format, code, out.String(), want)
			}
		})
	}
}

// The help of convert and query says what they take and give: convert
// names LIN, query its exit status and every view schema.sql creates.
func TestHelpTexts(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		cmd  string
		want []string
	}{
		{"convert", []string{"convert - convert hand records among PBN, LIN, JSON and text diagrams\n",
			"[--to pbn|lin|json|csv|txt]", "--to FORMAT target FORMAT: pbn, lin, json, csv or txt", "Reads PBN (any version, as real programs write it), LIN, JSON and deal diagrams"}},
		{"query", []string{"Exit status: 0 ok; 1 the archive could not be read; 2 a usage error"}},
		{"import", []string{"progress and the closing summary go to stderr.",
			"1 a file could not be read or a record was left out (with --strict: also a record stored with errors)"}},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			code, out, errs := runCLI("help", tc.cmd)
			if code != 0 || errs != "" {
				t.Errorf("help %s: exit %d, stderr %q", tc.cmd, code, errs)
			}
			text := strings.Join(strings.Fields(out), " ") // as if unwrapped
			for _, w := range tc.want {
				if !strings.Contains(text, strings.Join(strings.Fields(w), " ")) {
					t.Errorf("help %s does not say %q:\n%s", tc.cmd, w, out)
				}
			}
		})
	}
	_, out, _ := runCLI("help", "query")
	schemaSQL, err := os.ReadFile("schema.sql")
	if err != nil {
		t.Fatal(err)
	}
	views := regexp.MustCompile(`(?m)^CREATE VIEW (\w+)`).FindAllStringSubmatch(string(schemaSQL), -1)
	if len(views) < 12 {
		t.Fatalf("%d views in schema.sql", len(views))
	}
	for _, v := range views {
		if !regexp.MustCompile(`\b` + v[1] + `\b`).MatchString(out) {
			t.Errorf("help query does not name the view %s", v[1])
		}
	}
}
