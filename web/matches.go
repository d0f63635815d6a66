package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
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

// URL is the match's page.
func (m matchRow) URL() string { return "/match/" + strconv.FormatInt(m.ID, 10) }

// SearchURL is the search for the match's event, where its games are.
func (m matchRow) SearchURL() string {
	return "/search?event=" + url.QueryEscape(m.Event)
}

const matchColumns = "id, event, segment, first_board, last_board, home, home_carry, visit, visit_carry, games, boards"

func scanMatch(v namedRow) matchRow {
	return matchRow{ID: v.int("id"), Event: v.str("event"), Segment: v.str("segment"), FirstBoard: v.str("first_board"),
		LastBoard: v.str("last_board"), Home: v.str("home"), HomeCarry: v.str("home_carry"), Visit: v.str("visit"),
		VisitCarry: v.str("visit_carry"), Games: v.int("games"), Boards: v.int("boards")}
}

// matchFilter is the condition over the matches view of a filter's text:
// the text in the event's name, the segment or a team's name, in any
// case; "" for no filter.
func matchFilter(q string) (string, []any) {
	if q == "" {
		return "", nil
	}
	return "lower(coalesce(event, '') || ' ' || coalesce(segment, '') || ' ' || coalesce(home, '') || ' ' || coalesce(visit, '')) LIKE ? ESCAPE '\\'",
		[]any{"%" + likeEscape(strings.ToLower(q)) + "%"}
}

// matches is a page of the matches the filter q selects, in the order
// they were imported: page n (from 1) of size rows, and how many there
// are. The view counts each match's games by an index, so the list is
// read with the page, under its time limit.
func (s *Server) matches(r *http.Request, q string, n, size int) ([]matchRow, int64, error) {
	cond, args := matchFilter(q)
	where := ""
	if cond != "" {
		where = " WHERE " + cond
	}
	var total int64
	err := s.named(r.Context(), "SELECT count(*) AS n FROM matches"+where, args, func(v namedRow) error {
		total = v.int("n")
		return nil
	})
	if err != nil || total <= int64((n-1)*size) {
		return nil, total, err
	}
	var ms []matchRow
	query := "SELECT " + matchColumns + " FROM matches" + where + " ORDER BY id LIMIT " + strconv.Itoa(size) + " OFFSET " + strconv.Itoa((n-1)*size)
	err = s.named(r.Context(), query, args, func(v namedRow) error {
		ms = append(ms, scanMatch(v))
		return nil
	})
	return ms, total, err
}

func (s *Server) apiMatches(r *http.Request) (any, error) {
	l, err := readListForm(r.URL.Query())
	if err != nil {
		return nil, err
	}
	ms, total, err := s.matches(r, l.Q, l.Matches, s.opt.ListSize)
	if err != nil {
		return nil, err
	}
	next := ""
	if int64(l.Matches*s.opt.ListSize) < total {
		next = l.url("/api/matches", "matches", l.Matches+1)
	}
	return map[string]any{"matches": orEmpty(ms), "total": total, "next": next}, nil
}

// orEmpty is s, or an empty list for none (JSON's [] rather than null).
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
