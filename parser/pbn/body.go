package pbn

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"

	"handrec/layout"
	"handrec/model"
	"handrec/parser/internal/read"
)

// bodyTok is one token of a body: a word (call, card or table element), a
// string, a comment, or one of PBN's marks.
type bodyTok struct {
	kind byte // 'w' word, 's' string, '{' brace comment, ';' line comment, '=' note, '$' NAG, '!' suffix, '^' irregularity, '*', '+', '?' bad
	text string
	pos  model.Pos
}

// bodyScan walks a body's text, keeping line and column.
type bodyScan struct {
	s         string
	i         int
	line      int
	lineStart int
	table     bool // table elements: any run of section characters
	cap       *read.ItemCap
	base      int // offset of s in the record's text, for cap
}

func newBodyScan(s string, p lexer.Position, table bool) *bodyScan {
	return &bodyScan{s: s, line: p.Line, lineStart: 1 - p.Column, table: table, base: p.Offset}
}

// capped is a scan of a body of the record b builds, which counts its
// tokens in b's cap and ends at the first past it.
func (b *builder) capped(s *bodyScan) *bodyScan {
	s.cap = &b.cap
	return s
}

func (b *bodyScan) pos(i int) model.Pos {
	return model.Pos{Line: b.line, Col: i - b.lineStart + 1}
}

func isCallChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-'
}

func isSectionChar(c byte) bool {
	return c >= 33 && c <= 126 && c != '[' && c != ']' && c != '{' && c != '}' && c != ';' && c != '"' && c != '%'
}

// next returns the next token, or false at the end (or at the first token
// past the record's cap).
func (b *bodyScan) next() (bodyTok, bool) {
	b.skipBlanks()
	if b.i >= len(b.s) || b.cap != nil && b.cap.Over(b.pos(b.i), b.base+b.i) {
		return bodyTok{}, false
	}
	start := b.i
	c := b.s[start]
	p := b.pos(start)
	var kind byte
	var text string
	switch {
	case c == '{':
		kind, text = '{', b.brace(start)
	case c == ';':
		kind, text = ';', b.lineComment(start)
	case c == '"':
		kind, text = 's', b.str(start)
	case b.table && isSectionChar(c):
		kind, text = 'w', b.run(start, isSectionChar)
	case isCallChar(c):
		kind, text = 'w', b.run(start, isCallChar)
	case c == '=':
		kind, text = b.noteRef(start)
	case c == '$':
		kind, text = b.nag(start)
	case c == '!' || c == '?':
		kind, text = '!', b.suffix(start)
	case c == '^':
		kind, text = '^', b.irregularity(start)
	case c == '*' || c == '+':
		b.i = start + 1
		kind, text = c, b.s[start:b.i]
	default:
		kind, text = '?', b.stray(start)
	}
	return bodyTok{kind: kind, text: text, pos: p}, true
}

// skipBlanks passes the blanks before the next token, counting lines.
func (b *bodyScan) skipBlanks() {
	s := b.s
	for b.i < len(s) {
		c := s[b.i]
		if c == '\n' {
			b.line++
			b.lineStart = b.i + 1
		} else if c != ' ' && c != '\t' && c != '\r' && c != '\v' && c != '\f' {
			return
		}
		b.i++
	}
}

// brace reads a {...} comment, unterminated to the end of the text, and
// gives what is between the braces.
func (b *bodyScan) brace(start int) string {
	s := b.s
	j := start + 1
	for j < len(s) && s[j] != '}' {
		if s[j] == '\n' {
			b.line++
			b.lineStart = j + 1
		}
		j++
	}
	text := s[start+1 : min(j, len(s))]
	b.i = min(j+1, len(s))
	return text
}

// lineComment reads a ; comment to the end of its line, its CR left out.
func (b *bodyScan) lineComment(start int) string {
	s := b.s
	j := start + 1
	for j < len(s) && s[j] != '\n' {
		j++
	}
	b.i = j
	return strings.TrimSuffix(s[start+1:j], "\r")
}

