package scoring

import (
	"strconv"
	"strings"

	"handrec/model"
)

// contractTrickValue is the value of a trick after the first in a strain.
func contractTrickValue(s model.Strain) int {
	if s == model.StrainClubs || s == model.StrainDiamonds {
		return 20
	}
	return 30
}

// ContractTrickScore is the trick score of the tricks contracted for:
// clubs and diamonds 20, hearts and spades 30, no trump 40 for the first
// and 30 after; doubled x2, redoubled x4.
func ContractTrickScore(level int, strain model.Strain, doubled int) int {
	v := contractTrickValue(strain) * level
	if strain == model.NoTrump {
		v += 10
	}
	return v << doubled
}

// Undertricks is what a failed contract costs: undoubled 50 a trick (100
// vulnerable); doubled not vulnerable 100, 200, 200, then 300 each;
// doubled vulnerable 200, then 300 each; redoubled twice doubled.
func Undertricks(down, doubled int, vul bool) int {
	if down <= 0 {
		return 0
	}
	if doubled == 0 {
		if vul {
			return 100 * down
		}
		return 50 * down
	}
	var p int
	if vul {
		p = 200 + 300*(down-1)
	} else {
		p = 100 + 200*min(down-1, 2) + 300*max(down-3, 0)
	}
	return p << (doubled - 1)
}

