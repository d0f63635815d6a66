package render

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
	"github.com/go-fonts/dejavu/dejavusansmono"

	"handrec/model"
)

// PDFSheet is the deal sheet as PDF, set in DejaVu Sans (embedded, and
// subset to the characters used), which has the suit symbols. The boards
// are put on pages by sheetLayout: each as tall as its content, a page
// holding as many as fit, up to PerPage, enlarged together to use the
// page; every page has a running head (the title, else the event, site
// and date of its first board) and "page 3 of 12" at its foot.
//
// The PDF library (go-pdf/fpdf) keeps every page's content, uncompressed,
// until it writes its file, and builds the whole file in memory: about
// 3 kB a board (12 kB with --result --auction --play). So the sheet is
// made in parts of pdfPartPages pages, each written out and joined to the
// file (pdfJoin) as soon as it is full: the memory holds one part, and
// an offset an object and a number a page for the end. The number of
// pages, which every page's foot gives, is known only then: it is drawn
// by one small form the join writes last and every page shows.
type PDFSheet struct {
	w    *pdfJoin
	opt  SheetOptions
	l    *sheetLayout // measures
	sp   *sheetPager
	n    int        // pages drawn
	f    *fpdf.Fpdf // the part being drawn
	size paperSize
	font fontState  // what the page's content last selected
	miss pdfMissing // characters the font has no glyph for, drawn as U+FFFD
}

// fontState is the font last selected in the page's content, so that
// drawing selects one only when it changes: fpdf writes a selection (60
// bytes) at every SetFont, and keeps every page's content until Close.
// The zero value selects nothing, so the next text selects its font.
type fontState struct {
	size       float64
	bold, mono bool
}

// Page geometry, in millimetres, and type sizes, in points. No text is
// set smaller than 7 points.
const (
	pdfMargin   = 12.0
	pdfGap      = 5.0 // between boards
	pdfPad      = 2.5 // inside a board's frame
	pdfSize     = 8.5 // hands, tables
	pdfSmall    = 7.5 // footnotes, compass letters, the DD table
	pdfLine     = 3.6 // line height at pdfSize
	pdfLineS    = 3.2 // line height at pdfSmall
	pdfMinSize  = 7.0 // the least size any text is set at
	pdfColGap   = 2.5 // between table columns
	pdfDDGap    = 1.6 // between the DD table's columns
	pdfHandGap  = 3.0 // between the diagram's columns
	pdfBoxWidth = 17.0
	pdfHCP      = 7.0 // high-card points in the compass
	ptToMM      = 25.4 / 72
)

// pdfPartPages is the pages of a part: the memory holds one part's
// content (up to 40 kB a page uncompressed), and each part embeds the
// fonts' subsets for its own pages (about 30 kB).
var pdfPartPages = 200

// NewPDFSheet writes a PDF deal sheet to w, part by part.
func NewPDFSheet(w io.Writer, opt SheetOptions) *PDFSheet {
	sp := newSheetPager(opt)
	s := &PDFSheet{w: newPDFJoin(w, pdfFootSize), opt: opt, l: sp.l, sp: sp, size: sp.l.size, miss: pdfMissing{}}
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
	f.AddUTF8FontFromBytes("dejavumono", "", dejavusansmono.TTF)
	return f
}

// fontFamily is the family of DejaVu Sans, or of DejaVu Sans Mono.
func fontFamily(mono bool) string {
	if mono {
		return "dejavumono"
	}
	return "dejavu"
}

// Add lays out the next board, and draws the page it closes.
func (s *PDFSheet) Add(r *model.Record) error {
	if s.f.Err() {
		return s.f.Error()
	}
	for _, p := range s.sp.add(r) {
		s.drawPage(p)
	}
	return s.f.Error()
}

// Replaced names the characters DejaVu Sans has no glyph for, drawn as
// U+FFFD, with how often each was met; "" when there were none.
func (s *PDFSheet) Replaced() string { return s.miss.String() }

