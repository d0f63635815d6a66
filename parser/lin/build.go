package lin

import (
	"strconv"
	"strings"
	"sync"

	"handrec/layout"
	"handrec/model"
)

// The builder keeps the layout marks, while it reads a record, in flight
// among the comments they stand with, as LIN's layout defines them
// (layout.Mark.Comment): a pause (pg) where the writer would not put one,
// the lack of one where it would, and the place of a claim among the
// comments that follow the last card. A command the model has no field
// for is kept in place: as a comment "code|value|" when a comment can
// carry it (layout.CommandComment), else as a mark. No mark leaves the
// reader: lin_layout.go moves them into the record's layout.
// linShared is the file-level state a record inherits: the last vg, rs and
// pn seen up to the end of its text.
type linShared struct {
	vg, pn       string
	match        *model.Match // the vg's, shared by the boards it holds for
	hasVg, hasPn bool
	rs           []string
	rsOff        []int // offset of each rs entry in the rs value
	rsPos        model.Pos
	hasRs        bool
	rsRaw        string             // the rs value as written
	rsSerial     int                // which rs command of the file (1, 2, ...)
	results      []model.RoomResult // the rs's, read (the match's Results)
}

type tgKind int8

const (
	tgLeading tgKind = iota
	tgAnchor
	tgCall
	tgCard
	tgPlay
)

// anchors: the header commands whose following comments stay with them.
const (
	anVg = iota
	anRs
	anPn
	anQx
	anMd
	anSv
	anAh
	nAnchors
)

type linTarget struct {
	kind tgKind
	i    int
}

type linVal struct {
	v   string
	pos model.Pos // of the value
	ok  bool
}

// linBuilder turns the tokens of one record into a model.Record.
type linBuilder struct {
	file  string
	rec   *model.Record
	sh    *linShared
	text  string
	rsIdx int // the board's entry in rs, -1 for none
	// cardBuf is the pooled buffer behind cards
	cardBuf *[]model.PlayCard

	// position tracking over text
	lines

	// lay gathers the record's heads and marks, in the arrays below while
	// they are few; the record gets a copy when it is not empty
	lay     layout.LIN
	markBuf [2]layout.Mark
	headBuf [1]layout.Head
	tags    []model.Tag
	stated  [model.NumFacts]bool // the facts a command stated (addFact)
	res     rsResult
	tgt     linTarget
	anchors [nAnchors][]model.Comment
	present [nAnchors]bool
	// the value of the board's first vg, rs and pn
	firstShared [nAnchors]string
	vgPos       model.Pos
	pnPos       model.Pos
	qx, md      linVal
	sv, ah      linVal
	vugraph     bool

	calls        []model.Call
	cards        []model.PlayCard
	playComments []model.Comment
	claim        int8
	claimPos     model.Pos
	mcTgt        linTarget
	mcIdx        int
	hasMc        bool

	expectPg    bool
	bid         bool
	passes      int
	auctionDone bool
}

func newLINBuilder(file, text string, line, col int, sh *linShared) *linBuilder {
	b := &linBuilder{file: file, text: text, lines: newLines(line, col), sh: sh, claim: -1, rsIdx: -1}
	b.calls = make([]model.Call, 0, 12)
	b.cardBuf = cardPool.Get().(*[]model.PlayCard)
	b.cards = (*b.cardBuf)[:0]
	b.rec = model.NewRecord()
	b.lay.Marks, b.lay.Heads = b.markBuf[:0], b.headBuf[:0]
	b.rec.File = file
	b.rec.Pos = model.Pos{Line: line, Col: col}
	return b
}

// pos is the position of offset off; offsets must not go back.
func (b *linBuilder) pos(off int) model.Pos {
	b.advance(b.text, off)
	return model.Pos{Line: b.line, Col: b.col(off)}
}

func (b *linBuilder) build(g *linGame) *model.Record {
	first := true
	for i := range g.Items {
		it := &g.Items[i]
		raw := it.raw().Raw
		start := it.Pos.Offset
		if first {
			first = false
			b.rec.Pos = b.pos(start)
		}
		for off := start; off < start+len(raw); {
			p, ok := scanLINPair(b.text[:start+len(raw)], off)
			if !ok {
				break
			}
			b.pair(p)
			off = p.end
		}
	}
	b.finish()
	return b.rec
}

func (b *linBuilder) list() *[]model.Comment {
	switch b.tgt.kind {
	case tgAnchor:
		return &b.anchors[b.tgt.i]
	case tgCall:
		return &b.calls[b.tgt.i].Comments
	case tgCard:
		return &b.cards[b.tgt.i].Comments
	case tgPlay:
		return &b.playComments
	}
	return &b.rec.Leading
}

func (b *linBuilder) comment(text string, p model.Pos) {
	l := b.list()
	*l = append(*l, model.Comment{Text: text, Pos: p})
}

// mark puts a layout mark in flight where the builder stands.
func (b *linBuilder) mark(m layout.Mark) {
	l := b.list()
	*l = append(*l, m.Comment())
}

