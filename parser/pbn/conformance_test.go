package pbn_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"handrec/layout"
	"handrec/model"
	"handrec/parser"
)

const conformanceDir = "../../../shared/corpus/pbn/ContractBridge-pbnj/src/test/resources"

// errorComment is the fault a conformance game's "%" lines say it has, or "".
func errorComment(r *model.Record) string {
	var says []string
	for _, d := range layout.Directives(r) {
		t := strings.TrimSpace(d.Text)
		if t == "" || strings.HasPrefix(t, "=") || strings.Contains(t, "intention of this pbn file") || strings.Contains(t, "contains many errors") {
			continue
		}
		says = append(says, t)
	}
	return strings.Join(says, "; ")
}

// notFaults are conformance games whose "fault" handrec deliberately accepts,
// with the reason.
var notFaults = map[string]string{
	"errors_10.pbn#1":  "accepted: an unknown tag; PBN 4.9 lets files carry new tags, and real files do",
	"errors_10.pbn#31": "accepted: '1N' for 1NT; real files write it in hundreds of auctions and 2,300 contracts",
	"errors_10.pbn#60": "accepted: a Result after a play cut short without '*' (3.4.15 counts only the tricks played); 581 of 602 such plays in real files give the final result",
}

// The conformance files: every game of errors_*.pbn whose comment names a
// fault is reported with at least one problem, and correct_*.pbn report none.
func TestConformance(t *testing.T) {
	if _, err := os.Stat(conformanceDir); err != nil {
		t.Skip("corpus absent")
	}
	files, _ := filepath.Glob(filepath.Join(conformanceDir, "*.pbn"))
	checked := 0
	for _, f := range files {
		base := filepath.Base(f)
		doc, err := parser.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case strings.HasPrefix(base, "correct_"):
			for _, r := range doc.Records {
				for _, p := range r.Problems {
					t.Errorf("%s: a correct file reports %v", base, p)
				}
			}
		case strings.HasPrefix(base, "errors_"):
			for _, r := range doc.Records {
				says := errorComment(r)
				key := base + "#" + strconv.Itoa(r.Index)
				if says == "" || notFaults[key] != "" {
					continue
				}
				checked++
				if len(r.Problems) == 0 {
					t.Errorf("%s game %d (line %d) says %q, but no problem is reported", base, r.Index, r.Pos.Line, says)
				}
			}
		}
	}
	t.Logf("%d faulty games checked", checked)
}
