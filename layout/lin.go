package layout

import (
	"slices"
	"strings"

	"handrec/model"
)

func init() {
	model.RegisterLayout(model.LIN, func() model.Layout { return new(LIN) })
}

// LIN is the layout of a record read from LIN. The LIN reader fills it and
// the LIN writer reads it; a writer of another format ignores it, and the
// LIN writer lays out a record without one from its fields alone.
type LIN struct {
	// Heads are header values as written that the domain has no place
	// for, each with the commands kept after it.
	Heads []Head `json:"heads,omitempty"`
	// Marks are what stood among the comments of the record's elements
	// that is not commentary: pauses, their lack, a claim's place, and
	// commands kept as written. They are in the order of their anchors
	// and, for one anchor, of N.
	Marks []Mark `json:"marks,omitempty"`
	// Breaks is true when the record's commentary of several lines is
	// LIN's own nt (no kept command holds a line break): the writer writes
	// it as read. Without it, a line break in commentary (a PBN comment's)
	// becomes a space, since readers take a board a line.
	Breaks bool `json:"breaks,omitempty"`
}

// Format is model.LIN.
func (*LIN) Format() model.Format { return model.LIN }

// Empty reports whether the layout holds nothing.
func (l *LIN) Empty() bool { return l == nil || len(l.Heads) == 0 && len(l.Marks) == 0 && !l.Breaks }

// The heads a LIN layout keeps.
const (
	HeadVg      = "vg"       // a vg value without its nine fields
	HeadQx      = "qx"       // a qx value that is not o<N> or c<N>
	HeadRoom    = "room"     // no value: the commands kept after a qx that gave the room
	HeadAh      = "ah"       // an ah value that is not "Board <N>", or any ah of a vugraph board
	HeadRs      = "rs"       // the board's rs entry, when it could not be read
	HeadRsAll   = "rs-all"   // the segment's whole rs, on its last board, when it gives a result for a table no board has
	HeadRsAgain = "rs-again" // no value: an rs read after boards of the same vg holds from this board
	HeadFirst   = "first"    // vg's first board as written, when it is not the number the match gives
	HeadLast    = "last"     // vg's last board likewise
	// HeadNoDealer has no value: the board gave no dealer (an md without
	// its digit, md||, or none) though it has calls. The reader states the
	// dealer the auction was laid out from, who called first (the board
	// number's, else South), and the writer writes md without a digit.
	HeadNoDealer = "no-dealer"
	// HeadNoPn has no value: a single board read with no pn before it
	// (none in the file so far). The writer, which gives any other board
	// without players pn|,,,|, writes it without one again.
	HeadNoPn = "no-pn"
)

// Head is a header value as written. The commentary that followed it is
// the record's: the last Held of the record's leading comments, heads
// taken in order (SettleComments). A layout stored before held them in
// Comments, which the LIN writer reads as they are and SettleComments
// moves to the record; the writer puts them back in Comments (on its own
// copy) to write the head.
type Head struct {
	Name     string          `json:"name"`
	Value    string          `json:"value,omitempty"`
	Held     int             `json:"held,omitempty"`
	Comments []model.Comment `json:"comments,omitempty"`
}

// Lost lists what the layout holds that no field of the record does,
// which a writer of another format leaves out: the header values kept as
// written, the pauses, and the commands kept as they stood
// (model.Lossy).
func (l *LIN) Lost() []string {
	if l == nil {
		return nil
	}
	var out []string
	for _, h := range l.Heads {
		switch {
		case h.Name == HeadNoDealer:
			out = append(out, "LIN md without a dealer (the dealer who called first is stated)")
		case h.Value != "":
			out = append(out, "LIN "+strings.SplitN(h.Name, "-", 2)[0]+" as written")
		}
	}
	for _, m := range l.Marks {
		switch m.Kind {
		case Pause:
			out = append(out, "LIN pause (pg)")
		case Command:
			out = append(out, "LIN command "+m.Code+"|")
		}
	}
	return out
}

