package render

import (
	"codeberg.org/go-pdf/fpdf"

	"handrec/model"
	"handrec/model/scoring"
)

// sheetLayout puts boards on pages, for the PDF and the HTML alike, so
// that the two print the same boards on the same pages. Each board is
// laid out at the width of its frame (a column, or the page's width for
// one board a page, two a page, or a board whose tables are too wide for
// a column), as tall as its content needs at the base type size; a page
// takes boards, in rows of two or one, while they fit its height and
// --per-page allows. When a page is full its boards are enlarged
// together, as much as the page's width and height let them (up to
// maxZoom), and its rows' frames are stretched down to the page's foot;
// boards that still fall well short of it set their DD tables under their
// diagrams, to be enlarged more (ddDown), and open gaps between their
// parts to come down their frames (spread), so that the text, not only
// the frames, fills the page. The type is never set below its base size: a board that does not fit
// a column is set across the page, and one taller than a page is set
// alone and continued on the next (the only board ever split).
type sheetLayout struct {
	opt    SheetOptions
	size   paperSize
	m      *fpdf.Fpdf     // measures text
	cw     *[4]runeWidths // the faces' character widths, by face (bold 1, mono 2)
	unit   *[4]float64    // each face's size at 10 points, in millimetres
	cur    []*sheetBoard  // the boards of the page being filled
	lastK  float64        // the zoom of the last full page
	lastDD bool           // the last full page set its DD tables under the diagrams
	view   func(r *model.Record) *boardView
	head   string // put before the running head: "Answers"
	event  string // the heading of the last board placed, for a page of scoring blocks only
}

// sheetBoard is a board on its way to a page.
type sheetBoard struct {
	r     *model.Record
	v     *boardView
	block *sheetBlock // a scoring block, set in the boards' flow (r and v nil)
	b     *pdfBoard   // laid out at the zoom of its page
	wide  bool        // set across the page
	dd    bool        // its double-dummy table under the diagram (pdfBoard.ddUnder), to fill a page
}

// sheetPage is a page laid out: its boards, each in its frame, at one
// zoom.
type sheetPage struct {
	head   string
	boards []*sheetBoard
	frames []pageFrame // by board
	rows   []float64   // the rows' heights, top down
	k      float64     // the zoom its boards are drawn at
	cols   int
	end    bool // the last of its flow (of the sheet, of the boards before a results page, of answers): not filled
}

// pageFrame is a board's frame on its page, in millimetres from the
// page's top left corner; row is the row it stands in.
type pageFrame struct {
	x, y, w, h float64
	row        int
}

// Page furniture, in millimetres and points.
const (
	pdfHeadSize = 9.0 // the running head
	pdfHeadH    = 7.0 // from the top margin to the first board
	pdfFootSize = 8.0 // "page 3 of 12", in the bottom margin
	pdfFootY    = 6.0 // the footer's baseline above the page's foot
)

func newSheetLayout(opt SheetOptions) *sheetLayout {
	size := papers[opt.paper()]
	return &sheetLayout{opt: opt, size: size, m: newFpdf(size), cw: new([4]runeWidths), unit: new([4]float64), view: opt.view}
}

// sheetPager is the pages of a sheet in the order they print: the
// boards' pages and, with Answers, the pages of their answers, after all
// of them, or with AnswersByPage after each.
type sheetPager struct {
	l, ans *sheetLayout
	rub    *sheetRubber    // with Rubber
	held   []*model.Record // the boards whose answers are still to come
}

func newSheetPager(opt SheetOptions) *sheetPager {
	opt.Answers = opt.Answers || opt.AnswersByPage
	sp := &sheetPager{l: newSheetLayout(opt)}
	if opt.Rubber {
		sp.rub = newSheetRubber(scoring.Options{Code: opt.Code}, opt.ASCII)
	}
	if opt.Answers {
		sp.ans = newSheetLayout(opt)
		sp.ans.m, sp.ans.cw, sp.ans.unit = sp.l.m, sp.l.cw, sp.l.unit
		sp.ans.view, sp.ans.head = opt.answer, "Answers"
	}
	return sp
}