// keep keeps a command the model has no field for, in place.
func (b *linBuilder) keep(p linPair, pos model.Pos) {
	if c, ok := layout.CommandComment(p.code, p.value); ok {
		c.Pos = pos
		l := b.list()
		*l = append(*l, c)
		return
	}
	b.mark(layout.Mark{Kind: layout.Command, Code: p.code, Value: p.value})
}

func (b *linBuilder) pair(p linPair) {
	code, ok := b.command(p)
	if !ok {
		return
	}
	pos := b.pos(p.off)
	if code == "pg" {
		b.pause(p, pos)
		return
	}
	if code == "an" && b.tgt.kind == tgCall && b.tgt.i == len(b.calls)-1 && b.calls[b.tgt.i].Explanation == "" && p.value != "" {
		// the explanation is part of its call: a pause due after the
		// call comes after it
		b.calls[b.tgt.i].Explanation = linSuits(p.value)
		return
	}
	if b.expectPg {
		b.mark(layout.Mark{Kind: layout.NoPause})
		b.expectPg = false
	}
	vpos := b.pos(p.voff)
	switch code {
	case "vg", "rs", "pn", "qx", "md", "sv", "ah":
		b.header(code, p, pos, vpos)
	case "mb":
		b.bids(p, pos, vpos)
	case "pc":
		b.card(p, pos, vpos)
	case "mc":
		b.claimCmd(p, pos, vpos)
	case "nt":
		b.comment(linSuits(p.value), pos)
		b.expectPg = true
	default:
		b.keep(p, pos)
	}
}

// command is a pair's code in lower case, or ok false for a pair that is
// no command (reported), or an st or rh, which open a board and hold
// nothing: a pause due before them is still due after them.
func (b *linBuilder) command(p linPair) (string, bool) {
	r := b.rec
	switch {
	case p.stray:
		r.Warnf(b.pos(p.off), "lin: stray '|' skipped")
		return "", false
	case p.bare:
		r.Warnf(b.pos(p.off), "lin: %q at the end is not a command (no '|'); left out", p.code)
		return "", false
	case !p.closed:
		r.Warnf(b.pos(p.off), "lin: command %q has no closing '|'", p.code)
	}
	code := p.code
	if len(code) == 2 {
		code = lower2(code)
	}
	if code == "st" || code == "rh" {
		if p.value != "" {
			r.Warnf(b.pos(p.voff), "lin: %s has a value, %q; left out (it is always empty)", p.code, p.value)
		}
		return "", false
	}
	return code, true
}

// pause reads a pg: the one due, or a mark where none was due.
func (b *linBuilder) pause(p linPair, pos model.Pos) {
	if b.expectPg && p.value == "" {
		b.expectPg = false
		return
	}
	if l := b.list(); p.value == "" && endsNoStop(*l) {
		// the pause due came late, after a command kept elsewhere (a
		// second rs, say): as joinComments, it is the one due
		*l = (*l)[:len(*l)-1]
		return
	}
	if b.expectPg {
		b.mark(layout.Mark{Kind: layout.NoPause})
		b.expectPg = false
	}
	b.mark(layout.Mark{Kind: layout.Pause, Value: p.value})
}

// header reads a header command: vg, rs, pn, qx, md, sv or ah.
func (b *linBuilder) header(code string, p linPair, pos, vpos model.Pos) {
	switch code {
	case "vg":
		b.head(anVg, p, pos)
		b.vgPos = vpos
	case "rs":
		b.head(anRs, p, pos)
	case "pn":
		b.head(anPn, p, pos)
		b.pnPos = vpos
	case "qx":
		if b.head(anQx, p, pos) {
			b.qx = linVal{p.value, vpos, true}
			b.vugraph = true
		}
	case "md":
		if b.head(anMd, p, pos) {
			b.md = linVal{p.value, vpos, true}
		}
	case "sv":
		if b.head(anSv, p, pos) {
			b.sv = linVal{p.value, vpos, true}
		}
	case "ah":
		if b.head(anAh, p, pos) {
			b.ah = linVal{p.value, vpos, true}
		}
	}
}

// card reads a pc; a pause is due after each trick.
func (b *linBuilder) card(p linPair, pos, vpos model.Pos) {
	c, ok := linCard(p.value)
	if !ok {
		b.rec.Errorf(vpos, "play: bad card %q; kept as written", p.value)
		b.keep(p, pos)
		return
	}
	b.cards = append(b.cards, model.PlayCard{Kind: model.Played, Card: c, Pos: vpos})
	b.tgt = linTarget{tgCard, len(b.cards) - 1}
	if len(b.cards)%4 == 0 {
		b.expectPg = true
	}
}

