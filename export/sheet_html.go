package export

import (
	"bufio"
	"html"
	"io"
	"strconv"
	"strings"

	"handrec/model"
)

// HTMLSheet is the deal sheet as one self-contained HTML file: the style
// inline, nothing fetched, print CSS that sets the paper, breaks the page
// after every PerPage boards and never inside a board, and red hearts and
// diamonds. Each board is a <section class="board" data-board="N">; each
// hand a <div class="hand" data-seat="N" data-hand="PBN hand">, so that
// tests and scripts can find them.
type HTMLSheet struct {
	w   *bufio.Writer
	opt SheetOptions
	n   int
	b   strings.Builder
}

// NewHTMLSheet writes an HTML deal sheet to w.
func NewHTMLSheet(w io.Writer, opt SheetOptions) *HTMLSheet {
	return &HTMLSheet{w: bufio.NewWriterSize(w, 64<<10), opt: opt}
}

const sheetCSS = `*{box-sizing:border-box}
body{font-family:"DejaVu Sans","Segoe UI Symbol","Arial Unicode MS",Arial,sans-serif;font-size:9pt;color:#000;margin:0}
h1{font-size:11pt;margin:0 0 3mm;grid-column:1/-1}
.page{display:grid;grid-template-columns:repeat(var(--cols),1fr);gap:5mm 6mm;align-content:start;break-after:page}
.page:last-child{break-after:auto}
.board{break-inside:avoid;page-break-inside:avoid;border:.3mm solid #888;padding:2.5mm 3mm;overflow-wrap:anywhere;min-width:0}
.deal{display:grid;grid-template-columns:max-content max-content max-content;grid-template-areas:"info n ." "w box e" ". s res";gap:1mm 3mm;align-items:center}
.info{grid-area:info;align-self:start}.info b{font-size:10pt}
.hand.n{grid-area:n}.hand.w{grid-area:w}.hand.e{grid-area:e}.hand.s{grid-area:s}
.res{grid-area:res;align-self:end}
.who{font-style:italic}
.box{grid-area:box;justify-self:center;width:18mm;height:18mm;border:.3mm solid #444;display:grid;grid-template:repeat(3,1fr)/repeat(3,1fr);place-items:center;font-size:7.5pt;background:#f2f2f2}
.box .bn{grid-area:1/2}.box .bw{grid-area:2/1}.box .be{grid-area:2/3}.box .bs{grid-area:3/2}
.box span{white-space:nowrap}.box small{font-size:6pt;margin:0 .3mm}.box .bn small,.box .bs small{display:block;text-align:center}.box .bs{display:flex;flex-direction:column-reverse}.box .be{display:flex;flex-direction:row-reverse}
.h,.d{color:#c00}
table{border-collapse:collapse;margin-top:2mm}
th{font-weight:normal;font-style:italic;text-align:left;padding:0 2.5mm 0 0}
td{padding:0 2.5mm 0 0;white-space:nowrap}
.tricks td.n,.tricks td.c{text-align:right}
.tricks td.win{font-weight:bold;text-decoration:underline}
.dd td,.dd th{text-align:right;padding:0 0 0 2.5mm}.dd td:first-child,.dd th:first-child{text-align:left;padding:0}
.traveller{font-size:8pt}.traveller caption{text-align:left;font-style:italic}.traveller .r{text-align:right}
.notes{font-size:8pt;margin:1mm 0 0}
.notes p,.comment{margin:.8mm 0}
.comment{font-size:8.5pt}
@media screen{body{background:#ddd}.page{background:#fff;margin:5mm auto;padding:10mm}}
`

func (s *HTMLSheet) begin() {
	p := s.opt.paper()
	// the page, and the printed area: less the margins and 2mm to spare
	size, width, pw, height := "A4", "210mm", "184mm", "271mm"
	if p == "letter" {
		size, width, pw, height = "letter", "8.5in", "189mm", "253mm"
	}
	rows := "repeat(" + strconv.Itoa(s.opt.rows()) + ",1fr)" // the boards fill the page as in the PDF
	if s.opt.Title != "" {
		rows = "auto " + rows
	}
	title := s.opt.Title
	if title == "" {
		title = "Deal sheet"
	}
	s.w.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
	s.w.WriteString(html.EscapeString(title))
	s.w.WriteString("</title>\n<style>\n@page{size:" + size + ";margin:12mm}\n:root{--cols:" + strconv.Itoa(s.opt.columns()) + "}\n")
	s.w.WriteString(sheetCSS)
	s.w.WriteString("@media screen{.page{width:" + width + "}}\n")
	s.w.WriteString("@media print{.page{width:" + pw + ";min-height:" + height + ";grid-template-rows:" + rows + "}}\n")
	s.w.WriteString("</style>\n</head>\n<body>\n")
}

// Add writes the next board, opening a page when the last is full.
func (s *HTMLSheet) Add(r *model.Record) error {
	if s.n == 0 {
		s.begin()
	}
	if s.n%s.opt.perPage() == 0 {
		if s.n > 0 {
			s.w.WriteString("</div>\n")
		}
		s.w.WriteString("<div class=\"page\">\n")
		if s.opt.Title != "" {
			s.w.WriteString("<h1>" + html.EscapeString(s.opt.Title) + "</h1>\n")
		}
	}
	s.n++
	s.b.Reset()
	writeBoardHTML(&s.b, r, s.opt.view(r))
	_, err := s.w.WriteString(s.b.String())
	return err
}

// Close ends the document and flushes it.
func (s *HTMLSheet) Close() error {
	if s.n == 0 {
		s.begin()
	} else {
		s.w.WriteString("</div>\n")
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
// commentary.
func writeBoardHTML(b *strings.Builder, r *model.Record, v *boardView) {
	b.WriteString(`<section class="board" data-board="` + strconv.Itoa(r.Board) + `">` + "\n")
	writeCommentsHTML(b, v.Before)
	writeDealHTML(b, r, v)
	writeCommentsHTML(b, v.After)
	if a := v.Auction; a != nil {
		writeCommentsHTML(b, a.Comments)
		writeTableHTML(b, "auction", a.Head[:], a.rowCells())
		writeNotesHTML(b, a.Notes)
	}
	if v.Play != nil {
		writePlayHTML(b, v.Play)
	}
	if dd := v.DD; dd != nil {
		head, rows := ddCells(dd, v.style())
		writeTableHTML(b, "dd", head, rows)
		if dd.Par != "" {
			b.WriteString(`<div class="notes">Par ` + hx(dd.Par) + "</div>\n")
		}
	}
	for _, tv := range v.Travel {
		writeTravellerHTML(b, tv)
	}
	writeCommentsHTML(b, v.End)
	b.WriteString("</section>\n")
}

// writeTravellerHTML writes a traveller: a table of every table's result,
// its flush-right columns of class r.
func writeTravellerHTML(b *strings.Builder, tv *travellerView) {
	b.WriteString(`<table class="traveller"><caption>Traveller</caption><tr>`)
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
	b.WriteString("</tr>\n")
	for _, row := range tv.Rows {
		b.WriteString("<tr>")
		for i, c := range row {
			cell("td", c, i)
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</table>\n")
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
// and lead, each in its area of the deal's grid.
func writeDealHTML(b *strings.Builder, r *model.Record, v *boardView) {
	info := v.infoLines()
	b.WriteString(`<div class="deal">` + "\n" + `<div class="info"><b>` + hx(info[0]) + "</b>")
	for _, l := range info[1:] {
		b.WriteString("<br>" + hx(l))
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
