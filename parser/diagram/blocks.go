package diagram

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A block of a book's page is not always one thing: a caption stands over
// an auction table ("The bidding:", "Both sides were vulnerable. The
// bidding:"), a heading over a diagram, a table or a paragraph under a
// diagram, a lead under a table, without a blank line between, as columns
// are typed or OCR'd. splitBlock parts them by what their lines are, so
// that each is read as what it is; and the text between two deals is
// parted where the next deal's heading begins (opens).

// splitBlock parts b where one part ends and the next begins, each part
// classified: a caption from the table under it, heading lines from the
// diagram under them, a diagram from what follows its hands
// (diagramEnd), a table from what follows its rows (tableEnd).
func splitBlock(b *block) []*block {
	sp := newSplitter(b.lines)
	var out []*block
	for from := 0; from < len(b.lines); {
		to := len(b.lines)
		kind := sp.classify(from, to)
		for {
			n, k := sp.partEnd(from, to, kind)
			if n == to {
				break
			}
			to, kind = n, k
		}
		out = append(out, &block{lines: b.lines[from:to], kind: kind})
		from = to
	}
	return out
}

// splitter holds what a block's parting asks of its lines more than
// once, so that parting a block of n lines takes time in n, not n²:
// diag[i] is the first line from i on that gives a hand or a box's edge,
// heads[i] the first from i on that is a table's heading of seats
// (len(lines) for none).
type splitter struct {
	lines       []dline
	diag, heads []int
	// leadFrom and leadEnd are the last answer of lead over the block's
	// end
	leadFrom, leadEnd int
}

func newSplitter(lines []dline) *splitter {
	sp := &splitter{lines: lines, diag: make([]int, len(lines)+1), heads: make([]int, len(lines)+1)}
	sp.diag[len(lines)], sp.heads[len(lines)] = len(lines), len(lines)
	isDiag := make([]bool, len(lines)+1)
	for i, l := range lines {
		isDiag[i] = diagramLine(l)
	}
	for i := len(lines) - 1; i >= 0; i-- {
		sp.diag[i], sp.heads[i] = sp.diag[i+1], sp.heads[i+1]
		if isDiag[i] && !strayHolding(lines, i, isDiag[i+1]) && (i == 0 || !runsOnto(lines[i-1])) {
			sp.diag[i] = i
		}
		if seatHeads(lines[i].text) != nil {
			sp.heads[i] = i
		}
	}
	return sp
}

// strayHolding reports whether line i of a block's lines, first in the
// block or under a sentence, and with no line of a diagram under it
// (more), gives one suit's holding and nothing else: a sentence's
// wrapped last line ("... 0a 0a" over "♦000000000", a paragraph show
// wrapped) or a paragraph of its own, not a diagram, which stacks a hand's
// suits. (A hand's last line under its label is a diagram's.)
func strayHolding(lines []dline, i int, more bool) bool {
	if more || i > 0 && !textLine(lines[i-1]) {
		return false
	}
	cs := cellsOf(lines[i].text, 2)
	if len(cs) != 1 {
		return false
	}
	hs, ok := holdingsOf(cs[0], lines[i].n)
	return ok && len(hs) == 1 && (i > 0 || utf8.RuneCountInString(strings.Trim(cs[0].text, " :")) > 1) // a suit's sign alone ("♣") first is a void's
}

// runsOnto reports whether l is a sentence that goes on into the line
// under it (it ends with a comma or a semicolon): that line is the
// sentence's, though it names a suit's cards ("... Diamonds 9, 8, 7;" over
// "Clubs 6, 5, 4", a paragraph show wrapped), not a diagram's.
func runsOnto(l dline) bool {
	t := strings.TrimSpace(l.text)
	return t != "" && strings.ContainsAny(t[len(t)-1:], ",;") && textLine(l)
}

