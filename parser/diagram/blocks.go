package diagram

import (
	"regexp"
	"strings"
	"unicode"
)

// A block of a book's page is not always one thing: a caption stands over
// an auction table ("The bidding:", "Both sides were vulnerable. The
// bidding:"), a heading over a diagram, without a blank line between.
// splitBlock parts them, so that each is read as what it is; and the text
// between two deals is parted where the next deal's heading begins
// (opens).

// splitBlock classifies b, parting a caption from the table under it and
// heading lines from the diagram under them.
func splitBlock(b *block) []*block {
	b.kind = classify(b)
	switch b.kind {
	case bText:
		for i := 1; i < len(b.lines); i++ {
			if seatHeads(b.lines[i].text) != nil {
				caption := &block{lines: b.lines[:i], kind: bText}
				table := &block{lines: b.lines[i:]}
				table.kind = classify(table)
				if table.kind == bTable {
					return []*block{caption, table}
				}
			}
		}
	case bDiagram:
		n := 0
		for n < len(b.lines)-1 && headingLine(b.lines[n]) {
			n++
		}
		if n > 0 {
			rest := &block{lines: b.lines[n:]}
			rest.kind = classify(rest)
			if rest.kind == bDiagram {
				return []*block{{lines: b.lines[:n], kind: bText}, rest}
			}
		}
	}
	return []*block{b}
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
	for _, p := range scanPhrases(l.text) {
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
	if b.kind != bText {
		return false
	}
	if headingBlock(b) && opensDeal(b) || eventLine(b) || repeats(b, head) {
		return true
	}
	for i, l := range b.lines {
		ps := scanPhrases(l.text)
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
	return b.kind == bText && len(b.lines) == 1 && titleLine(b.lines[0].text)
}

// titleLine reports whether s reads as a title: short, with a letter,
// not ending as a sentence does, and naming no fact.
func titleLine(s string) bool {
	t := strings.TrimSpace(s)
	if t == "" || len(t) > 100 || strings.ContainsAny(t[len(t)-1:], ".?!:;,") {
		return false
	}
	if !strings.ContainsFunc(t, unicode.IsLetter) {
		return false
	}
	if _, _, ok := keyValue(t, false); ok {
		return false
	}
	return len(scanPhrases(t)) == 0
}

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
		for _, p := range scanPhrases(l.text) {
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
			for _, p := range scanPhrases(l.text) {
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
