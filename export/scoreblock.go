package export

import (
	"io"
	"sort"
	"strconv"
	"strings"

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
	pirate := rb.Code == scoring.Pirate1916
	cols := []string{"NS", "EW"}
	if pirate {
		cols = []string{"N", "E", "S", "W"}
	}
	colOf := map[string]int{}
	for i, c := range cols {
		colOf[c] = i
	}
	heads := make([]string, len(cols))
	for i, c := range cols {
		heads[i] = opt.Names[c]
		if heads[i] == "" {
			heads[i] = defaultHead[c]
		}
	}
	above := make([][]string, len(cols))
	below := make([]map[int][]string, len(cols)) // by game
	sub := make([]int, len(cols))
	maxGame := 0
	gamesWon := 0
	for _, di := range rb.Deals {
		d := rep.Deals[di]
		if d.GameWon != "" {
			gamesWon++
		}
		for _, it := range d.Items {
			c, ok := colOf[it.Who]
			if !ok {
				continue
			}
			sub[c] += it.Points
			if it.Line == scoring.Above {
				above[c] = append(above[c], strconv.Itoa(it.Points))
				continue
			}
			if below[c] == nil {
				below[c] = map[int][]string{}
			}
			g := max(it.Game, 1)
			below[c][g] = append(below[c][g], strconv.Itoa(it.Points))
			maxGame = max(maxGame, g)
		}
	}
	w := 8
	for _, h := range heads {
		w = max(w, width(h)+2)
	}
	for c := range cols {
		w = max(w, len(strconv.Itoa(rb.Totals[cols[c]]))+3)
	}
	lw := 10 // the label column
	for _, b := range rb.Bonuses {
		lw = max(lw, width(b.Label)+2)
	}
	r := rules{ascii: opt.ASCII}
	r.init()
	var out []string
	lastFull := false
	row := func(label string, cells []string) {
		var b strings.Builder
		b.WriteString(pad(label, lw))
		for i, c := range cells {
			if i > 0 {
				b.WriteString(r.v)
			}
			b.WriteString(padLeft(c, w-1) + " ")
		}
		out = append(out, strings.TrimRight(b.String(), " "))
		lastFull = false
	}
	rule := func(h string, only []bool) {
		var b strings.Builder
		b.WriteString(strings.Repeat(" ", lw))
		on := func(i int) bool { return only == nil || only[i] }
		for i := range cols {
			if i > 0 {
				b.WriteString(r.join(h, on(i-1), on(i)))
			}
			if on(i) {
				b.WriteString(strings.Repeat(h, w))
			} else {
				b.WriteString(strings.Repeat(" ", w))
			}
		}
		out = append(out, strings.TrimRight(b.String(), " "))
		lastFull = only == nil
	}
	row("", heads)
	rule(r.h, nil)
	// Above the line, built upwards: the first item stands on the line.
	na := 0
	for _, a := range above {
		na = max(na, len(a))
	}
	aboveWord := "Honours"
	if rb.Code == scoring.Contract {
		aboveWord = "Bonuses"
	}
	for i := 0; i < na; i++ {
		cells := make([]string, len(cols))
		for c, a := range above {
			if k := na - 1 - i; k < len(a) {
				cells[c] = a[k]
			}
		}
		label := ""
		if i == na-1 {
			label = aboveWord
		}
		row(label, cells)
	}
	rule(r.d, nil)
	first := true
	label := func() string {
		if first {
			first = false
			return "Tricks"
		}
		return ""
	}
	if pirate {
		// Each column runs on by itself, a line under each of its games won.
		lines := make([][]string, len(cols))
		for c := range cols {
			for g := 1; g <= maxGame; g++ {
				lines[c] = append(lines[c], below[c][g]...)
				if g <= rb.Games[cols[c]] {
					lines[c] = append(lines[c], "\x00")
				}
			}
		}
		n := 0
		for _, l := range lines {
			n = max(n, len(l))
		}
		for i := 0; i < n; i++ {
			cells := make([]string, len(cols))
			ruled := make([]bool, len(cols))
			anyRule := false
			for c, l := range lines {
				if i < len(l) {
					if l[i] == "\x00" {
						ruled[c], anyRule = true, true
					} else {
						cells[c] = l[i]
					}
				}
			}
			if anyRule {
				// a column that rules here shows its rule; the others
				// show this row's number, if any, on the next line
				for c := range cells {
					if !ruled[c] && cells[c] != "" {
						lines[c] = append(lines[c][:i], append([]string{""}, lines[c][i:]...)...)
					}
				}
				rule(r.h, ruled)
				n = 0
				for _, l := range lines {
					n = max(n, len(l))
				}
				continue
			}
			row(label(), cells)
		}
	} else {
		for g := 1; g <= maxGame; g++ {
			n := 0
			for c := range cols {
				n = max(n, len(below[c][g]))
			}
			for i := 0; i < n; i++ {
				cells := make([]string, len(cols))
				for c := range cols {
					if i < len(below[c][g]) {
						cells[c] = below[c][g][i]
					}
				}
				row(label(), cells)
			}
			if g <= gamesWon {
				rule(r.h, nil)
			}
		}
	}
	if !lastFull {
		rule(r.h, nil)
	}
	cells := func(f func(c int) string) []string {
		s := make([]string, len(cols))
		for c := range cols {
			s[c] = f(c)
		}
		return s
	}
	if len(rb.Bonuses) > 0 {
		row("Total", cells(func(c int) string { return strconv.Itoa(sub[c]) }))
		for _, b := range rb.Bonuses {
			row(capital(b.Label), cells(func(c int) string {
				if b.Who == cols[c] {
					return strconv.Itoa(b.Points)
				}
				return ""
			}))
		}
		rule(r.h, nil)
	}
	row("Total", cells(func(c int) string { return strconv.Itoa(rb.Totals[cols[c]]) }))
	if !rb.Finished {
		out = append(out, "Unfinished rubber")
	}
	if pirate {
		out = append(out, "")
		out = append(out, settlementLines(rb, cols, heads, lw, w)...)
	} else {
		switch {
		case rb.Winner == "":
			out = append(out, "A tie")
		default:
			s := heads[colOf[rb.Winner]] + " win by " + strconv.Itoa(rb.Margin)
			if rb.Unit > 0 && len(rb.Settlement) > 0 {
				s += "; settled at " + strconv.Itoa(abs(rb.Settlement[rb.Winner[:1]])) + " a head, in " + strconv.Itoa(rb.Unit) + "s"
			}
			out = append(out, s)
		}
	}
	for _, n := range rb.Notes {
		out = append(out, "Note: "+n)
	}
	return strings.Join(out, "\n") + "\n"
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
	if !meaningful(a) || !meaningful(b) {
		return ""
	}
	p := []string{a, b}
	sort.Strings(p)
	return p[0] + " & " + p[1]
}
