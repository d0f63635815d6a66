package diagram

import (
	"strings"

	"handrec/model"
)

// A book may set the four hands as a table: the players over four
// columns and a suit a row,
//
//	         Y             A             B             Z
//	Hearts   A, 10, 6      K, 8, 7       5, 4, 2       Q, J, 9, 3
//
// or the suits over four columns and a hand a row,
//
//	        Spades      Hearts      Diamonds    Clubs
//	North   A K 3       Q J 10 2    9 8 7       6 5 4
//
// A cell belongs to the column heading it stands nearest; a cell left
// empty, or "—", is a void.

// gridHands reads the hands of a diagram set as a table; false when
// blocks are no such table.
func (bd *dgBuilder) gridHands(blocks []*block) ([]*handGroup, *block, bool) {
	var b *block
	for _, x := range blocks {
		if x.kind != bDiagram {
			continue // the corner's keys
		}
		if b != nil {
			return nil, nil, false
		}
		b = x
	}
	if b == nil || len(b.lines) < 3 {
		return nil, nil, false
	}
	var gs []*handGroup
	ok := false
	if heads := seatHeads(b.lines[0].text); heads != nil && len(heads) == 4 {
		gs, ok = bd.gridBySeat(b, heads)
	} else if heads, isSuits := suitHeads(b.lines[0]); isSuits {
		gs, ok = bd.gridBySuit(b, heads)
	}
	return gs, b, ok
}

// gridCol is a column of a grid: where its heading stands, and what it
// names (a seat, or a suit).
type gridCol struct {
	col  int
	seat model.Seat
	suit model.Suit
	name string
}

// nearest is the column a cell starting at display column c stands under.
func nearest(cols []gridCol, c int) int {
	best, bd := 0, 1<<30
	for i, h := range cols {
		if d := abs(c - h.col); d < bd {
			best, bd = i, d
		}
	}
	return best
}

// gridBySeat reads a table of the players over columns, a suit a row.
func (bd *dgBuilder) gridBySeat(b *block, heads []head) ([]*handGroup, bool) {
	cols := make([]gridCol, 4)
	seats, letters := 0, 0
	for i, h := range heads {
		w := strings.TrimSpace(sliceCols(b.lines[0].text, h.col, h.end))
		cols[i] = gridCol{col: h.col, name: w, seat: model.NoSeat}
		if s, ok := seatWord(w); ok {
			cols[i].seat = s
			seats++
		}
		if len(w) == 1 {
			letters++
		}
	}
	if seats < 4 {
		if letters < 4 {
			return nil, false
		}
		var ls []string
		for _, c := range cols {
			ls = append(ls, strings.ToUpper(c.name))
		}
		seating, _ := bookSeating(ls)
		for i := range cols {
			s, ok := seating[strings.ToUpper(cols[i].name)]
			if !ok {
				return nil, false
			}
			cols[i].seat = s
		}
	}
	groups := make([]*handGroup, 4)
	for i, c := range cols {
		groups[i] = &handGroup{seat: c.seat, oneLine: true, label: c.name, lpos: bd.pos(b.lines[0].n, byteAt(b.lines[0].text, c.col))}
	}
	for _, l := range b.lines[1:] {
		cs := cellsOf(l.text, 2)
		if len(cs) == 0 {
			continue
		}
		m, ok := markerAt(cs[0].text, 0)
		if !ok || m.letter && !m.dash && m.n < len(cs[0].text) {
			return nil, false
		}
		if rest := cs[0].text[m.n:]; strings.TrimSpace(rest) != "" { // "Hearts A, 10, 6": the first cell set on
			at := len(cs[0].text) - len(strings.TrimLeft(rest, " "))
			cs[0] = cell{text: cs[0].text[at:], off: cs[0].off + at, col: cs[0].col + runeCount(cs[0].text[:at])}
		} else {
			cs = cs[1:]
		}
		var got [4]*holding
		for _, c := range cs {
			i := nearest(cols, c.col)
			h := holding{suit: m.suit, line: l.n, off: c.off, col: c.col}
			readRanks(&h, c.text, c.off)
			if got[i] != nil {
				return nil, false
			}
			got[i] = &h
		}
		for i, g := range groups {
			h := got[i]
			if h == nil {
				h = &holding{suit: m.suit, line: l.n, off: cs0(l.text), void: true}
			}
			g.hs = append(g.hs, *h)
		}
	}
	return groups, true
}

// suitHeads reads a grid's heading of the four suits over columns.
func suitHeads(l dline) ([]gridCol, bool) {
	var cols []gridCol
	var seen [4]bool
	for _, w := range words(cell{text: l.text}) {
		t := strings.TrimRight(w.text, ":.")
		su, ok := suitWords[strings.ToLower(t)]
		if r := []rune(t); len(r) == 1 {
			su, ok = suitSymbols[r[0]]
		}
		if !ok {
			return nil, false
		}
		if seen[su] {
			return nil, false
		}
		seen[su] = true
		cols = append(cols, gridCol{col: w.col, suit: su})
	}
	return cols, len(cols) == 4
}

// gridBySuit reads a table of the suits over columns, a hand a row, its
// seat (or player's letter) first.
func (bd *dgBuilder) gridBySuit(b *block, cols []gridCol) ([]*handGroup, bool) {
	var groups []*handGroup
	var letters []string
	for _, l := range b.lines[1:] {
		cs := cellsOf(l.text, 2)
		if len(cs) < 2 {
			return nil, false
		}
		name, _ := labelParts(strings.TrimRight(cs[0].text, ":"))
		g := &handGroup{seat: model.NoSeat, oneLine: true, label: name, lpos: bd.pos(l.n, cs[0].off)}
		if s, ok := seatWord(name); ok {
			g.seat = s
		} else if len(name) == 1 {
			letters = append(letters, strings.ToUpper(name))
		} else {
			return nil, false
		}
		var got [4]*holding
		for _, c := range cs[1:] {
			i := nearest(cols, c.col)
			h := holding{suit: cols[i].suit, line: l.n, off: c.off, col: c.col}
			readRanks(&h, c.text, c.off)
			if got[i] != nil {
				return nil, false
			}
			got[i] = &h
		}
		for i, c := range cols {
			h := got[i]
			if h == nil {
				h = &holding{suit: c.suit, line: l.n, off: cs[0].off, void: true}
			}
			g.hs = append(g.hs, *h)
		}
		groups = append(groups, g)
	}
	if len(letters) > 0 {
		seating, _ := bookSeating(letters)
		for _, g := range groups {
			if !g.seat.Valid() {
				s, ok := seating[strings.ToUpper(g.label)]
				if !ok {
					return nil, false
				}
				g.seat = s
			}
		}
	}
	return groups, len(groups) >= 3
}

// cs0 is the offset of a line's first character that is not a blank.
func cs0(s string) int { return len(s) - len(strings.TrimLeft(s, " \t")) }

func runeCount(s string) int { return len([]rune(s)) }
