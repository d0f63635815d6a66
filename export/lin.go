package export

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
	"strings"

	"handrec/layout"
	"handrec/model"
)

// LINWriter writes LIN that BBO's hand viewer reads. Records with a room
// (from a vugraph qx, or a Room tag) make a vugraph file: vg, rs and pn for
// each segment (records with the same event tags), then each board after
// its qx; such a segment is held until it ends, since rs comes first. Other
// records are written as single boards, one a line:
// pn st md rh ah sv mb an ... pc ... mc.
//
// Pauses (pg) go after each commentary, after each trick, after the claim,
// after the auction of a single board, and after the pn of a vugraph board
// (BBO's header ends pn|...|pg||, and readers take it to end there); a
// record's LIN layout (package layout) records where a file had them
// otherwise, and the commands and values the model has no field for, so
// that LIN -> model -> LIN gives the same text. A record without one is laid out from its fields alone.
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
	namesOn bool // single boards: a pn was written, and holds on
	segs    int  // vugraph segments written
	// the segment header's record and the board's, with their layout's
	// marks back among their comments
	hdr, brd marksScratch
	dropped  Drops
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
	return &LINWriter{w: bufio.NewWriterSize(w, 64<<10), b: make([]byte, 0, 4096), dropped: Drops{}}
}

// WriteHeader takes the source's header: its comments go before the first
// board. LIN has no place for escape lines.
func (lw *LINWriter) WriteHeader(h model.Header) error {
	lw.lead = append(lw.lead, h.Comments...)
	return nil
}

// isVugraph tells a record from a vugraph file: only a match's is one (a
// Record.Match, a LIN vg or qx head, or a room: the open or closed room,
// which a team match's boards have). Team tags alone, or an empty Room
// tag (a placeholder some programs write, which gives no room), leave a
// single board.
func isVugraph(r *model.Record) bool {
	return r.Room != model.NoRoom || r.Match != nil || hasHead(r, layout.HeadQx) || hasHead(r, layout.HeadVg)
}

// teams are the names of r's teams: its match's, else its HomeTeam and
// VisitTeam tags.
func teams(r *model.Record) (home, visit string) {
	if m := r.Match; m != nil {
		return m.Home.Name, m.Visit.Name
	}
	return tagValue(r, "HomeTeam"), tagValue(r, "VisitTeam")
}

