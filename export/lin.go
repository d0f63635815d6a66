package export

import (
	"bufio"
	"bytes"
	"io"
	"slices"
	"strconv"
	"strings"

	"handrec/model"
	"handrec/model/layout"
)

// LINWriter writes LIN that BBO's hand viewer reads. Records with a room
// (from a vugraph qx, or a Room tag) make a vugraph file: vg, rs and pn for
// each segment (records with the same event tags), then each board after
// its qx; such a segment is held until it ends, since rs comes first. Other
// records are written as single boards, one a line:
// pn st md rh ah sv mb an ... pc ... mc.
//
// Pauses (pg) go after each commentary, after each trick, after the claim,
// and after the auction of a single board; a record's LIN layout (package
// model/layout) records where a file had them otherwise, and the commands
// and values the model has no field for, so that LIN -> model -> LIN gives
// the same text. A record without one is laid out from its fields alone.
type LINWriter struct {
	w       *bufio.Writer
	vugraph bool
	seg     []*model.Record
	segKey  string
	n       int // records written
	b       []byte
	rec     []byte            // one vugraph record, before its line breaks go in
	cards   []*model.PlayCard // a board's cards in playing order, reused
	err     error
	lead    []model.Comment
	started bool      // something was written
	rsOpen  bool      // the last rs written gives a result, and holds on
	pn      [8]string // vugraph: the players the last pn written gives
	pnSet   bool
	segs    int // vugraph segments written
}

// write writes out part of the file. A reader tells LIN from other text by
// its first command, so a file whose first command is one kept as written
// with an odd code ("0000||", from a file that began "st||0000||") starts
// with st||, which readers pass over.
func (lw *LINWriter) write(b []byte) error {
	if !lw.started && len(b) > 0 {
		lw.started = true
		t := bytes.TrimLeft(b, " \t\r\n") // a reader skips blank lines
		if j := bytes.IndexByte(t, '|'); j >= 0 && !layout.PlausibleCode(t[:j]) {
			if _, err := lw.w.WriteString("st||"); err != nil {
				return err
			}
		}
	}
	_, err := lw.w.Write(b)
	return err
}

// NewLINWriter writes LIN to w; Close flushes it.
func NewLINWriter(w io.Writer) *LINWriter {
	return &LINWriter{w: bufio.NewWriterSize(w, 64<<10), b: make([]byte, 0, 4096)}
}

// WriteHeader takes the source's header: its comments go before the first
// board. LIN has no place for escape lines.
func (lw *LINWriter) WriteHeader(h model.Header) error {
	lw.lead = append(lw.lead, h.Comments...)
	return nil
}

// isVugraph tells a record from a vugraph file.
func isVugraph(r *model.Record) bool {
	for _, n := range []string{"Room", "HomeTeam", "VisitTeam"} {
		if r.TagIndex(n) >= 0 {
			return true
		}
	}
	return r.Room != model.NoRoom || hasHead(r, layout.HeadQx) || hasHead(r, layout.HeadVg)
}

// Write adds one record.
func (lw *LINWriter) Write(r *model.Record) error {
	if lw.err != nil {
		return lw.err
	}
	r = withMarks(r)
	if !lw.vugraph && isVugraph(r) {
		// single boards, then a match: the match's vg, which holds
		// for what follows, comes after the single boards
		lw.vugraph = true
	}
	if lw.vugraph {
		k := segmentKey(r)
		if (k != lw.segKey || hasHead(r, layout.HeadRsAgain)) && len(lw.seg) > 0 {
			// a new vg, or an rs read after boards of the same vg
			lw.flushSegment()
		}
		lw.segKey = k
		lw.seg = append(lw.seg, r)
		return lw.err
	}
	b := lw.b[:0]
	if lw.n == 0 && len(lw.lead) > 0 {
		b = appendLINComments(b, lw.lead)
	}
	b = lw.appendLINRecord(b, r, lw.n == 0, nil)
	b = append(b, '\n')
	lw.n++
	lw.b = b
	lw.err = lw.write(b)
	return lw.err
}

