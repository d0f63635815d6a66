package diagram

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"handrec/model"
)

// A table under the diagram is an auction (calls under the seats' heads)
// or a play: handrec show's trick table (Trick, Lead, the seats, the
// running count), a column a seat, or a list of tricks ("Trick 1: ♠K ♠3
// ♠2 ♠A"). Its footnotes follow it after a blank line.

// head is a column heading: a seat's, or the trick table's others.
type head struct {
	role     string // "seat", "trick", "lead", "side"
	seat     model.Seat
	col, end int
}

// tableRead is one table as read, before its footnotes are known.
type tableRead struct {
	auction bool
	// dashPass says the auction's dashes are passes (dashesPass)
	dashPass bool
	pos      model.Pos
	calls    []callAt
	first    model.Seat // the auction's first caller
	tricks   []trickAt
	notes    map[int]string
	noteAt   map[int]model.Pos
	claim    int
	claimAt  model.Pos
	// comments are the paragraphs between the table before and this one
	comments []model.Comment
}

type callAt struct {
	call  model.Call
	marks string
	pos   model.Pos
}

// trickAt is one trick: its cards by seat when the table sets them in
// seat columns, else in the order played from its leader.
type trickAt struct {
	leader model.Seat
	bySeat bool
	cards  [4]cardAt
	n      int // cards in play order, when not bySeat
	pos    model.Pos
}

type cardAt struct {
	pc    model.PlayCard
	marks string
	set   bool
}

var (
	trickLineRe = regexp.MustCompile(`^(?:[Tt]rick\s+)?(\d{1,2})\s*[:.)]\s+(.*)$`)
	noteLineRe  = regexp.MustCompile(`^(?:(?:[⁰¹²³⁴⁵⁶⁷⁸⁹]+|\(\d+\)|\*) \S|(?:[⁰¹²³⁴⁵⁶⁷⁸⁹]+|\(\d+\))$)`)
	marksRe     = regexp.MustCompile(`(?:[⁰¹²³⁴⁵⁶⁷⁸⁹]+|(?:\(\d+\))+)$`)
)

// trickLine reports whether a line gives a trick as a list of cards.
func trickLine(s string) bool {
	m := trickLineRe.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return false
	}
	for _, w := range strings.Fields(m[2]) {
		if _, ok := cardToken(w); ok {
			return true
		}
	}
	return false
}

// partBreak reports whether line s is a book's break between parts,
// asterisks alone ("* * *", "***"): text, neither a footnote nor a line
// of the diagram above it.
func partBreak(s string) bool {
	return strings.Contains(s, "*") && strings.Trim(s, "* \t") == ""
}

// noteLine reports whether a line opens footnotes: "¹ text", "(1) text",
// "* won the trick", "Claim: ...", or a mark alone, a note of no text (show
// prints "¹" for an alert the record does not explain).
func noteLine(s string) bool {
	if partBreak(s) {
		return false
	}
	return noteLineRe.MatchString(s) || strings.HasPrefix(s, "Claim:")
}

// seatHeads reads a table's heading line: four seats (names, letters, or
// the books' letters) and the trick table's Trick, Lead and sides; nil
// when the line is no such heading.
func seatHeads(s string) []head {
	s = strings.ReplaceAll(s, "|", " ") // a table with bars: "WEST | NORTH | EAST | SOUTH |"
	var hs []head
	seats := 0
	named := map[string]bool{} // the four are four players: "A A A A" is no heading
	for _, w := range words(cell{text: s}) {
		h := head{col: w.col, end: w.end(), seat: model.NoSeat}
		switch t := w.text; {
		case len(hs) > 0 && hs[len(hs)-1].role == "seat" && dealerMark.MatchString(" "+t):
			continue // "South (D)": the dealer, whose column the first call gives
		case t == "Trick":
			h.role = "trick"
		case t == "Lead":
			h.role = "lead"
		case len(t) == 3 && t[1] == '-':
			h.role = "side"
		default:
			if st, ok := seatWord(t); ok && len(t) > 1 || ok && t == strings.ToUpper(t) {
				h.role, h.seat = "seat", st
			} else if len(t) == 1 && t[0] >= 'A' && t[0] <= 'Z' {
				h.role = "seat" // a book's letter, placed by the diagram
			} else {
				return nil
			}
			k := strings.ToLower(t)
			if named[k] {
				return nil
			}
			named[k] = true
			seats++
		}
		hs = append(hs, h)
	}
	if seats != 4 {
		return nil
	}
	return hs
}

