package render

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"strconv"
	"strings"

	"handrec/export"
	"handrec/model"
)

// HTMLSheet is the deal sheet as one self-contained HTML file: the style
// inline, nothing fetched, red hearts and diamonds. It prints as the PDF
// does: the same boards on the same pages, since the pages are those the
// PDF's layout makes (sheetLayout), each a <div class="page"> that breaks
// the page after it, its boards in a grid whose rows are the PDF's frames,
// enlarged as the PDF's by the page's --k; the paper and margins are
// @page rules, the page numbers @page's foot. A board taller than a page
// is written as the PDF draws it, over the same pages, cut between the
// same lines (writeTall). Each board is a
// <section class="board" data-board="N">; each hand a <div class="hand"
// data-seat="N" data-hand="PBN hand">, so that tests and scripts can find
// them.
type HTMLSheet struct {
	w     *bufio.Writer
	opt   SheetOptions
	sp    *sheetPager
	begun bool
	b     strings.Builder
}

// NewHTMLSheet writes an HTML deal sheet to w.
func NewHTMLSheet(w io.Writer, opt SheetOptions) *HTMLSheet {
	return &HTMLSheet{w: bufio.NewWriterSize(w, 64<<10), opt: opt, sp: newSheetPager(opt)}
}

// sheetCSS sets the boards as the PDF draws them: DejaVu Sans at 8.5
// points on lines of 3.6 mm, notes at 7.5 on 3.2, 2.5 mm inside a frame.
const sheetCSS = `*{box-sizing:border-box}
body{font-family:"DejaVu Sans","Segoe UI Symbol","Arial Unicode MS",Arial,sans-serif;font-size:8.5pt;line-height:3.6mm;color:#000;margin:0}
.head{margin:0;font-size:9pt;font-weight:bold;line-height:4mm;border-bottom:.2mm solid #000;height:5mm}
.boards{display:grid;gap:5mm;margin-top:2mm}
.page{break-after:page;page-break-after:always}
.page:last-child{break-after:auto;page-break-after:auto}
.board{break-inside:avoid;page-break-inside:avoid;border:.3mm solid #888;padding:2.5mm;overflow-wrap:anywhere;min-width:0;overflow:hidden}
.board.wide,.block.wide{grid-column:1/-1}
.block{break-inside:avoid;border:.3mm solid #888;padding:2.5mm;min-width:0;overflow:hidden}
.btitle{font-weight:bold;margin:0 0 1mm}
.block pre{font-family:"DejaVu Sans Mono",monospace;font-size:8pt;line-height:3.4mm;margin:0}
.z{zoom:var(--k,1)}
.deal{display:grid;grid-template-columns:max-content max-content max-content;grid-template-rows:18mm 18mm auto;grid-template-areas:"info n res" "w box e" ". s dd";column-gap:3mm;align-items:start;margin-bottom:1mm}
.info{grid-area:info}
.hand.n{grid-area:n}.hand.w{grid-area:w}.hand.e{grid-area:e}.hand.s{grid-area:s}
.res{grid-area:res}
.box{grid-area:box;justify-self:center;align-self:center;width:17mm;height:17mm;border:.3mm solid #444;display:grid;grid-template:repeat(3,1fr)/repeat(3,1fr);place-items:center;font-size:7.5pt;line-height:1;background:#f2f2f2}
.box .bn{grid-area:1/2}.box .bw{grid-area:2/1}.box .be{grid-area:2/3}.box .bs{grid-area:3/2}
.box span{white-space:nowrap}.box small{font-size:7pt;margin:0 .3mm}.box .bn small,.box .bs small{display:block;text-align:center}.box .bs{display:flex;flex-direction:column-reverse}.box .be{display:flex;flex-direction:row-reverse}
.h,.d{color:#c00}
table{border-collapse:collapse;margin-top:1mm}
th{font-weight:normal;text-align:left;padding:0 2.5mm 0 0;white-space:nowrap}
td{padding:0 2.5mm 0 0;white-space:nowrap}
.tricks td.n,.tricks td.c{text-align:right}
.tricks td.win{font-weight:bold;text-decoration:underline}
.ddbox{grid-area:dd;font-size:7.5pt;line-height:3.2mm}.ddbox.under{grid-row:4;grid-column:2/4;margin:1mm 0 0}
.dd{margin:0}.dd td,.dd th{text-align:right;padding:0 0 0 1.6mm}.dd td:first-child,.dd th:first-child{text-align:left;padding:0}
.traveller caption{text-align:left;font-size:7.5pt;break-after:avoid}.traveller .r{text-align:right}
thead{display:table-header-group}
tr{break-inside:avoid;page-break-inside:avoid}
.block.flow{break-inside:auto;page-break-inside:auto;overflow:visible}
.results .traveller{margin-top:3mm}
.notes{font-size:7.5pt;line-height:3.2mm;margin:.5mm 0 0}
.notes p{margin:0 0 .8mm}
.comment{margin:0 0 .8mm}
.hv{font-size:7.5pt;color:#00c}
@media print{.hv{display:none}}
@media screen{body{background:#ddd}.page{background:#fff;margin:5mm auto;padding:12mm;box-sizing:content-box}}
`

