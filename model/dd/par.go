package dd

import (
	"sort"
	"strconv"
	"strings"

	"handrec/model"
)

// Par is the par result of a deal: the score (North-South's points) when
// both sides bid to the best contract they can, knowing the table, and the
// contracts that give it.
type Par struct {
	Score     int
	Contracts []ParContract
}

// ParContract is one par contract: made (Result >= 0, the overtricks) or a
// doubled sacrifice (Result < 0, the undertricks).
type ParContract struct {
	Level     int
	Strain    model.Strain
	Declarers []model.Seat // the seats that reach the result: one, or both of a side
	Result    int
}

// String is the contract in the form of DDS's DealerPar: "4S-N", "3N-NS+1",
// "5H*-EW-2" (doubled, two down).
func (c ParContract) String() string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(c.Level))
	if c.Strain == model.NoTrump {
		b.WriteByte('N')
	} else {
		b.WriteString(c.Strain.String())
	}
	if c.Result < 0 {
		b.WriteByte('*')
	}
	b.WriteByte('-')
	for _, s := range c.Declarers {
		b.WriteString(s.String())
	}
	if c.Result != 0 {
		if c.Result > 0 {
			b.WriteByte('+')
		}
		b.WriteString(strconv.Itoa(c.Result))
	}
	return b.String()
}

// Score is the score of a contract of level in strain st, taking tricks,
// for the declaring side: made undoubled, or doubled when it fails (the
// way par counts it).
func Score(level int, st model.Strain, tricks int, vul bool) int {
	if need := level + 6; tricks < need {
		down := need - tricks
		var s int
		if vul {
			s = 200 + 300*(down-1)
		} else {
			s = 100 + 200*min(down-1, 2) + 300*max(down-3, 0)
		}
		return -s
	}
	per := 20
	if st == model.StrainHearts || st == model.StrainSpades || st == model.NoTrump {
		per = 30
	}
	base := level * per
	if st == model.NoTrump {
		base += 10
	}
	s := base + (tricks-level-6)*per
	switch {
	case base < 100:
		s += 50
	case vul:
		s += 500
	default:
		s += 300
	}
	switch {
	case level == 6 && vul:
		s += 750
	case level == 6:
		s += 500
	case level == 7 && vul:
		s += 1500
	case level == 7:
		s += 1000
	}
	return s
}

// auction is the par game: a side holding contract c (0 is 1C, 34 is 7NT)
// faces the other side, which passes or bids higher.
type auction struct {
	t    *Table
	vul  [2]bool
	memo [35][2]int
	done [35][2]bool
}

func contractOf(c int) (level int, st model.Strain) { return c/5 + 1, Strains[c%5] }

// tricks is the most tricks side takes in the strain, and its seats that take them.
func (a *auction) tricks(side model.Side, st model.Strain) (int, []model.Seat) {
	s1, s2 := model.Seat(side), model.Seat(side)+2
	t1, t2 := a.t[s1][st], a.t[s2][st]
	switch {
	case t1 > t2:
		return t1, []model.Seat{s1}
	case t2 > t1:
		return t2, []model.Seat{s2}
	}
	return t1, []model.Seat{s1, s2}
}

// score is the result for North-South when side plays c.
func (a *auction) score(c int, side model.Side) int {
	level, st := contractOf(c)
	t, _ := a.tricks(side, st)
	s := Score(level, st, t, a.vul[side])
	if side == model.EW {
		return -s
	}
	return s
}

// better reports whether North-South's score x is better than y for side.
func better(side model.Side, x, y int) bool {
	if side == model.NS {
		return x > y
	}
	return x < y
}

// value is North-South's score when side holds c and both sides play well.
func (a *auction) value(c int, side model.Side) int {
	if a.done[c][side] {
		return a.memo[c][side]
	}
	o := side.Other()
	v := a.score(c, side)
	for n := c + 1; n < 35; n++ {
		if w := a.value(n, o); better(o, w, v) {
			v = w
		}
	}
	a.memo[c][side], a.done[c][side] = v, true
	return v
}

// open is the best side can get by bidding first, or none if nothing better than floor.
func (a *auction) open(side model.Side, floor int) int {
	v := floor
	for c := 0; c < 35; c++ {
		if w := a.value(c, side); better(side, w, v) {
			v = w
		}
	}
	return v
}

// ParOf is the par of a deal with table t: the score both sides reach when
// each bids to its best, dealer's side first (it gets a contract both sides
// make), and the opponents of a making contract sacrifice when that costs
// less. A sacrifice is doubled. Contracts that give the par score are
// listed at their lowest level, strain by strain (clubs first), the side
// that can make the most tricks first.
func ParOf(t Table, dealer model.Seat, vul model.Vul) Par {
	a := &auction{t: &t}
	a.vul = [2]bool{vul.Vulnerable(model.NS), vul.Vulnerable(model.EW)}
	d := dealer.Side()
	// dealer's side bids, or passes and lets the others choose, who may
	// pass in turn and leave dealer's side its choice again
	after := a.open(d.Other(), a.open(d, 0))
	p := Par{Score: a.open(d, after)}
	for _, side := range [2]model.Side{model.NS, model.EW} {
		seen := [5]bool{}
		for c := 0; c < 35; c++ {
			level, st := contractOf(c)
			if seen[c%5] || a.score(c, side) != p.Score || !a.final(c, side) {
				continue
			}
			seen[c%5] = true
			tr, seats := a.tricks(side, st)
			p.Contracts = append(p.Contracts, ParContract{Level: level, Strain: st, Declarers: seats, Result: tr - level - 6})
		}
	}
	sort.SliceStable(p.Contracts, func(i, j int) bool { return parBefore(p.Contracts[i], p.Contracts[j]) })
	return p
}

// final reports whether side's c ends the auction: every higher bid of the
// other side leaves it worse off than passing.
func (a *auction) final(c int, side model.Side) bool {
	o, v := side.Other(), a.score(c, side)
	for n := c + 1; n < 35; n++ {
		if !better(o, v, a.value(n, o)) {
			return false
		}
	}
	return true
}

// parBefore is DDS's order of par contracts: higher levels first; at one
// level, made contracts with more overtricks first, then from no trump
// down; sacrifices from clubs up.
func parBefore(x, y ParContract) bool {
	if x.Level != y.Level {
		return x.Level > y.Level
	}
	if x.Result < 0 {
		return x.Strain < y.Strain
	}
	if x.Result != y.Result {
		return x.Result > y.Result
	}
	return x.Strain > y.Strain
}