// str reads a string, quotes kept: it ends at its quote, or unterminated
// at the line end (whose CR is not part of it).
func (b *bodyScan) str(start int) string {
	s := b.s
	j := start + 1
	for j < len(s) && s[j] != '"' && s[j] != '\n' && s[j] != '\r' {
		if s[j] == '\\' && j+1 < len(s) && s[j+1] != '\n' && s[j+1] != '\r' {
			j++
		}
		j++
	}
	if j < len(s) && s[j] == '"' {
		j++
	}
	b.i = j
	return s[start:j]
}

// run reads the characters from start that in accepts.
func (b *bodyScan) run(start int, in func(byte) bool) string {
	j := start
	for j < len(b.s) && in(b.s[j]) {
		j++
	}
	b.i = j
	return b.s[start:j]
}

// nonBlank reads on from j to the next blank or comment or string: the
// text of a malformed mark.
func (b *bodyScan) nonBlank(start, j int) string {
	for j < len(b.s) && !isBlank(b.s[j]) && !opensText(b.s[j]) {
		j++
	}
	b.i = j
	return b.s[start:j]
}

func (b *bodyScan) digits(j int) int {
	for j < len(b.s) && b.s[j] >= '0' && b.s[j] <= '9' {
		j++
	}
	return j
}

// noteRef reads =N=, or a malformed one as a bad token.
func (b *bodyScan) noteRef(start int) (byte, string) {
	j := b.digits(start + 1)
	if j < len(b.s) && b.s[j] == '=' && j > start+1 {
		b.i = j + 1
		return '=', b.s[start+1 : j]
	}
	return '?', b.nonBlank(start, j)
}

// nag reads $N, or a $ without digits as a bad token.
func (b *bodyScan) nag(start int) (byte, string) {
	j := b.digits(start + 1)
	if j == start+1 {
		return '?', b.nonBlank(start, j)
	}
	b.i = j
	return '$', b.s[start+1 : j]
}

// suffix reads !, ?, !!, ??, !? or ?!.
func (b *bodyScan) suffix(start int) string {
	j := start + 1
	if j < len(b.s) && (b.s[j] == '!' || b.s[j] == '?') {
		j++
	}
	b.i = j
	return b.s[start:j]
}

// opensText reports whether c opens a comment or a string wherever it
// stands in a body: so the lexer (scanBody) and the game splitter
// (Reader.scanBraces) read it, and PBN lets comments come between tokens,
// so it ends the token before it rather than being part of it (a "{"
// taken into a token by one and for a comment by the other gave a file two
// readings, and its round trip merged two games).
func opensText(c byte) bool { return c == '{' || c == ';' || c == '"' }

// irregularity reads ^ and the letter after it.
func (b *bodyScan) irregularity(start int) string {
	j := start + 1
	if j < len(b.s) && !isBlank(b.s[j]) && !opensText(b.s[j]) {
		// a whole character, as the grammar reads it: "^ξ" is one mark,
		// not a mark of its first byte and a stray second
		_, n := utf8.DecodeRuneInString(b.s[j:])
		j += n
	}
	b.i = j
	return b.s[start+1 : j]
}

// stray reads what is no token: up to a blank, a call's character, or
// what opens a comment or a string.
func (b *bodyScan) stray(start int) string {
	j := start + 1
	for j < len(b.s) && !isBlank(b.s[j]) && !isCallChar(b.s[j]) && !opensText(b.s[j]) {
		j++
	}
	b.i = j
	return b.s[start:j]
}

