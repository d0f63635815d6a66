package cli

import (
	"bufio"
	"bytes"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServe runs handrec serve as a process: it says where it listens
// (127.0.0.1), answers, and stops on SIGINT with exit 130.
func TestServe(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "a.db")
	var out, errb bytes.Buffer
	if code := main1([]string{"handrec", "import", "--db", db, "samples/full_play.pbn"}, nil, &out, &errb); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errb.String())
	}
	cmd := handrecCmd("serve", "--db", db, "--addr", "127.0.0.1:0")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	r := bufio.NewReader(stderr)
	line, err := r.ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`^handrec: serving (.*) at (http://127\.0\.0\.1:[0-9]+/) \(Ctrl-C to stop\)\n$`).FindStringSubmatch(line)
	if m == nil || m[1] != db {
		t.Fatalf("first line %q", line)
	}
	resp, err := http.Get(m[2] + "board/1")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "Helness, T.") {
		t.Errorf("board 1: %d", resp.StatusCode)
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	rest, _ := io.ReadAll(r)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop on SIGINT")
	}
	if code := exitOf(t, err); code != 130 || string(rest) != "handrec: interrupted\n" {
		t.Errorf("exit %d, stderr %q; want 130 and handrec: interrupted", code, rest)
	}
}

func TestServeUsage(t *testing.T) {
	t.Parallel()
	var out, errb bytes.Buffer
	code := main1([]string{"handrec", "serve", "x.db"}, nil, &out, &errb)
	want := "handrec: serve: unexpected argument \"x.db\" (the archive is given with --db)\nTry: handrec --help\n"
	if code != 2 || errb.String() != want {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
	errb.Reset()
	code = main1([]string{"handrec", "serve", "--db", filepath.Join(t.TempDir(), "none.db")}, nil, &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), "Try: handrec import --db") {
		t.Errorf("no archive: exit %d, stderr %q", code, errb.String())
	}
}

// startServe runs handrec serve with args as a process until the test
// ends, and gives the lines it wrote to stderr before "serving", and the
// address it serves at.
func startServe(t *testing.T, args ...string) (said []string, addr string) {
	t.Helper()
	cmd := handrecCmd(append([]string{"serve"}, args...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	r := bufio.NewReader(stderr)
	serving := regexp.MustCompile(`^handrec: serving .* at http://(.*)/ \(Ctrl-C to stop\)\n$`)
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("serve %q: %v after %q", args, err, said)
		}
		if m := serving.FindStringSubmatch(line); m != nil {
			go io.Copy(io.Discard, r)
			return said, m[1]
		}
		said = append(said, line)
	}
}
