package diagram

import (
	"regexp"
	"strings"

	"handrec/model"
)

// dgBuilder makes one record of a deal's blocks.
type dgBuilder struct {
	name  string
	r     *model.Record
	seats seatResolver
	lead  string
	// leadPos is where the lead was given
	leadPos model.Pos
	deal    *dealBuild
	// sized says the deal dgBuilder reported a hand of the wrong size, which
	// Validate would report again
	sized  bool
	tables []*tableRead
}

func (bd *dgBuilder) pos(line, off int) model.Pos { return model.Pos{Line: line, Col: off + 1} }

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
	bd := &dgBuilder{name: d.name, r: r}
	var corner []kvAt
	bd.diagram(cur.diag, &corner)
	bd.pre(cur.pre)
	for _, kv := range corner {
		bd.applyKey(kv.key, kv.value, kv.pos)
	}
	bd.post(cur.post)
	if r.Event == nil {
		r.Event = d.event
	}
	d.event = r.Event
	bd.finishLead()
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
	groups := groupHands(hs)
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
	if len(stacked) > 0 && !placeStacked(stacked) {
		r.Errorf(bd.pos(stacked[0].line(), stacked[0].hs[0].off),
			"the %d hands do not stand as a diagram's: expected North above, West and East beside each other, South below", len(stacked))
		stacked = nil
	}
	bd.labelStacked(stacked, loose)
	bd.placeLined(lined)
	bd.compass(box)
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

// diagramCells sorts the cells of a diagram's lines: holdings, keys of
// the corner, the compass box, and the rest (labels, stray text).
type diagramCells struct {
	bd               *dgBuilder
	corner           *[]kvAt
	hs               [][]holding
	loose, box       []*looseCell
	boxL, boxR, boxT int // the compass box's columns and top line; boxL -1 outside it
}

// line sorts the cells of one line.
func (sc *diagramCells) line(l dline) {
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

// cell sorts one cell.
func (sc *diagramCells) cell(c cell, line int) {
	if sc.boxL >= 0 && line > sc.boxT && c.col >= sc.boxL && c.end() <= sc.boxR+1 {
		sc.box = append(sc.box, &looseCell{cell: c, line: line})
		if boxEdge.MatchString(c.text) {
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
		g.label, g.lpos = best.text, bd.pos(best.line, best.off)
		if s, ok := seatWord(best.text); ok && len(best.text) > 1 {
			// a seat's name: show prints it where the record names no
			// player (a letter is a player's, as the book rubbers name them)
			if s != g.seat {
				r.Errorf(g.lpos, "the hand labelled %q stands at %s's place", best.text, g.seat.Name())
			}
			continue
		}
		r.ReadFact(model.PlayerFact(g.seat), best.text)
		r.Facts[model.PlayerFact(g.seat)].Pos = g.lpos
		bd.seats.add(best.text, g.seat)
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
func (bd *dgBuilder) compass(box []*looseCell) {
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
		return
	}
	// top, the two of the middle line (left, right), bottom
	if ls[1].line != ls[2].line || ls[0].line >= ls[1].line || ls[3].line <= ls[1].line {
		return
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
}

// pre reads the blocks before the diagram: heading lines (key and value),
// the heading line handrec show prints (event, site, date), commentary.
func (bd *dgBuilder) pre(blocks []*block) {
	r := bd.r
	for i, b := range blocks {
		if headingBlock(b) {
			bd.keys(b)
			continue
		}
		if i == 0 && len(b.lines) == 1 && r.Event == nil {
			ev, date := showHeading(b.lines[0].text)
			p := bd.pos(b.lines[0].n, 0)
			if ev != "" {
				r.ReadFact(model.FactEvent, ev)
				r.Facts[model.FactEvent].Pos = p
			}
			if date != "" {
				r.ReadFact(model.FactDate, date)
				r.Facts[model.FactDate].Pos = p
			}
			continue
		}
		r.Leading = append(r.Leading, model.Comment{Text: blockText(b), Pos: bd.pos(b.lines[0].n, 0)})
	}
}

// keys applies a heading block's keys, a line each.
func (bd *dgBuilder) keys(b *block) {
	for _, l := range b.lines {
		k, v, _ := keyValue(l.text, false)
		bd.applyKey(k, v, bd.pos(l.n, strings.Index(l.text, strings.TrimSpace(l.text))))
	}
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
			last.readNotes(b)
		case bDD:
			bd.ddTable(b)
		case bTraveller:
			bd.travellerTable(b)
		case bText:
			if headingBlock(b) && !opensDeal(b) {
				bd.keys(b)
				continue
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
	bd.contractOfAuction()
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