// Head returns the head called name.
func (l *LIN) Head(name string) (*Head, bool) {
	if l == nil {
		return nil, false
	}
	for i := range l.Heads {
		if l.Heads[i].Name == name {
			return &l.Heads[i], true
		}
	}
	return nil, false
}

// Anchor tells which element's comments a mark stood among.
type Anchor string

// The anchors.
const (
	AtLeading Anchor = "leading" // the record's leading comments
	AtTag     Anchor = "tag"     // a tag's comments (Mark.Name)
	AtHead    Anchor = "head"    // a head's comments (Mark.Name)
	AtCall    Anchor = "call"    // a call's comments (Mark.I, its index in the auction)
	AtCard    Anchor = "card"    // a card's comments (Mark.I, 4*trick + seat)
	AtPlay    Anchor = "play"    // the play's comments, before its first card
)

// MarkKind is what a mark is.
type MarkKind string

// The kinds of marks.
const (
	Pause   MarkKind = "pause"    // a pg where the writer would not put one (Value as written)
	NoPause MarkKind = "no-pause" // no pg where the writer would put one
	Claim   MarkKind = "claim"    // where the claim stood, when not after the last card's comments
	Command MarkKind = "command"  // a command kept as written (Code, Value)
)

// Mark is one layout mark, anchored to an element: it stood at index N
// of the element's comments, marks counted.
type Mark struct {
	At    Anchor   `json:"at"`
	Name  string   `json:"name,omitempty"`
	I     int      `json:"i,omitempty"`
	N     int      `json:"n"`
	Kind  MarkKind `json:"kind"`
	Code  string   `json:"code,omitempty"`
	Value string   `json:"value,omitempty"`
}

// PlausibleCode is what a reader takes for a LIN command's code at the
// start of a file: one to three letters or digits. A reader tells LIN from
// other text by it, and the writer makes sure a file starts with one.
func PlausibleCode(c []byte) bool {
	if len(c) == 0 || len(c) > 3 {
		return false
	}
	for _, x := range c {
		if !(x >= 'a' && x <= 'z' || x >= 'A' && x <= 'Z' || x >= '0' && x <= '9') {
			return false
		}
	}
	return true
}

// TakeMarks moves the marks out of every comment list of r (its leading
// comments, its tags' and facts', l's heads', the calls', the play's and
// the cards') into l, each anchored to the element whose comments held it.
// markOf tells whether a comment is a mark, and which; it may rewrite a
// comment that stays.
func (l *LIN) TakeMarks(r *model.Record, markOf func(c *model.Comment) (Mark, bool)) {
	take := func(cs []model.Comment, at Anchor, name string, i int) []model.Comment {
		k := 0
		for n := range cs {
			m, ok := markOf(&cs[n])
			if !ok {
				cs[k] = cs[n]
				k++
				continue
			}
			m.At, m.Name, m.I, m.N = at, name, i, n
			l.Marks = append(l.Marks, m)
		}
		if k == len(cs) {
			return cs
		}
		clear(cs[k:])
		if k == 0 {
			return nil
		}
		return cs[:k]
	}
	r.Leading = take(r.Leading, AtLeading, "", 0)
	r.EachComments(func(name string, cs *[]model.Comment) { *cs = take(*cs, AtTag, name, 0) })
	for i := range l.Heads {
		l.Heads[i].Comments = take(l.Heads[i].Comments, AtHead, l.Heads[i].Name, 0)
	}
	if r.Auction != nil {
		for i := range r.Auction.Calls {
			c := &r.Auction.Calls[i]
			c.Comments = take(c.Comments, AtCall, "", i)
		}
	}
	if p := r.Play; p != nil {
		p.Comments = take(p.Comments, AtPlay, "", 0)
		for t := range p.Tricks {
			for s := range p.Tricks[t] {
				pc := &p.Tricks[t][s]
				pc.Comments = take(pc.Comments, AtCard, "", 4*t+s)
			}
		}
	}
}

