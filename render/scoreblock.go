package render

import (
	"io"
	"sort"
	"strconv"
	"strings"

	"handrec/layout"
	"handrec/model/scoring"
)

// BlockOptions configure a scoring block.
type BlockOptions struct {
	// ASCII draws the rules with - = | + rather than box-drawing lines.
	ASCII bool
	// Names heads the columns: "NS" and "EW" (the partnership codes), or
	// "N", "E", "S" and "W" (Pirate Bridge), to the players' names; a
	// column without a name is headed N-S, E-W or the seat.
	Names map[string]string
	// SoFar draws the score of a rubber not yet ended, after a game: its
	// lines and totals, without the outcome.
	SoFar bool
}

// ScoreBlock draws rubber rb of report rep as the books' scoring block:
// a column for each side (Pirate Bridge: each player) headed by its
// names; honours and bonuses above the line, the latest highest; trick
// points below it, a line under each game won (Pirate: in the winner's
// column only, as each player's part-score is his own); then the totals,
// the rubber bonus, the grand totals and the difference, or, in Pirate
// Bridge, the settlement as the book shows it: totals, rounded, what each
// pays each, net.
func ScoreBlock(rep *scoring.Report, rb *scoring.Rubber, opt BlockOptions) string {
	b := newBlock(rb, opt)
	t := b.tallyItems(rep, rb)
	b.row("", b.heads)
	b.rule(b.r.h, nil)
	b.aboveRows(t.above, aboveWord(rb.Code))
	b.rule(b.r.d, nil)
	if b.pirate {
		b.pirateTrickRows(t, rb.Games)
	} else {
		b.trickRows(t)
	}
	if !b.lastFull {
		b.rule(b.r.h, nil)
	}
	b.totalRows(rb, t.sub)
	if !opt.SoFar {
		b.outcome(rb)
	}
	return strings.Join(b.out, "\n") + "\n"
}

// block is a scoring block being drawn: its columns, their heads and
// widths, and the lines drawn so far.
type block struct {
	pirate   bool
	cols     []string // "NS", "EW" or the seats
	colOf    map[string]int
	heads    []string
	lw, w    int // the width of the label column and of a score column
	r        rules
	out      []string
	lastFull bool // the last line is a rule across every column
	tricks   bool // the first row below the line, labelled Tricks, is drawn
}

// newBlock sets out the columns of rb's block: one a side (Pirate: a
// player), headed by its name or its default head, wide enough for the
// heads, the totals and the bonuses' labels.
func newBlock(rb *scoring.Rubber, opt BlockOptions) *block {
	b := &block{pirate: rb.Code == scoring.Pirate1916, cols: []string{"NS", "EW"}, colOf: map[string]int{}}
	if b.pirate {
		b.cols = []string{"N", "E", "S", "W"}
	}
	b.heads = make([]string, len(b.cols))
	for i, c := range b.cols {
		b.colOf[c] = i
		b.heads[i] = opt.Names[c]
		if b.heads[i] == "" {
			b.heads[i] = defaultHead[c]
		}
	}
	b.w = 8
	for _, h := range b.heads {
		b.w = max(b.w, width(h)+2)
	}
	for _, c := range b.cols {
		b.w = max(b.w, len(strconv.Itoa(rb.Totals[c]))+3)
	}
	b.lw = 10
	for _, bn := range rb.Bonuses {
		b.lw = max(b.lw, width(bn.Label)+2)
	}
	b.r = rules{ascii: opt.ASCII}
	b.r.init()
	return b
}

// tally is a rubber's items sorted into the block's columns.
type tally struct {
	above    [][]string         // by column, in the order scored
	below    []map[int][]string // by column and game
	sub      []int              // each column's total before the rubber's bonuses
	maxGame  int
	gamesWon int
}

// tallyItems sorts the items of rb's deals into columns, above the line
// or below it in their game; an item of no column is left out.
func (b *block) tallyItems(rep *scoring.Report, rb *scoring.Rubber) tally {
	n := len(b.cols)
	t := tally{above: make([][]string, n), below: make([]map[int][]string, n), sub: make([]int, n)}
	for _, di := range rb.Deals {
		d := rep.Deals[di]
		if d.GameWon != "" {
			t.gamesWon++
		}
		for _, it := range d.Items {
			c, ok := b.colOf[it.Who]
			if !ok {
				continue
			}
			t.sub[c] += it.Points
			if it.Line == scoring.Above {
				t.above[c] = append(t.above[c], strconv.Itoa(it.Points))
				continue
			}
			if t.below[c] == nil {
				t.below[c] = map[int][]string{}
			}
			g := max(it.Game, 1)
			t.below[c][g] = append(t.below[c][g], strconv.Itoa(it.Points))
			t.maxGame = max(t.maxGame, g)
		}
	}
	return t
}

