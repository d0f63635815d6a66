package render_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"handrec/export"
	"handrec/internal/golden"
	"handrec/model"
	"handrec/parser"
	"handrec/render"
)

// sheetRecords reads the samples and the test records: every board a
// sheet has to print.
func sheetRecords(t testing.TB) []*model.Record {
	t.Helper()
	files, _ := filepath.Glob("../samples/*.pbn")
	files = append(files, "testdata/revoke.pbn")
	var recs []*model.Record
	for _, f := range files {
		doc, err := parser.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, doc.Records...)
	}
	if len(recs) < 10 {
		t.Fatalf("only %d records", len(recs))
	}
	return recs
}

func writeSheet(t testing.TB, format string, recs []*model.Record, opt render.SheetOptions) []byte {
	t.Helper()
	var b bytes.Buffer
	s, err := render.NewSheet(format, &b, opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if err := s.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

var (
	sectionRE = regexp.MustCompile(`<section class="board(?: wide)?" data-board="(\d+)">`)
	handRE    = regexp.MustCompile(`<div class="hand [nesw]" data-seat="([NESW])" data-hand="([^"]*)">`)
)

// TestHTMLSheetStructure checks that every board is there, in order, with
// its four hands in place, and that the file fetches nothing and carries
// the print rules.
func TestHTMLSheetStructure(t *testing.T) {
	t.Parallel()
	recs := sheetRecords(t)
	out := string(writeSheet(t, "html", recs, render.SheetOptions{PerPage: 3, Result: true, Auction: true, Play: true}))
	boards := sectionRE.FindAllStringSubmatchIndex(out, -1)
	if len(boards) != len(recs) {
		t.Fatalf("%d boards, want %d", len(boards), len(recs))
	}
	for i, r := range recs {
		start := boards[i][0]
		end := len(out)
		if i+1 < len(boards) {
			end = boards[i+1][0]
		}
		if got := out[boards[i][2]:boards[i][3]]; got != strconv.Itoa(r.Board) {
			t.Errorf("board %d: section says board %s", i+1, got)
		}
		section := out[start:end]
		hands := handRE.FindAllStringSubmatch(section, -1)
		seen := 0
		for _, h := range hands {
			s, _ := model.ParseSeat(h[1][0])
			if !r.Deal.Known[s] {
				t.Errorf("board %d: %s's hand is not known, the sheet shows %s", r.Board, s.Name(), h[2])
			}
			if want := r.Deal.Hands[s].PBN(); h[2] != want {
				t.Errorf("board %d: %s holds %s, the sheet shows %s", r.Board, s.Name(), want, h[2])
			}
			// the holdings are printed as well as carried in the attribute
			for _, su := range model.SuitsDown {
				if n := r.Deal.Hands[s].SuitLen(su); n > 0 && !strings.Contains(section, r.Deal.Hands[s].Ranks(su)[0].String()) {
					t.Errorf("board %d: %s's top %s missing", r.Board, s.Name(), su)
				}
			}
			seen++
		}
		known := 0
		for _, k := range r.Deal.Known {
			if k {
				known++
			}
		}
		if seen != known {
			t.Errorf("board %d: %d hands with cards, want %d", r.Board, seen, known)
		}
	}
	pdf := writeSheet(t, "pdf", recs, render.SheetOptions{PerPage: 3, Result: true, Auction: true, Play: true})
	if n, want := strings.Count(out, `<div class="page" `), pdfPages(pdf); n != want {
		t.Errorf("%d pages, want the PDF's %d", n, want)
	}
	for _, must := range []string{"@page{size:A4", "break-inside:avoid", "break-after:page", ".h,.d{color:#c00}", `<span class="h">♥</span>`} {
		if !strings.Contains(out, must) {
			t.Errorf("the sheet lacks %q", must)
		}
	}
	for _, never := range []string{"<script", "<link", "src=", "url(", "@import", "http:"} {
		if strings.Contains(out, never) {
			t.Errorf("the sheet is not self-contained: it has %q", never)
		}
	}
	// every board links to BBO's handviewer, the only address in the file
	hv := `<a class="hv" href="` + export.HandviewerBase
	if n, m := strings.Count(out, hv), strings.Count(out, "https:"); n != len(recs) || m != n {
		t.Errorf("%d handviewer links and %d addresses for %d boards", n, m, len(recs))
	}
}

// TestHTMLSheetGolden pins the whole HTML of a small sheet.
func TestHTMLSheetGolden(t *testing.T) {
	t.Parallel()
	doc, err := parser.ReadFile("../samples/notes_commentary.pbn")
	if err != nil {
		t.Fatal(err)
	}
	out := writeSheet(t, "html", doc.Records, render.SheetOptions{PerPage: 1, Paper: "letter", Result: true, Auction: true, Play: true, Title: "Thursday <teams>"})
	golden.Check(t, "testdata/sheet/notes_commentary.html", out)
}

// TestTextSheet pins the text sheet: a form feed between pages.
func TestTextSheet(t *testing.T) {
	t.Parallel()
	doc, err := parser.ReadFile("../samples/full_play.pbn")
	if err != nil {
		t.Fatal(err)
	}
	out := writeSheet(t, "txt", doc.Records, render.SheetOptions{PerPage: 1, Result: true, Title: "Club pairs"})
	golden.Check(t, "testdata/sheet/full_play.txt", out)
	if n := bytes.Count(out, []byte("\f")); n != 1 {
		t.Errorf("%d form feeds, want 1", n)
	}
}

func TestSheetOptions(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		format string
		opt    render.SheetOptions
		err    string
	}{
		{"html 9 a page", "html", render.SheetOptions{PerPage: 9}, "boards a page: 9: give 1 to 8 (a page takes as many as fit, up to that)"},
		{"pdf 16 a page", "pdf", render.SheetOptions{PerPage: 16, Auction: true}, "boards a page: 16: give 1 to 8 (a page takes as many as fit, up to that)"},
		{"pdf -1 a page", "pdf", render.SheetOptions{PerPage: -1}, "boards a page: -1: give 1 to 8 (a page takes as many as fit, up to that)"},
		{"paper a5", "pdf", render.SheetOptions{Paper: "a5"}, `paper "a5": a4 or letter`},
		{"format doc", "doc", render.SheetOptions{}, `sheet format "doc": html, pdf or txt`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := render.NewSheet(c.format, &bytes.Buffer{}, c.opt)
			if err == nil || err.Error() != c.err {
				t.Errorf("%s %+v: error %v, want %q", c.format, c.opt, err, c.err)
			}
		})
	}
}