// WriteTrailer writes the commands kept after the last board. Escape lines
// have no place in LIN and are left out.
func (lw *LINWriter) WriteTrailer(_ []model.Directive, cs []model.Comment) error {
	if lw.vugraph {
		lw.flushSegment()
	}
	if len(cs) == 0 || lw.err != nil {
		return lw.err
	}
	b := lw.b[:0]
	if lw.n > 0 {
		// st opens a text apart from the last board, as a second st
		// after a board's calls or cards does; the reader keeps no
		// empty st
		b = append(b, "st||"...)
	}
	for i := range cs {
		// the commands of a text without a board are kept as they were,
		// pauses included
		code, value, ok := trailerCommand(cs[i])
		if ok {
			b = appendCmd(b, code, value)
		} else {
			b = appendLINComments(b, cs[i:i+1])
		}
		if code == "vg" || code == "rs" || code == "pg" {
			b = append(b, "\r\n"...)
		}
	}
	if len(b) > 0 && b[len(b)-1] != '\n' {
		b = append(b, "\r\n"...)
	}
	lw.b = b
	lw.err = lw.write(b)
	return lw.err
}

// Close writes what is held and flushes.
func (lw *LINWriter) Close() error {
	if lw.vugraph {
		lw.flushSegment()
	}
	if lw.err != nil {
		return lw.err
	}
	return lw.w.Flush()
}

// WriteLIN writes a whole document.
func WriteLIN(w io.Writer, doc *model.Document) error {
	lw := NewLINWriter(w)
	lw.WriteHeader(doc.Header)
	for _, r := range doc.Records {
		if err := lw.Write(r); err != nil {
			return err
		}
	}
	if err := lw.WriteTrailer(doc.Trailer, doc.TrailerComments); err != nil {
		return err
	}
	return lw.Close()
}

func tagValue(r *model.Record, name string) string {
	v, _ := r.Tag(name)
	return v
}

// trailerCommand reads a command of a text without a board, as the LIN
// reader keeps it: a comment "code|value|".
func trailerCommand(c model.Comment) (string, string, bool) {
	t := c.Text
	i := strings.IndexByte(t, '|')
	if c.Kind != model.CommentBrace || i < 1 || !strings.HasSuffix(t, "|") || strings.Count(t, "|") != 2 {
		return "", "", false
	}
	return t[:i], t[i+1 : len(t)-1], true
}

// segmentKey is what a vg says of a record.
func segmentKey(r *model.Record) string {
	if v, _, ok := headOf(r, layout.HeadVg); ok {
		return v
	}
	var b strings.Builder
	for _, n := range []string{"Event", "Stage", "Scoring", "HomeTeam", "VisitTeam"} {
		b.WriteString(tagValue(r, n))
		b.WriteByte(0)
	}
	if m := r.Match; m != nil {
		f, l := matchBoards(r)
		for _, v := range []string{f, l, m.Home.Carry, m.Visit.Carry} {
			b.WriteString(v)
			b.WriteByte(0)
		}
	}
	return b.String()
}

// matchBoards are the first and last board of r's match as its vg gives
// them; "", "" without a match.
func matchBoards(r *model.Record) (string, string) {
	m := r.Match
	if m == nil {
		return "", ""
	}
	f, _, ok := headOf(r, layout.HeadFirst)
	if !ok {
		f = strconv.Itoa(m.First)
	}
	l, _, ok := headOf(r, layout.HeadLast)
	if !ok {
		l = strconv.Itoa(m.Last)
	}
	return f, l
}

func linScoringLetter(s string) string {
	switch s {
	case "IMP":
		return "I"
	case "MP":
		return "P"
	case "BAM":
		return "B"
	}
	return s
}

// roomOf is 0 for the open room (or none), 1 for the closed room.
func roomOf(r *model.Record) int {
	if r.Room == model.ClosedRoom || r.Room == model.NoRoom && strings.EqualFold(tagValue(r, "Room"), "closed") {
		return 1
	}
	return 0
}

