package booktest

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"handrec/model"
	"handrec/model/scoring"
	"handrec/parser"
)

const corpus = "../../../../shared/corpus/pbn"

// TestCorpusScores checks every board of the shared corpus that has a
// Score tag, a contract and a result: its duplicate score must be the one
// the file records. It prints the agreement and each disagreement with
// its reason; a disagreement without an explained reason fails.
func TestCorpusScores(t *testing.T) {
	if _, err := os.Stat(corpus); err != nil {
		t.Skip("no shared corpus:", err)
	}
	var files []string
	filepath.WalkDir(corpus, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".pbn") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	checked, agree := 0, 0
	reasons := map[string]int{}
	for _, f := range files {
		doc, err := parser.ReadFile(f)
		if err != nil && doc == nil {
			continue
		}
		for _, r := range doc.Records {
			if !r.Given(model.FactScore) || r.Contract.Kind != model.Bid || !r.Result.Known() {
				continue
			}
			ds, err := scoring.Score(r, scoring.Options{Code: scoring.Contract})
			if err != nil {
				t.Fatal(err)
			}
			if ds.Err != "" || ds.RecordedNS == nil {
				continue
			}
			checked++
			if *ds.NSScore == *ds.RecordedNS {
				agree++
				continue
			}
			reason := why(r, ds)
			reasons[reason]++
			rel, _ := filepath.Rel(corpus, f)
			v, _ := r.FactValue(model.FactScore)
			t.Logf("%s board %d: %s by %s, %d tricks, vul %s: scored NS %d, recorded %q: %s",
				rel, r.Board, r.Contract, r.Declarer, r.Result.Tricks, r.Vul, *ds.NSScore, v, reason)
			if reason == "unexplained" {
				t.Errorf("%s board %d: unexplained disagreement", rel, r.Board)
			}
		}
	}
	t.Logf("corpus: %d boards with a Score tag, a contract and a result; %d agree, %d disagree %v", checked, agree, checked-agree, reasons)
	if checked == 0 {
		t.Errorf("no board checked")
	}
}

// why explains a disagreement between the duplicate score and the file's.
func why(r *model.Record, ds *scoring.DealScore) string {
	got, rec := *ds.NSScore, *ds.RecordedNS
	if !r.Vul.Valid() {
		return "vulnerability unknown"
	}
	// The other vulnerability gives the recorded score: the Vulnerable tag
	// and the Score disagree.
	other := scoring.Duplicate(int(r.Contract.Level), r.Contract.Strain, int(r.Contract.Doubled), !r.Vul.Vulnerable(r.Declarer.Side()), int(r.Result.Tricks))
	if r.Declarer.Side() == model.EW {
		other = -other
	}
	if other == rec {
		return "the score is for the other vulnerability"
	}
	if got == -rec {
		return "the score is from the other side's view"
	}
	for d := -3; d <= 3; d++ {
		if d == 0 {
			continue
		}
		n := scoring.Duplicate(int(r.Contract.Level), r.Contract.Strain, int(r.Contract.Doubled), r.Vul.Vulnerable(r.Declarer.Side()), int(r.Result.Tricks)+d)
		if r.Declarer.Side() == model.EW {
			n = -n
		}
		if n == rec {
			return "the score is for " + strconv.Itoa(int(r.Result.Tricks)+d) + " tricks, the Result tag says " + strconv.Itoa(int(r.Result.Tricks))
		}
	}
	if r.Result.Irregular {
		return "irregular result"
	}
	return "unexplained"
}
