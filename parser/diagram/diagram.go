// Package diagram reads deal diagrams as books print them and as handrec
// show prints them (docs/diagram.md).
package diagram

import (
	"bufio"
	"bytes"
	"io"
	"strings"

	"handrec/model"
	"handrec/parser/internal/read"
)

// Reader reads deals as books print them, and as handrec show
// prints them: the four hands around the compass (or three, the fourth
// the rest of the pack), an optional heading, the auction as a table, the
// play as a trick table or a list of tricks, and text paragraphs as
// commentary; several deals a file (docs/diagram.md). It reads a file a
// block at a time (lines between blank lines) and holds one deal's
// blocks: memory does not grow with the file.
type Reader struct {
	name  string
	br    *bufio.Reader
	line  int
	index int
	cur   *dealBlocks
	// next are blocks read but not yet placed: a block read splits into
	// several where a caption stands over a table or a heading over a
	// diagram without a blank line between them
	next     []*block
	err      error
	eof      bool
	comments []model.Comment
	// event is the event of the deal before: a heading stands for the
	// deals after it until the next one, as a book's chapter heading does
	// and as handrec show prints it (once an event)
	event *model.Event
	// head is the line that opened the last deal that had one (headLine)
	head string
	// escapes are where the lines read held escapes of control
	// characters (unescapeControls), by line: positions are the text's
	escapes map[int][]escapeAt
}

// block is a run of lines between blank lines.
type block struct {
	lines []dline
	kind  blockKind
}

type blockKind int8

const (
	bText blockKind = iota
	bDiagram
	bTable // an auction or a trick table under seat headings
	bTricks
	bNotes
	bDD
	bTraveller
)

// dealBlocks are the blocks of one deal: those before its diagram
// (heading, commentary), the diagram's, and those after it.
type dealBlocks struct {
	pre, diag, post []*block
	size            int
}

// NewReader reads diagrams from src; name is used in positions.
func NewReader(name string, src io.Reader) *Reader {
	return &Reader{name: name, br: bufio.NewReaderSize(src, 64<<10)}
}

// Header is empty: a diagram file has no header of its own.
func (d *Reader) Header() model.Header { return model.Header{Format: model.TXT} }

// Trailer is the text after the last deal, as commentary.
func (d *Reader) Trailer() model.Trailer { return model.Trailer{Comments: d.comments} }

// Close does nothing: the reader holds no workers.
func (d *Reader) Close() {}

// readBlock reads the next block; nil at the end of the file.
func (d *Reader) readBlock() (*block, error) {
	var b *block
	for {
		s, err := d.br.ReadString('\n')
		if len(s) > read.MaxLine {
			return nil, read.TooLong(d.name, model.Pos{Line: d.line + 1, Col: 1}, "line", read.MaxLine)
		}
		if s == "" && err != nil {
			if err == io.EOF {
				return b, nil
			}
			return nil, err
		}
		d.line++
		s = strings.TrimRight(s, "\r\n")
		if t, at := unescapeControls(s); at != nil {
			if d.escapes == nil {
				d.escapes = map[int][]escapeAt{}
			}
			s, d.escapes[d.line] = t, at
		}
		if blank(s) {
			if b != nil {
				return b, nil
			}
			continue
		}
		if b == nil {
			b = &block{}
		}
		b.lines = append(b.lines, dline{n: d.line, text: s, memo: &lineMemo{}})
		if err == io.EOF {
			return b, nil
		}
	}
}

