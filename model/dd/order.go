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

// holderOf is the hand holding card c, -1 if none does: the bits of its
// number are whether East or West, and South or West, hold c.
func (s *search) holderOf(c int) int {
	if s.all()>>uint(c)&1 == 0 {
		return -1
	}
	return int((s.hands[1]|s.hands[3])>>uint(c)&1 | (s.hands[2]|s.hands[3])>>uint(c)&1<<1)
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
	tt              bool   // the move is the lead the table remembers
}

func (s *search) leadSuit(l *leadSuit, p, su int, pres uint16, n int) {
	l.p, l.lho, l.pa, l.rho, l.su, l.trump, l.n = p, (p+1)&3, p^2, (p+3)&3, su, s.trump, n
	l.lm, l.rm, l.pm = suitOf(s.hands[l.lho], su), suitOf(s.hands[l.rho], su), suitOf(s.hands[l.pa], su)
	l.cnt = bits.OnesCount16(suitOf(s.hands[p], su))
	l.cl, l.cr, l.cp = bits.OnesCount16(l.lm), bits.OnesCount16(l.rm), bits.OnesCount16(l.pm)
	l.tm, l.tl, l.tr, l.tp = 0, 0, 0, 0
	if s.trump != nt {
		l.tm, l.tl = suitOf(s.hands[p], s.trump), suitOf(s.hands[l.lho], s.trump)
		l.tr, l.tp = suitOf(s.hands[l.rho], s.trump), suitOf(s.hands[l.pa], s.trump)
	}
	l.h1, l.h2, l.h3, l.w1, l.w2 = -1, -1, -1, 0, 0
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
}

