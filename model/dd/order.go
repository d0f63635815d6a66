package dd

import "math/bits"

// Move ordering after DDS (Moves.cpp, WeightAlloc*): each move gets a
// weight from what the cards left say of the trick it starts or joins,
// and the moves are tried heaviest first. Ranks are 2 to 14 as in DDS;
// rel is a card's place among the cards of its suit left in the hands (1
// the top), DDS's relRank.

// hi is the highest rank in m, 0 if none.
func hi(m uint16) int {
	if m == 0 {
		return 0
	}
	return top16(m)
}

// lo is the lowest rank in m, 0 if none.
func lo(m uint16) int {
	if m == 0 {
		return 0
	}
	return bits.TrailingZeros16(m)
}

// relRank is rank r's place from the top among the cards aggr.
func relRank(aggr uint16, r int) int {
	return 1 + bits.OnesCount16(aggr&^(uint16(2)<<uint(r)-1))
}

// inSeq reports whether the move r of mine stands for more than one card:
// the next card in play below it is mine too.
func inSeq(mine, pres uint16, r int) bool {
	below := pres & (uint16(1)<<uint(r) - 1)
	return below != 0 && mine>>uint(top16(below))&1 != 0
}

// holder is the hand holding card c, -1 if none does.
func (s *search) holderOf(c int) int {
	for h := 0; h < 4; h++ {
		if s.hands[h]>>uint(c)&1 != 0 {
			return h
		}
	}
	return -1
}

// leadSuit is what the lead weights look at in one suit: the hands
// around the leader, their lengths and holdings, and who holds the top
// three cards.
type leadSuit struct {
	p, lho, pa, rho int
	su, trump, n    int
	cnt, cl, cr, cp int
	lm, rm, pm      uint16
	tm, tl, tr, tp  uint16 // the trumps of the leader, lho, rho and partner
	w1, w2          int    // the top two ranks, 0 if none
	h1, h2, h3      int    // the holders of the top three cards, -1 if none
	killer          int    // the card that last settled a lead this deep
}

func (s *search) leadSuit(p, su int, pres uint16, n int) leadSuit {
	l := leadSuit{p: p, lho: (p + 1) & 3, pa: p ^ 2, rho: (p + 3) & 3, su: su, trump: s.trump, n: n}
	l.lm, l.rm, l.pm = suitOf(s.hands[l.lho], su), suitOf(s.hands[l.rho], su), suitOf(s.hands[l.pa], su)
	l.cnt = bits.OnesCount16(suitOf(s.hands[p], su))
	l.cl, l.cr, l.cp = bits.OnesCount16(l.lm), bits.OnesCount16(l.rm), bits.OnesCount16(l.pm)
	if s.trump != nt {
		l.tm, l.tl = suitOf(s.hands[p], s.trump), suitOf(s.hands[l.lho], s.trump)
		l.tr, l.tp = suitOf(s.hands[l.rho], s.trump), suitOf(s.hands[l.pa], s.trump)
	}
	l.h1, l.h2, l.h3 = -1, -1, -1
	x := pres
	if x != 0 {
		l.w1 = top16(x)
		l.h1 = s.holderOf(su<<4 | l.w1)
		x &^= 1 << uint(l.w1)
	}
	if x != 0 {
		l.w2 = top16(x)
		l.h2 = s.holderOf(su<<4 | l.w2)
		x &^= 1 << uint(l.w2)
	}
	if x != 0 {
		l.h3 = s.holderOf(su<<4 | top16(x))
	}
	return l
}

// leadMoves lists the leads of p, best first; best is the lead the table
// remembers, or noBest, and goes first.
func (s *search) leadMoves(p int, mv *moveList, best uint8) {
	all := s.all()
	n := bits.OnesCount64(s.hands[p])
	trumps := s.trump != nt && suitOf(all, s.trump) != 0
	for su := 0; su < 4; su++ {
		mine := suitOf(s.hands[p], su)
		if mine == 0 {
			continue
		}
		pres := suitOf(all, su)
		l := s.leadSuit(p, su, pres, n)
		l.killer = int(s.killer[n])
		for m := seqTops(mine, pres); m != 0; m &= m - 1 {
			r := bits.TrailingZeros16(m)
			c := su<<4 | r
			seq := inSeq(mine, pres, r)
			rel := relRank(pres, r)
			var sc int
			switch {
			case best != noBest && placeIn(pres, c) == best:
				sc = 1000
			case trumps:
				sc = l.trump0(r, rel, seq)
			default:
				sc = l.nt0(r, rel, seq)
			}
			mv.add(c, sc)
		}
	}
}

// lenDelta is DDS's estimate of the search a lead costs: the more cards
// the opponents may choose from, the worse.
func (l *leadSuit) lenDelta(div int) int {
	cl, cr := l.cl, l.cr
	if cl == 0 {
		cl = l.n
	}
	if cr == 0 {
		cr = l.n
	}
	return -(((cl<<2 + cr<<2) << 5) / div)
}