// table reads an auction or a play table, or a list of tricks.
func (bd *dgBuilder) table(b *block) *tableRead {
	t := &tableRead{pos: bd.pos(b.lines[0].n, 0), claim: -1, notes: map[int]string{}, noteAt: map[int]model.Pos{}}
	bd.tables = append(bd.tables, t)
	if b.kind == bTricks {
		for _, l := range b.lines {
			bd.trickListLine(t, l)
		}
		return t
	}
	heads := seatHeads(b.lines[0].text)
	for i := range heads {
		if heads[i].role != "seat" {
			continue
		}
		w := strings.TrimSpace(sliceCols(b.lines[0].text, heads[i].col, heads[i].end))
		s, ok := bd.seats.seat(w)
		if !ok {
			bd.r.Errorf(bd.pos(b.lines[0].n, byteAt(b.lines[0].text, heads[i].col)), "table heading %q: no hand of the diagram is %s's", w, w)
		}
		heads[i].seat = s
	}
	t.auction = len(b.lines) < 2 || !rowHasCards(b.lines[1].text)
	if heads[0].role == "trick" {
		t.auction = false
	}
	t.dashPass = t.auction && dashesPass(b.lines[1:])
	for _, l := range b.lines[1:] {
		if t.auction {
			bd.auctionRow(t, heads, l)
		} else {
			bd.playRow(t, heads, l)
		}
	}
	return t
}

// sliceCols is the text of s between display columns from and to.
func sliceCols(s string, from, to int) string {
	return s[byteAt(s, from):byteAt(s, to)]
}

// byteAt is the byte offset of display column col of s.
func byteAt(s string, col int) int {
	c := 0
	for i, r := range s {
		if c >= col {
			return i
		}
		if r == '\t' {
			c = (c/8 + 1) * 8
		} else {
			c++
		}
	}
	return len(s)
}

// rowWords are the words of a table row; of an auction's (calls), a call
// of several words taken as one: "All Pass", "(all pass)", "No bid", "1 NT", "1 ♥", "2 H", "One
// heart", "Three no trump". A word run into the next column's
// ("trumpPass") is parted where a capital follows a small letter.
func rowWords(s string, calls bool) []cell {
	if !calls {
		return words(cell{text: s})
	}
	var ws []cell
	for _, w := range words(cell{text: s}) {
		ws = append(ws, splitRunOn(w)...)
	}
	var out []cell
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if n := callWords(ws[i:]); n > 1 {
			last := ws[i+n-1]
			w.text = s[w.off : last.off+len(last.text)]
			i += n - 1
		}
		out = append(out, w)
	}
	return out
}

// splitRunOn parts a word where a capital follows a small letter
// ("trumpPass"): two cells of a table set without a blank between them.
func splitRunOn(w cell) []cell {
	prev := rune(0)
	for i, r := range w.text {
		if i > 0 && unicode.IsUpper(r) && unicode.IsLower(prev) {
			a := cell{text: w.text[:i], off: w.off, col: w.col}
			b := cell{text: w.text[i:], off: w.off + i, col: w.col + utf8.RuneCountInString(w.text[:i])}
			return append([]cell{a}, splitRunOn(b)...)
		}
		prev = r
	}
	return []cell{w}
}

// levelWords are a bid's level as words give it.
var levelWords = map[string]bool{"one": true, "two": true, "three": true, "four": true, "five": true, "six": true, "seven": true}

