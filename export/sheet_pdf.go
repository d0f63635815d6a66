package export

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"codeberg.org/go-pdf/fpdf"
	"github.com/go-fonts/dejavu/dejavusans"
	"github.com/go-fonts/dejavu/dejavusansbold"

	"handrec/model"
)

// PDFSheet is the deal sheet as PDF, set in DejaVu Sans (embedded, and
// subset to the characters used), which has the suit symbols. The page
// is divided into PerPage equal frames, in rows of two (one when PerPage
// is 1), that fill it; each board is drawn in its frame, set smaller when
// it would not fit (a long commentary), so that a board is never split
// and never runs over the next.
//
// The PDF library (go-pdf/fpdf) keeps every page's content, uncompressed,
// until it writes its file, and builds the whole file in memory: about
// 3 kB a board (12 kB with --result --auction --play). So the sheet is
// made in parts of pdfPartPages pages, each written out and joined to the
// file (pdfJoin) as soon as it is full: the memory holds one part, and
// an offset an object and a number a page for the end.
type PDFSheet struct {
	w    *pdfJoin
	opt  SheetOptions
	f    *fpdf.Fpdf // the part being drawn
	m    *fpdf.Fpdf // measures text, so that drawing keeps its font
	size paperSize
	top  float64 // top of the first row of frames
	on   int     // boards on the current page
	meas map[measureKey]float64
	font fontState  // what the page's content last selected
	miss pdfMissing // characters the font has no glyph for, drawn as U+FFFD
}

// fontState is the font last selected in the page's content, so that
// drawing selects one only when it changes: fpdf writes a selection (60
// bytes) at every SetFont, and keeps every page's content until Close.
// The zero value selects nothing, so the next text selects its font.
type fontState struct {
	size float64
	bold bool
}

// Page geometry, in millimetres, and type sizes, in points.
const (
	pdfMargin   = 12.0
	pdfGap      = 5.0 // between boards
	pdfPad      = 2.5 // inside a board's frame
	pdfSize     = 8.5 // hands, tables
	pdfSmall    = 7.5 // footnotes, compass letters
	pdfLine     = 3.6 // line height at pdfSize
	pdfLineS    = 3.2 // line height at pdfSmall
	pdfTitle    = 11.0
	pdfColGap   = 2.5 // between table columns
	pdfHandGap  = 3.0 // between the diagram's columns
	pdfBoxWidth = 16.0
	pdfHCP      = 6.0  // high-card points in the compass
	pdfMaxZoom  = 1.4  // the most a board is enlarged to fill its frame
	pdfMaxGap   = 12.0 // the most spare height put between two parts of a board, mm
	ptToMM      = 25.4 / 72
)

// pdfPartPages is the pages of a part: the memory holds one part's
// content (up to 40 kB a page uncompressed), and each part embeds the
// fonts' subsets for its own pages (about 30 kB).
var pdfPartPages = 200

// NewPDFSheet writes a PDF deal sheet to w, part by part.
func NewPDFSheet(w io.Writer, opt SheetOptions) *PDFSheet {
	size := papers[opt.paper()]
	s := &PDFSheet{w: newPDFJoin(w), opt: opt, m: newFpdf(size), size: size, meas: map[measureKey]float64{}, miss: pdfMissing{}}
	s.f = s.newPart()
	return s
}

// newPart is an empty document for the next pages.
func (s *PDFSheet) newPart() *fpdf.Fpdf {
	f := newFpdf(s.size)
	f.SetCompression(true)
	f.SetCatalogSort(true) // fonts in a fixed order: the same sheet, the same bytes
	f.SetAutoPageBreak(false, 0)
	f.SetMargins(pdfMargin, pdfMargin, pdfMargin)
	f.SetCreator("handrec", true)
	f.SetCreationDate(time.Unix(0, 0).UTC())
	f.SetModificationDate(time.Unix(0, 0).UTC())
	if s.opt.Title != "" {
		f.SetTitle(bmpText(s.opt.Title), true)
	}
	return f
}