// claimCmd reads an mc. A claim is the play's: it and what follows it are
// kept after the card before it (or at the play's start), even when a call
// or a header command came between them. A second claim is kept there as
// written, after the first, which the writer puts there.
func (b *linBuilder) claimCmd(p linPair, pos, vpos model.Pos) {
	n, ok := linClaim(p.value)
	if !ok && !b.hasMc {
		b.rec.Errorf(vpos, "play: bad claim %q (0 to 13 tricks); kept as written", p.value)
		b.keep(p, pos)
		return
	}
	if len(b.cards) == 0 {
		b.tgt = linTarget{tgPlay, 0}
	} else {
		b.tgt = linTarget{tgCard, len(b.cards) - 1}
	}
	if b.hasMc {
		b.rec.Warnf(pos, "play: second claim %q; kept as written", p.value)
		b.keep(p, pos)
		return
	}
	b.hasMc = true
	b.claim = int8(n)
	b.claimPos = vpos
	b.mcTgt = b.tgt
	b.mcIdx = len(*b.list())
	b.expectPg = true
}

// fileState: vg, rs and pn hold for the boards that follow, until the
// next one.
func fileState(a int) bool { return a == anVg || a == anRs || a == anPn }

// head notes a header command; a second one in a record is kept as written,
// but for vg, rs and pn, where the second replaces the first.
func (b *linBuilder) head(a int, p linPair, pos model.Pos) bool {
	if b.present[a] && fileState(a) {
		// the file's vg, rs and pn hold until the next one: the board
		// takes the second, and the first holds for no board
		b.rec.Warnf(pos, "lin: second %s in one board; it replaces %q, which holds for no board", p.code, b.firstShared[a])
		return false
	}
	if b.present[a] {
		// kept after the first, where a writer puts it: LIN writers put
		// the header commands in their own order, and a copy written
		// before the first would be read as the first
		b.rec.Warnf(pos, "lin: second %s in one board; kept as written", p.code)
		save := b.tgt
		b.tgt = linTarget{tgAnchor, a}
		b.keep(p, pos)
		b.tgt = save
		return false
	}
	b.present[a] = true
	if fileState(a) {
		b.firstShared[a] = p.value
	}
	b.tgt = linTarget{tgAnchor, a}
	return true
}

// bids reads an mb value: one call or several joined ("1nppp").
func (b *linBuilder) bids(p linPair, pos, vpos model.Pos) {
	v := linTrim(p.value)
	calls, ok := parseLINCalls(v)
	if !ok {
		c := model.Call{Kind: model.Other, Text: v, Pos: vpos}
		if strings.HasSuffix(v, "!") {
			c.Alert = true
			c.Text = strings.TrimRight(v, "!")
		}
		b.rec.Errorf(vpos, "auction: unknown call %q; kept as written", p.value)
		calls = []model.Call{c}
	} else if len(calls) > 1 {
		b.rec.Warnf(vpos, "auction: %d calls joined in one mb", len(calls))
	}
	for i, c := range calls {
		c.Pos = vpos
		b.calls = append(b.calls, c)
		b.tgt = linTarget{tgCall, len(b.calls) - 1}
		switch c.Kind {
		case model.Pass:
			b.passes++
		case model.BidCall:
			b.bid, b.passes = true, 0
		case model.Double, model.Redouble:
			b.passes = 0
		}
		if !b.auctionDone && (b.passes == 4 || b.bid && b.passes == 3) {
			b.auctionDone = true
			if b.vugraph {
				continue
			}
			if i < len(calls)-1 {
				// the auction ended inside a joined mb ("1Cpppd"): no
				// pause followed its last call
				b.mark(layout.Mark{Kind: layout.NoPause})
			} else {
				b.expectPg = true
			}
		}
	}
}

// parseLINCalls reads "p", "d", "r", "1C".."7N" (either case, "NT" too),
// each with an optional "!", one after another. "XX" (either case) is a
// redouble, as bridgebots writes it, not two doubles: a double cannot
// follow a double.
func parseLINCalls(v string) ([]model.Call, bool) {
	if strings.EqualFold(v, "pass") {
		return []model.Call{{Kind: model.Pass}}, true
	}
	var out []model.Call
	for i := 0; i < len(v); {
		var c model.Call
		switch ch := v[i]; {
		case ch == 'p' || ch == 'P':
			c.Kind = model.Pass
			i++
		case (ch == 'x' || ch == 'X') && i+1 < len(v) && (v[i+1] == 'x' || v[i+1] == 'X'):
			c.Kind = model.Redouble
			i += 2
		case ch == 'd' || ch == 'D' || ch == 'x' || ch == 'X':
			c.Kind = model.Double
			i++
		case ch == 'r' || ch == 'R':
			c.Kind = model.Redouble
			i++
		case ch >= '1' && ch <= '7':
			st, n, ok := model.ParseStrain(v[i+1:])
			if !ok {
				return nil, false
			}
			c = model.Call{Kind: model.BidCall, Level: int8(ch - '0'), Strain: st}
			i += 1 + n
		default:
			return nil, false
		}
		for i < len(v) && v[i] == '!' {
			c.Alert = true
			i++
		}
		if out == nil {
			out = make([]model.Call, 0, 1)
		}
		out = append(out, c)
	}
	return out, len(out) > 0
}

