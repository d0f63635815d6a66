package pipeline

import (
	"slices"
	"strconv"

	"handrec/layout"
	"handrec/model"
	"handrec/model/scoring"
	"handrec/render"
)

// teamMatch is a team match being read: each board's score in each room.
type teamMatch struct {
	name   render.MatchName
	key    string // matchKey of its records
	carry  [2]float64
	boards []scoring.TeamBoard
	index  map[int]int // board -> boards[i]
	// segments are the match's segments that list results (a vugraph
	// file's rs), for the rooms no record gives; vul is each board's
	// vulnerability as a record of it says.
	segments []*model.Match
	vul      map[int]model.Vul
}

// teamCollector gathers the records played in a room by match, in the
// order the matches and their boards first come.
type teamCollector struct {
	matches []*teamMatch
	byKey   map[string]*teamMatch
}

func newTeamCollector() *teamCollector { return &teamCollector{byKey: map[string]*teamMatch{}} }

// add notes r's score in its room, when it was played in one with a
// result known.
func (tc *teamCollector) add(r *model.Record) {
	if r.Room != model.OpenRoom && r.Room != model.ClosedRoom {
		return
	}
	ns, ok := roomScore(r)
	if !ok {
		return
	}
	name := matchName(r)
	key := matchKey(r)
	m := tc.byKey[key]
	if m == nil {
		m = &teamMatch{name: name, key: key, index: map[int]int{}, vul: map[int]model.Vul{}}
		if r.Match != nil {
			m.carry[0], _ = strconv.ParseFloat(r.Match.Home.Carry, 64)
			m.carry[1], _ = strconv.ParseFloat(r.Match.Visit.Carry, 64)
		}
		tc.byKey[key] = m
		tc.matches = append(tc.matches, m)
	}
	if r.Match != nil && len(r.Match.Results) > 0 && !slices.Contains(m.segments, r.Match) {
		m.segments = append(m.segments, r.Match)
	}
	if r.Vul.Valid() {
		m.vul[r.Board] = r.Vul
	}
	m.set(r.Board, r.Room, ns)
}

// set gives board's room the score ns.
func (m *teamMatch) set(board int, room model.Room, ns int) {
	i, ok := m.index[board]
	if !ok {
		i = len(m.boards)
		m.index[board] = i
		m.boards = append(m.boards, scoring.TeamBoard{Board: board})
	}
	b := &m.boards[i]
	if room == model.OpenRoom {
		b.Open, b.OpenOK = ns, true
	} else {
		b.Closed, b.ClosedOK = ns, true
	}
}

// fromResults scores each room of the match's boards that no record
// gives from the result its segment lists (a vugraph file's rs: a file
// may hold the play of some rooms only), the last segment's first; the
// board's vulnerability is its record's, else its number's. Boards only
// the results give take their place in board order.
func (m *teamMatch) fromResults() {
	added := false
	for s := len(m.segments) - 1; s >= 0; s-- {
		seg := m.segments[s]
		first, last := max(seg.First, 1), max(seg.First, 1)+(len(seg.Results)-1)/2
		if seg.Last > 0 {
			last = min(last, seg.Last)
		}
		for n := first; n <= last; n++ {
			for _, room := range [...]model.Room{model.OpenRoom, model.ClosedRoom} {
				res, ok := seg.RoomResult(n, room)
				if !ok || m.given(n, room) {
					continue
				}
				vul, ok := m.vul[n]
				if !ok {
					vul = model.BoardVul(n)
				}
				if ns, ok := contractScore(res.Contract, res.Declarer, res.Result, vul); ok {
					_, had := m.index[n]
					added = added || !had
					m.set(n, room, ns)
				}
			}
		}
	}
	if added {
		slices.SortStableFunc(m.boards, func(a, b scoring.TeamBoard) int { return a.Board - b.Board })
		for i, b := range m.boards {
			m.index[b.Board] = i
		}
	}
}

// matchKey tells r's match (a segment of it) from the others: its
// event, stage and teams, and its segment's boards.
func matchKey(r *model.Record) string {
	name := matchName(r)
	key := name.Event + "\x00" + name.Stage + "\x00" + name.Home + "\x00" + name.Visit
	if r.Match != nil {
		key += "\x00" + strconv.Itoa(r.Match.First) + "-" + strconv.Itoa(r.Match.Last)
	}
	return key
}

// matchName names r's match: its event and stage, and its teams (its
// match's, or a PBN record's HomeTeam and VisitTeam).
func matchName(r *model.Record) render.MatchName {
	var n render.MatchName
	if r.Event != nil {
		n.Event, n.Stage = r.Event.Name, r.Event.Stage
	}
	n.Home, n.Visit = layout.TeamNames(r)
	return n
}

// roomScore is North-South's score of r's contract and result; its Score
// tag's when the result is not known; false when neither is.
func roomScore(r *model.Record) (int, bool) {
	if ns, ok := contractScore(r.Contract, r.Declarer, r.Result, r.Vul); ok {
		return ns, true
	}
	if v, ok := r.FactValue(model.FactScore); ok {
		return scoring.ParseScoreTag(v, r.Declarer)
	}
	return 0, false
}

// given reports whether board's room has a score.
func (m *teamMatch) given(board int, room model.Room) bool {
	i, ok := m.index[board]
	return ok && (room == model.OpenRoom && m.boards[i].OpenOK || room == model.ClosedRoom && m.boards[i].ClosedOK)
}

// contractScore is North-South's score of contract c by decl taking
// res's tricks, vulnerable as vul says; false when they do not give one.
func contractScore(c model.Contract, decl model.Seat, res model.Result, vul model.Vul) (int, bool) {
	switch {
	case c.Kind == model.PassedOut:
		return 0, true
	case c.Kind == model.Bid && decl.Valid() && res.Tricks >= 0 && vul.Valid() && c.Doubled <= 2:
		return scoring.DuplicateNS(c, decl, int(res.Tricks), vul), true
	}
	return 0, false
}
