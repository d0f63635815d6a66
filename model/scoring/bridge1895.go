package scoring

import (
	"strconv"

	"handrec/model"
)

// bridgeValue is the value of an odd trick in Bridge (1895 law 4), by
// strain: clubs 4, diamonds 6, hearts 8, spades 2, no trumps 12.
var bridgeValue = [5]int{4, 6, 8, 2, 12}

// BridgeTrickValue is the undoubled value of an odd trick in Bridge (1895).
func BridgeTrickValue(s model.Strain) int { return bridgeValue[s] }

// penalty is the non-offending side's choice for a revoke in Bridge (law 87).
type penalty int8

const (
	penNone penalty = iota
	penTricks
	penAdd
	penDeduct
)

var penaltyNames = [...]string{penTricks: "tricks", penAdd: "add", penDeduct: "deduct"}

// bridgeTricks is the trick score of a Bridge deal, per side.
type bridgeTricks struct {
	odd, below, excess, add, deduct, moved [2]int
}

// bridgeTrickScore scores the tricks of a deal: tr are each side's tricks,
// n each side's revokes, pen[s] the penalty side s suffers, per the value
// of a trick, pv the value of a penalty trick, prev each side's trick
// score in the game so far.
func bridgeTrickScore(tr, n [2]int, pen [2]penalty, per, pv int, prev [2]int, opt *Options) bridgeTricks {
	var b bridgeTricks
	for r := 0; r < 2; r++ {
		o := 1 - r
		if n[r] == 0 {
			continue
		}
		switch pen[r] {
		case penTricks:
			m := min(3*n[r], tr[r])
			tr[r] -= m
			tr[o] += m
			b.moved[o] += m
		case penAdd:
			b.add[o] += 3 * n[r] * pv
		case penDeduct:
			b.deduct[r] += 3 * n[r] * pv
		}
	}
	for s := 0; s < 2; s++ {
		b.odd[s] = max(tr[s]-6, 0)
		b.below[s] = b.odd[s]*per + b.add[s]
		if n[s] > 0 { // law 87 V: no higher than 28 toward game
			room := max(28-prev[s], 0)
			if b.below[s] > room {
				b.excess[s] = b.below[s] - room
				b.below[s] = room
			}
		}
	}
	for s := 0; s < 2; s++ {
		if d := b.deduct[s]; d > 0 {
			// law 87 III: the penalty "is applicable only to the score of
			// the hand in which it occurs"; the other reading takes from
			// the game's trick score so far too (option)
			limit := b.below[s]
			if opt.DeductFromGame {
				limit += prev[s]
			}
			if !opt.DeductBelowZero {
				d = min(d, limit)
				b.deduct[s] = d
			}
			b.below[s] -= d
		}
	}
	return b
}

// net is what side s gains over the other on the deal's tricks.
func (b *bridgeTricks) net(s int, strike bool) int {
	v := b.below[s] - b.below[1-s]
	if !strike {
		v += b.excess[s] - b.excess[1-s]
	}
	return v
}

func scoreBridge(in *input, t *table, ds *DealScore, opt *Options) {
	t0 := bridgeValue[in.strain]
	per := t0
	for i := 0; i < in.doubled && (opt.TrickCap == 0 || per < opt.TrickCap); i++ {
		per *= 2
	}
	if opt.TrickCap > 0 && per > opt.TrickCap {
		per = opt.TrickCap
		ds.note("the value of a trick is capped at " + strconv.Itoa(opt.TrickCap) + " (option; etiquette, p. 23)")
	}
	pv := per
	if opt.RevokeUndoubled {
		pv = t0
	}
	D := int(in.declarer.Side())
	var tr, n [2]int
	tr[D], tr[1-D] = in.tricks, 13-in.tricks
	n[0] = in.revokesBy(model.SidePair(model.NS))
	n[1] = in.revokesBy(model.SidePair(model.EW))
	prev := [2]int{t.below[0], t.below[1]}

	pen := chooseBridgePenalties(tr, n, per, pv, prev, ds, opt)
	if n[0] > 0 && n[1] > 0 {
		ds.note("both sides revoked: each is penalised, and neither can win the game on this deal (law 95)")
	}
	b := bridgeTrickScore(tr, n, pen, per, pv, prev, opt)
	for s := 0; s < 2; s++ {
		bridgeTrickItems(&b, s, n, pen, per, in.doubled, ds, opt)
	}
	if !in.full {
		ds.note("honours and chicane not scored: the record has no full deal")
	} else {
		bridgeHonours(in, ds, t0, opt)
	}
	for s := 0; s < 2; s++ {
		if n[s] > 0 {
			continue // law 87 V: a revoking side scores no slam
		}
		switch tr[s] {
		case 13:
			ds.add(int8(s), whoSide[s], Above, 40, "grand slam", "law 9")
		case 12:
			ds.add(int8(s), whoSide[s], Above, 20, "little slam", "law 9")
		}
	}
}