// commentOf is the comment of a comment token; the builder notes where a
// ";" comment stood, for the record's PBN layout (noteSemicolons).
func (b *builder) commentOf(t bodyTok) model.Comment {
	if t.kind == ';' {
		b.semis = append(b.semis, t.pos)
	}
	text := normalizeNewlines(t.text)
	if t.kind != ';' && strings.Contains(text, " \n") {
		// a line of a brace comment that ends with a space was wrapped
		// there: the line break is not part of the text (handrec's writer
		// wraps long comments so)
		text = strings.ReplaceAll(text, " \n", " ")
	}
	return model.Comment{Text: pbnSuits(text), Pos: t.pos}
}

var pbnSuitEscapes = strings.NewReplacer(`\S`, "♠", `\H`, "♥", `\D`, "♦", `\C`, "♣")

// pbnSuits reads PBN's suit escapes in commentary and notes (PBN 3.8: \S
// for spades, \H, \D, \C) as the suit symbols, the form LIN's "!S" is
// read in too: the model holds a suit one way whatever the format, and the
// PBN writer writes the escapes back.
func pbnSuits(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	return pbnSuitEscapes.Replace(s)
}

func normalizeNewlines(s string) string {
	if strings.IndexByte(s, '\r') < 0 {
		return s
	}
	return strings.ReplaceAll(s, "\r\n", "\n")
}

// body decodes the text that follows a tag, by the section it belongs to.
func (b *builder) body(raw string, p lexer.Position) {
	switch b.sec {
	case secAuction:
		b.auctionBody(raw, p)
	case secPlay:
		b.playBody(raw, p)
	case secTag:
		if hasData(raw) && !identification(b.rec.Tags[b.lastTag].Name) {
			// the tag heads a supplemental section: move it out of the tags
			r := b.rec
			tg := r.Tags[b.lastTag]
			r.Tags = append(r.Tags[:b.lastTag], r.Tags[b.lastTag+1:]...)
			b.otherSection(tg)
			b.sectionBody(raw, p)
			return
		}
		b.comments(raw, p)
	case secOther:
		b.sectionBody(raw, p)
	default:
		b.comments(raw, p)
	}
}

// identification reports whether a tag never heads a supplemental
// section: it is one of the mandatory tag set.
func identification(name string) bool {
	f, ok := model.FactNamed(name)
	return ok && f.Mandatory()
}

// hasData reports whether a body holds anything but commentary.
func hasData(raw string) bool {
	s := &bodyScan{s: raw, table: true}
	for {
		t, ok := s.next()
		if !ok {
			return false
		}
		if t.kind != '{' && t.kind != ';' {
			return true
		}
	}
}

// comments reads a body that should hold only commentary; anything else is
// reported and kept as a comment, so that nothing read is lost.
func (b *builder) comments(raw string, p lexer.Position) {
	s := b.capped(newBodyScan(raw, p, true))
	for {
		t, ok := s.next()
		if !ok {
			return
		}
		if t.kind == '{' || t.kind == ';' {
			*b.target = append(*b.target, b.commentOf(t))
			continue
		}
		b.rec.Errorf(t.pos, "unexpected %q outside a section; kept as a comment", t.text)
		*b.target = append(*b.target, model.Comment{Text: t.text, Pos: t.pos})
	}
}

// keep keeps a token of a section that is neither call nor card, nor a
// mark the reader knows, as a brace comment on the call or card before it
// (on the section before the first), so that a writer has it to write and
// nothing read is lost; the caller has reported it.
func (b *builder) keep(t bodyTok) {
	text := t.text
	if t.kind == '^' {
		text = "^" + text
	}
	c := model.Comment{Text: text, Pos: t.pos}
	if b.cur != nil && b.cur.a != nil {
		b.cur.a.Comments = append(b.cur.a.Comments, c)
		return
	}
	*b.target = append(*b.target, c)
}

// annot tracks the element annotations are added to.
type annot struct {
	a      *model.Annotations
	suffix bool
	what   string
}

