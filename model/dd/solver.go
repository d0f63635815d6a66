package dd

import (
	"math/bits"
)

// A card is a bit index suit*16+rank (rank 2 to 14), as in model.Hand.

const nt = 4 // the trump "suit" at no trump

// trick is the state of the trick being played.
type trick struct {
	suit   int    // the suit led
	winner int    // the seat winning so far
	win    int    // the value of the winning card (trumps above the suit led)
	wcard  int    // the winning card
	played uint64 // the cards played to it
}

// search is the state of one solve: the hands, the strain and the table.
type search struct {
	hands [4]uint64
	trump int
	tt    *table
	nodes int64
}

// A rel says which cards an answer relied on: for each suit (four bits
// each) the lowest rank that won a trick by rank; 15 for none.
type rel = uint16

const relNone rel = 0xffff

func relMin(a, b rel) rel {
	var out rel
	for s := 0; s < 16; s += 4 {
		out |= min(a>>s&15, b>>s&15) << s
	}
	return out
}

// relCard marks card c (bit index) as one that won by rank.
func relCard(r rel, c int) rel {
	s := uint(c>>4) * 4
	if rank := rel(c & 15); rank < r>>s&15 {
		r = r&^(15<<s) | rank<<s
	}
	return r
}

func suitOf(h uint64, su int) uint16 { return uint16(h >> (16 * uint(su))) }

func top16(m uint16) int { return 15 - bits.LeadingZeros16(m) }

// value is a card's strength in a trick led in suit led.
func (s *search) value(card, led int) int {
	su := card >> 4
	switch {
	case su == s.trump:
		return 32 + card&15
	case su == led:
		return card & 15
	}
	return 0
}

func (s *search) all() uint64 { return s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3] }

// toTops turns a rel into the count of top cards of each suit it covers.
func toTops(all uint64, r rel) uint16 {
	var tops uint16
	for su := 0; su < 4; su++ {
		thr := uint(r >> (4 * uint(su)) & 15)
		tops |= uint16(bits.OnesCount16(suitOf(all, su)>>thr)) << (4 * uint(su))
	}
	return tops
}

// fromTops turns counts of top cards back into a rel for this position.
func fromTops(all uint64, tops uint16) rel {
	r := relNone
	for su := 0; su < 4; su++ {
		m := suitOf(all, su)
		for k := tops >> (4 * uint(su)) & 15; k > 0; k-- {
			r = relCard(r, su<<4|top16(m))
			m &^= 1 << uint(top16(m))
		}
	}
	return r
}

// lead answers: with leader to lead, can North-South take at least target
// of the tricks left? It is called at the start of each trick, and says
// which cards the answer relied on.
func (s *search) lead(leader, target int) (bool, rel) {
	n := bits.OnesCount64(s.hands[leader])
	if target <= 0 {
		return true, relNone
	}
	if target > n {
		return false, relNone
	}
	if n == 1 {
		got, r := s.lastTrick(leader)
		return got >= target, r
	}
	s.nodes++
	p := s.position(leader)
	lb, ub, lbTops, ubTops, best := s.tt.lookup(&p, n)
	if lb >= target {
		return true, fromTops(s.all(), lbTops)
	}
	if ub < target {
		return false, fromTops(s.all(), ubTops)
	}
	if ok, r, done := s.bounds(leader, target, n); done {
		return ok, r
	}
	ok, r, mv := s.playLead(leader, target, best)
	tops := toTops(s.all(), r)
	if ok {
		s.tt.store(&p, tops, target, n, mv)
	} else {
		s.tt.store(&p, tops, 0, target-1, mv)
	}
	return ok, r
}

