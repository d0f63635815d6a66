package render_test

import (
	"regexp"
	"strings"
	"testing"

	"handrec/internal/golden"
	"handrec/model/scoring"
	"handrec/parser"
	"handrec/render"
)

// TestSheetRubber: a sheet of a rubber under a historic code prints the
// books' scoring block after each game (the score so far) and after the
// rubber (its totals and outcome; Pirate Bridge: its four columns and the
// settlement), and no vulnerability, which those codes do not have. The
// text sheets are pinned; the PDF's text carries the same blocks.
func TestSheetRubber(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		file   string
		code   scoring.Code
		titles []string
		last   string
	}{
		{"hoyle1904_rubber", scoring.Bridge1904, []string{"Rubber 1 (bridge1904), the score after game 1", "Rubber 1 (bridge1904)"},
			"A & B win by 26; settled at 3 a head, in 10s"},
		{"pirate1916_rubber", scoring.Pirate1916, []string{"Rubber 1 (pirate1916), the score after game 1",
			"Rubber 1 (pirate1916), the score after game 2", "Rubber 1 (pirate1916), the score after game 3", "Rubber 1 (pirate1916)"},
			"In units of 100; a total half way rounds up."},
	} {
		t.Run(c.file, func(t *testing.T) {
			t.Parallel()
			doc, err := parser.ReadFile("../samples/" + c.file + ".pbn")
			if err != nil {
				t.Fatal(err)
			}
			opt := render.SheetOptions{PerPage: 4, Result: true, Code: c.code, Rubber: true, Style: render.Style{BookSeats: true}}
			txt := writeSheet(t, "txt", doc.Records, opt)
			golden.Check(t, "testdata/sheet/"+c.file+".txt", txt)
			titles := regexp.MustCompile(`(?m)^Rubber \d.*$`).FindAllString(string(txt), -1)
			if strings.Join(titles, "|") != strings.Join(c.titles, "|") {
				t.Errorf("%s: blocks %q, want %q", c.file, titles, c.titles)
			}
			if !strings.HasSuffix(string(txt), "\n"+c.last+"\n") {
				t.Errorf("%s: the sheet does not end %q", c.file, c.last)
			}
			pdf := pdfText(t, writeSheet(t, "pdf", doc.Records, opt), "-raw")
			for _, want := range append(c.titles, c.last) {
				if !strings.Contains(pdf, want) {
					t.Errorf("%s: the PDF lacks %q", c.file, want)
				}
			}
			for _, text := range []string{string(txt), pdf} {
				if strings.Contains(text, "Vul ") {
					t.Errorf("%s: a vulnerability is printed under %s", c.file, c.code)
				}
			}
		})
	}
}

// TestSheetVulByCode: the same deal prints its vulnerability under the
// contract code, its own (no Scoring tag) included, and none under a
// historic code.
func TestSheetVulByCode(t *testing.T) {
	t.Parallel()
	doc, err := parser.ReadFile("../samples/full_play.pbn")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		code scoring.Code
		want int
	}{{"its own", "", 2}, {"contract", scoring.Contract, 2}, {"bridge1895", scoring.Bridge1895, 0}, {"auction1915", scoring.Auction1915, 0}} {
		t.Run(c.name, func(t *testing.T) {
			out := string(writeSheet(t, "txt", doc.Records, render.SheetOptions{Code: c.code}))
			if n := strings.Count(out, "\nVul "); n != c.want {
				t.Errorf("code %q: %d vulnerabilities printed, want %d", c.code, n, c.want)
			}
		})
	}
}