// hasRoom reports whether r gives its room: the field, or a Room tag.
func hasRoom(r *model.Record) bool { return r.Room != model.NoRoom || r.TagIndex("Room") >= 0 }

// names are the record's players in pn order, South, West, North, East,
// and whether it has any.
func names(r *model.Record) ([4]string, bool) {
	var n [4]string
	any := false
	for i, s := range []string{"South", "West", "North", "East"} {
		v, ok := r.Tag(s)
		n[i] = v
		any = any || ok
	}
	return n, any
}

// flushSegment writes vg, rs, pn and the held boards of one segment.
func (lw *LINWriter) flushSegment() {
	seg := lw.seg
	lw.seg = nil
	if len(seg) == 0 || lw.err != nil {
		return
	}
	first := seg[0]
	b := lw.b[:0]
	if lw.n == 0 && len(lw.lead) > 0 {
		b = appendLINComments(b, lw.lead)
	}
	if lw.n > 0 && len(first.Leading) > 0 {
		// st opens the segment apart from the board before, or the
		// board's leading commands would be read as that board's end;
		// after vg, rs or pn they would be read as theirs
		b = append(b, "st||"...)
	}
	b = appendLINComments(b, first.Leading)
	// vg
	fb, lb := 0, 0
	for _, r := range seg {
		if r.Board > 0 && (fb == 0 || r.Board < fb) {
			fb = r.Board
		}
		if r.Board > lb {
			lb = r.Board
		}
	}
	if first.Match != nil {
		// as a reader counts rs: from vg's first board when it is a
		// number, else from board 1
		v, l := matchBoards(first)
		fb = 1
		if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
			fb = n
		}
		if n, err := strconv.Atoi(strings.TrimSpace(l)); err == nil {
			lb = n
		}
	} else if hasHead(first, layout.HeadVg) {
		fb = 1 // a vg without its nine fields gives no first board
	}
	// an rs read after boards of the same vg starts a segment of its own
	// under the vg written before
	again := hasHead(first, layout.HeadRsAgain) && lw.segs > 0
	vg, vgComments, hasVg := vgCommand(first, fb, lb)
	if hasVg && !again {
		b = appendCmd(b, "vg", vg)
		b = appendLINComments(b, vgComments)
		if !hasHead(first, layout.HeadVg) {
			b = append(b, "\r\n"...)
		}
	}

	if !hasVg {
		fb = 1 // without vg, rs counts from board 1
	}
	// rs: one entry a table, o and c for each board from the first. The
	// segment's rs as read (layout head rs-all, on its last board, there
	// only when it gives a result for a table the file has no board for)
	// keeps those results as written; the boards the file has give their
	// own.
	var rs []string
	all, hasAll := "", false
	for _, r := range seg { // the segment's last board holds it
		if all, _, hasAll = headOf(r, layout.HeadRsAll); hasAll {
			break
		}
	}
	if hasAll {
		rs = strings.Split(all, ",")
	}
	any := hasVg || hasAll
	if fb > 0 && lb >= fb && lb-fb < 10000 {
		if n := 2 * (lb - fb + 1); !hasAll && len(rs) < n {
			rs = make([]string, n) // a table for every board of the range
		}
		var given []bool // the tables a board has given its result for
		if !hasAll {
			given = make([]bool, len(rs))
		}
		for _, r := range seg {
			if r.Board < fb || r.Board > lb || !hasRoom(r) {
				continue
			}
			// the rs as read is written as read: a board whose result
			// it did not give has it from its own auction and play. Two
			// boards of one table (a faulty file) read the same entry:
			// it gives their result only when they agree
			k := 2*(r.Board-fb) + roomOf(r)
			if k >= len(given) {
				continue
			}
			e := linResult(r)
			switch {
			case !given[k]:
				given[k] = true
				rs[k] = e
			case rs[k] != e:
				rs[k] = ""
			}
		}
	}
	for _, e := range rs {
		any = any || e != ""
	}
	switch {
	case any && len(rs) > 0:
		b = appendCmd(b, "rs", strings.Join(rs, ","))
		b = appendLINComments(b, tagComments(first, "Result"))
	case again:
		b = append(b, "rs||"...) // it starts the segment
	case lw.rsOpen:
		// the rs written before (a segment's or the single boards')
		// holds no more
		b = append(b, "rs||"...)
	}
	wroteRs := any && len(rs) > 0 || again || lw.rsOpen
	if wroteRs {
		// an rs that gives a result holds on, as a reader counts it
		lw.rsOpen = slices.ContainsFunc(rs, func(e string) bool { return strings.TrimSpace(e) != "" })
	}
	if again {
		// the comments of an rs that gives no result are kept with the
		// vg, which is not written again
		b = appendLINComments(b, vgComments)
	}
	if wroteRs {
		b = append(b, "\r\n"...)
	}
	// pn: before the first board with players, the players of the first
	// board of each room from there on (a board read before any pn has
	// none, and would take them from a pn written before it)
	var cur [8]string
	from := func(seg []*model.Record) {
		var set [2]bool
		for _, r := range seg {
			if n, ok := names(r); ok && !set[roomOf(r)] {
				set[roomOf(r)] = true
				copy(cur[4*roomOf(r):], n[:])
			}
		}
		if !set[1] {
			copy(cur[4:], cur[:4])
		}
		if !set[0] {
			copy(cur[:4], cur[4:])
		}
	}
	started, carried := false, false
	if again && lw.pnSet {
		// the pn written before holds
		cur, started, carried = lw.pn, true, true
	} else if _, ok := names(first); ok {
		from(seg)
		b = appendCmd(b, "pn", strings.Join(cur[:], ","))
		b = appendLINComments(b, tagComments(first, "West"))
		started = true
	}
	b = append(b, "\r\n"...)
	for i, r := range seg {
		leadDone := i == 0 // the segment's header opened with them
		lead := func() {
			if !leadDone && len(r.Leading) > 0 {
				// the board's leading commands go before its vg or pn,
				// after an st that parts them from the board before
				b = append(b, "st||"...)
				b = appendLINComments(b, r.Leading)
				leadDone = true
			}
		}
		if i > 0 && ownVg(r) {
			// the segment's vg read again with this board (its comments
			// say so): written again, in the segment, so that it holds
			// no rs of its own
			v, cs, _ := vgCommand(r, fb, lb)
			lead()
			b = appendCmd(b, "vg", v)
			b = appendLINComments(b, cs)
		}
		pn := func() {
			lead()
			b = appendCmd(b, "pn", strings.Join(cur[:], ","))
			b = appendLINComments(b, tagComments(r, "West"))
		}
		if n, ok := names(r); ok && !started {
			from(seg[i:])
			pn()
			started = true
		} else if ok && (i > 0 || carried) {
			k := 4 * roomOf(r)
			if n != [4]string(cur[k:k+4]) || len(tagComments(r, "West")) > 0 {
				copy(cur[k:], n[:])
				pn()
			}
		}
		// vugraph files break the line after each pause, with CRLF
		lw.rec = lw.appendLINRecord(lw.rec[:0], r, leadDone, &vugraphDone)
		b = appendBreakingAtPauses(b, lw.rec)
		if len(b) == 0 || b[len(b)-1] != '\n' {
			b = append(b, "\r\n"...)
		}
		lw.n++
		if len(b) > 32<<10 {
			if lw.err = lw.write(b); lw.err != nil {
				return
			}
			b = b[:0]
		}
	}
	lw.pn, lw.pnSet = cur, started
	lw.segs++
	lw.b = b
	lw.err = lw.write(b)
}

