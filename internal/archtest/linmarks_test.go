package archtest

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// linMarkKinds are the comment kinds an older handrec stored LIN's marks
// under.
var linMarkKinds = map[string]string{
	"lin|pg": "layout/comments.go", "lin|nopg": "layout/comments.go", "lin|mc": "layout/comments.go",
}

// linMarkNames are the names of LIN's marks in flight, as comments among
// comments (layout.Mark.Comment): only the LIN reader and writer use them.
var linMarkNames = map[string]bool{"IsMark": true, "InFlight": true, "MarkOf": true}

// TestLINMarksDefinedOnce holds that LIN's marks are defined once, in LIN's
// layout (layout/lin.go; comments.go the kinds an older handrec
// stored), and that no package but the LIN reader and writer (parser/,
// export/), the layout itself and the reading of older forms
// (internal/legacy) names them: to every other
// part of handrec a mark is the layout's data, never a comment.
func TestLINMarksDefinedOnce(t *testing.T) {
	var found []string
	seen := map[string]bool{} // each kind in its home, each name used
	eachGoFile(t, ".", nil, func(fset *token.FileSet, p string, f *ast.File) {
		user := strings.HasPrefix(p, "parser/") || strings.HasPrefix(p, "export/") || strings.HasPrefix(p, "layout/") ||
			strings.HasPrefix(p, "internal/legacy/")
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				v, err := strconv.Unquote(n.Value)
				if home, ok := linMarkKinds[v]; err == nil && n.Kind == token.STRING && ok {
					seen[v] = seen[v] || p == home
					if p != home {
						found = append(found, fset.Position(n.Pos()).String()+": "+n.Value)
					}
				}
			case *ast.SelectorExpr:
				if x, ok := n.X.(*ast.Ident); ok && x.Name == "layout" && linMarkNames[n.Sel.Name] {
					seen[n.Sel.Name] = true
					if !user {
						found = append(found, fset.Position(n.Pos()).String()+": layout."+n.Sel.Name)
					}
				}
			}
			return true
		})
	})
	// were the kinds moved or the names renamed, this test would watch nothing
	for k, home := range linMarkKinds {
		if !seen[k] {
			found = append(found, fmt.Sprintf("%q is not written in %s: the test no longer sees it", k, home))
		}
	}
	for n := range linMarkNames {
		if !seen[n] {
			found = append(found, "layout."+n+" is named nowhere: the test no longer sees it")
		}
	}
	slices.Sort(found)
	if len(found) > 0 {
		t.Errorf("LIN's marks named outside LIN's layout, reader and writer:\n%s", strings.Join(found, "\n"))
	}
}
