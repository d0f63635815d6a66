package scoring

import (
	"math"
	"sync"
)

// vpRatio is the WBF continuous scale's r: tau^3, tau the golden ratio's
// 0.618034, to six places as the WBF gives it.
const vpRatio = 0.236068

// MaxVPBoards is the longest match VPScale makes a scale for (its scale
// has 1,500 entries); a longer one gets its scale.
const MaxVPBoards = 10000

// vpCache keeps each scale made for a match of up to 100 boards.
var vpCache sync.Map // int -> []int

// VPScale is the WBF continuous VP scale (2013) for a match of boards
// boards, in hundredths of a VP by IMP margin from 0 to the blitz (the
// last entry is 2000): VP = min(20, 10 + 10*(1-r^(I/B))/(1-r)), r =
// 0.236068, B = 15*sqrt(boards), to two decimals; then, as the WBF's
// technical report publishes it, each value whose next step is larger
// than its own is raised by 0.01 until every step is no larger than the
// one before it (the scale is concave). Each raise is one every concave
// scale at or above the rounded formula needs, so the scale made is the
// lowest of them; it ends at 20.00 and never passes it. Up to 33 boards
// no value is raised by more than 0.01. On longer matches a step of the
// formula nears 0.01 and no scale within 0.01 of it need be concave (34
// boards is the first): there the raises add up (at 100 boards to 0.04,
// at 10,000 to 2.06), as concavity, the scale's first promise, demands.
func VPScale(boards int) []int {
	if boards < 1 {
		boards = 1
	}
	if v, ok := vpCache.Load(boards); ok {
		return v.([]int)
	}
	boards = min(boards, MaxVPBoards)
	b := 15 * math.Sqrt(float64(boards))
	n := int(math.Ceil(b))
	v := make([]int, n+1)
	for i := range v {
		raw := 10 + 10*(1-math.Pow(vpRatio, float64(i)/b))/(1-vpRatio)
		v[i] = min(2000, int(math.Floor(raw*100+0.5)))
	}
	for changed := true; changed; {
		changed = false
		for i := 1; i < len(v)-1; i++ {
			if v[i+1]-v[i] > v[i]-v[i-1] {
				v[i]++
				changed = true
			}
		}
	}
	if boards <= 100 {
		vpCache.Store(boards, v) // the scales matches use; any other is made again
	}
	return v
}

// VP is the victory points of a margin of imps IMPs over a match of
// boards boards on the WBF continuous scale, two decimals; the loser has
// 20 less it. A margin with a fraction (a carry-over of 0.5) lies on the
// straight line between its whole neighbours.
func VP(imps float64, boards int) float64 {
	s := VPScale(boards)
	a := math.Abs(imps)
	var h float64
	switch {
	case math.IsNaN(a):
		return 10
	case a >= float64(len(s)-1):
		h = 2000
	default:
		lo := int(math.Floor(a))
		f := a - float64(lo)
		h = float64(s[lo]) + f*float64(s[lo+1]-s[lo])
		h = math.Floor(h + 0.5)
	}
	if imps < 0 {
		h = 2000 - h
	}
	return h / 100
}

// TeamBoard is one board of a team match: North-South's score in each
// room; OK false when a room's result is missing (the board does not
// count).
type TeamBoard struct {
	Board    int  `json:"board"`
	Open     int  `json:"open_ns"`
	Closed   int  `json:"closed_ns"`
	OpenOK   bool `json:"open_known"`
	ClosedOK bool `json:"closed_known"`
}

// TeamLine is a board of the match scored: the home team's IMPs (the
// team North-South in the open room), and each team's running score.
type TeamLine struct {
	TeamBoard
	Diff    int        `json:"difference"` // Open - Closed, North-South in the open room
	IMPs    int        `json:"imps"`       // the home team's, signed
	Running [2]float64 `json:"running"`
	Counted bool       `json:"counted"`
}

