package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"

	"handrec/archive"
)

// signalWriter collects what is written, and closes hit at the first
// write that contains mark.
type signalWriter struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	mark string
	hit  chan struct{}
	once sync.Once
	// do, when set, runs as the mark is written, before Write returns:
	// an interrupt that cannot come too late
	do func()
}

func (w *signalWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if strings.Contains(string(p), w.mark) {
		w.once.Do(func() {
			if w.do != nil {
				w.do()
			}
			close(w.hit)
		})
	}
	return w.buf.Write(p)
}

func (w *signalWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// manyBoards writes a PBN file of a bad board then n good ones.
func manyBoards(t *testing.T, path string, n int) {
	t.Helper()
	b, err := os.ReadFile("samples/full_play.pbn")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i := strings.Index(s, "[Event")
	head, board := s[:i], s[i:strings.Index(s[i+1:], "[Event")+i+1]
	var out strings.Builder
	out.WriteString(head)
	out.WriteString(strings.Replace(board, "[Deal \"N:QT65.", "[Deal \"N:QT6.", 1)) // 12 cards
	for k := 0; k < n; k++ {
		out.WriteString(strings.Replace(board, "[Board \"1\"]", "[Board \""+itoa(k+2)+"\"]", 1))
	}
	if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestImportInterrupted: an interrupt stops the import, rolls back the
// file in progress, keeps the files before it, and exits 130.
func TestImportInterrupted(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "a.db")
	big := filepath.Join(dir, "big.pbn")
	manyBoards(t, big, 300)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The bad first board is reported (to stderr) as the first batch is
	// written: the interrupt comes then, and the next batch stops.
	errw := &signalWriter{mark: "big.pbn:", hit: make(chan struct{})}
	go func() { <-errw.hit; cancel() }()
	var out bytes.Buffer
	code := runOne(ctx, []string{"handrec", "import", "--db", db, "samples/full_play.pbn", big}, strings.NewReader(""), &out, errw)
	lines := strings.Split(strings.TrimSuffix(errw.String(), "\n"), "\n")
	want := "handrec: interrupted: the import of " + big + " was rolled back; the files before it stay imported"
	if code != exitInterrupted || out.String() != "" || lines[len(lines)-1] != want {
		t.Fatalf("exit %d, stdout %q, stderr %q; want 130, %q", code, out.String(), errw.String(), want)
	}
	code, got, errs := runCLI("query", "--db", db, "--format", "csv", "SELECT count(*) AS files, (SELECT count(*) FROM records) AS records FROM sources")
	if code != 0 || got != "files,records\n1,2\n" {
		t.Errorf("after the interrupt: exit %d, %q %s; want the first file only", code, got, errs)
	}
}

// TestImportWaitsForWriter: a second writer waits for the first, says so,
// and then imports.
func TestImportWaitsForWriter(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "a.db")
	first, err := archive.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	tx, err := first.SQL().Begin() // _txlock=immediate: the write lock, now
	if err != nil {
		t.Fatal(err)
	}
	errw := &signalWriter{mark: "waiting", hit: make(chan struct{})}
	go func() { <-errw.hit; tx.Rollback() }()
	var out bytes.Buffer
	code := main1([]string{"handrec", "import", "--db", db, "samples/full_play.pbn"}, strings.NewReader(""), &out, errw)
	want := "handrec: another process is writing " + db + "; waiting for it to finish (Ctrl-C to stop)\n" +
		"imported into " + db + ": 1 file (0 imported before, 0 the same as a file read above, 0 failed): 2 records, 2 new, 0 already there, 0 with errors, 0 left out, 0 with warnings\n"
	if code != 0 || errw.String() != want || out.String() != "" {
		t.Errorf("exit %d, stdout %q, stderr %q; want 0, %q", code, out.String(), errw.String(), want)
	}
}

// TestImportFIFO: a pipe is read once.
func TestImportFIFO(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "in.pbn")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	b, err := os.ReadFile("samples/full_play.pbn")
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		f.Write(b)
		f.Close()
	}()
	code, out, errs := runCLI("import", "--db", filepath.Join(dir, "a.db"), fifo)
	want := "imported into " + filepath.Join(dir, "a.db") + ": 1 file (0 imported before, 0 the same as a file read above, 0 failed): 2 records, 2 new, 0 already there, 0 with errors, 0 left out, 0 with warnings\n"
	if code != 0 || out != "" || errs != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want %q", code, out, errs, want)
	}
}
