package output

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		"plain, \t and\nlines":     "plain, \t and\nlines",
		"\x1b]0;pwned\x07\x1b[31m": `\x1b]0;pwned\x07\x1b[31m`,
		"a\rb\x7f\u009bc\u00e9":    `a\x0db\x7f\u009bc` + "\u00e9",
		"latin-1 \xe9 \xc2":        "latin-1 \xe9 \xc2", // not UTF-8: kept byte for byte
	} {
		if got := Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestEscaperSplit: a C1 control split between two writes is escaped.
func TestEscaperSplit(t *testing.T) {
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

func TestFileCommitAbort(t *testing.T) {
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
