package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestWalkSkipsFIFO: a FIFO named x.pbn in a directory is left out of
// every command's walk with a note on stderr; the regular file beside it
// is read (issue 22, point 6). Before, each of them waited forever.
func TestWalkSkipsFIFO(t *testing.T) {
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
		{[]string{"check", in}, "1 files, 2 boards, 0 errors, 0 warnings\n"},
		{[]string{"convert", "--to", "json", in}, ""},
		{[]string{"show", in}, ""},
		{[]string{"score", in}, ""},
		{[]string{"sheet", "--format", "txt", in}, ""},
		{[]string{"dd", in}, ""},
		{[]string{"import", "--db", db, in}, "imported into " + db + ": 1 files (0 imported before, 0 failed): 2 records, 2 new, 0 already there, 0 with errors, 0 left out, 0 with warnings\n"},
	} {
		code, out, errs := runCLI(c.args...)
		if code != 0 || out == "" && c.args[0] != "check" && c.args[0] != "import" || errs != note+c.rest {
			t.Errorf("%v: exit %d, %d bytes out, stderr %q; want 0, %q", c.args, code, len(out), errs, note+c.rest)
		}
	}
}
