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
	if !isLINFile(f) {
		return false
	}
	b, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	b = bytes.ToLower(b)
	return bytes.Contains(b, []byte("vg|")) || bytes.Contains(b, []byte("qx|"))
}

func isLINFile(f string) bool { return strings.HasSuffix(strings.ToLower(f), ".lin") }

// linRules counts what TestLINCorpusRules checks.
type linRules struct {
	matches, singles int
	// boards of single-board files, each on its own line
	singleBoards int
	// vugraph headers before a board, and those without pg|| after pn
	// that the LIN source had so (written as read)
	headers, headersAsRead int
	// plays cut short (cards played, not all 52) in the LIN written, and
	// those with an mc; the others had no claim or result to give
	cutShort, cutShortMc int
	// claims of the LIN files, and of their vugraph files, read back from
	// LIN -> PBN -> LIN
	claims, claimsBack, vgFiles, vgClaims, vgClaimsBack int
}

// TestLINCorpusRules converts every corpus file (PBN and LIN) to LIN and
// checks what BBO's handviewer and the common readers need (docs/lin.md):
// no single board turned into a match; single boards one a line with four
// names in pn; every vugraph header ends pn|...|pg|| (where the source had
// it); every play cut short ends in mc (where the source has a claim or a
// result); and every claim of a LIN file comes back through
// LIN -> PBN -> LIN.
func TestLINCorpusRules(t *testing.T) {
	t.Parallel()
	files := corpusFiles(t)
	var c linRules
	for _, f := range files {
		doc := readFileDoc(t, f)
		out := writeDoc(t, "lin", doc)
		vug := bytes.Contains(out, []byte("vg|")) || bytes.Contains(out, []byte("qx|"))
		if !isMatchSource(doc) && !linMatchFile(t, f) {
			c.singles++
			if vug {
				t.Errorf("%s: single boards written as a match", f)
			}
		} else {
			c.matches++
		}
		if vug {
			c.checkHeaders(t, f, out)
		} else {
			c.singleBoards += checkSingleLIN(t, f, doc, out)
		}
		c.checkCutShort(t, f, doc, out)
		if isLINFile(f) {
			c.checkClaims(t, f, doc, vug)
		}
	}
	t.Logf("%d files (%d with a match, %d single boards): no single board made a match; "+
		"%d single boards one a line, each with its pn; %d vugraph headers, %d without pg|| after pn (as read); "+
		"%d plays cut short, %d with mc; %d claims of LIN files, %d after LIN -> PBN -> LIN "+
		"(%d vugraph files: %d claims, %d back)",
		len(files), c.matches, c.singles, c.singleBoards, c.headers, c.headersAsRead,
		c.cutShort, c.cutShortMc, c.claims, c.claimsBack, c.vgFiles, c.vgClaims, c.vgClaimsBack)
}

// checkSingleLIN checks a single-board LIN: four names in each pn whose
// names have no comma, one board a line (a line for each record, none
// ending inside a value), and a pn on each, pn|,,,| for a board without
// players. It gives the boards written.
func checkSingleLIN(t *testing.T, f string, doc *model.Document, out []byte) int {
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
	if len(doc.Records) == 0 {
		return 0
	}
	lines := strings.Split(strings.TrimRight(string(out), "\r\n"), "\n")
	if len(lines) != len(doc.Records) {
		t.Errorf("%s: %d boards on %d lines", f, len(doc.Records), len(lines))
	}
	for i, l := range lines {
		if !strings.HasSuffix(strings.TrimRight(l, "\r"), "|") {
			t.Errorf("%s: line %d breaks a value: %.60q", f, i+1, l)
		}
		if !linPn.MatchString(l) {
			t.Errorf("%s: line %d, a board without pn (endplay splits a file into boards at pn): %.60q", f, i+1, l)
		}
	}
	return len(doc.Records)
}

// linHeaders counts the vugraph headers of LIN text that lack the pause
// after pn: a pn not followed (blanks aside) by pg|| in a file with a qx.
func linHeadersWithoutPg(b []byte) int {
	if !bytes.Contains(bytes.ToLower(b), []byte("qx|")) {
		return 0
	}
	n := 0
	for _, m := range linPn.FindAllIndex(b, -1) {
		if !bytes.HasPrefix(bytes.ToLower(bytes.TrimLeft(b[m[1]:], " \t\r\n")), []byte("pg||")) {
			n++
		}
	}
	return n
}

