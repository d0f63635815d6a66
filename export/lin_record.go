package export

import (
	"bytes"
	"strconv"
	"strings"

	"handrec/layout"
	"handrec/model"
)

// linRecord writes one board: its header commands (rs and pn of a single
// board, qx, st, md, rh ah, sv), its auction and its play. Each step
// appends to b.
type linRecord struct {
	lw  *LINWriter
	b   []byte
	r   *model.Record
	vug bool // a board of a vugraph segment, whose header wrote vg, rs, pn
	// leadDone: the leading comments are written; stDone: st is
	leadDone, stDone bool
	withQx           bool // a qx says the board
	// written lists the tags this record's commands carry (a dozen names
	// at most), with the segment header's in done
	written [12]string
	nw      int
	done    *map[string]bool
	// the play's claim: its value (-1 none), and whether it is written
	claim     int8
	claimDone bool
}

// appendLINRecord writes one board. first says whether it opens the file,
// or for a vugraph board its segment (leading comments then go before
// everything, the segment header's written by it); done, for a vugraph
// board, lists the tags its segment header has written.
func (lw *LINWriter) appendLINRecord(b []byte, r *model.Record, first bool, done *map[string]bool) []byte {
	w := linRecord{lw: lw, b: b, r: r, vug: done != nil, done: done}
	w.open(first)
	if !w.vug {
		w.singleHeader()
	}
	w.qx()
	if !w.stDone {
		w.b = append(w.b, "st||"...)
	}
	w.lead()
	w.md()
	if !w.vug {
		w.ah()
	}
	w.sv()
	if w.vug {
		w.ah()
	}
	w.otherComments()
	w.lead()
	if a := r.Auction; a != nil {
		w.auction(a)
	}
	if p := r.Play; p != nil {
		w.play(p)
	} else if r.Result.Known() && !w.vug && r.Auction != nil {
		// a result with no play: LIN says it with a claim
		w.b = append(w.b, "mc|"...)
		w.b = strconv.AppendInt(w.b, int64(r.Result.Tricks), 10)
		w.b = append(w.b, "|pg||"...)
	}
	return w.b
}

func (w *linRecord) add(name string) {
	if w.nw < len(w.written) {
		w.written[w.nw] = name
		w.nw++
	}
}

func (w *linRecord) has(name string) bool {
	for _, x := range w.written[:w.nw] {
		if x == name {
			return true
		}
	}
	return w.done != nil && (*w.done)[name]
}

// open writes the first board's leading comments, which open the file (a
// vugraph segment's header has written them); a later board's go after
// its first command, or they would be read as the end of the board before.
func (w *linRecord) open(first bool) {
	w.leadDone = first
	r := w.r
	if first && !w.vug {
		start := len(w.b)
		w.b = appendLINComments(w.b, r.Leading)
		if j := bytes.IndexByte(w.b[start:], '|'); j >= 0 && !layout.PlausibleCode(w.b[start:start+j]) {
			// a reader tells LIN by its first command: st|| goes first
			w.b = append(w.b[:start], append([]byte("st||"), w.b[start:]...)...)
			w.stDone = true
		}
	}
	if !w.leadDone && len(r.Leading) > 0 {
		// st opens the board, and what follows it before pn, qx or md
		// is the board's own: after pn or qx it would be theirs
		w.b = append(w.b, "st||"...)
		w.stDone = true
		w.lead()
	}
}

// lead writes the leading comments, once.
func (w *linRecord) lead() {
	if !w.leadDone {
		w.leadDone = true
		w.b = appendLINComments(w.b, w.r.Leading)
	}
}

// anchored writes the comments of tag or fact name.
func (w *linRecord) anchored(name string) {
	w.b = appendLINComments(w.b, w.r.CommentsOf(name))
}

// singleHeader writes a single board's rs and pn. The results a single
// board's file gave in rs (a vugraph file's go in its segment header) go
// first; an empty rs ends them, or a reader would give them to the boards
// that follow.
func (w *linRecord) singleHeader() {
	lw, r := w.lw, w.r
	if all, _, ok := headOf(r, layout.HeadRsAll); ok {
		w.b = appendCmd(w.b, "rs", all)
		lw.rsOpen = true
	} else if lw.rsOpen {
		w.b = append(w.b, "rs||"...)
		lw.rsOpen = false
	}
	n, ok := names(r)
	// players all unknown ("?", as PBN writes a game with none) are no
	// names, unless an earlier pn would pass its names to this board
	ok = ok && (lw.namesOn || !unknownPlayers(r))
	if !ok && (lw.namesOn || !hasHead(r, layout.HeadNoPn)) {
		// a board without players has pn|,,,|, as BBO writes it: readers
		// split a file into boards at pn (endplay), and give a board
		// without pn the last pn's players; a LIN board read without one,
		// before any pn, is written as read
		w.b = append(w.b, "pn|,,,|"...)
	}
	lw.namesOn = lw.namesOn || ok
	if ok {
		w.b = appendCmd(w.b, "pn", strings.Join(n[:], ","))
		w.lead()
		w.anchored("West")
		for _, t := range []string{"West", "North", "East", "South"} {
			w.add(t)
		}
	}
}

