package diagram

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"handrec/layout"
	"handrec/model"
)

// dgBuilder makes one record of a deal's blocks.
type dgBuilder struct {
	name  string
	r     *model.Record
	seats seatResolver
	// contractSaid, leadSaid and resultSaid are what the text states of
	// the contract, the lead and the result, settled once the auction is
	// read: a key's form over a sentence's, else the first
	contractSaid, leadSaid, resultSaid *stated
	// auctionSaid is an auction in words, read where no table gives one
	auctionSaid *stated
	deal        *dealBuild
	// showCorner says the diagram has show's corner (the board, dealer
	// and vulnerability beside North): the line alone before it is show's
	// line of the event
	showCorner bool
	// sized says the deal dgBuilder reported a hand of the wrong size, which
	// Validate would report again
	sized  bool
	tables []*tableRead
	// escapes are the Reader's: where lines held escapes
	escapes map[int][]escapeAt
}

// pos is the position of byte off of line as read: in the text, past the
// escapes read back before it.
func (bd *dgBuilder) pos(line, off int) model.Pos {
	return model.Pos{Line: line, Col: rawOffset(bd.escapes, line, off) + 1}
}

// build makes the record of deal blocks cur.
func (d *Reader) build(cur *dealBlocks) *model.Record {
	d.index++
	r := model.NewRecord()
	r.File, r.Index = d.name, d.index
	first := cur.diag[0]
	if len(cur.pre) > 0 {
		first = cur.pre[0]
	}
	r.Pos = model.Pos{Line: first.lines[0].n, Col: 1}
	for n := range d.escapes {
		if n < r.Pos.Line {
			delete(d.escapes, n) // a deal before's: memory stays flat
		}
	}
	bd := &dgBuilder{name: d.name, r: r, escapes: d.escapes}
	var corner []kvAt
	bd.diagram(cur.diag, &corner)
	for _, kv := range corner {
		bd.showCorner = bd.showCorner || kv.key == "Board" || kv.key == "Deal" // show's title of the board
	}
	bd.pre(cur.pre)
	for _, kv := range corner {
		bd.applyKey(kv.key, kv.value, kv.pos)
	}
	bd.post(cur.post)
	if r.Event == nil {
		r.Event = d.event
	}
	d.event = r.Event
	bd.settleResult()
	bd.finishLead()
	if p := r.Play; p != nil && !p.Star && r.PlayCutShort() {
		p.Star = true // a play that stops short, a lead alone: as the PBN reader reads one (PBN 3.6)
	}
	model.DerivePassedOut(r)
	n := len(r.Problems)
	model.Validate(r)
	if bd.sized {
		// the diagram's message names the hands' places; Validate's says
		// the same at the deal's
		kept := r.Problems[:n]
		for _, p := range r.Problems[n:] {
			if !strings.HasPrefix(p.Message, "deal: ") {
				kept = append(kept, p)
			}
		}
		r.Problems = kept
	}
	return r
}

// kvAt is a key and its value read at a position.
type kvAt struct {
	key, value string
	pos        model.Pos
}

var boxEdge = regexp.MustCompile(`^[┌└+][─-]{3,}[┐┘+]$`)