// lead is the end of the text over the diagram of lines from to to: the
// line after the last heading or sentence (headingLine, textLine) above
// its first hand, from for none. The parts of that text end before it,
// each asking again: the answer is kept.
func (sp *splitter) lead(from, to int) int {
	if from > sp.leadFrom && from < sp.leadEnd && to == len(sp.lines) {
		return sp.leadEnd
	}
	end := from
	for i := from; i < to && !lineHasHoldings(sp.lines[i]); i++ {
		if headingLine(sp.lines[i]) || textLine(sp.lines[i]) {
			end = i + 1
		}
	}
	if to == len(sp.lines) {
		sp.leadFrom, sp.leadEnd = from, end
	}
	return end
}

// classify is classify of lines from to to.
func (sp *splitter) classify(from, to int) blockKind {
	if k, ok := classifyHead(sp.lines[from:to]); ok {
		return k
	}
	if sp.diag[from] < to {
		return bDiagram
	}
	return bText
}

// partEnd is the end of the first part of lines from to to, of kind
// kind, and that part's kind.
func (sp *splitter) partEnd(from, to int, kind blockKind) (int, blockKind) {
	lines := sp.lines[from:to]
	switch kind {
	case bText:
		for i := sp.heads[from+1]; i < to; i = sp.heads[i+1] {
			if sp.classify(i, to) == bTable {
				return i, bText // a caption over its table
			}
		}
		if i := headingAfter(lines); i > 0 {
			return from + i, bText // "Result: 9 tricks." over "Board 2, Dealer East"
		}
		n := 0
		for n < len(lines) && keyish(lines[n].text) {
			n++
		}
		if n > 0 && n < len(lines) {
			return from + n, bText // "Opening lead: Jack of C" over a paragraph
		}
	case bDiagram:
		if n := sp.lead(from, to); n > from && n < to && sp.classify(n, to) == bDiagram {
			return n, bText // a heading or a paragraph set on its diagram
		}
		return from + diagramEnd(lines), bDiagram
	case bTable:
		return from + tableEnd(lines), bTable
	}
	return to, kind
}

// diagramEnd is the number of lines of a diagram's block that are the
// diagram's: up to the first line, under a hand's, that starts another
// part (tableStarts), or that is a key or a sentence (textLine) with no
// hand's line under it before such a start; lines that are neither (a
// label, the compass, a name, show's corner) stay in the diagram.
func diagramEnd(lines []dline) int {
	hand, below := false, 0
	for i, l := range lines {
		if lineHasHoldings(l) {
			hand = true
			continue
		}
		if !hand {
			continue
		}
		if tableStarts(l) {
			return i
		}
		if textLine(l) && i >= below {
			if below = handBelow(lines, i+1); below < 0 {
				return i
			}
		}
	}
	return len(lines)
}

// handBelow is the index of the first hand's line of lines from i on, -1
// when a line that starts another part (tableStarts) or the end comes
// first: text among the hands (a name, a note) is the diagram's, said
// where it is not read.
func handBelow(lines []dline, i int) int {
	for ; i < len(lines); i++ {
		if tableStarts(lines[i]) {
			return -1
		}
		if lineHasHoldings(lines[i]) {
			return i
		}
	}
	return -1
}

// tableStarts reports whether a line that gives no hand starts a part of
// its own: a table's heading of four seats ("WEST | NORTH | EAST | SOUTH
// |"), a row of calls between bars, a trick of a list, show's
// double-dummy table or traveller.
func tableStarts(l dline) bool {
	t := strings.TrimSpace(l.text)
	switch {
	case strings.HasPrefix(t, "Double-dummy tricks"), t == "Traveller", trickLine(t):
		return true
	case lineHasHoldings(l):
		return false
	case strings.Contains(t, "|") && barredCalls(t):
		return true
	}
	hs := seatHeads(l.text)
	if hs == nil {
		return false
	}
	var seen [4]bool
	for _, h := range hs {
		if h.seat.Valid() {
			if seen[h.seat] {
				return false // "West  W  E  East": labels and a compass
			}
			seen[h.seat] = true
		}
	}
	return true
}