var linSuitEscapes = strings.NewReplacer("!S", "♠", "!H", "♥", "!D", "♦", "!C", "♣", "!s", "♠", "!h", "♥", "!d", "♦", "!c", "♣")

// linSuits turns the suit escapes (!S) of an an or nt text into suit
// symbols, the form PBN's \S is read in too.
func linSuits(s string) string {
	if strings.IndexByte(s, '!') < 0 {
		return s
	}
	return linSuitEscapes.Replace(s)
}

// finish lays out what needs the whole record: names, deal, auction,
// contract, play and tags, in that order.
func (b *linBuilder) finish() {
	r := b.rec
	if b.expectPg {
		b.mark(layout.Mark{Kind: layout.NoPause})
		b.expectPg = false
	}
	b.placeClaim()
	b.pnPause()
	b.tags, b.stated = make([]model.Tag, 0, 24), [model.NumFacts]bool{}
	vg := b.vgTags()
	room := b.boardTags()
	b.playerTags(room)
	b.dealTags()
	b.auction()
	if vg != nil {
		b.addTag("Scoring", linScoring(vg[2]), b.vgPos, -1)
	}
	res := b.rsResult(vg, room)
	playTricks := b.play()
	b.resultTags(res, playTricks)
	b.roomHeads(room)
	if vg != nil {
		r.Match = b.match(vg)
	}
	if res.bad {
		b.addHead(layout.HeadRs, res.entry, -1)
	}
	b.rsComments()
	r.Tags = b.tags
	b.moveMarks()
	if cap(b.cards) <= 64 {
		clear(b.cards)
		*b.cardBuf = b.cards[:0]
		cardPool.Put(b.cardBuf)
	}
	b.cards = nil
	model.Validate(r)
}

// placeClaim marks where the claim was: it is written after the last
// card's comments; a claim anywhere else (before cards that follow it,
// mid-play, or before a comment on the last card) leaves a mark where it
// was.
func (b *linBuilder) placeClaim() {
	if !b.hasMc || len(b.cards) == 0 || b.mcTgt.kind != tgCard && b.mcTgt.kind != tgPlay {
		return
	}
	last := linTarget{tgCard, len(b.cards) - 1}
	save := b.tgt
	b.tgt = b.mcTgt
	l := b.list()
	if b.mcTgt != last || len(*l) > b.mcIdx {
		*l = append(*l, model.Comment{})
		copy((*l)[b.mcIdx+1:], (*l)[b.mcIdx:])
		(*l)[b.mcIdx] = layout.Mark{Kind: layout.Claim}.Comment()
	}
	b.tgt = save
}

// pnPause reads the pause due after a vugraph board's pn (one in a record
// with a qx): BBO writes the header vg, rs, pn|...|pg||, and readers take
// the header to end there. The pause that follows pn is the one due; a pn
// without one gets a no-pause mark, so that the writer leaves it out. Two
// pauses there are both kept as marks: the writer takes a pause mark that
// opens pn's comments for the one due (layouts stored before this rule
// have one there).
func (b *linBuilder) pnPause() {
	if !b.present[anPn] || !b.qx.ok {
		return
	}
	cs := b.anchors[anPn]
	switch {
	case len(cs) > 1 && isEmptyPause(cs[0]) && isEmptyPause(cs[1]):
	case len(cs) > 0 && isEmptyPause(cs[0]):
		b.anchors[anPn] = nil
		if len(cs) > 1 {
			b.anchors[anPn] = cs[1:]
		}
	default:
		b.anchors[anPn] = append([]model.Comment{layout.Mark{Kind: layout.NoPause}.Comment()}, cs...)
	}
}

func isEmptyPause(c model.Comment) bool { return layout.IsMark(c, layout.Pause) && c.Text == "" }

// addTag adds a tag, with the comments of anchor a (when a >= 0); a
// fact's (the event's, a player's) is read into its field.
func (b *linBuilder) addTag(name, value string, p model.Pos, a int) {
	if f, ok := model.FactNamed(name); ok {
		b.rec.ReadFact(f, value)
		b.addFact(f, value, p, a)
		return
	}
	t := model.Tag{Name: name, Value: value, Pos: p, ValuePos: p}
	if a >= 0 && b.present[a] {
		t.Comments = b.anchors[a]
		b.anchors[a] = nil
	}
	b.tags = append(b.tags, t)
}

// addFact states fact f, whose field is set, read from text at p: its
// note gets the position, the comments of anchor a, and text when the
// field cannot hold it (sv's value as written, md's empty deal). (The
// order of LIN's commands is no order of the record's facts: a writer puts
// them where its format does.)
func (b *linBuilder) addFact(f model.Fact, text string, p model.Pos, a int) {
	n := &b.rec.Facts[f]
	b.stated[f] = true
	n.Pos = p
	if a >= 0 && b.present[a] {
		n.Comments = b.anchors[a]
		b.anchors[a] = nil
	}
	b.rec.SetFactText(f, text)
}

