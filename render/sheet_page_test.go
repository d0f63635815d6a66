package render_test

import (
	"bufio"
	"bytes"
	"fmt"
	"html"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"handrec/model"
	"handrec/parser"
	"handrec/render"
)

// boards32 is 32 boards with auctions: the samples' boards over again,
// numbered 1 to 32.
func boards32(t *testing.T) []*model.Record {
	t.Helper()
	var recs []*model.Record
	for len(recs) < 32 {
		for _, r := range sheetRecords(t) {
			if len(recs) < 32 && r.Auction != nil && len(r.Auction.Calls) > 0 {
				c := *r
				c.Board = len(recs) + 1
				recs = append(recs, &c)
			}
		}
	}
	return recs
}

// need skips the test when a tool is not installed.
func need(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
}

// pagePictures renders each page of pdf with pdftoppm at 20 dpi in grey.
func pagePictures(t *testing.T, pdf []byte) []image.Image {
	t.Helper()
	need(t, "pdftoppm")
	dir := t.TempDir()
	in := filepath.Join(dir, "sheet.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("pdftoppm", "-r", "20", "-gray", "-png", in, filepath.Join(dir, "p")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "p-*.png"))
	var pics []image.Image
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		pics = append(pics, img)
	}
	return pics
}

// inkRows is the first and last row of a picture with anything drawn.
func inkRows(img image.Image) (top, bottom int) {
	r := img.Bounds()
	top, bottom = -1, -1
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if g, _, _, _ := img.At(x, y).RGBA(); g < 0xc000 {
				if top < 0 {
					top = y
				}
				bottom = y
				break
			}
		}
	}
	return top, bottom
}

// TestPDFSheetFillsThePage is the picture check: 32 boards with auctions
// at 4 a page are 8 pages, and on each the boards' frames reach down to at
// least 80% of the page's height (from the top margin). The frames fill
// the page whatever the boards hold, so the boards' text is measured too
// (pdftotext's word boxes): on every page it reaches down past 80% of the
// page's height, for the samples' boards and for 32 generated deals
// (gen_deals.py --boards 32 --seed 7), whose narrow boards are held back by
// their width and spread their parts down the frame.
func TestPDFSheetFillsThePage(t *testing.T) {
	t.Parallel()
	doc, err := parser.ReadFile("testdata/sheet/gen32.pbn")
	if err != nil {
		t.Fatal(err)
	}
	for _, set := range []struct {
		name string
		recs []*model.Record
	}{{"samples", boards32(t)}, {"gen32", doc.Records}} {
		for _, paper := range []string{"a4", "letter"} {
			t.Run(set.name+" "+paper, func(t *testing.T) {
				t.Parallel()
				fillsThePage(t, set.name+" "+paper, paper, set.recs)
			})
		}
	}
}

func fillsThePage(t *testing.T, name, paper string, recs []*model.Record) {
	pdf := writeSheet(t, "pdf", recs, render.SheetOptions{PerPage: 4, Paper: paper, Result: true, Auction: true})
	height := map[string]float64{"a4": 841.89, "letter": 792}[paper]
	bottom := map[int]float64{}
	for _, w := range pdfWords(t, pdf) {
		bottom[w.page] = max(bottom[w.page], w.yMax)
	}
	for page := 1; page <= 8; page++ {
		if b := bottom[page] / height; b < 0.8 {
			t.Errorf("%s page %d: the text reaches down to %.0f%% of its height, want 80%% or more", name, page, 100*b)
		}
	}
	pics := pagePictures(t, pdf)
	if len(pics) != 8 {
		t.Fatalf("%s: %d pages, want 8", name, len(pics))
	}
	for i, p := range pics {
		top, bottom := inkRows(p)
		h := p.Bounds().Dy()
		if fill := float64(bottom-top) / float64(h); fill < 0.8 {
			t.Errorf("%s page %d: boards fill %.0f%% of its height, want 80%% or more", name, i+1, 100*fill)
		}
	}
}

// word is a word of pdftotext -bbox: its box in points and its text.
type word struct {
	xMin, yMin, xMax, yMax float64
	text                   string
	page                   int
}

