package scoring

import (
	"handrec/model"
)

// Report is the score of a sequence of records: each deal, and with
// Options.Rubber each rubber.
type Report struct {
	// Code is the code named by the options, or "by-record" when each
	// record is scored under the code its Scoring tag names.
	Code    string       `json:"code"`
	Deals   []*DealScore `json:"deals"`
	Rubbers []*Rubber    `json:"rubbers"`
}

// Rubber is a rubber's totals (Pirate: by player; otherwise by side),
// bonuses included.
type Rubber struct {
	Number int  `json:"number"`
	Code   Code `json:"code"`
	// Deals are the indexes of the rubber's deals in Report.Deals.
	Deals []int `json:"deals"`
	// Bonuses are the rubber's own items: the rubber bonus, and the
	// bonuses of an unfinished rubber.
	Bonuses []Item         `json:"bonuses"`
	Totals  map[string]int `json:"totals"`
	// Games counts the games each side (Pirate: each player) won.
	Games map[string]int `json:"games"`
	// Winner has the highest total ("" for a tie), by Margin over the
	// other side (Pirate: over the next highest player).
	Winner   string `json:"winner"`
	Margin   int    `json:"margin"`
	Finished bool   `json:"finished"`
	// Settlement is what each player wins (+) or loses (-), in units of
	// Unit: Pirate rounds each total to the unit (law 79); Bridge drops
	// the unit of the margin (1899 Guide, pp. 32-33), Unit 10.
	Settlement map[string]int `json:"settlement,omitempty"`
	Unit       int            `json:"unit,omitempty"`
	Notes      []string       `json:"notes,omitempty"`

	totals [4]int
	games  [4]int
}

// table is the state of the score between deals.
type table struct {
	below  [4]int // trick points toward the current game, per column
	games  [4]int // games won in the current rubber
	gameNo [4]int // the game in progress, per column, 1-based
	deals  int    // deals scored in the current rubber
}

func newTable() table { return table{gameNo: [4]int{1, 1, 1, 1}} }

// Scorer scores records one at a time, rubber by rubber: the scorer's pad
// of rubber bridge (a pairs or teams session is pipeline.Session).
type Scorer struct {
	opt  Options
	rep  Report
	t    table
	cur  *Rubber
	code Code // the open rubber's code
	keep bool

	// Set by Stream: the deals of the open rubber, the deals and rubbers
	// scored so far, and where a rubber goes when it ends.
	curDeals []*DealScore
	deals    int
	rubbers  int
	onRubber func(*Rubber, []*DealScore)

	// A match's rooms and pairs are rubber sequences apart (rooms.go):
	// key is the open sequence's, strands the others', order the order
	// they began, note what a new rubber of the open sequence says.
	key     string
	strands map[string]*strand
	order   []string
	note    string
}

// Code is the code of the session's report: the code of its options,
// or "by-record".
func (s *Scorer) Code() string { return s.rep.Code }

// Stream makes the session keep only the open rubber: each rubber goes
// to onRubber with its deals when it ends (in Add, or in Finish), and the
// Report of Finish holds no deal and no rubber. A rubber's Deals still
// count every deal added before it, as in a whole Report. The memory of
// a session then does not grow with the records.
func (s *Scorer) Stream(onRubber func(rb *Rubber, deals []*DealScore)) {
	s.keep = false
	s.onRubber = onRubber
}

// NewScorer starts a session. It returns an error for options no code
// can use.
func NewScorer(opt Options) (*Scorer, error) {
	if err := opt.Check(); err != nil {
		return nil, err
	}
	if opt.Code != "" {
		opt.Code, _ = ParseCode(string(opt.Code))
	}
	s := &Scorer{opt: opt, t: newTable(), keep: true}
	s.rep.Code = string(opt.Code)
	if opt.Code == "" {
		s.rep.Code = "by-record"
	}
	s.rep.Deals = []*DealScore{}
	s.rep.Rubbers = []*Rubber{}
	return s, nil
}

// Score scores one record on its own under opt.
func Score(r *model.Record, opt Options) (*DealScore, error) {
	ds := &DealScore{}
	if err := ScoreInto(ds, r, opt); err != nil {
		return nil, err
	}
	return ds, nil
}

// ScoreInto is Score into ds, which it empties first: a caller that
// scores record after record (the archive's import, under every code)
// reuses one DealScore, and its room for items and notes, rather than
// allocate one a score.
func ScoreInto(ds *DealScore, r *model.Record, opt Options) error {
	if err := opt.Check(); err != nil {
		return err
	}
	code := opt.Code
	if code == "" {
		code = CodeOf(r)
	} else {
		code, _ = ParseCode(string(code))
	}
	ds.reset()
	var in input
	if prepare(r, code, ds, &in) {
		t := newTable()
		scoreDeal(&in, &t, ds, &opt, false)
	}
	return nil
}