// vgTags reads the file's vg: its nine fields, or nil when it has none or
// another number of fields (then kept as written).
func (b *linBuilder) vgTags() []string {
	sh := b.sh
	if !sh.hasVg {
		return nil
	}
	vg := strings.Split(sh.vg, ",")
	if len(vg) != 9 {
		b.rec.Warnf(b.vgPos, "vg: %d fields, not 9; kept as written", len(vg))
		b.addHead(layout.HeadVg, sh.vg, anVg)
		return nil
	}
	b.addTag("Event", vg[0], b.vgPos, anVg)
	b.addTag("Stage", vg[1], b.vgPos, -1)
	return vg
}

// boardTags reads the board and the room from qx (o<N> or c<N>), else the
// board from a single board's ah; room is 'o', 'c' or 0.
func (b *linBuilder) boardTags() (room byte) {
	r := b.rec
	if b.qx.ok {
		v := b.qx.v
		if n, err := strconv.Atoi(v[min(1, len(v)):]); len(v) > 1 && (v[0] == 'o' || v[0] == 'c' || v[0] == 'O' || v[0] == 'C') && err == nil && n > 0 && v[1] != '+' && v[1] != '-' {
			room = v[0] | 0x20
			r.Board = n
		}
	}
	if r.Board > 0 {
		b.addFact(model.FactBoard, strconv.Itoa(r.Board), b.qx.pos, -1)
	} else if b.ah.ok && !b.vugraph {
		if n, ok := linBoardLabel(b.ah.v); ok {
			r.Board = n
			b.addFact(model.FactBoard, strconv.Itoa(n), b.ah.pos, anAh)
		}
	}
	return room
}

// playerTags gives the players of the record's room from pn. A single
// board with no pn before it keeps that in its layout (HeadNoPn).
func (b *linBuilder) playerTags(room byte) {
	if !b.sh.hasPn {
		if !b.vugraph && !b.sh.hasVg {
			b.addHead(layout.HeadNoPn, "", -1)
		}
		return
	}
	names := b.names(b.sh.pn, room)
	pp := b.pnPos
	if !b.present[anPn] {
		pp = model.Pos{}
	}
	b.addTag("West", names[1], pp, anPn)
	b.addTag("North", names[2], pp, -1)
	b.addTag("East", names[3], pp, -1)
	b.addTag("South", names[0], pp, -1)
}

// dealTags reads md and sv.
func (b *linBuilder) dealTags() {
	r := b.rec
	if b.md.ok {
		dealer, d := b.deal(b.md.v, b.md.pos)
		r.Dealer, r.Deal = dealer, d
		if dealer.Valid() {
			b.addFact(model.FactDealer, dealer.String(), b.md.pos, -1)
		}
		dv := ""
		if !d.Empty() {
			first := dealer
			if !first.Valid() {
				first = model.North
			}
			dv = d.PBN(first)
		}
		b.addFact(model.FactDeal, dv, b.md.pos, anMd)
	}
	if b.sv.ok {
		if v, ok := model.ParseVul(b.sv.v); ok && len(strings.TrimSpace(b.sv.v)) == 1 {
			r.Vul = v
			b.addFact(model.FactVul, v.String(), b.sv.pos, anSv)
		} else {
			// worded as PBN's reader words a Vulnerable it cannot read:
			// converted, the value is written as given and reads back as
			// that fault, which must be the one the LIN had
			r.Errorf(b.sv.pos, "vulnerable: bad value %q", b.sv.v)
			b.addFact(model.FactVul, b.sv.v, b.sv.pos, anSv)
		}
	}
}

// auction makes the auction of the calls read; the deal's dealer makes
// the first call. A board that gives no dealer has for its dealer the
// seat that called first, the board number's (else South), as the auction
// is laid out from it: PBN's export format starts the auction with the
// dealer. The layout keeps that the board gave none (HeadNoDealer).
func (b *linBuilder) auction() {
	r := b.rec
	if len(b.calls) == 0 {
		return
	}
	first := r.Dealer
	if !first.Valid() {
		if r.Board > 0 {
			first = model.BoardDealer(r.Board)
			r.Warnf(b.calls[0].Pos, "auction: no dealer; %s deals board %d", first.Name(), r.Board)
		} else {
			first = model.South
			r.Warnf(b.calls[0].Pos, "auction: no dealer; South taken")
		}
		r.Dealer = first
		b.addHead(layout.HeadNoDealer, "", -1)
	}
	r.Auction = &model.Auction{First: first, Calls: b.calls, Pos: b.calls[0].Pos}
}

// rsResult is what the board's rs entry gives.
type rsResult struct {
	entry      string
	pos        model.Pos
	ok, bad    bool // read, or could not be read
	outcome    model.AuctionOutcome
	hasAuction bool
}

