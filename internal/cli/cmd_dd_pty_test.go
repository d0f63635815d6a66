//go:build linux

package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// openPTY opens a pseudo-terminal: what the command writes to slave is
// read from master as written (no output processing).
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	ioctl := func(f *os.File, req uintptr, arg unsafe.Pointer) error {
		if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), req, uintptr(arg)); e != 0 {
			return e
		}
		return nil
	}
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	var unlock int32
	var n uint32
	if err := ioctl(m, syscall.TIOCSPTLCK, unsafe.Pointer(&unlock)); err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	if err := ioctl(m, syscall.TIOCGPTN, unsafe.Pointer(&n)); err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	var tio syscall.Termios
	if err := ioctl(s, syscall.TCGETS, unsafe.Pointer(&tio)); err != nil {
		t.Fatal(err)
	}
	tio.Oflag &^= syscall.OPOST
	if err := ioctl(s, syscall.TCSETS, unsafe.Pointer(&tio)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return m, s
}

// TestDDErrorLinesAboveBar: dd --verify with stderr on a terminal (and
// stdout not) draws its bar there, and each line it reports clears the
// bar first and draws it again after: every line starts at the line's
// beginning after blanks over the bar, and the bar is cleared at the end.
func TestDDErrorLinesAboveBar(t *testing.T) {
	// Serial: progressbar's ticker goroutine reads the bar's start time
	// unlocked (v3.19.1, IsStarted beside render), a race go test -race
	// finds now and then with the test alone; serial, it fails no other.
	p := ddFile(t)
	master, slave := openPTY(t)
	read := make(chan string)
	go func() { b, _ := io.ReadAll(master); read <- string(b) }()
	var out bytes.Buffer
	code := main1([]string{"handrec", "dd", "--verify", "--jobs", "1", p}, strings.NewReader(""), &out, slave)
	slave.Close()
	got := <-read
	want := []string{
		p + ":10:35: board 2: E makes 0 tricks in C, DoubleDummyTricks says 2",
		p + ":10:33: board 2: E makes 2 tricks in H, DoubleDummyTricks says 0",
		p + ":10:27: board 2: S makes 2 tricks in S, DoubleDummyTricks says 0",
	}
	if code != exitInput {
		t.Errorf("exit %d, want %d", code, exitInput)
	}
	lines := strings.Split(got, "\n")
	if len(lines) != len(want)+1 {
		t.Fatalf("stderr has %d lines, want %d: %q", len(lines)-1, len(want), got)
	}
	width := 0 // the widest bar drawn so far
	for i, line := range lines {
		parts := strings.Split(line, "\r")
		last := len(parts) - 1
		if i > 0 && (len(parts) < 2 || !strings.Contains(parts[1], "dd")) {
			t.Errorf("line %d: the bar is not drawn again after the line before: %q", i+1, line)
		}
		for _, s := range parts[:last] {
			if strings.TrimLeft(s, " ") != "" {
				width = max(width, len([]rune(s)))
			}
		}
		if last < 2 || parts[last-1] == "" || strings.Trim(parts[last-1], " ") != "" || len(parts[last-1]) < width {
			t.Errorf("line %d: the bar (%d wide) is not cleared before it: %q", i+1, width, line)
		}
		if i < len(want) && parts[last] != want[i] {
			t.Errorf("line %d: %q, want %q", i+1, parts[last], want[i])
		}
		if i == len(want) && parts[last] != "" {
			t.Errorf("after the last line: %q, want the bar cleared", parts[last])
		}
	}
}

// TestSheetDDLinesAboveBar: sheet --dd's bar on a terminal, and a file
// that cannot be read said above it, not written over it. The bad file
// comes after ten good ones, so that the bar is drawn by then (the DD
// queue reads a few records ahead, no more).
func TestSheetDDLinesAboveBar(t *testing.T) {
	// Serial: progressbar's ticker goroutine reads the bar's start time
	// unlocked (v3.19.1, IsStarted beside render), a race go test -race
	// finds now and then with the test alone; serial, it fails no other.
	bad := filepath.Join(t.TempDir(), "bad.lin")
	if err := os.WriteFile(bad, []byte("this is not a lin file {{{\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	master, slave := openPTY(t)
	read := make(chan string)
	go func() { b, _ := io.ReadAll(master); read <- string(b) }()
	out := filepath.Join(t.TempDir(), "s.txt")
	args := []string{"handrec", "sheet", "--dd", "--format", "txt", "-o", out}
	for range 10 {
		args = append(args, "samples/full_play.pbn")
	}
	code := main1(append(args, bad), strings.NewReader(""), &bytes.Buffer{}, slave)
	slave.Close()
	got := <-read
	lines := strings.Split(got, "\n")
	parts := strings.Split(lines[0], "\r")
	last := len(parts) - 1
	// the bar cleared, the summary of what was read is the last line
	if code != exitInput || len(lines) != 3 || last < 3 || !strings.Contains(parts[1], "dd") ||
		strings.Trim(parts[last-1], " ") != "" || len(parts[last-1]) < len([]rune(parts[1])) ||
		!strings.HasPrefix(parts[last], bad+":1:1: not LIN: ") || !strings.Contains(lines[1], "dd") ||
		!strings.HasSuffix(lines[1], "\rsheet: read 11 files (1 failed): 20 records, 0 with errors, 0 with warnings") {
		t.Errorf("exit %d, stderr %q", code, got)
	}
}
