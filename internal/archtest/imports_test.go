package archtest

import (
	"go/ast"
	"go/build"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// importRules are the arrows: for each package, the imports it may have.
func importRules() map[string]func(imp string) bool {
	// a domain subpackage of model (scoring, dd, ...)
	domain := func(imp string) bool { return strings.HasPrefix(imp, "handrec/model/") }
	// what the formats share below their readers and writers: the
	// layouts, and the JSON 2 codec
	formats := func(imp string) bool { return imp == "handrec/layout" || imp == "handrec/jsonrec" }
	// a helper of the project's own, standard library only (ordered), or
	// the reading of older forms (legacy, whose importers
	// TestLegacyImporters names); never the CLI or a test's helper
	internal := func(imp string) bool { return imp == "handrec/internal/ordered" || imp == "handrec/internal/legacy" }
	stdlib := func(imp string) bool { return !strings.Contains(imp, ".") && !strings.HasPrefix(imp, "handrec") }
	// what every package of parser/... may import: the readers of the
	// formats (a package a format) know each other no more than they know
	// export or archive, and share what they share through
	// parser/internal/read; participle stays inside parser/...
	reader := func(imp string) bool {
		return imp == "handrec/model" || domain(imp) || formats(imp) || internal(imp) || imp == "handrec/parser/internal/read" ||
			strings.HasPrefix(imp, "github.com/alecthomas/participle/") || stdlib(imp)
	}
	return map[string]func(imp string) bool{
		// the root's main.go only calls the CLI
		"handrec": func(imp string) bool { return imp == "handrec/internal/cli" || stdlib(imp) },
		// the commands wire every library together; no library imports
		// them, and they import no test's helper (TestTestHelpersStayInTests)
		"handrec/internal/cli": func(imp string) bool { return !testSupport[imp] },
		// the hooks archive/postgres's tests set: nothing at all
		"handrec/archive/internal/testhooks": stdlib,
		"handrec/model":                      func(imp string) bool { return !strings.Contains(imp, ".") && !strings.HasPrefix(imp, "handrec") },
		"handrec/model/scoring": func(imp string) bool {
			return imp == "handrec/model" || !strings.Contains(imp, ".") && !strings.HasPrefix(imp, "handrec")
		},
		// JSON 2 states the parts of PBN's layout that it gives keys of
		// their own (the escape lines) there, and the rest under "layout";
		// it reads older documents through legacy (TestLegacyImporters)
		"handrec/jsonrec": func(imp string) bool {
			return imp == "handrec/model" || imp == "handrec/layout" || imp == "handrec/internal/legacy" ||
				!strings.Contains(imp, ".") && !strings.HasPrefix(imp, "handrec")
		},
		// the reading of older forms: the model and its layouts
		"handrec/internal/legacy": func(imp string) bool {
			return imp == "handrec/model" || imp == "handrec/layout" || !strings.Contains(imp, ".") && !strings.HasPrefix(imp, "handrec")
		},
		"handrec/model/dd": func(imp string) bool {
			return imp == "handrec/model" || !strings.Contains(imp, ".") && !strings.HasPrefix(imp, "handrec")
		},
		// the analysis of a played deal uses the solver, and nothing technical
		"handrec/model/ddplay": func(imp string) bool {
			return imp == "handrec/model" || imp == "handrec/model/dd" || !strings.Contains(imp, ".") && !strings.HasPrefix(imp, "handrec")
		},
		"handrec/layout": func(imp string) bool {
			return imp == "handrec/model" || !strings.Contains(imp, ".") && !strings.HasPrefix(imp, "handrec")
		},
		// the front: it tells the format and hands the file to its reader
		"handrec/parser": func(imp string) bool {
			return reader(imp) || strings.HasPrefix(imp, "handrec/parser/")
		},
		"handrec/parser/internal/read": reader,
		"handrec/parser/json":          reader,
		"handrec/parser/diagram":       reader,
		"handrec/parser/lin":           reader,
		"handrec/parser/pbn":           reader,
		// the format writers: the standard library only beside the model
		// and the formats' layouts
		"handrec/export": func(imp string) bool {
			return imp == "handrec/model" || domain(imp) || formats(imp) || stdlib(imp)
		},
		// render draws records and reports as text, HTML and PDF (the PDF
		// library and its fonts): from the model and the layouts, with what
		// the writers know (a tag's value as PBN writes it, the handviewer
		// link, what a format drops); it reads no file and knows no archive
		"handrec/render": func(imp string) bool {
			return imp == "handrec/model" || domain(imp) || formats(imp) || imp == "handrec/export" || stdlib(imp) ||
				imp == "codeberg.org/go-pdf/fpdf" || strings.HasPrefix(imp, "github.com/go-fonts/")
		},
		// pipeline joins the readers, the writers and the archive, which
		// do not know each other; the CLI (urfave/cli) and the drivers
		// stay out of it.
		"handrec/pipeline": func(imp string) bool {
			return imp == "handrec/model" || domain(imp) || formats(imp) || internal(imp) || imp == "handrec/parser" || imp == "handrec/export" ||
				imp == "handrec/render" || imp == "handrec/archive" || imp == "handrec/ddsolve" || !strings.Contains(imp, ".") && !strings.HasPrefix(imp, "handrec")
		},
		// the one entry to double dummy (TestOneDDEntry): the solver and the
		// ordered parallel map it solves on, nothing technical
		"handrec/ddsolve": func(imp string) bool {
			return imp == "handrec/model" || domain(imp) || imp == "handrec/internal/ordered" || stdlib(imp)
		},
		// the Parquet writer reads views through a query it is given
		"handrec/parquet": func(imp string) bool {
			return stdlib(imp) || strings.HasPrefix(imp, "github.com/parquet-go/parquet-go")
		},
		// the web viewer reads the archive through its public views and
		// draws with render (and writes with export); it parses no file
		"handrec/web": func(imp string) bool {
			return imp == "handrec/model" || domain(imp) || imp == "handrec/export" || imp == "handrec/render" || imp == "handrec/archive" ||
				imp == "handrec/pipeline" || imp == "handrec/ddsolve" || !strings.Contains(imp, ".") && !strings.HasPrefix(imp, "handrec")
		},
		"handrec/output":           stdlib,
		"handrec/internal/ordered": stdlib,
		// the tests' second scorer of a pairs session: the standard
		// library only, so that it shares nothing with handrec's
		"handrec/internal/indep": stdlib,
		// what both engines share: no engine's driver, no engine
		"handrec/archive": func(imp string) bool {
			return imp == "handrec/model" || domain(imp) || formats(imp) || internal(imp) || imp == "handrec/archive/driver" ||
				imp == "github.com/klauspost/compress/zstd" || stdlib(imp)
		},
		// an engine each: its database's driver, the archive's driver
		// package, never archive (which its tests open archives with)
		"handrec/archive/sqlite": func(imp string) bool {
			return imp == "handrec/model" || domain(imp) || imp == "handrec/archive/driver" || imp == "github.com/mattn/go-sqlite3" ||
				imp == "C" || stdlib(imp)
		},
		"handrec/archive/postgres": func(imp string) bool {
			return imp == "handrec/archive/driver" || imp == "handrec/archive/internal/testhooks" ||
				strings.HasPrefix(imp, "github.com/jackc/pgx/v5") || stdlib(imp)
		},
		// what an archive's engine implements, and what the engines share
		// with archive below it: the model and the standard library
		"handrec/archive/driver": func(imp string) bool {
			return imp == "handrec/model" || stdlib(imp)
		},
	}
}

// testSupport are the packages only tests import: the helpers that start
// PostgreSQL, node or a clock, compare goldens, find the module's root,
// read the books' examples, and the second scorer the sessions are
// checked against. No package's code imports them.
var testSupport = map[string]bool{
	"handrec/internal/archtest": true, "handrec/internal/cpuclock": true, "handrec/internal/golden": true,
	"handrec/internal/indep": true, "handrec/internal/nodetest": true, "handrec/internal/pgtest": true,
	"handrec/internal/roottest": true, "handrec/parser/internal/readtest": true, "handrec/model/scoring/booktest": true,
}

// modulePackages lists handrec's packages: every folder below the root
// (outside testdata and hidden folders) with a Go file, tests included.
func modulePackages(t *testing.T) []string {
	t.Helper()
	var pkgs []string
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == "testdata" || p != "." && strings.HasPrefix(n, ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".go") {
			pkg := path.Join("handrec", filepath.ToSlash(filepath.Dir(p)))
			if !slices.Contains(pkgs, pkg) {
				pkgs = append(pkgs, pkg)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// Every package has its arrows, or is a test's helper: a new package
// states what it may import before it lands.
func TestEveryPackageHasArrows(t *testing.T) {
	rules := importRules()
	pkgs := modulePackages(t)
	for _, want := range []string{"handrec", "handrec/internal/cli", "handrec/web", "handrec/internal/pgtest"} {
		if !slices.Contains(pkgs, want) {
			t.Fatalf("modulePackages left out %s: %v", want, pkgs)
		}
	}
	for _, pkg := range pkgs {
		if rules[pkg] == nil && !testSupport[pkg] {
			t.Errorf("%s has no import rule in importRules and is no test's helper", pkg)
		}
	}
	for pkg := range testSupport {
		if !slices.Contains(pkgs, pkg) {
			t.Errorf("testSupport names %s, which is no package", pkg)
		}
	}
}

// The test helpers stay in tests: no package's code (its files that are
// not tests) imports one.
func TestTestHelpersStayInTests(t *testing.T) {
	for _, pkg := range modulePackages(t) {
		p, err := build.Import(pkg, ".", 0)
		if err != nil {
			if _, ok := err.(*build.NoGoError); ok {
				continue // a folder of tests alone
			}
			t.Fatalf("%s: %v", pkg, err)
		}
		for _, imp := range p.Imports {
			if testSupport[imp] {
				t.Errorf("%s imports %s, a test's helper, outside its tests", pkg, imp)
			}
		}
	}
}

// The layout's import directions (STYLE.md): model imports only the standard
// library; model/... imports model and nothing technical; parser, export and
// archive import model and never each other; render may import export, never
// the other way; participle stays inside parser, go-sqlite3 inside
// archive/sqlite and pgx inside archive/postgres.
func TestImportDirections(t *testing.T) {
	rules := importRules()
	// the rules do reject what they must
	for pkg, bad := range map[string]string{
		"handrec/model": "handrec/parser", "handrec/model/scoring": "handrec/export", "handrec/model/dd": "handrec/model/scoring",
		"handrec/parser": "handrec/export", "handrec/export": "handrec/parser",
		"handrec/archive": "handrec/parser", "handrec/jsonrec": "handrec/export", "handrec/layout": "handrec/parser",
		"handrec/parser/pbn": "handrec/parser/lin", "handrec/parser/lin": "handrec/parser", "handrec/parser/json": "handrec/export",
		"handrec/parser/diagram": "handrec/archive", "handrec/parser/internal/read": "handrec/parser/pbn",
		"handrec/archive/sqlite": "handrec/archive", "handrec/archive/postgres": "handrec/archive/sqlite",
		"handrec/pipeline": "github.com/urfave/cli/v2",
		"handrec/render":   "handrec/archive",
		"handrec/ddsolve":  "handrec/render",
		"handrec":          "handrec/pipeline",
		"handrec/web":      "handrec/internal/cli",
	} {
		if rules[pkg](bad) {
			t.Errorf("the rule for %s lets it import %s", pkg, bad)
		}
	}
	if rules["handrec/internal/cli"]("handrec/internal/pgtest") || rules["handrec/pipeline"]("handrec/internal/pgtest") ||
		rules["handrec/archive"]("handrec/internal/cli") {
		t.Error("a rule lets a library import the CLI, or code import a test's helper")
	}
	if rules["handrec/export"]("github.com/mattn/go-sqlite3") || rules["handrec/model"]("github.com/urfave/cli/v2") ||
		rules["handrec/export"]("codeberg.org/go-pdf/fpdf") ||
		rules["handrec/archive"]("github.com/mattn/go-sqlite3") || rules["handrec/archive"]("github.com/jackc/pgx/v5") {
		t.Error("a rule lets a technology in where it does not belong")
	}
	// render may use the writers; the writers never render, and render
	// reads no file: the readers and the pipeline that runs them are above it
	for _, bad := range [][2]string{{"handrec/export", "handrec/render"}, {"handrec/render", "handrec/parser"}, {"handrec/render", "handrec/pipeline"}} {
		if rules[bad[0]](bad[1]) {
			t.Errorf("the rule for %s lets it import %s", bad[0], bad[1])
		}
	}
	for pkg, allowed := range rules {
		p, err := build.Import(pkg, ".", 0)
		if err != nil {
			t.Fatalf("%s: %v", pkg, err)
		}
		if len(p.GoFiles) == 0 {
			t.Fatalf("%s: no Go files read", pkg)
		}
		for _, imp := range p.Imports {
			if !allowed(imp) {
				t.Errorf("%s imports %s, against the layout's directions", pkg, imp)
			}
		}
	}
}

// legacyImporters are the files that may import internal/legacy, the
// reading of what older handrecs stored and wrote: the archive's upgrade
// (archive/upgrade*.go), the JSON 2 codec's reading of older documents
// (jsonrec/legacy.go), and the parser's JSON reader (a file of parser/...
// whose name says json), which reads handrec 1. Nothing new imports it.
var legacyImporters = regexp.MustCompile(`(^|/)(archive/upgrade[^/]*|jsonrec/legacy|parser/(.*/)?[^/]*json[^/]*)\.go$`)

// TestLegacyImporters holds that only legacyImporters import
// internal/legacy, and that they do (the package is read where it must be).
func TestLegacyImporters(t *testing.T) {
	for _, p := range []string{"archive/query.go", "archive/import.go", "export/json.go", "jsonrec/decode.go", "web/web.go", "pipeline/import.go"} {
		if legacyImporters.MatchString(p) {
			t.Errorf("the rule lets %s import internal/legacy", p)
		}
	}
	var importers []string
	eachGoFile(t, ".", nil, func(_ *token.FileSet, p string, f *ast.File) {
		if !slices.ContainsFunc(f.Imports, func(s *ast.ImportSpec) bool {
			v, _ := strconv.Unquote(s.Path.Value)
			return v == "handrec/internal/legacy"
		}) {
			return
		}
		importers = append(importers, path.Clean(p))
		if !legacyImporters.MatchString(p) {
			t.Errorf("%s imports internal/legacy: only the upgrade and the reading of older JSON may", p)
		}
	})
	for _, want := range []string{"archive/upgrade.go", "jsonrec/legacy.go"} {
		if !slices.Contains(importers, want) {
			t.Errorf("%s does not import internal/legacy (importers: %v)", want, importers)
		}
	}
}
