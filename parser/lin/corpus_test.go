package lin_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"handrec/model"
	"handrec/parser"
)

// TestLINCorpus reads every LIN file of the shared corpus. A file fails
// when it cannot be read or gives no board; the test prints the counts,
// each failing file with its reason, and the most frequent problems.
func TestLINCorpus(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..", "..", "shared", "corpus", "lin")
	if _, err := os.Stat(root); err != nil {
		t.Skip("no corpus at", root)
	}
	var files []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(strings.ToLower(p), ".lin") {
			files = append(files, p)
		}
		return nil
	})
	boards, failed, empty := 0, 0, 0
	errCount, warnCount := 0, 0
	kinds := map[string]int{}
	for _, f := range files {
		doc, err := parser.ReadFile(f)
		if err != nil {
			failed++
			t.Logf("FAIL %s: %v", f, err)
			continue
		}
		if len(doc.Records) == 0 {
			empty++
			t.Logf("no board: %s (%d commands kept in the trailer)", f, len(doc.Trailer.Comments))
		}
		boards += len(doc.Records)
		for _, r := range doc.Records {
			for _, p := range r.Problems {
				if p.Severity == model.SevError {
					errCount++
				} else {
					warnCount++
				}
				kinds[string(p.Severity)+": "+problemKind(p.Message)]++
			}
		}
	}
	type kv struct {
		k string
		n int
	}
	var ks []kv
	for k, n := range kinds {
		ks = append(ks, kv{k, n})
	}
	sort.Slice(ks, func(i, j int) bool { return ks[i].n > ks[j].n || ks[i].n == ks[j].n && ks[i].k < ks[j].k })
	for i, x := range ks {
		if i == 25 {
			break
		}
		t.Logf("%6d %s", x.n, x.k)
	}
	t.Logf("%d files: %d read (%d boards), %d without a board, %d failed; %d errors, %d warnings on boards",
		len(files), len(files)-failed, boards, empty, failed, errCount, warnCount)
	if failed > 0 {
		t.Errorf("%d files could not be read", failed)
	}
}

// problemKind is a message without its particulars, for counting.
func problemKind(m string) string {
	if i := strings.IndexAny(m, "\"0123456789"); i > 0 {
		return m[:i]
	}
	return m
}
