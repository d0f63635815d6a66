package lin

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// The grammar's EBNF is kept as a golden file, so that any change to the
// grammar shows in the diff (go test ./parser/lin -update rewrites it; the
// flag is the one the golden conversion tests declare).
func TestGrammarEBNF(t *testing.T) {
	t.Parallel()
	for name, ebnf := range map[string]string{
		"lin.ebnf": linParser.String(),
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("testdata", name)
			if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
				if err := os.WriteFile(path, []byte(ebnf+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./parser/lin -update)", err)
			}
			if ebnf+"\n" != string(want) {
				t.Errorf("%s changed:\n%s\nwant:\n%s", name, ebnf, want)
			}
		})
	}
}