// begin writes the document's head: its title, the title given, else
// the first board's event, site and date.
func (s *HTMLSheet) begin(first *boardView) {
	s.begun = true
	p := s.opt.paper()
	size, width := "A4", "186mm"
	if p == "letter" {
		size, width = "letter", "191.9mm"
	}
	title := s.opt.Title
	if title == "" && first != nil {
		title = first.Heading
	}
	if title == "" {
		title = "Deal sheet"
	}
	s.w.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
	s.w.WriteString(html.EscapeString(title))
	s.w.WriteString("</title>\n<style>\n@page{size:" + size + ";margin:12mm;" +
		"@bottom-center{content:\"page \" counter(page) \" of \" counter(pages);font:8pt Helvetica,Arial,sans-serif;vertical-align:bottom;padding-bottom:4.5mm}}\n")
	s.w.WriteString(sheetCSS)
	s.w.WriteString(sheetTallCSS)
	s.w.WriteString(".page{width:" + width + "}\n")
	s.w.WriteString("</style>\n</head>\n<body>\n")
}

// Add takes the next board, and writes the page it closes.
func (s *HTMLSheet) Add(r *model.Record) error {
	if !s.begun {
		s.begin(s.opt.view(r))
	}
	for _, p := range s.sp.add(r) {
		if err := s.writePage(p); err != nil {
			return err
		}
	}
	return nil
}

// writePage writes a page: its running head, and its boards in a grid
// of the PDF's columns and rows, a little shorter than the PDF's so that
// a browser's rounding never pushes a board over the page's foot.
func (s *HTMLSheet) writePage(p *sheetPage) error {
	if len(p.boards) == 1 && p.boards[0].block != nil && p.boards[0].block.tables != nil {
		return s.writeResults(p)
	}
	if cuts := s.sp.l.cuts(p); cuts != nil {
		return s.writeTall(p, cuts)
	}
	s.writePageHead(p)
	var rows strings.Builder
	for _, h := range p.rows {
		fmt.Fprintf(&rows, " %.1fmm", h*0.99)
	}
	fmt.Fprintf(s.w, "<div class=\"boards\" style=\"grid-template-columns:repeat(%d,1fr);grid-template-rows:%s\">\n", p.cols, rows.String()[1:])
	for _, b := range p.boards {
		s.b.Reset()
		if b.block != nil {
			writeBlockHTML(&s.b, b.block, b.wide)
		} else {
			writeBoardHTML(&s.b, b.r, b.v, b.wide, b.b.ddUnder, b.b.gap)
		}
		if _, err := s.w.WriteString(s.b.String()); err != nil {
			return err
		}
	}
	_, err := s.w.WriteString("</div>\n</div>\n")
	return err
}