// rsResult reads the board's rs entry, if any, into the contract and the
// result; without one, a complete auction gives the contract.
func (b *linBuilder) rsResult(vg []string, room byte) rsResult {
	r, sh := b.rec, b.sh
	var res rsResult
	rsIdx := -1
	if sh.hasRs && b.qx.ok && room != 0 && r.Board > 0 {
		firstBoard := 1
		if vg != nil {
			if n, err := strconv.Atoi(strings.TrimSpace(vg[3])); err == nil {
				firstBoard = n
			}
		}
		i := 2 * (r.Board - firstBoard)
		if room == 'c' {
			i++
		}
		if i >= 0 && i < len(sh.rs) {
			rsIdx, res.entry = i, strings.TrimSpace(sh.rs[i])
		}
	}
	b.rsIdx = rsIdx
	if rsIdx >= 0 {
		res.pos = model.Pos{Line: sh.rsPos.Line, Col: sh.rsPos.Col + sh.rsOff[rsIdx]}
	}
	if res.entry != "" {
		c, decl, tricks, ok := parseLINResult(res.entry)
		if ok {
			res.ok = true
			r.Contract, r.Declarer = c, decl
			if tricks >= 0 {
				r.Result = model.Result{Tricks: int8(tricks), Defenders: -1}
			}
		} else {
			res.bad = true
			r.Warnf(res.pos, "rs: bad result %q; kept as written", res.entry)
		}
	}
	if r.Auction != nil {
		res.outcome = r.Auction.Outcome()
		if !res.ok && res.outcome.Complete {
			r.Contract, r.Declarer = res.outcome.Contract, res.outcome.Declarer
		}
	}
	b.res = res
	return res
}

// play lays out the cards read in tricks: by the auction's contract when
// the auction is complete (the rs summary is typed by hand and is
// sometimes wrong), else by rs's. It gives the declarer's tricks the play
// gives, -1 for none.
func (b *linBuilder) play() int {
	r := b.rec
	if len(b.cards) == 0 && !b.hasMc {
		return -1
	}
	strain, decl := model.NoTrump, model.NoSeat
	switch out := b.res.outcome; {
	case out.Complete && out.Contract.Kind == model.Bid:
		strain, decl = out.Contract.Strain, out.Declarer
	case r.Contract.Kind == model.Bid && r.Declarer.Valid():
		strain, decl = r.Contract.Strain, r.Declarer
	}
	leader := b.leader(decl)
	p := model.NewPlay(leader)
	p.Claim = b.claim
	p.Comments = b.playComments
	if len(b.cards) > 0 {
		p.Pos = b.cards[0].Pos
		p.Tricks, _ = model.TricksInPlayOrder(leader, b.cards, strain)
	} else {
		p.Pos = b.claimPos
	}
	r.Play = p
	// the result the play gives, to fill a missing one or check rs
	if decl.Valid() {
		o := model.ReplayPlay(r.Deal, p, strain)
		if n, ok := o.PairTricks(model.Pair{decl, decl.Partner()}); ok {
			return n
		}
	}
	return -1
}

// leader is the seat that leads: the one after the declarer, else the
// holder of the first card, else West.
func (b *linBuilder) leader(decl model.Seat) model.Seat {
	if decl.Valid() {
		return decl.Next()
	}
	leader := model.NoSeat
	if len(b.cards) > 0 {
		if h := b.rec.Deal.HolderOf(b.cards[0].Card); h.Valid() {
			leader = h
		}
	}
	if !leader.Valid() {
		leader = model.West
	}
	if len(b.cards) > 0 {
		b.rec.Warnf(b.cards[0].Pos, "play: no contract; %s leads and the tricks are laid out as at no trump", leader.Name())
	}
	return leader
}

// resultTags checks rs's result against the play's, or takes the play's,
// and gives the Declarer, Contract and Result tags.
func (b *linBuilder) resultTags(res rsResult, playTricks int) {
	r := b.rec
	if res.ok {
		if playTricks >= 0 && r.Result.Known() && int(r.Result.Tricks) != playTricks {
			r.Warnf(res.pos, "rs: %s gives %d tricks, the play %d", res.entry, int(r.Result.Tricks), playTricks)
		}
	} else if playTricks >= 0 {
		r.Result = model.Result{Tricks: int8(playTricks), Defenders: -1}
	}
	if r.Declarer.Valid() {
		b.addFact(model.FactDeclarer, r.Declarer.String(), res.pos, -1)
	}
	if r.Contract.Kind != model.NoContract {
		b.addFact(model.FactContract, r.Contract.String(), res.pos, -1)
	}
	if r.Result.Known() {
		// the rs command's comments go with the result it gave
		a := -1
		if res.ok {
			a = anRs
		}
		b.addFact(model.FactResult, strconv.Itoa(int(r.Result.Tricks)), res.pos, a)
	}
}

// roomHeads gives the record its room, and keeps a qx that gives none and
// an ah that gives no board as written.
func (b *linBuilder) roomHeads(room byte) {
	r := b.rec
	if b.qx.ok {
		switch room {
		case 'o':
			r.Room = model.OpenRoom
			b.addHead(layout.HeadRoom, "", anQx)
		case 'c':
			r.Room = model.ClosedRoom
			b.addHead(layout.HeadRoom, "", anQx)
		default:
			r.Warnf(b.qx.pos, "qx: %q is not o<board> or c<board>; kept as written", b.qx.v)
			b.addHead(layout.HeadQx, b.qx.v, anQx)
		}
	}
	if b.ah.ok && (b.vugraph || !b.stated[model.FactBoard]) {
		b.addHead(layout.HeadAh, b.ah.v, anAh)
	}
}

