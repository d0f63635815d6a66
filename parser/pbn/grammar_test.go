package pbn

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// The grammars' EBNF is kept as golden files, so that any change to a
// grammar shows in the diff (go test ./parser/pbn -update rewrites them).
func TestGrammarEBNF(t *testing.T) {
	t.Parallel()
	for name, ebnf := range map[string]string{
		"pbn.ebnf":     pbnParser.String(),
		"section.ebnf": sectionParser.String(),
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("testdata", name)
			if *update {
				if err := os.WriteFile(path, []byte(ebnf+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./parser/pbn -update)", err)
			}
			if ebnf+"\n" != string(want) {
				t.Errorf("%s changed:\n%s\nwant:\n%s", name, ebnf, want)
			}
		})
	}
}