func (b *builder) annotate(cur *annot, t bodyTok, forCards bool) bool {
	r := b.rec
	switch t.kind {
	case '{', ';':
		if cur.a != nil {
			cur.a.Comments = append(cur.a.Comments, b.commentOf(t))
		} else {
			*b.target = append(*b.target, b.commentOf(t))
		}
		return true
	case '=':
		n, _ := strconv.Atoi(t.text)
		switch {
		case cur.a == nil:
			r.Errorf(t.pos, "note reference =%s= before any %s", t.text, cur.what)
		case n < 1 || n > 32:
			r.Errorf(t.pos, "bad note reference =%s= (1 to 32)", t.text)
		case cur.a.Note != 0:
			r.Errorf(t.pos, "second note reference on one %s", cur.what)
		default:
			cur.a.Note = n
		}
		return true
	case '$':
		n, err := strconv.Atoi(t.text)
		switch {
		case cur.a == nil:
			r.Errorf(t.pos, "NAG $%s before any %s", t.text, cur.what)
		case err != nil || n > 255:
			r.Errorf(t.pos, "bad NAG $%s (0 to 255)", t.text)
		case !forCards && (n >= 7 && n <= 12 || n == 14):
			r.Errorf(t.pos, "NAG $%s is for played cards, not calls", t.text)
		case forCards && (n >= 1 && n <= 6 || n == 13):
			r.Errorf(t.pos, "NAG $%s is for calls, not played cards", t.text)
		default:
			for _, x := range cur.a.NAGs {
				if x == n {
					r.Errorf(t.pos, "NAG $%s given twice", t.text)
					return true
				}
			}
			cur.a.NAGs = insertSorted(cur.a.NAGs, n)
		}
		return true
	case '!':
		n := suffixNAG(t.text)
		switch {
		case cur.a == nil:
			r.Errorf(t.pos, "suffix %s before any %s", t.text, cur.what)
		case n == 0:
			r.Errorf(t.pos, "bad suffix %s", t.text)
		case cur.suffix:
			r.Errorf(t.pos, "second suffix on one %s", cur.what)
		default:
			cur.suffix = true
			if forCards {
				n += 6
			}
			for _, x := range cur.a.NAGs {
				if x == n {
					r.Errorf(t.pos, "suffix %s repeats NAG $%d", t.text, n)
					return true
				}
			}
			cur.a.NAGs = insertSorted(cur.a.NAGs, n)
		}
		return true
	}
	return false
}

func insertSorted(s []int, n int) []int {
	i := sort.SearchInts(s, n)
	s = append(s, 0)
	copy(s[i+1:], s[i:])
	s[i] = n
	return s
}

func suffixNAG(s string) int {
	switch s {
	case "!":
		return 1
	case "?":
		return 2
	case "!!":
		return 3
	case "??":
		return 4
	case "!?":
		return 5
	case "?!":
		return 6
	}
	return 0
}

// sectionSeen, when set (by the grammar oracle's tests), is given the
// text of every auction and play section the builder reads.
var sectionSeen func(raw string)

func (b *builder) auctionBody(raw string, p lexer.Position) {
	if sectionSeen != nil {
		sectionSeen(raw)
	}
	a := b.rec.Auction
	if a.Calls == nil {
		a.Calls = make([]model.Call, 0, min(countWords(raw), read.MaxItems))
	}
	s := b.capped(newBodyScan(raw, p, false))
	cur := annot{what: "call"}
	b.cur = &cur
	for {
		t, ok := s.next()
		if !ok {
			break
		}
		if b.annotate(&cur, t, false) {
			continue
		}
		if t.kind == '*' && cur.a != nil && glued(raw, s, t) && moreCalls(s) {
			b.starAlert(t)
			continue
		}
		if a.Star {
			b.rec.Errorf(t.pos, "auction: %q after '*'; kept", t.text)
		}
		c, ok := b.auctionToken(t)
		if !ok {
			continue
		}
		c.Pos = t.pos
		a.Calls = append(a.Calls, c)
		cur = annot{a: &a.Calls[len(a.Calls)-1].Annotations, what: "call"}
	}
	finishAuction(a)
}