// textLine reports whether a line is a key with its colon ("Opening lead:
// Jack of C", "Result: 9") or a sentence or a caption ("The declarer took
// ten tricks.", "The bidding:"), not a hand's label, a name or show's
// corner.
func textLine(l dline) bool {
	t := strings.TrimSpace(l.text)
	if lineHasHoldings(l) || seatsNamed(t) != nil {
		return false
	}
	if keyLine(t) || partBreak(t) {
		return true
	}
	if _, seat := labelSeat(t); seat {
		return false
	}
	lower := 0
	for _, w := range strings.Fields(t) {
		if len(w) >= 2 && strings.ToLower(w) == w && strings.ContainsFunc(w, unicode.IsLetter) {
			lower++
		}
	}
	return lower >= 3 || lower >= 1 && strings.HasSuffix(t, ":")
}

// headingAfter is the index of the first line of text lines that reads
// as a deal's heading ("North led the jack. West took ten tricks." over
// "Example 3") or a key with its colon ("Result: 11 tricks.") under a
// sentence's end or a key's line, 0 for none: it is a part of its own, as
// if a blank line stood over it, so that the deal a heading opens does
// not take the text above it.
func headingAfter(lines []dline) int {
	for i := 1; i < len(lines); i++ {
		prev := strings.TrimSpace(lines[i-1].text)
		switch {
		case keyish(prev) && keyish(lines[i].text):
		case keyLine(strings.TrimSpace(lines[i].text)):
			return i
		case !strings.ContainsAny(prev[len(prev)-1:], ".!?:"):
		case !headingLine(lines[i-1]) && headingLine(lines[i]) && opens(&block{lines: lines[i : i+1]}, ""):
			return i
		}
	}
	return 0
}

// keyish reports whether line s is a key, with its colon or as show
// writes it ("Contract H by C").
func keyish(s string) bool {
	_, _, ok := keyValue(s, false)
	return ok || keyLine(strings.TrimSpace(s))
}

// keyLine reports whether t starts with a key and its colon ("Opening
// lead:", "Result:"), as a book writes a fact under a deal.
func keyLine(t string) bool {
	i := strings.IndexByte(t, ':')
	if i <= 0 {
		return false
	}
	_, ok := headKeys[strings.ToLower(t[:i])]
	return ok
}

// barredCalls reports whether t is a row of calls between bars ("1H |
// Pass | 2H | Pass |"), not a compass's side ("|   N   |"): a call in
// each word, a dash or a bar aside, a call of two letters or more among
// them.
func barredCalls(t string) bool {
	named := false
	for _, w := range rowWords(strings.ReplaceAll(t, "|", " "), true) {
		text, _ := splitMarks(strings.TrimRight(w.text, "*†‡"))
		if _, ok := callToken(text); !ok && !isDash(text) {
			return false
		}
		named = named || utf8.RuneCountInString(text) >= 2
	}
	return named
}

// tableEnd is the number of lines of a table's block that are the
// table's: its heading and its rows, up to the first line that is no row
// (tableStarts, footnotes, a key with its colon, or a line whose words
// are more text than calls or cards).
func tableEnd(lines []dline) int {
	for i := 1; i < len(lines); i++ {
		l := lines[i]
		t := strings.TrimSpace(l.text)
		if noteLine(t) || tableStarts(l) && seatHeads(l.text) != nil || trickLine(t) {
			return i
		}
		if keyLine(t) {
			return i
		}
		if calls, others := callWordsOf(t); others >= 2 && others > calls {
			return i
		}
	}
	return len(lines)
}

