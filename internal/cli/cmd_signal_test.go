package cli

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// handrecCmd is the test binary run as the handrec command.
func handrecCmd(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "HANDREC_TEST_MAIN=1")
	return cmd
}

// exitOf is the exit status of a finished command, 128+N for a signal.
func exitOf(t *testing.T, err error) int {
	t.Helper()
	var ee *exec.ExitError
	if err == nil {
		return 0
	}
	if !errors.As(err, &ee) {
		t.Fatal(err)
	}
	if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return ee.ExitCode()
}

// feed writes the sample to the FIFO over and over until the reader is
// gone, counting the bytes written.
func feed(fifo string, sample []byte, written *atomic.Int64) {
	f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
	if err != nil {
		return
	}
	defer f.Close()
	for {
		n, err := f.Write(sample)
		written.Add(int64(n))
		if err != nil {
			return
		}
	}
}

// TestSignalsEveryCommand: SIGINT and SIGTERM stop every command reading
// files with "handrec: interrupted" and exit 130, and leave no temporary
// file of -o (convert -o and sheet -o left their .NAME.NNN.tmp, and
// SIGTERM killed score, show, check and dd with 143).
// The input is a FIFO fed without end, so the command is always at work.
func TestSignalsEveryCommand(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs the binary")
	}
	sample, err := os.ReadFile("samples/full_play.pbn")
	if err != nil {
		t.Fatal(err)
	}
	// a blank line after each copy, so that the games do not run into one
	// another's (whose repeated tags every command would report)
	sample = append(sample, '\n')
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		for _, args := range [][]string{
			{"convert", "--to", "json", "IN", "-o", "OUT/x.json"},
			{"convert", "--to", "pbn", "IN", "-o", "OUT/x.pbn"},
			{"sheet", "--format", "txt", "IN", "-o", "OUT/x.txt"},
			{"sheet", "--format", "pdf", "IN", "-o", "OUT/x.pdf"},
			{"score", "IN"},
			{"show", "IN"},
			{"check", "IN"},
			{"dd", "IN"},
		} {
			dir := t.TempDir()
			out := filepath.Join(dir, "out")
			os.Mkdir(out, 0o755)
			fifo := filepath.Join(dir, "in.pbn")
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Skip(err)
			}
			a := strings.Fields(strings.NewReplacer("IN", fifo, "OUT", out).Replace(strings.Join(args, " ")))
			cmd := handrecCmd(a...)
			var errb bytes.Buffer
			cmd.Stderr = &errb
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			var written atomic.Int64
			go feed(fifo, sample, &written)
			for written.Load() < 256<<10 { // past the pipe's buffer: the command reads records
				time.Sleep(10 * time.Millisecond)
			}
			cmd.Process.Signal(sig)
			code := exitOf(t, cmd.Wait())
			if code != exitInterrupted || errb.String() != "handrec: interrupted\n" {
				t.Errorf("%v, %v: exit %d, stderr %q; want 130, %q", args, sig, code, errb.String(), "handrec: interrupted\n")
			}
			if left, _ := os.ReadDir(out); len(left) != 0 {
				t.Errorf("%v, %v: left %s", args, sig, left[0].Name())
			}
		}
	}
}

// TestSignalImportFIFO: an import waiting for a FIFO's writer that never
// comes stops at SIGINT and SIGTERM (it ignored both).
func TestSignalImportFIFO(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs the binary")
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		dir := t.TempDir()
		fifo := filepath.Join(dir, "in.pbn")
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Skip(err)
		}
		cmd := handrecCmd("import", "--db", filepath.Join(dir, "a.db"), fifo)
		var errb bytes.Buffer
		cmd.Stderr = &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if !waitingOnFIFO(cmd.Process.Pid) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Skip("cannot see the process wait for the FIFO in /proc")
		}
		cmd.Process.Signal(sig)
		code := exitOf(t, cmd.Wait())
		want := "handrec: interrupted: the import of " + fifo + " was rolled back; the files before it stay imported\n"
		if code != exitInterrupted || errb.String() != want {
			t.Errorf("%v: exit %d, stderr %q; want 130, %q", sig, code, errb.String(), want)
		}
	}
}

// waitingOnFIFO reports whether a thread of the process waits in a
// FIFO's open (Linux's wchan wait_for_partner); it gives up after ten
// seconds.
func waitingOnFIFO(pid int) bool {
	for range 1000 {
		tasks, _ := filepath.Glob(filepath.Join("/proc", strconv.Itoa(pid), "task", "*", "wchan"))
		for _, w := range tasks {
			if b, _ := os.ReadFile(w); string(b) == "wait_for_partner" {
				return true
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	return false
}

// TestInterruptedRemovesOutput: a command whose context is cancelled (as
// a signal cancels it) says so, exits 130 and leaves no temporary file.
func TestInterruptedRemovesOutput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, args := range [][]string{
		{"convert", "--to", "json", "samples/full_play.pbn", "-o", filepath.Join(dir, "x.json")},
		{"sheet", "samples/full_play.pbn", "-o", filepath.Join(dir, "x.html")},
		{"check", "samples/full_play.pbn"},
		{"score", "samples/full_play.pbn"},
		{"show", "samples/full_play.pbn"},
		{"dd", "samples/full_play.pbn"},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		var out, errb bytes.Buffer
		code := runOne(ctx, append([]string{"handrec"}, args...), strings.NewReader(""), &out, &errb)
		if code != exitInterrupted || errb.String() != "handrec: interrupted\n" {
			t.Errorf("%v: exit %d, stderr %q; want 130, %q", args, code, errb.String(), "handrec: interrupted\n")
		}
		if left, _ := os.ReadDir(dir); len(left) != 0 {
			t.Errorf("%v: left %s", args, left[0].Name())
		}
	}
}

// TestClosedPipe: a closed stdout pipe is a failed write, as the README
// says (the process died by SIGPIPE, exit 141).
func TestClosedPipe(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs the binary")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	cmd := handrecCmd("convert", "--to", "json", "samples/full_play.pbn")
	var errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = w, &errb
	err = cmd.Run()
	w.Close()
	want := "handrec: write output: write /dev/stdout: broken pipe\n"
	if code := exitOf(t, err); code != exitInput || errb.String() != want {
		t.Errorf("exit %d, stderr %q; want 1, %q", code, errb.String(), want)
	}
}

// TestOutputStdoutAppends: -o /dev/stdout writes to the process's stdout
// as it is: "-o /dev/stdout >> log.txt" adds to the log (it was renamed
// over and held only the output).
func TestOutputStdoutAppends(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs the binary")
	}
	log := filepath.Join(t.TempDir(), "log.txt")
	os.WriteFile(log, []byte("old line\n"), 0o644)
	f, err := os.OpenFile(log, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	cmd := handrecCmd("convert", "--to", "pbn", "samples/full_play.pbn", "-o", "/dev/stdout")
	var errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = f, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v: %s", err, errb.String())
	}
	f.Close()
	_, pbn, _ := runCLI("convert", "--to", "pbn", "samples/full_play.pbn")
	if b, _ := os.ReadFile(log); string(b) != "old line\n"+pbn {
		t.Errorf("the log holds %d bytes, want %d: %.40q", len(b), len("old line\n"+pbn), b)
	}
}
