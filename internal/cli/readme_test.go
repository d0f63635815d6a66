package cli

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// readmeStep is one example of the README: a shell command, what it
// prints (stdout and stderr together) when the README shows it, and its
// exit status.
type readmeStep struct {
	line   int    // the README's line of the command
	cmd    string // run by sh -c
	want   []string
	shown  bool // the README shows the output: compare it
	prefix bool // the shown output ends with "...": it goes on
	exit   int
}

var exitLine = regexp.MustCompile(`^\[exit (\d+)\]$`)

// buildPrefix marks the README's first command: it builds handrec, then
// runs the rest of the line, whose output is the ```text block below it.
const buildPrefix = "    go build -o handrec . && "

// readmeSteps reads the README's examples in their order, by the
// convention its tour states: in a ```console block a line that starts
// with "$ " is a command, and the lines under it up to the next command
// or the block's end are its output (blank lines at its end left out); a
// last line "..." makes that output a prefix, and "[exit N]" gives the
// exit status.
// The indented build line of "Two commands" is a command too: the test
// builds the binary itself and runs the rest of the line.
func readmeSteps(text string) ([]readmeStep, error) {
	lines := strings.Split(text, "\n")
	var steps []readmeStep
	inConsole, inOther := false, false
	var cur *readmeStep
	flush := func() {
		if cur != nil {
			for len(cur.want) > 0 && cur.want[len(cur.want)-1] == "" {
				cur.want = cur.want[:len(cur.want)-1]
			}
			cur.shown = len(cur.want) > 0
			steps = append(steps, *cur)
			cur = nil
		}
	}
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case inOther:
			inOther = !strings.HasPrefix(l, "```")
		case !inConsole && strings.HasPrefix(l, buildPrefix):
			s := readmeStep{line: i + 1, cmd: strings.TrimPrefix(l, buildPrefix)}
			// its output: the ```text block after the blank line
			if i+2 < len(lines) && lines[i+2] == "```text" {
				j := i + 3
				for ; j < len(lines) && lines[j] != "```"; j++ {
					s.want = append(s.want, lines[j])
				}
				s.shown = true
				i = j
			}
			steps = append(steps, s)
		case !inConsole && l == "```console":
			inConsole = true
		case !inConsole && strings.HasPrefix(l, "```"):
			inOther = true
		case inConsole && l == "```":
			flush()
			inConsole = false
		case inConsole && strings.HasPrefix(l, "$ "):
			flush()
			cur = &readmeStep{line: i + 1, cmd: strings.TrimPrefix(l, "$ ")}
		case inConsole && cur == nil:
			return nil, fmt.Errorf("README.md:%d: a line before the block's first command: %q", i+1, l)
		case inConsole:
			cur.want = append(cur.want, l)
		}
	}
	if inConsole {
		return nil, errors.New("README.md: a ```console block is not closed")
	}
	for k := range steps {
		if err := steps[k].tail(); err != nil {
			return nil, err
		}
	}
	return steps, nil
}

// tail takes the marks "[exit N]" and "..." off the end of the output.
func (s *readmeStep) tail() error {
	if n := len(s.want); n > 0 {
		if m := exitLine.FindStringSubmatch(s.want[n-1]); m != nil {
			code, err := strconv.Atoi(m[1])
			if err != nil {
				return fmt.Errorf("README.md:%d: %v", s.line, err)
			}
			s.exit, s.want = code, s.want[:n-1]
			s.shown = len(s.want) > 0
		}
	}
	if n := len(s.want); n > 0 && s.want[n-1] == "..." {
		s.prefix, s.want = true, s.want[:n-1]
	}
	return nil
}

// TestREADMEExamples runs every example of the README in order, as a new
// user would from a fresh clone: in a directory holding a copy of
// samples/, with the binary built from this tree on the PATH (and as
// ./handrec). An exit status or an output other than the README shows
// fails.
func TestREADMEExamples(t *testing.T) {
	t.Parallel()
	text, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	steps, err := readmeSteps(string(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) < 20 || !strings.HasPrefix(steps[0].cmd, "./handrec import samples/") {
		t.Fatalf("found %d examples, the first %q: the README's convention changed?", len(steps), steps[0].cmd)
	}
	bin := t.TempDir()
	if out, err := exec.Command("go", "build", "-o", filepath.Join(bin, "handrec"), ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	work := t.TempDir()
	if err := os.CopyFS(filepath.Join(work, "samples"), os.DirFS("samples")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(bin, "handrec"), filepath.Join(work, "handrec")); err != nil {
		t.Fatal(err)
	}
	env := []string{"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"), "HOME=" + work, "LC_ALL=C.UTF-8", "TERM=dumb"}
	for _, s := range steps {
		var out bytes.Buffer
		cmd := exec.Command("sh", "-c", s.cmd)
		cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = work, env, &out, &out
		code := 0
		if err := cmd.Run(); err != nil {
			var ee *exec.ExitError
			if !errors.As(err, &ee) {
				t.Fatalf("README.md:%d: %s: %v", s.line, s.cmd, err)
			}
			code = ee.ExitCode()
		}
		if code != s.exit {
			t.Errorf("README.md:%d: %s: exit %d, the README shows %d\n%s", s.line, s.cmd, code, s.exit, out.String())
			continue
		}
		if !s.shown {
			continue
		}
		got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if s.prefix && len(got) > len(s.want) {
			got = got[:len(s.want)]
		}
		if g, w := strings.Join(got, "\n"), strings.Join(s.want, "\n"); g != w {
			t.Errorf("README.md:%d: %s: prints\n%s\nthe README shows\n%s", s.line, s.cmd, g, w)
		}
	}
}