// row draws a line of cells, label first.
func (b *block) row(label string, cells []string) {
	var s strings.Builder
	s.WriteString(pad(label, b.lw))
	for i, c := range cells {
		if i > 0 {
			s.WriteString(b.r.v)
		}
		s.WriteString(padLeft(c, b.w-1) + " ")
	}
	b.out = append(b.out, strings.TrimRight(s.String(), " "))
	b.lastFull = false
}

// rule draws a line of stroke h under the columns only marks, or under
// every column when only is nil.
func (b *block) rule(h string, only []bool) {
	var s strings.Builder
	s.WriteString(strings.Repeat(" ", b.lw))
	on := func(i int) bool { return only == nil || only[i] }
	for i := range b.cols {
		if i > 0 {
			s.WriteString(b.r.join(h, on(i-1), on(i)))
		}
		if on(i) {
			s.WriteString(strings.Repeat(h, b.w))
		} else {
			s.WriteString(strings.Repeat(" ", b.w))
		}
	}
	b.out = append(b.out, strings.TrimRight(s.String(), " "))
	b.lastFull = only == nil
}

// cells is a row's cells, f(c) in column c.
func (b *block) cells(f func(c int) string) []string {
	s := make([]string, len(b.cols))
	for c := range b.cols {
		s[c] = f(c)
	}
	return s
}

// aboveWord labels the items above the line: bonuses in contract
// bridge, honours in the older games.
func aboveWord(code scoring.Code) string {
	if code == scoring.Contract {
		return "Bonuses"
	}
	return "Honours"
}

// aboveRows draws the items above the line, built upwards: the first
// item stands on the line, and the row on the line is labelled.
func (b *block) aboveRows(above [][]string, label string) {
	na := longest(above)
	for i := 0; i < na; i++ {
		cells := b.cells(func(c int) string {
			if k := na - 1 - i; k < len(above[c]) {
				return above[c][k]
			}
			return ""
		})
		if i == na-1 {
			b.row(label, cells)
		} else {
			b.row("", cells)
		}
	}
}

// trickRow draws a row below the line; the first is labelled Tricks.
func (b *block) trickRow(cells []string) {
	label := ""
	if !b.tricks {
		label, b.tricks = "Tricks", true
	}
	b.row(label, cells)
}

// trickRows draws the trick points of the partnership games below the
// line, game by game, a rule under each game won.
func (b *block) trickRows(t tally) {
	for g := 1; g <= t.maxGame; g++ {
		n := 0
		for c := range b.cols {
			n = max(n, len(t.below[c][g]))
		}
		for i := 0; i < n; i++ {
			b.trickRow(b.cells(func(c int) string {
				if i < len(t.below[c][g]) {
					return t.below[c][g][i]
				}
				return ""
			}))
		}
		if g <= t.gamesWon {
			b.rule(b.r.h, nil)
		}
	}
}

// ruleMark stands in a Pirate column for the rule under a game won.
const ruleMark = "\x00"

// pirateTrickRows draws Pirate Bridge's trick points: each column runs
// on by itself, a line under each of its games won (games counts them
// by player).
func (b *block) pirateTrickRows(t tally, games map[string]int) {
	lines := make([][]string, len(b.cols))
	for c, k := range b.cols {
		for g := 1; g <= t.maxGame; g++ {
			lines[c] = append(lines[c], t.below[c][g]...)
			if g <= games[k] {
				lines[c] = append(lines[c], ruleMark)
			}
		}
	}
	for i := 0; i < longest(lines); i++ {
		cells := make([]string, len(b.cols))
		ruled := make([]bool, len(b.cols))
		anyRule := false
		for c, l := range lines {
			if i < len(l) {
				if l[i] == ruleMark {
					ruled[c], anyRule = true, true
				} else {
					cells[c] = l[i]
				}
			}
		}
		if !anyRule {
			b.trickRow(cells)
			continue
		}
		// a column that rules here shows its rule; the others show
		// this row's number, if any, on the next line
		for c := range cells {
			if !ruled[c] && cells[c] != "" {
				lines[c] = append(lines[c][:i], append([]string{""}, lines[c][i:]...)...)
			}
		}
		b.rule(b.r.h, ruled)
	}
}

// longest is the length of the longest of ls.
func longest(ls [][]string) int {
	n := 0
	for _, l := range ls {
		n = max(n, len(l))
	}
	return n
}

// totalRows draws the totals: with the rubber's own bonuses, the trick
// and honour total, the bonuses and a rule before the grand total.
func (b *block) totalRows(rb *scoring.Rubber, sub []int) {
	if len(rb.Bonuses) > 0 {
		b.row("Total", b.cells(func(c int) string { return strconv.Itoa(sub[c]) }))
		for _, bn := range rb.Bonuses {
			b.row(capital(bn.Label), b.cells(func(c int) string {
				if bn.Who == b.cols[c] {
					return strconv.Itoa(bn.Points)
				}
				return ""
			}))
		}
		b.rule(b.r.h, nil)
	}
	b.row("Total", b.cells(func(c int) string { return strconv.Itoa(rb.Totals[b.cols[c]]) }))
}

