package diagram

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"handrec/model"
)

// The diagram reader sees a line as cells: runs of text that a gap of two
// blanks or more (or a tab) separates, each with its display column, so
// that a hand, a label and a table cell are found by where they stand as
// well as by what they say. Positions are reported in bytes, as the other
// readers report them.

// dline is one line of a diagram file.
type dline struct {
	n    int    // line number, from 1
	text string // without its end of line
	// memo keeps what the reader asks of the line more than once (its
	// phrases, whether it gives a hand), shared by the line's copies;
	// nil asks again each time
	memo *lineMemo
}

// lineMemo is what a line's questions answered, each once asked.
type lineMemo struct {
	phrases           []phrase
	scanned           bool // phrases is known
	holdings, weighed bool // lineHasHoldings, and it is known
}

// phrases are scanPhrases of the line's text, scanned once: a line is
// asked whether it heads a deal (headingLine, opens), narrates one
// (narratesDeal, dealerGiven) and what it says (dgBuilder.phrases).
func (l dline) phrases() []phrase {
	if l.memo == nil {
		return scanPhrases(l.text)
	}
	if !l.memo.scanned {
		l.memo.phrases, l.memo.scanned = scanPhrases(l.text), true
	}
	return l.memo.phrases
}

// trimmedPhrases are scanPhrases of t, line l's text trimmed: the line's
// own where trimming took nothing off.
func trimmedPhrases(l dline, t string) []phrase {
	if t == l.text {
		return l.phrases()
	}
	return scanPhrases(t)
}

// cell is a run of text on a line: its text, its byte offset and its
// display column (a tab moves to the next multiple of 8), both from 0.
type cell struct {
	text string
	off  int
	col  int
}

// end is the display column just after the cell.
func (c cell) end() int { return c.col + utf8.RuneCountInString(c.text) }

// blank reports whether a line holds nothing but white space.
func blank(s string) bool { return strings.TrimSpace(s) == "" }

// cellsOf splits a line into cells at gaps of two blanks or more, or a
// tab; gap is the least number of blanks that separates two cells.
func cellsOf(s string, gap int) []cell {
	var out []cell
	col, start, startCol, spaces := 0, -1, 0, 0
	flush := func(end int) {
		if start >= 0 {
			out = append(out, cell{text: strings.TrimRight(s[start:end], " \t"), off: start, col: startCol})
			start = -1
		}
	}
	for i, r := range s {
		switch {
		case r == '\t':
			flush(i)
			col = (col/8 + 1) * 8
			spaces = 0
			continue
		case r == ' ' || r == '\u00a0':
			spaces++
			if spaces >= gap {
				flush(i)
			}
		default:
			if start < 0 {
				start, startCol = i, col
			}
			spaces = 0
		}
		col++
	}
	flush(len(s))
	for i := 0; i < len(out); i++ {
		if head, tail, ok := boxSplit(out[i]); ok {
			out = append(out[:i], append([]cell{head, tail}, out[i+1:]...)...)
		}
	}
	return out
}

// boxSplit parts a cell that ends in a box's top or bottom edge a single
// blank after a holding, as a typed diagram squeezes its widest line
// against the box ("♦ Q 10 7 6 x x +-----+"): the edge is a cell of its
// own, as it is where two blanks part them (boxEdge: "+-----+",
// "└───────┘"; a bar beside a compass letter, "│ W", stays as it was).
// Only a holding's: an edge in a line of prose, or with more after it,
// leaves the cell whole.
func boxSplit(c cell) (head, tail cell, ok bool) {
	if last, _ := utf8.DecodeLastRuneInString(c.text); last != '+' && last != '┐' && last != '┘' {
		return cell{}, cell{}, false // no edge at its end: the cell's words are not asked for
	}
	ws := words(c)
	if len(ws) < 2 || !boxEdge.MatchString(ws[len(ws)-1].text) || boxEdge.MatchString(ws[len(ws)-2].text) {
		return cell{}, cell{}, false
	}
	w := ws[len(ws)-1]
	head = cell{text: strings.TrimRight(c.text[:w.off-c.off], " \t\u00a0"), off: c.off, col: c.col}
	if _, ok := holdingsOf(head, 0); !ok {
		return cell{}, cell{}, false // an edge in a line of prose is the prose's
	}
	tail = cell{text: w.text, off: w.off, col: w.col}
	return head, tail, true
}