// writeResults writes the results page (a session's standings and
// matches) as it flows, not on the PDF's pages: its tables run over as
// many pages as they take, no row split or lost at a page's foot (each
// row avoids a break inside it), and each table's head repeated at the
// top of every page it runs over (thead). The PDF cuts the same tables
// between their rows.
func (s *HTMLSheet) writeResults(p *sheetPage) error {
	fmt.Fprintf(s.w, "<div class=\"page results\">\n<div class=\"head\">%s</div>\n", hx(p.head))
	s.b.Reset()
	writeBlockHTML(&s.b, p.boards[0].block, true)
	s.b.WriteString("</div>\n")
	_, err := s.w.WriteString(s.b.String())
	return err
}

// writePageHead opens a page, at its zoom, with its running head.
func (s *HTMLSheet) writePageHead(p *sheetPage) {
	fmt.Fprintf(s.w, "<div class=\"page\" style=\"--k:%.3f\">\n<div class=\"head\">%s</div>\n", p.k, hx(p.head))
}

// Close writes the last page, ends the document and flushes it.
func (s *HTMLSheet) Close() error {
	if !s.begun {
		s.begin(nil)
	}
	for _, p := range s.sp.flush() {
		if err := s.writePage(p); err != nil {
			return err
		}
	}
	s.w.WriteString("</body>\n</html>\n")
	return s.w.Flush()
}

// htmlSuits colours the red suits; the text is escaped first.
var htmlSuits = strings.NewReplacer("♥", `<span class="h">♥</span>`, "♦", `<span class="d">♦</span>`)

// hx is s escaped for HTML, with the red suits coloured.
func hx(s string) string { return htmlSuits.Replace(html.EscapeString(s)) }

var seatClass = [4]string{"n", "e", "s", "w"}

// writeBoardHTML writes one board as a section: the diagram, the
// auction, the play and the double-dummy table, each with its
// commentary. A board spread down its frame (gap, in millimetres before
// the page's zoom) has the PDF's gaps at the PDF's places
// (pdfBoard.glue): between the diagram's rows, and before the diagram
// and each part after it.
func writeBoardHTML(b *strings.Builder, r *model.Record, v *boardView, wide, ddUnder bool, gap float64) {
	class := "board"
	if wide {
		class += " wide"
	}
	b.WriteString(`<section class="` + class + `" data-board="` + strconv.Itoa(r.Board) + `">` + "\n<div class=\"z\">\n")
	writeCommentsHTML(b, v.Before)
	glue := func(at bool) {
		if at && gap > 0 {
			fmt.Fprintf(b, "<div class=\"gap\" style=\"height:%.2fmm\"></div>\n", gap)
		}
	}
	glue(len(v.Before) > 0)
	writeDealHTML(b, r, v, ddUnder, gap)
	glue(len(v.After) > 0)
	writeCommentsHTML(b, v.After)
	if a := v.Auction; a != nil {
		glue(true)
		writeCommentsHTML(b, a.Comments)
		writeTableHTML(b, "auction", a.Head[:], a.rowCells())
		writeNotesHTML(b, a.Notes)
	}
	if v.Play != nil {
		glue(true)
		writePlayHTML(b, v.Play)
	}
	for _, tv := range v.Travel {
		glue(true)
		writeTravellerHTML(b, tv)
	}
	glue(len(v.End) > 0)
	writeCommentsHTML(b, v.End)
	b.WriteString("</div>\n</section>\n")
}