// Next returns the next deal, or io.EOF after the last.
func (d *Reader) Next() (*model.Record, error) {
	if d.err != nil {
		return nil, d.err
	}
	for {
		if len(d.next) == 0 && !d.eof {
			b, err := d.readBlock()
			if err != nil {
				d.err = err
				return nil, err
			}
			if b == nil {
				d.eof = true
			} else {
				d.next = splitBlock(b)
			}
		}
		if len(d.next) == 0 {
			return d.flush()
		}
		b := d.next[0]
		d.next = d.next[1:]
		if d.cur == nil {
			d.cur = &dealBlocks{}
		}
		for _, l := range b.lines {
			d.cur.size += len(l.text) + 1
		}
		if d.cur.size > read.MaxRecord {
			d.err = read.TooLong(d.name, model.Pos{Line: b.lines[0].n, Col: 1}, "record", read.MaxRecord)
			return nil, d.err
		}
		if rec := d.place(b); rec != nil {
			return rec, nil
		}
	}
}

// place puts block b in the deal being read; it returns the deal before
// it when b opens a new one.
func (d *Reader) place(b *block) *model.Record {
	cur := d.cur
	switch {
	case b.kind != bDiagram && len(cur.diag) == 0:
		cur.pre = append(cur.pre, b)
	case b.kind != bDiagram && len(cur.post) == 0 && cornerBlock(b) && !titleCorner(b):
		cur.diag = append(cur.diag, b) // the corner below, around a hand not known
	case b.kind != bDiagram:
		cur.post = append(cur.post, b)
	case len(cur.diag) == 0:
		if n := len(cur.pre); n > 0 && cornerBlock(cur.pre[n-1]) {
			cur.diag = append(cur.diag, cur.pre[n-1])
			cur.pre = cur.pre[:n-1]
		}
		cur.diag = append(cur.diag, b)
	case len(cur.post) == 0 && mergeable(cur.diag, b):
		cur.diag = append(cur.diag, b)
	default:
		// b opens the next deal: the text after this deal's last table is
		// its own, up to the first block that opens the next deal (a
		// heading, an event's line, a paragraph that names the deal to
		// come)
		k := len(cur.post)
		for k > 0 && cur.post[k-1].kind == bText {
			k--
		}
		head := d.headLine(cur)
		split := len(cur.post)
		for i := k; i < len(cur.post); i++ {
			if opens(cur.post[i], head) && !(narratesDeal(cur.post[i]) && !dealerGiven(cur, i)) {
				split = i
				break
			}
		}
		if split == len(cur.post) && split > k && titleBlock(cur.post[split-1]) {
			split-- // show's line of an event without a date, over the deal it opens
		} else if split < len(cur.post) && split > k && eventTitle(cur.post[split-1]) && !forwardRef.MatchString(blockText(cur.post[split])) {
			split-- // an event's title over the heading it opens ("From the Masters Individual, Chicago, 1956: second session")
		}
		if split == len(cur.post) && split > 0 && cornerBlock(cur.post[split-1]) {
			split-- // the corner of the diagram b opens ("Deal 2   North" over an unknown hand)
		}
		k = split
		next := &dealBlocks{pre: append([]*block(nil), cur.post[k:]...)}
		cur.post = cur.post[:k]
		if n := len(next.pre); n > 0 && cornerBlock(next.pre[n-1]) {
			next.diag = append(next.diag, next.pre[n-1])
			next.pre = next.pre[:n-1]
		}
		next.diag = append(next.diag, b)
		for _, bl := range append(next.pre, next.diag...) {
			for _, l := range bl.lines {
				next.size += len(l.text) + 1
			}
		}
		d.cur = next
		return d.build(cur)
	}
	return nil
}

// flush ends the file: the deal being read, or the text after the last.
func (d *Reader) flush() (*model.Record, error) {
	cur := d.cur
	d.cur = nil
	if cur == nil {
		return nil, io.EOF
	}
	if len(cur.diag) == 0 {
		for _, b := range cur.pre {
			d.comments = append(d.comments, model.Comment{Text: blockText(b), Pos: model.Pos{Line: b.lines[0].n, Col: 1}})
		}
		if d.index == 0 {
			d.err = read.ErrorAt(d.name, model.Pos{Line: 1, Col: 1}, "no hand record found: no deal diagram (four hands, a suit a line) in the text")
			return nil, d.err
		}
		return nil, io.EOF
	}
	return d.build(cur), nil
}

