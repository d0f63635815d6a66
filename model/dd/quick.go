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
	need := target
	if p&1 == 1 {
		need = n - target + 1
	}
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

// viaPartner reports whether p's side cashes need tricks when p crosses
// to his partner: p cashes his suits, leads to partner's winner in an
// entry suit, and partner cashes his; each suit other than the entry goes
// to the hand that cashes more in it. As each hand keeps the cards the
// other's rounds need while the tricks are no more than the cards held,
// the count stops at need. rel is what the suits counted rely on.
func (s *search) viaPartner(p, need int, own *cashing) (bool, uint64) {
	var part cashing
	have := false // part is counted once, at the first entry
	for e := 0; e < 4; e++ {
		if !have {
			if k, _ := s.crossing(p, e, nil); k == 0 {
				continue
			}
			part, have = s.cashes(p^2), true
		}
		k, rel := s.crossing(p, e, &part)
		if k == 0 {
			continue
		}
		for su := 0; su < 4 && k < need; su++ {
			c := own
			if su == e {
				continue
			}
			if part.k[su] > own.k[su] {
				c = &part
			}
			k += c.k[su]
			if c.k[su] > 0 && c.low[su] >= 0 {
				rel |= 1 << uint(su<<4|c.low[su])
			}
		}
		if k >= need {
			return true, rel
		}
	}
	return false, 0
}

// crossing counts the tricks p's side takes in suit e when p leads to his
// partner's winner there: partner's cashes in it (part, or just the first
// round when part is nil) when partner's top card wins a low lead, or the
// two top cards when p holds the top one and partner the second, each
// with another card (Kx opposite Ax); 0 when e is no entry. rel is what
// the count relies on.
func (s *search) crossing(p, e int, part *cashing) (int, uint64) {
	pa, lho, rho := p^2, s.hands[(p+1)&3], s.hands[(p+3)&3]
	mine, pm := suitOf(s.hands[p], e), suitOf(s.hands[pa], e)
	if mine == 0 || pm == 0 {
		return 0, 0
	}
	lm, rm := suitOf(lho, e), suitOf(rho, e)
	ruffs := s.trump != nt && e != s.trump
	if ruffs && (lm == 0 && suitOf(lho, s.trump) != 0 || rm == 0 && suitOf(rho, s.trump) != 0) {
		return 0, 0
	}
	k, rel := 0, uint64(0)
	if n, low := cash(pm, mine, lm, rm, 1); n == 1 && low >= 0 {
		k, rel = 1, 1<<uint(e<<4|low)
		if part != nil {
			k = part.k[e]
			if part.low[e] >= 0 {
				rel |= 1 << uint(e<<4|part.low[e])
			}
		}
	}
	if k >= 2 || bits.OnesCount16(mine) < 2 || bits.OnesCount16(pm) < 2 {
		return k, rel
	}
	pres := mine | pm | lm | rm
	t1 := top16(pres)
	t2 := top16(pres &^ (1 << uint(t1)))
	if mine>>uint(t1)&1 == 0 || pm>>uint(t2)&1 == 0 {
		return k, rel
	}
	if ruffs && (suitOf(lho, s.trump) != 0 && bits.OnesCount16(lm) < 2 || suitOf(rho, s.trump) != 0 && bits.OnesCount16(rm) < 2) {
		return k, rel
	}
	return 2, 1 << uint(e<<4|t2)
}
