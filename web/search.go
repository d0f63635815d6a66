package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"handrec/archive"
	"handrec/model"
	"handrec/model/scoring"
)

// searchForm is what a search asked: the simple fields, the advanced
// condition and the page (keyset: the records after After, or before
// Before, in the order of their ids).
type searchForm struct {
	Board, Player, Contract, Declarer, Result string
	Event, Date, HCP, Vul, Where              string
	After, Before                             int64
}

// searchFields are the simple fields, by their parameter's name.
var searchFields = []string{"board", "player", "contract", "declarer", "result", "event", "date", "hcp", "vul", "where"}

// readSearch reads the search's parameters; a page's key (after,
// before) that is not a record's id, or both at once, is the visitor's
// mistake (400), as a field that cannot be read is (condition).
func readSearch(q url.Values) (*searchForm, error) {
	f := &searchForm{}
	ptrs := f.fields()
	for i, name := range searchFields {
		*ptrs[i] = strings.TrimSpace(q.Get(name))
	}
	var err error
	if f.After, f.Before, err = pageKeys(q); err != nil {
		return nil, err
	}
	return f, nil
}

// pageKeys reads a page of records' keys, after and before (0 when
// absent): a search's or an event's.
func pageKeys(q url.Values) (after, before int64, err error) {
	if after, err = pageKey(q, "after"); err != nil {
		return 0, 0, err
	}
	if before, err = pageKey(q, "before"); err != nil {
		return 0, 0, err
	}
	if after > 0 && before > 0 {
		return 0, 0, badRequest("after=%d and before=%d: a page is the records after an id or before one, not both", after, before)
	}
	return after, before, nil
}

// pageKey reads the page's key name: a record's id (digits, no sign, no
// leading zero), 0 when the parameter is absent.
func pageKey(q url.Values, name string) (int64, error) {
	v, ok := q[name]
	if !ok {
		return 0, nil
	}
	if len(v) > 1 {
		return 0, badRequest("%s is given %d times: give it once", name, len(v))
	}
	n, ok := positive(v[0])
	if !ok {
		return 0, badRequest("%s=%q: give a record's id, a number from 1", name, v[0])
	}
	return n, nil
}

func (f *searchForm) fields() []*string {
	return []*string{&f.Board, &f.Player, &f.Contract, &f.Declarer, &f.Result, &f.Event, &f.Date, &f.HCP, &f.Vul, &f.Where}
}

// Empty reports whether the form asks nothing.
func (f *searchForm) Empty() bool {
	for _, p := range f.fields() {
		if *p != "" {
			return false
		}
	}
	return true
}

// values is the form as URL parameters, without the page.
func (f *searchForm) values() url.Values {
	v := url.Values{}
	for i, p := range f.fields() {
		if *p != "" {
			v.Set(searchFields[i], *p)
		}
	}
	return v
}

// pageURL is the URL of the page of results after or before id.
func (f *searchForm) pageURL(base, key string, id int64) string {
	v := f.values()
	v.Set(key, strconv.FormatInt(id, 10))
	return base + "?" + v.Encode()
}

