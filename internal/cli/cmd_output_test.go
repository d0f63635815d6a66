package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// copyFile copies a sample into dir, with each old string replaced.
func copyFile(t *testing.T, src, dst string, replace ...string) string {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	s := strings.NewReplacer(replace...).Replace(string(b))
	if err := os.WriteFile(dst, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestOutputNotOverInput: an output that is one of the inputs is refused,
// and the input stays whole.
func TestOutputNotOverInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	in := filepath.Join(dir, "same.pbn")
	want := copyFile(t, "samples/full_play.pbn", in)
	link := filepath.Join(dir, "link.pbn")
	if err := os.Symlink(in, link); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "a.db")
	if code, _, errs := runCLI("import", "--db", db, in); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	dbBefore, _ := os.ReadFile(db)
	cases := []struct {
		args []string
		msg  string
	}{
		{[]string{"convert", in, "-o", in}, "convert: the output " + in + " is the input " + in + ": write to another file"},
		{[]string{"convert", in, "-o", link}, "convert: the output " + link + " is the input " + in + ": write to another file"},
		{[]string{"sheet", "--format", "txt", in, "-o", in}, "sheet: the output " + in + " is the input " + in + ": write to another file"},
		{[]string{"export", "--db", db, "--to", "pbn", "-o", db}, "export: the output " + db + " is the input " + db + ": write to another file"},
	}
	for _, c := range cases {
		code, out, errs := runCLI(c.args...)
		if code != exitUsage || out != "" || errs != "handrec: "+c.msg+"\nTry: handrec --help\n" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2, %q", c.args, code, out, errs, c.msg)
		}
	}
	if b, _ := os.ReadFile(in); string(b) != want {
		t.Errorf("the input changed: %d bytes, want %d", len(b), len(want))
	}
	if b, _ := os.ReadFile(db); !bytes.Equal(b, dbBefore) {
		t.Error("the archive changed")
	}
}

// TestFailedOutputKeepsFile: a command that fails leaves what -o named
// (or a symlink's target) as it was, and creates nothing new.
func TestFailedOutputKeepsFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	old := filepath.Join(dir, "old.html")
	if err := os.WriteFile(old, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.html")
	if err := os.Symlink(old, link); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "a.db")
	if code, _, errs := runCLI("import", "--db", db, "samples/full_play.pbn"); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"sheet", "-o", old, "no/such.pbn"}, 1, "handrec: sheet: stat no/such.pbn: no such file or directory\n"},
		{[]string{"sheet", "-o", link, "no/such.pbn"}, 1, "handrec: sheet: stat no/such.pbn: no such file or directory\n"},
		{[]string{"sheet", "-o", filepath.Join(dir, "new.html"), "--db", filepath.Join(dir, "none.db")}, 1,
			"handrec: no archive at " + filepath.Join(dir, "none.db") + "\nTry: handrec import --db " + filepath.Join(dir, "none.db") + " FILE|DIR...\n"},
		{[]string{"sheet", "-o", filepath.Join(dir, "new.html"), "--db", db, "--where", "nosuch = 1"}, 2,
			"handrec: --where \"nosuch = 1\": no such column: nosuch\nTry: handrec --help\n"},
		{[]string{"convert", "--to", "pbn", "-o", old, "--db", db, "--where", "1=1) OR (1=1"}, 2,
			"handrec: --where \"1=1) OR (1=1\": a ) closes more than was opened\nTry: handrec --help\n"},
	}
	for _, c := range cases {
		code, _, errs := runCLI(c.args...)
		if code != c.code || errs != c.msg {
			t.Errorf("%v: exit %d, stderr %q; want %d, %q", c.args, code, errs, c.code, c.msg)
		}
	}
	if b, _ := os.ReadFile(old); string(b) != "keep me" {
		t.Errorf("the old output became %q", b)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is gone: %v", err)
	}
	var left []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if n := e.Name(); !strings.HasSuffix(n, "-shm") && !strings.HasSuffix(n, "-wal") {
			left = append(left, n)
		}
	}
	if strings.Join(left, " ") != "a.db link.html old.html" {
		t.Errorf("files left: %v", left)
	}
	// A successful write through the link replaces the target and keeps the link.
	if code, _, errs := runCLI("sheet", "-o", link, "samples/full_play.pbn"); code != 0 {
		t.Fatalf("sheet: exit %d: %s", code, errs)
	}
	if b, _ := os.ReadFile(old); !bytes.HasPrefix(b, []byte("<!DOCTYPE html>")) {
		t.Errorf("the target holds %.20q", b)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is gone: %v", err)
	}
}

