package dd_test

import (
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"handrec/model"
	"handrec/model/dd"
	"handrec/parser"
)

var corpusDeals = flag.Int("dd.corpus", 1, "how many corpus deals TestCorpusTables solves; 0 for all")

// TestCorpusTables solves the deals of ../shared/corpus that carry an
// OptimumResultTable or DoubleDummyTricks (computed by DDS-based programs)
// and requires every number to agree. A full table takes seconds, so by
// default it solves the first few; -dd.corpus=0 solves them all.
func TestCorpusTables(t *testing.T) {
	if testing.Short() {
		t.Skip("solving corpus deals is slow")
	}
	root := filepath.Join("..", "..", "..", "shared", "corpus", "pbn")
	if _, err := os.Stat(root); err != nil {
		t.Skip("no corpus at", root)
	}
	var recs []*model.Record
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".pbn") {
			return err
		}
		doc, err := parser.ReadFile(p)
		if err != nil && doc == nil {
			return nil // the parser tests judge the files; here only tables count
		}
		for _, r := range doc.Records {
			if _, ok := dd.RecordedTable(r); ok && r.Deal.Complete() {
				recs = append(recs, r)
			}
		}
		return nil
	})
	if len(recs) == 0 {
		t.Fatal("no corpus deal carries a table")
	}
	if n := *corpusDeals; n > 0 && n < len(recs) {
		recs = recs[:n]
	}
	s := dd.NewSolver(0)
	for _, r := range recs {
		tab, err := s.Table(r.Deal)
		if err != nil {
			t.Errorf("%s:%s: %v", r.File, r.Pos, err)
			continue
		}
		rec, _ := dd.RecordedTable(r)
		for _, d := range rec.Compare(tab) {
			t.Errorf("%s:%s: %s makes %d in %s, %s says %d", r.File, d.Pos, d.Declarer, d.Solved, d.Strain, rec.From, d.Recorded)
		}
	}
	t.Logf("%d corpus deals agree", len(recs))
}