// condition is the form as SQL over the records view, with its
// arguments: the simple fields as parameters, never as text, and the
// advanced condition under the checks of the CLI's --where.
//
// many reports whether a subquery yields more than a few thousand rows: a
// rare player or HCP range is looked up as a list of record ids, a common
// one record by record as the page walks the records in id order, each of
// which alone would take seconds on the other kind in a large archive.
func (f *searchForm) condition(many func(sub string, args ...any) (bool, error)) (string, []any, error) {
	var conds []string
	var args []any
	add := func(c string, a ...any) { conds = append(conds, c); args = append(args, a...) }
	if f.Board != "" {
		n, err := strconv.Atoi(f.Board)
		if err != nil || n <= 0 {
			return "", nil, badRequest("board %q: give a board number", f.Board)
		}
		add("board = ?", n)
	}
	if f.Player != "" {
		common, err := many("SELECT record FROM players WHERE name = ?", f.Player)
		if err != nil {
			return "", nil, err
		}
		if common {
			add("EXISTS (SELECT 1 FROM players p WHERE p.name = ? AND p.record = records.id)", f.Player)
		} else {
			add("id IN (SELECT record FROM players WHERE name = ?)", f.Player)
		}
	}
	if f.Contract != "" {
		c, ok := model.ParseContract(strings.ToUpper(f.Contract))
		if !ok {
			return "", nil, badRequest("contract %q: give a contract such as 4S, 3NTX or Pass", f.Contract)
		}
		add("contract = ?", c.String())
	}
	if f.Declarer != "" {
		s, ok := model.ParseSeat(strings.ToUpper(f.Declarer)[0])
		if !ok || len(f.Declarer) != 1 {
			return "", nil, badRequest("declarer %q: give N, E, S or W", f.Declarer)
		}
		add("declarer = ?", s.String())
	}
	if err := f.resultCondition(add); err != nil {
		return "", nil, err
	}
	if f.Event != "" {
		add("event LIKE ? ESCAPE '\\'", "%"+likeEscape(f.Event)+"%")
	}
	if f.Date != "" {
		add("date LIKE ? ESCAPE '\\'", likeEscape(f.Date)+"%")
	}
	if err := f.hcpCondition(add, many); err != nil {
		return "", nil, err
	}
	if f.Vul != "" {
		v, ok := model.ParseVul(f.Vul)
		if !ok {
			return "", nil, badRequest("vulnerability %q: give None, NS, EW or All", f.Vul)
		}
		add("vul = ?", v.String())
	}
	if f.Where != "" {
		if len(f.Where) > MaxWhere {
			return "", nil, badRequest("the condition is %d bytes long; at most %d are read", len(f.Where), MaxWhere)
		}
		if err := archive.CheckCondition(f.Where); err != nil {
			return "", nil, badRequest("condition %q: %v", f.Where, err)
		}
		// The newline ends a -- comment the condition closes with.
		add("(" + f.Where + "\n)")
	}
	return strings.Join(conds, " AND "), args, nil
}

// resultCondition reads the result: declarer's tricks (0 to 13), or
// relative to the contract: =, +1, -2.
func (f *searchForm) resultCondition(add func(string, ...any)) error {
	r := f.Result
	if r == "" {
		return nil
	}
	if r == "=" {
		add("tricks = level + 6")
		return nil
	}
	n, err := strconv.Atoi(r)
	switch {
	case err != nil:
	case r[0] == '+' && n >= 1 && n <= 6, r[0] == '-' && n <= -1 && n >= -13:
		// declarer's tricks, level + 6 + n, can be 0 to 13 at some level
		add("tricks = level + 6 + ?", n)
		return nil
	case r[0] != '+' && r[0] != '-' && n >= 0 && n <= 13:
		add("tricks = ?", n)
		return nil
	}
	return badRequest("result %q: give declarer's tricks (0 to 13) or =, +1 to +6, -1 to -13", r)
}

// hcpCondition reads the HCP: some hand holds N, or from N to M (N-M).
func (f *searchForm) hcpCondition(add func(string, ...any), many func(string, ...any) (bool, error)) error {
	if f.HCP == "" {
		return nil
	}
	lo, hi, isRange := strings.Cut(f.HCP, "-")
	if !isRange {
		hi = lo
	}
	a, err1 := strconv.Atoi(strings.TrimSpace(lo))
	b, err2 := strconv.Atoi(strings.TrimSpace(hi))
	if err1 != nil || err2 != nil || a < 0 || b > 37 || a > b {
		return badRequest("HCP %q: give a number from 0 to 37, or a range such as 20-25", f.HCP)
	}
	common, err := many("SELECT record FROM hands WHERE hcp BETWEEN ? AND ?", a, b)
	if err != nil {
		return err
	}
	if common {
		// "+" keeps SQLite from reading the hands by their HCP: each
		// record's four are looked up by the record.
		add("EXISTS (SELECT 1 FROM hands h WHERE h.record = records.id AND +h.hcp BETWEEN ? AND ?)", a, b)
	} else {
		add("id IN (SELECT record FROM hands WHERE hcp BETWEEN ? AND ?)", a, b)
	}
	return nil
}

