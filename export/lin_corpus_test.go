package export_test

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"

	"handrec/model"
)

var linPn = regexp.MustCompile(`(?:^|\|)pn\|([^|]*)\|`)

// isMatchSource reports whether a file read holds a match: a record of a
// team match, or one with its room.
func isMatchSource(doc *model.Document) bool {
	for _, r := range doc.Records {
		v, _ := r.Tag("Room")
		v = strings.ToLower(strings.TrimSpace(v))
		if r.Match != nil || r.Room != model.NoRoom || v == "open" || v == "closed" {
			return true
		}
	}
	return false
}

// linMatchFile reports whether f is a LIN file with a vugraph vg or qx.
func linMatchFile(t *testing.T, f string) bool {
	if !strings.HasSuffix(strings.ToLower(f), ".lin") {
		return false
	}
	b, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	b = bytes.ToLower(b)
	return bytes.Contains(b, []byte("vg|")) || bytes.Contains(b, []byte("qx|"))
}

// TestLINCorpusRules converts every corpus file (PBN and LIN) to LIN and
// checks what BBO's handviewer and the common readers need (docs/lin.md):
// no single board turned into a match; a single board one line with four
// names in pn; and every claim of a LIN file kept through LIN -> PBN -> LIN.
// A vugraph header without pg|| after pn is counted (issue 16, item 3).
func TestLINCorpusRules(t *testing.T) {
	files := corpusFiles(t)
	var matches, singles, noPg, claims, claimsBack int
	for _, f := range files {
		doc := readFileDoc(t, f)
		out := writeDoc(t, "lin", doc)
		vug := bytes.Contains(out, []byte("vg|")) || bytes.Contains(out, []byte("qx|"))
		if !isMatchSource(doc) && !linMatchFile(t, f) {
			singles++
			if vug {
				t.Errorf("%s: single boards written as a match", f)
			}
		} else {
			matches++
		}
		if vug {
			for _, l := range strings.Split(string(out), "\r\n") {
				if strings.HasPrefix(l, "pn|") && !strings.HasSuffix(l, "pg||") {
					noPg++
				}
			}
		} else {
			checkSingleLIN(t, f, doc, out)
		}
		if strings.HasSuffix(strings.ToLower(f), ".lin") {
			src := bytes.Count(out, []byte("mc|"))
			back := writeDoc(t, "lin", readDoc(t, "b.pbn", writeDoc(t, "pbn", doc)))
			claims += src
			claimsBack += bytes.Count(back, []byte("mc|"))
			if n := bytes.Count(back, []byte("mc|")); n < src {
				t.Errorf("%s: %d mc written, %d after LIN -> PBN -> LIN", f, src, n)
			}
		}
	}
	t.Logf("%d files (%d with a match, %d single boards): no single board made a match; "+
		"%d mc in LIN from LIN files, %d after LIN -> PBN -> LIN; %d vugraph pn without pg||",
		len(files), matches, singles, claims, claimsBack, noPg)
}

// checkSingleLIN checks a single-board LIN: four names in each pn whose
// names have no comma, and no board broken over lines by a value.
func checkSingleLIN(t *testing.T, f string, doc *model.Document, out []byte) {
	t.Helper()
	commas := false
	for _, r := range doc.Records {
		for _, s := range model.Seats {
			commas = commas || strings.Contains(r.Player(s), ",")
		}
	}
	for _, m := range linPn.FindAllSubmatch(out, -1) {
		if n := bytes.Count(m[1], []byte(",")) + 1; n != 4 && !commas {
			t.Errorf("%s: a single board's pn of %d names", f, n)
		}
	}
	if bytes.Count(out, []byte("md|")) > 0 && strings.HasSuffix(strings.ToLower(f), ".pbn") {
		for i, l := range strings.Split(strings.TrimRight(string(out), "\n"), "\n") {
			if l != "" && !strings.HasSuffix(strings.TrimRight(l, "\r"), "|") {
				t.Errorf("%s: line %d breaks a value: %.60q", f, i+1, l)
			}
		}
	}
}