// flushPart writes the part drawn so far to the file.
func (s *PDFSheet) flushPart() error {
	var part bytes.Buffer
	if err := s.f.Output(&part); err != nil {
		return err
	}
	return s.w.add(part.Bytes())
}

func newFpdf(size paperSize) *fpdf.Fpdf {
	f := fpdf.NewCustom(&fpdf.InitType{OrientationStr: "P", UnitStr: "mm", Size: fpdf.SizeType{Wd: size.w, Ht: size.h}})
	f.AddUTF8FontFromBytes("dejavu", "", dejavusans.TTF)
	f.AddUTF8FontFromBytes("dejavu", "B", dejavusansbold.TTF)
	return f
}

// Add lays out the next board and draws it in the next frame.
func (s *PDFSheet) Add(r *model.Record) error {
	if s.f.Err() {
		return s.f.Error()
	}
	b := s.layout(s.opt.view(r))
	if s.f.PageNo() == 0 || s.on == s.opt.perPage() {
		s.newPage()
	}
	x, y, w, h := s.frame(s.on)
	s.draw(b, x, y, w, h)
	s.on++
	return s.f.Error()
}

// Replaced names the characters DejaVu Sans has no glyph for, drawn as
// U+FFFD, with how often each was met; "" when there were none.
func (s *PDFSheet) Replaced() string { return s.miss.String() }

// Close writes the last part and ends the PDF.
func (s *PDFSheet) Close() error {
	if s.f.PageNo() == 0 {
		s.newPage()
	}
	if err := s.flushPart(); err != nil {
		return err
	}
	return s.w.close()
}

func (s *PDFSheet) colWidth() float64 {
	n := float64(s.opt.columns())
	return (s.size.w - 2*pdfMargin - (n-1)*pdfGap) / n
}

// frame is the i'th frame of a page: its top left corner, width and
// height. The frames fill the page below the title, left to right, then
// top down.
func (s *PDFSheet) frame(i int) (x, y, w, h float64) {
	cols, rows := s.opt.columns(), s.opt.rows()
	w = s.colWidth()
	h = (s.size.h - pdfMargin - s.top - float64(rows-1)*pdfGap) / float64(rows)
	x = pdfMargin + float64(i%cols)*(w+pdfGap)
	y = s.top + float64(i/cols)*(h+pdfGap)
	return x, y, w, h
}

func (s *PDFSheet) newPage() {
	if s.f.PageNo() == pdfPartPages {
		if err := s.flushPart(); err != nil {
			s.f.SetError(err)
			return
		}
		s.f = s.newPart()
	}
	s.f.AddPage()
	s.top = pdfMargin
	s.on = 0
	if s.opt.Title != "" {
		s.f.SetFont("dejavu", "B", pdfTitle)
		s.f.SetTextColor(0, 0, 0)
		s.f.Text(pdfMargin, s.top+pdfTitle*ptToMM, drawable(s.opt.Title, s.miss))
		s.top += pdfTitle*ptToMM + 4
	}
}

// pdfOp is one thing drawn on a board, at a position relative to the
// board's top left corner: text (baseline at y), or a rule or frame.
type pdfOp struct {
	x, y, w, h float64
	text       string
	size       float64
	bold       bool
	under      bool
	rect       bool
	// part is the board's part (commentary, diagram, auction, ...) the op
	// belongs to, counted from 0: spare height goes between parts.
	part int
}

// pdfBoard is a board laid out: what to draw, its width and its height.
type pdfBoard struct {
	ops   []pdfOp
	w, h  float64
	parts int
}

type measureKey struct {
	s    string
	bold bool
}

// width is the width of s at size points, in millimetres.
func (s *PDFSheet) width(t string, size float64, bold bool) float64 {
	k := measureKey{t, bold}
	w, ok := s.meas[k]
	if !ok {
		style := ""
		if bold {
			style = "B"
		}
		s.m.SetFont("dejavu", style, 10)
		w = s.m.GetStringWidth(drawable(t, nil)) / 10
		if len(s.meas) < 1<<16 {
			s.meas[k] = w
		}
	}
	return w * size
}