// Close draws the last page, writes the last part and ends the PDF.
func (s *PDFSheet) Close() error {
	for _, p := range s.sp.flush() {
		s.drawPage(p)
	}
	if s.f.PageNo() == 0 {
		s.newPage("")
	}
	if s.f.Err() {
		return s.f.Error()
	}
	if err := s.flushPart(); err != nil {
		return err
	}
	return s.w.close()
}

// newPage starts the next page with its running head and its foot.
func (s *PDFSheet) newPage(head string) {
	if s.f.PageNo() == pdfPartPages {
		if err := s.flushPart(); err != nil {
			s.f.SetError(err)
			return
		}
		s.f = s.newPart()
	}
	s.f.AddPage()
	s.n++
	s.font = fontState{}
	f := s.f
	f.SetTextColor(0, 0, 0)
	if head != "" {
		s.setFont(pdfHeadSize, true)
		f.Text(pdfMargin, pdfMargin+pdfHeadSize*ptToMM-0.5, drawable(head, s.miss))
	}
	f.SetDrawColor(0, 0, 0)
	f.SetLineWidth(0.2)
	rule := pdfMargin + pdfHeadH - 2
	f.Line(pdfMargin, rule, s.size.w-pdfMargin, rule)
	// "page n of", then the number of pages, which the join draws: a form
	// at the baseline's end, set in the same font.
	foot := "page " + strconv.Itoa(s.n) + " of "
	f.SetFont(pdfTotalFont, "", pdfFootSize)
	s.font = fontState{}
	w := f.GetStringWidth(foot + "00")
	x, y := (s.size.w-w)/2, s.size.h-pdfFootY
	f.Text(x, y, foot)
	x += f.GetStringWidth(foot)
	f.RawWriteStr(s.w.totalRef(x/ptToMM, (s.size.h-y)/ptToMM))
}

// drawPage draws a page of boards, each in its frame; a board taller
// than the page goes on over the pages after it.
func (s *PDFSheet) drawPage(p *sheetPage) {
	if cuts := s.l.cuts(p); cuts != nil {
		s.drawTall(p, cuts)
		return
	}
	s.newPage(p.head)
	for i, b := range p.boards {
		fr := p.frames[i]
		s.draw(b.b, fr.x, fr.y, fr.w, fr.h, p.k, 0, b.b.h)
	}
}

// drawTall draws a board taller than a page over the pages its cuts
// give.
func (s *PDFSheet) drawTall(p *sheetPage, cuts [][2]float64) {
	b, fr := p.boards[0].b, p.frames[0]
	for _, c := range cuts {
		s.newPage(p.head)
		s.draw(b, fr.x, fr.y, fr.w, (c[1]-c[0])*p.k, p.k, c[0], c[1])
	}
}

// pdfOp is one thing drawn on a board, at a position relative to the
// board's top left corner: text (baseline at y), or a rule or frame.
type pdfOp struct {
	x, y, w, h float64
	text       string
	size       float64
	bold       bool
	wrapped    bool // a line of a paragraph, which wraps to the board's width
	group      int  // ops that a board taller than a page is not cut through (the diagram): 0 for none
	mono       bool // in DejaVu Sans Mono: a scoring block's lines
	under      bool
	rect       bool
	hand       int8 // a line of a hand: its seat and 1, so that the HTML of a tall board can mark the hand; 0 for none
}

// top is the top of the op's line or box.
func (op *pdfOp) top() float64 {
	if op.rect {
		return op.y
	}
	return op.y - op.size*ptToMM
}

// bottom is the foot of the op's line or box.
func (op *pdfOp) bottom() float64 {
	if op.rect {
		return op.y + op.h
	}
	return op.y + 0.3*op.size*ptToMM
}

