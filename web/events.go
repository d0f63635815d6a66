package web

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// eventRow is a row of the events view.
type eventRow struct {
	ID        int64  `json:"id"`
	Name      string `json:"name,omitempty"`
	Site      string `json:"site,omitempty"`
	Games     int64  `json:"games"`
	Boards    int64  `json:"boards"`
	FirstDate string `json:"first_date,omitempty"`
	LastDate  string `json:"last_date,omitempty"`
}

const eventColumns = "id, name, site, games, boards, first_date, last_date"

func scanEvent(v namedRow) eventRow {
	return eventRow{ID: v.int("id"), Name: v.str("name"), Site: v.str("site"), Games: v.int("games"), Boards: v.int("boards"),
		FirstDate: v.str("first_date"), LastDate: v.str("last_date")}
}

// maxEvents is how many events the list of events holds at most: an
// event past them is found by a query of its own (eventRecords).
const maxEvents = 100000

// Dates is the event's dates as far as they are known: "2024",
// "2024.05.01 – 2024.05.03".
func (e eventRow) Dates() string {
	first, last := dateText(e.FirstDate), dateText(e.LastDate)
	if first == last || last == "" {
		return first
	}
	if first == "" {
		return last
	}
	return first + " – " + last
}

// homePage is the data of /: the search form, and a page of each of the
// lists of events and matches that the filter selects.
type homePage struct {
	Title       string
	Filter      listForm
	Events      []eventRow
	EventsPage  listPage
	More        bool // the events are more than maxEvents: only those are listed
	Matches     []matchRow
	MatchesPage listPage
	Note        string
	Search      *searchForm
}

// listForm is what the home page's lists show: the filter's text and the
// page of each list (from 1).
type listForm struct {
	Q               string
	Events, Matches int
}

// maxFilter is the longest filter read.
const maxFilter = 200

// readListForm reads the home page's filter and pages (those of
// /api/events and /api/matches): a page that is not a number from 1, a
// parameter given twice and a filter longer than maxFilter are the
// visitor's error (400), as a search's page key is.
func readListForm(q url.Values) (listForm, error) {
	l := listForm{Q: strings.TrimSpace(q.Get("q")), Events: 1, Matches: 1}
	if n := len(q["q"]); n > 1 {
		return l, badRequest("q is given %d times: give it once", n)
	}
	if len(l.Q) > maxFilter {
		return l, badRequest("q is %d bytes long: a filter is at most %d", len(l.Q), maxFilter)
	}
	for _, k := range []struct {
		name string
		page *int
	}{{"events", &l.Events}, {"matches", &l.Matches}} {
		v, ok := q[k.name]
		if !ok {
			continue
		}
		if len(v) > 1 {
			return l, badRequest("%s is given %d times: give it once", k.name, len(v))
		}
		n, ok := positive(v[0])
		if !ok || n >= maxListPage {
			return l, badRequest("%s=%q: give a page's number, from 1 to %d", k.name, v[0], maxListPage-1)
		}
		*k.page = int(n)
	}
	return l, nil
}

// maxListPage is one past the last page of a list read.
const maxListPage = 1 << 20

// url is the list's page with key's page set to n.
func (l listForm) url(base, key string, n int) string {
	v := url.Values{}
	if l.Q != "" {
		v.Set("q", l.Q)
	}
	pages := map[string]int{"events": l.Events, "matches": l.Matches}
	pages[key] = n
	for _, k := range []string{"events", "matches"} {
		if pages[k] > 1 {
			v.Set(k, strconv.Itoa(pages[k]))
		}
	}
	if len(v) == 0 {
		return base
	}
	return base + "?" + v.Encode()
}

// listPage places a page of a list: its rows From to To (from 1) of
// Total, and the links to the pages before and after.
type listPage struct {
	From, To, Total int64
	Prev, Next      string
}

// pageOf places page n of size rows of a list of total rows, key the
// list's parameter.
func (l listForm) pageOf(key string, n, size int, total int64) listPage {
	p := listPage{From: int64((n-1)*size) + 1, To: min(int64(n*size), total), Total: total}
	if n > 1 {
		p.Prev = l.url("/", key, n-1) + "#" + key
	}
	if p.To < total {
		p.Next = l.url("/", key, n+1) + "#" + key
	}
	return p
}