// Write adds one record.
func (lw *LINWriter) Write(r *model.Record) error {
	if lw.err != nil {
		return lw.err
	}
	if !lw.vugraph && isVugraph(r) {
		// single boards, then a match: the match's vg, which holds
		// for what follows, comes after the single boards
		lw.vugraph = true
	}
	for _, d := range LINLosses(r, lw.vugraph) {
		lw.dropped.Add(d)
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
	start := len(b)
	b = lw.appendLINRecord(b, lw.brd.withMarks(r), lw.n == 0, nil)
	if brokenComments(r) {
		linOneLine(b[start:])
	}
	b = append(b, '\n')
	lw.n++
	lw.b = b
	lw.err = lw.write(b)
	return lw.err
}

// brokenComments reports whether r has commentary of several lines that is
// not LIN's own nt, read from LIN, which is written as read (its LIN
// layout says so: layout.LIN.Breaks).
func brokenComments(r *model.Record) bool {
	if l := linLayout(r); l != nil && l.Breaks {
		return false
	}
	broken := false
	layout.EachComment(r, func(c *model.Comment) {
		broken = broken || strings.ContainsAny(c.Text, "\r\n")
	})
	return broken
}

// linOneLine makes a single board one line, as readers take one a line: a
// line break in commentary (an nt of several lines) becomes a space
// (LINLosses lists it). Values cannot hold "|", so b splits into code and
// value at each one.
func linOneLine(b []byte) {
	code := true
	nt := false
	for i, c := range b {
		switch {
		case c == '|':
			if code {
				nt = i >= 2 && string(b[i-2:i]) == "nt" && (i == 2 || b[i-3] == '|' || b[i-3] == '\n')
			}
			code = !code
		case !code && nt && (c == '\n' || c == '\r'):
			b[i] = ' '
		}
	}
}

// WriteTrailer writes the commands kept after the last board, its
// comments. Another format's layout (PBN's escape lines) has no place in
// LIN and is left out.
func (lw *LINWriter) WriteTrailer(t model.Trailer) error {
	cs := t.Comments
	if lw.vugraph {
		lw.flushSegment()
	}
	if !lw.started && len(lw.lead) > 0 {
		// a file without a board (a match's empty segment: vg, rs and pn
		// alone) read from PBN holds its commands before any game, as
		// the header's comments
		cs = append(append([]model.Comment{}, lw.lead...), cs...)
		lw.lead = nil
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
	return WriteDocument(NewLINWriter(w), doc)
}

func tagValue(r *model.Record, name string) string {
	v, _ := TagOrFact(r, name)
	return v
}

// TagOrFact is the value of tag name as PBN writes it: a fact's (its
// field's, or its text as given) or the tag's; false when r has neither.
func TagOrFact(r *model.Record, name string) (string, bool) {
	if f, ok := model.FactNamed(name); ok {
		return r.FactValue(f)
	}
	return r.Tag(name)
}

// trailerCommand reads a command of a text without a board, as the LIN
// reader keeps it: a comment "code|value|".
func trailerCommand(c model.Comment) (string, string, bool) {
	t := c.Text
	i := strings.IndexByte(t, '|')
	if i < 1 || !strings.HasSuffix(t, "|") || strings.Count(t, "|") != 2 {
		return "", "", false
	}
	return t[:i], t[i+1 : len(t)-1], true
}

// segmentKey is what a vg says of a record.
func segmentKey(r *model.Record) string {
	if v, _, ok := headOf(r, layout.HeadVg); ok {
		return v
	}
	var buf [256]byte
	b := buf[:0]
	home, visit := teams(r)
	for _, v := range [...]string{tagValue(r, "Event"), tagValue(r, "Stage"), tagValue(r, "Scoring"), home, visit} {
		b = append(b, v...)
		b = append(b, 0)
	}
	if m := r.Match; m != nil {
		for _, h := range [...]struct {
			name string
			n    int
		}{{layout.HeadFirst, m.First}, {layout.HeadLast, m.Last}} {
			if v, _, ok := headOf(r, h.name); ok {
				b = append(b, v...)
			} else {
				b = strconv.AppendInt(b, int64(h.n), 10)
			}
			b = append(b, 0)
		}
		for _, v := range [...]string{m.Home.Carry, m.Visit.Carry} {
			b = append(b, v...)
			b = append(b, 0)
		}
	}
	return string(b)
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
	if r.Room == model.ClosedRoom {
		return 1
	}
	return 0
}

// hasRoom reports whether r gives its room, the open or the closed one (a
// Room tag that names neither, an empty placeholder among them, gives
// none: its text is kept as given).
func hasRoom(r *model.Record) bool { return r.Room != model.NoRoom }

// pnSeats are the players' tags in pn's order.
var pnSeats = [4]string{"South", "West", "North", "East"}

// names are the record's players in pn order, South, West, North, East,
// and whether it has any.
func names(r *model.Record) ([4]string, bool) {
	var n [4]string
	any := false
	for i, s := range pnSeats {
		v, ok := TagOrFact(r, s)
		n[i] = v
		any = any || ok
	}
	return n, any
}

// unknownPlayers reports whether the record's players are all unknown:
// each seat's tag "?" (as PBN writes a game with none) or absent.
func unknownPlayers(r *model.Record) bool {
	for _, s := range pnSeats {
		if v, ok := TagOrFact(r, s); ok && v != "?" {
			return false
		}
	}
	return true
}

// vgCommand is the vg a record's tags give (as read, or made from its
// nine fields, fb and lb filling the boards), with the comments kept after
// it; ok is false for a record without one.
func vgCommand(r *model.Record, fb, lb int) (string, []model.Comment, bool) {
	if v, cs, ok := headOf(r, layout.HeadVg); ok {
		return v, cs, true
	}
	if r.Match == nil && !r.Given(model.FactEvent) && r.TagIndex("HomeTeam") < 0 && r.TagIndex("VisitTeam") < 0 {
		return "", nil, false
	}
	home, visit := teams(r)
	first1, last1 := strconv.Itoa(fb), strconv.Itoa(lb)
	homeCarry, visitCarry := "0", "0"
	if m := r.Match; m != nil {
		first1, last1 = matchBoards(r)
		homeCarry, visitCarry = m.Home.Carry, m.Visit.Carry
	}
	f := []string{tagValue(r, "Event"), tagValue(r, "Stage"), linScoringLetter(tagValue(r, "Scoring")),
		first1, last1, home, homeCarry, visit, visitCarry}
	for i := range f {
		f[i] = strings.ReplaceAll(f[i], ",", ";")
	}
	return strings.Join(f, ","), tagComments(r, "Event"), true
}

// ownVg reports whether a record's vg has comments: they were read with
// it, so the vg was read with the record and is written before it.
func ownVg(r *model.Record) bool {
	if _, cs, ok := headOf(r, layout.HeadVg); ok {
		return len(cs) > 0
	}
	return len(tagComments(r, "Event")) > 0
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

func tagComments(r *model.Record, name string) []model.Comment { return r.CommentsOf(name) }

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
		if m, ok := layout.MarkOf(&c); ok {
			switch m.Kind {
			case layout.Pause:
				b = appendCmd(b, "pg", m.Value)
			case layout.Command:
				b = appendCmd(b, m.Code, m.Value)
			}
			continue
		}
		if code, value, ok := layout.CommentCommand(c); ok {
			b = appendCmd(b, code, value)
			continue
		}
		b = appendCmd(b, "nt", linEscapeSuits(c.Text))
		if i+1 >= len(cs) || !layout.IsMark(cs[i+1], layout.NoPause) {
			b = append(b, "pg||"...)
		}
	}
	return b
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

// appendAfter writes the pause due after an element (unless a no-pause
// mark opens its comments), then the comments.
func appendAfter(b []byte, canon bool, cs []model.Comment) []byte {
	if canon && (len(cs) == 0 || !layout.IsMark(cs[0], layout.NoPause)) {
		b = append(b, "pg||"...)
	}
	return appendLINComments(b, cs)
}

var linSuitWriter = strings.NewReplacer("♠", "!S", "♥", "!H", "♦", "!D", "♣", "!C",
	"!s", "!S", "!h", "!H", "!d", "!D", "!c", "!C")

// linEscapeSuits writes an an or nt text's suit symbols as LIN's escapes,
// !S !H !D !C. A "!s" already in the text (BBO's own escape, as its PBN
// exports carry it into notes) is written "!S" too: LIN reads the two
// alike, as a suit symbol, and the one spelling keeps a text the same
// however often it goes from PBN to LIN and back.
func linEscapeSuits(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 || s[i] == '!' {
			return linSuitWriter.Replace(s)
		}
	}
	return s
}