// fullWriter fails every write as a full disk does.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// TestWriteErrors: a failed write to stdout is exit 1, for every command.
func TestWriteErrors(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "a.db")
	if code, _, errs := runCLI("import", "--db", db, "samples/full_play.pbn"); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	for _, args := range [][]string{
		{"score", "samples/full_play.pbn"},
		{"score", "--format", "json", "samples/full_play.pbn"},
		{"check", "--format", "json", "samples/full_play.pbn"},
		{"show", "samples/full_play.pbn"},
		{"convert", "--to", "json", "samples/full_play.pbn"},
		{"sheet", "--format", "txt", "samples/full_play.pbn"},
		{"query", "--db", db, "SELECT 1"},
		{"export", "--db", db, "--to", "pbn"},
	} {
		var errb bytes.Buffer
		code := main1(append([]string{"handrec"}, args...), strings.NewReader(""), fullWriter{}, &errb)
		if want := "handrec: write output: no space left on device\n"; code != exitInput || !strings.HasSuffix(errb.String(), want) {
			t.Errorf("%v: exit %d, stderr %q; want 1, %q", args, code, errb.String(), want)
		}
	}
	// import writes nothing on stdout (its summary is on stderr): a full
	// one does not fail it.
	var errb bytes.Buffer
	code := main1([]string{"handrec", "import", "--db", db, "samples/full_play.pbn"}, strings.NewReader(""), fullWriter{}, &errb)
	if want := "imported into " + db + ": 1 file (1 imported before, 0 the same as a file read above, 0 failed): 2 records, 0 new, 2 already there, 0 with errors, 0 left out, 0 with warnings\n"; code != 0 || errb.String() != want {
		t.Errorf("import: exit %d, stderr %q; want 0, %q", code, errb.String(), want)
	}
	// And the real thing, where the system has it.
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer full.Close()
	errb.Reset()
	code = main1([]string{"handrec", "score", "samples/full_play.pbn"}, strings.NewReader(""), full, &errb)
	if code != exitInput || errb.String() != "handrec: write output: write /dev/full: no space left on device\n" {
		t.Errorf("score > /dev/full: exit %d, stderr %q", code, errb.String())
	}
}

// TestControlCharactersEscaped: a player's name that would drive the
// terminal reaches no output raw.
func TestControlCharactersEscaped(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	f := filepath.Join(dir, "evil.pbn")
	copyFile(t, "samples/full_play.pbn", f, `[North "Helness, T."]`, "[North \"\x1b]0;pwned\x07\x1b[31m\u009b\"]")
	db := filepath.Join(dir, "a.db")
	if code, _, errs := runCLI("import", "--db", db, f); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	const shown = `\x1b]0;pwned\x07\x1b[31m\u009b`
	for _, args := range [][]string{
		{"show", f},
		{"show", "--db", db},
		{"query", "--db", db, "SELECT north FROM records"},
		{"sheet", "--format", "txt", f},
		{"sheet", "--format", "html", f},
	} {
		code, out, errs := runCLI(args...)
		if code != 0 {
			t.Errorf("%v: exit %d: %s", args, code, errs)
		}
		if strings.ContainsAny(out, "\x1b\x07\u009b") || !strings.Contains(out, shown) {
			t.Errorf("%v: the name is not escaped: %q", args, out[:min(len(out), 400)])
		}
	}
}

