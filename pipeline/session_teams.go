package pipeline

import (
	"strconv"

	"handrec/model"
	"handrec/model/layout"
	"handrec/model/scoring"
)

// teamMatch is a team match being read: each board's score in each room.
type teamMatch struct {
	name   MatchName
	carry  [2]float64
	boards []scoring.TeamBoard
	index  map[int]int // board -> boards[i]
}

// MatchName names a team match: its event and stage, and its teams.
type MatchName struct {
	Event, Stage string
	Home, Visit  string
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
	key := name.Event + "\x00" + name.Stage + "\x00" + name.Home + "\x00" + name.Visit
	if r.Match != nil {
		key += "\x00" + strconv.Itoa(r.Match.First) + "-" + strconv.Itoa(r.Match.Last)
	}
	m := tc.byKey[key]
	if m == nil {
		m = &teamMatch{name: name, index: map[int]int{}}
		if r.Match != nil {
			m.carry[0], _ = strconv.ParseFloat(r.Match.Home.Carry, 64)
			m.carry[1], _ = strconv.ParseFloat(r.Match.Visit.Carry, 64)
		}
		tc.byKey[key] = m
		tc.matches = append(tc.matches, m)
	}
	i, ok := m.index[r.Board]
	if !ok {
		i = len(m.boards)
		m.index[r.Board] = i
		m.boards = append(m.boards, scoring.TeamBoard{Board: r.Board})
	}
	b := &m.boards[i]
	if r.Room == model.OpenRoom {
		b.Open, b.OpenOK = ns, true
	} else {
		b.Closed, b.ClosedOK = ns, true
	}
}

func (m *teamMatch) scored() scoring.TeamMatch { return scoring.ScoreMatch(m.boards, m.carry) }

// matchName names r's match: its event and stage, and its teams (its
// match's, or a PBN record's HomeTeam and VisitTeam).
func matchName(r *model.Record) MatchName {
	var n MatchName
	if r.Event != nil {
		n.Event, n.Stage = r.Event.Name, r.Event.Stage
	}
	n.Home, n.Visit = layout.TeamNames(r)
	return n
}

// roomScore is North-South's score of r's contract and result; its Score
// tag's when the result is not known; false when neither is.
func roomScore(r *model.Record) (int, bool) {
	switch {
	case r.Contract.Kind == model.PassedOut:
		return 0, true
	case r.Contract.Kind == model.Bid && r.Declarer.Valid() && r.Result.Tricks >= 0 && r.Vul.Valid() && r.Contract.Doubled <= 2:
		return scoring.DuplicateNS(r.Contract, r.Declarer, int(r.Result.Tricks), r.Vul), true
	}
	if v, ok := r.FactValue(model.FactScore); ok {
		return scoring.ParseScoreTag(v, r.Declarer)
	}
	return 0, false
}