// words splits a cell's text at single blanks, each word with its byte
// offset and display column.
func words(c cell) []cell {
	var out []cell
	col, start, startCol := c.col, -1, 0
	for i, r := range c.text {
		if r == ' ' || r == '\t' || r == '\u00a0' {
			if start >= 0 {
				out = append(out, cell{text: c.text[start:i], off: c.off + start, col: startCol})
				start = -1
			}
		} else if start < 0 {
			start, startCol = i, col
		}
		col++
	}
	if start >= 0 {
		out = append(out, cell{text: c.text[start:], off: c.off + start, col: startCol})
	}
	return out
}

// suitSymbols are the suit signs the books print, solid and outlined.
var suitSymbols = map[rune]model.Suit{
	'♠': model.Spades, '♥': model.Hearts, '♦': model.Diamonds, '♣': model.Clubs,
	'♤': model.Spades, '♡': model.Hearts, '♢': model.Diamonds, '♧': model.Clubs,
}

// suitWords are the suits' names as a hand's line may start with them.
var suitWords = map[string]model.Suit{
	"spades": model.Spades, "spade": model.Spades, "hearts": model.Hearts, "heart": model.Hearts,
	"diamonds": model.Diamonds, "diamond": model.Diamonds, "clubs": model.Clubs, "club": model.Clubs,
}

// marker is a suit sign found in a text: the suit, where it starts and
// how many bytes it takes (with a ":" after it).
type marker struct {
	suit   model.Suit
	at, n  int
	letter bool // a letter S H D C, which holds only when ranks follow
	// dash says a ":" or a dash followed the letter ("S:", "H-"), after
	// which nothing is a void
	dash bool
}

// markerAt reads a suit sign at byte i of s: a symbol, a word (Spades,
// hearts:) or a capital letter S H D C at the start of a word.
func markerAt(s string, i int) (marker, bool) {
	r, size := utf8.DecodeRuneInString(s[i:])
	if su, ok := suitSymbols[r]; ok {
		n := size
		if i+n < len(s) && s[i+n] == ':' {
			n++
		}
		return marker{suit: su, at: i, n: n}, true
	}
	if i > 0 && isWordRune(s[i-1]) {
		return marker{}, false
	}
	j := i
	for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') {
		j++
	}
	if j == i {
		return marker{}, false
	}
	w := s[i:j]
	n := j - i
	if j < len(s) && (s[j] == ':' || s[j] == '.') {
		n++
	}
	if su, ok := suitWords[strings.ToLower(w)]; ok {
		return marker{suit: su, at: i, n: n}, true
	}
	if len(w) >= 1 && strings.IndexByte("SHDC", w[0]) >= 0 {
		// "S", "S:", "S-", "SAKQ": the letter alone, ranks may follow it at once
		su, _ := model.ParseSuit(w[0])
		n = 1 + markAfter(s, i+1)
		return marker{suit: su, at: i, n: n, letter: true, dash: n > 1 && s[i+1] != '.'}, true
	}
	return marker{}, false
}

// markAfter is the length of the mark that ends a suit's letter at byte
// i of s: ":", ".", "-" or a dash ("S:", "S.", "S-8 5 4 2", "H—"), 0
// for none.
func markAfter(s string, i int) int {
	switch {
	case i >= len(s):
		return 0
	case s[i] == ':' || s[i] == '.' || s[i] == '-':
		return 1
	case strings.HasPrefix(s[i:], "—") || strings.HasPrefix(s[i:], "–"):
		return len("—")
	}
	return 0
}

