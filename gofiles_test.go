package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
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