// starAlert reads "4H*", a star glued to a call, as some programs mark an
// alert; PBN marks alerts with notes (3.5.4), so it becomes one.
func (b *builder) starAlert(t bodyTok) {
	a := b.rec.Auction
	c := &a.Calls[len(a.Calls)-1]
	c.Alert = true
	if c.Note == 0 {
		c.Note = freeNote(a.Notes, a.Calls)
		a.Notes = append(a.Notes, model.Note{Index: c.Note, Pos: t.pos})
	}
	b.rec.Warnf(t.pos, "auction: '*' glued to %s read as an alert", c.String())
}

// auctionToken reads a token of the auction as a call, or as a mark that
// belongs to the next call ("^I") or ends the auction ("*"); false when
// the token is no call.
func (b *builder) auctionToken(t bodyTok) (model.Call, bool) {
	r := b.rec
	var c model.Call
	switch t.kind {
	case 'w', '+':
		var ok bool
		if c, ok = model.ParseCall(t.text); !ok {
			c = model.Call{Kind: model.Other, Text: t.text}
			r.Errorf(t.pos, "auction: unknown call %q; kept as written", t.text)
		}
	case 's':
		// no call PBN defines, written as a string: an unknown call whose
		// text is no call token (LIN's "p<mb", an empty mb||), as the
		// writer writes it; the standard has no place for it, so it stays
		// a fault, the one it was where it was read first
		text, closed := stringText(t.text)
		if !closed {
			r.Errorf(t.pos, "auction: unexpected %q; kept as a comment", t.text)
			b.keep(t)
			return c, false
		}
		c = model.Call{Kind: model.Other, Text: text}
		r.Errorf(t.pos, "auction: unknown call %q; kept as written", text)
	case '^':
		switch t.text {
		case "I":
			if b.pendingI {
				r.Errorf(t.pos, "auction: ^I given twice")
			}
			b.pendingI = true
			return c, false
		case "S":
			c = model.Call{Kind: model.Skipped}
		default:
			r.Errorf(t.pos, "auction: bad irregularity ^%s; kept as a comment", t.text)
			b.keep(t)
			return c, false
		}
	case '*':
		r.Auction.Star = true
		return c, false
	default:
		r.Errorf(t.pos, "auction: unexpected %q; kept as a comment", t.text)
		b.keep(t)
		return c, false
	}
	if b.pendingI {
		if c.Kind != model.BidCall {
			r.Errorf(t.pos, "auction: ^I before %s, which is not a bid", c.String())
		} else {
			c.Insufficient = true
		}
		b.pendingI = false
	}
	return c, true
}

// stringText is the text of a string token, its escapes resolved, and
// whether its closing quote is there.
func stringText(tok string) (string, bool) {
	if len(tok) < 2 || tok[len(tok)-1] != '"' {
		return "", false
	}
	inner := tok[1 : len(tok)-1]
	if n := len(inner) - len(strings.TrimRight(inner, "\\")); n%2 == 1 {
		return "", false // the last quote is escaped: "ab\"
	}
	return unescape(inner), true
}

// finishAuction drops the columns before the first caller ("-"), which
// only place the calls, and starts the auction at its first caller, as
// export format does; and it marks a call with a note alerted, as PBN
// marks alerts with notes (3.5.4).
func finishAuction(a *model.Auction) {
	k := 0
	for k < len(a.Calls) && a.Calls[k].Kind == model.NotYet && len(a.Calls[k].Comments) == 0 && a.Calls[k].Note == 0 && len(a.Calls[k].NAGs) == 0 {
		k++
	}
	if k > 0 && a.First.Valid() {
		a.First = a.First.Add(k)
		a.Calls = append(a.Calls[:0], a.Calls[k:]...)
	}
	for i := range a.Calls {
		if a.Calls[i].Note != 0 {
			a.Calls[i].Alert = true
		}
	}
}

