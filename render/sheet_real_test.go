package render_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"handrec/model/scoring"
	"handrec/parser"
	"handrec/render"
)

// realSheet is a real file printed as a sheet, as a director, a teacher
// or a historian would.
type realSheet struct {
	name, file string
	opt        render.SheetOptions
	head       string // the running head of the first page
	first      int    // the file's first boards only; 0 for all
}

const corpusBen = "../../shared/corpus/pbn/lorserker-ben/"

var realSheets = []realSheet{
	{"camrose", corpusBen + "demo/Camrose24_1.pbn", render.SheetOptions{PerPage: 8}, "Camrose 2024, 2023.12.15", 0},
	{"camrose auctions", corpusBen + "demo/Camrose24_1.pbn", render.SheetOptions{PerPage: 6, Result: true, Auction: true}, "Camrose 2024, 2023.12.15", 0},
	// bare diagrams with their DD tables, which fill a page only spread
	// (at 4 a page their text came down to 72-77% of it, at 1 to 47-72%)
	{"camrose 4 a page", corpusBen + "demo/Camrose24_1.pbn", render.SheetOptions{PerPage: 4}, "Camrose 2024, 2023.12.15", 16},
	{"camrose 1 a page", corpusBen + "demo/Camrose24_1.pbn", render.SheetOptions{PerPage: 1}, "Camrose 2024, 2023.12.15", 5},
	{"daylong 4 a page", corpusBen + "Boards/BBO/BBO Forums Sunday Daylong Daylong.pbn", render.SheetOptions{PerPage: 4, Result: true, Auction: true}, "BBO Forums Sunday Daylong, BBO", 0},
	{"daylong", corpusBen + "Boards/BBO/BBO Forums Sunday Daylong Daylong.pbn", render.SheetOptions{Result: true, Auction: true}, "BBO Forums Sunday Daylong, BBO", 0},
	{"eamon", corpusBen + "Boards/Eamon/kelsey_advanced_play.pbn", render.SheetOptions{PerPage: 2, Result: true, Auction: true, Play: true}, "", 0},
	{"vugraph", "../samples/vugraph_match.lin", render.SheetOptions{PerPage: 4, Result: true, Auction: true, Play: true}, "Sample Teams", 0},
	{"traveller", "../samples/club_traveller.pbn", render.SheetOptions{PerPage: 4, Result: true}, "Club pairs, 2024.03.14", 0},
	{"rubber 1904", "../samples/hoyle1904_rubber.pbn", render.SheetOptions{PerPage: 4, Result: true, Auction: true, Play: true,
		Code: scoring.Bridge1904, Rubber: true, Style: render.Style{BookSeats: true}}, "Hoyle 1904 scoring block, Hoyle's Games Modernized, 1904", 0},
	{"pirate", "../samples/pirate1916_rubber.pbn", render.SheetOptions{PerPage: 4, Result: true, Code: scoring.Pirate1916, Rubber: true}, "Pirate Bridge rubber, handrec samples, 2024", 0},
}

// dejaVuHeight is the height of a word's box from pdftotext -bbox over
// its type size, in DejaVu Sans: its ascent and descent (0.928 + 0.236).
const dejaVuHeight = 1.164

// TestSheetRealFilesPictures is the picture check on real files: each is
// printed as PDF on A4 and Letter and, from the PDF's text positions
// (pdftotext -bbox), no text is smaller than 7 points, every word of a
// board lies inside its board's frame, every page has its running head
// and "page i of n" at its foot, and every page but the last is filled:
// its boards' text (not their frames, which reach the foot whatever the
// boards hold) comes down to 80% of its height or more. Chromium's print
// of the HTML sheet of the same boards has the same pages with the same
// boards on each (not with -short), and its text, too, fills every page
// but the last to 80%.
func TestSheetRealFilesPictures(t *testing.T) {
	t.Parallel()
	need(t, "pdftotext", "pdftoppm")
	for _, rs := range realSheets {
		t.Run(rs.name, func(t *testing.T) {
			t.Parallel()
			doc, err := parser.ReadFile(rs.file)
			if os.IsNotExist(err) {
				t.Logf("%s: %s is not here", rs.name, rs.file)
				return
			}
			if err != nil && (doc == nil || len(doc.Records) == 0) {
				t.Fatal(err)
			}
			if rs.first > 0 {
				doc.Records = doc.Records[:rs.first]
			}
			for _, paper := range []string{"a4", "letter"} {
				t.Run(paper, func(t *testing.T) {
					t.Parallel()
					opt := rs.opt
					opt.Paper = paper
					name := rs.name + " " + paper
					pdf := writeSheet(t, "pdf", doc.Records, opt)
					checkPages(t, name, pdf, render.SheetFrames(doc.Records, opt), render.SheetEnds(doc.Records, opt), paper, rs.head)
					if !testing.Short() && (paper == "a4" || rs.name == "camrose") { // Chromium takes seconds a print
						checkPrinted(t, name, pdf, writeSheet(t, "html", doc.Records, opt), paper)
					}
				})
			}
		})
	}
}

var pageFoot = regexp.MustCompile(`^page (\d+) of (\d+)$`)

