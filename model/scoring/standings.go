package scoring

import (
	"sort"
	"strconv"

	"handrec/model"
)

// Standing is a pair's (or a team's) total over a session.
type Standing struct {
	Pair  string `json:"pair"`
	Names string `json:"names,omitempty"`
	// Total is the pair's matchpoints (matchpoint methods) or IMPs (IMP
	// methods; cross-IMPs: the sum of its averages); Top the matchpoints
	// its boards could give, Percent Total of Top.
	Total   float64 `json:"total"`
	Top     float64 `json:"top,omitempty"`
	Percent float64 `json:"percentage,omitempty"`
	Boards  int     `json:"boards"`
	Rank    int     `json:"rank"`
	Tie     bool    `json:"tie,omitempty"`
}

// RankText is the rank as standings print it: "4", or "4=" for a tie.
func (s *Standing) RankText() string { return RankLabel(s.Rank, s.Tie) }

// RankLabel is a rank as standings print it: "4", or "4=" for a tie.
func RankLabel(rank int, tie bool) string {
	t := strconv.Itoa(rank)
	if tie {
		t += "="
	}
	return t
}

// Standings add up the pairs' scores board by board. Only the pairs are
// kept, not the boards, so that its memory does not grow with the boards.
type Standings struct {
	m     Method
	pairs map[string]*Standing
}

// NewStandings starts the standings of a session scored under m.
func NewStandings(m Method) *Standings { return &Standings{m: m, pairs: map[string]*Standing{}} }

// Add counts a row's score for the pair of side side: its pair id (or its
// names when it has none).
func (st *Standings) Add(pair, names string, side model.Side, s Scored, top float64) {
	if pair == "" {
		pair = names
	}
	if pair == "" {
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
	p := st.pairs[pair]
	if p == nil {
		p = &Standing{Pair: pair, Names: names}
		st.pairs[pair] = p
	}
	p.Total += float64(v)
	p.Top += top
	p.Boards++
}

// Rows are the standings ranked: by percentage (matchpoint methods) or
// IMPs, highest first; pairs equal share the better rank, marked as a tie.
func (st *Standings) Rows() []Standing {
	out := make([]Standing, 0, len(st.pairs))
	for _, p := range st.pairs {
		s := *p
		if !st.m.IMPs() && s.Top > 0 {
			s.Percent = 100 * s.Total / s.Top
		}
		out = append(out, s)
	}
	key := func(s *Standing) float64 {
		if st.m.IMPs() {
			return round2(s.Total)
		}
		return round2(s.Percent)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if a, b := key(&out[i]), key(&out[j]); a != b {
			return a > b
		}
		return out[i].Pair < out[j].Pair
	})
	for i := range out {
		switch {
		case i > 0 && key(&out[i]) == key(&out[i-1]):
			out[i].Rank, out[i].Tie = out[i-1].Rank, true
			out[i-1].Tie = true
		default:
			out[i].Rank = i + 1
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
