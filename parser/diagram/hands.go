package diagram

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"handrec/model"
)

// handGroup is one hand of a diagram: up to four holdings, one a suit,
// stacked at one column (a hand as the books set it) or on one line
// ("North: ♠ A K 3 ♥ ...").
type handGroup struct {
	hs      []holding
	seat    model.Seat
	label   string // a player's name or letter, or a seat's name
	lpos    model.Pos
	oneLine bool
	dealer  bool // its label marks the dealer (a collapsed column's)
}

func (g *handGroup) line() int     { return g.hs[0].line }
func (g *handGroup) lastLine() int { return g.hs[len(g.hs)-1].line }
func (g *handGroup) col() int      { return g.hs[0].col }

func (g *handGroup) has(s model.Suit) bool {
	for _, h := range g.hs {
		if h.suit == s {
			return true
		}
	}
	return false
}

// looseCell is a cell of a diagram that is no holding: a label, a key and
// its value, the compass, stray text.
type looseCell struct {
	cell
	line int
	used bool
}

// groupHands stacks the holdings of a diagram into hands: a holding joins
// the hand whose last holding stands on the line above it, at its column
// (give or take two), when that hand lacks its suit; holdings that share a
// cell make a hand of one line.
func groupHands(hs [][]holding) []*handGroup {
	var groups []*handGroup
	for _, cellHs := range hs {
		if len(cellHs) > 1 || cellHs[0].label != "" {
			groups = append(groups, &handGroup{hs: cellHs, oneLine: true, seat: model.NoSeat})
			continue
		}
		h := cellHs[0]
		var into *handGroup
		for _, g := range groups {
			if !g.oneLine && g.lastLine() == h.line-1 && abs(g.col()-h.col) <= 2 && !g.has(h.suit) && len(g.hs) < 4 {
				into = g
				break
			}
		}
		if into == nil {
			into = &handGroup{seat: model.NoSeat}
			groups = append(groups, into)
		}
		into.hs = append(into.hs, h)
	}
	return groups
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// placeStacked gives the hands stacked as a diagram their seats by where
// they stand: the highest North, the lowest South, of the two beside each
// other the left West and the right East. With three hands the missing one
// is the one whose place is empty. false when the hands do not stand as a
// diagram's.
func placeStacked(gs []*handGroup) bool {
	if len(gs) == 0 || len(gs) > 4 {
		return false
	}
	sorted := append([]*handGroup(nil), gs...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].line() < sorted[j].line() })
	// bands: hands whose first lines are within three lines of each other
	var bands [][]*handGroup
	for _, g := range sorted {
		if n := len(bands); n > 0 && g.line()-bands[n-1][0].line() <= 3 {
			bands[n-1] = append(bands[n-1], g)
			continue
		}
		bands = append(bands, []*handGroup{g})
	}
	for _, b := range bands {
		sort.SliceStable(b, func(i, j int) bool { return b[i].col() < b[j].col() })
	}
	set := func(g *handGroup, s model.Seat) { g.seat = s }
	switch {
	case len(bands) == 3 && len(bands[0]) == 1 && len(bands[1]) == 2 && len(bands[2]) == 1:
		set(bands[0][0], model.North)
		set(bands[1][0], model.West)
		set(bands[1][1], model.East)
		set(bands[2][0], model.South)
	case len(bands) == 2 && len(bands[0]) == 1 && len(bands[1]) == 2:
		set(bands[0][0], model.North)
		set(bands[1][0], model.West)
		set(bands[1][1], model.East)
	case len(bands) == 2 && len(bands[0]) == 2 && len(bands[1]) == 1:
		set(bands[0][0], model.West)
		set(bands[0][1], model.East)
		set(bands[1][0], model.South)
	case len(bands) == 3 && len(bands[0]) == 1 && len(bands[1]) == 1 && len(bands[2]) == 1:
		n, x, s := bands[0][0], bands[1][0], bands[2][0]
		set(n, model.North)
		set(s, model.South)
		if x.col() < n.col() {
			set(x, model.West)
		} else {
			set(x, model.East)
		}
	case len(bands) == 1 && len(bands[0]) == 1:
		set(bands[0][0], model.North) // one hand alone: reported as not placed
		return false
	default:
		return false
	}
	return true
}

// place seats a hand that stands alone by the compass box, as show prints
// a deal of one hand known: beside the box on its left West, on its right
// East, above it North, below it South. It reports false when there is no
// box or not one hand, or the hand stands by no side of it.
func (f frame) place(gs []*handGroup) bool {
	if f.bottom == 0 || len(gs) != 1 {
		return false
	}
	g := gs[0]
	beside := g.lastLine() >= f.top && g.line() <= f.bottom
	switch {
	case beside && g.col() < f.l:
		g.seat = model.West
	case beside && g.col() > f.r:
		g.seat = model.East
	case g.lastLine() < f.top && g.col() <= f.r:
		g.seat = model.North
	case g.line() > f.bottom && g.col() <= f.r:
		g.seat = model.South
	default:
		return false
	}
	return true
}