// vgCommand is the vg a record's tags give (as read, or made from its
// nine fields, fb and lb filling the boards), with the comments kept after
// it; ok is false for a record without one.
func vgCommand(r *model.Record, fb, lb int) (string, []model.Comment, bool) {
	if v, cs, ok := headOf(r, layout.HeadVg); ok {
		return v, cs, true
	}
	if r.TagIndex("Event") < 0 && r.TagIndex("HomeTeam") < 0 && r.TagIndex("VisitTeam") < 0 {
		return "", nil, false
	}
	first1, last1 := strconv.Itoa(fb), strconv.Itoa(lb)
	homeCarry, visitCarry := "0", "0"
	if m := r.Match; m != nil {
		first1, last1 = matchBoards(r)
		homeCarry, visitCarry = m.Home.Carry, m.Visit.Carry
	}
	f := []string{tagValue(r, "Event"), tagValue(r, "Stage"), linScoringLetter(tagValue(r, "Scoring")),
		first1, last1, tagValue(r, "HomeTeam"), homeCarry, tagValue(r, "VisitTeam"), visitCarry}
	for i := range f {
		f[i] = strings.ReplaceAll(f[i], ",", ";")
	}
	return strings.Join(f, ","), tagComments(r, "Event"), true
}

// ownVg reports whether a record's vg has comments: they were read with
// it, so the vg was read with the record and is written before it.
func ownVg(r *model.Record) bool {
	_, cs, _ := vgCommand(r, 0, 0)
	return len(cs) > 0
}