// headLine is the line alone that opened deal cur (show's line of the
// event, site and date), else the one that opened a deal before it: the
// same line again after the deal opens the next one, as show prints it
// before each board of the event.
func (d *Reader) headLine(cur *dealBlocks) string {
	if len(cur.pre) > 0 && len(cur.pre[0].lines) == 1 && cur.pre[0].kind == bText && !headingBlock(cur.pre[0]) {
		d.head = strings.TrimSpace(cur.pre[0].lines[0].text)
	}
	return d.head
}

// repeats reports whether b is the line head alone.
func repeats(b *block, head string) bool {
	return head != "" && len(b.lines) == 1 && strings.TrimSpace(b.lines[0].text) == head
}

// mergeable reports whether diagram block b continues the diagram of the
// blocks before it: a book may set a blank line between North, West and
// East, and South. It does while the diagram has fewer than three hands,
// or has three and b one, without a heading of its own; never when b
// holds show's title of a board.
func mergeable(diag []*block, b *block) bool {
	n := 0
	for _, d := range diag {
		n += stackedHands(d)
	}
	m := stackedHands(b)
	if m == 0 || n == 0 || n+m > 4 || titleCorner(b) {
		return false // show's title of a board ("Deal 2   North") opens the next deal
	}
	return n < 3 || m == 1 && !blockHasKey(b)
}

// stackedHands is the number of hands stacked in b: its holdings of
// spades (or of its first suit) that stand alone in their cells.
func stackedHands(b *block) int {
	n := 0
	for _, l := range b.lines {
		for _, c := range cellsOf(l.text, 2) {
			if _, _, ok := keyValue(c.text, true); ok {
				continue
			}
			if hs, ok := holdingsOf(c, l.n); ok && len(hs) == 1 && hs[0].label == "" && hs[0].suit == model.Spades {
				n++
			}
		}
	}
	return n
}

func blockHasKey(b *block) bool {
	for _, l := range b.lines {
		for _, c := range cellsOf(l.text, 2) {
			if _, _, ok := keyValue(c.text, true); ok {
				return true
			}
		}
	}
	return false
}

// blockText is a text block's lines, joined by newlines.
func blockText(b *block) string {
	var sb strings.Builder
	for i, l := range b.lines {
		if i > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString(strings.TrimSpace(l.text))
	}
	return sb.String()
}

// classifyHead tells what lines are by their first line (and the
// second, under a table's heading): false when their content must tell.
func classifyHead(lines []dline) (blockKind, bool) {
	first := strings.TrimSpace(lines[0].text)
	low := strings.ToLower(first)
	switch {
	case strings.HasPrefix(first, "Double-dummy tricks"):
		return bDD, true
	case first == "Traveller":
		return bTraveller, true
	case trickLine(first):
		return bTricks, true
	case noteLine(first):
		return bNotes, true
	case strings.HasPrefix(low, "trick") && seatHeads(lines[0].text) != nil:
		return bTable, true
	}
	if seatHeads(lines[0].text) != nil && (len(lines) == 1 || !lineHasHoldings(lines[1]) || rowHasCards(lines[1].text)) {
		return bTable, true
	}
	return bText, false
}

// diagramLine reports whether a line gives a hand or a box's edge: a
// block that holds one is a diagram.
func diagramLine(l dline) bool {
	if lineHasHoldings(l) {
		return true
	}
	for _, c := range cellsOf(l.text, 2) {
		if boxEdge.MatchString(c.text) {
			return true
		}
	}
	return false
}

