package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"handrec/output"
)

// stopGrace is how long a command has, after SIGINT or SIGTERM, to stop
// on its own before the process stops it. A command stops at its next
// record, or rolls its archive transaction back, in far less; one that
// waits in a system call (a FIFO's writer that never writes, a pipe no
// one reads) would never see the signal.
const stopGrace = 2 * time.Second

// interruptible is the one way every command is interrupted: the first
// SIGINT or SIGTERM cancels the context the command runs under; it stops
// where it is, an archive rolls back the file being imported, an output
// removes its temporary file, and run says "handrec: interrupted" and
// returns 130. A command still running stopGrace later, or at a second
// signal, is stopped: the temporary files of its outputs are removed, the
// message said, and the process exits 130 (an archive's transaction not
// committed is rolled back by SQLite when the archive is next opened).
// stop ends the watch once the command has returned.
func interruptible(parent context.Context, stderr io.Writer) (ctx context.Context, stop func()) {
	wt := &watch{}
	ctx, cancel := context.WithCancel(context.WithValue(parent, watchKey{}, wt))
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case <-sigs:
		case <-done:
			return
		}
		cancel()
		select {
		case <-sigs:
		case <-time.After(stopGrace):
		case <-done:
			return
		}
		wt.mu.Lock() // held to the exit: run says nothing after this
		if wt.said {
			wt.mu.Unlock()
			return // the command stopped in time and run said so
		}
		output.RemoveTemporary()
		fmt.Fprintln(stderr, "handrec: interrupted")
		os.Exit(exitInterrupted)
	}()
	return ctx, func() {
		signal.Stop(sigs)
		close(done)
		cancel()
	}
}

// watch is one run's watch over the signals (interruptible), which ctx
// carries: it makes "handrec: interrupted" said once, by run, when the
// command stopped on its own, or by the watch, when it stopped the
// command; whichever comes second says nothing.
type watch struct {
	mu   sync.Mutex
	said bool
}

type watchKey struct{}

// sayInterrupted says msg, that the command was interrupted, unless the
// watch of ctx (if any) has stopped the process already.
func sayInterrupted(ctx context.Context, w io.Writer, msg string) {
	if wt, ok := ctx.Value(watchKey{}).(*watch); ok {
		wt.mu.Lock()
		defer wt.mu.Unlock()
		wt.said = true
	}
	fmt.Fprintln(w, msg)
}

// ignoreSIGPIPE makes a write to a closed pipe fail with EPIPE, which the
// command reports ("handrec: write output: ... broken pipe", exit 1) as it
// reports a full disk, rather than let the runtime kill the process with
// SIGPIPE (exit 141) on its first write to a closed stdout.
func ignoreSIGPIPE() {
	signal.Ignore(syscall.SIGPIPE)
}