// nameSet is a small set of tag names, with a shared set behind it.
type nameSet struct {
	names []string
	also  *map[string]bool
}

func (n *nameSet) add(name string) { n.names = append(n.names, name) }

func (n *nameSet) has(name string) bool {
	for _, x := range n.names {
		if x == name {
			return true
		}
	}
	return n.also != nil && (*n.also)[name]
}

// noteText is the text of note n.
func noteText(notes []model.Note, n int) (string, bool) {
	for _, x := range notes {
		if x.Index == n {
			return x.Text, true
		}
	}
	return "", false
}

// appendBreakingAtPauses appends src with CRLF after each "pg||".
func appendBreakingAtPauses(dst, src []byte) []byte {
	for {
		i := bytes.Index(src, []byte("pg||"))
		if i < 0 {
			return append(dst, src...)
		}
		dst = append(dst, src[:i+4]...)
		dst = append(dst, '\r', '\n')
		src = src[i+4:]
	}
}

// vugraphDone lists the tags a vugraph segment header has written.
var vugraphDone = map[string]bool{"Event": true, "Stage": true, "Scoring": true, "HomeTeam": true, "VisitTeam": true,
	"West": true, "North": true, "East": true, "South": true, "Declarer": true, "Contract": true, "Result": true}

// linResult is a record's rs entry: "4HE=", "3NW+1", "4SWx-4", "PASS".
func linResult(r *model.Record) string {
	if v, _, ok := headOf(r, layout.HeadRs); ok {
		return v
	}
	c := r.Contract
	switch {
	case c.Kind == model.PassedOut:
		return "PASS"
	case c.Kind != model.Bid || !r.Declarer.Valid() || !r.Result.Known() || c.Doubled > 2:
		return ""
	}
	s := strconv.Itoa(int(c.Level)) + linStrain(c.Strain) + r.Declarer.String() + strings.Repeat("x", int(c.Doubled))
	d := int(r.Result.Tricks) - int(c.Level) - 6
	switch {
	case d == 0:
		s += "="
	case d > 0:
		s += "+" + strconv.Itoa(d)
	default:
		s += strconv.Itoa(d)
	}
	return s
}

func linStrain(s model.Strain) string {
	if s == model.NoTrump {
		return "N"
	}
	return s.String()
}

func tagComments(r *model.Record, name string) []model.Comment {
	if i := r.TagIndex(name); i >= 0 {
		return r.Tags[i].Comments
	}
	return nil
}

// linValue makes a value safe: "|" cannot be written inside one.
func linValue(v string) string {
	if strings.IndexByte(v, '|') < 0 {
		return v
	}
	return strings.ReplaceAll(v, "|", "¦")
}

func appendCmd(b []byte, code, value string) []byte {
	b = append(b, code...)
	b = append(b, '|')
	b = append(b, linValue(value)...)
	return append(b, '|')
}