// callWords is how many words at the start of ws make one call: 1, or
// more for "All Pass", "(all pass)", "No bid", a level and its strain
// apart ("1 ♥", "One heart", "three no trumps").
func callWords(ws []cell) int {
	low := func(i int) string {
		if i >= len(ws) {
			return ""
		}
		return strings.ToLower(strings.TrimRight(ws[i].text, ".,;"))
	}
	a, b := low(0), low(1)
	switch {
	case (a == "all" || a == "(all") && strings.HasPrefix(b, "pass"), a == "no" && strings.HasPrefix(b, "bid"):
		return 2
	}
	if !(len(a) == 1 && a[0] >= '0' && a[0] <= '9' || levelWords[a]) || b == "" {
		return 1 // a digit out of range joins its strain, to be reported whole ("8 NT")
	}
	if (b == "no" || b == "no-") && strings.HasPrefix(low(2), "trump") {
		return 3
	}
	if _, ok := strainWord(strings.TrimRight(ws[1].text, "*†‡")); ok {
		return 2
	}
	return 1
}

// column is the heading a word stands under: the nearest by its start,
// or for the right-aligned columns (the trick's number, the counts) by
// its end.
func column(heads []head, w cell) int {
	best, bd := -1, 1<<30
	for i, h := range heads {
		d := abs(w.col - h.col)
		if h.role == "trick" || h.role == "side" {
			d = min(d, abs(w.end()-h.end))
		}
		if d < bd {
			best, bd = i, d
		}
	}
	return best
}

// callCell is a call's words in an auction's row and the heading it
// stands under.
type callCell struct {
	cell
	head int
}

// rowCalls are the calls of a row and their headings: each under the
// heading it stands nearest, or in a table with bars ("1H | Pass | 2H |
// Pass |"), under the heading of its cell's place, the cells counted
// between the bars (an empty one a call not made, a trailing bar ending
// the row).
func rowCalls(heads []head, s string) []callCell {
	var out []callCell
	if !strings.Contains(s, "|") {
		for _, w := range rowWords(s, true) {
			out = append(out, callCell{w, column(heads, w)})
		}
		return out
	}
	var spans [][2]int // each cell's bytes, between the bars
	from := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == '|' {
			spans = append(spans, [2]int{from, i})
			from = i + 1
		}
	}
	if strings.TrimSpace(s[spans[0][0]:spans[0][1]]) == "" && utf8.RuneCountInString(s[:spans[0][1]]) <= heads[0].col {
		spans = spans[1:] // a bar before the first heading's cell
	}
	for k, sp := range spans {
		col := utf8.RuneCountInString(s[:sp[0]])
		for _, w := range rowWords(s[sp[0]:sp[1]], true) {
			w.off += sp[0]
			w.col += col
			i := k
			if k >= len(heads) {
				i = column(heads, w) // a cell past the last heading
			}
			out = append(out, callCell{w, i})
		}
	}
	return out
}

// auctionRow reads a row of calls.
func (bd *dgBuilder) auctionRow(t *tableRead, heads []head, l dline) {
	r := bd.r
	for _, w := range rowCalls(heads, l.text) {
		i := w.head
		p := bd.pos(l.n, w.off)
		text, marks := splitMarks(w.text)
		text = strings.TrimRight(text, "*†‡") // a book's mark of a footnote the table's text gives
		c, ok := callToken(text)
		if t.dashPass && c.Kind == model.Skipped || isDash(text) && t.dashPass {
			c, ok = model.Call{Kind: model.Pass}, true
		}
		if !ok {
			// kept as written, holding its turn
			r.Errorf(p, "%q is no call: expected Pass, Dbl, Rdbl, a bid (1♣ to 7NT) or All Pass", w.text)
			c = model.Call{Kind: model.Other, Text: w.text}
			marks = ""
		}
		c.Pos = p
		if len(t.calls) == 0 {
			t.first = heads[i].seat
		} else if c.Kind != model.AllPass { // "All pass" is the rest of the row, or a row of its own
			want := t.calls[len(t.calls)-1].seatAfter(t)
			if heads[i].seat != want && want.Valid() {
				r.Errorf(p, "%s stands under %s: expected the call of %s, the next in turn (a call missing, or a column out of line)", w.text, heads[i].seat.Name(), want.Name())
				continue
			}
		}
		t.calls = append(t.calls, callAt{call: c, marks: marks, pos: p})
	}
}