// seatWord reads a seat's name or letter (North, N, n., "North:") and the
// books' "Dealer"-free forms; false for another word.
func seatWord(s string) (model.Seat, bool) {
	s = strings.TrimSuffix(strings.TrimSpace(s), ":")
	s = strings.TrimSuffix(s, ".")
	switch strings.ToLower(s) {
	case "north", "n":
		return model.North, true
	case "east", "e":
		return model.East, true
	case "south", "s":
		return model.South, true
	case "west", "w":
		return model.West, true
	}
	return model.NoSeat, false
}

// bookSeating is where the books' letters sit when a record does not say:
// A B C D as the Laws of 1899 seat them (A South, B North, C West, D
// East: handrec show --book-seats), and the whist books' A B Y Z (Y and Z
// partners, Z South and the dealer, A on his left).
func bookSeating(letters []string) (map[string]model.Seat, string) {
	has := map[string]bool{}
	for _, l := range letters {
		has[strings.ToUpper(l)] = true
	}
	abcd := map[string]model.Seat{"A": model.South, "B": model.North, "C": model.West, "D": model.East}
	abyz := map[string]model.Seat{"A": model.West, "B": model.East, "Y": model.North, "Z": model.South}
	switch {
	case (has["C"] || has["D"]) && !has["Y"] && !has["Z"]:
		return abcd, ""
	case (has["Y"] || has["Z"]) && !has["C"] && !has["D"]:
		return abyz, ""
	}
	return nil, "the letters " + strings.Join(letters, ", ") + " do not say the seats: give the hands by compass position (N E S W), or Y and Z (A B Y Z) or C and D (A B C D)"
}

// dealBuild collects the cards of a diagram's hands, noting where each
// card was read, so that a card given twice is reported at both places.
type dealBuild struct {
	r     *model.Record
	where map[model.Card]model.Pos
	seat  map[model.Card]model.Seat
	pos   [4]model.Pos // each hand's first holding
	given [4]bool
	bad   [4]bool // a hand with a fault: no hand is derived from it
}

func newDealBuild(r *model.Record) *dealBuild {
	return &dealBuild{r: r, where: map[model.Card]model.Pos{}, seat: map[model.Card]model.Seat{}}
}

// hand adds the cards of hand g at its seat.
func (b *dealBuild) hand(g *handGroup, lineOff func(line, off int) model.Pos) {
	r, s := b.r, g.seat
	if b.given[s] {
		r.Errorf(lineOff(g.line(), g.hs[0].off), "%s's hand is given twice (first at %s): a diagram has one hand a seat", s.Name(), b.pos[s])
		return
	}
	b.given[s] = true
	b.pos[s] = lineOff(g.line(), g.hs[0].off)
	r.Deal.Known[s] = true
	var suits [4]bool
	for _, h := range g.hs {
		if suits[h.suit] {
			r.Errorf(lineOff(h.line, h.off), "%s's %s are given twice", s.Name(), suitNames[h.suit])
			b.bad[s] = true
			continue
		}
		suits[h.suit] = true
		r.Deal.Small[s][h.suit] += h.small
		for _, f := range h.faults {
			if f.warning {
				r.Warnf(lineOff(h.line, f.off), "%s", f.msg)
			} else {
				r.Errorf(lineOff(h.line, f.off), "%s's %s: %s", s.Name(), suitNames[h.suit], f.msg)
				b.bad[s] = true
			}
		}
		for _, rk := range h.ranks {
			c := model.NewCard(h.suit, rk.rank)
			p := lineOff(h.line, rk.off)
			if first, ok := b.where[c]; ok {
				// kept in both hands, as the PBN reader keeps a card dealt twice
				r.Errorf(p, "%s is given twice: in %s's hand here and in %s's at %s", cardName(c), s.Name(), b.seat[c].Name(), first)
				b.bad[s], b.bad[b.seat[c]] = true, true
				r.Deal.Hands[s] = r.Deal.Hands[s].With(c)
				continue
			}
			b.where[c], b.seat[c] = p, s
			r.Deal.Hands[s] = r.Deal.Hands[s].With(c)
		}
	}
	for _, su := range model.SuitsDown {
		if !suits[su] {
			r.Errorf(b.pos[s], "%s's hand has no line for %s: expected four suits (a void as \"—\", \"-\" or nothing after the suit)", s.Name(), suitNames[su])
			b.bad[s] = true
		}
	}
}

var suitNames = [4]string{"clubs", "diamonds", "hearts", "spades"}

