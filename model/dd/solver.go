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
	played uint64 // the cards played to it
}

// search is the state of one solve: the hands, the strain and the table.
type search struct {
	hands [4]uint64
	trump int
	tt    *table
	nodes int64
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

// lead answers: with leader to lead, can North-South take at least target
// of the tricks left? It is called at the start of each trick.
func (s *search) lead(leader, target int) bool {
	n := bits.OnesCount64(s.hands[leader])
	if target <= 0 {
		return true
	}
	if target > n {
		return false
	}
	if n == 1 {
		return s.lastTrick(leader) >= target
	}
	s.nodes++
	// The bounds cost less than a look in the table, whose entries are
	// mostly far from the cache, so they come first and what they decide
	// is not stored.
	if lo, hi := s.bounds(leader, n); lo >= target {
		return true
	} else if hi < target {
		return false
	}
	k1, k2 := s.key(leader)
	best := uint8(noBest)
	if e := s.tt.lookup(k1, k2); e != nil {
		if int(e.lb) >= target {
			return true
		}
		if int(e.ub) < target {
			return false
		}
		best = e.best
	}
	ok, mv := s.playLead(leader, target, best)
	if ok {
		s.tt.store(k1, k2, target, n, n, mv)
	} else {
		s.tt.store(k1, k2, 0, target-1, n, mv)
	}
	return ok
}

// bounds bounds North-South's tricks without search: by the quick tricks
// of the side on lead, and by the top trump, whose holder's side takes a
// trick.
func (s *search) bounds(leader, n int) (lo, hi int) {
	lo, hi = 0, n
	if q := s.quickTricks(leader); leader&1 == 0 {
		lo = q
	} else {
		hi = n - q
	}
	if s.trump != nt {
		ns, ew := suitOf(s.hands[0]|s.hands[2], s.trump), suitOf(s.hands[1]|s.hands[3], s.trump)
		if ns > ew {
			lo = max(lo, sureTrumps(suitOf(s.hands[0], s.trump), suitOf(s.hands[2], s.trump), ew))
		} else if ew > ns {
			hi = min(hi, n-sureTrumps(suitOf(s.hands[1], s.trump), suitOf(s.hands[3], s.trump), ns))
		}
	}
	return lo, hi
}

// sureTrumps counts the tricks a side's trumps above every trump of the
// opponents (opp) take for certain: each wins the trick it is played to,
// and one hand's such trumps go to different tricks.
func sureTrumps(a, b, opp uint16) int {
	var above uint16 = 0xffff
	if opp != 0 {
		above = ^(uint16(2)<<uint(top16(opp)) - 1)
	}
	return max(bits.OnesCount16(a&above), bits.OnesCount16(b&above))
}

// playLead tries the leads of leader; it returns the answer and, when a
// lead decided it, that lead in the table's form.
func (s *search) playLead(leader, target int, best uint8) (bool, uint8) {
	var mv moveList
	s.leadMoves(leader, &mv, best)
	max := leader&1 == 0
	for i := 0; i < mv.n; i++ {
		c := int(mv.card[i])
		bit := uint64(1) << uint(c)
		s.hands[leader] &^= bit
		t := trick{suit: c >> 4, winner: leader, win: s.value(c, c>>4), played: bit}
		ok := s.follow(leader, 1, t, target)
		s.hands[leader] |= bit
		if ok == max {
			return ok, s.place(c)
		}
	}
	return !max, noBest
}

// follow plays the pos-th card of the trick (1 to 3). The trick goes by
// value: a pointer would make the compiler move each copy to the heap, as
// follow calls itself.
func (s *search) follow(leader, pos int, t trick, target int) bool {
	p := (leader + pos) & 3
	var mv moveList
	s.followMoves(p, pos, &t, &mv)
	max := p&1 == 0
	for i := 0; i < mv.n; i++ {
		c := int(mv.card[i])
		bit := uint64(1) << uint(c)
		nt := t
		nt.played |= bit
		if v := s.value(c, t.suit); v > nt.win {
			nt.win, nt.winner = v, p
		}
		s.hands[p] &^= bit
		var ok bool
		if pos == 3 {
			got := 0
			if nt.winner&1 == 0 {
				got = 1
			}
			ok = s.lead(nt.winner, target-got)
		} else {
			ok = s.follow(leader, pos+1, nt, target)
		}
		s.hands[p] |= bit
		if ok == max {
			return ok
		}
	}
	return !max
}

// lastTrick is the number of tricks (0 or 1) North-South take when each
// hand holds one card.
func (s *search) lastTrick(leader int) int {
	c := bits.TrailingZeros64(s.hands[leader])
	led := c >> 4
	w, win := leader, s.value(c, led)
	for i := 1; i < 4; i++ {
		p := (leader + i) & 3
		if v := s.value(bits.TrailingZeros64(s.hands[p]), led); v > win {
			w, win = p, v
		}
	}
	if w&1 == 0 {
		return 1
	}
	return 0
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