// countWords counts blank-separated words: at least the calls of a body.
func countWords(s string) int {
	n, in := 0, false
	for i := 0; i < len(s); i++ {
		blank := isBlank(s[i])
		if !blank && !in {
			n++
		}
		in = !blank
	}
	return n
}

// glued reports whether token t follows the previous token with no blank.
func glued(raw string, s *bodyScan, t bodyTok) bool {
	i := s.i - len(t.text) - 1
	return i >= 0 && i < len(raw) && isCallChar(raw[i])
}

// moreCalls reports whether a call follows in the rest of the body.
func moreCalls(s *bodyScan) bool {
	c := *s
	for {
		t, ok := c.next()
		if !ok {
			return false
		}
		if t.kind == 'w' || t.kind == 's' {
			return true // a word, or a string: an unknown call
		}
	}
}

// freeNote is the lowest note index neither given nor referred to.
func freeNote(notes []model.Note, calls []model.Call) int {
	var used [34]bool
	for _, n := range notes {
		if n.Index > 0 && n.Index < len(used) {
			used[n.Index] = true
		}
	}
	for _, c := range calls {
		if c.Note > 0 && c.Note < len(used) {
			used[c.Note] = true
		}
	}
	for i := 1; i <= 32; i++ {
		if !used[i] {
			return i
		}
	}
	return 33
}

func (b *builder) playBody(raw string, p lexer.Position) {
	if sectionSeen != nil {
		sectionSeen(raw)
	}
	pl := b.rec.Play
	if pl.Tricks == nil {
		pl.Tricks = make([]model.Trick, 0, (min(countWords(raw), read.MaxItems)+3)/4)
	}
	s := b.capped(newBodyScan(raw, p, false))
	cur := annot{what: "card"}
	b.cur = &cur
	for {
		t, ok := s.next()
		if !ok {
			break
		}
		if b.annotate(&cur, t, true) {
			continue
		}
		if pl.Star {
			b.rec.Errorf(t.pos, "play: %q after '*'; kept", t.text)
		}
		kind, card, ok := b.playToken(t)
		if !ok {
			continue
		}
		cur = annot{a: b.placeCard(kind, card, t), what: "card"}
	}
}

// playToken reads a token of the play: a card slot, or a mark that
// belongs to the next card ("^R", "^L") or ends the play ("*"); false when
// the token is no card.
func (b *builder) playToken(t bodyTok) (kind model.CardKind, card model.Card, ok bool) {
	r, pl := b.rec, b.rec.Play
	switch t.kind {
	case 'w':
		if c, ok := model.ParseCard(t.text); ok { // the usual token first
			kind, card = model.Played, c
		} else if strings.Trim(t.text, "-") == "" {
			kind = model.Unknown
			if t.text != "-" {
				r.Warnf(t.pos, "play: %q read as an unknown card (-)", t.text)
			}
		} else {
			r.Errorf(t.pos, "play: bad card %q; kept as a comment", t.text)
			b.keep(t)
			return 0, 0, false
		}
	case '+':
		kind = model.Next
		if b.plus {
			r.Errorf(t.pos, "play: a second '+'")
		}
		b.plus = true
	case '*':
		pl.Star = true
		return 0, 0, false
	case '^':
		b.playMark(t)
		return 0, 0, false
	default:
		r.Errorf(t.pos, "play: unexpected %q; kept as a comment", t.text)
		b.keep(t)
		return 0, 0, false
	}
	if b.pendingR && b.pendingL {
		r.Errorf(t.pos, "play: a card marked both ^R (a revoke) and ^L (a lead out of turn)")
	}
	return kind, card, true
}