func newDealScore() *DealScore {
	ds := &DealScore{}
	ds.reset()
	return ds
}

// reset empties ds, its items and notes in its own room.
func (ds *DealScore) reset() {
	*ds = DealScore{}
	ds.Items = ds.buf[:0]
	ds.Notes = ds.nbuf[:0]
}

// Add scores the next record and returns its score. With Options.Rubber
// the record continues the open rubber, or starts a new one.
func (s *Scorer) Add(r *model.Record) *DealScore {
	code := s.opt.Code
	if code == "" {
		code = CodeOf(r)
	}
	ds := newDealScore()
	var in input
	ok := prepare(r, code, ds, &in)
	if !s.opt.Rubber {
		s.t = newTable()
		if ok {
			scoreDeal(&in, &s.t, ds, &s.opt, false)
		}
		if s.keep {
			s.rep.Deals = append(s.rep.Deals, ds)
		}
		s.deals++
		return ds
	}
	s.switchStrand(r)
	if s.cur != nil && s.code != code {
		s.closeRubber()
	}
	if s.cur == nil {
		s.openRubber(code)
	}
	if ok {
		scoreDeal(&in, &s.t, ds, &s.opt, true)
	}
	s.account(ds, code)
	return ds
}

func scoreDeal(in *input, t *table, ds *DealScore, opt *Options, rubber bool) {
	if in.rec.Contract.Kind == model.PassedOut {
		switch in.code {
		case Auction1915:
			ds.note("all passed: no score, the deal passes (law 44)")
		case Pirate1916:
			ds.note("no bid accepted: the deal is void (law 18)")
		default:
			ds.note("passed out: no score")
		}
		if in.code == Contract {
			zero := 0
			ds.NSScore = &zero
		}
		return
	}
	switch {
	case in.code.bridge():
		scoreBridge(in, t, ds, opt)
	case in.code == Auction1915:
		scoreAuction(in, t, ds, opt)
	case in.code == Pirate1916:
		scorePirate(in, t, ds, opt)
	default:
		scoreContract(in, t, ds, opt, rubber)
	}
}

func (s *Scorer) openRubber(code Code) {
	s.code = code
	s.t = newTable()
	s.rubbers++
	s.cur = &Rubber{Number: s.rubbers, Code: code, Deals: []int{}, Bonuses: []Item{}}
	if s.note != "" {
		s.cur.Notes = append(s.cur.Notes, s.note)
	}
}

// Open reports whether rubber n is still open: begun and not ended.
func (s *Scorer) Open(n int) bool {
	if s.cur != nil && s.cur.Number == n {
		return true
	}
	for _, st := range s.strands {
		if st.cur != nil && st.cur.Number == n {
			return true
		}
	}
	return false
}

// threshold is the trick score of a game.
func threshold(c Code) int {
	if c == Contract {
		return 100
	}
	return 30
}

// account adds a deal to the open rubber: its items to the totals, its
// trick points toward game; it closes the game and the rubber they end.
func (s *Scorer) account(ds *DealScore, code Code) {
	t, rb := &s.t, s.cur
	ds.Rubber = rb.Number
	rb.Deals = append(rb.Deals, s.deals)
	s.deals++
	if s.keep {
		s.rep.Deals = append(s.rep.Deals, ds)
	} else {
		s.curDeals = append(s.curDeals, ds)
	}
	t.deals++
	for i := range ds.Items {
		it := &ds.Items[i]
		it.Game = t.gameNo[it.col]
		rb.totals[it.col] += it.Points
		if it.Line == Below {
			t.below[it.col] += it.Points
		}
	}
	cols := 2
	if code.bySeat() {
		cols = 4
	}
	ended := false
	for c := 0; c < cols; c++ {
		if t.below[c] < threshold(code) {
			continue
		}
		t.games[c]++
		rb.games[c]++
		if code.bySeat() {
			ds.GameWon = whoSeat[c]
			t.below[c] = 0
			t.gameNo[c]++
		} else {
			ds.GameWon = whoSide[c]
			t.below = [4]int{}
			for i := range t.gameNo {
				t.gameNo[i]++
			}
		}
		if t.games[c] == 2 && !(code == Contract && s.opt.Chicago) {
			ended = true
			s.rubberBonus(c, code)
		}
	}
	if code == Contract && s.opt.Chicago && t.deals == 4 {
		chicagoEnd(t, rb)
		ended = true
	}
	if ended {
		rb.Finished = true
		s.finishRubber()
	}
}

func (rb *Rubber) bonus(col int, who string, pts int, label, law string, game int) {
	rb.Bonuses = append(rb.Bonuses, Item{Who: who, Line: Above, Points: pts, Label: label, Law: law, Game: game, col: int8(col)})
	rb.totals[col] += pts
}