// A mark in flight: while the LIN reader reads a record (until TakeMarks
// moves its marks into the layout) and while the LIN writer writes it
// (which puts them back where they stood), a mark stands among the
// comments of its element as a comment that no reader gives: its Pos's
// Line is markLine, its Col the mark's kind (markKinds), its Text the
// mark's value (a command's: its code, "|" and its value). Mark.Comment
// makes one, MarkOf reads it; they are defined here alone, and no such
// comment leaves the reader or the writer.
const markLine = -1

var markKinds = [...]MarkKind{Pause, NoPause, Claim, Command}

// Comment is the mark in flight, as it stands among comments.
func (m Mark) Comment() model.Comment {
	c := model.Comment{Text: m.Value, Pos: model.Pos{Line: markLine}}
	for i, k := range markKinds {
		if k == m.Kind {
			c.Pos.Col = i
		}
	}
	if m.Kind == Command {
		c.Text = m.Code + "|" + m.Value
	}
	return c
}

// IsMark reports whether c is a mark in flight of kind k.
func IsMark(c model.Comment, k MarkKind) bool {
	return c.Pos.Line == markLine && c.Pos.Col >= 0 && c.Pos.Col < len(markKinds) && markKinds[c.Pos.Col] == k
}

// InFlight reports whether c is a mark in flight (Mark.Comment).
func InFlight(c model.Comment) bool { return c.Pos.Line == markLine }

// MarkOf is the mark a comment among the reader's is, if it is one: a
// kept command that a comment can carry (CommandComment) is no mark but
// that comment, which MarkOf puts in its place.
func MarkOf(c *model.Comment) (Mark, bool) {
	if !InFlight(*c) || c.Pos.Col < 0 || c.Pos.Col >= len(markKinds) {
		return Mark{}, false
	}
	m := Mark{Kind: markKinds[c.Pos.Col], Value: c.Text}
	if m.Kind == Command {
		m.Code, m.Value, _ = strings.Cut(c.Text, "|")
		if cc, ok := CommandComment(m.Code, m.Value); ok {
			*c = cc
			return Mark{}, false
		}
	}
	return m, true
}

// CommandComment is a LIN command that no field of the record holds (at,
// a second qx, a card that could not be read, ...) as a comment of the
// record, "code|value|", which any format carries and the LIN writer writes
// back as the command: reported false for a code of other than one to
// three letters or digits, or nt (commentary, which a comment is), or a
// value with a '|'; those stay marks of the layout.
func CommandComment(code, value string) (model.Comment, bool) {
	if !PlausibleCode([]byte(code)) || strings.EqualFold(code, "nt") || strings.IndexByte(value, '|') >= 0 {
		return model.Comment{}, false
	}
	return model.Comment{Text: code + "|" + value + "|"}, true
}

// CommentCommand reads a comment that holds one LIN command,
// "code|value|", as CommandComment makes it (and a LIN -> PBN conversion
// writes it): the LIN writer writes it as the command.
func CommentCommand(c model.Comment) (code, value string, ok bool) {
	t := c.Text
	i := strings.IndexByte(t, '|')
	if i < 1 || !strings.HasSuffix(t, "|") || strings.Count(t, "|") != 2 {
		return "", "", false
	}
	if _, ok := CommandComment(t[:i], t[i+1:len(t)-1]); !ok {
		return "", "", false
	}
	return t[:i], t[i+1 : len(t)-1], true
}

// SettleComments moves the commentary l's heads hold (what followed a
// header value the record has no place for) to r, where every format
// carries it: a room head's to the room's comments (the room is a fact),
// another's to the end of r's leading comments, the head keeping how many
// (Held). It is run by the LIN reader once the marks are taken, and on a
// layout stored before commentary was the record's. A room head left with
// no comments and no marks goes.
func (l *LIN) SettleComments(r *model.Record) {
	if l == nil {
		return
	}
	k := 0
	for i := range l.Heads {
		h := l.Heads[i]
		if len(h.Comments) > 0 && h.Name == HeadRoom && r.Given(model.FactRoom) && l.toRoom(r, h.Comments) {
			h.Comments = nil
		}
		if len(h.Comments) > 0 {
			r.Leading = append(r.Leading, h.Comments...)
			h.Held += len(h.Comments)
			h.Comments = nil
		}
		if h.Name == HeadRoom && h.Held == 0 && !l.marked(AtHead, HeadRoom) {
			continue
		}
		l.Heads[k] = h
		k++
	}
	clear(l.Heads[k:])
	l.Heads = l.Heads[:k]
	if k == 0 {
		l.Heads = nil
	}
}

