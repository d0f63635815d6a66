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
	pat   patCache
	cuts  cutoffs
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

// needOf is the tricks the side of hand p needs of the n left for
// North-South to take target.
func needOf(p, target, n int) int {
	if p&1 == 1 {
		return n - target + 1
	}
	return target
}

// lead answers: with leader to lead, can North-South take at least target
// of the tricks left? It is called at the start of each trick, and its
// answer is a bound on North-South's tricks from here, not only yes or no
// (fail-soft): v >= target says they take at least v, v < target at most
// v, so that a question that fails far from its target moves the search's
// window by more than a trick. It also returns the cards the answer relied
// on by rank (rel): those that won a trick against another card of their
// suit in the search that settled it. Any position with the same suit
// lengths and, in each suit, the same owners of the cards at or above the
// lowest card of rel has the same bound, and so the table stores it for
// all of them.
func (s *search) lead(leader, target int) (int, uint64) {
	n := bits.OnesCount64(s.hands[leader])
	if target <= 0 {
		return 0, 0
	}
	if target > n {
		return n, 0
	}
	if n == 1 {
		return s.lastTrick(leader)
	}
	s.nodes++
	// The table's bucket is fetched from memory at once, so that it is on
	// its way while the bounds and the owners are worked out. The bounds
	// cost less than a look in the table, so they come first while the
	// side on lead needs one or two tricks, where they often decide; when
	// it needs more, they seldom do, and the table is asked first. What
	// they decide is not stored.
	p := s.shape(leader)
	s.tt.prefetch(&p)
	need := needOf(leader, target, n)
	if need < 3 {
		if v, rel, done := s.bounds(leader, target, n); done {
			return v, rel
		}
	}
	s.owners(&p)
	all := s.all()
	found, v, mask, best := s.tt.lookup(&p, target)
	if found {
		return v, relOf(all, mask)
	}
	if need >= 3 {
		if v, rel, done := s.bounds(leader, target, n); done {
			return v, rel
		}
	}
	v, rel, mv := s.playLead(leader, target, best)
	if v >= target {
		s.tt.store(&p, topMask(all, rel), v, n, n, mv)
	} else {
		s.tt.store(&p, topMask(all, rel), 0, v, n, mv)
	}
	return v, rel
}

// answer turns a yes or no to "at least target?" into the bound it gives.
func answer(ok bool, target int) int {
	if ok {
		return target
	}
	return target - 1
}

// bounds settles the question without search when the quick tricks of the
// side on lead, or a side's trumps above all the opponents', decide it;
// done says whether they did, v is the bound (as lead's), rel what it
// relied on.
func (s *search) bounds(leader, target, n int) (v int, rel uint64, done bool) {
	need := needOf(leader, target, n)
	if ok, qr := s.quickTricks(leader, need); ok {
		return answer(leader&1 == 0, target), qr, true
	}
	if ok, rel, done := s.laterTricks(leader, target, n); done {
		return answer(ok, target), rel, true
	}
	if s.trump == nt {
		return 0, 0, false
	}
	ns, ew := suitOf(s.hands[0]|s.hands[2], s.trump), suitOf(s.hands[1]|s.hands[3], s.trump)
	if ns > ew {
		if k, r := s.sureTrumps(0, ew); k >= target {
			return k, r, true
		}
	} else if ew > ns {
		if k, r := s.sureTrumps(1, ns); n-k < target {
			return n - k, r, true
		}
	}
	return 0, 0, false
}

// laterTricks settles, as DDS's LaterTricks, the case where the side on
// lead needs every trick left with no trumps in play (or at no trump): in
// each suit whose top card it holds it takes at most as many tricks as its
// longer hand holds cards, so when those lengths add up to fewer than it
// needs, it fails. rel is the other side's top cards: the answer holds
// wherever the other side still tops those suits.
func (s *search) laterTricks(leader, target, n int) (ok bool, rel uint64, done bool) {
	need := needOf(leader, target, n)
	all := s.all()
	if need < n {
		return false, 0, false
	}
	if s.trump != nt && suitOf(all, s.trump) != 0 {
		return s.trumpBehind(leader)
	}
	me, pa := s.hands[leader], s.hands[leader^2]
	sum := 0
	lost := true // every suit the leader holds is topped by the other side
	var led uint64
	for su := 0; su < 4; su++ {
		pres := suitOf(all, su)
		if pres == 0 {
			continue
		}
		t := top16(pres)
		switch {
		case suitOf(me|pa, su)>>uint(t)&1 != 0:
			sum += max(bits.OnesCount16(suitOf(me, su)), bits.OnesCount16(suitOf(pa, su)))
			if suitOf(me, su) != 0 {
				lost = false
			}
		case bits.OnesCount16(pres) > 1:
			rel |= 1 << uint(su<<4|t)
			if suitOf(me, su) != 0 {
				led |= 1 << uint(su<<4|t)
			}
		}
	}
	if lost {
		// whatever the leader leads, the other side wins the trick
		return leader&1 == 1, led, true
	}
	if sum == 0 || sum >= need {
		return false, 0, false
	}
	return leader&1 == 1, rel, true
}