// diagram reads the hands, their labels, the compass and the corner's
// keys of a diagram's blocks.
func (bd *dgBuilder) diagram(blocks []*block, corner *[]kvAt) {
	r := bd.r
	sc := diagramCells{bd: bd, corner: corner, boxL: -1}
	for _, b := range blocks {
		for _, l := range b.lines {
			sc.line(l)
		}
	}
	hs, loose, box := sc.hs, sc.loose, sc.box
	if gs, b, ok := bd.gridHands(blocks); ok {
		bd.gridDeal(gs, b)
		return
	}
	if gs, b, ok := bd.columnHands(blocks); ok {
		bd.gridDeal(gs, b)
		return
	}
	groups, loose := namesAsHoldings(blocks, hs, groupHands(hs), loose)
	var stacked, lined []*handGroup
	for _, g := range groups {
		if g.oneLine {
			lined = append(lined, g)
		} else {
			stacked = append(stacked, g)
		}
	}
	at := bd.pos(blocks[0].lines[0].n, 0)
	if len(hs) > 0 {
		at = bd.pos(hs[0][0].line, hs[0][0].off)
	}
	r.Facts[model.FactDeal].Pos = at
	if len(stacked) > 0 && !placeStacked(stacked) && !sc.frame.place(stacked) {
		r.Errorf(bd.pos(stacked[0].line(), stacked[0].hs[0].off),
			"the %d hands do not stand as a diagram's: expected North above, West and East beside each other, South below", len(stacked))
		stacked = nil
	}
	bd.labelStacked(stacked, loose)
	bd.labelFrame(stacked, loose, sc.frame)
	bd.placeLined(lined)
	bd.compass(box)
	bd.compass(bareCompass(stacked, loose))
	for _, lc := range loose {
		if !lc.used && strings.Trim(lc.text, "│|+-─ ") != "" {
			r.Warnf(bd.pos(lc.line, lc.off), "text in the diagram not read: %q", lc.text)
		}
	}
	bd.deal = newDealBuild(r)
	for _, g := range append(stacked, lined...) {
		if g.seat.Valid() {
			bd.deal.hand(g, bd.pos)
		}
	}
	n := len(r.Problems)
	bd.deal.finish(at)
	for _, p := range r.Problems[n:] {
		if strings.Contains(p.Message, "cards: expected 13") {
			bd.sized = true
		}
	}
	if r.Deal.Empty() {
		r.Facts[model.FactDeal].Pos = model.Pos{}
	}
}

// namesAsHoldings gives back as labels the holdings that stand on the
// line just above a hand's spades, at its column, and below no holding
// (so that they end no hand), where the diagram has
// more than four hands: a player's name that reads as a holding
// ("Diamond", a void; "S2", the two of spades) set above his hand as show
// sets a label. A fifth hand made the diagram unreadable, and its four
// hands were lost. It gives the holdings left, grouped again.
func namesAsHoldings(blocks []*block, hs [][]holding, groups []*handGroup, loose []*looseCell) ([]*handGroup, []*looseCell) {
	stacked := 0
	for _, g := range groups {
		if !g.oneLine {
			stacked++
		}
	}
	if stacked <= 4 {
		return groups, loose
	}
	spades := map[[2]int]bool{} // line and column of each spade holding alone in its cell
	stack := map[[2]int]bool{}  // of each holding alone in its cell
	for _, ch := range hs {
		if len(ch) == 1 && ch[0].label == "" {
			stack[[2]int{ch[0].line, ch[0].col}] = true
			if ch[0].suit == model.Spades {
				spades[[2]int{ch[0].line, ch[0].col}] = true
			}
		}
	}
	lines := map[int]string{}
	for _, b := range blocks {
		for _, l := range b.lines {
			lines[l.n] = l.text
		}
	}
	var left [][]holding
	for _, ch := range hs {
		h := ch[0]
		if len(ch) == 1 && h.label == "" && near(spades, h.line+1, h.col) && !near(stack, h.line-1, h.col) {
			for _, c := range cellsOf(lines[h.line], 2) {
				if c.off == h.off {
					loose = append(loose, &looseCell{cell: c, line: h.line})
				}
			}
			continue
		}
		left = append(left, ch)
	}
	if len(left) == len(hs) {
		return groups, loose
	}
	return groupHands(left), loose
}

// near reports whether a holding of at stands on line, at column col
// (give or take three).
func near(at map[[2]int]bool, line, col int) bool {
	for d := -3; d <= 3; d++ {
		if at[[2]int{line, col + d}] {
			return true
		}
	}
	return false
}

// gridDeal makes the deal of the hands of a grid (grid.go), the books'
// letters of its heading the players'.
func (bd *dgBuilder) gridDeal(gs []*handGroup, b *block) {
	r := bd.r
	at := bd.pos(b.lines[0].n, cs0(b.lines[0].text))
	r.Facts[model.FactDeal].Pos = at
	bd.deal = newDealBuild(r)
	for _, g := range gs {
		if _, ok := seatWord(g.label); !ok {
			r.ReadFact(model.PlayerFact(g.seat), strings.ToUpper(g.label))
			r.Facts[model.PlayerFact(g.seat)].Pos = g.lpos
			bd.seats.add(g.label, g.seat)
		}
		bd.deal.hand(g, bd.pos)
	}
	bd.deal.finish(at)
}