// outcome writes what the block comes to: unfinished or not, the
// Pirate settlement or the winner and by how much (and what is paid),
// and the rubber's notes.
func (b *block) outcome(rb *scoring.Rubber) {
	if !rb.Finished {
		b.out = append(b.out, "Unfinished rubber")
	}
	switch {
	case b.pirate:
		b.out = append(b.out, "")
		b.out = append(b.out, settlementLines(rb, b.cols, b.heads, b.lw, b.w)...)
	case rb.Winner == "":
		b.out = append(b.out, "A tie")
	default:
		s := b.heads[b.colOf[rb.Winner]] + " win by " + strconv.Itoa(rb.Margin)
		if rb.Unit > 0 && len(rb.Settlement) > 0 {
			s += "; settled at " + strconv.Itoa(abs(rb.Settlement[rb.Winner[:1]])) + " a head, in " + strconv.Itoa(rb.Unit) + "s"
		}
		b.out = append(b.out, s)
	}
	for _, n := range rb.Notes {
		b.out = append(b.out, "Note: "+n)
	}
}

// settlementLines is Pirate Bridge's settlement (law 79, pp. 7-8): each
// total, rounded to the unit, what each player wins from (+) or pays
// (-) each other, and the net.
func settlementLines(rb *scoring.Rubber, cols, heads []string, lw, w int) []string {
	unit := rb.Unit
	if unit <= 0 {
		unit = 100
	}
	var out []string
	line := func(label string, cells []string) {
		var b strings.Builder
		b.WriteString(pad(label, lw))
		for _, c := range cells {
			b.WriteString(padLeft(c, w))
		}
		out = append(out, strings.TrimRight(b.String(), " "))
	}
	line("Settlement", heads)
	rounded := make([]int, len(cols))
	tot := make([]string, len(cols))
	rs := make([]string, len(cols))
	for c, k := range cols {
		t := rb.Totals[k]
		tot[c] = strconv.Itoa(t)
		rounded[c] = floorDiv(2*t+unit, 2*unit)
		rs[c] = strconv.Itoa(rounded[c])
	}
	line("Total", tot)
	line("Rounded", rs)
	for o := range cols {
		cells := make([]string, len(cols))
		for c := range cols {
			if c != o {
				cells[c] = signed(rounded[c] - rounded[o])
			}
		}
		line("with "+heads[o], cells)
	}
	net := make([]string, len(cols))
	for c, k := range cols {
		net[c] = signed(rb.Settlement[k])
	}
	line("Net", net)
	out = append(out, "In units of "+strconv.Itoa(unit)+"; a total half way rounds up.")
	return out
}

func signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

var defaultHead = map[string]string{"NS": "N-S", "EW": "E-W", "N": "North", "E": "East", "S": "South", "W": "West"}

// rules are the strokes of the block.
type rules struct {
	ascii bool
	h, d  string // the single and the double line
	v     string // between columns
}

func (r *rules) init() {
	if r.h != "" {
		return
	}
	if r.ascii {
		r.h, r.d, r.v = "-", "=", "|"
	} else {
		r.h, r.d, r.v = "─", "═", "│"
	}
}

// join is the stroke between two columns on a ruled line: a cross when
// both are ruled, a tee when one is.
func (r *rules) join(h string, left, right bool) string {
	switch {
	case r.ascii && (left || right):
		return "+"
	case r.ascii:
		return "|"
	case h == "═":
		return "╪"
	case left && right:
		return "┼"
	case left:
		return "┤"
	case right:
		return "├"
	}
	return "│"
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// WriteScoreBlocks writes the block of every rubber of rep, a blank line
// between two. names gives each rubber's column names (nil for none).
func WriteScoreBlocks(w io.Writer, rep *scoring.Report, ascii bool, names func(rb *scoring.Rubber) map[string]string) error {
	for i, rb := range rep.Rubbers {
		opt := BlockOptions{ASCII: ascii}
		if names != nil {
			opt.Names = names(rb)
		}
		s := "Rubber " + strconv.Itoa(rb.Number) + " (" + string(rb.Code) + ")\n\n" + ScoreBlock(rep, rb, opt)
		if i > 0 {
			s = "\n" + s
		}
		if _, err := io.WriteString(w, s); err != nil {
			return err
		}
	}
	return nil
}

// PairNames is the column name of a side from its players' names: the
// two names in alphabetical order, "A & B"; "" when either is unknown.
func PairNames(a, b string) string {
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	if !layout.Meaningful(a) || !layout.Meaningful(b) {
		return ""
	}
	p := []string{a, b}
	sort.Strings(p)
	return p[0] + " & " + p[1]
}