// cardName is a card as messages name it: "♠K", "♥10".
func cardName(c model.Card) string { return c.Suit().Symbol() + c.Rank().String() }

// finish checks the hands' sizes and derives a hand not given from the
// other three: the rest of the pack, said in a warning.
func (b *dealBuild) finish(at model.Pos) {
	r := b.r
	n := 0
	for _, g := range b.given {
		if g {
			n++
		}
	}
	if n == 0 {
		return
	}
	size := func(s int) int { return r.Deal.Len(model.Seat(s)) }
	sizes := map[int]bool{}
	for s, g := range b.given {
		if g {
			sizes[size(s)] = true
		}
	}
	good := !b.bad[0] && !b.bad[1] && !b.bad[2] && !b.bad[3]
	if n == 3 && len(sizes) == 1 && sizes[13] && good && !r.Deal.HasSmall() {
		b.derive()
		return
	}
	if r.Deal.HasSmall() && len(sizes) == 1 {
		b.small(at)
	}
	if len(sizes) == 1 && !sizes[13] && good {
		return // an end position: the hands hold as many cards each
	}
	if len(sizes) == 1 && sizes[13] {
		if n < 3 {
			r.Errorf(at, "the diagram gives %d hands: expected four, or three and the fourth is the rest of the pack", n)
		}
		return
	}
	for s, g := range b.given {
		if !g || size(s) == 13 {
			continue
		}
		msg := fmt.Sprintf("%s holds %d cards: expected 13", model.Seat(s).Name(), size(s))
		for t, g2 := range b.given {
			if g2 && t != s && size(t) != 13 && size(t) != size(s) {
				msg += fmt.Sprintf("; %s holds %d (at %s)", model.Seat(t).Name(), size(t), b.pos[t])
			}
		}
		if missing := b.missing(); missing != "" && size(s) < 13 {
			msg += "; no hand holds " + missing
		}
		r.Errorf(b.pos[s], "%s", msg)
	}
}

// small says that the deal gives small cards as "x": it is kept, those
// cards not known (and the fourth hand not derived from three).
func (b *dealBuild) small(at model.Pos) {
	r := b.r
	var parts []string
	for _, s := range model.Seats {
		n := 0
		for _, k := range r.Deal.Small[s] {
			n += int(k)
		}
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", s.Name(), n))
		}
	}
	r.Warnf(at, "small cards given as x, not named (%s): kept as cards of their suits not known", strings.Join(parts, ", "))
}

// missing lists the cards no given hand holds, when all four are given.
func (b *dealBuild) missing() string {
	for _, g := range b.given {
		if !g {
			return ""
		}
	}
	var all model.Hand
	for _, h := range b.r.Deal.Hands {
		all |= h
	}
	var out []string
	for su := model.Spades; su >= model.Clubs; su-- {
		for rk := model.Ace; rk >= model.Two; rk-- {
			if c := model.NewCard(su, rk); !all.Has(c) {
				out = append(out, cardName(c))
			}
		}
	}
	if len(out) > 6 {
		out = append(out[:6], "...")
	}
	return strings.Join(out, " ")
}

// derive fills the hand not given with the rest of the pack.
func (b *dealBuild) derive() {
	r := b.r
	var all model.Hand
	missing := model.NoSeat
	for s := range b.given {
		if b.given[s] {
			all |= r.Deal.Hands[s]
		} else {
			missing = model.Seat(s)
		}
	}
	var h model.Hand
	for su := model.Clubs; su <= model.Spades; su++ {
		for rk := model.Two; rk <= model.Ace; rk++ {
			if c := model.NewCard(su, rk); !all.Has(c) {
				h = h.With(c)
			}
		}
	}
	r.Deal.Hands[missing] = h
	r.Deal.Known[missing] = true
	r.Warnf(r.Facts[model.FactDeal].Pos, "%s's hand is not given: derived as the rest of the pack (%s)", missing.Name(), h.PBN())
}

// dealerMark is how a label marks the dealer's hand: "SOUTH (dealer)",
// "North (D)", "West, dealer".
var dealerMark = regexp.MustCompile(`(?i)\s*(?:\((?:dealer|d)\)|,?\s+dealer)\.?$`)

// labelParts takes the dealer's mark off a hand's label.
func labelParts(s string) (name string, dealer bool) {
	s = strings.TrimSpace(s)
	if loc := dealerMark.FindStringIndex(s); loc != nil && loc[0] > 0 {
		return strings.TrimSpace(s[:loc[0]]), true
	}
	return s, false
}

// labelSeat is the seat a hand's label names (its dealer's mark aside).
func labelSeat(s string) (model.Seat, bool) {
	name, _ := labelParts(s)
	return seatWord(name)
}