// diagramCells sorts the cells of a diagram's lines: holdings, keys of
// the corner, the compass box, and the rest (labels, stray text).
type diagramCells struct {
	bd               *dgBuilder
	corner           *[]kvAt
	hs               [][]holding
	loose, box       []*looseCell
	boxL, boxR, boxT int // the compass box's columns and top line; boxL -1 outside it
	frame            frame
}

// frame is where a diagram's compass box stands: its first and last
// columns and its top and bottom lines (bottom 0 for no box).
type frame struct{ l, r, top, bottom int }

// line sorts the cells of one line: a hand a line ("North   ♠KQ102
// ♥8653 ♦A4 ♣J72", "North: S. K Q 10 2  H. 8 6 5 3 ..."), else its cells.
func (sc *diagramCells) line(l dline) {
	if hs, ok := lineHand(l); ok {
		sc.hs = append(sc.hs, hs)
		return
	}
	var label *cell // "East:" standing apart from its hand's line
	for _, c := range cellsOf(l.text, 2) {
		if label != nil {
			if h, ok := holdingsOf(c, l.n); ok && len(h) > 1 && h[0].label == "" {
				h[0].label, h[0].labelOff = strings.TrimSuffix(label.text, ":"), label.off
				sc.hs = append(sc.hs, h)
				label = nil
				continue
			}
			sc.loose = append(sc.loose, &looseCell{cell: *label, line: l.n})
			label = nil
		}
		if strings.HasSuffix(c.text, ":") && plainLabel(c.text) {
			cc := c
			label = &cc
			continue
		}
		sc.cell(c, l.n)
	}
	if label != nil {
		sc.loose = append(sc.loose, &looseCell{cell: *label, line: l.n})
	}
}

// lineHand reads a line that is one hand, its label first: the label and
// two suits or more, each once, whatever the blanks between them.
func lineHand(l dline) ([]holding, bool) {
	t := strings.TrimSpace(l.text)
	lead := strings.Index(l.text, t)
	hs, ok := holdingsOf(cell{text: t, off: lead, col: utf8.RuneCountInString(l.text[:lead])}, l.n)
	if !ok || len(hs) < 2 || hs[0].label == "" {
		return nil, false
	}
	var seen [4]bool
	for _, h := range hs {
		if seen[h.suit] {
			return nil, false
		}
		seen[h.suit] = true
	}
	return hs, true
}

// cell sorts one cell.
func (sc *diagramCells) cell(c cell, line int) {
	if sc.boxL >= 0 && line > sc.boxT && c.col >= sc.boxL && c.end() <= sc.boxR+1 {
		sc.box = append(sc.box, &looseCell{cell: c, line: line})
		if boxEdge.MatchString(c.text) {
			sc.frame = frame{sc.boxL, sc.boxR, sc.boxT, line}
			sc.boxL = -1
		}
		return
	}
	if boxEdge.MatchString(c.text) {
		sc.boxL, sc.boxR, sc.boxT = c.col, c.end()-1, line
		return
	}
	if k, v, ok := keyValue(c.text, true); ok {
		*sc.corner = append(*sc.corner, kvAt{k, v, sc.bd.pos(line, c.off)})
		return
	}
	if h, ok := holdingsOf(c, line); ok {
		sc.hs = append(sc.hs, h)
		return
	}
	sc.loose = append(sc.loose, &looseCell{cell: c, line: line})
}

// labelStacked gives each stacked hand the label standing just above it:
// a seat's name (which must be its seat's) or a player.
func (bd *dgBuilder) labelStacked(stacked []*handGroup, loose []*looseCell) {
	r := bd.r
	for _, g := range stacked {
		var best *looseCell
		for _, lc := range loose {
			if !lc.used && lc.line == g.line()-1 && abs(lc.col-g.col()) <= 3 {
				best = lc
				break
			}
		}
		if best == nil {
			continue
		}
		best.used = true
		name, dealer := labelParts(best.text)
		g.label, g.lpos = name, bd.pos(best.line, best.off)
		if dealer {
			bd.setDealer(g.seat, g.lpos)
		}
		if s, ok := seatWord(name); ok && len(name) > 1 {
			// a seat's name: show prints it where the record names no
			// player (a letter is a player's, as the book rubbers name them)
			if s != g.seat {
				r.Errorf(g.lpos, "the hand labelled %q stands at %s's place", name, g.seat.Name())
			}
			continue
		}
		r.ReadFact(model.PlayerFact(g.seat), name)
		r.Facts[model.PlayerFact(g.seat)].Pos = g.lpos
		bd.seats.add(name, g.seat)
	}
}