// chooseBridgePenalties is the non-offending side's choice of penalty for
// each side that revoked (law 87): the option's, or the best for it on the
// deal, the law's order on a tie.
func chooseBridgePenalties(tr, n [2]int, per, pv int, prev [2]int, ds *DealScore, opt *Options) [2]penalty {
	var pen [2]penalty
	for r := 0; r < 2; r++ {
		if n[r] == 0 {
			continue
		}
		switch opt.RevokeChoice {
		case "tricks":
			pen[r] = penTricks
		case "add":
			pen[r] = penAdd
		case "deduct":
			pen[r] = penDeduct
		default: // best for the non-offending side, the law's order on a tie
			bestNet := 0
			for _, p := range [...]penalty{penTricks, penDeduct, penAdd} {
				try := pen
				try[r] = p
				b := bridgeTrickScore(tr, n, try, per, pv, prev, opt)
				if v := b.net(1-r, opt.StrikeExcess); pen[r] == penNone || v > bestNet {
					pen[r], bestNet = p, v
				}
			}
		}
		how := "the non-offending side's choice, " + opt.revokeChoice()
		ds.note(whoSide[1-r] + " take the revoke penalty as " + penaltyNames[pen[r]] + " (law 87; " + how + ")")
	}
	return pen
}

// bridgeTrickItems scores side s's tricks below the line: its odd tricks,
// a revoke penalty added or deducted, and what a revoke's 28 limit keeps
// out of the game.
func bridgeTrickItems(b *bridgeTricks, s int, n [2]int, pen [2]penalty, per, doubled int, ds *DealScore, opt *Options) {
	w, c := whoSide[s], int8(s)
	// The trick points kept toward game after the 28 limit: the odd
	// tricks first, then a penalty added.
	room := b.below[s] + b.deduct[s]
	oddPts := min(b.odd[s]*per, room)
	addPts := min(b.add[s], room-oddPts)
	if b.odd[s] > 0 {
		label := oddLabel(b.odd[s], doubled)
		if b.moved[s] > 0 {
			label += " (" + strconv.Itoa(b.moved[s]) + " tricks taken for revoke)"
		}
		ds.add(c, w, Below, oddPts, label, "law 4")
	}
	if b.add[s] > 0 {
		ds.add(c, w, Below, addPts, "revoke: value of "+strconv.Itoa(3*n[1-s])+" tricks added", "law 87")
	}
	if pen[s] == penDeduct {
		if b.deduct[s] > 0 {
			ds.add(c, w, Below, -b.deduct[s], "revoke: value of "+strconv.Itoa(3*n[s])+" tricks deducted", "law 87")
		}
		ds.note(w + ": the deduction " + deductReading(opt) + " (law 87 III)")
	}
	if b.excess[s] > 0 {
		if opt.StrikeExcess {
			ds.note(w + ": " + strconv.Itoa(b.excess[s]) + " trick points over 28 struck out (law 87 V; option)")
		} else {
			ds.add(c, w, Above, b.excess[s], "tricks over 28 after a revoke", "law 87")
			ds.note(w + ": " + strconv.Itoa(b.excess[s]) + " trick points over 28 kept out of the game, in the rubber total (law 87 V; reading)")
		}
	}
}

func bridgeHonours(in *input, ds *DealScore, t0 int, opt *Options) {
	d := &in.rec.Deal
	if h, ok := DealHonours(d, in.strain, model.SidePair(in.declarer.Side()), t0); ok {
		side := h.Pair[0].Side()
		ds.add(int8(side), whoSide[side], Above, h.Points, h.Label, honourLaw(in.code, in.strain))
	}
	suit, ok := in.strain.Trump()
	if !ok {
		return
	}
	var void [4]bool
	for _, s := range model.Seats {
		void[s] = d.Hands[s].SuitLen(suit) == 0
	}
	for _, s := range model.Seats {
		if !void[s] {
			continue
		}
		both := void[s.Partner()]
		if both && opt.ChicaneOnce && s > s.Partner() {
			continue
		}
		side := s.Side()
		ds.add(int8(side), whoSide[side], Above, 2*t0, "chicane ("+s.Name()+")", "law 8")
		if both && s < s.Partner() {
			if opt.ChicaneOnce {
				ds.note(whoSide[side] + ": both partners void in trumps, chicane scored once (option)")
			} else {
				ds.note(whoSide[side] + ": both partners void in trumps, chicane scored for each (reading of law 8)")
			}
		}
	}
}

// deductReading says what the deduct penalty took from.
func deductReading(opt *Options) string {
	switch {
	case opt.DeductBelowZero:
		return "is taken in full, below zero if need be (option)"
	case opt.DeductFromGame:
		return "takes from the trick score of the whole game so far, not below zero (option)"
	}
	return "takes from this hand's trick score only, not below zero (reading)"
}

func (o *Options) revokeChoice() string {
	if o.RevokeChoice == "" {
		return "best"
	}
	return o.RevokeChoice
}
