package web

import (
	"net/http"
	"strconv"

	"handrec/model"
	"handrec/model/scoring"
	"handrec/pipeline"
)

// The match page shows a team match as `handrec session` scores it: its
// records are read once and given, in the order they were imported, to
// pipeline.Session, whose numbers (each board's IMPs, the running score
// from the carry-over, the victory points) the page shows beside each
// room's contract, declarer, result and score.

// roomView is one room of a board of the match.
type roomView struct {
	ID       int64  `json:"id,omitempty"` // the record, 0 when none is in the archive
	Contract string `json:"contract,omitempty"`
	Declarer string `json:"declarer,omitempty"`
	Result   string `json:"result,omitempty"` // "=", "+1", "-2"
	Score    string `json:"score_ns,omitempty"`
	NS       string `json:"pair_ns,omitempty"` // the players: "North – South"
	EW       string `json:"pair_ew,omitempty"`
}

// matchBoard is a board of the match, each room and its scoring.
type matchBoard struct {
	scoring.TeamLine
	Rooms [2]roomView `json:"rooms"` // open, closed
}

// IMPs is the IMPs of the board, in the column of the team that won
// them: [home, visitors], "" for the other.
func (b matchBoard) IMPs() [2]string {
	switch {
	case !b.Counted:
		return [2]string{"", ""}
	case b.TeamLine.IMPs > 0:
		return [2]string{strconv.Itoa(b.TeamLine.IMPs), ""}
	case b.TeamLine.IMPs < 0:
		return [2]string{"", strconv.Itoa(-b.TeamLine.IMPs)}
	}
	return [2]string{"0", "0"}
}

// matchPage is the data of /match/ID.
type matchPage struct {
	Title  string       `json:"-"`
	Search *searchForm  `json:"-"`
	Match  matchRow     `json:"match"`
	Teams  [2]string    `json:"teams"`
	Carry  [2]float64   `json:"carry"`
	Boards []matchBoard `json:"boards"`
	Total  [2]float64   `json:"total"`
	Count  int          `json:"boards_counted"`
	VP     *[2]float64  `json:"vp,omitempty"`
	// Note says why the match is not scored, "" when it is.
	Note string `json:"note,omitempty"`
}

// loadMatch reads the match of r's id and its records, and scores them.
func (s *Server) loadMatch(r *http.Request) (*matchPage, error) {
	id, err := parseID(r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	p := &matchPage{Search: &searchForm{}}
	found := false
	err = s.named(r.Context(), "SELECT "+matchColumns+" FROM matches WHERE id = ?", []any{id}, func(v namedRow) error {
		p.Match, found = scanMatch(v), true
		return nil
	})
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, notFound("no match %d", id)
	}
	p.Title = matchTitle(p.Match)
	var recs []*model.Record
	rooms := map[int]*[2]roomView{}
	err = s.readRecords(r.Context(), "id IN (SELECT id FROM game WHERE match_id = ?)", []any{id}, func(gid int64, rec *model.Record) error {
		recs = append(recs, rec)
		if i := roomIndex(rec.Room); i >= 0 {
			if rooms[rec.Board] == nil {
				rooms[rec.Board] = &[2]roomView{}
			}
			rooms[rec.Board][i] = roomOf(gid, rec)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sm, err := scoreMatch(recs)
	if err != nil {
		return nil, err
	}
	if sm == nil {
		p.Note = "no board of the match has a result known in both rooms: nothing to score"
		return p, nil
	}
	tm := &sm.Match
	p.Teams, p.Carry, p.Total, p.Count = [2]string{sm.Name.Home, sm.Name.Visit}, tm.Carry, tm.Total, tm.Boards
	if tm.HasVP {
		p.VP = &tm.VP
	}
	for _, l := range tm.Lines {
		b := matchBoard{TeamLine: l}
		if rv := rooms[l.Board]; rv != nil {
			b.Rooms = *rv
		}
		for i, ok := range [2]bool{l.OpenOK, l.ClosedOK} {
			if ok && b.Rooms[i].Score == "" {
				b.Rooms[i].Score = strconv.Itoa([2]int{l.Open, l.Closed}[i])
			}
		}
		p.Boards = append(p.Boards, b)
	}
	return p, nil
}

// scoreMatch scores the records of a match as `handrec session` does;
// nil when it finds nothing to score.
func scoreMatch(recs []*model.Record) (*pipeline.ScoredMatch, error) {
	src := func(fn func(*model.Record) error) error {
		for _, r := range recs {
			if err := fn(r); err != nil {
				return err
			}
		}
		return nil
	}
	sc, err := pipeline.SessionScores(src, pipeline.SessionOptions{})
	if pipeline.ErrNoSession(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if len(sc.Matches) == 0 {
		return nil, nil
	}
	return &sc.Matches[0], nil
}

// roomIndex is the place of a room on the page: 0 open, 1 closed, -1
// neither.
func roomIndex(r model.Room) int {
	switch r {
	case model.OpenRoom:
		return 0
	case model.ClosedRoom:
		return 1
	}
	return -1
}

// roomOf is what the match page shows of a room's record.
func roomOf(id int64, r *model.Record) roomView {
	v := roomView{ID: id, Contract: contractText(r.Contract), Score: scoreNumber(r)}
	if r.Declarer.Valid() {
		v.Declarer = r.Declarer.String()
	}
	if r.Result.Known() && r.Contract.Kind == model.Bid {
		v.Result = relative(int(r.Result.Tricks), int(r.Contract.Level))
	}
	v.NS = pair(r.Player(model.North), r.Player(model.South))
	v.EW = pair(r.Player(model.East), r.Player(model.West))
	return v
}

// scoreNumber is North-South's score of the record's contract and
// result, as a number: "-420"; "" when not known.
func scoreNumber(r *model.Record) string {
	s := computedScore(r.Contract, r.Declarer, int(r.Result.Tricks), r.Result.Known(), r.Vul)
	if len(s) > 3 {
		return s[3:]
	}
	return ""
}

// contractText is a contract as the pages write it: "4SX", "3NT", "Pass".
func contractText(c model.Contract) string {
	if c.Kind == model.NoContract {
		return ""
	}
	return c.String()
}

func pair(a, b string) string {
	if a == "" && b == "" {
		return ""
	}
	return a + " – " + b
}

// matchTitle names a match: its teams, event and segment.
func matchTitle(m matchRow) string {
	t := orNone(m.Home, "Home") + " v " + orNone(m.Visit, "Visitors")
	if m.Event != "" {
		t += " · " + m.Event
	}
	if m.Segment != "" {
		t += " · " + m.Segment
	}
	return t
}

func orNone(s, none string) string {
	if s == "" {
		return none
	}
	return s
}

func (s *Server) match(r *http.Request) (string, any, error) {
	p, err := s.loadMatch(r)
	if err != nil {
		return "", nil, err
	}
	return "match", p, nil
}

func (s *Server) apiMatch(r *http.Request) (any, error) { return s.loadMatch(r) }
