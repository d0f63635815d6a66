package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"handrec/model"
)

// pbnTagNames are PBN tag names that must not stand as string literals
// outside the PBN reader and writer (parser/, export/), PBN's layout
// (layout/), the reading of older forms (internal/legacy) and the one
// place that names the facts (model/fact.go):
// every other package reads the record's fields, never a tag by its name.
func pbnTagNames() []string {
	names := []string{"OptimumResultTable", "ScoreTable", "TotalScoreTable", "OptimumScore", "ParContract",
		"HomeTeam", "VisitTeam", "Auction", "Play"}
	for _, f := range model.AllFacts {
		names = append(names, f.String())
	}
	return names
}

// knownTagLiterals are literals the test lets stand, by file and name, each
// with its reason. An entry no literal needs any more fails the test, so
// that the list only shrinks.
var knownTagLiterals = map[string]string{
	// a seat's English name ("Dealer North" on a diagram), not a tag
	"model/card.go North": "seat name", "model/card.go East": "seat name",
	"model/card.go South": "seat name", "model/card.go West": "seat name",
	// render, out of export: a score block's default column heads
	"render/scoreblock.go North": "seat name", "render/scoreblock.go East": "seat name",
	"render/scoreblock.go South": "seat name", "render/scoreblock.go West": "seat name",
	// the traveller a sheet prints is the section the PBN names so
	"render/traveller.go ScoreTable": "the traveller's PBN section (layout.SectionTable)",
	// a diagram's heading, and the key lines of the text form (convert
	// --to txt), which the diagram reader reads back under the same names
	"render/view.go Event": "the text form's keys", "render/view.go Site": "the text form's keys",
	"render/view.go Date": "the text form's keys", "render/view.go Scoring": "the text form's keys",
	"render/view.go Room": "the text form's keys",
}

// TestNoTagNamesOutsidePBN holds that no PBN tag name is a string literal
// in a non-test Go file outside parser/, export/, layout/ and
// model/fact.go: the mandatory tag list and the facts' names
// live in model/fact.go, and the rest of handrec works on fields.
func TestNoTagNamesOutsidePBN(t *testing.T) {
	names := pbnTagNames()
	fset := token.NewFileSet()
	kl := newKnownList(knownTagLiterals)
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		p = filepath.ToSlash(p)
		if d.IsDir() {
			switch p {
			case "parser", "export", "layout", "testdata", "docs", "samples",
				"internal/legacy": // older forms, whose LIN records held these tags
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") || p == "model/fact.go" {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			v, err := strconv.Unquote(lit.Value)
			if err == nil && slices.Contains(names, v) {
				kl.see(p+" "+v, fset.Position(lit.Pos()).String()+": "+lit.Value)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	kl.check(t, "PBN tag names as string literals outside the PBN packages")
}
