package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The solver's packages, and the one entry through which every other
// package reaches them.
const (
	ddEntry   = "handrec/ddsolve"
	ddPackage = "handrec/model/dd"
	ddPlay    = "handrec/model/ddplay"
)

// ddFormatters are the packages besides the entry that may import the
// solver's packages, each with its reason: they may name what the solver
// answers (ddAnswers), never what solves.
var ddFormatters = map[string]string{
	"render": "draws the solver's tables, par and play analyses (dd's report, show's analysis)",
}

// ddAnswers are the names of model/dd and model/ddplay a formatter may
// use: the types of the answers and the order of the strains. The rest
// (NewSolver, Solver, ParOf, RecordedTable, DefaultTableBytes, Analyse,
// ...) is the entry's; a name the solver adds is the entry's until it is
// listed here.
var ddAnswers = map[string]bool{
	"dd.Table": true, "dd.Par": true, "dd.ParContract": true, "dd.Strains": true,
	"ddplay.Analysis": true, "ddplay.Trick": true,
}

// ddUses lists what file f (of the folder dir) does against the one
// entry: each import of the solver's packages outside the entry, a
// formatter or the solver's own, and each name of them a formatter uses
// that is no answer. used says whether f names fn of the solver (as
// "dd.NewSolver"), for the check that the entry does.
func ddUses(fset *token.FileSet, dir string, f *ast.File, used map[string]bool) (wrong []string) {
	names := map[string]string{} // the file's name of each solver package: "dd", "ddplay"
	for _, im := range f.Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		if p != ddPackage && p != ddPlay {
			continue
		}
		local := path.Base(p)
		if im.Name != nil {
			local = im.Name.Name
		}
		names[local] = path.Base(p)
		switch {
		case dir == strings.TrimPrefix(ddEntry, "handrec/") || strings.HasPrefix(dir, "model/dd"):
		case ddFormatters[dir] != "":
			used["formatter "+dir] = true
		default:
			wrong = append(wrong, fset.Position(im.Pos()).String()+": imports "+p+": double dummy goes through "+ddEntry)
		}
	}
	if len(names) == 0 {
		return wrong
	}
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		id, ok := sel.X.(*ast.Ident)
		if !ok || names[id.Name] == "" {
			return true
		}
		name := names[id.Name] + "." + sel.Sel.Name
		used[name] = true
		if ddFormatters[dir] != "" && !ddAnswers[name] {
			wrong = append(wrong, fset.Position(sel.Pos()).String()+": "+name+" in "+dir+", which may only format what the solver answers ("+ddEntry+" solves)")
		}
		return true
	})
	return wrong
}

// TestOneDDEntry holds that double dummy is reached through one entry,
// ddsolve: whether a record can be solved, the solving of dd, --dd,
// import --dd and dd --db, the cache of deals solved, the viewer's
// solving, the par as a record states it and show's analysis of a play.
// No package but ddsolve and the solver's own imports model/dd or
// model/ddplay, tests included, besides the formatters (render), which
// name only the answers' types; and ddsolve does solve.
func TestOneDDEntry(t *testing.T) {
	used := map[string]bool{}
	var wrong []string
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		p = filepath.ToSlash(p)
		if d.IsDir() {
			if n := d.Name(); n == "testdata" || p != "." && strings.HasPrefix(n, ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		if !slices.ContainsFunc(f.Imports, func(s *ast.ImportSpec) bool { return strings.Contains(s.Path.Value, "handrec/model/dd") }) {
			return nil
		}
		if f, err = parser.ParseFile(fset, p, nil, parser.SkipObjectResolution); err != nil {
			return err
		}
		wrong = append(wrong, ddUses(fset, path.Dir(p), f, used)...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for dir := range ddFormatters {
		if !used["formatter "+dir] {
			wrong = append(wrong, "formatter "+dir+" imports no solver package: leave it out of ddFormatters")
		}
	}
	// the entry solves: were the names renamed, this test would watch nothing
	for _, name := range []string{"dd.NewSolver", "dd.ParOf", "dd.RecordedTable", "ddplay.Analyse"} {
		if !used[name] {
			wrong = append(wrong, name+" is named nowhere: the test no longer sees the solver")
		}
	}
	slices.Sort(wrong)
	if len(wrong) > 0 {
		t.Errorf("double dummy reached outside %s:\n%s", ddEntry, strings.Join(wrong, "\n"))
	}
}

// TestOneDDEntryCatches: the check finds a solver made outside the entry,
// under another name, and a formatter that solves.
func TestOneDDEntryCatches(t *testing.T) {
	for _, c := range []struct{ dir, src, want string }{
		{"web", "package web\nimport solver \"handrec/model/dd\"\nvar s = solver.NewSolver(0)\n",
			"web/x.go:2:8: imports handrec/model/dd: double dummy goes through handrec/ddsolve"},
		{"render", "package render\nimport \"handrec/model/dd\"\nvar t dd.Table\nvar p = dd.ParOf(t, 0, 0)\n",
			"render/x.go:4:9: dd.ParOf in render, which may only format what the solver answers (handrec/ddsolve solves)"},
		{"render", "package render\nimport \"handrec/model/ddplay\"\nvar a *ddplay.Analysis\n", ""},
		{"ddsolve", "package ddsolve\nimport \"handrec/model/dd\"\nvar s = dd.NewSolver(0)\n", ""},
	} {
		t.Run(c.dir, func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, c.dir+"/x.go", c.src, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Join(ddUses(fset, c.dir, f, map[string]bool{}), "\n")
			if got != c.want {
				t.Errorf("got %q\nwant %q", got, c.want)
			}
		})
	}
}
