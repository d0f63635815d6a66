package web

import (
	"net/http"
	"net/url"
	"strconv"
)

// matchRow is a row of the matches view: a team match (a vugraph
// segment), its teams and carry-over, and how many games and boards the
// archive holds of it.
type matchRow struct {
	ID         int64  `json:"id"`
	Event      string `json:"event,omitempty"`
	Segment    string `json:"segment,omitempty"`
	FirstBoard string `json:"first_board,omitempty"`
	LastBoard  string `json:"last_board,omitempty"`
	Home       string `json:"home,omitempty"`
	HomeCarry  string `json:"home_carry,omitempty"`
	Visit      string `json:"visit,omitempty"`
	VisitCarry string `json:"visit_carry,omitempty"`
	Games      int64  `json:"games"`
	Boards     int64  `json:"boards"`
}

// SearchURL is the search for the match's event, where its games are.
func (m matchRow) SearchURL() string {
	return "/search?event=" + url.QueryEscape(m.Event)
}

// maxMatches is how many matches the home page lists.
const maxMatches = 500

// matches are the first maxMatches matches of the archive, and whether
// there are more. The view counts each match's games by an index, so
// the list is read with the page, under its time limit.
func (s *Server) matches(r *http.Request) ([]matchRow, bool, error) {
	var ms []matchRow
	q := "SELECT id, event, segment, first_board, last_board, home, home_carry, visit, visit_carry, games, boards FROM matches ORDER BY id LIMIT " + strconv.Itoa(maxMatches+1)
	err := s.rows(r.Context(), q, nil, func(v []any) error {
		m := matchRow{Event: str(v[1]), Segment: str(v[2]), FirstBoard: str(v[3]), LastBoard: str(v[4]),
			Home: str(v[5]), HomeCarry: str(v[6]), Visit: str(v[7]), VisitCarry: str(v[8])}
		m.ID, _ = num(v[0])
		m.Games, _ = num(v[9])
		m.Boards, _ = num(v[10])
		ms = append(ms, m)
		return nil
	})
	if err != nil {
		return nil, false, err
	}
	if len(ms) > maxMatches {
		return ms[:maxMatches], true, nil
	}
	return ms, false, nil
}

func (s *Server) apiMatches(r *http.Request) (any, error) {
	ms, more, err := s.matches(r)
	return map[string]any{"matches": ms, "more": more}, err
}