// labelFrame reads the labels show sets around the compass box where a
// hand is not known: West's on the box's top line left of it, East's
// right of it, South's on the line under it at its column, North's the
// nearest above it at its column (over North's empty lines). A seat's
// name says nothing; a player's is read. Without it the players of a deal
// whose hands are not given (a vugraph's before the deal is known) were
// lost, each a warning.
func (bd *dgBuilder) labelFrame(stacked []*handGroup, loose []*looseCell, f frame) {
	if f.bottom == 0 || len(loose) == 0 {
		return
	}
	var given [4]bool
	for _, g := range stacked {
		if g.seat.Valid() {
			given[g.seat] = true
		}
	}
	at := func(s model.Seat, lc *looseCell) bool {
		switch s {
		case model.West:
			return lc.line == f.top && lc.end() < f.l
		case model.East:
			return lc.line == f.top && lc.col > f.r
		case model.South:
			return lc.line == f.bottom+1 && abs(lc.col-f.l) <= 3
		}
		return lc.line < f.top && lc.line >= f.top-6 && abs(lc.col-f.l) <= 3
	}
	for _, s := range []model.Seat{model.West, model.East, model.South, model.North} {
		if given[s] {
			continue
		}
		var best *looseCell
		for _, lc := range loose {
			if !lc.used && at(s, lc) && (best == nil || lc.line > best.line) {
				best = lc
			}
		}
		if best == nil {
			continue
		}
		best.used = true
		name, dealer := labelParts(best.text)
		p := bd.pos(best.line, best.off)
		if dealer {
			bd.setDealer(s, p)
		}
		if st, ok := seatWord(name); ok && len(name) > 1 {
			if st != s {
				bd.r.Errorf(p, "the hand labelled %q stands at %s's place", name, s.Name())
			}
			continue
		}
		bd.r.ReadFact(model.PlayerFact(s), name)
		bd.r.Facts[model.PlayerFact(s)].Pos = p
		bd.seats.add(name, s)
	}
}

// placeLined seats the hands given on one line each by their labels: a
// seat, or the books' letters (A B C D, or A B Y Z).
func (bd *dgBuilder) placeLined(lined []*handGroup) {
	r := bd.r
	var letters []string
	for _, g := range lined {
		g.label = g.hs[0].label
		g.lpos = bd.pos(g.hs[0].line, g.hs[0].labelOff)
		if g.label == "" {
			r.Errorf(bd.pos(g.hs[0].line, g.hs[0].off), "a hand on one line: expected its seat before it (\"North:\", \"N\", or a book's letter)")
			continue
		}
		if s, ok := seatWord(g.label); ok {
			g.seat = s
			continue
		}
		if len(g.label) == 1 {
			letters = append(letters, strings.ToUpper(g.label))
		}
	}
	if len(letters) == 0 {
		for _, g := range lined {
			if g.label != "" && !g.seat.Valid() {
				r.Errorf(g.lpos, "hand %q: expected a seat (North, N, ...) or a book's letter", g.label)
			}
		}
		return
	}
	seating, why := bookSeating(letters)
	for _, g := range lined {
		if g.seat.Valid() || g.label == "" {
			continue
		}
		s, ok := seating[strings.ToUpper(g.label)]
		if !ok {
			if why == "" {
				why = "expected a seat or a book's letter"
			}
			r.Errorf(g.lpos, "hand %q: %s", g.label, why)
			continue
		}
		g.seat = s
		r.ReadFact(model.PlayerFact(s), strings.ToUpper(g.label))
		r.Facts[model.PlayerFact(s)].Pos = g.lpos
		bd.seats.add(g.label, s)
	}
}