// filterEvents is the events whose name or site holds q, in any case.
func filterEvents(evs []eventRow, q string) []eventRow {
	if q == "" {
		return evs
	}
	q = strings.ToLower(q)
	var out []eventRow
	for _, e := range evs {
		if strings.Contains(strings.ToLower(e.Name), q) || strings.Contains(strings.ToLower(e.Site), q) {
			out = append(out, e)
		}
	}
	return out
}

// pageRows is page n of size rows of rows.
func pageRows[T any](rows []T, n, size int) []T {
	from := min((n-1)*size, len(rows))
	return rows[from:min(from+size, len(rows))]
}

// events is the list of events, as the cache has it (see eventCache).
func (s *Server) events(r *http.Request) ([]eventRow, bool, error) {
	return s.evs.get(r.Context(), s)
}

// eventsTTL is how long a list of events is shown before it is counted
// again.
const eventsTTL = 5 * time.Minute

// eventsLimit bounds the counting of the events, which the page's own
// limit does not: the events view counts every game of the archive (4-5 s
// for a million on a busy machine).
const eventsLimit = 5 * time.Minute

// eventCache keeps the list of events, counted in the background: a page
// waits for it up to its own time limit, then says that it is being
// counted, and a list up to eventsTTL old is shown at once while a newer
// one is counted.
type eventCache struct {
	mu      sync.Mutex
	evs     []eventRow
	more    bool
	at      time.Time
	err     error
	running chan struct{}
}

var errCounting = errors.New("the events are being counted (the events view counts every game of the archive); reload the page in a moment")

