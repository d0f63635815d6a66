package diagram

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"handrec/layout"
	"handrec/model"
)

// markNumbers reads the marks of one cell: "(1)(2)", or superscripts,
// where "¹²" is note 12 when that is the next note to be numbered (or one
// known and no greater than the last), else notes 1 and 2. The next
// number moves on with each mark, within the cell too.
func (t *tableRead) markNumbers(marks string, next *int) []int {
	if marks == "" {
		return nil
	}
	var out []int
	if strings.HasPrefix(marks, "(") {
		for _, m := range strings.SplitAfter(marks, ")") {
			if n, ok := markNumber(m); ok {
				out = append(out, n)
			}
		}
	} else {
		var ds []byte
		for _, r := range marks {
			ds = append(ds, superDigits[r])
		}
		for i := 0; i < len(ds); {
			take := 1
			if nx := strconv.Itoa(*next); strings.HasPrefix(string(ds[i:]), nx) {
				take = len(nx)
			} else {
				for j := len(ds); j > i+1; j-- {
					if n, _ := strconv.Atoi(string(ds[i:j])); n < *next && t.notes[n] != "" {
						take = j - i
						break
					}
				}
			}
			n, _ := strconv.Atoi(string(ds[i : i+take]))
			out = append(out, n)
			i += take
			if n >= *next {
				*next = n + 1 // "⁸⁹¹⁰": the cell's 10 comes after its 9
			}
		}
		return out
	}
	for _, n := range out {
		if n >= *next {
			*next = n + 1
		}
	}
	return out
}

// marksOf reads the marks of every cell, counting the uses of each note.
func (t *tableRead) marksOf(cells []string) ([][]int, map[int]int) {
	next := 1
	uses := map[int]int{}
	out := make([][]int, len(cells))
	for i, m := range cells {
		out[i] = t.markNumbers(m, &next)
		for _, n := range out[i] {
			uses[n]++
		}
	}
	return out, uses
}

func (bd *dgBuilder) finishAuction(t *tableRead) {
	r := bd.r
	if len(t.calls) == 0 {
		return
	}
	a := &model.Auction{First: t.first, Pos: t.pos, Comments: t.comments}
	cells := make([]string, len(t.calls))
	for i, c := range t.calls {
		cells[i] = c.marks
	}
	nums, uses := t.marksOf(cells)
	for i := range t.calls {
		c := t.calls[i].call
		for k, n := range nums[i] {
			text, ok := t.notes[n]
			switch {
			case !ok:
				r.Errorf(t.calls[i].pos, "footnote %d is marked but not given under the table", n)
			case text == "alerted":
				c.Alert = true
			case text == "insufficient bid, accepted":
				c.Insufficient = true
			case uses[n] > 1 || text == "":
				// a note of no text (show's "¹" alone for a blank
				// explanation) is kept only as a note: an empty
				// explanation or comment is no mark
				c.Note = n
				addNote(&a.Notes, n, text, t.noteAt[n])
			case k == 0:
				c.Explanation = text
			default:
				c.Comments = append(c.Comments, model.Comment{Text: text, Pos: t.noteAt[n]})
			}
		}
		a.Calls = append(a.Calls, c)
	}
	t.unusedNotes(bd, uses)
	r.Auction = a
}

func addNote(ns *[]model.Note, n int, text string, p model.Pos) {
	for _, x := range *ns {
		if x.Index == n {
			return
		}
	}
	*ns = append(*ns, model.Note{Index: n, Text: text, Pos: p})
}

var (
	heldRe     = regexp.MustCompile(`^revoke: .+ still held a (club|diamond|heart|spade)$`)
	notDealtRe = regexp.MustCompile(`^.+ was not dealt .+$`)
)

// generated are footnotes the trick table makes of the play itself, which
// the play read gives again.
func generated(text string) bool {
	return heldRe.MatchString(text) || notDealtRe.MatchString(text) ||
		text == "the contract is not given: tricks are reckoned at no trump"
}

// unusedNotes warns of footnotes no cell marks (those the table makes of
// the play aside), in the order of their numbers: t.notes is a map, and a
// map's order changes from run to run.
func (t *tableRead) unusedNotes(bd *dgBuilder, uses map[int]int) {
	for _, n := range slices.Sorted(maps.Keys(t.notes)) {
		if text := t.notes[n]; uses[n] == 0 && !generated(text) {
			bd.r.Warnf(t.noteAt[n], "footnote %d is not marked in the table: kept as commentary", n)
			bd.r.Facts[model.FactDeal].Comments = append(bd.r.Facts[model.FactDeal].Comments, model.Comment{Text: text, Pos: t.noteAt[n]})
		}
	}
}