// compass reads the letters in the compass box: the books' letters (or
// N E S W) at the seats where they stand.
func (bd *dgBuilder) compass(box []*looseCell) bool {
	type letterAt struct {
		s         string
		line, col int
	}
	var ls []letterAt
	for _, c := range box {
		for _, w := range words(c.cell) {
			t := strings.Trim(w.text, "│|+-─┌┐└┘")
			if t != "" {
				ls = append(ls, letterAt{t, c.line, w.col})
			}
		}
	}
	if len(ls) != 4 {
		return false
	}
	// top, the two of the middle line (left, right), bottom
	if ls[1].line != ls[2].line || ls[0].line >= ls[1].line || ls[3].line <= ls[1].line {
		return false
	}
	at := [4]model.Seat{model.North, model.West, model.East, model.South}
	if ls[1].col > ls[2].col {
		at[1], at[2] = model.East, model.West
	}
	for i, l := range ls {
		if s, ok := seatWord(l.s); ok && s == at[i] {
			continue
		}
		bd.seats.add(l.s, at[i])
	}
	for _, c := range box {
		c.used = true
	}
	return true
}

// bareCompass is the compass a book sets between West's and East's hands
// without a box ("N" over "W   E" over "S", or the books' letters): the
// loose cells between the two hands, on their lines.
func bareCompass(stacked []*handGroup, loose []*looseCell) []*looseCell {
	var west, east *handGroup
	for _, g := range stacked {
		switch g.seat {
		case model.West:
			west = g
		case model.East:
			east = g
		}
	}
	if west == nil || east == nil {
		return nil
	}
	top, bottom := min(west.line(), east.line())-1, max(west.lastLine(), east.lastLine())+1
	var out []*looseCell
	for _, lc := range loose {
		if lc.used || lc.line < top || lc.line > bottom || lc.col <= west.col()+1 || lc.end() >= east.col() {
			continue
		}
		out = append(out, lc)
	}
	return out
}

// pre reads the blocks before the diagram: the heading (keys, and the
// facts a text names: prose.go), the line of the event (show's, or a
// book's title of an event and its year), commentary. A heading block
// read whole is facts; one with text it could not name stays as it
// stands, as commentary, its facts read too.
func (bd *dgBuilder) pre(blocks []*block) {
	r := bd.r
	for i, b := range blocks {
		// show's line of the event: a title, or any line alone before a
		// diagram with show's corner (an event may be named "Problem 7")
		if (eventLine(b) || i == 0 && r.Event == nil && (titleBlock(b) || bd.showCorner && len(b.lines) == 1 && !headingBlock(b))) && layout.Meaningful(b.lines[0].text) {
			bd.eventLine(b.lines[0])
			if len(b.lines) > 1 && !bd.text(b.lines[1:], true) {
				r.Leading = append(r.Leading, bd.comment(b))
			}
			continue
		}
		if !bd.text(b.lines, true) {
			r.Leading = append(r.Leading, bd.comment(b))
		}
	}
}

// eventLine reads show's line of the event, site and date.
func (bd *dgBuilder) eventLine(l dline) {
	r := bd.r
	ev, date := showHeading(l.text)
	p := bd.pos(l.n, 0)
	if ev != "" {
		r.ReadFact(model.FactEvent, ev)
		r.Facts[model.FactEvent].Pos = p
	}
	if date != "" {
		r.ReadFact(model.FactDate, date)
		r.Facts[model.FactDate].Pos = p
	}
}

// text reads lines of text: keys, and the facts the text names. A
// heading is read a line at a time; a paragraph after the diagram a
// sentence at a time, its lines joined (a sentence wraps). It reports
// whether every line was read whole.
func (bd *dgBuilder) text(lines []dline, heading bool) bool {
	whole := true
	var run []dline // lines of prose, read together
	flush := func() {
		if len(run) > 0 && !bd.phrases(joinLines(run), heading) {
			whole = false
		}
		run = nil
	}
	for _, l := range lines {
		read, ok := bd.keyLine(l, heading)
		switch {
		case !ok && heading:
			if !bd.phrases(joinLines([]dline{l}), heading) {
				whole = false
			}
		case !ok:
			run = append(run, l)
		default:
			flush()
			whole = whole && read
		}
	}
	flush()
	return whole
}