// leadMoves lists the leads of p, best first; best is the lead the table
// remembers, or noBest: it weighs more, as DDS's bestMoveTT. DDS's
// bestMove (the lead that last settled a position as deep) is left out:
// beside the cut-off cache it cost searches.
func (s *search) leadMoves(p int, mv *moveList, best uint8) {
	all := s.all()
	n := bits.OnesCount64(s.hands[p])
	trumps := s.trump != nt && suitOf(all, s.trump) != 0
	var l leadSuit
	for su := 0; su < 4; su++ {
		mine := suitOf(s.hands[p], su)
		if mine == 0 {
			continue
		}
		pres := suitOf(all, su)
		s.leadSuit(&l, p, su, pres, n)
		for m := seqTops(mine, pres); m != 0; m &= m - 1 {
			r := bits.TrailingZeros16(m)
			c := su<<4 | r
			seq := inSeq(mine, pres, r)
			rel := relRank(pres, r)
			l.tt = best != noBest && placeIn(pres, c) == best
			if trumps {
				mv.add(c, l.trump0(r, rel, seq))
			} else {
				mv.add(c, l.nt0(r, rel, seq))
			}
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
		if l.tt {
			w += 18
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
	return w // DDS gives no bonus for the table's lead here
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
		if l.tt {
			w += 32
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
	if l.tt {
		w += 19
	}
	return w
}

// followCtx is what the follow weights look at: the trick so far, the
// hand to play and the others by their place in the trick.
type followCtx struct {
	p, pos, leader int
	led, trump     int
	trumps         bool   // trumps are left in play (DDS's ftest)
	win            int    // the rank of the card winning so far
	ruffed         bool   // a trump wins a trick led in another suit
	pres           uint16 // the suit led in play, the trick's cards too
}

// followMoves lists the cards p may play as the pos-th card of trick t,
// tops the moves in the suit led (seqTops), when more than one.
func (s *search) followMoves(p, pos int, t *trick, tops uint16, mv *moveList) {
	all := s.all() | t.played
	mine := suitOf(s.hands[p], t.suit)
	// field by field: a composite literal is built aside and copied, and
	// the copy stalls on the stores just made
	var f followCtx
	f.p, f.pos, f.leader, f.led, f.trump = p, pos, (p-pos)&3, t.suit, s.trump
	f.win, f.ruffed, f.pres = t.wcard&15, t.wcard>>4 != t.suit, suitOf(all, t.suit)
	f.trumps = s.trump != nt && suitOf(all, s.trump) != 0
	if mine == 0 {
		s.discards(&f, t, all, mv)
		return
	}
	switch pos {
	case 1:
		s.second(&f, mine, tops, mv)
	case 2:
		s.third(&f, t, mine, tops, mv)
	default:
		// DDS's WeightAllocCombinedNotvoid3: low when partner wins or
		// the trick is ruffed, else the cheapest winner
		low := t.winner == p^2 || f.ruffed
		for m := tops; m != 0; m &= m - 1 {
			r := bits.TrailingZeros16(m)
			w := -r
			if !low && r > f.win {
				w = 30 - r
			}
			mv.add(f.led<<4|r, w)
		}
	}
}

// second weighs the second hand's moves in the suit led, tops (DDS's
// WeightAllocTrumpNotvoid1 and WeightAllocNTNotvoid1).
func (s *search) second(f *followCtx, mine, tops uint16, mv *moveList) {
	third, fourth := suitOf(s.hands[f.leader^2], f.led), suitOf(s.hands[f.p^2], f.led)
	max3, min3, max4, min4 := hi(third), lo(third), hi(fourth), lo(fourth)
	lead := f.win
	aggr := suitOf(s.all(), f.led)
	var t3, t4 uint16
	if f.trumps {
		t3, t4 = suitOf(s.hands[f.leader^2], f.trump), suitOf(s.hands[f.p^2], f.trump)
	}
	for m := tops; m != 0; m &= m - 1 {
		r := bits.TrailingZeros16(m)
		seq := inSeq(mine, f.pres, r)
		rel := relRank(aggr, r)
		var w int
		switch {
		case !f.trumps && max4 > lead && max4 > max3:
			w = -r // partner beats both opponents
		case !f.trumps && r > lead && r > max3:
			w = 81 - r
		case !f.trumps && (min3 > r || min4 > r):
			w = -3 + rel
		case !f.trumps && r < lead:
			w = -11 + rel
		case !f.trumps && seq:
			w = 10 + rel
		case !f.trumps:
			w = 13 - r
		case f.secondWins(r, max3, max4, t3, t4):
			w = f.secondWin(r, rel, seq, min3, max3, max4, suitOf(s.hands[f.leader], f.led) > fourth)
		case r < min3 || r < min4:
			w = -9 + rel
		case r < lead:
			w = -16 + rel
		case seq:
			w = 22 - r
		default:
			w = 10 - r
		}
		mv.add(f.led<<4|r, w)
	}
}

// secondWins reports whether the second hand's side wins the trick when
// it plays r, in a trump contract, as DDS judges it.
func (f *followCtx) secondWins(r, max3, max4 int, t3, t4 uint16) bool {
	lead := f.win
	if f.led == f.trump {
		return max4 > lead && max4 > max3 || r > lead && r > max3
	}
	thirdFollows := max3 != 0 || t3 == 0
	switch {
	case r > lead && r > max3:
		return thirdFollows || max4 == 0 && t4 != 0 && t4 > t3
	case max4 > lead && max4 > max3:
		return thirdFollows
	case lead > max4 && lead > max3 && lead > r:
		return max4 == 0 && t4 != 0 && (thirdFollows || t4 > t3)
	}
	return max4 == 0 && t4 != 0
}

// secondWin weighs a second hand's card r with which its side wins.
func (f *followCtx) secondWin(r, rel int, seq bool, min3, max3, max4 int, leaderOver bool) int {
	lead := f.win
	switch {
	case min3 > r:
		return 40 + rel
	case max4 > lead && leaderOver:
		return 41 + rel
	case r > lead && r < max4:
		return 78 - r
	case r > lead && r > max3:
		return 73 - r
	case r > lead && seq:
		return 62 - r
	case r > lead:
		return 49 - r
	case max4 > 0:
		return 47 - r
	}
	return 40 - r
}

// third weighs the third hand's moves in the suit led, tops (DDS's
// WeightAllocTrumpNotvoid2 and WeightAllocNTNotvoid2).
func (s *search) third(f *followCtx, t *trick, mine, tops uint16, mv *moveList) {
	cards4 := suitOf(s.hands[(f.p+1)&3], f.led)
	max4, min4, max3 := hi(cards4), lo(cards4), top16(mine)
	partnerWins := t.winner == f.leader
	win := func(r int) bool { return r > f.win && r > max4 }
	low, high, force := false, 60, -1
	switch {
	case partnerWins && f.win > max4 && (f.led == f.trump || !f.trumps || max4 != 0):
		low = true
		if !f.trumps {
			force = s.overtake(f, tops, mine)
		}
	case f.trumps && f.led != f.trump && f.ruffed:
		low = true
	case f.trumps && f.led != f.trump && partnerWins && max4 == 0:
		low = true
	case f.trumps && f.led != f.trump && !partnerWins && max4 == 0:
		high = 20
		win = func(r int) bool { return r > f.win }
	case max3 < min4 || max3 < f.win:
		low = true
	case f.trumps && max3 > max4:
		high = 58
	default:
		if max4 > max3 && max4 > f.win {
			force = f.forcesAce(cards4, tops, !partnerWins)
		}
	}
	for m := tops; m != 0; m &= m - 1 {
		r := bits.TrailingZeros16(m)
		w := -r
		if !low && win(r) {
			w = high - r
		}
		if r == force {
			w += 20
		}
		mv.add(f.led<<4|r, w)
	}
}

// forcesAce is DDS's RankForcesAce: the cheapest of the third hand's
// moves (tops) that forces out the fourth hand's top sequence, or beats
// the second hand's card; -1 if none does.
func (f *followCtx) forcesAce(cards4, tops uint16, secondWins bool) int {
	g := seqTops(cards4, f.pres)
	g &^= 1 << uint(top16(g))
	if g == 0 {
		return -1
	}
	x := f.win
	if second := top16(g); second > f.win {
		x = second
	} else if !secondWins {
		return -1
	}
	above := tops &^ (uint16(2)<<uint(x) - 1)
	if above == 0 {
		return -1
	}
	return bits.TrailingZeros16(above)
}

// overtake is, at no trump, the card with which the third hand should
// overtake partner's singleton lead to run the suit (DDS's GetTopNumber
// case), -1 if none.
func (s *search) overtake(f *followCtx, tops, mine uint16) int {
	if suitOf(s.hands[f.leader], f.led) != 0 || mine>>uint(top16(f.pres))&1 == 0 {
		return -1
	}
	opp := max(bits.OnesCount16(suitOf(s.hands[(f.p+1)&3], f.led))-1,
		bits.OnesCount16(suitOf(s.hands[(f.leader+1)&3], f.led)))
	x := f.pres &^ (1 << uint(f.win))
	run := 0
	for x != 0 && mine>>uint(top16(x))&1 != 0 {
		run++
		x &^= 1 << uint(top16(x))
	}
	if opp > run-1 {
		return -1
	}
	above := tops &^ (uint16(2)<<uint(f.win) - 1)
	return bits.TrailingZeros16(above)
}

// discards lists the cards p may play when void in the suit led: ruffs
// and discards (DDS's WeightAlloc*Void1/2/3).
func (s *search) discards(f *followCtx, t *trick, all uint64, mv *moveList) {
	held := s.all()
	for su := 0; su < 4; su++ {
		mine := suitOf(s.hands[f.p], su)
		if mine == 0 {
			continue
		}
		pres := suitOf(all, su)
		v := voidSuit{su: su, cnt: bits.OnesCount16(mine), aggr: suitOf(held, su)}
		// Kx: the second card of the suit guarded; A: a bare top card
		top := top16(pres)
		v.kx = v.cnt == 2 && pres != 1<<uint(top) && mine>>uint(top16(pres&^(1<<uint(top))))&1 != 0
		v.ace = v.cnt == 1 && mine>>uint(top)&1 != 0
		for m := seqTops(mine, pres); m != 0; m &= m - 1 {
			r := bits.TrailingZeros16(m)
			var w int
			switch {
			case f.pos == 1 && f.trumps:
				w = s.void1Trump(f, &v, r)
			case f.pos == 1:
				w = s.void1NT(f, &v, r)
			case f.pos == 2 && f.trumps:
				w = s.void2Trump(f, t, &v, r)
			case f.pos == 2:
				w = -r + per(v.cnt, 24)
				if v.kx || v.ace {
					w -= 4
				}
			case f.trumps:
				w = void3Trump(f, t, &v, r)
			default:
				w = -r + per(v.cnt, 27)
				if v.kx {
					w -= 6
				} else if v.ace {
					w -= 8
				}
			}
			mv.add(su<<4|r, w)
		}
	}
}

// voidSuit is a suit of a hand void in the suit led: its length, the
// suit's cards left in the hands, and whether the hand holds Kx (the
// second card guarded once) or a bare top card.
type voidSuit struct {
	su, cnt int
	aggr    uint16
	kx, ace bool
}

// per is the weight of a card of a suit of cnt cards that should go the
// longer the suit is, by DDS's divisor div.
func per(cnt, div int) int { return cnt << 6 / div }

// void1Trump weighs the second hand's card r when void in the suit led,
// in a trump contract (DDS's WeightAllocTrumpVoid1).
func (s *search) void1Trump(f *followCtx, v *voidSuit, r int) int {
	third, fourth := s.hands[f.leader^2], s.hands[f.p^2]
	lead := uint16(1) << uint(f.win)
	partnerWins := suitOf(fourth, f.led) > suitOf(third, f.led)|lead
	t3, t4 := suitOf(third, f.trump), suitOf(fourth, f.trump)
	kx := 0
	if v.kx {
		kx = 4
	}
	switch {
	case f.led == f.trump && partnerWins:
		return -r + per(v.cnt, 44)
	case f.led == f.trump:
		return -r + per(v.cnt, 36) - kx
	case v.su != f.trump:
		good := false
		if suitOf(third, f.led) != 0 {
			good = partnerWins || suitOf(fourth, f.led) == 0 && t4 != 0
		} else {
			good = suitOf(fourth, f.led) == 0 && t4 > t3 || t3 == 0 && suitOf(fourth, f.led) > lead
		}
		if good {
			return -r + 60 + per(v.cnt, 44)
		}
		return -r - 2 + per(v.cnt, 36) - kx
	case suitOf(third, f.led) != 0,
		suitOf(fourth, f.led) == 0 && t4 != 0 && t4 > t3,
		uint16(1)<<uint(r) > t3:
		return 24 - r + per(v.cnt, 44)
	}
	return 15 - r + per(v.cnt, 36) - kx // overruffed: make it cost
}

// void1NT weighs the second hand's discard r at no trump (DDS's
// WeightAllocNTVoid1).
func (s *search) void1NT(f *followCtx, v *voidSuit, r int) int {
	lead := uint16(1) << uint(f.win)
	if suitOf(s.hands[f.p^2], f.led) > suitOf(s.hands[f.leader^2], f.led)|lead {
		w := -r + per(v.cnt, 23)
		if v.kx {
			w -= 2
		} else if v.ace {
			w -= 3
		}
		return w
	}
	w := -r + per(v.cnt, 33)
	if v.kx {
		w -= 6
	} else if v.ace {
		w -= 8
	}
	return w
}

// void2Trump weighs the third hand's card r when void in the suit led,
// in a trump contract (DDS's WeightAllocTrumpVoid2).
func (s *search) void2Trump(f *followCtx, t *trick, v *voidSuit, r int) int {
	fourth := s.hands[(f.p+1)&3]
	max4, t4 := hi(suitOf(fourth, f.led)), suitOf(fourth, f.trump)
	partnerWins := t.winner == f.leader
	switch {
	case f.led == f.trump || v.su != f.trump:
		return -r + per(v.cnt, 40)
	case partnerWins && f.win > max4 && (max4 != 0 || t4 == 0):
		return -r - 50 // do not ruff partner's sure winner
	case f.ruffed && r < f.win:
		return -32 + relRank(v.aggr, r) + per(v.cnt, 40) // underruff
	case partnerWins && max4 != 0:
		// partner's card might be a king: better not ruff it
		if s.secondIsLeaders(f, t) {
			return 36 - r + per(v.cnt, 50)
		}
		return 48 - r + per(v.cnt, 50)
	case max4 != 0:
		return 72 - r + per(v.cnt, 50)
	case uint16(1)<<uint(r) > t4:
		return 48 - r + per(v.cnt, 50)
	case partnerWins:
		return -12 - r + per(v.cnt, 50)
	}
	return 36 - r + per(v.cnt, 50)
}

// secondIsLeaders reports whether the leader held the second card of the
// suit led at the start of the trick (the leader's card wins the trick).
func (s *search) secondIsLeaders(f *followCtx, t *trick) bool {
	x := f.pres &^ (1 << uint(top16(f.pres)))
	if x == 0 {
		return false
	}
	c := f.led<<4 | top16(x)
	return c == t.wcard || s.hands[f.leader]>>uint(c)&1 != 0
}

// void3Trump weighs the fourth hand's card r when void in the suit led,
// in a trump contract (DDS's WeightAllocTrumpVoid3).
func void3Trump(f *followCtx, t *trick, v *voidSuit, r int) int {
	val := per(v.cnt, 24)
	if v.kx {
		val -= 2
	}
	switch {
	case f.led == f.trump:
		return -r + val
	case t.winner == f.p^2 && v.su == f.trump:
		return 2 - r + val // partner wins: no ruff
	case t.winner == f.p^2:
		return 25 - r + val
	case v.su == f.trump && f.ruffed && r < f.win:
		return -13 + relRank(v.aggr, r) // underruff
	case v.su == f.trump:
		return 33 + relRank(v.aggr, r) // ruff or overruff and win
	}
	return 14 - r + val
}
