package layout

import (
	"bytes"
	"encoding/json"
	"strings"

	"handrec/model"
)

// EachComment calls f with each comment of r in the record's commentary
// order, the order in which a layout names a comment by its number (from
// 0): the leading comments; the tags' in the order of r.Tags; the facts'
// by fact, the four players' from the dealer's (North's when the dealer
// is not known); the comments of the fact tags given again that r's PBN
// layout keeps (RepeatsOf); the auction's, each call's, each auction
// note's; the play's, each card's (trick by trick, from the trick's first
// column, the play's first seat), each play note's; each section's tag's
// and then its own. The order depends on what holds the comments, not on
// where a format writes them, so that a number stays the comment's through
// JSON and the archive; and the players and the cards are counted from the
// dealer and the first seat, so that it stays the comment's when the deal
// is turned (a player's comments and a card's go with the seat).
func EachComment(r *model.Record, f func(c *model.Comment)) {
	// (a record has few comments and many places for them: each place is
	// looked at without a call)
	all := func(cs []model.Comment) {
		for i := range cs {
			f(&cs[i])
		}
	}
	if len(r.Leading) > 0 {
		all(r.Leading)
	}
	for i := range r.Tags {
		if cs := r.Tags[i].Comments; len(cs) > 0 {
			all(cs)
		}
	}
	from := r.Dealer
	if !from.Valid() {
		from = model.North
	}
	for i := 0; i < len(r.Facts); i++ {
		if model.Fact(i) == model.PlayerFact(model.North) {
			// the players' four, from the dealer's
			for k := range 4 {
				if cs := r.Facts[model.PlayerFact(from.Add(k))].Comments; len(cs) > 0 {
					all(cs)
				}
			}
			i += 3
			continue
		}
		if cs := r.Facts[i].Comments; len(cs) > 0 {
			all(cs)
		}
	}
	for _, rp := range RepeatsOf(r) {
		all(rp.Tag.Comments)
	}
	if a := r.Auction; a != nil {
		all(a.Comments)
		for i := range a.Calls {
			if cs := a.Calls[i].Comments; len(cs) > 0 {
				all(cs)
			}
		}
		for i := range a.Notes {
			all(a.Notes[i].Comments)
		}
	}
	if p := r.Play; p != nil {
		eachCardComment(p, all)
	}
	for i := range r.Sections {
		all(r.Sections[i].Tag.Comments)
		all(r.Sections[i].Comments)
	}
}

// eachCardComment gives all the play's comments, each card's (trick by
// trick, from the play's first seat) and each play note's (EachComment).
func eachCardComment(p *model.Play, all func([]model.Comment)) {
	all(p.Comments)
	first := p.First
	if !first.Valid() {
		first = model.North
	}
	for i := range p.Tricks {
		t := &p.Tricks[i]
		if len(t[0].Comments)+len(t[1].Comments)+len(t[2].Comments)+len(t[3].Comments) == 0 {
			continue
		}
		for col := range 4 {
			if cs := t[(int(first)+col)&3].Comments; len(cs) > 0 {
				all(cs)
			}
		}
	}
	for i := range p.Notes {
		all(p.Notes[i].Comments)
	}
}

// Semicolons is the set of r's comments that its PBN layout says were
// written ";" (the PBN writer writes every other one in braces), nil when
// there are none.
func Semicolons(r *model.Record) map[*model.Comment]bool {
	l, ok := r.Layout.(*PBN)
	if !ok || len(l.Semicolons) == 0 {
		return nil
	}
	set := make(map[*model.Comment]bool, len(l.Semicolons))
	n, k := 0, 0
	EachComment(r, func(c *model.Comment) {
		for k < len(l.Semicolons) && l.Semicolons[k] < n {
			k++
		}
		if k < len(l.Semicolons) && l.Semicolons[k] == n {
			set[c] = true
		}
		n++
	})
	return set
}

// SetSemicolons notes in r's PBN layout which of its comments were
// written ";": those semi reports. It makes the layout when r has none
// and there are some, and reports false when r's layout is another
// format's, which cannot keep them.
func SetSemicolons(r *model.Record, semi func(c *model.Comment) bool) bool {
	var ns []int
	n := 0
	EachComment(r, func(c *model.Comment) {
		if semi(c) {
			ns = append(ns, n)
		}
		n++
	})
	l := pbnOf(r, len(ns) > 0)
	if l == nil {
		return len(ns) == 0
	}
	l.Semicolons = ns
	if l.Empty() {
		r.Layout = nil
	}
	return true
}