// add takes the next board, and gives the pages it closes.
func (sp *sheetPager) add(r *model.Record) []*sheetPage {
	out := sp.withAnswers(nil, sp.l.add(r, sp.l.view(r)))
	if sp.rub != nil {
		if b := sp.rub.add(r); b != nil {
			out = sp.withAnswers(out, sp.l.addBlock(b))
		}
	}
	return out
}

// flush gives the last pages.
func (sp *sheetPager) flush() []*sheetPage {
	var out []*sheetPage
	if sp.rub != nil {
		if b := sp.rub.finish(); b != nil {
			out = sp.withAnswers(out, sp.l.addBlock(b))
		}
	}
	if b := sp.l.opt.Session.resultsBlock(); b != nil {
		out = sp.withAnswers(out, sp.l.flush())
		out = sp.withAnswers(out, sp.l.addBlock(b))
	}
	out = sp.withAnswers(out, sp.l.flush())
	return sp.answerPages(out)
}

// withAnswers is out and then p (none when nil), and with AnswersByPage
// the pages of its answers.
func (sp *sheetPager) withAnswers(out []*sheetPage, p *sheetPage) []*sheetPage {
	if p == nil {
		return out
	}
	out = append(out, p)
	if sp.ans == nil {
		return out
	}
	for _, b := range p.boards {
		if b.r != nil {
			sp.held = append(sp.held, b.r)
		}
	}
	if sp.l.opt.AnswersByPage {
		out = sp.answerPages(out)
	}
	return out
}

// answerPages is out and then the pages of the answers held.
func (sp *sheetPager) answerPages(out []*sheetPage) []*sheetPage {
	if sp.ans == nil {
		return out
	}
	for _, r := range sp.held {
		if q := sp.ans.add(r, sp.ans.view(r)); q != nil {
			out = append(out, q)
		}
	}
	sp.held = sp.held[:0]
	if q := sp.ans.flush(); q != nil {
		out = append(out, q)
	}
	return out
}

// maxZoom is the most a page's boards are enlarged: one board a page uses
// the page, two a page nearly so, more are kept near the base size so
// that the pages of a sheet look alike.
func (l *sheetLayout) maxZoom() float64 {
	switch l.opt.perPage() {
	case 1:
		return 2.6
	case 2:
		return 2.2
	}
	return 1.35
}

// cols is the columns of boards on a page: one for one or two boards a
// page, else two.
func (l *sheetLayout) cols() int {
	if l.opt.perPage() <= 2 {
		return 1
	}
	return 2
}

func (l *sheetLayout) pageWidth() float64 { return l.size.w - 2*pdfMargin }

// frameWidth is the width of a board's frame.
func (l *sheetLayout) frameWidth(wide bool) float64 {
	if wide || l.cols() == 1 {
		return l.pageWidth()
	}
	return (l.pageWidth() - pdfGap) / 2
}

// top is where the first row of boards starts, below the running head.
func (l *sheetLayout) top() float64 { return pdfMargin + pdfHeadH }

// avail is the height the boards of a page share.
func (l *sheetLayout) avail() float64 { return l.size.h - pdfMargin - l.top() }

// layoutOf lays out a board, or a scoring block, width wide.
func (l *sheetLayout) layoutOf(sb *sheetBoard, width float64) *pdfBoard {
	if sb.block != nil {
		return l.layoutBlock(sb.block, width)
	}
	return l.layoutDD(sb.v, width, sb.dd)
}

// measure lays out a board at the base size, in a column when it fits
// one, else across the page.
func (l *sheetLayout) measure(sb *sheetBoard) *sheetBoard {
	sb.b = l.layoutOf(sb, l.frameWidth(false))
	results := sb.block != nil && sb.block.tables != nil // a page of its own, across it
	if l.cols() > 1 && (results || sb.b.w > l.frameWidth(false)+0.01 || sb.b.h > l.avail()) {
		sb.wide = true
		sb.b = l.layoutOf(sb, l.frameWidth(true))
	}
	return sb
}

