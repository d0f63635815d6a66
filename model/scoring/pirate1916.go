package scoring

import "strconv"

// scorePirate scores a deal of Pirate Bridge (1916): a column per player.
// The declarer scores below the line; his acceptor is credited above the
// line with the total the declarer won on the deal (law 70); the
// adversaries each score their penalties, honours and slams.
func scorePirate(in *input, t *table, ds *DealScore, opt *Options) {
	decl, acc := in.declarer, in.dummy
	P, Q := in.pair, in.pair.Other()
	dc, dw := int8(decl), whoSeat[decl]
	v := auctionValue[in.strain]
	need := in.level + 6
	start := len(ds.Items)

	// each adds an item to each adversary (or, with PirateHonoursOnce and
	// once set, to the first of them clockwise from the declarer).
	each := func(pts int, label, law string, once bool) {
		for i := 1; i < 4; i++ {
			s := decl.Add(i)
			if Q.Has(s) {
				ds.add(int8(s), whoSeat[s], Above, pts, label, law)
				if once {
					return
				}
			}
		}
	}

	made := in.tricks >= need
	trickPts := 0
	if made {
		trickPts = (in.tricks - 6) * v << in.doubled
		ds.add(dc, dw, Below, trickPts, oddLabel(in.tricks-6, in.doubled), "law 68")
		if in.doubled > 0 {
			b := 50 << (in.doubled - 1)
			label := "doubled contract made"
			if in.doubled == 2 {
				label = "redoubled contract made"
			}
			if over := in.tricks - need; over > 0 {
				label += ", " + strconv.Itoa(over) + " over"
			}
			ds.add(dc, dw, Above, b*(1+in.tricks-need), label, "law 75")
		}
	} else {
		down := need - in.tricks
		each(down*(50<<in.doubled), underLabel(down, in.doubled), "law 76", false)
		ds.note("each adversary scores the undertricks (reading of law 76)")
	}
	if in.full {
		if h, ok := DealHonours(&in.rec.Deal, in.strain, P, v); ok {
			law := honourLaw(Pirate1916, in.strain)
			if h.Pair == P {
				ds.add(dc, dw, Above, h.Points, h.Label, law)
			} else {
				each(h.Points, h.Label, law, opt.PirateHonoursOnce)
				if opt.PirateHonoursOnce {
					ds.note("the adversaries' honours are scored once (option)")
				} else {
					ds.note("the adversaries' honours are scored by each of them (reading of laws 53, 72)")
				}
			}
		}
	} else {
		ds.note("honours not scored: the record has no full deal")
	}
	switch in.tricks {
	case 13:
		ds.add(dc, dw, Above, 100, "grand slam", "law 72")
	case 12:
		ds.add(dc, dw, Above, 50, "little slam", "law 72")
	case 1:
		each(50, "little slam", "law 72", false)
	case 0:
		each(100, "grand slam", "law 72", false)
	}
	// Revokes: 50 each, doubled with the contract, to each player of the
	// other side; both sides revoking, only the difference (laws 53-54, 60, 77).
	nP, nQ := in.revokesBy(P), in.revokesBy(Q)
	pen := 50 << in.doubled
	switch {
	case nP > nQ:
		each((nP-nQ)*pen, "revoke penalty ("+strconv.Itoa(nP-nQ)+")", "law 77", false)
	case nQ > nP:
		ds.add(dc, dw, Above, (nQ-nP)*pen, "revoke penalty ("+strconv.Itoa(nQ-nP)+")", "law 77")
	}
	if nP > 0 && nQ > 0 {
		ds.note("both sides revoked: only the difference is scored (law 60)")
	}
	if made && t.below[decl]+trickPts >= 30 {
		ds.add(dc, dw, Above, 50, "game", "law 69")
	}
	credit := 0
	for _, it := range ds.Items[start:] {
		if it.Who == dw {
			credit += it.Points
		}
	}
	if credit > 0 {
		ds.add(int8(acc), whoSeat[acc], Above, credit, creditLabels[decl], "law 70")
	}
}

var creditLabels = [4]string{
	"credit: the declarer's total (N)", "credit: the declarer's total (E)",
	"credit: the declarer's total (S)", "credit: the declarer's total (W)",
}