var pdfCount = regexp.MustCompile(`/Type /Pages\n/Kids \[[^\]]*\]\n/Count (\d+)`)

// pdfPages is the number of pages of a sheet's PDF, from its page tree.
func pdfPages(pdf []byte) int {
	m := pdfCount.FindSubmatch(pdf)
	if m == nil {
		return -1
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}

// pdfText extracts the text of a PDF with poppler's pdftotext, or skips.
func pdfText(t *testing.T, pdf []byte, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext (poppler-utils) is not installed")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "sheet.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", append(args, in, "-")...).Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

// TestPDFSheetText checks that the PDF's text carries every board and
// every known hand, suit symbols included, and that no board is split
// across pages.
func TestPDFSheetText(t *testing.T) {
	t.Parallel()
	recs := sheetRecords(t)
	pdf := writeSheet(t, "pdf", recs, render.SheetOptions{Result: true, Auction: true, Play: true})
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %q", pdf[:16])
	}
	text := pdfText(t, pdf, "-raw")
	pages := strings.Split(text, "\f")
	at := 0
	for _, r := range recs {
		needles := boardLines(r)
		p := findPage(pages, at, needles)
		if p < 0 {
			t.Errorf("board %d of %s is not whole on any page from page %d on; it needs %q", r.Board, r.File, at+1, needles)
			continue
		}
		at = p
	}
	for _, sym := range []string{"♠", "♥", "♦", "♣"} {
		if !strings.Contains(text, sym) {
			t.Errorf("no %s in the PDF's text", sym)
		}
	}
}

// boardLines are what must stand on a board's page: its title and each
// holding of each known hand, each at the start of a line.
func boardLines(r *model.Record) []string {
	out := []string{"Board " + strconv.Itoa(r.Board)}
	for _, s := range model.Seats {
		if !r.Deal.Known[s] {
			continue
		}
		for _, su := range model.SuitsDown {
			out = append(out, su.Symbol()+" "+holding(r.Deal.Hands[s], su))
		}
	}
	return out
}

// findPage is the first page from page from on that holds every needle,
// or -1.
func findPage(pages []string, from int, needles []string) int {
	for p := from; p < len(pages); p++ {
		all := true
		for _, n := range needles {
			if !hasLine(pages[p], n) {
				all = false
				break
			}
		}
		if all {
			return p
		}
	}
	return -1
}

// hasLine reports whether text has a line that starts with s and goes on,
// if at all, with a blank and something other than another rank (text on
// the same baseline, such as the result, may follow a holding).
func hasLine(text, s string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], s)
		if j < 0 {
			return false
		}
		at := i + j
		rest := text[at+len(s):]
		if at == 0 || text[at-1] == '\n' {
			if rest == "" || rest[0] == '\n' {
				return true
			}
			if rest[0] == ' ' {
				f := strings.Fields(rest)
				if len(f) == 0 || !isRank(f[0]) {
					return true
				}
			}
		}
		i = at + 1
	}
}

