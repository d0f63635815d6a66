package dd

import "math/bits"

// moveList holds the moves worth trying at one turn, best first.
type moveList struct {
	card  [13]uint8
	score [13]int16
	n     int
}

func (m *moveList) add(card, score int) {
	i := m.n
	for i > 0 && int(m.score[i-1]) < score {
		m.card[i], m.score[i] = m.card[i-1], m.score[i-1]
		i--
	}
	m.card[i], m.score[i] = uint8(card), int16(score)
	m.n++
}

// seqTops returns the cards of mine that top a sequence: cards adjacent
// among those in play (present) are one move. A card is dropped when the
// next card in play above it is also mine: with the ranks reversed, that
// is a carry that a card of mine starts and absent cards pass on, which
// one addition computes for all the cards at once.
func seqTops(mine, present uint16) uint16 {
	m := uint32(bits.Reverse16(mine))
	a := m | uint32(bits.Reverse16(^present)) // mine or out of play
	carry := (a + m) ^ a ^ m
	return mine &^ bits.Reverse16(uint16(carry))
}

// quickTricks reports whether the leader's side can cash need tricks from
// the top before the opponents win one: the leader's, then partner's after
// a crossing or, for one trick, a ruff by partner. That settles the
// question for the side on lead. rel is, in each suit the count uses, the lowest card cashed
// that it relies on: the count holds in any position with the same owners
// of the cards from there up and the same suit lengths.
func (s *search) quickTricks(p, need int) (bool, uint64) {
	own := s.cashes(p, need)
	if ok, rel := own.reach(need); ok {
		return true, rel
	}
	if need == 1 {
		if ok, rel := s.partnerRuff(p); ok {
			return true, rel
		}
	}
	n := bits.OnesCount64(s.hands[p])
	// a low card to a winner of partner's puts partner on lead to cash his
	pa := p ^ 2
	esu, er := s.entry(p, pa)
	if esu < 0 {
		return false, 0
	}
	part := s.cashes(pa, 14)
	if own.k[esu] == 0 && need <= n {
		// the leader cashes his suits first, then crosses to partner's
		// others: each hand keeps the cards the other's rounds need as
		// long as the rounds are no more than the cards it holds
		for su := 0; su < 4; su++ {
			if own.k[su] == 0 {
				own.k[su], own.low[su] = part.k[su], part.low[su]
			}
		}
		part = own
	}
	ok, rel := part.reach(need)
	return ok, rel | er
}

// entry returns a suit in which p can lead a card that partner pa wins at
// once with his top card in the suit, unruffed, and which card that is;
// -1 if there is none.
func (s *search) entry(p, pa int) (int, uint64) {
	lho, rho := s.hands[(p+1)&3], s.hands[(p+3)&3]
	for su := 0; su < 4; su++ {
		mine, pm := suitOf(s.hands[p], su), suitOf(s.hands[pa], su)
		if mine == 0 || pm == 0 {
			continue
		}
		lm, rm := suitOf(lho, su), suitOf(rho, su)
		if s.trump != nt && su != s.trump && (lm == 0 && suitOf(lho, s.trump) != 0 || rm == 0 && suitOf(rho, s.trump) != 0) {
			continue
		}
		if k, low := cash(pm, mine, lm, rm, 1); k == 1 && low >= 0 {
			return su, 1 << uint(su<<4|low)
		}
	}
	return -1, 0
}

// cashing is what a hand cashes from the top in each suit: the rounds and
// the rank of the last card cashed that the count relies on (-1 none).
type cashing struct {
	k, low [4]int
}

// reach reports whether the rounds add up to need, and what the suits
// taken in order until they do rely on.
func (c *cashing) reach(need int) (bool, uint64) {
	q := 0
	var rel uint64
	for su := 0; su < 4 && q < need; su++ {
		q += c.k[su]
		if c.k[su] > 0 && c.low[su] >= 0 {
			rel |= 1 << uint(su<<4|c.low[su])
		}
	}
	return q >= need, rel
}

// cashes counts the tricks p can cash from the top of each of his suits,
// from the first suit on until they add up to need: the rest are left 0.
func (s *search) cashes(p, need int) cashing {
	lho, rho := s.hands[(p+1)&3], s.hands[(p+3)&3]
	part := s.hands[p^2]
	var out cashing
	for su := 0; su < 4; su++ {
		mine := suitOf(s.hands[p], su)
		if mine == 0 {
			continue
		}
		lm, rm := suitOf(lho, su), suitOf(rho, su)
		capN := 13
		if s.trump != nt && su != s.trump {
			if suitOf(lho, s.trump) != 0 {
				capN = min(capN, bits.OnesCount16(lm))
			}
			if suitOf(rho, s.trump) != 0 {
				capN = min(capN, bits.OnesCount16(rm))
			}
		}
		out.k[su], out.low[su] = cash(mine, suitOf(part, su), lm, rm, capN)
		if need -= out.k[su]; need <= 0 {
			break
		}
	}
	return out
}

// cash counts the rounds the leader wins with his top cards in a suit:
// partner follows low, the opponents (lm, rm) keep their top cards as long
// as they can follow, no card of theirs beats the card led, and no more
// than capN rounds (an opponent who could ruff runs out after that). It
// also returns the rank of the last card cashed while another hand still
// followed, -1 if none did: below it the count holds by lengths alone.
func cash(mine, part, lm, rm uint16, capN int) (int, int) {
	n, low := 0, -1
	nl, nr := bits.OnesCount16(lm), bits.OnesCount16(rm)
	for n < capN && mine != 0 {
		r := top16(mine)
		c := uint16(1) << uint(r)
		if n < nl && lm > c || n < nr && rm > c {
			break
		}
		if part != 0 {
			pl := part & -part
			if pl > c {
				break
			}
			part &^= pl
			low = r
		} else if n < nl || n < nr {
			low = r
		}
		mine &^= c
		n++
	}
	return n, low
}