func (c *eventCache) get(ctx context.Context, s *Server) ([]eventRow, bool, error) {
	c.mu.Lock()
	fresh := !c.at.IsZero() && time.Since(c.at) < eventsTTL
	if !fresh && c.running == nil {
		c.running = make(chan struct{})
		go c.count(s)
	}
	if !c.at.IsZero() && c.err == nil {
		defer c.mu.Unlock()
		return c.evs, c.more, nil
	}
	done := c.running
	c.mu.Unlock()
	select {
	case <-done:
	case <-ctx.Done():
		return nil, false, &httpError{Code: http.StatusServiceUnavailable, Msg: errCounting.Error()}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.evs, c.more, c.err
}

// count counts the events and keeps the list.
func (c *eventCache) count(s *Server) {
	ctx, cancel := context.WithTimeout(context.Background(), eventsLimit)
	defer cancel()
	var evs []eventRow
	err := s.db.Query(ctx, "SELECT "+eventColumns+" FROM events ORDER BY id LIMIT "+strconv.Itoa(maxEvents+1), nil,
		byName(func(v namedRow) error {
			evs = append(evs, scanEvent(v))
			return nil
		}))
	more := len(evs) > maxEvents
	if more {
		evs = evs[:maxEvents]
	}
	c.mu.Lock()
	c.evs, c.more, c.err, c.at = evs, more, err, time.Now()
	close(c.running)
	c.running = nil
	c.mu.Unlock()
}

func (s *Server) home(r *http.Request) (string, any, error) {
	l, err := readListForm(r.URL.Query())
	if err != nil {
		return "", nil, err
	}
	size := s.opt.ListSize
	// the matches first: they are read by an index in a moment, while the
	// events may take the page's whole time limit to be counted
	ms, nm, err := s.matches(r, l.Q, l.Matches, size)
	if err != nil {
		return "", nil, err
	}
	evs, more, err := s.events(r)
	note := ""
	if err != nil {
		var he *httpError
		if !errors.As(err, &he) || he.Msg != errCounting.Error() {
			return "", nil, err
		}
		note = err.Error() // the search form works meanwhile
	}
	evs = filterEvents(evs, l.Q)
	return "home", homePage{Title: "Archive", Filter: l, Events: pageRows(evs, l.Events, size), More: more,
		EventsPage: l.pageOf("events", l.Events, size, int64(len(evs))), Matches: ms, MatchesPage: l.pageOf("matches", l.Matches, size, nm),
		Note: note, Search: &searchForm{}}, nil
}

func (s *Server) apiEvents(r *http.Request) (any, error) {
	l, err := readListForm(r.URL.Query())
	if err != nil {
		return nil, err
	}
	evs, more, err := s.events(r)
	if err != nil {
		return nil, err
	}
	evs = filterEvents(evs, l.Q)
	next := ""
	if l.Events*s.opt.ListSize < len(evs) {
		next = l.url("/api/events", "events", l.Events+1)
	}
	return map[string]any{"events": orEmpty(pageRows(evs, l.Events, s.opt.ListSize)), "total": len(evs), "more": more, "next": next}, nil
}

// eventPage is the data of /event/ID: the event and a page of its
// records.
type eventPage struct {
	Title   string
	Event   eventRow
	Search  *searchForm
	Results *results
}

// eventRecords finds the event id and a page of its records: the games
// of its id, which neither the events view nor the records view gives.
func (s *Server) eventRecords(r *http.Request) (eventRow, *results, error) {
	id, err := parseID(r.PathValue("id"))
	if err != nil {
		return eventRow{}, nil, err
	}
	var ev *eventRow
	evs, _, err := s.events(r)
	if err != nil {
		return eventRow{}, nil, err
	}
	for i := range evs {
		if evs[i].ID == id {
			ev = &evs[i]
		}
	}
	if ev == nil && len(evs) == maxEvents {
		// past the list: asked of the view alone
		err = s.named(r.Context(), "SELECT "+eventColumns+" FROM events WHERE id = ?", []any{id}, func(v namedRow) error {
			e := scanEvent(v)
			ev = &e
			return nil
		})
		if err != nil {
			return eventRow{}, nil, err
		}
	}
	if ev == nil {
		return eventRow{}, nil, notFound("no event %d", id)
	}
	f := &searchForm{}
	if f.After, f.Before, err = pageKeys(r.URL.Query()); err != nil {
		return eventRow{}, nil, err
	}
	// The event's games are those of its id (game.event_id, which the
	// records view does not give). An event of many is walked in id order,
	// each game's event looked up by its id (the keyset's bound repeated,
	// which PostgreSQL does not carry over to the lookup); one of few is
	// found by the event's index and its games sorted.
	cond, args := "id IN (SELECT id FROM game WHERE event_id = ?)", []any{id}
	if ev.Games > int64(s.manyRows) {
		op, key := ">", f.After
		if f.Before > 0 {
			op, key = "<", f.Before
		}
		cond = "EXISTS (SELECT 1 FROM game x WHERE x.id = records.id AND x.event_id = ? AND x.id " + op + " ?)"
		args = append(args, key)
	}
	res, err := s.find(r, f, cond, args)
	if err != nil {
		return eventRow{}, nil, err
	}
	base := "/event/" + strconv.FormatInt(id, 10)
	if res.Next != "" {
		res.Next = f.pageURL(base, "after", res.Rows[len(res.Rows)-1].ID)
		res.NextAPI = f.pageURL("/api"+base, "after", res.Rows[len(res.Rows)-1].ID)
	}
	if res.Prev != "" {
		res.Prev = f.pageURL(base, "before", res.Rows[0].ID)
		res.PrevAPI = f.pageURL("/api"+base, "before", res.Rows[0].ID)
	}
	return *ev, res, nil
}

func (s *Server) event(r *http.Request) (string, any, error) {
	ev, res, err := s.eventRecords(r)
	if err != nil {
		return "", nil, err
	}
	title := ev.Name
	if title == "" {
		title = "Event " + strconv.FormatInt(ev.ID, 10)
	}
	return "event", eventPage{Title: title, Event: ev, Search: &searchForm{}, Results: res}, nil
}

func (s *Server) apiEvent(r *http.Request) (any, error) {
	ev, res, err := s.eventRecords(r)
	if err != nil {
		return nil, err
	}
	return map[string]any{"event": ev, "records": res.Rows, "next": res.NextAPI, "prev": res.PrevAPI}, nil
}