// rubberBonus is the bonus of the side (player) that won two games.
func (s *Scorer) rubberBonus(c int, code Code) {
	rb, t := s.cur, &s.t
	game := t.gameNo[c] - 1
	switch {
	case code.bridge():
		rb.bonus(c, whoSide[c], 100, "rubber", "law 11", game)
	case code == Auction1915:
		rb.bonus(c, whoSide[c], 250, "rubber", "law 10", game)
	case code == Pirate1916:
		rb.bonus(c, whoSeat[c], 50, "rubber", "law 71", game)
	default:
		pts, label := 700, "rubber 2-0"
		if t.games[1-c] > 0 {
			pts, label = 500, "rubber 2-1"
		}
		rb.bonus(c, whoSide[c], pts, label, "", game)
	}
}

// closeRubber ends the open rubber unfinished.
func (s *Scorer) closeRubber() {
	rb, t, code := s.cur, &s.t, s.code
	switch {
	case code.bridge():
		rb.Notes = append(rb.Notes, "unfinished rubber: scored as it stands, no bonus (the laws give none)")
	case code == Auction1915:
		for c := 0; c < 2; c++ {
			if t.games[c] > 0 {
				rb.bonus(c, whoSide[c], 125, "game in an unfinished rubber", "law 11", t.gameNo[c])
			}
		}
	case code == Pirate1916:
		rb.Notes = append(rb.Notes, "unfinished rubber: scored as it stands, no bonus for a game (law 80)")
	case s.opt.Chicago:
		chicagoEnd(t, rb)
	default:
		for c := 0; c < 2; c++ {
			if t.games[c] > 0 && t.games[1-c] == 0 {
				rb.bonus(c, whoSide[c], 300, "game in an unfinished rubber", "", t.gameNo[c])
			}
			if t.below[c] > 0 {
				rb.bonus(c, whoSide[c], 100, "part-score in an unfinished game", "", t.gameNo[c])
			}
		}
	}
	s.finishRubber()
}

// finishRubber computes the totals of the open rubber and files it.
func (s *Scorer) finishRubber() {
	rb := s.cur
	names := whoSide[:]
	if rb.Code.bySeat() {
		names = whoSeat[:]
	}
	rb.Totals = make(map[string]int, len(names))
	rb.Games = make(map[string]int, len(names))
	best, second := -1, -1
	for c, n := range names {
		rb.Totals[n] = rb.totals[c]
		rb.Games[n] = rb.games[c]
		switch {
		case best < 0 || rb.totals[c] > rb.totals[best]:
			best, second = c, best
		case second < 0 || rb.totals[c] > rb.totals[second]:
			second = c
		}
	}
	rb.Margin = rb.totals[best] - rb.totals[second]
	if rb.Margin > 0 {
		rb.Winner = names[best]
	}
	switch {
	case rb.Code == Pirate1916:
		unit := s.opt.rounding()
		net := Settle(rb.totals, unit)
		rb.Unit = unit
		rb.Settlement = map[string]int{}
		for c, n := range whoSeat {
			rb.Settlement[n] = net[c]
		}
	case rb.Code.bridge():
		rb.Unit = 10
		u := DropUnit(rb.Margin)
		rb.Settlement = map[string]int{}
		for _, seat := range model.Seats {
			v := -u
			if rb.Winner != "" && whoSide[seat.Side()] == rb.Winner {
				v = u
			}
			if rb.Winner == "" {
				v = 0
			}
			rb.Settlement[seat.String()] = v
		}
	}
	if s.keep {
		s.rep.Rubbers = append(s.rep.Rubbers, rb)
	} else {
		deals := s.curDeals
		s.curDeals = nil
		s.onRubber(rb, deals)
	}
	s.cur = nil
	s.t = newTable()
}

// Finish ends an open rubber, unfinished, and returns the report.
func (s *Scorer) Finish() *Report {
	s.finishStrands()
	return &s.rep
}

// Settle is Pirate Bridge's settlement (law 79, pp. 7-8): each player's
// total is rounded to the nearest unit (a total half way rounds up), and
// every player pays every other the difference: 4 x his own rounded total
// less the sum of the four, in units.
func Settle(totals [4]int, unit int) [4]int {
	var r [4]int
	sum := 0
	for i, v := range totals {
		r[i] = floorDiv(2*v+unit, 2*unit)
		sum += r[i]
	}
	var net [4]int
	for i := range r {
		net[i] = 4*r[i] - sum
	}
	return net
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// DropUnit settles a Bridge rubber by dropping the unit (1899 Guide,
// pp. 32-33): 264 is 26, but a unit over 5 adds one: 265 is 26, 266 is 27.
func DropUnit(margin int) int { return (margin + 4) / 10 }
