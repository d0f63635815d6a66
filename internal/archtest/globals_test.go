package archtest

import (
	"go/ast"
	"go/token"
	"path"
	"testing"
)

// knownGlobalWrites are package variables that a function other than
// init assigns, by package directory and name, each with its reason; an
// entry no assignment needs any more fails the test.
var knownGlobalWrites = map[string]string{
	// the formats' layouts, registered by init functions (register is
	// what RegisterLayout and RegisterHeaderLayout share)
	"model layoutNew": "a registry filled at init",
	// the archives' engines, registered by their packages' init functions
	"archive/driver drivers": "a registry filled at init",
	// the temporary files of the outputs being written, which an
	// interrupted process removes before it exits: the process's, not a
	// run's, and emptied as each output is committed or removed
	"output temps": "the process's live temporary files",
	// the tests' shared PostgreSQL server, started once for a test binary
	"internal/pgtest srv": "the tests' server", "internal/pgtest srvErr": "the tests' server",
	"internal/pgtest started": "the tests' server", "internal/pgtest nextDB": "the tests' databases",
}

// TestNoGlobalsSetPerRun holds that no package variable of handrec's
// non-test code is assigned by a function other than init (or an
// initializer): what a run chooses (its input, its options) travels in
// values, never in a package variable that a second run, or a test
// beside it, would find set (as pipeline.Stdin once was).
func TestNoGlobalsSetPerRun(t *testing.T) {
	pkgs := map[string][]*ast.File{}
	var fset *token.FileSet
	eachGoFile(t, ".", nil, func(fs *token.FileSet, p string, f *ast.File) {
		fset = fs
		dir := path.Dir(p)
		pkgs[dir] = append(pkgs[dir], f)
	})
	kl := newKnownList(knownGlobalWrites)
	for dir, files := range pkgs {
		globals := map[string]bool{}
		for _, f := range files {
			for _, d := range f.Decls {
				if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.VAR {
					for _, s := range g.Specs {
						for _, n := range s.(*ast.ValueSpec).Names {
							globals[n.Name] = true
						}
					}
				}
			}
		}
		for _, f := range files {
			for _, d := range f.Decls {
				fn, ok := d.(*ast.FuncDecl)
				if !ok || fn.Body == nil || fn.Recv == nil && fn.Name.Name == "init" {
					continue
				}
				ast.Inspect(fn.Body, func(n ast.Node) bool {
					var lhs []ast.Expr
					switch s := n.(type) {
					case *ast.AssignStmt:
						if s.Tok != token.DEFINE {
							lhs = s.Lhs
						}
					case *ast.IncDecStmt:
						lhs = []ast.Expr{s.X}
					}
					for _, e := range lhs {
						id := rootIdent(e)
						// a name the file resolves is a local one (or the
						// file's own package variable: then its
						// declaration is a package-level ValueSpec)
						if id == nil || id.Name == "_" || !globals[id.Name] || id.Obj != nil && !packageLevel(f, id.Obj) {
							continue
						}
						kl.see(dir+" "+id.Name, fset.Position(id.Pos()).String()+": "+id.Name+" assigned in "+fn.Name.Name)
					}
					return true
				})
			}
		}
	}
	kl.check(t, "package variables set outside init")
}

// rootIdent is the variable an assignment's left side writes to: x of
// x, x.f, x[i] and *x; nil for another expression.
func rootIdent(e ast.Expr) *ast.Ident {
	for {
		switch v := e.(type) {
		case *ast.Ident:
			return v
		case *ast.SelectorExpr:
			e = v.X
		case *ast.IndexExpr:
			e = v.X
		case *ast.StarExpr:
			e = v.X
		case *ast.ParenExpr:
			e = v.X
		default:
			return nil
		}
	}
}

// packageLevel reports whether obj is declared at f's top level.
func packageLevel(f *ast.File, obj *ast.Object) bool {
	return obj.Kind == ast.Var && f.Scope.Lookup(obj.Name) == obj
}
