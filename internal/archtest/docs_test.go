package archtest

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// The docs and the code's comments say what and why, not which issue
// asked for it, and name no path outside the repository (the corpus and the
// deal generator beside a checkout are a developer's, not a user's): a
// reader of a clone has neither. Test code may still read the corpus.
func TestDocsNameNoIssueNorOutsidePath(t *testing.T) {
	out, err := exec.Command("git", "ls-files", "*.go", "*.md", "*.sql", "*.1").Output()
	if err != nil {
		t.Skipf("git ls-files: %v", err)
	}
	bad := regexp.MustCompile(`(?i)\bissues? \d+|\(issue\b|\.\./shared|/work/`)
	for _, f := range strings.Fields(string(out)) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range strings.Split(string(b), "\n") {
			if strings.HasSuffix(f, ".go") {
				_, c, ok := strings.Cut(l, "//")
				if !ok {
					continue
				}
				l = c
			}
			if m := bad.FindString(l); m != "" {
				t.Errorf("%s:%d: %q in %q", f, i+1, m, strings.TrimSpace(l))
			}
		}
	}
}

// docs/design.md lists every package, each with its job, and no package
// that is gone.
func TestDesignListsEveryPackage(t *testing.T) {
	b, err := os.ReadFile("docs/design.md")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	row := regexp.MustCompile("^\\| `(handrec[^`]*)` \\|.*\\| *[^| ][^|]* \\|$")
	for _, l := range strings.Split(string(b), "\n") {
		if m := row.FindStringSubmatch(l); m != nil {
			listed[m[1]] = true
		}
	}
	pkgs := modulePackages(t)
	for _, p := range pkgs {
		if !listed[p] {
			t.Errorf("docs/design.md does not list %s", p)
		}
		delete(listed, p)
	}
	for p := range listed {
		t.Errorf("docs/design.md lists %s, which is no package", p)
	}
}