// add takes the next board; it returns the page it closes when the board
// does not fit on the page being filled, else nil.
func (l *sheetLayout) add(r *model.Record, v *boardView) *sheetPage {
	return l.place(&sheetBoard{r: r, v: v})
}

// addBlock takes a scoring block, as add a board.
func (l *sheetLayout) addBlock(b *sheetBlock) *sheetPage {
	return l.place(&sheetBoard{block: b})
}

// place puts a board on the page being filled, or closes that page and
// starts the next with it.
func (l *sheetLayout) place(sb *sheetBoard) *sheetPage {
	l.measure(sb)
	next := append(l.cur[:len(l.cur):len(l.cur)], sb)
	if len(l.cur) > 0 && (len(next) > l.opt.perPage() || l.height(next, 1) > l.avail()) {
		done := l.finish(false)
		l.cur = []*sheetBoard{sb}
		return done
	}
	l.cur = next
	return nil
}

// flush closes the last page; nil when no board is waiting.
func (l *sheetLayout) flush() *sheetPage {
	if len(l.cur) == 0 {
		return nil
	}
	p := l.finish(true)
	l.cur = nil
	return p
}

// rowsOf arranges boards in rows: two side by side when the page has two
// columns, a wide board alone. It gives each row's first board and the
// number of boards in it.
func (l *sheetLayout) rowsOf(bs []*sheetBoard) (rows [][2]int) {
	for i := 0; i < len(bs); {
		n := 1
		if l.cols() == 2 && !bs[i].wide && i+1 < len(bs) && !bs[i+1].wide {
			n = 2
		}
		rows = append(rows, [2]int{i, n})
		i += n
	}
	return rows
}

// rowHeights is the height of each row of boards (rowsOf) at zoom k, as
// they are laid out: its tallest board's.
func (l *sheetLayout) rowHeights(bs []*sheetBoard, k float64) []float64 {
	var hs []float64
	for _, row := range l.rowsOf(bs) {
		rh := 0.0
		for _, b := range bs[row[0] : row[0]+row[1]] {
			rh = max(rh, b.b.h*k)
		}
		hs = append(hs, rh)
	}
	return hs
}

// height is the height boards take at zoom k, as they are laid out.
func (l *sheetLayout) height(bs []*sheetBoard, k float64) float64 {
	h := 0.0
	for i, rh := range l.rowHeights(bs, k) {
		if i > 0 {
			h += pdfGap
		}
		h += rh
	}
	return h
}

// fits lays the boards out again for zoom k (each at its frame's width
// divided by k, so that it is that wide once enlarged) and tells whether
// they fit the page.
func (l *sheetLayout) fits(bs []*sheetBoard, k float64) bool {
	for _, b := range bs {
		w := l.frameWidth(b.wide) / k
		b.b = l.layoutOf(b, w)
		if b.b.w > w+0.01 {
			return false
		}
	}
	return l.height(bs, k) <= l.avail()+0.01
}