// bounds settles the question without search when the quick tricks of the
// side on lead or the top trump decide it.
func (s *search) bounds(leader, target, n int) (ok bool, r rel, done bool) {
	q, qr := s.quickTricks(leader)
	if leader&1 == 0 && q >= target {
		return true, qr, true
	}
	if leader&1 == 1 && n-q < target {
		return false, qr, true
	}
	if s.trump == nt {
		return false, 0, false
	}
	ns, ew := suitOf(s.hands[0]|s.hands[2], s.trump), suitOf(s.hands[1]|s.hands[3], s.trump)
	if ns == 0 && ew == 0 {
		return false, 0, false
	}
	top := relCard(relNone, s.trump<<4|top16(ns|ew))
	if ew > ns && target > n-1 {
		return false, top, true
	}
	if ns > ew && target <= 1 {
		return true, top, true
	}
	return false, 0, false
}

// playLead tries the leads of leader; it returns the answer, what it
// relied on and, when a lead decided it, that lead in the table's form.
func (s *search) playLead(leader, target int, best uint8) (bool, rel, uint8) {
	var mv moveList
	s.leadMoves(leader, &mv, best)
	max := leader&1 == 0
	r := relNone
	for i := 0; i < mv.n; i++ {
		c := int(mv.card[i])
		bit := uint64(1) << uint(c)
		s.hands[leader] &^= bit
		t := trick{suit: c >> 4, winner: leader, win: s.value(c, c>>4), wcard: c, played: bit}
		ok, cr := s.follow(leader, 1, &t, target)
		s.hands[leader] |= bit
		if ok == max {
			return ok, cr, s.place(c)
		}
		r = relMin(r, cr)
	}
	return !max, r, noBest
}

// follow plays the pos-th card of the trick (1 to 3).
func (s *search) follow(leader, pos int, t *trick, target int) (bool, rel) {
	p := (leader + pos) & 3
	var mv moveList
	s.followMoves(p, pos, t, &mv)
	max := p&1 == 0
	r := relNone
	for i := 0; i < mv.n; i++ {
		c := int(mv.card[i])
		bit := uint64(1) << uint(c)
		nt := *t
		nt.played |= bit
		if v := s.value(c, t.suit); v > nt.win {
			nt.win, nt.winner, nt.wcard = v, p, c
		}
		s.hands[p] &^= bit
		var ok bool
		var cr rel
		if pos == 3 {
			got := 0
			if nt.winner&1 == 0 {
				got = 1
			}
			ok, cr = s.lead(nt.winner, target-got)
			cr = byRank(cr, &nt)
		} else {
			ok, cr = s.follow(leader, pos+1, &nt, target)
		}
		s.hands[p] |= bit
		if ok == max {
			return ok, cr
		}
		r = relMin(r, cr)
	}
	return !max, r
}

// byRank adds the trick's winning card to r when it beat another card of
// its suit.
func byRank(r rel, t *trick) rel {
	su := uint(t.wcard >> 4)
	if bits.OnesCount16(suitOf(t.played, int(su))) > 1 {
		return relCard(r, t.wcard)
	}
	return r
}

// lastTrick is the number of tricks (0 or 1) North-South take when each
// hand holds one card.
func (s *search) lastTrick(leader int) (int, rel) {
	c := bits.TrailingZeros64(s.hands[leader])
	t := trick{suit: c >> 4, winner: leader, win: s.value(c, c>>4), wcard: c, played: s.all()}
	for i := 1; i < 4; i++ {
		p := (leader + i) & 3
		c := bits.TrailingZeros64(s.hands[p])
		if v := s.value(c, t.suit); v > t.win {
			t.winner, t.win, t.wcard = p, v, c
		}
	}
	r := byRank(relNone, &t)
	if t.winner&1 == 0 {
		return 1, r
	}
	return 0, r
}

// place is a card in the table's form: its suit and how many cards left in
// play rank above it.
func (s *search) place(c int) uint8 {
	return placeIn(suitOf(s.all(), c>>4), c)
}

func placeIn(pres uint16, c int) uint8 {
	above := pres &^ (uint16(2)<<uint(c&15) - 1)
	return uint8(c>>4<<4 | bits.OnesCount16(above))
}