// rsComments: the comments of an rs that gave no result go with the
// command before it.
func (b *linBuilder) rsComments() {
	if !b.present[anRs] || len(b.anchors[anRs]) == 0 {
		return
	}
	if ev := &b.rec.Facts[model.FactEvent]; b.stated[model.FactEvent] {
		ev.Comments = joinComments(ev.Comments, b.anchors[anRs]) // the vg's, stated by its name
	} else if h, ok := b.lay.Head(layout.HeadVg); ok {
		h.Comments = joinComments(h.Comments, b.anchors[anRs])
	} else {
		b.rec.Leading = joinComments(b.rec.Leading, b.anchors[anRs])
	}
}

// joinComments appends b to a. When a ends with a no-pause mark and b
// opens with an empty pause, the two go: the pause was the one due, and
// came only after a command now kept elsewhere (nt|a|rs||pg||). The
// writer writes the three as it writes the first alone.
func joinComments(a, b []model.Comment) []model.Comment {
	if endsNoStop(a) && len(b) > 0 && isEmptyPause(b[0]) {
		a, b = a[:len(a)-1], b[1:]
	}
	return append(a, b...)
}

// endsNoStop reports whether comments end with a no-pause mark.
func endsNoStop(l []model.Comment) bool {
	return len(l) > 0 && layout.IsMark(l[len(l)-1], layout.NoPause)
}

// cardPool holds the play-order card buffers: the cards are copied into
// their tricks, so a buffer serves board after board.
var cardPool = sync.Pool{New: func() any { s := make([]model.PlayCard, 0, 52); return &s }}

// linBoardLabel reads "Board 12".
func linBoardLabel(v string) (int, bool) {
	f := strings.Fields(v)
	if len(f) != 2 || !strings.EqualFold(f[0], "board") {
		return 0, false
	}
	n, err := strconv.Atoi(f[1])
	if err != nil || n <= 0 || strconv.Itoa(n) != f[1] || v != "Board "+f[1] {
		return 0, false
	}
	return n, true
}

func linScoring(s string) string {
	switch strings.TrimSpace(s) {
	case "I":
		return "IMP"
	case "P":
		return "MP"
	case "B":
		return "BAM"
	}
	return s
}

// parseLINResult reads an rs entry: "4HE=", "3NW+1", "4SWx-4", "PASS".
// tricks is -1 when not given.
func parseLINResult(s string) (model.Contract, model.Seat, int, bool) {
	if strings.EqualFold(s, "pass") || strings.EqualFold(s, "p") {
		return model.Contract{Kind: model.PassedOut}, model.NoSeat, -1, true
	}
	if len(s) < 3 || s[0] < '1' || s[0] > '7' {
		return model.Contract{}, model.NoSeat, -1, false
	}
	c := model.Contract{Kind: model.Bid, Level: int8(s[0] - '0')}
	st, n, ok := model.ParseStrain(s[1:2])
	if !ok || n != 1 {
		return model.Contract{}, model.NoSeat, -1, false
	}
	c.Strain = st
	decl, ok := model.ParseSeat(s[2])
	if !ok {
		return model.Contract{}, model.NoSeat, -1, false
	}
	i := 3
	for i < len(s) && (s[i] == 'x' || s[i] == 'X') && c.Doubled < 2 {
		c.Doubled++
		i++
	}
	rest := s[i:]
	tricks := int(c.Level) + 6
	switch {
	case rest == "=":
	case len(rest) >= 2 && (rest[0] == '+' || rest[0] == '-'):
		k, err := strconv.Atoi(rest[1:])
		if err != nil || k <= 0 || strconv.Itoa(k) != rest[1:] {
			return model.Contract{}, model.NoSeat, -1, false
		}
		if rest[0] == '+' {
			tricks += k
		} else {
			tricks -= k
		}
		if tricks < 0 || tricks > 13 {
			return model.Contract{}, model.NoSeat, -1, false
		}
	default:
		return model.Contract{}, model.NoSeat, -1, false
	}
	return c, decl, tricks, true
}