// toRoom gives the comments of the room head to the room, whose comments
// they follow as the LIN writer writes them, when the room has none of its
// own and no marks: the room head's marks become the room's.
func (l *LIN) toRoom(r *model.Record, cs []model.Comment) bool {
	room := model.FactRoom.String()
	n := &r.Facts[model.FactRoom]
	if len(n.Comments) > 0 || l.marked(AtTag, room) {
		return false
	}
	n.Comments = append([]model.Comment(nil), cs...)
	for i := range l.Marks {
		if m := &l.Marks[i]; m.At == AtHead && m.Name == HeadRoom {
			m.At, m.Name = AtTag, room
		}
	}
	return true
}

// marked reports whether a mark is anchored at the element at, name.
func (l *LIN) marked(at Anchor, name string) bool {
	for _, m := range l.Marks {
		if m.At == at && m.Name == name {
			return true
		}
	}
	return false
}

// HeldComments splits leading, the leading comments of a record whose
// layout is l, into the record's own and, for each head in order, the
// commentary that followed it (nil for a head that holds its Comments, as
// a layout stored before did). ok is false when leading has fewer
// comments than the heads held (a record changed since it was read): all
// of them are then the record's own.
func (l *LIN) HeldComments(leading []model.Comment) (own []model.Comment, held [][]model.Comment, ok bool) {
	total := 0
	for _, h := range l.Heads {
		total += h.Held
	}
	if total == 0 {
		return leading, nil, true
	}
	if total > len(leading) {
		return leading, nil, false
	}
	off := len(leading) - total
	own = leading[:off:off]
	held = make([][]model.Comment, len(l.Heads))
	for i, h := range l.Heads {
		held[i] = leading[off : off+h.Held : off+h.Held]
		off += h.Held
	}
	return own, held, true
}

// Settle hands r what a layout stored in an older form held that is now
// the record's own: the commentary that followed a head (SettleComments),
// and the commands a comment can carry (CommandComment), which an older
// reader kept as marks. A record read by today's reader has neither in its
// layout; Settle leaves it as it is.
func (l *LIN) Settle(r *model.Record) {
	if l == nil {
		return
	}
	carried := false
	for _, m := range l.Marks {
		if m.Kind == Command {
			_, ok := CommandComment(m.Code, m.Value)
			carried = carried || ok
		}
	}
	if carried {
		for _, m := range l.Marks {
			if cs := l.commentsAt(r, m); cs != nil && m.N <= len(*cs) {
				*cs = slices.Insert(*cs, m.N, m.Comment())
			}
		}
		l.Marks = nil
		l.TakeMarks(r, MarkOf)
	}
	l.SettleComments(r)
}

// commentsAt is the comment list of r (or of l's heads) a mark is
// anchored to, nil when r has no such element.
func (l *LIN) commentsAt(r *model.Record, m Mark) *[]model.Comment {
	switch m.At {
	case AtLeading:
		return &r.Leading
	case AtTag:
		if f, ok := model.FactNamed(m.Name); ok {
			return &r.Facts[f].Comments
		}
		if i := r.TagIndex(m.Name); i >= 0 {
			return &r.Tags[i].Comments
		}
	case AtHead:
		for i := range l.Heads {
			if l.Heads[i].Name == m.Name {
				return &l.Heads[i].Comments
			}
		}
	case AtCall:
		if r.Auction != nil && m.I >= 0 && m.I < len(r.Auction.Calls) {
			return &r.Auction.Calls[m.I].Comments
		}
	case AtPlay:
		if r.Play != nil {
			return &r.Play.Comments
		}
	case AtCard:
		if p := r.Play; p != nil && m.I >= 0 && m.I/4 < len(p.Tricks) {
			return &p.Tricks[m.I/4][m.I%4].Comments
		}
	}
	return nil
}