// trumpBehind settles, as DDS's LaterTricks, the case where the side on
// lead needs every trick and holds the top trump but the other side holds
// the second in a hand with another trump: that card wins a trick when it
// sits over the top one, and so does the third, when the other side holds
// it too, when it does not.
func (s *search) trumpBehind(leader int) (ok bool, rel uint64, done bool) {
	all := suitOf(s.all(), s.trump)
	if bits.OnesCount16(all) < 3 {
		return false, 0, false
	}
	t1 := top16(all)
	t2 := top16(all &^ (1 << uint(t1)))
	t3 := top16(all &^ (1<<uint(t1) | 1<<uint(t2)))
	h1, h2, h3 := s.holderOf(s.trump<<4|t1), s.holderOf(s.trump<<4|t2), s.holderOf(s.trump<<4|t3)
	if (h1^leader)&1 != 0 || (h2^leader)&1 == 0 || bits.OnesCount16(suitOf(s.hands[h2], s.trump)) < 2 {
		return false, 0, false
	}
	fail := leader&1 == 1
	if h1 == (h2+3)&3 {
		return fail, 1 << uint(s.trump<<4|t2), true
	}
	if (h3^leader)&1 != 0 {
		return fail, 1 << uint(s.trump<<4|t3), true
	}
	return false, 0, false
}

// sureTrumps counts the tricks the trumps of side (0 North-South, 1
// East-West) above every trump of the opponents (opp) take for certain:
// each wins the trick it is played to, and one hand's such trumps go to
// different tricks. rel is the opponents' top trump, if any.
func (s *search) sureTrumps(side int, opp uint16) (int, uint64) {
	a, b := suitOf(s.hands[side], s.trump), suitOf(s.hands[side+2], s.trump)
	var above uint16 = 0xffff
	var rel uint64
	if opp != 0 {
		t := top16(opp)
		above = ^(uint16(2)<<uint(t) - 1)
		rel = 1 << uint(s.trump<<4|t)
	}
	k := max(bits.OnesCount16(a&above), bits.OnesCount16(b&above))
	// the top two trumps in different hands, one of them with a small
	// trump to play instead, win two tricks: the second is not dropped
	if all := a | b | opp; k < 2 && bits.OnesCount16(all) >= 3 {
		t1 := top16(all)
		t2 := top16(all &^ (1 << uint(t1)))
		ab := a | b
		if ab>>uint(t2)&1 != 0 && (a>>uint(t1)&1) != (a>>uint(t2)&1) &&
			(bits.OnesCount16(a) > 1 || bits.OnesCount16(b) > 1) {
			return 2, 1 << uint(s.trump<<4|t2)
		}
	}
	return k, rel
}

// skip remembers, per suit, the lowest rank still worth playing at one
// turn: once a card below every card the answers so far relied on has
// failed, the other such cards of its suit would fail alike (the search
// would go the same way, those cards winning nothing by rank).
type skip [4]int8

// tried notes that card c failed, the answers so far relying on rel.
func (k *skip) tried(c int, rel uint64) {
	su := c >> 4
	if k[su] != 0 {
		return
	}
	low := 15
	if r := suitOf(rel, su); r != 0 {
		low = bits.TrailingZeros16(r)
	}
	if c&15 < low {
		k[su] = int8(low)
	}
}

func (k *skip) skips(c int) bool { return c&15 < int(k[c>>4]) }

// playLead tries the leads of leader; it returns the bound found (as
// lead's), what it relied on and, when a lead decided it, that lead in the
// table's form. The lead that settled the last position that looked alike
// (cutoffs) goes first, and the others are weighed only if it fails.
func (s *search) playLead(leader, target int, best uint8) (int, uint64, uint8) {
	var mv moveList
	ns := leader&1 == 0
	v := worst(ns)
	var rel uint64
	var sk skip
	key := s.leadKey(leader, target)
	c0 := s.cuts.get(key)
	if c0 != 0 && s.hands[leader]>>uint(c0)&1 != 0 {
		c0 = seqOf(s.hands[leader], c0, s.all())
		w, r := s.playFirst(leader, c0, target)
		if (w >= target) == ns {
			return w, r, s.place(c0)
		}
		v, rel = w, r
		sk.tried(c0, rel)
	} else {
		c0 = -1
	}
	s.leadMoves(leader, &mv, best)
	for i := 0; i < mv.n; i++ {
		c := int(mv.card[i])
		if c == c0 || sk.skips(c) {
			continue
		}
		w, r := s.playFirst(leader, c, target)
		if (w >= target) == ns {
			s.cuts.put(key, c)
			return w, r, s.place(c)
		}
		v = bestOf(ns, v, w)
		rel |= r
		sk.tried(c, rel)
	}
	return v, rel, noBest
}

// playFirst leads card c of leader and goes on.
func (s *search) playFirst(leader, c, target int) (int, uint64) {
	bit := uint64(1) << uint(c)
	s.hands[leader] &^= bit
	t := trick{suit: c >> 4, winner: leader, win: s.value(c, c>>4), wcard: c, played: bit}
	w, r := s.follow(leader, 1, t, target)
	s.hands[leader] |= bit
	return w, r
}