// qx writes the room and the board: the qx as read, or o<N> or c<N>.
func (w *linRecord) qx() {
	r := w.r
	if qx, cs, ok := headOf(r, layout.HeadQx); ok {
		w.b = appendCmd(w.b, "qx", qx)
		w.lead()
		w.b = appendLINComments(w.b, cs)
		w.withQx = true
	} else if writesQx(r) {
		c := "o"
		if roomOf(r) == 1 {
			c = "c"
		}
		w.b = appendCmd(w.b, "qx", c+strconv.Itoa(r.Board))
		w.lead()
		w.anchored("Room")
		_, cs, _ := headOf(r, layout.HeadRoom)
		w.b = appendLINComments(w.b, cs)
		w.withQx = true
	}
	w.add("Room")
}

// writesQx reports whether r's board is written with a qx: the qx as read,
// or the room and the board. A pn that goes with such a board has a pause
// due after it (BBO's vugraph header ends pn|...|pg||, and readers take the
// header to end there); the LIN reader expects it likewise.
func writesQx(r *model.Record) bool {
	return hasHead(r, layout.HeadQx) || hasRoom(r) && r.Board > 0
}

var linDealerDigit = map[model.Seat]byte{model.South: '1', model.West: '2', model.North: '3', model.East: '4'}

// md writes the dealer and the hands, South, West, North, East; a single
// board leaves out the fourth hand of a full deal. A board that gave no
// dealer (its layout's HeadNoDealer) is written without one again.
func (w *linRecord) md() {
	r := w.r
	w.add("Deal")
	w.add("Dealer")
	dealer := r.Dealer
	if hasHead(r, layout.HeadNoDealer) {
		dealer = model.NoSeat
	}
	if !r.Given(model.FactDeal) && !dealer.Valid() {
		return
	}
	b := append(w.b, "md|"...)
	if d, ok := linDealerDigit[dealer]; ok {
		b = append(b, d)
	}
	if !r.Deal.Empty() {
		order := [4]model.Seat{model.South, model.West, model.North, model.East}
		n := 4
		h := r.Deal.Hands
		if !w.vug && r.Deal.Complete() && (h[0]|h[1]|h[2]|h[3]).Len() == 52 {
			n = 3 // the fourth hand is the cards left
		}
		for i := 0; i < n; i++ {
			if i > 0 {
				b = append(b, ',')
			}
			if r.Deal.Known[order[i]] {
				b = appendLINHand(b, r.Deal.Hands[order[i]])
			}
		}
		if n == 3 {
			b = append(b, ',')
		}
	}
	w.b = append(b, '|')
	w.anchored("Deal")
}

// ah writes rh and ah: a single board's before sv, a vugraph board's after
// it; the ah as read, or "Board N" when no qx says the board.
func (w *linRecord) ah() {
	r := w.r
	if v, cs, ok := headOf(r, layout.HeadAh); ok {
		w.b = append(w.b, "rh||"...)
		w.b = appendCmd(w.b, "ah", v)
		w.b = appendLINComments(w.b, cs)
	} else if r.Board > 0 && !w.withQx {
		w.b = append(w.b, "rh||ah|Board "...)
		w.b = strconv.AppendInt(w.b, int64(r.Board), 10)
		w.b = append(w.b, '|')
		w.anchored("Board")
	}
	w.add("Board")
}

// sv writes the vulnerability, or the tag's value as written.
func (w *linRecord) sv() {
	r := w.r
	if r.Vul.Valid() {
		w.b = append(w.b, "sv|"...)
		w.b = append(w.b, "onebb"[r.Vul], '|')
		w.anchored("Vulnerable")
	} else if v := r.Facts[model.FactVul].Text; v != nil {
		w.b = appendCmd(w.b, "sv", *v)
		w.anchored("Vulnerable")
	}
	w.add("Vulnerable")
}

// otherComments writes the comments of the tags and facts LIN does not
// write.
func (w *linRecord) otherComments() {
	w.r.EachComments(func(name string, cs *[]model.Comment) {
		if len(*cs) > 0 && !w.has(name) {
			w.b = appendLINComments(w.b, *cs)
		}
	})
}