// callWordsOf counts the words of a row, its bars aside, that read as a
// table's (a call, a card, a dash, a number, a seat's letter) and the
// others that hold two letters or more.
func callWordsOf(s string) (calls, others int) {
	for _, w := range rowWords(strings.ReplaceAll(s, "|", " "), true) {
		text, _ := splitMarks(strings.TrimRight(w.text, "*†‡"))
		_, call := callToken(text)
		_, card := playCell(w.text)
		switch {
		case call || card || isDash(text) || numberRe.MatchString(text) || len(text) == 1:
			calls++
		case strings.IndexFunc(text, unicode.IsLetter) >= 0 && utf8.RuneCountInString(text) >= 2:
			others++
		}
	}
	return calls, others
}

// headingLine reports whether a line at the top of a diagram is a heading
// set on it without a blank line: one cell that names a fact of the
// heading, and no hand's label.
func headingLine(l dline) bool {
	cs := cellsOf(l.text, 2)
	if len(cs) != 1 || lineHasHoldings(l) {
		return false
	}
	if _, ok := labelSeat(cs[0].text); ok {
		return false
	}
	if _, _, ok := keyValue(cs[0].text, false); ok {
		return false // show's corner
	}
	for _, p := range l.phrases() {
		if openingPhrase(p.kind) {
			return true
		}
	}
	return false
}

// openingPhrase reports whether a phrase of kind k opens a deal's
// heading: the board, the dealer, the vulnerability, the date.
func openingPhrase(k phraseKind) bool {
	return k == phBoard || k == phDealer || k == phVul || k == phDate
}

// opens reports whether text block b, after a deal's last table, opens
// the next deal: a heading of keys, show's line of the event (that of the
// deal before, again), a first line that reads as a heading (headingLike)
// and names the board, the dealer, the vulnerability or the date, or a
// line that names nothing else, an event's line, or a
// paragraph that names the deal to come ("The next hand", "The diagramed
// deal").
func opens(b *block, head string) bool {
	if b.kind != bText || closingKeys(b) {
		return false
	}
	if headingBlock(b) && opensDeal(b) || eventLine(b) || repeats(b, head) {
		return true
	}
	for i, l := range b.lines {
		ps := l.phrases()
		if len(ps) == 0 {
			continue
		}
		start := len(l.text) - len(strings.TrimLeftFunc(l.text, isGlue))
		lefts := leftovers(l.text, ps)
		if i > 0 && len(lefts) > 0 || !headingLike(ps, lefts, start) {
			continue
		}
		for _, p := range ps {
			if openingPhrase(p.kind) && !inPassing(l.text, p, lefts) {
				return true
			}
		}
	}
	return forwardRef.MatchString(blockText(b))
}

// closingKeys reports whether b holds keys alone, each one a book states
// under a deal it has shown ("Source: Contract Bridge Journal, June
// 1967", "Result: 9 tricks"): they close the deal before, even where their
// value holds a date or an event's name, and open none. (A contract or a
// lead may head the deal to come, as a problem book sets it.)
func closingKeys(b *block) bool {
	for _, l := range b.lines {
		k, _, ok := keyValue(l.text, false)
		if !ok || !closingKey[k] {
			return false
		}
	}
	return len(b.lines) > 0
}

// closingKey are the keys that state what became of a deal or where it
// was printed, never what opens one.
var closingKey = map[string]bool{"Source": true, "Result": true}

// inPassing reports whether a dealer's or a vulnerability's phrase p of
// line s runs on into words no phrase names, blanks alone between ("Both
// sides were vulnerable on this deal"): a sentence of commentary that
// names the fact in passing, not a heading ("Both sides vulnerable. Dealer
// South.", "Z deals. No score.").
func inPassing(s string, p phrase, lefts []leftover) bool {
	if p.kind != phDealer && p.kind != phVul {
		return false
	}
	for _, l := range lefts {
		end := l.at + len(l.text)
		if l.at >= p.end && strings.TrimSpace(s[p.end:l.at]) == "" || end <= p.at && strings.TrimSpace(s[end:p.at]) == "" {
			return true
		}
	}
	return false
}