// isDash reports whether a cell is a dash.
func isDash(s string) bool { return s == "—" || s == "–" || s == "-" }

// dashesPass reports whether the dashes of an auction's rows are passes:
// a book that prints a pass as a dash prints no "Pass" (show's dash is a
// player skipped, in a table that writes its passes).
func dashesPass(rows []dline) bool {
	dash := false
	for _, l := range rows {
		for _, w := range rowWords(l.text, true) {
			text, _ := splitMarks(w.text)
			if c, ok := callToken(text); ok && (c.Kind == model.Pass || c.Kind == model.AllPass) {
				return false
			}
			dash = dash || isDash(text)
		}
	}
	return dash
}

// seatAfter is the seat of the call after the last one of t.
func (callAt) seatAfter(t *tableRead) model.Seat {
	if !t.first.Valid() {
		return model.NoSeat
	}
	return t.first.Add(len(t.calls))
}

// callToken reads a call as show and the books write it: "Pass", "No",
// "No bid", "Dbl", "Double", "Dble.", "Rdbl", "1♥", "1 ♥", "1 NT", "2H",
// "One heart", "three no trumps", "All Pass", "(all pass)".
func callToken(s string) (model.Call, bool) {
	s, nags := nagOf(s, 0)
	var c model.Call
	l := strings.ToLower(strings.Join(strings.Fields(s), " "))
	if l != "." {
		l = strings.TrimSuffix(l, ".")
	}
	switch {
	case l == "pass" || l == "p" || l == "no bid" || l == "no":
		c = model.Call{Kind: model.Pass}
	case l == "dbl" || l == "double" || l == "x" || l == "dble" || l == "doubles":
		c = model.Call{Kind: model.Double}
	case l == "rdbl" || l == "redouble" || l == "xx" || l == "redbl" || l == "redble":
		c = model.Call{Kind: model.Redouble}
	case l == "all pass" || l == "all passed" || l == "(all pass)" || l == "(all pass" || l == "all pass)":
		c = model.Call{Kind: model.AllPass}
	case s == "—":
		c = model.Call{Kind: model.Skipped}
	case s == "?":
		c = model.Call{Kind: model.Continue}
	default:
		lv, rest := l, ""
		if i := strings.IndexByte(l, ' '); i > 0 {
			lv, rest = l[:i], l[i+1:]
		} else if len(l) >= 2 && l[0] >= '1' && l[0] <= '7' {
			lv, rest = l[:1], l[1:]
		}
		if !(len(lv) == 1 && lv[0] >= '1' && lv[0] <= '7' || levelWords[lv]) {
			return c, false
		}
		n, _ := numeral(lv)
		st, ok := strainWord(rest)
		if !ok {
			return c, false
		}
		c = model.Call{Kind: model.BidCall, Level: int8(n), Strain: st}
	}
	c.NAGs = nags
	return c, true
}