// Duplicate is the duplicate score of a contract for the declaring side:
// level 1-7, doubled 0-2, tricks the declarer's 0-13.
func Duplicate(level int, strain model.Strain, doubled int, vul bool, tricks int) int {
	need := level + 6
	if tricks < need {
		return -Undertricks(need-tricks, doubled, vul)
	}
	ts := ContractTrickScore(level, strain, doubled)
	score := ts
	switch {
	case ts < 100:
		score += 50
	case vul:
		score += 500
	default:
		score += 300
	}
	switch level {
	case 6:
		score += 500 + 250*b2i(vul)
	case 7:
		score += 1000 + 500*b2i(vul)
	}
	over := tricks - need
	switch doubled {
	case 0:
		score += over * contractTrickValue(strain)
	case 1:
		score += 50 + over*(100+100*b2i(vul))
	default:
		score += 100 + over*(200+200*b2i(vul))
	}
	return score
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// imps are the upper bounds of the IMP scale: a difference up to imps[i]
// is worth i IMPs.
var imps = [...]int{10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890,
	1090, 1290, 1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990}

// IMPs converts a score difference to international match points, with
// its sign.
func IMPs(diff int) int {
	sign := 1
	if diff < 0 {
		sign, diff = -1, -diff
	}
	for i, top := range imps {
		if diff <= top {
			return sign * i
		}
	}
	return sign * 24
}

// ParseScoreTag reads a PBN Score tag as North-South's score: "NS 620",
// "EW -100", "NS 620 EW -620", or a bare number, the declarer's score
// (PBN 2.1, 4.2.1).
func ParseScoreTag(v string, declarer model.Seat) (int, bool) {
	f := strings.Fields(v)
	switch len(f) {
	case 1:
		n, err := strconv.Atoi(f[0])
		if err != nil || !declarer.Valid() {
			return 0, false
		}
		if declarer.Side() == model.EW {
			n = -n
		}
		return n, true
	case 2, 4:
		n, err := strconv.Atoi(f[1])
		if err != nil {
			return 0, false
		}
		switch strings.ToUpper(f[0]) {
		case "NS":
			return n, true
		case "EW":
			return -n, true
		}
	}
	return 0, false
}

// chicagoVul is the vulnerability of the declaring side on the pos'th
// deal (0-3) of a Chicago: none, dealer's side, dealer's side, both.
func chicagoVul(pos int, dealer model.Seat, side model.Side) bool {
	switch pos % 4 {
	case 0:
		return false
	case 3:
		return true
	}
	return dealer.Side() == side
}

// chicagoEnd gives 100 to a side with a part-score standing after the
// fourth deal (a game not completed).
func chicagoEnd(t *table, rb *Rubber) {
	for c := 0; c < 2; c++ {
		if t.below[c] > 0 {
			rb.bonus(c, whoSide[c], 100, "part-score at the end of the Chicago", "", t.gameNo[c])
		}
	}
}

func scoreContract(in *input, t *table, ds *DealScore, opt *Options, rubber bool) {
	r := in.rec
	D := in.declarer.Side()
	chicago := rubber && opt.Chicago
	vul := contractVul(in, t, ds, rubber, chicago)
	ds.Vulnerable = vul
	if in.doubled > 2 {
		ds.Err = "contract bridge allows one double and one redouble"
		return
	}

	// The duplicate score from North-South's side, whatever the mode.
	dup := Duplicate(in.level, in.strain, in.doubled, r.Vul.Vulnerable(D), in.tricks)
	if D == model.EW {
		dup = -dup
	}
	ds.NSScore = &dup
	if v, ok := r.FactValue(model.FactScore); ok { // as given: a score read loosely too
		if n, ok := ParseScoreTag(v, in.declarer); ok {
			ds.RecordedNS = &n
		}
	}

	if down := in.level + 6 - in.tricks; down > 0 {
		ds.add(int8(1-D), whoSide[1-D], Above, Undertricks(down, in.doubled, vul), underLabel(down, in.doubled), "")
	} else {
		ts := contractMade(in, ds, vul)
		dw := whoSide[D]
		switch {
		case !rubber:
			if ts >= 100 {
				ds.add(int8(D), dw, Above, 300+200*b2i(vul), "game", "")
			} else {
				ds.add(int8(D), dw, Above, 50, "part-score", "")
			}
		case chicago:
			if t.below[D]+ts >= 100 {
				ds.add(int8(D), dw, Above, 300+200*b2i(vul), "game", "")
			}
		}
	}
	if rubber && in.full {
		contractHonours(in, ds)
	} else if rubber {
		ds.note("honours not scored: the record has no full deal")
	}
}

// contractVul is whether the declarer's side is vulnerable: by the
// Chicago rotation, the games it has won in the rubber, or the record.
func contractVul(in *input, t *table, ds *DealScore, rubber, chicago bool) bool {
	r, D := in.rec, in.declarer.Side()
	switch {
	case chicago:
		dealer := r.Dealer
		if !dealer.Valid() {
			dealer = model.North.Add(t.deals)
		}
		return chicagoVul(t.deals, dealer, D)
	case rubber:
		return t.games[D] > 0
	}
	if !r.Vul.Valid() {
		ds.note("vulnerability unknown: scored not vulnerable")
	}
	return r.Vul.Vulnerable(D)
}

// contractMade scores a contract made: its trick score below the line
// (returned), overtricks, the bonus for making it doubled, and slams.
func contractMade(in *input, ds *DealScore, vul bool) int {
	D := in.declarer.Side()
	d, dw := int8(D), whoSide[D]
	ts := ContractTrickScore(in.level, in.strain, in.doubled)
	ds.add(d, dw, Below, ts, "contract "+strconv.Itoa(in.level)+in.strain.String()+doubledSuffix(in.doubled), "")
	if over := in.tricks - in.level - 6; over > 0 {
		var v int
		switch in.doubled {
		case 0:
			v = over * contractTrickValue(in.strain)
		case 1:
			v = over * (100 + 100*b2i(vul))
		default:
			v = over * (200 + 200*b2i(vul))
		}
		label := "1 overtrick"
		if over > 1 {
			label = strconv.Itoa(over) + " overtricks"
		}
		ds.add(d, dw, Above, v, label+doubledSuffix(in.doubled), "")
	}
	switch in.doubled {
	case 1:
		ds.add(d, dw, Above, 50, "making a doubled contract", "")
	case 2:
		ds.add(d, dw, Above, 100, "making a redoubled contract", "")
	}
	switch in.level {
	case 6:
		ds.add(d, dw, Above, 500+250*b2i(vul), "small slam", "")
	case 7:
		ds.add(d, dw, Above, 1000+500*b2i(vul), "grand slam", "")
	}
	return ts
}

// contractHonours: four of the five trump honours in one hand 100, all
// five 150; at no trump the four aces in one hand 150.
func contractHonours(in *input, ds *DealScore) {
	d := &in.rec.Deal
	for _, s := range model.Seats {
		h := d.Hands[s]
		pts, label := 0, ""
		if suit, ok := in.strain.Trump(); ok {
			switch n := popcount16(h.SuitBits(suit) & honourBits); n {
			case 4:
				pts, label = 100, "4 honours in one hand"
			case 5:
				pts, label = 150, "5 honours in one hand"
			}
		} else if h.SuitBits(model.Clubs)&h.SuitBits(model.Diamonds)&h.SuitBits(model.Hearts)&h.SuitBits(model.Spades)&(1<<model.Ace) != 0 {
			pts, label = 150, "4 aces in one hand"
		}
		if pts > 0 {
			side := s.Side()
			ds.add(int8(side), whoSide[side], Above, pts, label, "")
		}
	}
}