var bboxWord = regexp.MustCompile(`<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>`)

// pdfWords is the words of pdf with their boxes, from pdftotext -bbox.
func pdfWords(t *testing.T, pdf []byte) []word {
	t.Helper()
	var words []word
	page := 0
	sc := bufio.NewScanner(strings.NewReader(pdfText(t, pdf, "-bbox")))
	for sc.Scan() {
		line := sc.Text()
		if strings.Contains(line, "<page ") {
			page++
		}
		m := bboxWord.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		w := word{text: html.UnescapeString(m[5]), page: page}
		for i, p := range []*float64{&w.xMin, &w.yMin, &w.xMax, &w.yMax} {
			*p, _ = strconv.ParseFloat(m[i+1], 64)
		}
		words = append(words, w)
	}
	return words
}

// longComment is a commentary of 2,000 characters with a URL of 300.
func longComment() string {
	url := "https://example.org/bridge/" + strings.Repeat("deal-analysis/", 19) + "index.html?board=7&x=" + strings.Repeat("a", 300)
	url = url[:300]
	var b strings.Builder
	for b.Len() < 1700 {
		b.WriteString("Declarer counted his tricks before he played to the first, as the books advise. ")
	}
	b.WriteString(url)
	return b.String()[:1700] + " " + url
}

// TestPDFSheetLongCommentStaysInItsBoard checks, with pdftotext's word
// boxes, that a 2,000-character commentary with a 300-character URL stays
// in its board's frame, which is as tall as the commentary needs, with
// the URL whole across its lines, and that the board's text is set no
// smaller than its neighbours' (the frame grows; the type does not shrink).
func TestPDFSheetLongCommentStaysInItsBoard(t *testing.T) {
	t.Parallel()
	recs := boards32(t)[:4]
	c := *recs[0]
	c.Leading = []model.Comment{{Text: longComment()}}
	recs[0] = &c
	opt := render.SheetOptions{PerPage: 4, Result: true, Auction: true}
	pdf := writeSheet(t, "pdf", recs, opt)
	frames := render.SheetFrames(recs, opt)
	const mm = 72 / 25.4
	var url strings.Builder
	for _, w := range pdfWords(t, pdf) {
		if w.page > len(frames) || w.yMin < 19*mm || w.yMin > 285*mm {
			continue // the running head and the foot
		}
		if !inFrame(w, frames[w.page-1], mm) {
			t.Errorf("%q at %.1f-%.1fpt on page %d is outside the boards' frames", w.text, w.yMin, w.yMax, w.page)
		}
		if size := (w.yMax - w.yMin) / dejaVuHeight; size < 8.4 && strings.HasPrefix(w.text, "Declarer") {
			t.Errorf("%q is set at %.1f points, want 8.5 or more", w.text, size)
		}
		if strings.HasPrefix(w.text, "https:") || url.Len() > 0 && url.Len() < 300 {
			url.WriteString(w.text)
		}
	}
	if got, want := url.String(), longComment()[1701:]; got != want {
		t.Errorf("the URL reads %q (%d characters), want %q", got, len(got), want)
	}
}

// TestHTMLSheetPrintedPages prints the HTML sheet of 32 boards with
// auctions at 4 a page with headless Chromium: it has the PDF's 8 pages,
// 4 boards on each.
func TestHTMLSheetPrintedPages(t *testing.T) {
	t.Parallel()
	need(t, "pdftotext")
	recs := boards32(t)
	opt := render.SheetOptions{PerPage: 4, Result: true, Auction: true}
	printed := chromiumPrint(t, writeSheet(t, "html", recs, opt))
	if printed == nil {
		t.Skip("chromium is not installed")
	}
	perPage := func(pdf []byte) []int {
		var n []int
		for _, p := range strings.Split(strings.TrimSuffix(pdfText(t, pdf, "-raw"), "\f"), "\f") {
			n = append(n, len(regexp.MustCompile(`(?m)^Board \d+`).FindAllString(p, -1)))
		}
		return n
	}
	want := perPage(writeSheet(t, "pdf", recs, opt))
	if got := perPage(printed); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Chromium prints %v boards a page, the PDF has %v", got, want)
	}
}

