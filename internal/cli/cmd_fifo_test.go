package cli

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestWalkSkipsFIFO: a FIFO named x.pbn in a directory is left out of
// every command's walk with a note on stderr; the regular file beside it
// is read. Before, each of them waited forever.
func TestWalkSkipsFIFO(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	os.Mkdir(in, 0o755)
	copyFile(t, "samples/full_play.pbn", filepath.Join(in, "a.pbn"))
	fifo := filepath.Join(in, "x.pbn")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	os.Symlink("x.pbn", filepath.Join(in, "y.pbn")) // a link to the FIFO too
	note := fifo + ": skipped: not a regular file\n" + filepath.Join(in, "y.pbn") + ": skipped: not a regular file\n"
	db := filepath.Join(dir, "a.db")
	for _, c := range []struct {
		args []string
		rest string // stderr after the notes
	}{
		{[]string{"check", in}, "1 file, 2 boards, 0 errors, 0 warnings\n"},
		{[]string{"convert", "--to", "json", in}, ""},
		{[]string{"show", in}, ""},
		{[]string{"score", in}, ""},
		{[]string{"sheet", "--format", "txt", in}, ""},
		{[]string{"dd", in}, ""},
		{[]string{"import", "--db", db, in}, "imported into " + db + ": 1 file (0 imported before, 0 the same as a file read above, 0 failed): 2 records, 2 new, 0 already there, 0 with errors, 0 left out, 0 with warnings\n"},
	} {
		code, out, errs := runCLI(c.args...)
		if code != 0 || out == "" && c.args[0] != "check" && c.args[0] != "import" || errs != note+c.rest {
			t.Errorf("%v: exit %d, %d bytes out, stderr %q; want 0, %q", c.args, code, len(out), errs, note+c.rest)
		}
	}
}

// TestFileNamesEscapedOnStderr: a file name holding ESC, BEL or CR
// reaches stderr escaped, as text from a file reaches stdout, in the
// commands' own messages and in the problems import
// reports.
func TestFileNamesEscapedOnStderr(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	evil := filepath.Join(dir, "x\x1b]0;pwned\x07\r.pbn")
	shown := filepath.Join(dir, `x\x1b]0;pwned\x07\x0d.pbn`)
	copyFile(t, "samples/full_play.pbn", evil, `[Dealer "N"]`, `[Dealer "Q"]`)
	missing := filepath.Join(dir, "no\x1b[31m.pbn")
	missingShown := filepath.Join(dir, `no\x1b[31m.pbn`)
	db := filepath.Join(dir, "a.db")
	for _, c := range []struct {
		args []string
		code int
		errs string
	}{
		{[]string{"check", missing}, 1, "handrec: check: stat " + missingShown + ": no such file or directory\n"},
		{[]string{"import", "--db", db, evil}, 0, shown + ":12:10: dealer: bad seat \"Q\"\n" +
			"imported into " + db + ": 1 file (0 imported before, 0 the same as a file read above, 0 failed): 2 records, 2 new, 0 already there, 1 with errors, 0 left out, 0 with warnings\n"},
	} {
		code, _, errs := runCLI(c.args...)
		if code != c.code || errs != c.errs {
			t.Errorf("%q: exit %d, stderr %q; want %d, %q", c.args, code, errs, c.code, c.errs)
		}
	}
}