// voidWords say a void in words: "H-Void", "Spades—none".
var voidWords = map[string]bool{"void": true, "none": true, "nil": true, "(void)": true}

func isWordRune(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// rankAt is one card of a holding: its rank and where it stands.
type rankAt struct {
	rank model.Rank
	off  int // byte offset in the line
}

// holding is one suit of one hand as a line gives it.
type holding struct {
	suit  model.Suit
	ranks []rankAt
	void  bool
	line  int
	off   int // byte offset of the suit sign
	col   int // display column of the suit sign
	first bool
	// label is the text before the first suit sign of its cell, for a
	// hand given on one line ("North: ♠ A K 3 ♥ ...").
	label    string
	labelOff int
	faults   []rankFault
	// small counts the small cards the holding gives as "x", not named
	small int8
}

// rankFault is what a holding's text held that is no card.
type rankFault struct {
	off     int
	msg     string
	warning bool
}

// holdingsOf reads the holdings of a cell; false when the cell is not
// holdings (text, a label, a table cell).
func holdingsOf(c cell, line int) ([]holding, bool) {
	s := c.text
	var ms []marker
	for i := 0; i < len(s); {
		if m, ok := markerAt(s, i); ok && (i == 0 || !m.letter || s[i-1] == ' ' || len(ms) > 0) {
			ms = append(ms, m)
			i += m.n
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	if len(ms) == 0 {
		return nil, false
	}
	// signs and letters do not mix: where a cell has signs or words, its
	// capital letters are labels ("S: ♠ 5 4 2")
	signs := ms[:0:0]
	for _, m := range ms {
		if !m.letter {
			signs = append(signs, m)
		}
	}
	if len(signs) > 0 {
		ms = signs
	}
	// a letter is a suit only where what follows it is ranks; the letters
	// met in a label ("S. Brown", "Dealer South") are not
	var keep []marker
	for k, m := range ms {
		end := len(s)
		if k+1 < len(ms) {
			end = ms[k+1].at
		}
		rest := s[m.at+m.n : end]
		if m.letter && !strictRanks(rest, m.dash) {
			if len(keep) > 0 {
				return nil, false
			}
			continue
		}
		if wordy(rest) {
			return nil, false
		}
		if len(keep) > 0 && keep[len(keep)-1].at+keep[len(keep)-1].n > m.at {
			continue
		}
		keep = append(keep, m)
	}
	if len(keep) == 0 {
		return nil, false
	}
	label := strings.TrimSpace(s[:keep[0].at])
	if label != "" && !plainLabel(label) {
		return nil, false
	}
	if label != "" && len(keep) == 1 && strings.TrimRight(label, ":—–-") == label {
		return nil, false // "South led the ♦3.": a sentence, not a hand
	}
	out := make([]holding, 0, len(keep))
	for k, m := range keep {
		end := len(s)
		if k+1 < len(keep) {
			end = keep[k+1].at
		}
		h := holding{suit: m.suit, line: line, off: c.off + m.at, col: c.col + utf8.RuneCountInString(s[:m.at]), first: k == 0}
		if k == 0 && label != "" {
			h.label = strings.TrimRight(strings.TrimSpace(label), ":—–- ")
			h.labelOff = c.off + strings.Index(s, label)
		}
		readRanks(&h, s[m.at+m.n:end], c.off+m.at+m.n)
		out = append(out, h)
	}
	if label != "" && noCards(out) {
		return nil, false // "C♠ 0♣": a hand a line names a card at least
	}
	return out, true
}

// noCards reports whether holdings hs name no card, nor a small one.
func noCards(hs []holding) bool {
	for _, h := range hs {
		if len(h.ranks) > 0 || h.small > 0 {
			return false
		}
	}
	return true
}

// plainLabel reports whether text before a suit sign can be a hand's
// label: a seat, a letter or a name, ending in ":" or not.
func plainLabel(s string) bool {
	s = strings.TrimRight(s, ":—–- ")
	if s == "" || utf8.RuneCountInString(s) > 30 || len(strings.Fields(s)) > 3 {
		return false
	}
	for _, r := range s {
		if !unicode.IsLetter(r) && r != ' ' && r != '.' && r != ',' && r != '-' && r != '\'' && r != '(' && r != ')' {
			return false
		}
	}
	return true
}

// wordy reports whether the text after a suit sign holds a word (two
// letters or more that are no ranks, nor what OCR makes of a ten), so
// that the sign stands in a sentence, not before a holding.
func wordy(s string) bool {
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' }) {
		if voidWords[strings.ToLower(strings.Trim(w, ".;-—–"))] {
			continue
		}
		n := 0
		for _, r := range w {
			if unicode.IsLetter(r) && !strings.ContainsRune("AKQJTakqjtlIOoxX", r) {
				n++
			}
		}
		if n >= 2 {
			return true
		}
	}
	return false
}

// strictRanks reports whether s is a holding after a suit letter: ranks
// (with "10" or "T", "x" a small card), separated or not, or a void's dash; colon says a
// ":" followed the letter, after which nothing (a void) will do too.
func strictRanks(s string, colon bool) bool {
	t := strings.TrimSpace(s)
	if t == "" {
		return colon
	}
	if t == "-" || t == "—" || t == "–" || voidWords[strings.ToLower(t)] {
		return true
	}
	if s[0] != ' ' && !colon && !strings.ContainsAny(s[:1], "AKQJT98765432x") {
		return false
	}
	n := 0
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case strings.IndexByte("AKQJT98765432xX", c) >= 0:
			n++
		case c == '1' && i+1 < len(t) && t[i+1] == '0':
			n++
			i++
		case c == ' ' || c == ',':
		default:
			return false
		}
	}
	return n > 0
}