// openingLeader is the seat on the declarer's left, or, where the record
// names no declarer, the dealer's left under the laws of bridge, where the
// dealer plays.
func openingLeader(r *model.Record) model.Seat {
	if r.Declarer.Valid() {
		return r.Declarer.Next()
	}
	if r.Contract.Kind == model.StrainOnly && r.Dealer.Valid() {
		return r.Dealer.Next()
	}
	return model.NoSeat
}

func (bd *dgBuilder) finishPlay(t *tableRead) {
	r := bd.r
	if len(t.tricks) == 0 && t.claim < 0 {
		return
	}
	first := model.NoSeat
	if len(t.tricks) > 0 {
		first = t.tricks[0].leader
	}
	if !first.Valid() {
		first = openingLeader(r)
	}
	if !first.Valid() && len(t.tricks) > 0 {
		r.Errorf(t.tricks[0].pos, "trick 1: who led is not known: expected the leader (\"Trick 1: West ♠K ...\") or the declarer")
		return
	}
	p := model.NewPlay(first)
	p.Pos, p.Comments, p.Claim = t.pos, t.comments, int8(t.claim)
	strain, _ := model.PlayStrain(r)
	var cells []string
	var slots []*model.PlayCard
	for i := range t.tricks {
		tr := &t.tricks[i]
		var trick model.Trick
		if tr.bySeat {
			for s := range tr.cards {
				trick[s] = tr.cards[s].pc
			}
		} else {
			leader := tr.leader
			if i == 0 {
				leader = first
			}
			if i > 0 && !leader.Valid() {
				leader = model.TrickWinner(&p.Tricks[i-1], t.tricks[i-1].leader, strain)
				if !leader.Valid() {
					r.Errorf(tr.pos, "trick %d: who led is not known (trick %d has no winner): expected the leader before the cards", i+1, i)
					break
				}
			}
			for k := 0; k < tr.n; k++ {
				trick[leader.Add(k)] = tr.cards[k].pc
			}
			tr.leader = leader
		}
		p.Tricks = append(p.Tricks, trick)
	}
	for i := range t.tricks {
		if i >= len(p.Tricks) {
			break
		}
		tr := &t.tricks[i]
		for k, s := range slotOrder(tr) {
			if tr.bySeat {
				k = int(s)
			}
			cells = append(cells, tr.cards[k].marks)
			slots = append(slots, &p.Tricks[i][s])
		}
	}
	bd.playNotes(t, p, cells, slots)
	r.Play = p
}

// slotOrder is the seats of a trick's cards in the order they stand in
// the table: West first in seat columns, else as played.
func slotOrder(tr *trickAt) []model.Seat {
	if tr.bySeat {
		return []model.Seat{model.West, model.North, model.East, model.South}
	}
	out := make([]model.Seat, tr.n)
	for k := range out {
		out[k] = tr.leader.Add(k)
	}
	return out
}

// playNotes gives the play's cards their footnotes.
func (bd *dgBuilder) playNotes(t *tableRead, p *model.Play, cells []string, slots []*model.PlayCard) {
	r := bd.r
	if len(cells) == 0 {
		return
	}
	var order []string
	var orderSlots []*model.PlayCard
	for i := range cells {
		order = append(order, cells[i])
		orderSlots = append(orderSlots, slots[i])
	}
	nums, uses := t.marksOf(order)
	for i, pc := range orderSlots {
		for _, n := range nums[i] {
			text, ok := t.notes[n]
			switch {
			case !ok:
				r.Errorf(pc.Pos, "footnote %d is marked but not given under the table", n)
			case text == "led out of turn":
				pc.LeadOutOfTurn = true
			case text == "revoke, as the record marks it":
				pc.Revoke = true
			case generated(text):
			case uses[n] > 1 || text == "":
				pc.Note = n
				addNote(&p.Notes, n, text, t.noteAt[n])
			default:
				pc.Comments = append(pc.Comments, model.Comment{Text: text, Pos: t.noteAt[n]})
			}
		}
	}
	t.unusedNotes(bd, uses)
}

