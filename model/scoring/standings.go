package scoring

import (
	"math"
	"sort"
	"strconv"

	"handrec/model"
)

// Standing is a pair's (or a team's) total over a session.
type Standing struct {
	Pair  string `json:"pair"`
	Names string `json:"names,omitempty"`
	// Field is "" when every pair of the session is in one field, else
	// the pair's direction, "NS" or "EW": a movement with directions (a
	// Mitchell) ranks each apart.
	Field string `json:"field,omitempty"`
	// Total is the pair's matchpoints (matchpoint methods) or IMPs (IMP
	// methods; cross-IMPs: the sum of its averages); Top the matchpoints
	// its boards could give, Percent Total of Top.
	Total   float64 `json:"total"`
	Top     float64 `json:"top,omitempty"`
	Percent float64 `json:"percentage,omitempty"`
	Boards  int     `json:"boards"`
	// Rank is 0 for a pair that played fewer boards than the session's
	// minimum to rank (MinBoards): it is listed after the pairs ranked.
	Rank int  `json:"rank"`
	Tie  bool `json:"tie,omitempty"`
}

// RankText is the rank as standings print it: "4", "4=" for a tie, "-"
// for a pair not ranked.
func (s *Standing) RankText() string {
	if s.Rank == 0 {
		return "-"
	}
	return RankLabel(s.Rank, s.Tie)
}

// RankLabel is a rank as standings print it: "4", or "4=" for a tie.
func RankLabel(rank int, tie bool) string {
	t := strconv.Itoa(rank)
	if tie {
		t += "="
	}
	return t
}

// MinBoards is the least a pair must play to be ranked: Boards boards
// when Boards > 0, else Percent percent of the most boards a pair of its
// field played (rounded up). The zero value ranks every pair.
type MinBoards struct {
	Boards  int
	Percent float64
}

// DefaultMinBoards is the rule clubs apply: 70% of the boards (the EBU's
// "70% rule" for a pairs session, and the ACBL's pairs conditions of
// contest, which ask each player to play 70% of the partnership's boards).
var DefaultMinBoards = MinBoards{Percent: 70}

// Of is the least number of boards to rank in a field whose pairs played
// at most most boards.
func (m MinBoards) Of(most int) int {
	if m.Boards > 0 {
		return m.Boards
	}
	return int(math.Ceil(m.Percent*float64(most)/100 - 1e-9))
}

// Entrant is a pair as the standings know it: Key tells it from the
// others (its id, or its names compared without case), Pair and Names
// show it, Field is its field ("" when the session is one field).
type Entrant struct {
	Key, Pair, Names, Field string
}

// Standings add up the pairs' scores board by board. Only the pairs are
// kept, not the boards, so that its memory does not grow with the boards.
type Standings struct {
	m     Method
	min   MinBoards
	pairs map[string]*Standing
}

// NewStandings starts the standings of a session scored under m, every
// pair ranked (SetMinBoards sets a minimum).
func NewStandings(m Method) *Standings { return &Standings{m: m, pairs: map[string]*Standing{}} }

// SetMinBoards makes Rows rank only the pairs that played at least
// min's boards.
func (st *Standings) SetMinBoards(min MinBoards) { st.min = min }

// Add counts a row's score for the pair of side side: its pair id (or its
// names when it has none).
func (st *Standings) Add(pair, names string, side model.Side, s Scored, top float64) {
	if pair == "" {
		pair = names
	}
	st.AddEntrant(Entrant{Key: pair, Pair: pair, Names: names}, side, s, top)
}

// AddEntrant counts a row's score for side's pair, e.
func (st *Standings) AddEntrant(e Entrant, side model.Side, s Scored, top float64) {
	if e.Key == "" {
		return
	}
	var v model.Points
	switch {
	case !st.m.IMPs():
		v = s.MP[side]
	case st.m.Kind == CrossIMP:
		v = s.IMPAvg[side]
		if !v.Known() {
			v = s.IMP[side] // an artificial score
		}
	default:
		v = s.IMP[side]
	}
	if !v.Known() {
		return
	}
	key := e.Field + "\x00" + e.Key
	p := st.pairs[key]
	if p == nil {
		p = &Standing{Pair: e.Pair, Names: e.Names, Field: e.Field}
		st.pairs[key] = p
	}
	p.Total += float64(v)
	p.Top += top
	p.Boards++
}

// fieldOrder puts North-South's field before East-West's.
func fieldOrder(f string) int {
	switch f {
	case "NS":
		return 1
	case "EW":
		return 2
	}
	return 0
}

// Rows are the standings ranked field by field (North-South's first):
// by percentage (matchpoint methods) or IMPs, highest first; pairs equal
// share the better rank, marked as a tie. A pair that played fewer boards
// than the minimum is not ranked (Rank 0) and follows its field's ranked
// pairs, in the same order.
func (st *Standings) Rows() []Standing {
	out := make([]Standing, 0, len(st.pairs))
	most := map[string]int{}
	for _, p := range st.pairs {
		s := *p
		if !st.m.IMPs() && s.Top > 0 {
			s.Percent = 100 * s.Total / s.Top
		}
		most[s.Field] = max(most[s.Field], s.Boards)
		out = append(out, s)
	}
	ranked := func(s *Standing) bool { return s.Boards >= st.min.Of(most[s.Field]) }
	key := func(s *Standing) float64 {
		if st.m.IMPs() {
			return round2(s.Total)
		}
		return round2(s.Percent)
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := &out[i], &out[j]
		switch {
		case a.Field != b.Field:
			return fieldOrder(a.Field) < fieldOrder(b.Field)
		case ranked(a) != ranked(b):
			return ranked(a)
		case key(a) != key(b):
			return key(a) > key(b)
		}
		return a.Pair < b.Pair
	})
	n := 0
	for i := range out {
		s := &out[i]
		switch {
		case i == 0 || s.Field != out[i-1].Field:
			n = 1
		default:
			n++
		}
		switch {
		case !ranked(s):
		case n > 1 && out[i-1].Rank > 0 && key(s) == key(&out[i-1]):
			s.Rank, s.Tie = out[i-1].Rank, true
			out[i-1].Tie = true
		default:
			s.Rank = n
		}
	}
	return out
}

// round2 rounds to two decimals, so that totals equal as printed rank
// equal.
func round2(v float64) float64 {
	return float64(int64(v*100+sign(v)*0.5)) / 100
}

func sign(v float64) float64 {
	if v < 0 {
		return -1
	}
	return 1
}