// playMark notes an irregularity mark for the card that follows it.
func (b *builder) playMark(t bodyTok) {
	r := b.rec
	switch t.text {
	case "R":
		if b.pendingR {
			r.Errorf(t.pos, "play: ^R given twice on one card")
		}
		b.pendingR = true
	case "L":
		if b.pendingL {
			r.Errorf(t.pos, "play: ^L given twice on one card")
		}
		b.pendingL = true
	default:
		r.Errorf(t.pos, "play: bad irregularity ^%s; kept as a comment", t.text)
		b.keep(t)
	}
}

// placeCard puts the next card slot in its trick and seat column, and
// gives the annotations that may follow it.
func (b *builder) placeCard(kind model.CardKind, card model.Card, t bodyTok) *model.Annotations {
	pl := b.rec.Play
	trick, col := b.playSlot/4, b.playSlot%4
	b.playSlot++
	for len(pl.Tricks) <= trick {
		pl.Tricks = append(pl.Tricks, model.Trick{})
	}
	if !pl.First.Valid() {
		// the play holds what it says: North led (the tag's value stays
		// in the PBN layout, for the writer)
		b.rec.Errorf(t.pos, "play: cards, but the Play tag names no seat; read as if North led")
		pl.First = model.North
	}
	first := pl.First
	// the slot is filled in place: a card with its annotations is too big
	// to pass by value for every card of every play
	pc := &pl.Tricks[trick][first.Add(col)]
	*pc = model.PlayCard{Kind: kind, Card: card, Revoke: b.pendingR, LeadOutOfTurn: b.pendingL, Pos: t.pos}
	b.pendingR, b.pendingL = false, false
	return &pc.Annotations
}

// sectionBody reads a supplemental section: table rows when its tag defines
// columns, raw tokens otherwise.
func (b *builder) sectionBody(raw string, p lexer.Position) {
	r := b.rec
	sec := &r.Sections[len(r.Sections)-1]
	if sec.Columns == nil && sec.Tokens == nil && sec.Rows == nil {
		if isTableHeader(sec.Tag) {
			cols, ok := layout.ParseColumns(sec.Tag.Value)
			if ok {
				sec.Columns = layout.Names(cols)
			} else {
				r.Errorf(sec.Tag.ValuePos, "table %s: bad column header %q", sec.Tag.Name, sec.Tag.Value)
			}
		}
	}
	s := b.capped(newBodyScan(raw, p, true))
	data := len(sec.Rows) > 0 || len(sec.Tokens) > 0
	for {
		t, ok := s.next()
		if !ok {
			break
		}
		switch t.kind {
		case '{', ';':
			if data && sec.Columns != nil {
				r.Warnf(t.pos, "table %s: comment among the table's rows", sec.Tag.Name)
			}
			sec.Comments = append(sec.Comments, b.commentOf(t))
			continue
		case '?':
			r.Errorf(t.pos, "section %s: bad character in %q", sec.Tag.Name, t.text)
		}
		data = true
		if sec.Columns == nil {
			sec.Tokens = append(sec.Tokens, t.text)
			continue
		}
		n := len(sec.Rows)
		if n == 0 || len(sec.Rows[n-1]) == len(sec.Columns) {
			sec.Rows = append(sec.Rows, make([]string, 0, len(sec.Columns)))
			sec.RowPos = append(sec.RowPos, t.pos)
			n++
		}
		sec.Rows[n-1] = append(sec.Rows[n-1], t.text)
	}
	if n := len(sec.Rows); n > 0 && len(sec.Rows[n-1]) != len(sec.Columns) {
		r.Errorf(p2m(p), "table %s: the last row has %d elements, not %d", sec.Tag.Name, len(sec.Rows[n-1]), len(sec.Columns))
	}
}

func p2m(p lexer.Position) model.Pos { return model.Pos{Line: p.Line, Col: p.Column} }

// isTableHeader tells a table's column header from another section's tag value.
func isTableHeader(t model.Tag) bool {
	return strings.HasSuffix(t.Name, "Table") || strings.Contains(t.Value, ";")
}