// checkPages checks a sheet's PDF against the frames its layout gives.
// Every page but those that end a flow of boards (ends) is filled.
func checkPages(t *testing.T, name string, pdf []byte, frames [][][4]float64, ends []bool, paper, head string) {
	t.Helper()
	const mm = 72 / 25.4
	height := map[string]float64{"a4": 841.89, "letter": 792}[paper]
	words := pdfWords(t, pdf)
	byPage := map[int][]word{}
	for _, w := range words {
		byPage[w.page] = append(byPage[w.page], w)
	}
	if len(frames) != pdfPages(pdf) {
		t.Fatalf("%s: the layout has %d pages, the PDF %d", name, len(frames), pdfPages(pdf))
	}
	if len(ends) != len(frames) || !ends[len(ends)-1] {
		t.Fatalf("%s: the ends of the flows %v do not end with the last of %d pages", name, ends, len(frames))
	}
	for page := 1; page <= len(frames); page++ {
		var foot, top []string
		bottom := 0.0 // the foot of the boards' lowest word
		for _, w := range byPage[page] {
			switch {
			case w.yMin > height-12*mm:
				foot = append(foot, w.text)
				continue
			case w.yMax < (12+6)*mm:
				top = append(top, w.text)
				continue
			}
			bottom = max(bottom, w.yMax)
			if size := (w.yMax - w.yMin) / dejaVuHeight; size < 6.95 {
				t.Errorf("%s page %d: %q is set at %.1f points", name, page, w.text, size)
			}
			if !inFrame(w, frames[page-1], mm) {
				t.Errorf("%s page %d: %q at (%.1f, %.1f)-(%.1f, %.1f) is in no board's frame", name, page, w.text, w.xMin, w.yMin, w.xMax, w.yMax)
			}
		}
		if got, want := strings.Join(foot, " "), fmt.Sprintf("page %d of %d", page, len(frames)); got != want {
			t.Errorf("%s page %d: the foot reads %q, want %q", name, page, got, want)
		}
		switch got := strings.Join(top, " "); {
		case head != "" && page == 1 && got != head:
			t.Errorf("%s page %d: the head reads %q, want %q", name, page, got, head)
		case head != "" && got == "":
			t.Errorf("%s page %d: no running head", name, page)
		}
		if fill := bottom / height; !ends[page-1] && fill < 0.8 {
			t.Errorf("%s page %d: the text comes down to %.0f%% of its height, want 80%% or more", name, page, 100*fill)
		}
	}
	if pics := pagePictures(t, pdf); len(pics) != len(frames) {
		t.Errorf("%s: pdftoppm draws %d pages, want %d", name, len(pics), len(frames))
	}
}

// textFill is how far down each page but the last of a PDF its text
// comes, the running head and the foot left out, as a share of its
// height.
func textFill(t *testing.T, pdf []byte, paper string) []float64 {
	t.Helper()
	const mm = 72 / 25.4
	height := map[string]float64{"a4": 841.89, "letter": 792}[paper]
	bottom := make([]float64, strings.Count(pdfText(t, pdf, "-bbox"), "<page "))
	for _, w := range pdfWords(t, pdf) {
		if w.yMin < height-12*mm && w.yMax > (12+6)*mm {
			bottom[w.page-1] = max(bottom[w.page-1], w.yMax/height)
		}
	}
	return bottom[:len(bottom)-1]
}

// inFrame tells whether a word lies inside one of a page's frames.
func inFrame(w word, frames [][4]float64, mm float64) bool {
	const slack = 0.5 // points
	for _, f := range frames {
		if w.xMin >= f[0]*mm-slack && w.xMax <= (f[0]+f[2])*mm+slack && w.yMin >= f[1]*mm-slack && w.yMax <= (f[1]+f[3])*mm+slack {
			return true
		}
	}
	return false
}

var boardTitle = regexp.MustCompile(`(?m)^(?:Board|Deal) \d+`)

// boardsAPage is the boards' titles on each page of a PDF.
func boardsAPage(t *testing.T, pdf []byte) []string {
	var out []string
	for _, p := range strings.Split(strings.TrimSuffix(pdfText(t, pdf, "-raw"), "\f"), "\f") {
		out = append(out, strings.Join(boardTitle.FindAllString(p, -1), ","))
	}
	return out
}

// checkPrinted prints an HTML sheet with headless Chromium and checks that
// it has the PDF's pages, with the same boards on each.
func checkPrinted(t *testing.T, name string, pdf, html []byte, paper string) {
	t.Helper()
	printed := chromiumPrint(t, html)
	if printed == nil {
		return
	}
	for i, fill := range textFill(t, printed, paper) {
		if fill < 0.8 {
			t.Errorf("%s: Chromium prints page %d with its text down to %.0f%% of its height, want 80%% or more", name, i+1, 100*fill)
		}
	}
	got, want := boardsAPage(t, printed), boardsAPage(t, pdf)
	if len(got) != len(want) {
		t.Errorf("%s: Chromium prints %d pages, the PDF has %d", name, len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			t.Errorf("%s page %d: Chromium prints %s, the PDF %s", name, i+1, got[i], want[i])
			break
		}
	}
}

// chromiumPrint prints HTML with headless Chromium; nil when Chromium is
// not installed.
func chromiumPrint(t *testing.T, html []byte) []byte {
	t.Helper()
	chromium := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			chromium = p
			break
		}
	}
	if chromium == "" {
		t.Log("chromium is not installed")
		return nil
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "sheet.html")
	if err := os.WriteFile(in, html, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "printed.pdf")
	cmd := exec.Command(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
		"--user-data-dir="+filepath.Join(dir, "profile"), "--print-to-pdf="+out, "file://"+in)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, b)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