// afterKeys are the keys a text after the diagram may give: the others
// are a heading's, and stay text there.
var afterKeys = map[string]bool{"Contract": true, "Result": true, "Lead": true, "Declarer": true, "Acceptor": true,
	"PassedOut": true, "Source": true, "Dealer": true, "Vulnerable": true}

// keyLine reads a line that is a key and its value, or a key whose value
// is none the reader knows (reported as the key's); ok false when the
// line is text to scan for phrases. read says the line was read.
func (bd *dgBuilder) keyLine(l dline, heading bool) (read, ok bool) {
	at := len(l.text) - len(strings.TrimLeft(l.text, " \t"))
	k, v, isKey := keyValue(l.text, false)
	if !isKey {
		return false, false
	}
	if !heading && !afterKeys[k] {
		return false, true // a heading's key after the diagram: text
	}
	if k != "Deal" && bd.keyReads(k, v) {
		bd.applyKey(k, v, bd.pos(l.n, at))
		return true, true
	}
	if ps := l.phrases(); len(ps) == 0 || ps[0].at > at {
		bd.applyKey(k, v, bd.pos(l.n, at)) // reports the value it cannot read
		return true, true
	}
	return false, false
}

// phrases reads the phrases of a segment of text and reports whether it
// was read whole: a phrase at least, and nothing left but the marks
// between phrases. Text that names nothing ("}", "* * *") is commentary,
// kept. In a heading, the text left between a line's phrases is said in a
// warning, and a line that only names a fact in passing is commentary.
func (bd *dgBuilder) phrases(sg segment, heading bool) bool {
	ps := sg.phrases()
	lefts := leftovers(sg.text, ps)
	if heading && !headingLike(ps, lefts, 0) {
		return false // a sentence of the commentary that names a board in passing
	}
	whole := true
	for _, p := range ps {
		if !bd.applyPhrase(stated{p, sg.pos(bd, p.at)}, heading) || sentence(p) {
			whole = false // a fact stated in a sentence, which stays commentary too
		}
	}
	if heading && len(ps) > 0 {
		for _, lo := range lefts {
			bd.r.Warnf(sg.pos(bd, lo.at), "heading text not read: %q", lo.text)
		}
	}
	return whole && len(ps) > 0 && len(lefts) == 0
}

// segment is text one line or several give, joined by a blank, with
// where each line's part starts.
type segment struct {
	text   string
	lines  []dline
	starts []int // the offset in text of each line's part
	offs   []int // the byte offset in its line of each line's part
}

// joinLines is the segment of lines, each trimmed.
func joinLines(lines []dline) segment {
	var sg segment
	var b strings.Builder
	for i, l := range lines {
		t := strings.TrimSpace(l.text)
		if i > 0 {
			b.WriteByte(' ')
		}
		sg.lines = append(sg.lines, l)
		sg.starts = append(sg.starts, b.Len())
		sg.offs = append(sg.offs, strings.Index(l.text, t))
		b.WriteString(t)
	}
	sg.text = b.String()
	return sg
}

// phrases are scanPhrases of the segment's text: its line's, scanned
// once, where it is one line.
func (sg segment) phrases() []phrase {
	if len(sg.lines) == 1 {
		return trimmedPhrases(sg.lines[0], sg.text)
	}
	return scanPhrases(sg.text)
}

// pos is where byte off of the segment's text stands.
func (sg segment) pos(bd *dgBuilder, off int) model.Pos {
	i := 0
	for i+1 < len(sg.starts) && sg.starts[i+1] <= off {
		i++
	}
	return bd.pos(sg.lines[i].n, sg.offs[i]+off-sg.starts[i])
}

// sentence reports whether p states a contract, a lead or a result in a
// sentence ("A leads the king of hearts."), not a key's form ("Lead:
// ♥K"): the sentence stays commentary as the book wrote it.
func sentence(p phrase) bool {
	switch p.kind {
	case phContract, phLead, phNoLead, phResult, phAuction:
		return !p.key
	}
	return false
}

// headingLike reports whether a line of phrases ps and leftovers lefts,
// its text starting at byte at, reads as a heading: it starts with a
// phrase, or its phrases outweigh the rest ("Rubber 14, Hand 3. South
// dealer."); a sentence that names a fact in passing is commentary.
func headingLike(ps []phrase, lefts []leftover, at int) bool {
	if len(ps) == 0 {
		return true
	}
	if ps[0].at <= at {
		return true
	}
	named, rest := 0, 0
	for _, p := range ps {
		named += p.end - p.at
	}
	for _, l := range lefts {
		rest += len(l.text)
	}
	return named >= rest
}

