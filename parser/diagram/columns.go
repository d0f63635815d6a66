package diagram

import (
	"strings"
	"unicode/utf8"

	"handrec/model"
)

// A newspaper column as typed or OCR'd loses its gutters: one space
// stands where the print set West's and East's hands apart, so that the
// diagram's middle rows give both hands' lines of a suit on one line,
// under a line of the seats' names:
//
//	NORTH
//	S-Q 9
//	...
//	WEST EAST
//	S-A 10 8 6 4 S-K J 3
//	H-Q 2 H-A J 10 9 3
//	...
//	SOUTH
//	S-7 5 2
//
// The hands stand nowhere a diagram's would; the label lines name them. A
// line of seats' names alone names the seats of the lines under it, left
// to right; a line that holds the same suit's mark twice is two hands'
// lines, the first mark opening the right-hand hand's.

// columnHands reads a diagram whose hands a label line names each: false
// when blocks are no such diagram (no label line of two seats, no line
// that holds a suit twice, a line that is neither a label nor suits, or
// one whose hands a gutter of two blanks parts, as stacked hands stand).
func (bd *dgBuilder) columnHands(blocks []*block) ([]*handGroup, *block, bool) {
	var gs [4]*handGroup
	var seats []model.Seat
	var first *block
	twice := false
	var faults []dline // lines under two seats that give one suit once
	for _, b := range blocks {
		if b.kind != bDiagram && !columnLabels(b) {
			return nil, nil, false
		}
		if first == nil {
			first = b
		}
		for _, l := range b.lines {
			if ss, ok := bd.labelLine(l, &gs); ok {
				seats = ss
				continue
			}
			hs, ok := lineHoldings(l)
			if !ok || len(seats) == 0 || len(cellsOf(l.text, 2)) > 1 {
				// a gutter kept: the diagram stands as the books set it
				return nil, nil, false
			}
			k := len(hs)
			if len(seats) == 2 {
				if k = secondMark(hs); k < 0 {
					faults = append(faults, l)
					continue
				}
				twice = true
			}
			gs[seats[0]].hs = append(gs[seats[0]].hs, hs[:k]...)
			if len(seats) == 2 {
				gs[seats[1]].hs = append(gs[seats[1]].hs, hs[k:]...)
			}
		}
	}
	var out []*handGroup
	for _, g := range gs {
		if g != nil && len(g.hs) > 0 {
			out = append(out, g)
		}
	}
	if !twice || len(out) == 0 {
		return nil, nil, false
	}
	for _, g := range out {
		if g.dealer {
			bd.setDealer(g.seat, g.lpos)
		}
	}
	for _, l := range faults {
		t := strings.TrimSpace(l.text)
		bd.r.Errorf(bd.pos(l.n, strings.Index(l.text, t)), "%q stands under two hands but gives no suit twice: expected the left-hand hand's line, a blank, and the right-hand hand's (not read)", t)
	}
	return out, first, true
}

// columnLabels reports whether a text block is a label line of seats
// alone ("SOUTH" parted from its hand by a blank line).
func columnLabels(b *block) bool {
	return len(b.lines) == 1 && len(seatsNamed(b.lines[0].text)) > 0
}

// labelLine reads a line of seats' names alone ("WEST EAST", "NORTH",
// "SOUTH (dealer)"), opening each seat's hand in gs, the dealer's mark
// kept for the diagram once read.
func (bd *dgBuilder) labelLine(l dline, gs *[4]*handGroup) ([]model.Seat, bool) {
	ws := seatsNamed(l.text)
	if len(ws) == 0 {
		return nil, false
	}
	var seats []model.Seat
	for _, w := range ws {
		name, dealer := labelParts(w.text)
		s, _ := seatWord(name)
		if gs[s] != nil {
			return nil, false // a seat named twice: no such diagram
		}
		gs[s] = &handGroup{seat: s, label: name, lpos: bd.pos(l.n, w.off), dealer: dealer}
		seats = append(seats, s)
	}
	return seats, true
}

// seatsNamed are the seats' names of a line that holds nothing else, one
// or two, each with its dealer's mark if any; nil for any other line.
func seatsNamed(s string) []cell {
	var out []cell
	for _, w := range words(cell{text: s}) {
		if dealerMark.MatchString(" "+w.text) && len(out) > 0 && !strings.Contains(out[len(out)-1].text, "(") {
			last := &out[len(out)-1]
			last.text = s[last.off : w.off+len(w.text)] // "NORTH (dealer)"
			continue
		}
		if st, ok := seatWord(w.text); !ok || len(strings.Trim(w.text, ":.")) < 4 || !st.Valid() {
			return nil
		}
		out = append(out, w)
	}
	if len(out) > 2 {
		return nil
	}
	return out
}

// lineHoldings reads a line of suits, no label before them.
func lineHoldings(l dline) ([]holding, bool) {
	t := strings.TrimSpace(l.text)
	if t == "" {
		return nil, false
	}
	lead := strings.Index(l.text, t)
	hs, ok := holdingsOf(cell{text: t, off: lead, col: utf8.RuneCountInString(l.text[:lead])}, l.n)
	if !ok || hs[0].label != "" {
		return nil, false
	}
	return hs, true
}

// secondMark is the index of the holding that gives a suit the line gave
// before (the right-hand hand's first), -1 when none does.
func secondMark(hs []holding) int {
	var seen [4]bool
	for i, h := range hs {
		if seen[h.suit] {
			return i
		}
		seen[h.suit] = true
	}
	return -1
}