// trumpBonus is the part of a trump-contract lead's weight that depends
// on the suit alone.
func (l *leadSuit) trumpBonus() int {
	b := 0
	side := l.su != l.trump
	if side && (l.lm == 0 && l.tl != 0 || l.rm == 0 && l.tr != 0) {
		b = -12 // an opponent ruffs
	}
	if side && l.cp == 0 && l.tp != 0 && l.cr > 0 {
		b += 17 // partner ruffs
	}
	if l.h1 == l.rho || l.h2 == l.rho {
		if l.cr != 1 {
			b -= 12
		}
	} else if l.h1 == l.lho && l.h2 == l.pa && l.cp != 1 {
		b += 27
	}
	if side && l.cnt == 1 && l.tm != 0 && l.cp > 1 && l.h1 == l.pa {
		b += 19 // partner wins and gives a ruff
	}
	return b
}

// trumpWins reports whether the lead of rank r wins the trick for the
// leader's side in a trump contract, as DDS judges it.
func (l *leadSuit) trumpWins(r int) bool {
	if l.su == l.trump {
		return l.w1 == r || l.pm > l.lm|l.rm
	}
	lhoOK := l.lm != 0 || l.tl == 0 // lho cannot ruff
	rhoOK := l.rm != 0 || l.tr == 0
	switch {
	case l.w1 == r:
		if l.pm != 0 || l.tp == 0 {
			return lhoOK && rhoOK
		}
		return (l.lm != 0 || l.tp > l.tl) && (l.rm != 0 || l.tp > l.tr)
	case l.pm > l.lm|l.rm:
		return lhoOK && rhoOK
	case l.pm == 0 && l.tp != 0:
		lr, rr := !lhoOK, !rhoOK
		switch {
		case lr && rr:
			return l.tp > l.tl|l.tr
		case lr:
			return l.tp > l.tl
		case rr:
			return l.tp > l.tr
		}
		return true
	}
	return false
}

// trump0 weighs a lead of rank r in a trump contract (DDS's
// WeightAllocTrump0).
func (l *leadSuit) trump0(r, rel int, seq bool) int {
	d := l.trumpBonus() + l.lenDelta(13)
	stiff := l.cl == 1 && l.h1 == l.lho || l.cr == 1 && l.h1 == l.rho
	killer := l.killer == l.su<<4|r
	if l.trumpWins(r) {
		var w int
		switch {
		case stiff:
			w = d + 35 + rel
		case l.h1 == l.p && l.h2 == l.pa:
			w = d + 48 + rel
		case l.h1 == l.p && l.w1 == r:
			w = d + 31
		case l.h1 == l.p:
			w = d - 3 + rel
		case l.h1 == l.pa && l.h2 == l.p:
			w = d + 42 + rel
		case l.h1 == l.pa:
			w = d + 28 + rel
		case seq && r == l.w2:
			w = d + 40
		case seq:
			w = d + 22 + rel
		default:
			w = d + 11 + rel
		}
		if killer {
			w += 55
		}
		return w
	}
	d += l.nextRound(20, 13)
	var w int
	switch {
	case stiff:
		w = d + rel + 2
	case l.h1 == l.p && l.h2 == l.pa:
		w = d + 33 + rel
	case l.h1 == l.p && l.w1 == r:
		w = d + 38
	case l.h1 == l.p:
		w = d - 14 + rel
	case l.h1 == l.pa:
		w = d + 34 + rel
	case seq && r == l.w2:
		w = d + 35
	default:
		w = d + 17 - r
	}
	if killer {
		w += 18
	}
	return w
}

// nextRound is the bonus for a suit in which the leader's side holds the
// second and third cards, and so the top one the round after: a when
// partner holds both, b when the two hands share them.
func (l *leadSuit) nextRound(a, b int) int {
	switch {
	case l.h2 == l.pa && l.h3 == l.pa:
		return a
	case l.cp > 1 && (l.h2 == l.p && l.h3 == l.pa || l.h2 == l.pa && l.h3 == l.p):
		return b
	}
	return 0
}

// nt0 weighs a lead of rank r at no trump (DDS's WeightAllocNT0).
func (l *leadSuit) nt0(r, rel int, seq bool) int {
	d := l.lenDelta(19)
	if l.cp == 0 {
		d -= 9
	}
	killer := l.killer == l.su<<4|r
	if l.w1 == r || l.pm > l.lm|l.rm {
		if l.h2 == l.rho {
			if l.cr != 1 {
				d--
			}
		} else if l.h2 == l.lho {
			if l.cl != 1 {
				d += 22
			} else {
				d += 16
			}
		}
		w := d + 18 + rel
		if (l.h2 != l.lho || l.cl == 1) && (l.h2 != l.rho || l.cr == 1) {
			w = d + 45 + rel
		}
		if killer {
			w += 126
		}
		return w
	}
	if l.h1 == l.rho || l.h2 == l.rho {
		if l.cr != 1 {
			d -= 10
		}
	} else if l.h1 == l.lho && l.h2 == l.pa && l.cp != 1 {
		d += 31
	}
	d += l.nextRound(35, 25)
	var w int
	switch {
	case l.cl == 1 && l.h1 == l.lho || l.cr == 1 && l.h1 == l.rho:
		w = d + 28 + rel
	case l.h1 == l.p:
		w = d - 17 + rel
	case !seq:
		w = d + 12 + rel
	case r == l.w2:
		w = d + 48
	default:
		w = d + 29 - rel
	}
	if killer {
		w += 47
	}
	return w
}