// writeBlockHTML writes a scoring block: its title and its lines, ruled
// as the books rule them, in a fixed-pitch face.
func writeBlockHTML(b *strings.Builder, sb *sheetBlock, wide bool) {
	class := "block"
	if wide {
		class += " wide"
	}
	if sb.tables != nil {
		class += " flow"
	}
	b.WriteString(`<section class="` + class + `">` + "\n<div class=\"z\">\n<p class=\"btitle\">" + hx(sb.title) + "</p>\n")
	if sb.tables != nil {
		writeCommentsHTML(b, sb.lines)
		for _, tv := range sb.tables {
			writeTravellerHTML(b, tv)
		}
		b.WriteString("</div>\n</section>\n")
		return
	}
	b.WriteString("<pre>")
	for _, l := range sb.lines {
		b.WriteString(html.EscapeString(l) + "\n")
	}
	b.WriteString("</pre>\n</div>\n</section>\n")
}

// writeDDHTML writes the double-dummy table and the par, compact, beside
// South in the deal's grid, or under South in a row of its own (class
// " under"), a gap below South as the other rows are.
func writeDDHTML(b *strings.Builder, v *boardView, class string) {
	b.WriteString(`<div class="ddbox` + class + `">`)
	head, rows := ddCells(v.DD, v.style())
	writeTableHTML(b, "dd", head, rows)
	if v.DD.Par != "" {
		b.WriteString(`<div class="par">Par ` + hx(v.DD.Par) + "</div>")
	}
	b.WriteString("</div>\n")
}