// TestJSONEscapesC1: every JSON a command prints escapes C1 controls
// (\u009b), which encoding/json leaves raw, as it escapes C0 ones: the
// player's name of a record and the file's name, in the JSON of
// convert, export, check, score, dd and query; the JSON still reads.
func TestJSONEscapesC1(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	f := filepath.Join(dir, "e\u009b.pbn")
	copyFile(t, "samples/full_play.pbn", f, `[North "Helness, T."]`, "[North \"A\u009bB\"]", `[Dealer "E"]`, "[Dealer \"\u009d\"]")
	db := filepath.Join(dir, "a.db")
	if code, _, errs := runCLI("import", "--db", db, f); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"convert", "--to", "json", f}, 0, `"N":"A\u009bB"`},
		{[]string{"export", "--db", db, "--to", "json"}, 0, `"N":"A\u009bB"`},
		{[]string{"check", "--format", "json", f}, 1, `"file":"` + dir + `/e\u009b.pbn"`},
		{[]string{"score", "--format", "json", f}, 0, `"file":"` + dir + `/e\u009b.pbn"`},
		{[]string{"dd", "--format", "json", f}, 0, `"file":"` + dir + `/e\u009b.pbn"`},
		{[]string{"query", "--db", db, "--format", "json", "SELECT north FROM records"}, 0, `{"north": "A\u009bB"}`},
	} {
		code, out, errs := runCLI(c.args...)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d: %s", c.args, code, c.code, errs)
		}
		if strings.ContainsAny(out, "\u009b\u009d") || !strings.Contains(out, c.want) {
			t.Errorf("%v: C1 controls not escaped, or %s missing: %q", c.args, c.want, out[:min(len(out), 600)])
		}
		if !json.Valid([]byte(out)) {
			t.Errorf("%v: not JSON: %q", c.args, out[:min(len(out), 600)])
		}
	}
}

// TestOutputSpecial: -o /dev/stdout and /dev/stderr are the command's own
// streams, never reopened nor renamed over; the parts of an archive are
// refused (exit 2) and the archive stays as it was.
func TestOutputSpecial(t *testing.T) {
	t.Parallel()
	_, want, _ := runCLI("convert", "--to", "pbn", "samples/full_play.pbn")
	if code, out, errs := runCLI("convert", "--to", "pbn", "samples/full_play.pbn", "-o", "/dev/stdout"); code != 0 || out != want || errs != "" {
		t.Errorf("-o /dev/stdout: exit %d, %d bytes on stdout, stderr %q; want 0, %d bytes", code, len(out), errs, len(want))
	}
	if code, out, errs := runCLI("convert", "--to", "pbn", "samples/full_play.pbn", "-o", "/dev/stderr"); code != 0 || out != "" || errs != want {
		t.Errorf("-o /dev/stderr: exit %d, stdout %q, %d bytes on stderr; want 0, %d bytes", code, out, len(errs), len(want))
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "a.db")
	if code, _, errs := runCLI("import", "--db", db, "samples/full_play.pbn"); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	before, _ := os.ReadFile(db)
	for _, c := range []struct{ out, what string }{
		{db + "-wal", "the write-ahead log"},
		{db + "-shm", "the shared-memory index"},
	} {
		for _, args := range [][]string{
			{"convert", "--to", "pbn", "samples/full_play.pbn", "-o", c.out},
			{"sheet", "samples/full_play.pbn", "-o", c.out},
		} {
			code, out, errs := runCLI(args...)
			msg := "handrec: " + args[0] + ": the output " + c.out + " is " + c.what + " of the SQLite database " + db + ": write to another file\nTry: handrec --help\n"
			if code != exitUsage || out != "" || errs != msg {
				t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2, %q", args, code, out, errs, msg)
			}
		}
	}
	if after, _ := os.ReadFile(db); !bytes.Equal(before, after) {
		t.Error("the archive changed")
	}
}