// worst is the bound a turn of North-South (ns) or East-West starts from,
// before any card is tried: their best so far.
func worst(ns bool) int {
	if ns {
		return -1
	}
	return 14
}

// bestOf is the better of two bounds for the side to play.
func bestOf(ns bool, a, b int) int {
	if ns {
		return max(a, b)
	}
	return min(a, b)
}

// follow plays the pos-th card of the trick (1 to 3); it returns a bound as
// lead does. The trick goes by value: a pointer would make the compiler
// move each copy to the heap, as follow calls itself. When p has more
// than one move, the card that settled the last turn that looked alike
// (cutoffs) is tried first, and the others are weighed only if it fails.
func (s *search) follow(leader, pos int, t trick, target int) (int, uint64) {
	p := (leader + pos) & 3
	if pos == 1 {
		if ok, rel, done := s.secondHand(p, &t, target); done {
			return answer(ok, target), rel
		}
	}
	var mv moveList
	ns := p&1 == 0
	v := worst(ns)
	var rel uint64
	var sk skip
	mine := suitOf(s.hands[p], t.suit)
	tops := seqTops(mine, suitOf(s.all()|t.played, t.suit))
	if tops != 0 && tops&(tops-1) == 0 {
		return s.play(leader, pos, p, t, t.suit<<4|bits.TrailingZeros16(tops), target)
	}
	key := s.followKey(p, pos, &t, mine, target)
	c0 := s.cuts.get(key)
	if c0 != 0 && s.hands[p]>>uint(c0)&1 != 0 && (mine == 0 || c0>>4 == t.suit) {
		if mine != 0 {
			c0 = t.suit<<4 | bits.TrailingZeros16(tops&^(uint16(1)<<uint(c0&15)-1))
		} else {
			c0 = seqOf(s.hands[p], c0, s.all()|t.played)
		}
		w, r := s.play(leader, pos, p, t, c0, target)
		if (w >= target) == ns {
			return w, r
		}
		v, rel = w, r
		sk.tried(c0, rel)
	} else {
		c0 = -1
	}
	s.followMoves(p, pos, &t, tops, &mv)
	for i := 0; i < mv.n; i++ {
		c := int(mv.card[i])
		if c == c0 || sk.skips(c) {
			continue
		}
		w, r := s.play(leader, pos, p, t, c, target)
		if (w >= target) == ns {
			s.cuts.put(key, c)
			return w, r
		}
		v = bestOf(ns, v, w)
		rel |= r
		sk.tried(c, rel)
	}
	return v, rel
}

// play plays card c of p as the pos-th card of trick t and goes on.
func (s *search) play(leader, pos, p int, t trick, c, target int) (int, uint64) {
	bit := uint64(1) << uint(c)
	t.played |= bit
	if x := s.value(c, t.suit); x > t.win {
		t.win, t.winner, t.wcard = x, p, c
	}
	s.hands[p] &^= bit
	var w int
	var r uint64
	if pos == 3 {
		w, r = s.endTrick(&t, target)
	} else {
		w, r = s.follow(leader, pos+1, t, target)
	}
	s.hands[p] |= bit
	return w, r
}

// endTrick goes on to the next trick once t is complete. The winning card
// counts by rank when another card of its suit was played to the trick,
// and so do the cards below it in sequence in the winner's hand: it was
// played for them all, one move, and a position where they are not in
// sequence must not take the answer.
func (s *search) endTrick(t *trick, target int) (int, uint64) {
	got := 0
	if t.winner&1 == 0 {
		got = 1
	}
	v, r := s.lead(t.winner, target-got)
	su := t.wcard >> 4
	if played := suitOf(t.played, su); bits.OnesCount16(played) >= 2 {
		r |= 1 << uint(t.wcard)
		mine, pres := suitOf(s.hands[t.winner], su), suitOf(s.all(), su)|played
		for x := t.wcard & 15; ; {
			below := pres & (uint16(1)<<uint(x) - 1)
			if below == 0 || mine>>uint(top16(below))&1 == 0 {
				break
			}
			x = top16(below)
			r |= 1 << uint(su<<4|x)
		}
	}
	return v + got, r
}

// lastTrick gives North-South's tricks when each hand holds one card.
func (s *search) lastTrick(leader int) (int, uint64) {
	c := bits.TrailingZeros64(s.hands[leader])
	led := c >> 4
	w, win, wc := leader, s.value(c, led), c
	for i := 1; i < 4; i++ {
		p := (leader + i) & 3
		pc := bits.TrailingZeros64(s.hands[p])
		if v := s.value(pc, led); v > win {
			w, win, wc = p, v, pc
		}
	}
	got := 0
	if w&1 == 0 {
		got = 1
	}
	var rel uint64
	if bits.OnesCount16(suitOf(s.all(), wc>>4)) >= 2 {
		rel = 1 << uint(wc)
	}
	return got, rel
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