// zoom is the most the boards can be enlarged together, to within 1%.
// The boards come laid out at the base size. Two bounds spare most
// trials: enlarged k times, a board is no shorter than k times its height
// now (its text wraps no later), and no narrower than k times what it
// sets unwrapped (the diagram, the tables).
func (l *sheetLayout) zoom(bs []*sheetBoard, most float64) float64 {
	hi := most
	if h := l.height(bs, 1); h > 0 {
		hi = min(hi, l.avail()/h)
	}
	for _, b := range bs {
		if b.b.fixedW > 0 {
			hi = min(hi, l.frameWidth(b.wide)/b.b.fixedW)
		}
	}
	if hi <= 1.005 {
		return 1
	}
	if l.fits(bs, hi) {
		return hi
	}
	lo := 1.0
	for hi-lo > 0.01 {
		mid := (lo + hi) / 2
		if l.fits(bs, mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	l.fits(bs, lo)
	return lo
}

// finish lays out the page of the waiting boards: their zoom, their rows
// and frames. A full page stretches its rows to its foot; the last page
// of several keeps the zoom of the page before it (a last board alone is
// not blown up) and its natural height.
func (l *sheetLayout) finish(last bool) *sheetPage {
	bs := l.cur
	most := l.maxZoom()
	if last && l.lastK > 0 {
		most = min(most, l.lastK)
	}
	k := l.zoom(bs, most)
	switch {
	case !last:
		k = l.ddDown(bs, most, k, false)
		l.lastK = k
	case l.lastDD: // as the page before it
		k = l.ddDown(bs, most, k, true)
	}
	p := &sheetPage{boards: bs, k: k, cols: l.cols(), head: l.opt.Title, end: last}
	for _, b := range bs {
		if p.head == "" && b.v != nil {
			p.head = b.v.Heading
		}
	}
	if p.head == "" {
		p.head = l.event
	}
	if b := bs[len(bs)-1]; b.v != nil {
		l.event = b.v.Heading
	}
	p.head = joinHead(l.head, p.head)
	rows := l.rowsOf(bs)
	p.rows = l.rowHeights(bs, k)
	if spare := l.avail() - l.height(bs, k); !last && spare > 0 {
		for i := range p.rows {
			p.rows[i] += spare / float64(len(p.rows))
		}
	}
	y := l.top()
	for i, row := range rows {
		for j := 0; j < row[1]; j++ {
			b := bs[row[0]+j]
			w := l.frameWidth(b.wide)
			x := pdfMargin + float64(j)*(w+pdfGap)
			p.frames = append(p.frames, pageFrame{x: x, y: y, w: w, h: p.rows[i], row: i})
		}
		y += p.rows[i] + pdfGap
	}
	if !last {
		l.spread(p)
	}
	return p
}

// ddDown lays out a full page whose boards, at zoom k, fall short of its
// foot by more than spreadSlack with their double-dummy tables under
// their diagrams: they are narrower so, and taller, and may be enlarged
// more. It keeps that when the boards then come further down the page
// (always, as the full page before it, on the last page), and gives the
// page's zoom.
func (l *sheetLayout) ddDown(bs []*sheetBoard, most, k float64, last bool) float64 {
	h := l.height(bs, k)
	if !last {
		l.lastDD = false
	}
	if !last && l.avail()-h <= spreadSlack*l.avail() {
		return k
	}
	moved := false
	for _, b := range bs {
		if b.v != nil && b.v.DD != nil && !b.b.ddUnder {
			b.dd, moved = true, true
		}
	}
	if !moved {
		return k
	}
	if l.fits(bs, 1) {
		if k2 := l.zoom(bs, most); last || l.height(bs, k2) > h+0.01 {
			l.lastDD = !last
			return k2
		}
	}
	for _, b := range bs {
		b.dd = false
	}
	l.fits(bs, k)
	return k
}

// spreadSlack is the most of a full page's height a board's frame leaves
// blank under the board: a board shorter than its frame by more opens
// its gaps (pdfBoard.glue) to come down to that, so that the boards of
// a full page reach down it as their frames do, and not only the frames.
const spreadSlack = 0.1

// spread opens the gaps of the boards of a full page that are shorter
// than their frames by more than spreadSlack of the page: each board's
// gaps alike, so that it comes down to that much above its frame's foot.
func (l *sheetLayout) spread(p *sheetPage) {
	slack := spreadSlack * l.avail()
	for i, b := range p.boards {
		n := len(b.b.glue)
		if leave := p.frames[i].h - b.b.h*p.k; n > 0 && leave > slack {
			b.b.gap = (leave - slack) / p.k / float64(n)
		}
	}
}

// cuts is where a board taller than a page, alone on its page, is cut
// between its lines to go on over the pages after it: from where to
// where each page shows it, in the board's own millimetres; nil for a
// page of boards that fit.
func (l *sheetLayout) cuts(p *sheetPage) [][2]float64 {
	if len(p.boards) != 1 || p.boards[0].b.h*p.k <= l.avail()+0.01 {
		return nil
	}
	b := p.boards[0].b
	var out [][2]float64
	for from := 0.0; from < b.h-0.01; {
		to := b.cut(from, from+l.avail()/p.k)
		out = append(out, [2]float64{from, to})
		from = to
	}
	return out
}