// auction writes the calls, each with its explanation and comments; a
// single board pauses after the auction.
func (w *linRecord) auction(a *model.Auction) {
	bid, passes, ended := false, 0, false
	for i := range a.Calls {
		c := &a.Calls[i]
		var tok string
		switch c.Kind {
		case model.Pass:
			tok = "p"
			passes++
		case model.Double:
			tok, passes = "d", 0
		case model.Redouble:
			tok, passes = "r", 0
		case model.BidCall:
			tok = strconv.Itoa(int(c.Level)) + linStrain(c.Strain)
			bid, passes = true, 0
		case model.AllPass:
			// the players still to call pass
			k := 3
			if !bid {
				k = 4
			}
			for ; passes < k; passes++ {
				w.b = append(w.b, "mb|p|"...)
			}
		case model.Other:
			tok = c.Text
		default:
			continue // "-", "^S", "+": LIN has no such calls
		}
		w.call(a, c, tok)
		canon := false
		if !ended && (passes == 4 || bid && passes == 3 || c.Kind == model.AllPass) {
			ended = true
			canon = !w.withQx
		}
		w.b = appendAfter(w.b, canon, c.Comments)
	}
}

// call writes one call, tok, with its alert and its explanation (or its
// note's text).
func (w *linRecord) call(a *model.Auction, c *model.Call, tok string) {
	if tok != "" || c.Kind == model.Other {
		w.b = append(w.b, "mb|"...)
		w.b = append(w.b, linValue(tok)...)
		if c.Alert {
			w.b = append(w.b, '!')
		}
		w.b = append(w.b, '|')
	}
	ex := c.Explanation
	if ex == "" && c.Note != 0 {
		for _, n := range a.Notes {
			if n.Index == c.Note {
				ex = n.Text
			}
		}
	}
	if ex != "" {
		w.b = appendCmd(w.b, "an", linEscapeSuits(ex))
	}
}

// play writes the cards in playing order, each with its comments, a pause
// after each trick, and the claim: at its mark, else after the last card's
// comments. A single board's result the play does not reach is said with
// a claim.
func (w *linRecord) play(p *model.Play) {
	lw, r := w.lw, w.r
	lw.cards = model.InPlayOrder(lw.cards[:0], p.First, p.Tricks, layoutStrain(r))
	cards := lw.cards
	played, last := 0, -1
	for i := range cards {
		if cards[i].Kind == model.Played {
			played++
			last = i
		}
	}
	w.claim = p.Claim
	if w.claim < 0 && (!w.vug || !readFromLIN(r)) && r.Result.Known() && played < 52 {
		// a play that stops short ends in a claim: the result's (a
		// vugraph board read from LIN keeps its commands as written)
		w.claim = r.Result.Tricks
	}
	if played == 0 {
		w.writeClaim()
		w.b = appendAfter(w.b, w.claim >= 0, p.Comments)
		return
	}
	if !w.atMark(false, p.Comments) {
		w.b = appendLINComments(w.b, p.Comments)
	}
	k := 0
	for i, c := range cards {
		if c.Kind != model.Played {
			continue
		}
		k++
		w.card(p, c, k%4 == 0)
		if i == last && w.claim >= 0 && !w.claimDone {
			// no mark: the claim follows the last card's comments
			w.writeClaim()
			w.b = appendAfter(w.b, true, nil)
		}
	}
}

// readFromLIN reports whether a vugraph board was read from LIN: it has a
// LIN layout, or the room its qx gave (other formats give the room in a
// tag). A board without either, and a result from its rs, has no layout.
func readFromLIN(r *model.Record) bool {
	return linLayout(r) != nil || r.Room != model.NoRoom
}

// card writes one card and its comments; a card's note is carried as
// commentary after it (LIN has no notes).
func (w *linRecord) card(p *model.Play, c *model.PlayCard, endsTrick bool) {
	su := c.Card.Suit().Letter()
	if w.vug {
		su |= 0x20 // vugraph writes the suit in lower case
	}
	w.b = append(w.b, "pc|"...)
	w.b = append(w.b, su, c.Card.Rank().Letter(), '|')
	cs := c.Comments
	if c.Note != 0 {
		if text, ok := noteText(p.Notes, c.Note); ok {
			cs = append([]model.Comment{{Text: "note " + strconv.Itoa(c.Note) + ": " + text}}, cs...)
		}
	}
	if !w.atMark(endsTrick, cs) {
		w.b = appendAfter(w.b, endsTrick, cs)
	}
}

// writeClaim writes the claim, once.
func (w *linRecord) writeClaim() {
	if !w.claimDone && w.claim >= 0 {
		w.claimDone = true
		w.b = append(w.b, "mc|"...)
		w.b = strconv.AppendInt(w.b, int64(w.claim), 10)
		w.b = append(w.b, '|')
	}
}

// atMark writes comments with the claim at its mark (a claim made before
// cards that follow it, or in the middle of the play); it reports whether
// there was a mark.
func (w *linRecord) atMark(canon bool, cs []model.Comment) bool {
	if w.claimDone || w.claim < 0 {
		return false
	}
	for j := range cs {
		if layout.IsMark(cs[j], layout.Claim) {
			w.b = appendAfter(w.b, canon, cs[:j])
			w.writeClaim()
			w.b = appendAfter(w.b, true, cs[j+1:])
			return true
		}
	}
	return false
}
