package scoring

import (
	"math/bits"

	"handrec/model"
)

// honourBits are the ranks A K Q J 10 in a suit mask.
const honourBits = 1<<model.Ace | 1<<model.King | 1<<model.Queen | 1<<model.Jack | 1<<model.Ten

// Honours is the honour score of a deal under the historic codes (Bridge
// 1895 laws 6-7, Auction 1915 law 6, Pirate 1916 laws 73-74): which pair
// holds them, and their value.
type Honours struct {
	Pair   model.Pair
	Points int
	Label  string
}

// honourTable is, for a trump suit, the multiple of the trick value; at no
// trump, the points.
type honourKind int8

const (
	noHonours honourKind = iota
	simpleHonours
	fourDivided
	fiveDivided
	fourInOne
	fourInOneFifthPartner
	fiveInOne
	threeAces
	fourAces
	fourAcesInOne
)

var honourMultiple = [...]int{0, 2, 4, 5, 8, 9, 10}
var honourPoints = [...]int{threeAces: 30, fourAces: 40, fourAcesInOne: 100}

var honourLabels = [...]string{
	simpleHonours:         "simple honours",
	fourDivided:           "4 honours",
	fiveDivided:           "5 honours",
	fourInOne:             "4 honours in one hand",
	fourInOneFifthPartner: "4 honours in one hand, 5th in partner's",
	fiveInOne:             "5 honours in one hand",
	threeAces:             "3 aces",
	fourAces:              "4 aces",
	fourAcesInOne:         "4 aces in one hand",
}

// DealHonours reads the honours of a complete deal for partnerships p and
// p.Other(), with t the undoubled trick value of the trump suit (unused at
// no trump). ok is false when neither pair scores (aces two and two).
func DealHonours(d *model.Deal, strain model.Strain, p model.Pair, t int) (h Honours, ok bool) {
	k, holder := honourHolding(d, strain, p)
	if k == noHonours {
		return Honours{}, false
	}
	h.Pair, h.Label = holder, honourLabels[k]
	if k >= threeAces {
		h.Points = honourPoints[k]
	} else {
		h.Points = honourMultiple[k] * t
	}
	return h, true
}

func honourHolding(d *model.Deal, strain model.Strain, p model.Pair) (honourKind, model.Pair) {
	var n [4]int
	if suit, ok := strain.Trump(); ok {
		for s := range n {
			n[s] = bits.OnesCount16(d.Hands[s].SuitBits(suit) & honourBits)
		}
	} else {
		for s := range n {
			n[s] = 0
			for su := model.Clubs; su <= model.Spades; su++ {
				n[s] += int(d.Hands[s].SuitBits(su) >> model.Ace & 1)
			}
		}
	}
	holder := p
	a, b := n[p[0]], n[p[1]]
	if a+b < 3 {
		holder = p.Other()
		a, b = n[holder[0]], n[holder[1]]
	}
	total, most := a+b, max(a, b)
	if total < 3 {
		return noHonours, holder
	}
	if strain == model.NoTrump {
		switch {
		case most == 4:
			return fourAcesInOne, holder
		case total == 4:
			return fourAces, holder
		}
		return threeAces, holder
	}
	switch {
	case most == 5:
		return fiveInOne, holder
	case most == 4 && total == 5:
		return fourInOneFifthPartner, holder
	case most == 4:
		return fourInOne, holder
	case total == 5:
		return fiveDivided, holder
	case total == 4:
		return fourDivided, holder
	}
	return simpleHonours, holder
}

// honourLaw names the honour law of a code.
func honourLaw(c Code, strain model.Strain) string {
	switch c {
	case Auction1915:
		return "law 6"
	case Pirate1916:
		if strain == model.NoTrump {
			return "law 74"
		}
		return "law 73"
	}
	if strain == model.NoTrump {
		return "law 7"
	}
	return "law 6"
}

func popcount16(x uint16) int { return bits.OnesCount16(x) }