// Comments of an older form. JSON 2 before the layouts held how a
// comment was written, and the model's own JSON of handrec 1 and of the
// archives before schema version 10, gave each comment a kind: "brace",
// "semicolon" (handrec 1: "line"), "text" (LIN's nt, and commentary of a
// format with one kind of it), and in the oldest models LIN's marks
// ("lin|pg", ...) and commands ("lin-<code>"). A reader of such a form
// gives a comment whose kind a layout now holds a position no reader
// gives (OldComment), and SettleKinds moves the kinds into r's layouts
// once the record is whole; a LIN mark becomes the mark in flight
// (Mark.Comment) that LIN.TakeMarks takes.
const (
	oldSemicolon = -2 // Pos.Line of a comment that was of kind "semicolon"
	oldText      = -3 // Pos.Line of a comment that was of kind "text"
)

// The comment kinds the oldest models gave LIN's nt, marks and commands
// (package legacy reads the rest of those models).
const (
	legacyNote   = "lin-nt"
	legacyPause  = "lin|pg"
	legacyNoStop = "lin|nopg"
	legacyClaim  = "lin|mc"
)

// OldSemicolon reports whether an older form's kind is a ";" comment's.
func OldSemicolon(kind string) bool { return kind == "semicolon" || kind == "line" }

// OldComment is a comment of text that an older form gave kind: a LIN
// mark in flight for the oldest models' LIN kinds, else the comment, its
// kind noted for SettleKinds where a layout holds it now.
func OldComment(text, kind string) model.Comment {
	if m, ok := oldMark(text, kind); ok {
		return m.Comment()
	}
	switch {
	case OldSemicolon(kind):
		return model.Comment{Text: text, Pos: model.Pos{Line: oldSemicolon}}
	case kind == "text" || kind == legacyNote:
		return model.Comment{Text: text, Pos: model.Pos{Line: oldText}}
	}
	return model.Comment{Text: text}
}

// oldMark is the mark a comment of the oldest models' LIN kinds is.
func oldMark(text, kind string) (Mark, bool) {
	switch {
	case kind == legacyPause:
		return Mark{Kind: Pause, Value: text}, true
	case kind == legacyNoStop:
		return Mark{Kind: NoPause}, true
	case kind == legacyClaim:
		return Mark{Kind: Claim}, true
	case kind != legacyNote && strings.HasPrefix(kind, "lin-"):
		return Mark{Kind: Command, Code: kind[len("lin-"):], Value: text}, true
	}
	return Mark{}, false
}

// OldKinds reports whether r holds a comment whose kind an older form gave
// and SettleKinds has yet to move.
func OldKinds(r *model.Record) bool {
	found := false
	EachComment(r, func(c *model.Comment) { found = found || c.Pos.Line == oldSemicolon || c.Pos.Line == oldText })
	return found
}

// SettleKinds moves the kinds an older form gave r's comments (OldComment)
// into its layouts, where the writers read them now: a ";" comment into
// its PBN layout (made when r has none; a layout of another format keeps
// none), and, when every comment of several lines was of kind "text" (a
// LIN nt, which the LIN writer writes as read), that into its LIN layout
// (LIN.Breaks, made when r has none). Run once the record is whole.
func SettleKinds(r *model.Record) {
	textBreaks, otherBreaks := false, false
	EachComment(r, func(c *model.Comment) {
		if strings.ContainsAny(c.Text, "\r\n") {
			if c.Pos.Line == oldText {
				textBreaks = true
			} else {
				otherBreaks = true
			}
		}
	})
	SetSemicolons(r, func(c *model.Comment) bool { return c.Pos.Line == oldSemicolon })
	if textBreaks && !otherBreaks {
		switch l := r.Layout.(type) {
		case nil:
			r.Layout = &LIN{Breaks: true}
		case *LIN:
			l.Breaks = true
		}
	}
	EachComment(r, func(c *model.Comment) {
		if c.Pos.Line == oldSemicolon || c.Pos.Line == oldText {
			c.Pos = model.Pos{}
		}
	})
}

// UnmarshalJSON reads a repeated fact tag, and the kind that JSON 2 and
// the archive's stored layouts gave its comments before the layouts held
// it: a ";" comment is read as OldComment gives it, for SettleKinds to
// name in the layout's Semicolons as it does the record's own comments.
func (rp *Repeat) UnmarshalJSON(b []byte) error {
	type plain Repeat
	if err := json.Unmarshal(b, (*plain)(rp)); err != nil {
		return err
	}
	if !bytes.Contains(b, []byte(`"kind"`)) {
		return nil // today's form: most repeats
	}
	var old struct {
		Tag struct {
			Comments []struct {
				Kind string `json:"kind"`
			} `json:"comments"`
		} `json:"tag"`
	}
	if err := json.Unmarshal(b, &old); err != nil {
		return err
	}
	cs := rp.Tag.Comments
	for i, c := range old.Tag.Comments {
		if i < len(cs) && OldSemicolon(c.Kind) {
			cs[i] = OldComment(cs[i].Text, c.Kind)
		}
	}
	return nil
}