// TestPDFSheetInParts: a sheet made in parts (of 3 pages here, of 200 in
// use) and joined is the sheet made whole: the same pages, drawn the same
// to the pixel, the same text; and a PDF checker finds nothing wrong.
// Written again, it is the same bytes.
//
// It stays serial: SetPDFPartPages sets the package's part size, which
// every PDF sheet of the test binary reads.
func TestPDFSheetInParts(t *testing.T) {
	recs := append(boards32(t), boards32(t)[:8]...) // 40 boards: 10 pages
	opt := render.SheetOptions{PerPage: 4, Result: true, Auction: true, Title: "Club night"}
	whole := writeSheet(t, "pdf", recs, opt)
	restore := render.SetPDFPartPages(3)
	parts := writeSheet(t, "pdf", recs, opt)
	again := writeSheet(t, "pdf", recs, opt)
	restore()
	if bytes.Equal(whole, parts) {
		t.Fatal("parts of 3 pages made the same file as one part")
	}
	if !bytes.Equal(parts, again) {
		t.Error("the same sheet written twice differs")
	}
	if a, b := pdfText(t, whole, "-raw"), pdfText(t, parts, "-raw"); a != b {
		t.Errorf("the text differs:\n%s\nwant\n%s", b, a)
	}
	want, got := pagePictures(t, whole), pagePictures(t, parts)
	if len(got) != 10 || len(want) != 10 {
		t.Fatalf("%d pages in parts, %d whole; want 10", len(got), len(want))
	}
	for i := range got {
		if !samePicture(got[i], want[i]) {
			t.Errorf("page %d is drawn differently in parts", i+1)
		}
	}
	if _, err := exec.LookPath("qpdf"); err == nil {
		in := filepath.Join(t.TempDir(), "parts.pdf")
		os.WriteFile(in, parts, 0o644)
		if out, err := exec.Command("qpdf", "--check", in).CombinedOutput(); err != nil || !strings.Contains(string(out), "No syntax or stream encoding errors found") {
			t.Errorf("qpdf --check: %v\n%s", err, out)
		}
	}
}

// samePicture tells whether two pictures have the same pixels.
func samePicture(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				return false
			}
		}
	}
	return true
}

// TestPDFSheetTallBoard: a board taller than a page (a commentary of
// 16,000 characters) is the one board ever split: it goes on over the
// next pages, cut between its lines, in type no smaller than 7 points,
// every word in its frame and every word of the commentary printed once,
// in order; the boards after it start a new page.
func TestPDFSheetTallBoard(t *testing.T) {
	t.Parallel()
	recs := boards32(t)[:3]
	c := *recs[0]
	text := strings.Repeat(longComment()[:1700]+" ", 9)
	c.Leading = []model.Comment{{Text: text}}
	recs[0] = &c
	opt := render.SheetOptions{PerPage: 2, Result: true}
	pdf := writeSheet(t, "pdf", recs, opt)
	frames := render.SheetFrames(recs, opt)
	if len(frames) < 3 {
		t.Fatalf("%d pages, want the tall board over two or more and the others after", len(frames))
	}
	checkPages(t, "tall board", pdf, frames, render.SheetEnds(recs, opt), "a4", "")
	var got []string
	for _, w := range pdfWords(t, pdf) {
		if strings.Contains(text, w.text) && w.page < len(frames) && w.yMin > 19*72/25.4 && w.yMin < 285*72/25.4 {
			got = append(got, w.text)
		}
	}
	if want := strings.Fields(text); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("the commentary reads %d words, want %d:\n%.300s", len(got), len(want), strings.Join(got, " "))
	}
	if titles := boardsAPage(t, pdf); titles[len(titles)-1] != "Board 2,Board 3" {
		t.Errorf("boards a page %q: want boards 2 and 3 on the last page", titles)
	}
}