// deal reads an md value: the dealer digit (1 South, 2 West, 3 North, 4
// East), then the hands of South, West, North and East, comma separated;
// a hand left out is the cards that remain when the other three hold 13.
func (b *linBuilder) deal(v string, p model.Pos) (model.Seat, model.Deal) {
	r := b.rec
	var d model.Deal
	dealer := model.NoSeat
	i := 0
	if i < len(v) && v[i] >= '1' && v[i] <= '4' {
		dealer = [4]model.Seat{model.South, model.West, model.North, model.East}[v[i]-'1']
		i++
	} else if v != "" {
		r.Warnf(p, "md: no dealer digit")
	}
	seats := [4]model.Seat{model.South, model.West, model.North, model.East}
	var seen model.Hand
	hand := 0
	missing := -1
	nMissing := 0
	for hand < 4 {
		j := strings.IndexByte(v[i:], ',')
		end := len(v)
		if j >= 0 {
			end = i + j
		}
		f := v[i:end]
		seat := seats[hand]
		if strings.TrimSpace(f) == "" {
			missing = hand
			nMissing++
		} else {
			d.Hands[seat] = b.hand(f, seat, model.Pos{Line: p.Line, Col: p.Col + i}, &seen)
			d.Known[seat] = true
		}
		hand++
		if j < 0 {
			for ; hand < 4; hand++ {
				missing = hand
				nMissing++
			}
			break
		}
		i = end + 1
	}
	if i < len(v) && hand == 4 && strings.IndexByte(v[min(i, len(v)):], ',') >= 0 {
		r.Warnf(p, "md: more than four hands; the rest is ignored")
	}
	if nMissing == 1 {
		fillLast(&d, seats[missing], seen)
	}
	return dealer, d
}

// fillLast gives the hand left out the cards that remain, when the other
// three hold 13 each.
func fillLast(d *model.Deal, missing model.Seat, seen model.Hand) {
	for _, s := range model.Seats {
		if s != missing && d.Hands[s].Len() != 13 {
			return
		}
	}
	all := model.Hand(0)
	for su := model.Clubs; su <= model.Spades; su++ {
		for rk := model.Two; rk <= model.Ace; rk++ {
			all = all.With(model.NewCard(su, rk))
		}
	}
	d.Hands[missing] = all &^ seen
	d.Known[missing] = true
}

// hand reads one hand of an md, f, which starts at p; seen is the cards
// dealt so far, this hand's added.
func (b *linBuilder) hand(f string, seat model.Seat, p model.Pos, seen *model.Hand) model.Hand {
	r := b.rec
	h := model.Hand(0)
	suit := -1
	for k := 0; k < len(f); k++ {
		c := f[k]
		if su, ok := model.ParseSuit(c); ok {
			suit = int(su)
			continue
		}
		if c == ' ' {
			continue
		}
		if c == '1' && k+1 < len(f) && f[k+1] == '0' {
			c = 'T'
			k++
		}
		rk, ok := model.ParseRank(c)
		cp := model.Pos{Line: p.Line, Col: p.Col + k}
		switch {
		case !ok:
			r.Errorf(cp, "md: bad character %q in %s's hand", string(c), seat.Name())
			continue
		case suit < 0:
			r.Errorf(cp, "md: rank %s before any suit letter in %s's hand", string(c), seat.Name())
			continue
		}
		card := model.NewCard(model.Suit(suit), rk)
		switch {
		case h.Has(card):
			r.Errorf(cp, "md: %s appears twice in %s's hand", card.String(), seat.Name())
		case seen.Has(card):
			// a fault of the deal, not of md's text: worded as PBN's reader
			// (model.ParseDeal) words it, so that a converted file keeps it
			r.Errorf(cp, "deal: %s is dealt twice (again to %s)", card.String(), seat.Name())
		}
		h = h.With(card)
		*seen = seen.With(card)
	}
	return h
}

// names splits pn into four names for the record's room: South, West,
// North, East. Eight names give the open room, then the closed room. pn has
// no escaping, so a name with a comma splits: fields that start with a blank
// ("Jones, B") are joined back to the one before; what cannot be told apart
// is reported.
func (b *linBuilder) names(pn string, room byte) [4]string {
	f := strings.Split(pn, ",")
	want := len(f)
	switch {
	case len(f) >= 8 && (b.vugraph || b.sh.hasVg):
		// eight names: the open room's, then the closed room's
		want = 8
	case len(f) >= 4:
		want = 4
	}
	if len(f) > want {
		f = b.joinNames(f, want)
	}
	var out [4]string
	base := 0
	if len(f) >= 8 && room == 'c' {
		base = 4
	}
	for k := 0; k < 4 && base+k < len(f); k++ {
		// a name does not open with a blank: a field that does is the
		// rest of a name with a comma in it, as a writer writes it back
		out[k] = strings.TrimLeft(f[base+k], " ")
	}
	return out
}

func (b *linBuilder) joinNames(f []string, want int) []string {
	excess := len(f) - want
	out := make([]string, 0, len(f))
	joined := 0
	for i, s := range f {
		if i > 0 && joined < excess && strings.HasPrefix(s, " ") {
			out[len(out)-1] += "," + s
			joined++
			continue
		}
		out = append(out, s)
	}
	if len(out) > want {
		// no blank tells where the names split: keep the first ones
		if b.present[anPn] {
			b.rec.Warnf(b.pnPos, "pn: %d fields for %d names (a comma in a name?); read as %q, leaving out %q", len(f), want, strings.Join(out[:want], " / "), strings.Join(out[want:], ","))
		}
		out = out[:want]
	}
	return out
}