// pdfBoard is a board laid out: what to draw, its width and its height.
type pdfBoard struct {
	ops     []pdfOp
	w, h    float64
	fixedW  float64 // the width of what does not wrap: the diagram, the tables
	ddUnder bool    // the double-dummy table is under the diagram, not beside South
	// glue is where the board opens a gap when its frame is taller than
	// it (spread): between its commentary before and the diagram, between
	// the diagram's three bands, and before each part after it. The ops
	// from each index on move down by gap, which the page's layout sets.
	glue []int
	gap  float64
}

// shows tells whether the part of the board from from to to (all of
// it, but for a board taller than a page) shows op: whether the op's top
// is in it.
func (b *pdfBoard) shows(op *pdfOp, from, to float64) bool {
	t := op.top()
	return t >= from-0.01 && (t < to-0.01 || to >= b.h)
}

// glue marks the place of a gap before what the pen writes next.
func (p *pen) glue() { p.b.glue = append(p.b.glue, len(p.b.ops)) }

// cut is where a board drawn from from may end so that it takes no more
// than to: to itself, or higher, at the top of the first line or box
// that to would cut through.
func (b *pdfBoard) cut(from, to float64) float64 {
	if to >= b.h {
		return b.h
	}
	c := to
	groups := map[int][2]float64{} // each group's top and bottom
	for i := range b.ops {
		op := &b.ops[i]
		if op.top() >= from && op.top() < c && op.bottom() > c {
			c = op.top()
		}
		if g := op.group; g != 0 {
			ex, ok := groups[g]
			if !ok {
				ex = [2]float64{op.top(), op.bottom()}
			}
			groups[g] = [2]float64{min(ex[0], op.top()), max(ex[1], op.bottom())}
		}
	}
	for _, ex := range groups {
		if ex[0] > from+1 && ex[0] < c && ex[1] > c {
			c = ex[0]
		}
	}
	if c <= from+1 { // one line taller than the page: cut it
		return to
	}
	return c
}

// width is the width of s at size points, in millimetres.
func (l *sheetLayout) width(t string, size float64, bold bool) float64 {
	return l.widthIn(t, size, bold, false)
}

// widthIn is the width of s at size points, in millimetres, in DejaVu
// Sans or (mono) DejaVu Sans Mono: the sum of its characters' widths, as
// the PDF library measures a string (it has no kerning), each character
// as drawable draws it.
func (l *sheetLayout) widthIn(t string, size float64, bold, mono bool) float64 {
	face := 0
	if bold {
		face |= 1
	}
	if mono {
		face |= 2
	}
	cw := &l.cw[face]
	n := 0
	for i := 0; i < len(t); {
		r, sz := rune(t[i]), 1
		if r >= utf8.RuneSelf {
			r, sz = utf8.DecodeRuneInString(t[i:])
		}
		i += sz
		n += l.runeWidth(cw, face, r)
	}
	return float64(n) * l.unit[face] / 1000 / 10 * size
}

// runeWidths is a face's characters' widths, in thousandths of its type
// size, by character of the BMP (as drawable leaves them all): kept in
// blocks of 256 characters, filled as they are met, -1 for one not
// measured yet. Where a cache of measured strings grew with the boards a
// sheet holds (to 65,536 strings), this holds a few blocks whatever its
// length.
type runeWidths [256]*[256]int32

// runeWidth is the width of r in face, as the PDF library gives it for
// the character drawable draws for r.
func (l *sheetLayout) runeWidth(cw *runeWidths, face int, r rune) int {
	if !(r >= 0x20 && r < 0x7f) && !pdfGlyphs().has(r) {
		r = pdfReplacement
	}
	blk := cw[r>>8]
	if blk == nil {
		blk = new([256]int32)
		for i := range blk {
			blk[i] = -1
		}
		cw[r>>8] = blk
	}
	if w := blk[r&0xff]; w >= 0 {
		return int(w)
	}
	style := ""
	if face&1 != 0 {
		style = "B"
	}
	l.m.SetFont(fontFamily(face&2 != 0), style, 10)
	_, l.unit[face] = l.m.GetFontSize()
	w := l.m.GetStringSymbolWidth(string(r))
	blk[r&0xff] = int32(w)
	return w
}