// readRanks reads the ranks of a holding from s, which starts at byte off
// of its line: ranks high to low or in any order, separated by blanks,
// commas or nothing, "10" or "T" for the ten, a dash or nothing for a
// void, "x" a small card not named. What OCR makes of a ten ("l0", "1O",
// "IO") is read as a ten with a warning; a stray mark is passed over with
// a warning; anything else is an error, and no card is guessed.
func readRanks(h *holding, s string, off int) {
	t := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s), ".;,"))
	if strings.Trim(t, "-—–−") == "" || voidWords[strings.ToLower(strings.Trim(t, "-—–− "))] {
		h.void = true
		return
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		at := off + i
		switch {
		case r == ' ' || r == ',' || r == '\t' || r == '\u00a0':
		case r == '1' || r == 'l' || r == 'I' || r == '|':
			if i+1 < len(s) && (s[i+1] == '0' || s[i+1] == 'O' || s[i+1] == 'o') {
				if s[i:i+2] != "10" {
					h.faults = append(h.faults, rankFault{at, "\"" + s[i:i+2] + "\" read as 10 (a ten as OCR gives it)", true})
				}
				h.ranks = append(h.ranks, rankAt{model.Ten, at})
				size = 2
				break
			}
			h.faults = append(h.faults, rankFault{at, "\"" + string(r) + "\" is no rank: expected a rank (A K Q J 10 9 8 7 6 5 4 3 2)", false})
		case r == 'x' || r == 'X' || r == '×':
			if h.small < 13 {
				h.small++
			}
		case r < utf8.RuneSelf && strings.IndexByte("AKQJT98765432akqjt", byte(r)) >= 0:
			rk, _ := model.ParseRank(byte(r))
			h.ranks = append(h.ranks, rankAt{rk, at})
		case r == '-' || r == '—' || r == '–' || r == '.' || r == ';' || r == '/':
			// a separator among ranks
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			h.faults = append(h.faults, rankFault{at, "\"" + string(r) + "\" is no rank: expected a rank (A K Q J 10 9 8 7 6 5 4 3 2)", false})
		default:
			h.faults = append(h.faults, rankFault{at, "stray mark \"" + string(r) + "\" among the ranks passed over", true})
		}
		i += size
	}
}