// TeamMatch is a match scored: per board, the totals with the carry-over,
// and the victory points over the boards counted. A match read in
// stanzas (segments) has each stanza's IMPs; its victory points are for
// the whole match only (HasVP false and NoVP saying why otherwise).
type TeamMatch struct {
	Lines   []TeamLine
	Carry   [2]float64
	Total   [2]float64
	Boards  int
	VP      [2]float64
	Margin  float64
	Winner  int // 0 home, 1 visitors, -1 a draw
	HasVP   bool
	Unknown int // boards without both results
	Stanzas []StanzaScore
	NoVP    string
}

// Stanza is a stanza (segment) of a match as its source gives it: its
// name, its boards, and the carry-over its source states at its start
// (the match's own carry-over and the IMPs of the stanzas before it).
type Stanza struct {
	Name   string
	Boards []TeamBoard
	Carry  [2]float64
}

// StanzaScore is a stanza scored: its name, its lines (Lines[First:End]
// of the match), the IMPs each team won in it and the running score at
// its end; Stated is the carry-over its source states, which Differs from
// the running score before it when the stanzas given do not add up to it
// (a stanza or a board missing, a score corrected).
type StanzaScore struct {
	Name       string     `json:"stage"`
	First, End int        `json:"-"`
	Boards     int        `json:"boards"`
	IMPs       [2]float64 `json:"imps"`
	Running    [2]float64 `json:"running"`
	Stated     [2]float64 `json:"carry"`
	Differs    bool       `json:"carry_differs,omitempty"`
}

// ScoreStanzas scores a match read in stanzas, in order: the first
// stanza's carry-over is the match's, each stanza's IMPs run on from the
// one before. whole says the stanzas are the whole match, from its first
// board to its last: only then are the victory points given, over all its
// boards; else noVP says why not.
func ScoreStanzas(stanzas []Stanza, whole bool, noVP string) TeamMatch {
	var all []TeamBoard
	for _, st := range stanzas {
		all = append(all, st.Boards...)
	}
	var carry [2]float64
	if len(stanzas) > 0 {
		carry = stanzas[0].Carry
	}
	m := ScoreMatch(all, carry)
	running, k := carry, 0
	for _, st := range stanzas {
		sc := StanzaScore{Name: st.Name, First: k, End: k + len(st.Boards), Stated: st.Carry, Differs: st.Carry != running}
		for _, l := range m.Lines[sc.First:sc.End] {
			if l.Counted {
				sc.Boards++
				sc.IMPs[0] += float64(max(l.IMPs, 0))
				sc.IMPs[1] += float64(max(-l.IMPs, 0))
			}
		}
		running = [2]float64{running[0] + sc.IMPs[0], running[1] + sc.IMPs[1]}
		sc.Running, k = running, sc.End
		m.Stanzas = append(m.Stanzas, sc)
	}
	if !whole {
		m.HasVP, m.VP, m.NoVP = false, [2]float64{}, noVP
	}
	return m
}

// ScoreMatch scores a team match: the home team sits North-South in the
// open room and East-West in the closed room, so that it wins the IMPs of
// Open - Closed; carry is each team's carry-over.
func ScoreMatch(boards []TeamBoard, carry [2]float64) TeamMatch {
	m := TeamMatch{Carry: carry, Total: carry}
	for _, b := range boards {
		l := TeamLine{TeamBoard: b}
		if b.OpenOK && b.ClosedOK {
			l.Counted = true
			l.Diff = b.Open - b.Closed
			l.IMPs = IMPs(l.Diff)
			if l.IMPs > 0 {
				m.Total[0] += float64(l.IMPs)
			} else {
				m.Total[1] -= float64(l.IMPs)
			}
			m.Boards++
		} else {
			m.Unknown++
		}
		l.Running = m.Total
		m.Lines = append(m.Lines, l)
	}
	m.Margin = m.Total[0] - m.Total[1]
	m.Winner = -1
	if m.Margin > 0 {
		m.Winner = 0
	} else if m.Margin < 0 {
		m.Winner = 1
	}
	if m.Boards > 0 {
		m.HasVP = true
		m.VP[0] = VP(m.Margin, m.Boards)
		m.VP[1] = math.Round((20-m.VP[0])*100) / 100
	}
	return m
}
