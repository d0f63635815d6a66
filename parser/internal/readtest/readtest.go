// Package readtest holds what the tests of more than one reader of
// parser/... use: the checks a fuzz target makes of any document read, and
// the benchmarks' generated input.
package readtest

import (
	"strings"
	"testing"

	"handrec/model"
)

// NoInternalError fails on a problem that reports a reader's own fault
// (a recovered panic), not the input's, and on a fact among a record's tags
// (facts live once: in their fields).
func NoInternalError(t *testing.T, doc *model.Document) {
	t.Helper()
	for _, r := range doc.Records {
		for _, tg := range r.Tags {
			if _, fact := model.FactNamed(tg.Name); fact && doc.Header.Format != model.JSON {
				t.Fatalf("record %d: fact %s among the tags", r.Index, tg.Name)
			}
		}
		for _, p := range r.Problems {
			if strings.HasPrefix(p.Message, "internal error") {
				t.Fatalf("%v", p)
			}
		}
	}
}