// finishLead checks the lead the text gives against the play, or makes
// it the play's first card when no play is given: led by the player the
// text names, who must be the declarer's left-hand opponent, else by him.
func (bd *dgBuilder) finishLead() {
	r, st := bd.r, bd.leadSaid
	if st == nil || st.kind != phLead {
		return
	}
	c := st.card
	if p := r.Play; p != nil && len(p.Tricks) > 0 {
		if f := p.First; f.Valid() && p.Tricks[0][f].Kind == model.Played && p.Tricks[0][f].Card != c {
			r.Errorf(st.pos, "lead %s: the play's first card is %s", cardName(c), cardName(p.Tricks[0][f].Card))
		}
		return
	}
	want := openingLeader(r)
	leader := want
	if st.seat != "" {
		s, ok := bd.seats.seat(strings.TrimSuffix(st.seat, "."))
		switch {
		case !ok:
			r.Errorf(st.pos, "lead %s: %q is no seat of the deal", cardName(c), st.seat)
			return
		case want.Valid() && s != want:
			r.Errorf(st.pos, "lead %s: %s leads it, but the declarer's left-hand opponent is %s", cardName(c), s.Name(), want.Name())
			return
		}
		leader = s
	}
	if !leader.Valid() {
		r.Errorf(st.pos, "lead %s: who led is not known: expected the declarer", cardName(c))
		return
	}
	p := model.NewPlay(leader)
	p.Pos = st.pos
	var t model.Trick
	t[leader] = model.PlayCard{Kind: model.Played, Card: c, Pos: st.pos}
	p.Tricks = append(p.Tricks, t)
	r.Play = p
}

// parContracts reports whether s reads as the ParContract tag's list.
func parContracts(s string) bool {
	_, ok := model.ParseParContracts(s)
	return ok
}

// suitLetters are the suits' letters for their signs.
var suitLetters = strings.NewReplacer("♠", "S", "♥", "H", "♦", "D", "♣", "C")