// keyReads reports whether v is a value key k reads.
func (bd *dgBuilder) keyReads(k, v string) bool {
	v = strings.TrimSpace(v)
	switch k {
	case "Board":
		return numberRe.MatchString(strings.TrimSuffix(v, "."))
	case "Dealer", "Declarer", "Acceptor":
		_, ok := bd.seats.seat(strings.TrimSuffix(v, "."))
		return ok
	case "Vulnerable":
		_, ok := bd.seats.vul(v)
		return ok
	case "Contract":
		m := contractRe.FindStringSubmatch(v)
		if m == nil || m[4] == "" {
			return m != nil
		}
		_, ok := bd.seats.seat(m[4])
		return ok
	case "Result":
		return resultRe.MatchString(v)
	case "Lead":
		_, ok := cardToken(v)
		return ok
	}
	return true
}

// post reads the blocks after the diagram: commentary, the auction and
// trick tables with their footnotes, the double-dummy table. Text before
// the first table follows the diagram; text between two tables comes
// before the second; text after the last table ends the record.
func (bd *dgBuilder) post(blocks []*block) {
	r := bd.r
	var last *tableRead // the table the footnotes that follow belong to
	var pending []model.Comment
	for _, b := range blocks {
		switch b.kind {
		case bTable, bTricks:
			t := bd.table(b)
			if last == nil {
				r.Facts[model.FactDeal].Comments = append(r.Facts[model.FactDeal].Comments, pending...)
			} else {
				t.comments = pending
			}
			pending = nil
			last = t
		case bNotes:
			if last == nil {
				r.Errorf(bd.pos(b.lines[0].n, 0), "footnotes with no table above them: expected an auction or a trick table before")
				pending = append(pending, bd.comment(b))
				continue
			}
			if rest := last.readNotes(b); len(rest) > 0 {
				pending = append(pending, bd.comment(&block{lines: rest}))
			}
		case bDD:
			bd.ddTable(b)
		case bTraveller:
			bd.travellerTable(b)
		case bText:
			if bd.text(b.lines, false) {
				continue // facts read whole: a lead, a result
			}
			pending = append(pending, bd.comment(b))
		default:
			pending = append(pending, bd.comment(b))
		}
	}
	if last == nil {
		r.Facts[model.FactDeal].Comments = append(r.Facts[model.FactDeal].Comments, pending...)
	} else {
		for _, c := range pending {
			bd.addEnd(c)
		}
	}
	for _, t := range bd.tables {
		if t.auction {
			bd.finishAuction(t)
		}
	}
	bd.settleAuction()
	bd.contractOfAuction()
	bd.settleContract()
	for _, t := range bd.tables {
		if !t.auction {
			bd.finishPlay(t)
		}
	}
}

// contractOfAuction takes the contract and the declarer from a complete
// auction where the deal does not state them (a book gives the auction
// and lets it say).
func (bd *dgBuilder) contractOfAuction() {
	r := bd.r
	if r.Auction == nil || r.Contract.Kind != model.NoContract {
		return
	}
	out := r.Auction.Outcome()
	if !out.Complete {
		return
	}
	r.Contract = out.Contract
	if !r.Declarer.Valid() {
		r.Declarer = out.Declarer
	}
}

// comment is a text block as commentary.
func (bd *dgBuilder) comment(b *block) model.Comment {
	return model.Comment{Text: blockText(b), Pos: bd.pos(b.lines[0].n, 0)}
}

// addEnd puts commentary after the tables, as a section's comment, where
// handrec show prints it.
func (bd *dgBuilder) addEnd(c model.Comment) {
	r := bd.r
	if len(r.Sections) == 0 || r.Sections[len(r.Sections)-1].Tag.Name != "Commentary" {
		r.Sections = append(r.Sections, model.Section{Tag: model.Tag{Name: "Commentary", Pos: c.Pos}})
	}
	s := &r.Sections[len(r.Sections)-1]
	s.Comments = append(s.Comments, c)
}