// checkHeaders checks that each vugraph header (the vg, rs and pn lines
// just before a board's qx line, or at the end of a file of a header
// alone) ends with pg||, as BBO writes it and as readers take the
// header's end: pn|...|pg||. A LIN source's header without one is written
// as read.
func (c *linRules) checkHeaders(t *testing.T, f string, out []byte) {
	t.Helper()
	allowed := 0
	if isLINFile(f) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		allowed = linHeadersWithoutPg(src)
	}
	lines := strings.Split(strings.TrimRight(string(out), "\r\n"), "\n")
	missing := 0
	for i, l := range lines {
		l = strings.TrimRight(l, "\r")
		last := i == len(lines)-1
		if !strings.HasPrefix(l, "vg|") && !strings.HasPrefix(l, "rs|") && !strings.HasPrefix(l, "pn|") ||
			!last && !strings.HasPrefix(lines[i+1], "qx|") {
			continue
		}
		c.headers++
		if !strings.HasSuffix(l, "|pg||") {
			missing++
			if missing > allowed {
				t.Errorf("%s: line %d: a vugraph header without pg||: %.80q", f, i+1, l)
			}
		}
	}
	c.headersAsRead += missing
}

// playCards counts the cards of a play: played, or "-".
func playCards(p *model.Play) int {
	n := 0
	for _, tr := range p.Tricks {
		for _, pc := range tr {
			if pc.Kind == model.Played || pc.Kind == model.Unknown {
				n++
			}
		}
	}
	return n
}

// playsOf lists the records of a document that have cards played: a LIN
// reader reads a record without (a PBN game of tags alone) into the next.
func playsOf(doc *model.Document) []*model.Record {
	var out []*model.Record
	for _, r := range doc.Records {
		if r.Play != nil && playCards(r.Play) > 0 {
			out = append(out, r)
		}
	}
	return out
}

// checkCutShort reads the LIN written back and checks that each play cut
// short ends in mc, unless its source record had no claim and no result
// the writer gives (a LIN record's result is its rs, not a claim).
func (c *linRules) checkCutShort(t *testing.T, f string, doc *model.Document, out []byte) {
	t.Helper()
	srcs, backs := playsOf(doc), playsOf(readDoc(t, "back.lin", out))
	if len(backs) != len(srcs) {
		t.Errorf("%s: %d plays, %d read back from LIN", f, len(srcs), len(backs))
		return
	}
	for i, r := range backs {
		p := r.Play
		if playCards(p) == 52 {
			continue
		}
		c.cutShort++
		if p.Claim >= 0 {
			c.cutShortMc++
			continue
		}
		src := srcs[i]
		if src.Play.Claim >= 0 || !isLINFile(f) && src.Result.Known() {
			t.Errorf("%s: board %d: play cut short without mc", f, r.Board)
		}
	}
}

// claimsOf lists the claims of a document's records, -1 for none.
func claimsOf(doc *model.Document) (cs []int, n int) {
	for _, r := range doc.Records {
		k := -1
		if r.Play != nil && r.Play.Claim >= 0 {
			k = int(r.Play.Claim)
			n++
		}
		cs = append(cs, k)
	}
	return cs, n
}

// checkClaims checks that each claim of a LIN file comes back, the same,
// through LIN -> PBN -> LIN.
func (c *linRules) checkClaims(t *testing.T, f string, doc *model.Document, vug bool) {
	t.Helper()
	back := readDoc(t, "b.lin", writeDoc(t, "lin", readDoc(t, "b.pbn", writeDoc(t, "pbn", doc))))
	src, n := claimsOf(doc)
	got, _ := claimsOf(back)
	if len(got) != len(src) {
		t.Errorf("%s: %d records, %d after LIN -> PBN -> LIN", f, len(src), len(got))
		return
	}
	kept := 0
	for i, k := range src {
		switch {
		case k < 0:
		case got[i] == k:
			kept++
		default:
			t.Errorf("%s: record %d: claim %d, %d after LIN -> PBN -> LIN", f, i+1, k, got[i])
		}
	}
	c.claims += n
	c.claimsBack += kept
	if vug {
		c.vgFiles++
		c.vgClaims += n
		c.vgClaimsBack += kept
	}
}
