package render_test

import (
	"fmt"
	"strings"
	"testing"

	"handrec/model"
	"handrec/parser"
	"handrec/render"
)

// sessionSheet is the club traveller's board with a session's traveller
// in place of its own and a results page of one table.
func sessionSheet(t *testing.T) ([]*model.Record, render.SheetOptions) {
	t.Helper()
	doc, err := parser.ReadFile("../samples/club_traveller.pbn")
	if err != nil {
		t.Fatal(err)
	}
	trav := &render.SheetTable{Title: "Traveller (mp)", Head: []string{"NS", "EW", "MP NS"}, Right: []bool{true, true, true},
		Rows: [][]string{{"1", "8", "4.00"}, {"3", "6", "2.00"}}, Notes: []string{"*row 2: a note"}}
	ss := &render.SheetSession{
		Traveller: func(r *model.Record) *render.SheetTable {
			if r.Board == 5 {
				return trav
			}
			return nil
		},
		Lines:   []string{"method: mp"},
		Results: []render.SheetTable{{Title: "Standings", Head: []string{"Rank", "Pair", "Total"}, Right: []bool{true, false, true}, Rows: [][]string{{"1=", "4", "6.00"}, {"1=", "7", "6.00"}}}},
	}
	return doc.Records, render.SheetOptions{Session: ss}
}

// The session's traveller replaces the record's under its board, and the
// results page stands after the boards on a page of its own, set across
// it: in the text, the HTML (a wide block after the last board's page)
// as it flows, and the PDF (its last page; the picture check's checkPages: no word
// under 7 points or outside its frame, the running head and page numbers).
func TestSheetSessionResultsPage(t *testing.T) {
	t.Parallel()
	recs, opt := sessionSheet(t)
	txt := string(writeSheet(t, "txt", recs, opt))
	const wantTxt = "Traveller (mp)\nNS  EW  MP NS\n 1   8   4.00\n 3   6   2.00\n*row 2: a note\n"
	const wantResults = "\fResults\n\nmethod: mp\n\nStandings\nRank  Pair  Total\n  1=  4      6.00\n  1=  7      6.00\n"
	if !strings.Contains(txt, wantTxt) || !strings.HasSuffix(txt, wantResults) || strings.Contains(txt, "Score NS") {
		t.Errorf("text sheet:\n%s\nwant it to hold:\n%s\nand end:\n%s", txt, wantTxt, wantResults)
	}
	html := string(writeSheet(t, "html", recs, opt))
	pages := strings.Split(html, `<div class="page`)
	last := pages[len(pages)-1]
	// the results page flows, its rows kept whole and its tables' heads
	// repeated on every page they run over when it is printed
	if len(pages) != 3 || !strings.HasPrefix(last, ` results">`) || !strings.Contains(last, `<section class="block wide flow">`) ||
		!strings.Contains(last, "<caption>Standings</caption><thead><tr>") ||
		!strings.Contains(html, "thead{display:table-header-group}\ntr{break-inside:avoid;page-break-inside:avoid}") ||
		!strings.Contains(last, "<caption>Standings</caption>") ||
		strings.Contains(last, `<section class="board`) || !strings.Contains(pages[1], "<caption>Traveller (mp)</caption>") {
		t.Errorf("html: %d pages; the first:\n%s\nthe last:\n%s", len(pages)-1, pages[1], last)
	}
	need(t, "pdftotext")
	pdf := writeSheet(t, "pdf", recs, opt)
	ends := render.SheetEnds(recs, opt)
	if fmt.Sprint(ends) != "[true true]" {
		t.Errorf("the pages that end a flow: %v, want [true true] (the boards before the results page, and the results page)", ends)
	}
	checkPages(t, "session", pdf, render.SheetFrames(recs, opt), ends, "a4", "Club pairs, 2024.03.14")
	onPage := map[string]int{}
	for _, w := range pdfWords(t, pdf) {
		if _, ok := onPage[w.text]; !ok {
			onPage[w.text] = w.page
		}
	}
	for text, page := range map[string]int{"Traveller": 1, "4.00": 1, "Results": 2, "Standings": 2, "1=": 2, "6.00": 2} {
		if onPage[text] != page {
			t.Errorf("%q first on page %d, want %d", text, onPage[text], page)
		}
	}
}
