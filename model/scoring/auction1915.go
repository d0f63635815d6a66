package scoring

import (
	"strconv"

	"handrec/model"
)

// auctionValue is the value of a trick in Auction (1915 law 3) and Pirate
// (1916 law 68), by strain: clubs 6, diamonds 7, hearts 8, spades 9, no
// trump 10.
var auctionValue = [5]int{6, 7, 8, 9, 10}

// AuctionTrickValue is the undoubled value of a trick in Auction (1915)
// and Pirate (1916) Bridge.
func AuctionTrickValue(s model.Strain) int { return auctionValue[s] }

func scoreAuction(in *input, t *table, ds *DealScore, opt *Options) {
	P := model.SidePair(in.declarer.Side())
	nd, nq := in.revokesBy(P), in.revokesBy(P.Other())
	if nq == 0 || nd > 0 {
		auctionItems(in, ds, nd, nq, false)
		return
	}
	// An adversary revoked: the declarer's choice (law 84b).
	useTricks := false
	switch opt.RevokeChoice {
	case "tricks":
		useTricks = true
	case "", "best":
		var a, b DealScore
		auctionItems(in, &a, nd, nq, false)
		auctionItems(in, &b, nd, nq, true)
		dw, ow := whoSide[in.declarer.Side()], whoSide[1-in.declarer.Side()]
		useTricks = b.Total(dw)-b.Total(ow) > a.Total(dw)-a.Total(ow)
	}
	how := "100 points"
	if useTricks {
		how = "three tricks"
	}
	ds.note("the declarer takes " + how + " for the adversaries' revoke (law 84b; choice " + opt.revokeChoice() + ")")
	auctionItems(in, ds, nd, nq, useTricks)
}

// auctionItems scores a deal with nd revokes by the declaring side and nq
// by the adversaries; useTricks takes three tricks for the adversaries'
// first revoke instead of 100 points.
func auctionItems(in *input, ds *DealScore, nd, nq int, useTricks bool) {
	D := in.declarer.Side()
	d, o := int8(D), int8(1-D)
	dw, ow := whoSide[D], whoSide[1-D]
	v := auctionValue[in.strain]
	need := in.level + 6
	tricks := in.tricks
	both := nd > 0 && nq > 0
	if in.full {
		if h, ok := DealHonours(&in.rec.Deal, in.strain, model.SidePair(D), v); ok {
			side := h.Pair[0].Side()
			ds.add(int8(side), whoSide[side], Above, h.Points, h.Label, "law 6")
		}
	} else {
		ds.note("honours not scored: the record has no full deal")
	}
	switch {
	case both:
		ds.note("both sides revoked: only honours are scored (law 89)")
		if nd > 1 {
			ds.add(o, ow, Above, 100*(nd-1), "revoke: "+strconv.Itoa(nd-1)+" extra", "law 89")
		}
		if nq > 1 {
			ds.add(d, dw, Above, 100*(nq-1), "revoke: "+strconv.Itoa(nq-1)+" extra", "law 89")
		}
		return
	case nd > 0:
		ds.add(o, ow, Above, 100*nd, "revoke by the declarer", "law 84a")
		ds.note(dw + " revoked: the declarer scores nothing for tricks (law 84a)")
		if tricks < need {
			down := need - tricks
			ds.add(o, ow, Above, down*(50<<in.doubled), underLabel(down, in.doubled), "law 48a")
		}
		if def := 13 - tricks; def >= 12 {
			auctionSlam(ds, o, ow, def)
		}
		return
	case nq > 0:
		if useTricks {
			tricks = min(tricks+3, 13)
			ds.note(ow + " revoked: three tricks transferred to the declarer (law 84b)")
		} else {
			ds.add(d, dw, Above, 100, "revoke by the adversaries", "law 84b")
		}
		if nq > 1 {
			ds.add(d, dw, Above, 100*(nq-1), "revoke: "+strconv.Itoa(nq-1)+" more", "law 84c")
		}
	}
	if tricks >= need {
		ds.add(d, dw, Below, (tricks-6)*v<<in.doubled, oddLabel(tricks-6, in.doubled), "law 48")
		// The double bonus counts no penalty trick (law 84b).
		if in.doubled > 0 && in.tricks >= need {
			b := 50 << (in.doubled - 1)
			label := "doubled contract made"
			if in.doubled == 2 {
				label = "redoubled contract made"
			}
			if over := in.tricks - need; over > 0 {
				label += ", " + strconv.Itoa(over) + " over"
			}
			ds.add(d, dw, Above, b*(1+in.tricks-need), label, "law 56")
		}
	} else if nq == 0 {
		down := need - tricks
		ds.add(o, ow, Above, down*(50<<in.doubled), underLabel(down, in.doubled), "law 48a")
	}
	// Slams by the tricks actually taken, for the side that took them;
	// a revoking side has none (law 84).
	if in.tricks >= 12 {
		auctionSlam(ds, d, dw, in.tricks)
	} else if def := 13 - in.tricks; def >= 12 && nq == 0 {
		auctionSlam(ds, o, ow, def)
	}
}

func auctionSlam(ds *DealScore, c int8, who string, tricks int) {
	if tricks == 13 {
		ds.add(c, who, Above, 100, "slam", "law 7")
	} else {
		ds.add(c, who, Above, 50, "little slam", "law 8")
	}
}
