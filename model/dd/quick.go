package dd

import "math/bits"

// secondHand settles, as DDS's QuickTricksSecondHand, the question at the
// second card of trick t, p to play, when p's side needs no more tricks
// than it takes for sure: this one, where p or his partner ruffs and the
// next hand cannot overruff, or where their top card of the suit led beats
// the card led and the next hand's; at no trump, then also the tricks the
// hand that wins it cashes from the top on lead. done says whether it
// settled the question, rel what the answer relied on.
func (s *search) secondHand(p int, t *trick, target int) (ok bool, rel uint64, done bool) {
	n := bits.OnesCount64(s.hands[p])
	need := needOf(p, target, n)
	if need > 1 && s.trump != nt {
		return false, 0, false
	}
	ss, pa, lho := t.suit, p^2, (p+1)&3
	mine, pm, lm := suitOf(s.hands[p], ss), suitOf(s.hands[pa], ss), suitOf(s.hands[lho], ss)
	if s.trump != nt && ss != s.trump {
		if lm == 0 && suitOf(s.hands[lho], s.trump) != 0 {
			return false, 0, false
		}
		if mine == 0 && suitOf(s.hands[p], s.trump) != 0 || pm == 0 && suitOf(s.hands[pa], s.trump) != 0 {
			return p&1 == 0, 0, true
		}
	}
	ours := mine | pm
	if ours == 0 {
		return false, 0, false
	}
	top := top16(ours)
	if top < t.wcard&15 || top < top16(lm) {
		return false, 0, false
	}
	rel = 1 << uint(ss<<4|top)
	if need <= 1 {
		return p&1 == 0, rel, true
	}
	hh := p
	if pm > mine {
		hh = pa
	}
	if k, r := s.cashesOnLead(hh, ss, suitOf(t.played, ss)); 1+k >= need {
		return p&1 == 0, rel | r, true
	}
	return false, 0, false
}

// cashesOnLead counts, at no trump, the tricks hand h takes from the top
// on lead after winning the current trick in suit ss (played the cards
// played to it so far): the second card of ss when h holds the top two,
// the top card of each other suit he holds, and every card of a suit no
// other hand holds; rel is the cards the count relies on.
func (s *search) cashesOnLead(h, ss int, played uint16) (int, uint64) {
	all := s.all()
	k := 0
	var rel uint64
	mine := suitOf(s.hands[h], ss)
	pres := suitOf(all, ss) | played
	t1 := top16(pres)
	if rest := pres &^ (1 << uint(t1)); mine>>uint(t1)&1 != 0 && rest != 0 && mine>>uint(top16(rest))&1 != 0 {
		k++
		rel |= 1 << uint(ss<<4|top16(rest))
	}
	for su := 0; su < 4; su++ {
		m := suitOf(s.hands[h], su)
		if su == ss || m == 0 {
			continue
		}
		switch pres := suitOf(all, su); {
		case pres == m:
			k += bits.OnesCount16(m)
		case m>>uint(top16(pres))&1 != 0:
			k++
			rel |= 1 << uint(su<<4|top16(pres))
		}
	}
	return k, rel
}

// partnerRuff reports whether p can lead a suit that his partner, void in
// it, ruffs for a trick no opponent overruffs; rel is partner's top trump
// when an opponent can ruff too.
func (s *search) partnerRuff(p int) (bool, uint64) {
	if s.trump == nt {
		return false, 0
	}
	pa, lho, rho := p^2, (p+1)&3, (p+3)&3
	pt := suitOf(s.hands[pa], s.trump)
	if pt == 0 {
		return false, 0
	}
	lt, rt := suitOf(s.hands[lho], s.trump), suitOf(s.hands[rho], s.trump)
	for su := 0; su < 4; su++ {
		if su == s.trump || suitOf(s.hands[p], su) == 0 || suitOf(s.hands[pa], su) != 0 {
			continue
		}
		var ot uint16 // the trumps of the opponents void in the suit
		if suitOf(s.hands[lho], su) == 0 {
			ot |= lt
		}
		if suitOf(s.hands[rho], su) == 0 {
			ot |= rt
		}
		if ot == 0 {
			return true, 0
		}
		if pt > ot {
			return true, 1 << uint(s.trump<<4|top16(pt))
		}
	}
	return false, 0
}