// TestPDFSheetSpreadsItsBoards: on every page but the last, every board
// comes down its frame to within a tenth of the page's height for boards
// (and the board's own foot: its padding and the space under its last
// line, under 4 mm, enlarged at most 2.6 times) of the frame's foot,
// whatever it holds: bare diagrams with
// DD tables (Camrose's first 16 boards) and generated deals with
// auctions, at 1, 2, 4 and 8 a page, on A4 and Letter; and the type is
// no smaller for it (checkPages: 7 points or more, every word in its
// frame). The last page is not spread: its boards keep their height.
func TestPDFSheetSpreadsItsBoards(t *testing.T) {
	t.Parallel()
	need(t, "pdftotext")
	sets := map[string][]*model.Record{}
	if doc, err := parser.ReadFile("testdata/sheet/gen32.pbn"); err != nil {
		t.Fatal(err)
	} else {
		sets["gen32"] = doc.Records
	}
	if doc, err := parser.ReadFile(corpusBen + "demo/Camrose24_1.pbn"); err == nil {
		sets["camrose"] = doc.Records[:16]
	} else {
		t.Log(err)
	}
	const mm = 72 / 25.4
	for name, recs := range sets {
		for _, pp := range []int{1, 2, 4, 8} {
			for _, paper := range []string{"a4", "letter"} {
				label := fmt.Sprintf("%s %d a page %s", name, pp, paper)
				t.Run(label, func(t *testing.T) {
					t.Parallel()
					opt := render.SheetOptions{PerPage: pp, Paper: paper, Result: name == "gen32", Auction: name == "gen32"}
					pdf := writeSheet(t, "pdf", recs, opt)
					frames := render.SheetFrames(recs, opt)
					checkPages(t, label, pdf, frames, render.SheetEnds(recs, opt), paper, "")
					height := map[string]float64{"a4": 297, "letter": 279.4}[paper]
					most := 0.1*(height-12-19) + 4*2.6
					bottom := map[[2]int]float64{} // page, frame: its lowest word's foot in mm
					for _, w := range pdfWords(t, pdf) {
						for i, f := range frames[w.page-1] {
							if inFrame(w, [][4]float64{f}, mm) {
								bottom[[2]int{w.page, i}] = max(bottom[[2]int{w.page, i}], w.yMax/mm)
							}
						}
					}
					for page := 1; page < len(frames); page++ {
						for i, f := range frames[page-1] {
							if left := f[1] + f[3] - bottom[[2]int{page, i}]; left > most {
								t.Errorf("%s page %d board %d: %.1f mm blank under it in its frame, want %.1f or less", label, page, i+1, left, most)
							}
						}
					}
				})
			}
		}
	}
}

