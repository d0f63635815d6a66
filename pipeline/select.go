package pipeline

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"handrec/model"
)

// Selection chooses and turns the records a command writes, as directors
// and teachers do with BridgeComposer: some boards only, each deal turned
// so that South declares, boards numbered anew, a deal given twice kept
// once. The zero Selection keeps every record as it is.
type Selection struct {
	Boards   Boards      // empty: every board
	Rotate   bool        // turn each deal so that South declares
	RotateTo *model.Seat // turn each deal so that this seat declares (before Rotate)
	Renumber bool        // number the boards kept 1, 2, 3 ...
	Dedupe   bool        // keep the first record of each deal
	seen     map[model.Deal]bool
	n        int
}

// Boards is a set of board numbers: ranges such as 1-8,12.
type Boards [][2]int

// ParseBoards reads "1-8,12,20-".
func ParseBoards(s string) (Boards, error) {
	var out Boards
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		if err != nil || a < 1 {
			return nil, fmt.Errorf("boards %q: %q is not a board number or a range such as 1-8", s, part)
		}
		b := a
		if isRange {
			if hi == "" {
				b = int(^uint(0) >> 1)
			} else if b, err = strconv.Atoi(hi); err != nil || b < a {
				return nil, fmt.Errorf("boards %q: %q is not a range from a lower board to a higher", s, part)
			}
		}
		out = append(out, [2]int{a, b})
	}
	return out, nil
}

// Has reports whether board n is in the set (every board when it is empty).
func (bs Boards) Has(n int) bool {
	if len(bs) == 0 {
		return true
	}
	for _, r := range bs {
		if n >= r[0] && n <= r[1] {
			return true
		}
	}
	return false
}

// Apply gives the record to write for r, or false to leave r out. It does
// not change r: a turned or renumbered record is a copy.
func (s *Selection) Apply(r *model.Record) (*model.Record, bool) {
	if !s.Boards.Has(r.Board) {
		return nil, false
	}
	if s.Dedupe && !r.Deal.Empty() {
		if s.seen == nil {
			s.seen = map[model.Deal]bool{}
		}
		if s.seen[r.Deal] {
			return nil, false
		}
		s.seen[r.Deal] = true
	}
	to := model.NoSeat
	switch {
	case s.RotateTo != nil:
		to = *s.RotateTo
	case s.Rotate:
		to = model.South
	}
	if to.Valid() && r.Declarer.Valid() && r.Declarer != to {
		r = Rotate(r, int(to-r.Declarer+4)%4)
	}
	if s.Renumber {
		s.n++
		c := *r
		c.Board = s.n
		c.Facts[model.FactBoard].Text = nil // the number replaces any text the source gave
		r = &c
	}
	return r, true
}

// Filter is Source src with the selection applied. Each reading of it
// starts the selection anew (the deals seen, the boards numbered), so
// that a Source read twice, as a sheet with --session reads its input,
// gives the same records the second time: with the state kept, --dedupe
// dropped every deal and --renumber numbered on from the first reading's
// last board. s itself is not changed.
func (s *Selection) Filter(src Source) Source {
	return func(fn func(*model.Record) error) error {
		sel := *s
		sel.seen, sel.n = nil, 0
		return src(func(r *model.Record) error {
			if r2, ok := sel.Apply(r); ok {
				return fn(r2)
			}
			return nil
		})
	}
}

// Rotate is a copy of r turned k seats clockwise: North's hand goes to
// East when k is 1, and with it the dealer, the declarer, the players,
// the auction's and the play's first seats and every trick; the
// vulnerability and the recorded scores' sides turn when k is odd.
func Rotate(r *model.Record, k int) *model.Record {
	c := *r
	turn := func(s model.Seat) model.Seat {
		if !s.Valid() {
			return s
		}
		return s.Add(k)
	}
	for _, s := range model.Seats {
		c.Deal.Hands[turn(s)], c.Deal.Known[turn(s)] = r.Deal.Hands[s], r.Deal.Known[s]
	}
	c.Dealer, c.Declarer = turn(r.Dealer), turn(r.Declarer)
	if k%2 == 1 && (r.Vul == model.VulNS || r.Vul == model.VulEW) {
		c.Vul = model.VulNS + model.VulEW - r.Vul
	}
	if r.Auction != nil {
		a := *r.Auction
		a.First = turn(a.First)
		c.Auction = &a
	}
	if r.Play != nil {
		p := *r.Play
		p.First = turn(p.First)
		p.Tricks = make([]model.Trick, len(r.Play.Tricks))
		for i, t := range r.Play.Tricks {
			for _, s := range model.Seats {
				p.Tricks[i][turn(s)] = t[s]
			}
		}
		c.Play = &p
	}
	rotateFacts(&c, r, k)
	c.Sections = rotateSections(r.Sections, k)
	rotateHidden(&c, k)
	return &c
}

// rotateHidden turns the seats of the Hidden tag, the hands a teacher's
// record keeps from the reader, with the hands.
func rotateHidden(c *model.Record, k int) {
	v, ok := c.Tag("Hidden")
	if !ok {
		return
	}
	b := []byte(v)
	for i := range b {
		if s, ok := model.ParseSeat(b[i]); ok {
			b[i] = s.Add(k).String()[0]
		}
	}
	c.Tags = slices.Clone(c.Tags)
	c.SetTag("Hidden", string(b))
}

// rotateFacts turns the players (each name with its text as given and
// comments; a seat's place among the tags, by name in PBN's tag order, stays), the recorded scores and
// the par (its score's side, its contracts' sides and seats) of r into c, turned k seats; a fact's text as given that does not turn
// is dropped for the turned field's.
func rotateFacts(c, r *model.Record, k int) {
	for _, s := range model.Seats {
		to := model.PlayerFact(s.Add(k))
		c.Players[s.Add(k)] = r.Players[s]
		c.Facts[to] = r.Facts[model.PlayerFact(s)] // a seat's tag stays where it stood: PBN's tag order names seats
	}
	rec := &c.Recorded
	rec.Score, rec.IMP, rec.MP, rec.Percentage = rec.Score.Turned(k), rec.IMP.Turned(k), rec.MP.Turned(k), rec.Percentage.Turned(k)
	c.Par = r.Par.Turned(k)
	turns := []model.Fact{model.FactDealer, model.FactVul, model.FactDeal, model.FactDeclarer, model.FactParContract}
	if k%2 != 0 {
		turns = append(turns, model.FactScore, model.FactScoreIMP, model.FactScoreMP, model.FactScorePercentage,
			model.FactOptimumScore)
	}
	for _, f := range turns {
		if _, ok := c.FactText(f); ok {
			c.Facts[f].Text = nil // a text as given does not turn: the turned field is written
		}
	}
}

// rotateSections is sections for the deal turned k seats: a double-dummy
// table by the seats the hands went to, a traveller's declarers and (k odd)
// its NS and EW columns turned; a table kept as read does not turn.
func rotateSections(sections []model.Section, k int) []model.Section {
	out := sections // copied at the first section that turns
	for i := range sections {
		s := &sections[i]
		if s.DD == nil && s.Traveller == nil {
			continue
		}
		if &out[0] == &sections[0] {
			out = slices.Clone(sections)
		}
		if s.DD != nil {
			t := s.DD.Turned(k)
			out[i].DD = &t
		}
		if s.Traveller != nil {
			out[i].Traveller = s.Traveller.Turned(k)
		}
	}
	return out
}