// writeTravellerHTML writes a traveller: a table of every table's result,
// its flush-right columns of class r.
func writeTravellerHTML(b *strings.Builder, tv *travellerView) {
	zoom := ""
	if tv.fit > 0 && tv.fit < 1 {
		zoom = fmt.Sprintf(` style="zoom:%.3f"`, tv.fit)
	}
	b.WriteString(`<table class="traveller"` + zoom + `><caption>` + hx(tv.title()) + `</caption><thead><tr>`)
	cell := func(tag, c string, i int) {
		if tv.Right[i] {
			b.WriteString("<" + tag + ` class="r">` + hx(c) + "</" + tag + ">")
		} else {
			b.WriteString("<" + tag + ">" + hx(c) + "</" + tag + ">")
		}
	}
	for i, h := range tv.Head {
		cell("th", h, i)
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	for _, row := range tv.Rows {
		b.WriteString("<tr>")
		for i, c := range row {
			cell("td", c, i)
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody></table>\n")
	writeNotesHTML(b, tv.Notes)
}

// writeCommentsHTML writes paragraphs of commentary.
func writeCommentsHTML(b *strings.Builder, ps []string) {
	for _, p := range ps {
		b.WriteString(`<p class="comment">` + hx(p) + "</p>\n")
	}
}

// htmlOrder is the order of the hands in a deal's grid, the compass
// after West.
var htmlOrder = [4]model.Seat{model.North, model.West, model.East, model.South}

// writeDealHTML writes the diagram: the board's title, dealer and
// vulnerability, the hands and the compass, and the contract, result
// and lead, each in its area of the deal's grid, its rows gap apart.
func writeDealHTML(b *strings.Builder, r *model.Record, v *boardView, ddUnder bool, gap float64) {
	info := v.infoLines()
	if gap > 0 {
		fmt.Fprintf(b, "<div class=\"deal\" style=\"row-gap:%.2fmm\">\n", gap)
	} else {
		b.WriteString(`<div class="deal">` + "\n")
	}
	b.WriteString(`<div class="info"><b>` + hx(info[0]) + "</b>")
	for _, l := range info[1:] {
		b.WriteString("<br>" + hx(l))
	}
	if !v.Hidden {
		if u, err := export.HandviewerURL(r); err == nil {
			b.WriteString(`<br><a class="hv" href="` + html.EscapeString(u) + `">handviewer</a>`)
		}
	}
	b.WriteString("</div>\n")
	for _, s := range htmlOrder {
		writeHandHTML(b, r, s, v.Hands[s], v.style())
		if s == model.West {
			b.WriteString(`<div class="box">`)
			for _, bs := range htmlOrder {
				b.WriteString(`<span class="b` + seatClass[bs] + `">` + hx(v.Box[bs]))
				if v.HCP[bs] >= 0 {
					b.WriteString("<small>" + strconv.Itoa(v.HCP[bs]) + "</small>")
				}
				b.WriteString("</span>")
			}
			b.WriteString("</div>\n")
		}
	}
	if res := v.resultLines(); len(res) > 0 {
		b.WriteString(`<div class="res">`)
		for i, l := range res {
			if i > 0 {
				b.WriteString("<br>")
			}
			b.WriteString(hx(l))
		}
		b.WriteString("</div>\n")
	}
	switch {
	case v.DD != nil && ddUnder: // under South, a row of the deal's grid
		writeDDHTML(b, v, " under")
	case v.DD != nil:
		writeDDHTML(b, v, "")
	}
	b.WriteString("</div>\n")
}

// writeHandHTML writes seat s's hand h: its label and, when known, a
// line a suit, with the hand in PBN in data-hand.
func writeHandHTML(b *strings.Builder, r *model.Record, s model.Seat, h handView, st Style) {
	b.WriteString(`<div class="hand ` + seatClass[s] + `" data-seat="` + s.String() + `"`)
	if h.Known {
		b.WriteString(` data-hand="` + r.Deal.Hands[s].PBN() + `"`)
	}
	b.WriteString(`><div class="who">` + hx(h.Label) + "</div>")
	if h.Known {
		for i, su := range model.SuitsDown {
			b.WriteString("<div>" + hx(st.suit(su)) + " " + hx(h.Suits[i]) + "</div>")
		}
	}
	b.WriteString("</div>\n")
}

// writeTableHTML writes a table of class class: a row of heads, then
// the rows of cells.
func writeTableHTML(b *strings.Builder, class string, head []string, rows [][]string) {
	b.WriteString(`<table class="` + class + `"><tr>`)
	for _, h := range head {
		b.WriteString("<th>" + hx(h) + "</th>")
	}
	b.WriteString("</tr>\n")
	for _, row := range rows {
		b.WriteString("<tr>")
		for _, c := range row {
			b.WriteString("<td>" + hx(c) + "</td>")
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</table>\n")
}

// writePlayHTML writes the play: its commentary, the trick table with
// each trick's winning card marked, and the claim and footnotes.
func writePlayHTML(b *strings.Builder, p *playView) {
	writeCommentsHTML(b, p.Comments)
	b.WriteString(`<table class="tricks"><tr><th>Trick</th><th>Lead</th>`)
	for _, h := range p.Head {
		b.WriteString("<th>" + hx(h) + "</th>")
	}
	b.WriteString("<th>" + hx(p.Sides[0]) + "</th><th>" + hx(p.Sides[1]) + "</th></tr>\n")
	for _, row := range p.Rows {
		b.WriteString(`<tr><td class="n">` + strconv.Itoa(row.N) + "</td><td>" + hx(row.Leader) + "</td>")
		for i, c := range row.Cards {
			if i == row.Win {
				b.WriteString(`<td class="win">`)
			} else {
				b.WriteString("<td>")
			}
			b.WriteString(hx(c) + "</td>")
		}
		b.WriteString(`<td class="c">` + row.Count[0] + `</td><td class="c">` + row.Count[1] + "</td></tr>\n")
	}
	b.WriteString("</table>\n")
	notes := p.Notes
	if p.Claim != "" {
		notes = append([]string{p.Claim}, notes...)
	}
	writeNotesHTML(b, notes)
}

func writeNotesHTML(b *strings.Builder, notes []string) {
	if len(notes) == 0 {
		return
	}
	b.WriteString(`<div class="notes">`)
	for _, n := range notes {
		b.WriteString("<p>" + hx(n) + "</p>")
	}
	b.WriteString("</div>\n")
}
