package scoring

import (
	"strconv"

	"handrec/model"
)

// scorePirate scores a deal of Pirate Bridge (1916): a column per player.
// The declarer scores below the line; his acceptor is credited above the
// line with the total the declarer won on the deal (law 70); the
// adversaries each score their penalties, honours and slams.
func scorePirate(in *input, t *table, ds *DealScore, opt *Options) {
	pd := pirateDeal{in: in, ds: ds, opt: opt, P: in.pair, Q: in.pair.Other(),
		dc: int8(in.declarer), dw: whoSeat[in.declarer], v: auctionValue[in.strain]}
	start := len(ds.Items)
	made, trickPts := pd.tricks()
	pd.honours()
	pd.slams()
	pd.revokes()
	if made && t.below[in.declarer]+trickPts >= 30 {
		ds.add(pd.dc, pd.dw, Above, 50, "game", "law 69")
	}
	pd.credit(start)
}

// pirateDeal scores one deal of Pirate Bridge: the declarer's pair P (he
// and his acceptor) against the other two, Q, each of whom keeps his own
// score.
type pirateDeal struct {
	in   *input
	ds   *DealScore
	opt  *Options
	P, Q model.Pair
	dc   int8   // the declarer's column
	dw   string // and its name
	v    int    // the value of a trick
}

// each adds an item to each adversary (or, once set, to the first of them
// clockwise from the declarer).
func (pd *pirateDeal) each(pts int, label, law string, once bool) {
	decl := pd.in.declarer
	for i := 1; i < 4; i++ {
		s := decl.Add(i)
		if pd.Q.Has(s) {
			pd.ds.add(int8(s), whoSeat[s], Above, pts, label, law)
			if once {
				return
			}
		}
	}
}

// tricks scores the contract made, with its bonus when doubled, or the
// undertricks to each adversary.
func (pd *pirateDeal) tricks() (made bool, trickPts int) {
	in, ds := pd.in, pd.ds
	need := in.level + 6
	if in.tricks < need {
		down := need - in.tricks
		pd.each(down*(50<<in.doubled), underLabel(down, in.doubled), "law 76", false)
		ds.note("each adversary scores the undertricks (reading of law 76)")
		return false, 0
	}
	trickPts = (in.tricks - 6) * pd.v << in.doubled
	ds.add(pd.dc, pd.dw, Below, trickPts, oddLabel(in.tricks-6, in.doubled), "law 68")
	if in.doubled > 0 {
		b := 50 << (in.doubled - 1)
		label := "doubled contract made"
		if in.doubled == 2 {
			label = "redoubled contract made"
		}
		if over := in.tricks - need; over > 0 {
			label += ", " + strconv.Itoa(over) + " over"
		}
		ds.add(pd.dc, pd.dw, Above, b*(1+in.tricks-need), label, "law 75")
	}
	return true, trickPts
}

func (pd *pirateDeal) honours() {
	in, ds := pd.in, pd.ds
	if !in.full {
		ds.note("honours not scored: the record has no full deal")
		return
	}
	h, ok := DealHonours(&in.rec.Deal, in.strain, pd.P, pd.v)
	if !ok {
		return
	}
	law := honourLaw(Pirate1916, in.strain)
	if h.Pair == pd.P {
		ds.add(pd.dc, pd.dw, Above, h.Points, h.Label, law)
		return
	}
	pd.each(h.Points, h.Label, law, pd.opt.PirateHonoursOnce)
	if pd.opt.PirateHonoursOnce {
		ds.note("the adversaries' honours are scored once (option)")
	} else {
		ds.note("the adversaries' honours are scored by each of them (reading of laws 53, 72)")
	}
}

func (pd *pirateDeal) slams() {
	switch pd.in.tricks {
	case 13:
		pd.ds.add(pd.dc, pd.dw, Above, 100, "grand slam", "law 72")
	case 12:
		pd.ds.add(pd.dc, pd.dw, Above, 50, "little slam", "law 72")
	case 1:
		pd.each(50, "little slam", "law 72", false)
	case 0:
		pd.each(100, "grand slam", "law 72", false)
	}
}

// revokes: 50 each, doubled with the contract, to each player of the other
// side; both sides revoking, only the difference (laws 53-54, 60, 77).
func (pd *pirateDeal) revokes() {
	in, ds := pd.in, pd.ds
	nP, nQ := in.revokesBy(pd.P), in.revokesBy(pd.Q)
	pen := 50 << in.doubled
	switch {
	case nP > nQ:
		pd.each((nP-nQ)*pen, "revoke penalty ("+strconv.Itoa(nP-nQ)+")", "law 77", false)
	case nQ > nP:
		ds.add(pd.dc, pd.dw, Above, (nQ-nP)*pen, "revoke penalty ("+strconv.Itoa(nQ-nP)+")", "law 77")
	}
	if nP > 0 && nQ > 0 {
		ds.note("both sides revoked: only the difference is scored (law 60)")
	}
}

// credit gives the acceptor what the declarer scored on the deal (law 70).
func (pd *pirateDeal) credit(start int) {
	credit := 0
	for _, it := range pd.ds.Items[start:] {
		if it.Who == pd.dw {
			credit += it.Points
		}
	}
	if acc := pd.in.dummy; credit > 0 {
		pd.ds.add(int8(acc), whoSeat[acc], Above, credit, creditLabels[pd.in.declarer], "law 70")
	}
}

var creditLabels = [4]string{
	"credit: the declarer's total (N)", "credit: the declarer's total (E)",
	"credit: the declarer's total (S)", "credit: the declarer's total (W)",
}
