package output

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestEscape(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, in, want string }{
		{"tabs and line ends pass", "plain, \t and\nlines", "plain, \t and\nlines"},
		{"terminal escapes", "\x1b]0;pwned\x07\x1b[31m", `\x1b]0;pwned\x07\x1b[31m`},
		{"CR, DEL and a C1 control", "a\rb\x7f\u009bc\u00e9", `a\x0db\x7f\u009bc` + "\u00e9"},
		{"Latin-1 kept byte for byte", "latin-1 \xe9 \xc2", "latin-1 \xe9 \xc2"}, // not UTF-8
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Escape(c.in); got != c.want {
				t.Errorf("Escape(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}

// TestEscaperSplit: a C1 control split between two writes is escaped.
func TestEscaperSplit(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	e := &Escaper{W: &b}
	for _, p := range []string{"x\xc2", "\x9by\xc2", "\xa9", "\xc2"} {
		if n, err := e.Write([]byte(p)); n != len(p) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", p, n, err)
		}
	}
	if err := e.Flush(); err != nil {
		t.Fatal(err)
	}
	if want := `x\u009by` + "\u00a9\xc2"; b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}

// TestEscaperPages: with Pages a form feed passes, every other control
// is escaped still; without, the form feed is escaped too.
func TestEscaperPages(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		pages bool
		want  string
	}{{"with pages", true, "page 1\f\\x1b[2Jpage 2\f"}, {"without pages", false, "page 1\\x0c\\x1b[2Jpage 2\\x0c"}} {
		t.Run(c.name, func(t *testing.T) {
			var b strings.Builder
			e := &Escaper{W: &b, Pages: c.pages}
			e.Write([]byte("page 1\f\x1b[2J"))
			e.Write([]byte("page 2\f"))
			if b.String() != c.want {
				t.Errorf("Pages %v: %q, want %q", c.pages, b.String(), c.want)
			}
		})
	}
}

func TestFileCommitAbort(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(p, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	f, err := Create(p)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("new")
	f.Abort()
	if b, _ := os.ReadFile(p); string(b) != "old" {
		t.Errorf("after Abort: %q", b)
	}
	f, _ = Create(p)
	f.WriteString("new")
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	f.Abort() // deferred in a command: nothing after Commit
	b, _ := os.ReadFile(p)
	fi, _ := os.Stat(p)
	if string(b) != "new" || fi.Mode().Perm() != 0o640 {
		t.Errorf("after Commit: %q, mode %v", b, fi.Mode())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("left %d files", len(entries))
	}
}

// TestCreateInPlace: a FIFO and a character device are written as they
// are, never renamed over, and leave no temporary file beside them.
func TestCreateInPlace(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "x.pbn")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	got := make(chan string)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- string(b)
	}()
	f, err := Create(fifo)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("through the pipe")
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "through the pipe" {
		t.Errorf("the FIFO's reader got %q", s)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v %v", fi.Mode(), err)
	}
	if f, err := Create("/dev/null"); err != nil {
		t.Error(err)
	} else {
		f.WriteString("nothing")
		f.Abort()
	}
	if fi, err := os.Stat("/dev/null"); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		t.Errorf("/dev/null: %v %v", fi.Mode(), err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("left %d files", len(entries))
	}
}

// TestCreateRefusesSQLiteParts: the -wal, -shm and -journal of an SQLite
// database are refused; the same names beside a file that is not one are
// files like any other.
func TestCreateRefusesSQLiteParts(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "x.db")
	if err := os.WriteFile(db, []byte("SQLite format 3\x00 and the rest"), 0o644); err != nil {
		t.Fatal(err)
	}
	for suffix, what := range map[string]string{"-wal": "the write-ahead log", "-shm": "the shared-memory index", "-journal": "the rollback journal"} {
		t.Run(suffix, func(t *testing.T) {
			_, err := Create(db + suffix)
			want := db + suffix + " is " + what + " of the SQLite database " + db
			var re *RefusedError
			if !errors.As(err, &re) || err.Error() != want {
				t.Errorf("%s: %v; want %q", suffix, err, want)
			}
		})
	}
	notDB := filepath.Join(dir, "notes")
	os.WriteFile(notDB, []byte("plain text, long enough"), 0o644)
	f, err := Create(notDB + "-wal")
	if err != nil {
		t.Fatal(err)
	}
	f.Abort()
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("left %d files", len(entries))
	}
}

// TestCreateDanglingLink: a link to no file is written through, creating
// its target, and stays a link; a target in no directory is said so.
func TestCreateDanglingLink(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	link := filepath.Join(dir, "out.pbn")
	if err := os.Symlink("target.pbn", link); err != nil {
		t.Fatal(err)
	}
	f, err := Create(link)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("made")
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "target.pbn")); string(b) != "made" {
		t.Errorf("target: %q %v", b, err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is gone: %v", err)
	}
	nowhere := filepath.Join(dir, "nowhere.pbn")
	os.Symlink("no/such/dir/x.pbn", nowhere)
	_, err = Create(nowhere)
	if want := nowhere + ": its target " + filepath.Join(dir, "no/such/dir/x.pbn") + " is in no directory that exists"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}
	_, err = Create(filepath.Join(dir, "none", "x.pbn"))
	if want := filepath.Join(dir, "none", "x.pbn") + ": no directory " + filepath.Join(dir, "none"); err == nil || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}
}

func TestDescriptor(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	link := filepath.Join(dir, "out")
	os.Symlink("/dev/stdout", link)
	for _, c := range []struct {
		name, path string
		want       int
	}{
		{"stdout", "/dev/stdout", 1}, {"stderr", "/dev/stderr", 2}, {"a descriptor of /dev/fd", "/dev/fd/7", 7},
		{"a descriptor of /proc/self/fd", "/proc/self/fd/3", 3}, {"a link to stdout", link, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			if fd, ok := Descriptor(c.path); !ok || fd != c.want {
				t.Errorf("Descriptor(%q) = %d, %v; want %d", c.path, fd, ok, c.want)
			}
		})
	}
	for _, path := range []string{"/dev/null", "/dev/fd/x", filepath.Join(dir, "x.pbn")} {
		if fd, ok := Descriptor(path); ok {
			t.Errorf("Descriptor(%q) = %d", path, fd)
		}
	}
}
