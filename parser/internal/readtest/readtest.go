// Package readtest holds what the tests of more than one reader of
// parser/... use: the checks a fuzz target makes of any document read, and
// the benchmarks' generated input.
package readtest

import (
	"io"
	"os"
	"os/exec"
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

// GenDeals runs gen_deals.py, the deal generator of the shared tools beside
// the repository that other tools were measured on (random deals from a
// seed, with auctions and optionally play, as PBN or LIN; see
// docs/performance.md), with args; benchmarks skip without it. Its path is
// the one from a reader's package (parser/lin, parser/pbn), where the
// benchmarks run.
func GenDeals(b *testing.B, args ...string) []byte {
	b.Helper()
	tool := "../../../shared/tools/gen_deals.py"
	if _, err := os.Stat(tool); err != nil {
		b.Skip("gen_deals.py absent")
	}
	out, err := exec.Command("python3", append([]string{tool, "--seed", "1"}, args...)...).Output()
	if err != nil {
		b.Skip("python3: ", err)
	}
	return out
}

// ReadBoards reads every record of rd and checks there are n.
func ReadBoards(b *testing.B, rd interface {
	Next() (*model.Record, error)
}, n int) {
	k := 0
	for {
		_, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		k++
	}
	if k != n {
		b.Fatalf("%d boards, want %d", k, n)
	}
}