func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// recordRow is a record as a line of search results.
type recordRow struct {
	ID                       int64     `json:"id"`
	Event                    string    `json:"event,omitempty"`
	Date                     string    `json:"date,omitempty"`
	Board                    string    `json:"board,omitempty"`
	Room                     string    `json:"room,omitempty"`
	North, East, South, West string    `json:"-"`
	Players                  [4]string `json:"players"`
	Contract                 string    `json:"contract,omitempty"`
	Declarer                 string    `json:"declarer,omitempty"`
	Tricks                   string    `json:"tricks,omitempty"`
	Result                   string    `json:"result,omitempty"`
	Score                    string    `json:"score,omitempty"`
	level                    int64
}

// recordColumns are the columns of the records view a recordRow reads.
const recordColumns = "id, event, date, board, room, north, east, south, west, contract, declarer, tricks, level, score, vul, scoring"

// scanRecord reads a row of recordColumns. Its score is the Score tag's,
// else, when the contract code applies to it (codeApplies), the one its
// contract, result and vulnerability give (a LIN record has no Score
// tag).
func scanRecord(v namedRow) recordRow {
	r := recordRow{ID: v.int("id"), Event: v.str("event"), Date: v.str("date"), Board: v.str("board"), Room: v.str("room"),
		Players:  [4]string{v.str("north"), v.str("east"), v.str("south"), v.str("west")},
		Contract: v.str("contract"), Declarer: v.str("declarer"), Tricks: v.str("tricks"), Score: v.str("score"), level: v.int("level")}
	r.North, r.East, r.South, r.West = r.Players[0], r.Players[1], r.Players[2], r.Players[3]
	tricks, known := v.num("tricks")
	if known && r.level > 0 {
		r.Result = relative(int(tricks), int(r.level))
	}
	if r.Score == "" && codeApplies(v.str("scoring"), r.Date, scoring.Contract) {
		c, _ := model.ParseContract(r.Contract)
		decl := model.NoSeat
		if r.Declarer != "" {
			if d, ok := model.ParseSeat(r.Declarer[0]); ok {
				decl = d
			}
		}
		vul, _ := model.ParseVul(v.str("vul"))
		r.Score = computedScore(c, decl, int(tricks), known, vul)
	}
	return r
}

// relative is declarer's tricks against the contract: =, +1, -2.
func relative(tricks, level int) string {
	switch d := tricks - level - 6; {
	case d == 0:
		return "="
	case d > 0:
		return "+" + strconv.Itoa(d)
	default:
		return strconv.Itoa(d)
	}
}

// results is a page of search results.
type results struct {
	Rows       []recordRow `json:"records"`
	Count      *hitCount   `json:"count,omitempty"`     // a search's hits
	CountURL   string      `json:"count_url,omitempty"` // where they are, while they are counted
	Prev, Next string      `json:"-"`
	PrevAPI    string      `json:"prev,omitempty"`
	NextAPI    string      `json:"next,omitempty"`
}

