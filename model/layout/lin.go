package layout

import (
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
}

// Format is model.LIN.
func (*LIN) Format() model.Format { return model.LIN }

// Empty reports whether the layout holds nothing.
func (l *LIN) Empty() bool { return l == nil || len(l.Heads) == 0 && len(l.Marks) == 0 }

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
)

// Head is a header value as written.
type Head struct {
	Name     string          `json:"name"`
	Value    string          `json:"value,omitempty"`
	Comments []model.Comment `json:"comments,omitempty"`
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

// The kinds a LIN mark has while it stands among the comments of its
// element, inside the LIN reader (until TakeMarks moves it into the
// layout) and the LIN writer (which puts it back where it stood): a pause
// (pg) where the writer would not put one, the lack of one where it would,
// the claim's place, and a command kept as written, "|<code>|". They are
// defined here alone, and no comment of these kinds leaves the reader or
// the writer.
const (
	KindPause   = "|pg"
	KindNoPause = "|nopg"
	KindClaim   = "|mc"
)

// KindCommand is the kind of a kept command's mark among comments.
func KindCommand(code string) string { return "|" + code + "|" }

// CommandKind reports whether a kind is a kept command's, "|<code>|", and
// gives the code.
func CommandKind(k string) (string, bool) {
	if len(k) < 2 || k[0] != '|' || k[len(k)-1] != '|' {
		return "", false
	}
	return k[1 : len(k)-1], true
}

// MarkOf is the mark a comment among the reader's is, if it is one: a
// kept command that a comment can carry (CommandComment) is no mark but
// that comment, which MarkOf puts in its place.
func MarkOf(c *model.Comment) (Mark, bool) {
	switch k := c.Kind; {
	case k == "" || k[0] != '|':
		return Mark{}, false
	case k == KindPause:
		return Mark{Kind: Pause, Value: c.Text}, true
	case k == KindNoPause:
		return Mark{Kind: NoPause}, true
	case k == KindClaim:
		return Mark{Kind: Claim}, true
	default:
		code := k[1 : len(k)-1]
		if cc, ok := CommandComment(code, c.Text); ok {
			cc.Pos = c.Pos
			*c = cc
			return Mark{}, false
		}
		return Mark{Kind: Command, Code: code, Value: c.Text}, true
	}
}

// Comment is the mark as it stands among comments in the LIN writer.
func (m Mark) Comment() model.Comment {
	switch m.Kind {
	case Pause:
		return model.Comment{Kind: KindPause, Text: m.Value}
	case NoPause:
		return model.Comment{Kind: KindNoPause}
	case Claim:
		return model.Comment{Kind: KindClaim}
	}
	return model.Comment{Kind: KindCommand(m.Code), Text: m.Value}
}

// linInterpreted are the two-letter codes a LIN reader reads (in any
// case): a comment is never taken for one of them.
var linInterpreted = map[string]bool{"vg": true, "rs": true, "pn": true, "qx": true, "md": true,
	"sv": true, "ah": true, "mb": true, "an": true, "pc": true, "mc": true, "nt": true, "pg": true,
	"st": true, "rh": true}

// CommandComment is a LIN command that no field of the record holds (at,
// a second qx, ...) as a comment of the record, "code|value|", which any
// format carries and the LIN writer writes back as the command: reported
// false for a code of other than one to three letters or digits or one a
// LIN reader reads, or a value with a '|', which stay marks of the layout.
func CommandComment(code, value string) (model.Comment, bool) {
	if !PlausibleCode([]byte(code)) || len(code) == 2 && linInterpreted[strings.ToLower(code)] ||
		strings.IndexByte(value, '|') >= 0 {
		return model.Comment{}, false
	}
	return model.Comment{Kind: model.CommentBrace, Text: code + "|" + value + "|"}, true
}

// CommentCommand reads a comment that holds one LIN command,
// "code|value|", as CommandComment makes it (and a LIN -> PBN conversion
// writes it): the LIN writer writes it as the command.
func CommentCommand(c model.Comment) (code, value string, ok bool) {
	if c.Kind == model.CommentText {
		return "", "", false
	}
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