// pen lays out a board's ops from the top down.
type pen struct {
	s      *sheetLayout
	b      *pdfBoard
	y      float64 // top of the next line
	max    float64 // width available for text
	ddDown bool    // the double-dummy table goes under the diagram, wherever it fits
}

func (p *pen) text(x, baseline float64, t string, size float64, bold bool) {
	if t != "" {
		p.b.ops = append(p.b.ops, pdfOp{x: x, y: baseline, text: t, size: size, bold: bold})
	}
}

// para writes wrapped text at size across the board.
func (p *pen) para(t string, size, lh float64) {
	for _, line := range p.wrap(t, size) {
		p.y += lh
		p.text(pdfPad, p.y-0.8, line, size, false)
		p.b.ops[len(p.b.ops)-1].wrapped = true
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

// tableStyle is a table's type size, line height and column gap.
type tableStyle struct{ size, lh, gap float64 }

var (
	bodyTable = tableStyle{pdfSize, pdfLine, pdfColGap}
	ddStyle   = tableStyle{pdfSmall, pdfLineS, pdfDDGap}
)

// table writes rows of cells at x in columns as wide as their widest
// cell; right holds the columns set flush right, win the column of each
// row's cell to embolden and underline (-1 for none). A table wider than
// the board is set smaller, down to 7 points; one wider still is left
// wider than the board, which then goes across the page. It gives the
// table's width.
// tableFit is the scale table gives a table set at the board's inner
// edge: 1 when it fits the board's width, else what makes it fit (no
// smaller than pdfMinSize). The HTML sheet zooms its table as much.
func (p *pen) tableFit(head []string, rows [][]string, ts tableStyle) float64 {
	ws := p.columnWidths(head, rows, ts.size)
	total := ts.gap * float64(len(ws)-1)
	for _, w := range ws {
		total += w
	}
	if total > p.max {
		return max(p.max/total, pdfMinSize/ts.size)
	}
	return 1
}

func (p *pen) table(x float64, ts tableStyle, head []string, rows [][]string, right map[int]bool, win []int) float64 {
	ws := p.columnWidths(head, rows, ts.size)
	total := ts.gap * float64(len(ws)-1)
	for _, w := range ws {
		total += w
	}
	if room := p.max - (x - pdfPad); total > room {
		k := max(room/total, pdfMinSize/ts.size)
		ts = tableStyle{ts.size * k, ts.lh * k, ts.gap * k}
		total *= k
		for i := range ws {
			ws[i] *= k
		}
	}
	line := func(cells []string, w int) {
		p.y += ts.lh
		cx := x
		for i, c := range cells {
			at := cx
			if right[i] {
				at = cx + ws[i] - p.s.width(c, ts.size, i == w)
			}
			if i == w {
				p.b.ops = append(p.b.ops, pdfOp{x: at, y: p.y - 0.8, text: c, size: ts.size, bold: true, under: true})
			} else {
				p.text(at, p.y-0.8, c, ts.size, false)
			}
			cx += ws[i] + ts.gap
		}
	}
	line(head, -1)
	for i, r := range rows {
		w := -1
		if win != nil {
			w = win[i]
		}
		line(r, w)
	}
	return total
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

// layout lays out one board in a frame width wide: the diagram with its
// double-dummy table and par beside South, then across the frame's
// width the commentary, the auction, the play, the travellers, each
// with its notes.
func (l *sheetLayout) layout(v *boardView, width float64) *pdfBoard {
	return l.layoutDD(v, width, false)
}

// layoutDD lays out a board as layout does, its double-dummy table under
// the diagram when ddDown.
func (l *sheetLayout) layoutDD(v *boardView, width float64, ddDown bool) *pdfBoard {
	b := &pdfBoard{}
	p := &pen{s: l, b: b, y: pdfPad, max: width - 2*pdfPad, ddDown: ddDown}
	p.paras(v.Before)
	if len(v.Before) > 0 {
		p.glue()
	}
	p.diagram(v)
	if len(v.After) > 0 {
		p.glue()
		p.paras(v.After)
	}
	if v.Auction != nil {
		p.glue()
		p.auction(v.Auction)
	}
	if v.Play != nil {
		p.glue()
		p.play(v.Play)
	}
	for _, tv := range v.Travel {
		p.glue()
		p.traveller(tv)
	}
	if len(v.End) > 0 {
		p.glue()
		p.paras(v.End)
	}
	b.h = p.y + pdfPad
	b.measure(l)
	return b
}

// measure sets the board's width, from what it draws.
func (b *pdfBoard) measure(l *sheetLayout) {
	for _, op := range b.ops {
		w := op.x + op.w + l.widthIn(op.text, op.size, op.bold, op.mono) + pdfPad
		b.w = max(b.w, w)
		if !op.wrapped {
			b.fixedW = max(b.fixedW, w)
		}
	}
}

// pdfBlockSize and pdfBlockLine are the type size and line height of a
// scoring block.
const (
	pdfBlockSize = 8.0
	pdfBlockLine = 3.4
)

// layoutBlock lays out a scoring block: its title, and its lines in a
// fixed-pitch face, as the books rule them.
func (l *sheetLayout) layoutBlock(sb *sheetBlock, width float64) *pdfBoard {
	b := &pdfBoard{}
	p := &pen{s: l, b: b, y: pdfPad, max: width - 2*pdfPad}
	p.y += pdfLine
	p.text(pdfPad, p.y-0.8, sb.title, pdfSize, true)
	p.y += 1
	if sb.tables != nil {
		p.paras(sb.lines)
		for _, tv := range sb.tables {
			p.traveller(tv)
		}
		b.h = p.y + pdfPad
		b.measure(l)
		return b
	}
	for _, line := range sb.lines {
		p.y += pdfBlockLine
		if line != "" {
			b.ops = append(b.ops, pdfOp{x: pdfPad, y: p.y - 0.8, text: line, size: pdfBlockSize, mono: true})
		}
	}
	b.h = p.y + pdfPad
	b.measure(l)
	return b
}

// paras writes paragraphs of commentary across the board.
func (p *pen) paras(ts []string) {
	for _, t := range ts {
		p.para(t, pdfSize, pdfLine)
	}
}

// diagram lays out the deal in three bands of five lines, as in the text
// form: the board's title, dealer and vulnerability, North, and the
// contract, result and lead; West, the compass and East; South with the
// double-dummy table and par beside it, or under the diagram when the
// frame is too narrow for them there.
func (p *pen) diagram(v *boardView) {
	st := v.style()
	north, east := handLines(v.Hands[model.North], st), handLines(v.Hands[model.East], st)
	south, west := handLines(v.Hands[model.South], st), handLines(v.Hands[model.West], st)
	info, res := v.infoLines(), v.resultLines()
	first := len(p.b.ops)
	defer func() { // the diagram is one: a board taller than a page is not cut through it
		for i := first; i < len(p.b.ops); i++ {
			p.b.ops[i].group = 1
		}
	}()
	x1 := pdfPad + max(p.widest(west, false), p.widest(info, true)) + pdfHandGap
	x2 := x1 + pdfBoxWidth + pdfHandGap
	top := p.y
	p.band(pdfPad, info, top, true)
	p.hand(model.North, func() { p.band(x1, north, top, false) })
	p.band(max(x2, x1+p.widest(north, false)+pdfHandGap), res, top, false)
	mid := top + 5*pdfLine
	p.glue()
	p.hand(model.West, func() { p.band(pdfPad, west, mid, false) })
	p.hand(model.East, func() { p.band(x2, east, mid, false) })
	p.compass(x1, mid+0.8, v.Box, v.HCP)
	bot := mid + 5*pdfLine
	p.glue()
	p.hand(model.South, func() { p.band(x1, south, bot, false) })
	p.y = bot + 5*pdfLine + 1
	if v.DD == nil {
		return
	}
	xdd := max(x2, x1+p.widest(south, false)+pdfHandGap)
	if ddw := p.ddWidth(v.DD, st); p.ddDown || xdd+ddw > pdfPad+p.max {
		xdd = x1
		p.b.ddUnder = true
		p.glue()
	} else {
		p.y = bot + 0.4
	}
	p.ddTable(xdd, v.DD, st)
	p.y = max(p.y+0.6, bot+5*pdfLine+1)
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
	if v.Score != "" {
		res = append(res, v.Score)
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

// hand marks the ops that write adds as the lines of seat s's hand.
func (p *pen) hand(s model.Seat, write func()) {
	first := len(p.b.ops)
	write()
	for i := first; i < len(p.b.ops); i++ {
		p.b.ops[i].hand = int8(s) + 1
	}
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
	p.b.ops = append(p.b.ops, pdfOp{x: x, y: top, w: w, h: w, rect: true})
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
	at(c, top+6.2, pts(model.North), hs)
	at(c, top+w-4.4, pts(model.South), hs)
	at(c, top+w-1.2, box[model.South], pdfSmall)
	at(x+2.2, top+w/2+1, box[model.West], pdfSmall)
	at(x+6.6, top+w/2+0.9, pts(model.West), hs)
	at(x+w-6.6, top+w/2+0.9, pts(model.East), hs)
	at(x+w-2.2, top+w/2+1, box[model.East], pdfSmall)
}

// auction lays out the auction: its commentary, the table of calls and
// the footnotes.
func (p *pen) auction(a *auctionView) {
	p.paras(a.Comments)
	p.y += 1
	p.table(pdfPad, bodyTable, a.Head[:], a.rowCells(), nil, nil)
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
	head, rows, win := playCells(pl)
	p.y += 1
	p.table(pdfPad, bodyTable, head, rows, map[int]bool{0: true, 6: true, 7: true}, win)
	p.y += 0.5
	if pl.Claim != "" {
		p.notes([]string{pl.Claim})
	}
	p.notes(pl.Notes)
}

// playCells is the trick table as cells, and the column of each trick's
// winning card.
func playCells(pl *playView) (head []string, rows [][]string, win []int) {
	head = append([]string{"Trick", "Lead"}, pl.Head[:]...)
	head = append(head, pl.Sides[:]...)
	rows = make([][]string, len(pl.Rows))
	win = make([]int, len(pl.Rows))
	for i, r := range pl.Rows {
		row := append([]string{strconv.Itoa(r.N), r.Leader}, r.Cards[:]...)
		rows[i] = append(row, r.Count[:]...)
		win[i] = -1
		if r.Win >= 0 {
			win[i] = r.Win + 2
		}
	}
	return head, rows, win
}

var ddRight = map[int]bool{1: true, 2: true, 3: true, 4: true, 5: true}

// ddWidth is the width the double-dummy table and its par take.
func (p *pen) ddWidth(dd *ddView, st Style) float64 {
	head, rows := ddCells(dd, st)
	w := ddStyle.gap * float64(len(head)-1)
	for _, c := range p.columnWidths(head, rows, ddStyle.size) {
		w += c
	}
	if dd.Par != "" {
		w = max(w, p.s.width("Par "+dd.Par, pdfSmall, false))
	}
	return w
}

// ddTable lays out the double-dummy table at x, compact, the tricks flush
// right, and the par under it.
func (p *pen) ddTable(x float64, dd *ddView, st Style) {
	head, rows := ddCells(dd, st)
	p.table(x, ddStyle, head, rows, ddRight, nil)
	if dd.Par != "" {
		p.y += pdfLineS + 0.3
		p.text(x, p.y-0.8, "Par "+dd.Par, pdfSmall, false)
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

// draw puts the part of a laid-out board from from to to (all of it, but
// for a board taller than a page) on the page in a frame w by h at
// (x, y), enlarged k times.
func (s *PDFSheet) draw(b *pdfBoard, x, y, w, h, k, from, to float64) {
	f := s.f
	f.SetDrawColor(136, 136, 136)
	f.SetLineWidth(0.3)
	f.Rect(x, y, w, h, "D")
	f.SetDrawColor(0, 0, 0)
	if k < 0.999 || k > 1.001 {
		f.TransformBegin()
		f.TransformScale(100*k, 100*k, x, y)
		defer f.TransformEnd()
	}
	s.drawOps(b, x, y, from, to)
	f.SetTextColor(0, 0, 0)
}

// drawOps draws the ops of a board that start between from and to, from
// (x, y). The board's scaling is a saved graphics state, which the font
// selection is part of: a board selects its first font anew.
func (s *PDFSheet) drawOps(b *pdfBoard, x, y, from, to float64) {
	f := s.f
	s.font = fontState{}
	y -= from
	g := 0 // the gaps opened above the op
	for i := range b.ops {
		op := &b.ops[i]
		for g < len(b.glue) && b.glue[g] <= i {
			g++
		}
		if !b.shows(op, from, to) {
			continue
		}
		oy := y + op.y + float64(g)*b.gap
		if op.rect {
			f.SetFillColor(242, 242, 242)
			f.SetDrawColor(68, 68, 68)
			f.Rect(x+op.x, oy, op.w, op.h, "DF")
			// Black text, when text and fill colours differ, is wrapped
			// in its own colour setting each time.
			f.SetFillColor(0, 0, 0)
			continue
		}
		s.setFontIn(op.size, op.bold, op.mono)
		s.colouredText(x+op.x, oy, op.text, op.size, op.bold, op.mono)
		if op.under {
			f.SetLineWidth(0.2)
			f.SetDrawColor(0, 0, 0)
			u := oy + 0.7
			f.Line(x+op.x, u, x+op.x+s.l.width(op.text, op.size, op.bold), u)
		}
	}
}

// setFont selects DejaVu Sans at size, bold or not, unless the page's
// content has it selected already.
func (s *PDFSheet) setFont(size float64, bold bool) { s.setFontIn(size, bold, false) }

// setFontIn selects DejaVu Sans, or DejaVu Sans Mono, at size.
func (s *PDFSheet) setFontIn(size float64, bold, mono bool) {
	if s.font == (fontState{size, bold, mono}) {
		return
	}
	style := ""
	if bold {
		style = "B"
	}
	s.f.SetFont(fontFamily(mono), style, size)
	s.font = fontState{size, bold, mono}
}

// colouredText writes t with its hearts and diamonds in red.
func (s *PDFSheet) colouredText(x, y float64, t string, size float64, bold, mono bool) {
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
			x += s.l.widthIn(t[:n], size, bold, mono)
			t = t[n:]
			continue
		}
		f.SetTextColor(0, 0, 0)
		f.Text(x, y, t[:i])
		x += s.l.widthIn(t[:i], size, bold, mono)
		t = t[i:]
	}
}

// traveller lays out a traveller under its heading, its flush-right
// columns as the record sets them.
func (p *pen) traveller(tv *travellerView) {
	p.y += 1
	p.para(tv.title(), pdfSmall, pdfLineS)
	tv.fit = p.tableFit(tv.Head, tv.Rows, bodyTable)
	right := map[int]bool{}
	for i, r := range tv.Right {
		right[i] = r
	}
	p.table(pdfPad, bodyTable, tv.Head, tv.Rows, right, nil)
	p.notes(tv.Notes)
	p.y += 0.5
}