// find runs the search: a page of the records cond selects, after or
// before an id (keyset pagination: the page's first query is as fast on
// page 1,000 as on page 1).
func (s *Server) find(r *http.Request, f *searchForm, cond string, args []any) (*results, error) {
	n := s.opt.PageSize
	where, order := "id > ?", "id"
	key := f.After
	if f.Before > 0 {
		where, order, key = "id < ?", "id DESC", f.Before
	}
	if cond != "" {
		where += " AND " + cond
	}
	q := "SELECT " + recordColumns + " FROM records WHERE " + where + " ORDER BY " + order + " LIMIT " + strconv.Itoa(n+1)
	res := &results{}
	err := s.named(r.Context(), q, append([]any{key}, args...), func(v namedRow) error {
		res.Rows = append(res.Rows, scanRecord(v))
		return nil
	})
	if err != nil {
		return nil, err
	}
	more := len(res.Rows) > n
	if more {
		res.Rows = res.Rows[:n]
	}
	if f.Before > 0 {
		for i, j := 0, len(res.Rows)-1; i < j; i, j = i+1, j-1 {
			res.Rows[i], res.Rows[j] = res.Rows[j], res.Rows[i]
		}
	}
	if len(res.Rows) == 0 {
		return res, nil
	}
	first, last := res.Rows[0].ID, res.Rows[len(res.Rows)-1].ID
	if more || f.Before > 0 {
		res.Next = f.pageURL("/search", "after", last)
		res.NextAPI = f.pageURL("/api/search", "after", last)
	}
	if f.After > 0 || f.Before > 0 && more {
		res.Prev = f.pageURL("/search", "before", first)
		res.PrevAPI = f.pageURL("/api/search", "before", first)
	}
	return res, nil
}

// searchPage is the data of the search page.
type searchPage struct {
	Title   string
	Search  *searchForm
	Results *results
}

// manyRows is the threshold of searchForm.condition's many (Server.manyRows).
const manyRows = 5000

// many reports whether sub yields more than s.manyRows rows; the answers
// are kept with the counts of hits, since a search's every page asks.
func (s *Server) many(r *http.Request) func(sub string, args ...any) (bool, error) {
	return func(sub string, args ...any) (bool, error) {
		key := fmt.Sprintf("many\x00%d\x00%s\x00%#v", s.manyRows, sub, args)
		if m, ok := s.counts.hits.known(key); ok {
			return m, nil
		}
		var n int64
		err := s.named(r.Context(), "SELECT count(*) AS n FROM ("+sub+" LIMIT "+strconv.Itoa(s.manyRows+1)+") AS sub", args, func(v namedRow) error {
			n = v.int("n")
			return nil
		})
		if err == nil {
			s.counts.hits.keep(key, n > int64(s.manyRows))
		}
		return n > int64(s.manyRows), err
	}
}

func (s *Server) search(r *http.Request) (string, any, error) {
	f, cond, args, err := s.searchOf(r)
	if err != nil {
		return "", nil, err
	}
	res, err := s.searchCounted(r, f, cond, args)
	if err != nil {
		return "", nil, err
	}
	return "search", searchPage{Title: "Search", Search: f, Results: res}, nil
}

func (s *Server) apiSearch(r *http.Request) (any, error) {
	f, cond, args, err := s.searchOf(r)
	if err != nil {
		return nil, err
	}
	return s.searchCounted(r, f, cond, args)
}

// searchCounted is the page of results, and the number of hits when it
// is counted in time (CountWait), else the URL that gives it.
func (s *Server) searchCounted(r *http.Request, f *searchForm, cond string, args []any) (*results, error) {
	res, err := s.find(r, f, cond, args)
	if err != nil {
		return nil, err
	}
	h, ok, err := s.hits(r.Context(), cond, args, s.opt.CountWait, false)
	if ok {
		res.Count = &h
	} else {
		res.CountURL = "/api/count?" + f.values().Encode()
	}
	return res, err
}

// searchOf reads r's search (the search page's parameters, as the search
// pages, their API and the count take them) and its condition over the
// records view.
func (s *Server) searchOf(r *http.Request) (*searchForm, string, []any, error) {
	f, err := readSearch(r.URL.Query())
	if err != nil {
		return nil, "", nil, err
	}
	cond, args, err := f.condition(s.many(r))
	if err != nil {
		return nil, "", nil, err
	}
	return f, cond, args, nil
}