// cornerBlock reports whether a text block is part of a diagram whose
// hands a blank line parts from it: as handrec show prints the corner
// around a hand that is not known, each line starts with a key of the
// corner (Board 7, Dealer South) or holds only keys and seats' names, and
// a seat's name stands beside the keys, or a player's beside show's title
// of the board ("Board 9        Donev").
func cornerBlock(b *block) bool {
	if b.kind != bText {
		return false
	}
	corner := func(s string) bool {
		k, _, ok := keyValue(s, false)
		return ok && freeKeys[k]
	}
	label := false
	for _, l := range b.lines {
		cs := cellsOf(l.text, 2)
		for i, c := range cs {
			_, seat := seatWord(c.text)
			label = label || seat && i > 0 || i > 0 && titleKey(cs[0].text) && len(scanPhrases(c.text)) == 0 // "Board 9        Donev": North's player
			if !corner(c.text) && !seat && !(i > 0 && corner(cs[0].text)) {
				return false
			}
		}
	}
	return label
}

// titleCorner reports whether corner block b holds show's title of a
// board ("Board 1", "Deal 2"): the corner above a diagram, which opens
// the next deal, never the one below the diagram before.
func titleCorner(b *block) bool {
	for _, l := range b.lines {
		if titleKey(cellsOf(l.text, 2)[0].text) {
			return true
		}
	}
	return false
}

// titleKey reports whether a cell is show's title of a board: "Board 1",
// "Deal 2".
func titleKey(s string) bool {
	k, _, ok := keyValue(s, false)
	return ok && (k == "Board" || k == "Deal")
}

// rowHasCards reports whether a table row holds a card: a trick table's.
func rowHasCards(s string) bool {
	for _, w := range rowWords(s, false) {
		text, _ := splitMarks(strings.TrimRight(w.text, "*†‡"))
		if _, isCall := callToken(text); isCall {
			continue // "2♦¹", a call with its note's mark, as a card "2♦" would read
		}
		if _, ok := playCell(w.text); ok {
			return true
		}
	}
	return false
}

// lineHasHoldings reports whether a cell of l gives a suit's holding
// (show's corner's keys aside), weighed once a line.
func lineHasHoldings(l dline) bool {
	if l.memo == nil {
		return hasHoldings(l)
	}
	if !l.memo.weighed {
		l.memo.holdings, l.memo.weighed = hasHoldings(l), true
	}
	return l.memo.holdings
}

func hasHoldings(l dline) bool {
	cs := cellsOf(l.text, 2)
	if len(cs) == 1 {
		if _, ok := suitWords[strings.ToLower(strings.TrimRight(cs[0].text, "."))]; ok {
			return false // "diamond", "diamonds." alone: a sentence's last word, wrapped
		}
	}
	for _, c := range cs {
		if _, _, ok := keyValue(c.text, true); ok {
			continue
		}
		if _, ok := holdingsOf(c, l.n); ok {
			return true
		}
	}
	return false
}

// Detect reports whether the start of a file holds a deal diagram: two
// lines or more that give a suit's holding, a table of hands (the four
// suits over a row a hand, a seat first), or show's compass box, which it
// prints where no hand is known.
func Detect(head []byte) bool {
	n := 0
	lines := bytes.Split(head, []byte("\n"))
	for i, l := range lines {
		dl := dline{n: i + 1, text: string(l)}
		if i+1 < len(lines) && showBoxTop(dl) && bytes.Contains(lines[i+1], []byte("│   N   │")) {
			return true
		}
		if _, ok := suitHeads(dl); ok && i+1 < len(lines) {
			if _, seat := labelSeat(firstWord(string(lines[i+1]))); seat {
				return true
			}
		}
		if lineHasHoldings(dl) {
			if n++; n >= 2 {
				return true
			}
		}
	}
	return false
}

// showBoxTop reports whether a cell of l is the top of show's compass box.
func showBoxTop(l dline) bool {
	for _, c := range cellsOf(l.text, 2) {
		if strings.HasPrefix(c.text, "┌") && boxEdge.MatchString(c.text) {
			return true
		}
	}
	return false
}

// firstWord is the first word of s.
func firstWord(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return ""
}