// forwardRef is a paragraph's naming of the deal that follows it.
var forwardRef = regexp.MustCompile(`(?i)\b(?:the|this)\s+(?:next|following|accompanying|diagram{1,2}ed)\s+(?:hand|deal|example|problem|diagram|board)s?\b|\b(?:hand|deal|diagram|example|problem)s?\s+(?:below|shown below|that follows?)\b`)

// titleBlock reports whether b is one line that reads as a title, not a
// sentence: show's line of an event that has no date.
func titleBlock(b *block) bool {
	return b.kind == bText && len(b.lines) == 1 && titleLine(b.lines[0])
}

// titleLine reports whether l reads as a title: short, with a letter,
// not ending as a sentence does, and naming no fact.
func titleLine(l dline) bool {
	t := strings.TrimSpace(l.text)
	if t == "" || len(t) > 100 || strings.ContainsAny(t[len(t)-1:], ".?!:;,") {
		return false
	}
	if !strings.ContainsFunc(t, unicode.IsLetter) {
		return false
	}
	if _, _, ok := keyValue(t, false); ok {
		return false
	}
	return len(trimmedPhrases(l, t)) == 0
}

// eventTitle reports whether b is a title (titleBlock) that names an
// event: a year or a word of a contest ("From the Masters Individual,
// Chicago, 1956: second session", "The Bermuda Bowl"). Over a deal's
// heading it opens a series, where a line of commentary that happens not
// to end as a sentence does ("Diamonds: A-B take nine tricks (18
// below)") names neither and stays with the deal before.
func eventTitle(b *block) bool {
	return titleBlock(b) && eventNamed.MatchString(b.lines[0].text)
}

// eventNamed is a year or a word that names a contest.
var eventNamed = regexp.MustCompile(`\b(?:1[89]\d\d|20\d\d)\b|(?i)\b(?:bowl|cup|trophy|championships?|olympiad|teams|pairs|individual|tournament|congress|match|session|trials|festival|olympics?)\b`)

// eventLine reports whether b opens with show's line of the event, site
// and date, or a book's title of an event and its year ("VANDERBILT
// KNOCKOUT TEAMS, 1961"): it opens the deal after it.
func eventLine(b *block) bool {
	if b.kind != bText {
		return false
	}
	t := strings.TrimSpace(b.lines[0].text)
	ev, date := showHeading(t)
	if date == "" || len(b.lines) > 1 && (ev == "" || strings.HasSuffix(ev, ".")) {
		return false
	}
	return len(b.lines) == 1 || len(t) <= 100
}

// narratesDeal reports whether text block b tells who dealt in the past
// tense ("Z dealt.", "A dealt and passed, ..."), as the whist books
// narrate a deal under its diagram, and names no board, vulnerability or
// date that would head another deal.
func narratesDeal(b *block) bool {
	dealt := false
	for _, l := range b.lines {
		for _, p := range l.phrases() {
			switch {
			case p.kind == phBoard || p.kind == phVul || p.kind == phDate:
				return false
			case p.kind == phDealer && strings.Contains(strings.ToLower(p.words), "dealt"):
				dealt = true
			}
		}
	}
	return dealt
}

// dealerGiven reports whether deal cur names its dealer before its text
// block i after the diagram: in a phrase or key of its heading or of that
// text, or a label's mark in its diagram ("NORTH (dealer)", "(D)").
func dealerGiven(cur *dealBlocks, i int) bool {
	for _, b := range append(append([]*block(nil), cur.pre...), cur.post[:i]...) {
		for _, l := range b.lines {
			if k, _, ok := keyValue(l.text, false); ok && k == "Dealer" {
				return true
			}
			for _, p := range l.phrases() {
				if p.kind == phDealer {
					return true
				}
			}
		}
	}
	for _, b := range cur.diag {
		for _, l := range b.lines {
			if low := strings.ToLower(l.text); strings.Contains(low, "deal") || strings.Contains(l.text, "(D)") {
				return true
			}
		}
	}
	return false
}