// ddTable reads handrec show's double-dummy table and its par line.
func (bd *dgBuilder) ddTable(b *block) {
	r := bd.r
	if len(b.lines) < 2 {
		return
	}
	var strains []model.Strain
	for _, w := range strings.Fields(b.lines[1].text) {
		st, ok := strainOf(w)
		if !ok {
			r.Errorf(bd.pos(b.lines[1].n, 0), "double-dummy table: %q is no strain", w)
			return
		}
		strains = append(strains, st)
	}
	dd := model.NewDDTable()
	for _, l := range b.lines[2:] {
		s := strings.TrimSpace(l.text)
		if par, ok := strings.CutPrefix(s, "Par "); ok {
			// "Par NS 620: NS 4♥=, NS 4♠=", as show writes it (parText);
			// "Par NS 620, NS 4♥=" as it wrote it before
			score, contracts, found := strings.Cut(par, ": ")
			if !found {
				score, contracts, _ = strings.Cut(par, ", ")
			}
			if c := strings.ReplaceAll(suitLetters.Replace(contracts), ", ", "; "); parContracts(c) {
				contracts = c // show's "NS 4♥=, NS 4♠=", the tag's "NS 4H=; NS 4S="
			}
			p := bd.pos(l.n, 0)
			r.ReadFact(model.FactOptimumScore, score)
			r.Facts[model.FactOptimumScore].Pos = p
			if contracts != "" {
				r.ReadFact(model.FactParContract, contracts)
				r.Facts[model.FactParContract].Pos = p
			}
			continue
		}
		f := strings.Fields(s)
		if len(f) != len(strains)+1 {
			r.Errorf(bd.pos(l.n, 0), "double-dummy table: expected a seat and %d numbers", len(strains))
			continue
		}
		seat, ok := bd.seats.seat(f[0])
		if !ok {
			r.Errorf(bd.pos(l.n, 0), "double-dummy table: %q is no seat", f[0])
			continue
		}
		for i, v := range f[1:] {
			if v == "-" {
				continue
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 13 {
				r.Errorf(bd.pos(l.n, 0), "double-dummy table: %q is no number of tricks", v)
				continue
			}
			dd[seat][strains[i]] = n
		}
	}
	r.Sections = append(r.Sections, model.Section{Tag: model.Tag{Name: "OptimumResultTable", Pos: bd.pos(b.lines[0].n, 0)}, DD: &dd})
}

// travellerTable reads handrec show's traveller: a heading line and rows
// in columns parted by two blanks or more, a right-aligned column's
// cells flush right. It becomes a ScoreTable section, as PBN gives it.
func (bd *dgBuilder) travellerTable(b *block) {
	lines := b.lines[1:]
	if len(lines) < 1 {
		return
	}
	width := 0
	for _, l := range lines {
		width = max(width, utf8.RuneCountInString(l.text))
	}
	used := make([]bool, width+2)
	for _, l := range lines {
		c := 0
		for _, r := range l.text {
			if r != ' ' {
				used[c] = true
			}
			c++
		}
	}
	// columns: runs of used columns parted by two unused ones or more
	var spans [][2]int
	for c := 0; c < width; {
		if !used[c] {
			c++
			continue
		}
		start := c
		for c < width && (used[c] || c+1 < width && used[c+1]) {
			c++
		}
		spans = append(spans, [2]int{start, c})
	}
	spans = splitAtHeads(spans, lines[0].text)
	sec := model.Section{Tag: model.Tag{Name: "ScoreTable", Pos: bd.pos(b.lines[0].n, 0)}}
	var heads []string
	for i, sp := range spans {
		h := strings.TrimSpace(sliceCols(lines[0].text, sp[0], sp[1]))
		t := specName(h)
		switch {
		case t == "" && h != "":
			t = fmt.Sprintf("Column%d", i+1) // PBN's spec names every column
			bd.r.Warnf(bd.pos(lines[0].n, sp[0]), "traveller column %q: no name is left once the signs PBN's column spec reserves (+ or - first, \\, ;) are read away: named %q by its place", h, t)
			h = t
		case h == "":
			h = fmt.Sprintf("Column%d", i+1) // PBN's spec names every column
			bd.r.Warnf(bd.pos(lines[0].n, sp[0]), "traveller column %d has no name in the heading: named %q by its place", i+1, h)
		case t != h:
			bd.r.Warnf(bd.pos(lines[0].n, sp[0]), "traveller column %q: a name holds no \\ or ; and begins with no + or - (PBN's column spec): read as %q", h, t)
			h = t
		}
		col := layout.Column{Name: strings.ReplaceAll(h, " ", "_")}
		right := false
		for _, l := range lines {
			cellText := sliceCols(l.text, sp[0], sp[1])
			if strings.HasPrefix(cellText, " ") && strings.TrimSpace(cellText) != "" && utf8.RuneCountInString(cellText) == sp[1]-sp[0] {
				right = true
			}
		}
		if right {
			col.Width, col.Align = utf8.RuneCountInString(h), 'R' // PBN gives an alignment with a width
		}
		sec.Columns = append(sec.Columns, col.Name)
		heads = append(heads, col.String())
	}
	sec.Tag.Value = strings.Join(heads, ";")
	for _, l := range lines[1:] {
		var row []string
		for _, sp := range spans {
			v := strings.TrimSpace(sliceCols(l.text, sp[0], sp[1]))
			if v != "-" && !numberRe.MatchString(v) && !contractLike(v) {
				v = layout.Quote(strings.ReplaceAll(v, "\t", " ")) // a tab in a table of text is a gap
			}
			row = append(row, v)
		}
		sec.Rows = append(sec.Rows, row)
	}
	bd.r.Sections = append(bd.r.Sections, sec)
}

// splitAtHeads parts a span of the traveller's columns that holds two of
// its heading's cells (two blanks or more apart), which the cells of the
// rows below ran together, in the middle of the blanks between them: a
// column's name holds no two blanks, or show, which writes it with them,
// would read it back as two columns.
func splitAtHeads(spans [][2]int, heading string) [][2]int {
	var out [][2]int
	cs := cellsOf(heading, 2)
	for _, sp := range spans {
		var in []cell
		for _, c := range cs {
			if c.col >= sp[0] && c.col < sp[1] {
				in = append(in, c)
			}
		}
		for i := 1; i < len(in); i++ {
			mid := (in[i-1].end() + in[i].col + 1) / 2
			out = append(out, [2]int{sp[0], mid})
			sp[0] = mid
		}
		out = append(out, sp)
	}
	return out
}

// contractLike reports whether a traveller's cell is a contract, a seat or
// a number, which PBN writes without quotes.
func contractLike(v string) bool {
	if _, ok := model.ParseContract(v); ok {
		return true
	}
	_, err := strconv.Atoi(v)
	return err == nil || len(v) == 1
}

// specName is heading h as PBN's column spec can carry it as a name:
// without a backslash (the spec's width follows one) or a semicolon (the
// spec's columns are parted by them), and not beginning with + or - (the
// column's sort order, which show never prints).
func specName(h string) string {
	h = strings.Map(func(r rune) rune {
		if r == '\\' || r == ';' {
			return -1
		}
		return r
	}, h)
	return strings.TrimSpace(strings.TrimLeft(h, "+- \t")) // "+ ++" is no name
}