// appendLINComments writes comments as LIN: kept commands as themselves,
// marks as pauses, commentary as nt. A pause follows each nt unless a
// no-pause mark says otherwise.
func appendLINComments(b []byte, cs []model.Comment) []byte {
	for i, c := range cs {
		if code, ok := commandKind(c.Kind); ok {
			b = appendCmd(b, code, c.Text)
			continue
		}
		switch c.Kind {
		case markPause:
			b = appendCmd(b, "pg", c.Text)
		case markNoStop, markClaim:
		default:
			if code, value, ok := rawCommand(c); ok {
				b = appendCmd(b, code, value)
				continue
			}
			b = appendCmd(b, "nt", c.Text)
			if i+1 >= len(cs) || cs[i+1].Kind != markNoStop {
				b = append(b, "pg||"...)
			}
		}
	}
	return b
}

// rawCommand reads a PBN comment that holds one LIN command, "at|text|",
// as a LIN -> PBN conversion writes the commands PBN has no place for.
func rawCommand(c model.Comment) (string, string, bool) {
	if c.Kind == model.CommentText {
		return "", "", false
	}
	t := c.Text
	i := strings.IndexByte(t, '|')
	if i < 1 || i > 3 || !strings.HasSuffix(t, "|") || strings.Count(t, "|") != 2 {
		return "", "", false
	}
	for k := 0; k < i; k++ {
		if !(t[k] >= 'a' && t[k] <= 'z') {
			return "", "", false
		}
	}
	if t[:i] == "nt" {
		return "", "", false
	}
	return t[:i], t[i+1 : len(t)-1], true
}

// LayoutStrain is the strain the LIN reader lays the play out by: the
// contract of a complete auction, else the record's contract, else no
// trump.
func layoutStrain(r *model.Record) model.Strain {
	if r.Auction != nil {
		if o := r.Auction.Outcome(); o.Complete && o.Contract.Kind == model.Bid {
			return o.Contract.Strain
		}
	}
	if r.Contract.Kind == model.Bid && r.Declarer.Valid() {
		return r.Contract.Strain
	}
	return model.NoTrump
}

// appendLINHand writes a hand: S, H, D, C, each with its ranks high to low.
func appendLINHand(b []byte, h model.Hand) []byte {
	for _, s := range model.SuitsDown {
		b = append(b, s.Letter())
		m := h.SuitBits(s)
		for rk := model.Ace; rk >= model.Two; rk-- {
			if m&(1<<uint(rk)) != 0 {
				b = append(b, rk.Letter())
			}
		}
	}
	return b
}

var linDealerDigit = map[model.Seat]byte{model.South: '1', model.West: '2', model.North: '3', model.East: '4'}

