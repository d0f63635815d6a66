package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// eachGoFile calls fn with every non-test Go file below root, parsed, and
// its slash-separated path, leaving out testdata, hidden folders and the
// folders skip names (by path); the boundary tests of the code itself
// (one parallel map, no globals set per run, no PBN syntax in the model,
// LIN's marks defined once) read the tree through it.
func eachGoFile(t *testing.T, root string, skip []string, fn func(fset *token.FileSet, path string, f *ast.File)) {
	t.Helper()
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		p = filepath.ToSlash(p)
		if d.IsDir() {
			if n := d.Name(); n == "testdata" || p != root && strings.HasPrefix(n, ".") || slices.Contains(skip, p) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		fn(fset, p, f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// eachFunc calls fn with every function of handrec's non-test Go files
// (outside testdata) and its file's path, slash-separated.
func eachFunc(t *testing.T, fn func(fset *token.FileSet, path string, f *ast.File, fd *ast.FuncDecl)) {
	t.Helper()
	eachGoFile(t, ".", nil, func(fset *token.FileSet, p string, f *ast.File) {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				fn(fset, p, f, fd)
			}
		}
	})
}

// knownList checks the code against a list of known exceptions, each
// with its reason: a place found must be listed (else it is reported at
// where), and a listed one no place needs any more is reported too.
type knownList struct {
	known map[string]string
	used  map[string]bool
	found []string
}

func newKnownList(known map[string]string) *knownList {
	return &knownList{known: known, used: map[string]bool{}}
}

// see records the place key, reported as where when it is not listed.
func (k *knownList) see(key, where string) {
	k.used[key] = true
	if _, ok := k.known[key]; !ok {
		k.found = append(k.found, where)
	}
}

// check fails t with what, then each place not listed and each listed
// one not found, sorted.
func (k *knownList) check(t *testing.T, what string) {
	t.Helper()
	for key := range k.known {
		if !k.used[key] {
			k.found = append(k.found, "known but not found: "+key)
		}
	}
	slices.Sort(k.found)
	if len(k.found) > 0 {
		t.Errorf("%s:\n%s", what, strings.Join(k.found, "\n"))
	}
}

// No function runs over 80 lines: a longer one does more than one thing.
func TestFunctionSize(t *testing.T) {
	eachFunc(t, func(fset *token.FileSet, p string, _ *ast.File, fd *ast.FuncDecl) {
		if n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1; n > 80 {
			t.Errorf("%s: %s runs %d lines, over 80", p, fd.Name.Name, n)
		}
	})
}

// No package holds more than 7,000 lines of code (its files that are not
// tests): past that a package does more than one job.
func TestPackageSize(t *testing.T) {
	lines := map[string]int{}
	eachGoFile(t, ".", nil, func(fset *token.FileSet, p string, f *ast.File) {
		lines[path.Dir(p)] += fset.Position(f.FileEnd).Line
	})
	if lines["render"] == 0 || lines["model"] == 0 {
		t.Fatalf("no lines counted: %v", lines)
	}
	for dir, n := range lines {
		if n > 7000 {
			t.Errorf("%s holds %d lines of code, over 7,000", dir, n)
		}
	}
}
