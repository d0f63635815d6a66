package cli

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"handrec/model"
)

// randomDealsPBN is n random full deals, boards 1 to n, as PBN.
func randomDealsPBN(n int) string {
	rng := rand.New(rand.NewPCG(39, 4))
	var b strings.Builder
	for k := 1; k <= n; k++ {
		var d model.Deal
		for i, c := range rng.Perm(52) {
			d.Hands[i%4] = d.Hands[i%4].With(model.NewCard(model.Suit(c/13), model.Rank(c%13+2)))
		}
		d.Known = [4]bool{true, true, true, true}
		fmt.Fprintf(&b, "[Board \"%d\"]\n[Deal \"%s\"]\n\n", k, d.PBN(model.North))
	}
	return b.String()
}

const brokenPipe = "handrec: write output: write /dev/stdout: broken pipe\n"

// TestDDHead: dd FILE | head stops at once with exit 1, as every other
// command does: on 20,000 and 100,000 deals it had solved on, minutes
// after head had gone.
func TestDDHead(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs the binary")
	}
	for _, n := range []int{20000, 100000} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "deals.pbn")
			if err := os.WriteFile(p, []byte(randomDealsPBN(n)), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := handrecCmd("dd", p)
			var errb bytes.Buffer
			cmd.Stderr = &errb
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			sc := bufio.NewScanner(out)
			for i := 0; i < 10 && sc.Scan(); i++ { // head
			}
			out.Close()
			left := time.Now()
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err = <-done:
			case <-time.After(time.Minute):
				cmd.Process.Kill()
				<-done
				t.Fatalf("dd still ran a minute after its stdout was closed")
			}
			if code := exitOf(t, err); code != exitInput || errb.String() != brokenPipe {
				t.Errorf("exit %d, stderr %q; want 1, %q", code, errb.String(), brokenPipe)
			}
			t.Logf("%d deals: stopped %v after its stdout was closed", n, time.Since(left).Round(time.Millisecond))
		})
	}
}

// failingStdout takes n bytes, then fails as a closed pipe does.
type failingStdout struct{ n int }

func (f *failingStdout) Write(p []byte) (int, error) {
	if len(p) > f.n {
		k := f.n
		f.n = 0
		return k, &os.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.EPIPE}
	}
	f.n -= len(p)
	return len(p), nil
}

// countingReader counts the bytes read of it.
type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// TestDDStopsReading: once its stdout fails, dd reads no further than the
// deals it had read ahead: of 20,000 deals on stdin, no more than a few
// hundred.
func TestDDStopsReading(t *testing.T) {
	t.Parallel()
	in := randomDealsPBN(20000)
	var read atomic.Int64
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // 130 if it does not stop
	defer cancel()
	var errb bytes.Buffer
	code := runOne(ctx, []string{"handrec", "dd", "--jobs", "2", "-"}, countingReader{strings.NewReader(in), &read}, &failingStdout{n: 200}, &errb)
	if code != exitInput || errb.String() != brokenPipe {
		t.Errorf("exit %d, stderr %q; want 1, %q", code, errb.String(), brokenPipe)
	}
	if n := read.Load(); n > int64(len(in))/10 {
		t.Errorf("read %d bytes of %d after stdout failed", n, len(in))
	}
	t.Logf("read %d bytes of %d", read.Load(), len(in))
}