// appendLINRecord writes one board. first says whether it opens the file,
// or for a vugraph board its segment (leading comments then go before
// everything, the segment header's written by it); done, for a vugraph
// board, lists the tags its segment header has written.
func (lw *LINWriter) appendLINRecord(b []byte, r *model.Record, first bool, done *map[string]bool) []byte {
	vug := done != nil
	// the tags this record's commands carry: a dozen names at most, so a
	// slice on the stack, with the segment header's in done
	var wbuf [16]string
	written := nameSet{names: wbuf[:0], also: done}
	// the first board's leading comments open the file (a vugraph
	// segment's header has written them); a later board's go after its
	// first command, or they would be read as the end of the board before
	leadDone := first
	stDone := false
	if first && !vug {
		start := len(b)
		b = appendLINComments(b, r.Leading)
		if j := bytes.IndexByte(b[start:], '|'); j >= 0 && !layout.PlausibleCode(b[start:start+j]) {
			// a reader tells LIN by its first command: st|| goes first
			b = append(b[:start], append([]byte("st||"), b[start:]...)...)
			stDone = true
		}
	}
	lead := func() {
		if !leadDone {
			leadDone = true
			b = appendLINComments(b, r.Leading)
		}
	}
	if !leadDone && len(r.Leading) > 0 {
		// st opens the board, and what follows it before pn, qx or md
		// is the board's own: after pn or qx it would be theirs
		b = append(b, "st||"...)
		stDone = true
		lead()
	}
	anchored := func(name string) {
		if i := r.TagIndex(name); i >= 0 {
			b = appendLINComments(b, r.Tags[i].Comments)
		}
	}
	head := func(name string) {
		_, cs, _ := headOf(r, name)
		b = appendLINComments(b, cs)
	}
	qx, _, hasQx := headOf(r, layout.HeadQx)
	withRoom := hasRoom(r)
	if !vug {
		// results a single board's file gave in rs (a vugraph file's go
		// in its segment header); an empty rs ends them, or a reader
		// would give them to the boards that follow
		if all, _, ok := headOf(r, layout.HeadRsAll); ok {
			b = appendCmd(b, "rs", all)
			lw.rsOpen = true
		} else if lw.rsOpen {
			b = append(b, "rs||"...)
			lw.rsOpen = false
		}
		if n, ok := names(r); ok {
			b = appendCmd(b, "pn", strings.Join(n[:], ","))
			lead()
			anchored("West")
			for _, t := range []string{"West", "North", "East", "South"} {
				written.add(t)
			}
		}
	}
	withQx := false
	switch {
	case hasQx:
		b = appendCmd(b, "qx", qx)
		lead()
		head(layout.HeadQx)
		withQx = true
	case withRoom && r.Board > 0:
		c := "o"
		if roomOf(r) == 1 {
			c = "c"
		}
		b = appendCmd(b, "qx", c+strconv.Itoa(r.Board))
		lead()
		anchored("Room")
		head(layout.HeadRoom)
		withQx = true
	}
	written.add("Room")
	if !stDone {
		b = append(b, "st||"...)
	}
	lead()
	// md
	if r.TagIndex("Deal") >= 0 || !r.Deal.Empty() || r.Dealer.Valid() {
		b = append(b, "md|"...)
		if d, ok := linDealerDigit[r.Dealer]; ok {
			b = append(b, d)
		}
		if !r.Deal.Empty() {
			order := [4]model.Seat{model.South, model.West, model.North, model.East}
			n := 4
			h := r.Deal.Hands
			if !vug && r.Deal.Complete() && (h[0]|h[1]|h[2]|h[3]).Len() == 52 {
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
		b = append(b, '|')
		anchored("Deal")
	}
	written.add("Deal")
	written.add("Dealer")
	// rh ah: a single board's before sv, a vugraph board's after it
	ah := func() {
		if v, cs, ok := headOf(r, layout.HeadAh); ok {
			b = append(b, "rh||"...)
			b = appendCmd(b, "ah", v)
			b = appendLINComments(b, cs)
		} else if r.Board > 0 && !withQx {
			// no qx says the board
			b = append(b, "rh||ah|Board "...)
			b = strconv.AppendInt(b, int64(r.Board), 10)
			b = append(b, '|')
			anchored("Board")
		}
		written.add("Board")
	}
	if !vug {
		ah()
	}
	// sv
	if r.Vul.Valid() {
		b = append(b, "sv|"...)
		b = append(b, "onebb"[r.Vul])
		b = append(b, '|')
		anchored("Vulnerable")
	} else if v, ok := r.Tag("Vulnerable"); ok {
		b = appendCmd(b, "sv", v)
		anchored("Vulnerable")
	}
	written.add("Vulnerable")
	if vug {
		ah()
	}
	// comments of the tags LIN does not write
	for i := range r.Tags {
		t := &r.Tags[i]
		if !written.has(t.Name) && len(t.Comments) > 0 {
			b = appendLINComments(b, t.Comments)
		}
	}
	lead()
	// auction
	if a := r.Auction; a != nil {
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
					b = append(b, "mb|p|"...)
				}
				tok = ""
			case model.Other:
				tok = c.Text
			default:
				continue // "-", "^S", "+": LIN has no such calls
			}
			if tok != "" || c.Kind == model.Other {
				b = append(b, "mb|"...)
				b = append(b, linValue(tok)...)
				if c.Alert {
					b = append(b, '!')
				}
				b = append(b, '|')
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
				b = appendCmd(b, "an", linEscapeSuits(ex))
			}
			canon := false
			if !ended && (passes == 4 || bid && passes == 3 || c.Kind == model.AllPass) {
				ended = true
				canon = !withQx
			}
			b = appendAfter(b, canon, c.Comments)
		}
	}
	// play
	if p := r.Play; p != nil {
		lw.cards = model.InPlayOrder(lw.cards[:0], p.First, p.Tricks, layoutStrain(r))
		cards := lw.cards
		played := 0
		for i := range cards {
			if cards[i].Kind == model.Played {
				played++
			}
		}
		cv := p.Claim
		if cv < 0 && !vug && r.Result.Known() && played < 52 {
			// a result the play does not reach: LIN says it with a claim
			cv = r.Result.Tricks
		}
		claimDone := false
		claim := func() {
			if !claimDone && cv >= 0 {
				claimDone = true
				b = append(b, "mc|"...)
				b = strconv.AppendInt(b, int64(cv), 10)
				b = append(b, '|')
			}
		}
		// atMark writes comments with the claim at its mark (a claim made
		// before cards that follow it, or in the middle of the play);
		// it reports whether there was a mark
		atMark := func(canon bool, cs []model.Comment) bool {
			for j := range cs {
				if cs[j].Kind == markClaim && !claimDone && cv >= 0 {
					b = appendAfter(b, canon, cs[:j])
					claim()
					b = appendAfter(b, true, cs[j+1:])
					return true
				}
			}
			return false
		}
		if played == 0 {
			claim()
			b = appendAfter(b, cv >= 0, p.Comments)
		} else if !atMark(false, p.Comments) {
			b = appendLINComments(b, p.Comments)
		}
		k, last := 0, -1
		for i := range cards {
			if cards[i].Kind == model.Played {
				last = i
			}
		}
		for i := range cards {
			c := cards[i]
			if c.Kind != model.Played {
				continue
			}
			k++
			b = append(b, "pc|"...)
			su := c.Card.Suit().Letter()
			if vug {
				su |= 0x20 // vugraph writes the suit in lower case
			}
			b = append(b, su, c.Card.Rank().Letter(), '|')
			cs := c.Comments
			if c.Note != 0 {
				// LIN has no notes: a card's note is carried as commentary
				// after the card
				if text, ok := noteText(p.Notes, c.Note); ok {
					cs = append([]model.Comment{{Kind: model.CommentText, Text: "note " + strconv.Itoa(c.Note) + ": " + text}}, cs...)
				}
			}
			if atMark(k%4 == 0, cs) {
				continue
			}
			b = appendAfter(b, k%4 == 0, cs)
			if i == last && cv >= 0 && !claimDone {
				// no mark: the claim follows the last card's comments
				claim()
				b = appendAfter(b, true, nil)
			}
		}
		if played == 0 {
			claim()
		}
	} else if r.Result.Known() && !vug && r.Auction != nil {
		// a result with no play: LIN says it with a claim
		b = append(b, "mc|"...)
		b = strconv.AppendInt(b, int64(r.Result.Tricks), 10)
		b = append(b, "|pg||"...)
	}
	return b
}

// appendAfter writes the pause due after an element (unless a no-pause
// mark opens its comments), then the comments.
func appendAfter(b []byte, canon bool, cs []model.Comment) []byte {
	if canon && (len(cs) == 0 || cs[0].Kind != markNoStop) {
		b = append(b, "pg||"...)
	}
	return appendLINComments(b, cs)
}

var linSuitWriter = strings.NewReplacer("♠", "!S", "♥", "!H", "♦", "!D", "♣", "!C")

func linEscapeSuits(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return linSuitWriter.Replace(s)
		}
	}
	return s
}