// nagSuffixes are the suffixes of a call or a card, as NAGs 1-6 (a card's
// are 7-12).
var nagSuffixes = []string{"!!", "??", "!?", "?!", "!", "?"}
var nagOfSuffix = map[string]int{"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}

// nagOf takes a suffix off s; base is 0 for calls, 6 for cards.
func nagOf(s string, base int) (string, []int) {
	for _, suf := range nagSuffixes {
		if len(s) > len(suf) && strings.HasSuffix(s, suf) {
			return s[:len(s)-len(suf)], []int{nagOfSuffix[suf] + base}
		}
	}
	return s, nil
}

// splitMarks takes the footnote marks off the end of a cell.
func splitMarks(s string) (string, string) {
	if m := marksRe.FindStringIndex(s); m != nil && m[0] > 0 {
		return s[:m[0]], s[m[0]:]
	}
	return s, ""
}

// cardToken reads a card: suit then rank (♠K, SK, ♠10, ST) or rank then
// suit sign (K♠, 10♠).
func cardToken(s string) (model.Card, bool) {
	if s == "" {
		return 0, false
	}
	r, size := utf8.DecodeRuneInString(s)
	if su, ok := suitSymbols[r]; ok {
		return rankOf(su, s[size:])
	}
	if su, ok := model.ParseSuit(s[0]); ok && s[0] >= 'A' && s[0] <= 'Z' && len(s) <= 3 {
		return rankOf(su, s[1:])
	}
	last, lsize := utf8.DecodeLastRuneInString(s)
	if su, ok := suitSymbols[last]; ok {
		return rankOf(su, s[:len(s)-lsize])
	}
	return 0, false
}

func rankOf(su model.Suit, s string) (model.Card, bool) {
	if s == "10" {
		return model.NewCard(su, model.Ten), true
	}
	if len(s) != 1 {
		return 0, false
	}
	rk, ok := model.ParseRank(s[0])
	return model.NewCard(su, rk), ok
}

// playCell reads a card of a trick table: a card, "—" (a card not known)
// or "?" (still to come), its suffix, its footnote marks, and the "*" of
// the winning card.
func playCell(s string) (cardAt, bool) {
	s = strings.TrimSuffix(s, "*")
	s, marks := splitMarks(s)
	switch s {
	case "—", "-":
		return cardAt{pc: model.PlayCard{Kind: model.Unknown}, marks: marks, set: true}, true
	case "?":
		return cardAt{pc: model.PlayCard{Kind: model.Next}, marks: marks, set: true}, true
	}
	s, nags := nagOf(s, 6)
	c, ok := cardToken(s)
	if !ok {
		return cardAt{}, false
	}
	return cardAt{pc: model.PlayCard{Kind: model.Played, Card: c, Annotations: model.Annotations{NAGs: nags}}, marks: marks, set: true}, true
}

// playRow reads a row of a trick table: cards in seat columns, and in
// show's table the trick's number, its leader and the running count.
func (bd *dgBuilder) playRow(t *tableRead, heads []head, l dline) {
	r := bd.r
	tr := trickAt{leader: model.NoSeat, bySeat: true, pos: bd.pos(l.n, 0)}
	for _, w := range rowWords(l.text, false) {
		i := column(heads, w)
		p := bd.pos(l.n, w.off)
		switch heads[i].role {
		case "trick":
			if n, err := strconv.Atoi(w.text); err != nil || n != len(t.tricks)+1 {
				r.Errorf(p, "trick %q: expected %d", w.text, len(t.tricks)+1)
			}
		case "lead":
			if s, ok := bd.seats.seat(w.text); ok {
				tr.leader = s
			} else {
				r.Errorf(p, "leader %q: expected a seat", w.text)
			}
		case "side":
			// the running count: the play gives it
		default:
			ca, ok := playCell(w.text)
			if !ok {
				r.Errorf(p, "%q is no card: expected a suit and a rank (♠K, SK, K♠), \"—\" for a card not known", w.text)
				continue
			}
			s := heads[i].seat
			if !s.Valid() {
				continue
			}
			if tr.cards[s].set {
				r.Errorf(p, "two cards under %s in one trick", s.Name())
				continue
			}
			ca.pc.Pos = p
			tr.cards[s] = ca
		}
	}
	t.tricks = append(t.tricks, tr)
}

// trickListLine reads "Trick 1: ♠K ♠3 ♠2 ♠A", a seat before the first
// card naming the leader ("Trick 1: West ♠K ...").
func (bd *dgBuilder) trickListLine(t *tableRead, l dline) {
	r := bd.r
	s := strings.TrimSpace(l.text)
	if strings.HasPrefix(s, "Claim:") {
		t.readClaim(bd, s, bd.pos(l.n, 0))
		return
	}
	m := trickLineRe.FindStringSubmatchIndex(s)
	if m == nil {
		r.Errorf(bd.pos(l.n, 0), "%q: expected a trick (\"Trick 1: ♠K ♠3 ♠2 ♠A\")", s)
		return
	}
	lead := strings.Index(l.text, s)
	tr := trickAt{leader: model.NoSeat, pos: bd.pos(l.n, lead)}
	if n, _ := strconv.Atoi(s[m[2]:m[3]]); n != len(t.tricks)+1 {
		r.Errorf(bd.pos(l.n, lead+m[2]), "trick %d: expected %d", n, len(t.tricks)+1)
	}
	rest := cell{text: s[m[4]:], off: lead + m[4]}
	for _, w := range words(rest) {
		text := strings.TrimRight(w.text, ",;")
		p := bd.pos(l.n, w.off)
		if st, ok := bd.seats.seat(strings.TrimSuffix(text, ":")); ok && tr.n == 0 && !tr.leader.Valid() {
			tr.leader = st
			continue
		}
		ca, ok := playCell(text)
		if !ok {
			r.Errorf(p, "%q is no card: expected a suit and a rank (♠K, SK, K♠)", w.text)
			continue
		}
		if tr.n == 4 {
			r.Errorf(p, "a fifth card in trick %d", len(t.tricks)+1)
			continue
		}
		ca.pc.Pos = p
		tr.cards[tr.n] = ca
		tr.n++
	}
	t.tricks = append(t.tricks, tr)
}

// readClaim reads "Claim: West takes 11 tricks in all".
func (t *tableRead) readClaim(bd *dgBuilder, s string, p model.Pos) {
	f := strings.Fields(strings.TrimPrefix(s, "Claim:"))
	for i, w := range f {
		if n, err := strconv.Atoi(w); err == nil && n >= 0 && n <= 13 && i+1 < len(f) && strings.HasPrefix(f[i+1], "trick") {
			t.claim, t.claimAt = n, p
			return
		}
	}
	bd.r.Errorf(p, "%q: expected \"Claim: West takes 11 tricks in all\"", s)
}

// readNotes reads the footnotes under a table: "¹ text" (continued on
// lines set in), "* won the trick", the claim. It gives back the lines it
// does not read as such ("* Artificial."), which stay commentary.
func (t *tableRead) readNotes(b *block) (rest []dline) {
	last := -1
	for _, l := range b.lines {
		s := strings.TrimSpace(l.text)
		p := model.Pos{Line: l.n, Col: 1}
		switch {
		case strings.HasPrefix(s, "Claim:"):
			t.claimAt = p
			f := strings.Fields(s)
			for i, w := range f {
				if n, err := strconv.Atoi(w); err == nil && i+1 < len(f) && strings.HasPrefix(f[i+1], "trick") {
					t.claim = n
				}
			}
			last = -1
		case s == "* won the trick":
			last = -1
		case l.text != s && last >= 0: // set in: the note goes on
			t.notes[last] += " " + s
		default:
			sp := strings.IndexByte(s, ' ')
			if sp < 0 {
				sp = len(s)
			}
			n, ok := markNumber(s[:sp])
			if !ok {
				last = -1
				rest = append(rest, l) // "* Artificial": kept as commentary
				continue
			}
			t.notes[n] = strings.TrimSpace(s[sp:])
			t.noteAt[n] = p
			last = n
		}
	}
	return rest
}

var superDigits = map[rune]byte{'⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9'}

// markNumber reads one footnote mark: "¹²" or "(12)".
func markNumber(s string) (int, bool) {
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		n, err := strconv.Atoi(s[1 : len(s)-1])
		return n, err == nil
	}
	var b []byte
	for _, r := range s {
		d, ok := superDigits[r]
		if !ok {
			return 0, false
		}
		b = append(b, d)
	}
	n, err := strconv.Atoi(string(b))
	return n, err == nil && len(b) > 0
}