// pen lays out a board's ops from the top down.
type pen struct {
	s    *PDFSheet
	b    *pdfBoard
	y    float64 // top of the next line
	max  float64 // width available for text
	part int     // the board's part being laid out
}

func (p *pen) text(x, baseline float64, t string, size float64, bold bool) {
	if t != "" {
		p.b.ops = append(p.b.ops, pdfOp{x: x, y: baseline, text: t, size: size, bold: bold, part: p.part})
	}
}

// para writes wrapped text at size across the board.
func (p *pen) para(t string, size, lh float64) {
	for _, line := range p.wrap(t, size) {
		p.y += lh
		p.text(pdfPad, p.y-0.8, line, size, false)
	}
	p.y += 0.8
}

// wrap breaks t into lines no wider than the board at blanks, and a
// word wider than the board (a URL) within it.
func (p *pen) wrap(t string, size float64) []string {
	var out []string
	var cur string
	for _, word := range strings.Fields(t) {
		if p.s.width(word, size, false) > p.max {
			pieces := p.breakWord(word, size)
			word = pieces[len(pieces)-1]
			if cur != "" {
				out = append(out, cur)
			}
			out = append(out, pieces[:len(pieces)-1]...)
			cur = word
			continue
		}
		next := word
		if cur != "" {
			next = cur + " " + word
		}
		if cur != "" && p.s.width(next, size, false) > p.max {
			out = append(out, cur)
			cur = word
			continue
		}
		cur = next
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}

// breakWord breaks a word wider than the board into pieces that fit,
// after a slash, hyphen, dot, ampersand, question mark or equals sign
// when one is at hand (as URLs break), else anywhere.
func (p *pen) breakWord(word string, size float64) []string {
	var out []string
	start, brk := 0, -1 // the piece's start, and the byte after its last break mark
	w := 0.0
	for i, r := range word {
		rw := p.s.width(string(r), size, false)
		if w+rw > p.max && i > start {
			cut := i
			if brk > start {
				cut = brk
			}
			out = append(out, word[start:cut])
			start, brk = cut, -1
			w = p.s.width(word[start:i], size, false)
		}
		w += rw
		if strings.ContainsRune("/-.&?=_", r) {
			brk = i + utf8.RuneLen(r)
		}
	}
	return append(out, word[start:])
}

// table writes rows of cells in columns as wide as their widest cell;
// right holds the columns set flush right, win the column of each row's
// cell to embolden and underline (-1 for none). A table wider than the
// board is set smaller, so that it fits.
func (p *pen) table(head []string, rows [][]string, right map[int]bool, win []int) {
	ws := p.columnWidths(head, rows, pdfSize)
	total := pdfColGap * float64(len(ws)-1)
	for _, w := range ws {
		total += w
	}
	size, gap, lh := pdfSize, pdfColGap, pdfLine
	if total > p.max {
		k := p.max / total
		size, gap, lh = size*k, gap*k, lh*max(k, 0.75)
		for i := range ws {
			ws[i] *= k
		}
	}
	line := func(cells []string, w int) {
		p.y += lh
		x := pdfPad
		for i, c := range cells {
			cx := x
			if right[i] {
				cx = x + ws[i] - p.s.width(c, size, i == w)
			}
			if i == w {
				p.b.ops = append(p.b.ops, pdfOp{x: cx, y: p.y - 0.8, text: c, size: size, bold: true, under: true, part: p.part})
			} else {
				p.text(cx, p.y-0.8, c, size, false)
			}
			x += ws[i] + gap
		}
	}
	p.y += 1
	line(head, -1)
	for i, r := range rows {
		w := -1
		if win != nil {
			w = win[i]
		}
		line(r, w)
	}
}

// columnWidths is the width of each column of a table at size: its
// widest cell, measured in bold (a marked card is bold).
func (p *pen) columnWidths(head []string, rows [][]string, size float64) []float64 {
	ws := make([]float64, len(head))
	for i, h := range head {
		ws[i] = p.s.width(h, size, false)
	}
	for _, r := range rows {
		for i, c := range r {
			if c != allPass && i < len(ws) {
				ws[i] = max(ws[i], p.s.width(c, size, true))
			}
		}
	}
	return ws
}

func (p *pen) notes(notes []string) {
	for _, n := range notes {
		p.para(n, pdfSmall, pdfLineS)
	}
}

// layout lays out one board in a column of the page: the diagram, the
// auction, the play and the double-dummy table, each with its commentary.
func (s *PDFSheet) layout(v *boardView) *pdfBoard {
	b := &pdfBoard{}
	p := &pen{s: s, b: b, y: pdfPad, max: s.colWidth() - 2*pdfPad}
	p.parts(func() { p.paras(v.Before) }, func() { p.diagram(v) }, func() { p.paras(v.After) })
	if v.Auction != nil {
		p.parts(func() { p.auction(v.Auction) })
	}
	if v.Play != nil {
		p.parts(func() { p.play(v.Play) })
	}
	if v.DD != nil {
		p.parts(func() { p.ddTable(v.DD, v.style()) })
	}
	for _, tv := range v.Travel {
		p.parts(func() { p.traveller(tv) })
	}
	p.parts(func() { p.paras(v.End) })
	b.h = p.y + pdfPad
	b.parts = p.part
	for _, op := range b.ops {
		b.w = max(b.w, op.x+op.w+s.width(op.text, op.size, op.bold)+pdfPad)
	}
	return b
}

// parts lays out each part of a board in turn; a part that draws nothing
// is not counted.
func (p *pen) parts(fs ...func()) {
	for _, f := range fs {
		n := len(p.b.ops)
		f()
		if len(p.b.ops) > n {
			p.part++
		}
	}
}

// paras writes paragraphs of commentary across the board.
func (p *pen) paras(ts []string) {
	for _, t := range ts {
		p.para(t, pdfSize, pdfLine)
	}
}

// diagram lays out the deal in three bands of five lines, as in the text
// form: the board's title, dealer and vulnerability, and North; West, the
// compass and East; South, and the contract, result and lead.
func (p *pen) diagram(v *boardView) {
	st := v.style()
	north, east := handLines(v.Hands[model.North], st), handLines(v.Hands[model.East], st)
	south, west := handLines(v.Hands[model.South], st), handLines(v.Hands[model.West], st)
	info, res := v.infoLines(), v.resultLines()
	x1 := pdfPad + max(p.widest(west, false), p.widest(info, true)) + pdfHandGap
	x2 := x1 + pdfBoxWidth + pdfHandGap
	x3 := max(x2, x1+p.widest(south, false)+pdfHandGap)
	top := p.y
	p.band(pdfPad, info, top, true)
	p.band(x1, north, top, false)
	mid := top + 5*pdfLine
	p.band(pdfPad, west, mid, false)
	p.band(x2, east, mid, false)
	p.compass(x1, mid+0.8, v.Box, v.HCP)
	bot := mid + 5*pdfLine
	p.band(x1, south, bot, false)
	p.band(x3, res, bot+float64(5-len(res))*pdfLine, false)
	p.y = bot + 5*pdfLine + 1
}

// infoLines are the board's title, and its dealer and vulnerability
// when known.
func (v *boardView) infoLines() []string {
	info := []string{v.Title}
	if v.Dealer != "" {
		info = append(info, "Dealer "+v.Dealer)
	}
	if v.Vul != "" {
		info = append(info, "Vul "+v.Vul)
	}
	if v.Room != "" {
		info = append(info, v.Room)
	}
	return info
}

// resultLines are the contract, the result and the lead, those shown.
func (v *boardView) resultLines() []string {
	var res []string
	for _, t := range []string{v.Contract, v.Result} {
		if t != "" {
			res = append(res, t)
		}
	}
	if v.Lead != "" {
		res = append(res, "Lead "+v.Lead)
	}
	return res
}

// widest is the width of the widest of lines, the first in bold when
// bold0.
func (p *pen) widest(lines []string, bold0 bool) float64 {
	w := 0.0
	for i, l := range lines {
		w = max(w, p.s.width(l, pdfSize, bold0 && i == 0))
	}
	return w
}

// band writes lines at x, from the line below top down; the first in
// bold when bold0.
func (p *pen) band(x float64, lines []string, top float64, bold0 bool) {
	for i, l := range lines {
		p.text(x, top+float64(i+1)*pdfLine-0.8, l, pdfSize, bold0 && i == 0)
	}
}

// compass draws the square between the hands, its top left corner at
// (x, top), with the seat letters box and, inside them, each known
// hand's high-card points.
func (p *pen) compass(x, top float64, box [4]string, hcp [4]int) {
	const w, hs = pdfBoxWidth, pdfHCP
	p.b.ops = append(p.b.ops, pdfOp{x: x, y: top, w: w, h: w, rect: true, part: p.part})
	c := x + w/2
	at := func(x, y float64, t string, size float64) {
		p.text(x-p.s.width(t, size, false)/2, y, t, size, false)
	}
	pts := func(s model.Seat) string {
		if hcp[s] < 0 {
			return ""
		}
		return strconv.Itoa(hcp[s])
	}
	at(c, top+3.2, box[model.North], pdfSmall)
	at(c, top+6, pts(model.North), hs)
	at(c, top+w-4.2, pts(model.South), hs)
	at(c, top+w-1.2, box[model.South], pdfSmall)
	at(x+2.2, top+w/2+1, box[model.West], pdfSmall)
	at(x+5.4, top+w/2+0.9, pts(model.West), hs)
	at(x+w-5.4, top+w/2+0.9, pts(model.East), hs)
	at(x+w-2.2, top+w/2+1, box[model.East], pdfSmall)
}

// auction lays out the auction: its commentary, the table of calls and
// the footnotes.
func (p *pen) auction(a *auctionView) {
	p.paras(a.Comments)
	p.table(a.Head[:], a.rowCells(), nil, nil)
	p.y += 0.5
	p.notes(a.Notes)
}

// rowCells is the auction's rows as rows of cells.
func (a *auctionView) rowCells() [][]string {
	rows := make([][]string, len(a.Rows))
	for i := range a.Rows {
		rows[i] = a.Rows[i][:]
	}
	return rows
}

// play lays out the play: its commentary, the trick table with each
// trick's winning card marked, the claim and the footnotes.
func (p *pen) play(pl *playView) {
	p.paras(pl.Comments)
	head := append([]string{"Trick", "Lead"}, pl.Head[:]...)
	head = append(head, pl.Sides[:]...)
	rows := make([][]string, len(pl.Rows))
	win := make([]int, len(pl.Rows))
	for i, r := range pl.Rows {
		row := append([]string{strconv.Itoa(r.N), r.Leader}, r.Cards[:]...)
		rows[i] = append(row, r.Count[:]...)
		win[i] = -1
		if r.Win >= 0 {
			win[i] = r.Win + 2
		}
	}
	p.table(head, rows, map[int]bool{0: true, 6: true, 7: true}, win)
	p.y += 0.5
	if pl.Claim != "" {
		p.notes([]string{pl.Claim})
	}
	p.notes(pl.Notes)
}

// ddTable lays out the double-dummy table, the tricks flush right, and
// the par.
func (p *pen) ddTable(dd *ddView, st Style) {
	head, rows := ddCells(dd, st)
	p.table(head, rows, map[int]bool{1: true, 2: true, 3: true, 4: true, 5: true}, nil)
	p.y += 0.5
	if dd.Par != "" {
		p.notes([]string{"Par " + dd.Par})
	}
}

// ddCells is the double-dummy table as cells: a head of "DD" and the
// strains, and a row a declarer, "–" where the record does not say.
func ddCells(dd *ddView, st Style) (head []string, rows [][]string) {
	head = []string{"DD"}
	for _, str := range model.DDStrains {
		head = append(head, st.strain(str))
	}
	for _, seat := range dd.Rows {
		row := []string{st.seatLetter(seat)}
		for _, str := range model.DDStrains {
			t := "–"
			if n := dd.Tricks[seat][str]; n >= 0 {
				t = strconv.Itoa(n)
			}
			row = append(row, t)
		}
		rows = append(rows, row)
	}
	return head, rows
}

// draw puts a laid-out board on the page in a frame w by h at (x, y),
// scaled down to fit when it is taller than the frame, and up (to at
// most pdfMaxZoom) to fill it when it is smaller. A board held back by its
// width spreads the height it leaves between its parts (at most pdfMaxGap
// each), so that the frame is filled down to its foot.
func (s *PDFSheet) draw(b *pdfBoard, x, y, w, h float64) {
	f := s.f
	f.SetDrawColor(136, 136, 136)
	f.SetLineWidth(0.3)
	f.Rect(x, y, w, h, "D")
	f.SetDrawColor(0, 0, 0)
	k := min(h/b.h, w/b.w, pdfMaxZoom)
	if k < 0.99 || k > 1.01 {
		f.TransformBegin()
		f.TransformScale(100*k, 100*k, x, y)
		defer f.TransformEnd()
	}
	gap := 0.0
	if spare := h/k - b.h; spare > 0 && b.parts > 1 {
		gap = min(spare/float64(b.parts-1), pdfMaxGap)
	}
	s.drawOps(b, x, y, gap)
	f.SetTextColor(0, 0, 0)
}

// drawOps draws a board's ops from (x, y), each part gap lower than the
// one before. The board's scaling is a saved graphics state, which the
// font selection is part of: a board selects its first font anew.
func (s *PDFSheet) drawOps(b *pdfBoard, x, y, gap float64) {
	f := s.f
	s.font = fontState{}
	for _, op := range b.ops {
		oy := y + op.y + gap*float64(op.part)
		if op.rect {
			f.SetFillColor(242, 242, 242)
			f.SetDrawColor(68, 68, 68)
			f.Rect(x+op.x, oy, op.w, op.h, "DF")
			// Black text, when text and fill colours differ, is wrapped
			// in its own colour setting each time.
			f.SetFillColor(0, 0, 0)
			continue
		}
		s.setFont(op.size, op.bold)
		s.colouredText(x+op.x, oy, op.text, op.size, op.bold)
		if op.under {
			f.SetLineWidth(0.2)
			f.SetDrawColor(0, 0, 0)
			u := oy + 0.7
			f.Line(x+op.x, u, x+op.x+s.width(op.text, op.size, op.bold), u)
		}
	}
}

// setFont selects DejaVu Sans at size, bold or not, unless the page's
// content has it selected already.
func (s *PDFSheet) setFont(size float64, bold bool) {
	if s.font == (fontState{size, bold}) {
		return
	}
	style := ""
	if bold {
		style = "B"
	}
	s.f.SetFont("dejavu", style, size)
	s.font = fontState{size, bold}
}

// colouredText writes t with its hearts and diamonds in red.
func (s *PDFSheet) colouredText(x, y float64, t string, size float64, bold bool) {
	f := s.f
	t = drawable(t, s.miss)
	if !strings.ContainsAny(t, "♥♦") {
		f.SetTextColor(0, 0, 0)
		f.Text(x, y, t)
		return
	}
	for t != "" {
		i := strings.IndexAny(t, "♥♦")
		switch {
		case i < 0:
			i = len(t)
		case i == 0:
			_, n := utf8.DecodeRuneInString(t)
			f.SetTextColor(204, 0, 0)
			f.Text(x, y, t[:n])
			x += s.width(t[:n], size, bold)
			t = t[n:]
			continue
		}
		f.SetTextColor(0, 0, 0)
		f.Text(x, y, t[:i])
		x += s.width(t[:i], size, bold)
		t = t[i:]
	}
}

// traveller lays out a traveller under its heading, its flush-right
// columns as the record sets them.
func (p *pen) traveller(tv *travellerView) {
	p.y += 1
	p.para("Traveller", pdfSmall, pdfLineS)
	right := map[int]bool{}
	for i, r := range tv.Right {
		right[i] = r
	}
	p.table(tv.Head, tv.Rows, right, nil)
	p.y += 0.5
}