func isRank(s string) bool {
	if s == "10" {
		return true
	}
	_, ok := model.ParseRank(firstByte(s))
	return ok && len(s) == 1
}

func firstByte(s string) byte {
	if s == "" {
		return 0
	}
	return s[0]
}

// holding is the ranks of s as the sheets print them.
func holding(h model.Hand, s model.Suit) string {
	rs := h.Ranks(s)
	if len(rs) == 0 {
		return "—"
	}
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = r.String()
	}
	return strings.Join(parts, " ")
}

// TestHTMLSheetInChromium prints the HTML sheet with headless Chromium and
// checks that the printed pages carry every board, each on one page.
func TestHTMLSheetInChromium(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext (poppler-utils) is not installed")
	}
	recs := sheetRecords(t)
	b := chromiumPrint(t, writeSheet(t, "html", recs, render.SheetOptions{Result: true}))
	if b == nil {
		t.Skip("chromium is not installed")
	}
	text := pdfText(t, b, "-raw")
	pages := strings.Split(text, "\f")
	at := 0
	for _, r := range recs {
		p := findPage(pages, at, boardLines(r))
		if p < 0 {
			t.Errorf("board %d of %s is not whole on any printed page from page %d on", r.Board, r.File, at+1)
			continue
		}
		at = p
	}
}

// everyPart is board 1 of notes_commentary with every part a board can
// show: commentary before the diagram, after it, before the auction and
// the play and at the end, footnotes, a claim and a double-dummy table
// with its par.
func everyPart(t *testing.T) *model.Record {
	t.Helper()
	doc, err := parser.ReadFile("../samples/notes_commentary.pbn")
	if err != nil {
		t.Fatal(err)
	}
	r := doc.Records[0]
	r.Leading = append(r.Leading, model.Comment{Text: "Before the diagram"})
	r.Auction.Comments = append(r.Auction.Comments, model.Comment{Text: "Before the auction"})
	r.Play.Comments = append(r.Play.Comments, model.Comment{Text: "Before the play"})
	r.Play.Claim = 11
	r.SetFact(model.FactOptimumScore, "EW 400")
	last := &r.Sections[len(r.Sections)-1]
	last.Comments = append(last.Comments, model.Comment{Text: "At the end"})
	return r
}

// TestSheetEveryPart pins a board with every part, as HTML and as the
// PDF's layout.
func TestSheetEveryPart(t *testing.T) {
	t.Parallel()
	r := everyPart(t)
	opt := render.SheetOptions{Result: true, Auction: true, Play: true}
	golden.Check(t, "testdata/sheet/every_part.html", writeSheet(t, "html", []*model.Record{r}, opt))
	golden.Check(t, "testdata/sheet/every_part.pdf.txt", []byte(render.PDFLayout(r, opt)))
}

// TestTraveller pins a board's traveller (its PBN ScoreTable) under the
// board in the text form and in the HTML and PDF sheets.
func TestTraveller(t *testing.T) {
	t.Parallel()
	doc, err := parser.ReadFile("testdata/traveller.pbn")
	if err != nil {
		t.Fatal(err)
	}
	opt := render.SheetOptions{Result: true}
	golden.Check(t, "testdata/text/traveller.txt", []byte(render.Text(doc.Records[0], render.TextOptions{})))
	golden.Check(t, "testdata/sheet/traveller.html", writeSheet(t, "html", doc.Records, opt))
	golden.Check(t, "testdata/sheet/traveller.pdf.txt", []byte(render.PDFLayout(doc.Records[0], opt)))
}

// TestSheetRoomAndPoints pins a vugraph board's sheet: the room under the
// vulnerability and each hand's high-card points in the compass.
func TestSheetRoomAndPoints(t *testing.T) {
	t.Parallel()
	doc, err := parser.ReadFile("../samples/vugraph_match.lin")
	if err != nil {
		t.Fatal(err)
	}
	r := doc.Records[1]
	if r.Room == model.NoRoom {
		t.Fatalf("board %d has no room", r.Board)
	}
	opt := render.SheetOptions{Result: true}
	golden.Check(t, "testdata/sheet/vugraph_room.pdf.txt", []byte(render.PDFLayout(r, opt)))
	golden.Check(t, "testdata/sheet/vugraph_room.html", writeSheet(t, "html", []*model.Record{r}, opt))
}
