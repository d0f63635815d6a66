package archtest

import (
	"go/build"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestRootHoldsMainOnly holds that the module's root holds one Go file,
// main.go, which calls the command's package (internal/cli): the commands
// and their tests, and these tests, live in packages of their own below
// it. (schema.sql beside it is the migrations' dump, which archive's
// TestSchemaSQL checks; nothing embeds it.)
func TestRootHoldsMainOnly(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(files, []string{"main.go"}) {
		t.Errorf("the root holds the Go files %s: main.go alone belongs there", strings.Join(files, ", "))
	}
	p, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(p.Imports, "handrec/internal/cli") {
		t.Errorf("main.go imports %s: not the command's package, handrec/internal/cli", strings.Join(p.Imports, ", "))
	}
	for _, imp := range p.Imports {
		if imp != "handrec/internal/cli" && (strings.Contains(imp, ".") || strings.HasPrefix(imp, "handrec")) {
			t.Errorf("main.go imports %s: it calls internal/cli, and that does the work", imp)
		}
	}
}