// TestHTMLSheetTallBoard: Chromium prints the HTML of a board taller than
// a page as the PDF draws it: over the same pages, cut between the same
// lines, so that each page holds the same words of the commentary as the
// PDF's page, in order, each inside the PDF's frame; the boards after it
// start a new page, as in the PDF. The board is a section a page, with
// the board's number and the part's, and its hands are marked as any
// board's (data-seat, data-hand).
func TestHTMLSheetTallBoard(t *testing.T) {
	t.Parallel()
	need(t, "pdftotext")
	recs := boards32(t)[:3]
	c := *recs[0]
	text := strings.Repeat(longComment()[:1700]+" ", 9)
	c.Leading = []model.Comment{{Text: text}}
	recs[0] = &c
	for _, paper := range []string{"a4", "letter"} {
		t.Run(paper, func(t *testing.T) {
			t.Parallel()
			opt := render.SheetOptions{PerPage: 2, Result: true, Paper: paper}
			pdf := writeSheet(t, "pdf", recs, opt)
			html := writeSheet(t, "html", recs, opt)
			frames := render.SheetFrames(recs, opt)
			parts := regexp.MustCompile(`<section class="board tall" data-board="1" data-part="(\d+)">`).FindAllSubmatch(html, -1)
			if len(parts) != len(frames)-1 || string(parts[len(parts)-1][1]) != strconv.Itoa(len(frames)-1) {
				t.Errorf("%s: board 1 is written in %d parts, want %d: one a page but the last", paper, len(parts), len(frames)-1)
			}
			if hands := handRE.FindAllSubmatch(html, -1); len(hands) != 12 || string(hands[0][1]) != "N" || string(hands[0][2]) != recs[0].Deal.Hands[model.North].PBN() {
				t.Errorf("%s: %d hands marked, want 12 (board 1's North first, %s)", paper, len(hands), recs[0].Deal.Hands[model.North].PBN())
			}
			printed := chromiumPrint(t, html)
			if printed == nil {
				t.Skip("chromium is not installed")
			}
			height := map[string]float64{"a4": 297, "letter": 279.4}[paper]
			const mm = 72 / 25.4
			words := func(pdf []byte) (pages []string) {
				pages = make([]string, len(frames))
				for _, w := range pdfWords(t, pdf) {
					if w.page > len(frames) || w.yMin < 19*mm || w.yMin > (height-12)*mm {
						continue // the running head and the foot
					}
					if !inFrame(w, frames[w.page-1], mm) {
						t.Errorf("%s page %d: %q at (%.1f, %.1f) is in no board's frame", paper, w.page, w.text, w.xMin, w.yMin)
					}
					if strings.Contains(text, w.text) {
						pages[w.page-1] += w.text + " "
					}
				}
				return pages
			}
			want, got := words(pdf), words(printed)
			if g, w := pdfPages(pdf), strings.Count(pdfText(t, printed, "-bbox"), "<page "); g != len(frames) || w != len(frames) {
				t.Fatalf("%s: the PDF has %d pages, Chromium prints %d, the layout has %d", paper, g, w, len(frames))
			}
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("%s page %d: Chromium prints\n%.200s\nthe PDF\n%.200s", paper, i+1, got[i], want[i])
				}
			}
			if g, w := boardsAPage(t, printed), boardsAPage(t, pdf); fmt.Sprint(g) != fmt.Sprint(w) {
				t.Errorf("%s: Chromium prints the boards %q a page, the PDF %q", paper, g, w)
			}
		})
	}
}

// TestSheetDDUnderSouth: a full page of bare diagrams (Camrose's first 7
// boards, 4 a page) sets their DD tables under South to come down the
// page, and the last page does as the page before it; each table's "DD"
// stands where the "South" above it starts, in the PDF and in Chromium's
// print of the HTML, within a point.
func TestSheetDDUnderSouth(t *testing.T) {
	t.Parallel()
	need(t, "pdftotext")
	doc, err := parser.ReadFile(corpusBen + "demo/Camrose24_1.pbn")
	if err != nil {
		t.Skip(err)
	}
	opt := render.SheetOptions{PerPage: 4}
	recs := doc.Records[:7]
	check := func(name string, pdf []byte) {
		south, dd := map[int][]word{}, map[int][]word{}
		prev := ""
		for _, w := range pdfWords(t, pdf) {
			prev, w.text = w.text, w.text+" after "+prev
			switch {
			case strings.HasPrefix(w.text, "South ") && !strings.HasSuffix(w.text, " Dealer"): // South's hand, not "Dealer South"
				south[w.page] = append(south[w.page], w)
			case strings.HasPrefix(w.text, "DD "):
				dd[w.page] = append(dd[w.page], w)
			}
		}
		for page, n := range []int{1: 4, 2: 3} {
			if len(dd[page]) != n || len(south[page]) != n {
				t.Fatalf("%s: page %d has %d DD tables and %d Souths, want %d of each", name, page, len(dd[page]), len(south[page]), n)
			}
			for i, dd := range dd[page] {
				s := south[page][i]
				if d := dd.xMin - s.xMin; d < -1 || d > 1 || dd.yMin < s.yMax {
					t.Errorf("%s page %d: DD table %d at (%.1f, %.1f), South at (%.1f, %.1f): want it under South", name, page, i+1, dd.xMin, dd.yMin, s.xMin, s.yMin)
				}
			}
		}
	}
	check("PDF", writeSheet(t, "pdf", recs, opt))
	if printed := chromiumPrint(t, writeSheet(t, "html", recs, opt)); printed != nil {
		check("Chromium", printed)
	}
}
