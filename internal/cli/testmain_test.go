package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"testing"

	"handrec/internal/pgtest"
	"handrec/internal/roottest"
)

// TestMain runs the tests from the module's root,
// where a user of a checkout runs handrec: the tests name the samples,
// the docs and the README as the README does (samples/full_play.pbn), and
// the command's messages name them so. When asked to, it runs the test
// binary as handrec itself, in the directory it was started in, so that
// signal tests send real signals to a real process.
func TestMain(m *testing.M) {
	root, err := roottest.Dir()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if os.Getenv("HANDREC_TEST_MAIN") == "1" {
		os.Exit(Main())
	}
	if err := os.Chdir(root); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	pgtest.Stop() // the PostgreSQL server the tests started, if any
	os.Exit(code)
}

// main1 runs the CLI in-process, as Main does but for the process's own
// settings (the collector, SIGPIPE, the signals), and returns the exit
// code: 0 ok, 1 some input failed, 2 a usage error.
func main1(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runOne(context.Background(), args, stdin, stdout, stderr)
}

// runMu lets one in-process run go at a time, though the tests run in
// parallel: urfave/cli's HelpFlag, VersionFlag and help command are
// package variables that every App's run writes (BoolFlag.Apply,
// Command.setup), a data race between two runs (go test -race). The
// tests' other work (their subprocesses, servers, files and checks)
// goes on beside the run.
var runMu sync.Mutex

// runOne is run, one at a time in the test binary.
func runOne(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	runMu.Lock()
	defer runMu.Unlock()
	return run(ctx, args, stdin, stdout, stderr)
}
