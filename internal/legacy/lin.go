package legacy

import (
	"slices"
	"strconv"
	"strings"

	"handrec/layout"
	"handrec/model"
)

// The names a LIN record carried before the domain model in which nothing is named after LIN: tags
// for what is now the record's match, room and LIN layout, and comment
// kinds for LIN's marks and commands. Archives made then hold them.
const (
	legacyVg         = "LinVg"
	legacyQx         = "LinQx"
	legacyAh         = "LinAh"
	legacyRs         = "LinRs"
	legacyRsAll      = "LinRsAll"
	legacyRsAgain    = "LinRsAgain"
	legacyFirstBoard = "LinFirstBoard"
	legacyLastBoard  = "LinLastBoard"
	legacyHomeCarry  = "LinHomeCarry"
	legacyVisitCarry = "LinVisitCarry"
)

// legacyHeads maps a legacy tag to the head that keeps its value now.
var legacyHeads = map[string]string{
	legacyVg: layout.HeadVg, legacyQx: layout.HeadQx, legacyAh: layout.HeadAh, legacyRs: layout.HeadRs,
	legacyRsAll: layout.HeadRsAll, legacyRsAgain: layout.HeadRsAgain,
}

// LINNames reports whether a record carries a LIN name of the old model: a
// tag Lin... or a comment of kind lin|... or lin-<code> (a mark in flight
// since ModelComments read it).
func LINNames(r *model.Record) bool {
	for i := range r.Tags {
		if strings.HasPrefix(r.Tags[i].Name, "Lin") {
			return true
		}
	}
	found := legacyKinds(r.Leading)
	r.EachComments(func(_ string, cs *[]model.Comment) { found = found || legacyKinds(*cs) })
	eachComments(r, func(cs []model.Comment) []model.Comment {
		found = found || legacyKinds(cs)
		return cs
	})
	return found
}

// legacyKinds reports whether cs holds a mark in flight: a comment of a
// LIN kind of the old model, read as layout.OldComment gives it.
func legacyKinds(cs []model.Comment) bool {
	for _, c := range cs {
		if layout.InFlight(c) {
			return true
		}
	}
	return false
}

// eachComments calls f on the comments of every call, of the play and of
// every card, and keeps what f returns.
func eachComments(r *model.Record, f func([]model.Comment) []model.Comment) {
	if r.Auction != nil {
		for i := range r.Auction.Calls {
			r.Auction.Calls[i].Comments = f(r.Auction.Calls[i].Comments)
		}
	}
	if p := r.Play; p != nil {
		p.Comments = f(p.Comments)
		for t := range p.Tricks {
			for s := range p.Tricks[t] {
				p.Tricks[t][s].Comments = f(p.Tricks[t][s].Comments)
			}
		}
	}
}

// FromLIN turns a record that an older handrec read from LIN into
// the form the LIN reader gives now: the vg's teams, carry-overs and
// boards (tags HomeTeam, VisitTeam, LinFirstBoard, ...) become the record's
// Match, the Room tag its Room, the other Lin... tags heads of its LIN
// layout, and the comments of kind lin|pg, lin|nopg, lin|mc and lin-<code>
// (marks in flight, as ModelComments read them) marks of the layout. The caller knows the
// record was read from LIN (its source's format, or LINNames), its facts
// lifted out of its tags already (LiftFacts); a record
// from another format must not be given, since its Room and team tags are
// its own. FromLIN reports whether it changed the record.
func FromLIN(r *model.Record) bool {
	l := new(layout.LIN)
	if old, ok := r.Layout.(*layout.LIN); ok {
		if len(old.Heads) > 0 || len(old.Marks) > 0 {
			return false // already in the new form
		}
		l.Breaks = old.Breaks
	}
	if LINNames(r) {
		unliftRoom(r)
	}
	vugraph := r.TagIndex("Room") >= 0 || r.TagIndex(legacyQx) >= 0
	changed := legacyTags(r, l)
	layout.LiftFacts(r) // a Room tag that names no room is the room's text as given
	if vugraph {
		legacyPnPause(r)
	}
	l.TakeMarks(r, func(c *model.Comment) (layout.Mark, bool) {
		m, mark := layout.MarkOf(c)
		changed = changed || mark
		return m, mark
	})
	l.Settle(r) // the commentary and commands are the record's now
	// the order of the older form's tags is no LIN bookkeeping: a LIN
	// record's facts go where PBN exports them
	layout.SetTagOrder(r, nil)
	if !l.Empty() {
		r.Layout = l
	}
	return changed
}

// unliftRoom puts the Room tag that LiftFacts took out of r.Tags back
// where it stood (by r's PBN tag order; after the tags, where PBN exports
// it, when there is none), for legacyTags to read as the older LIN reader
// wrote it. The caller knows r is of the older form, which carries LIN
// names (LINNames) and stated every fact as a tag too, so that a room it
// gives was a tag; a record of a later form has its room from qx, which
// was never a tag.
func unliftRoom(r *model.Record) {
	if !r.Given(model.FactRoom) {
		return
	}
	n := &r.Facts[model.FactRoom]
	v, _ := r.FactValue(model.FactRoom)
	t := model.Tag{Name: "Room", Value: v, ValuePos: n.Pos, Comments: n.Comments}
	r.Tags = slices.Insert(r.Tags, roomTagsBefore(r), t)
	*n = model.FactNote{}
	r.Room = model.NoRoom
}

// roomTagsBefore is the number of r's tags that stood before its room in
// its PBN tag order; all of them when the order does not place it.
func roomTagsBefore(r *model.Record) int {
	n := 0
	for _, name := range layout.TagOrder(r) {
		f, fact := model.FactNamed(name)
		if f == model.FactRoom && fact {
			return min(n, len(r.Tags))
		}
		if !fact {
			n++
		}
	}
	return len(r.Tags)
}

// legacyTags moves the legacy tags out of r.Tags: into r.Match, r.Room and
// the heads of l, in the order the reader makes them.
func legacyTags(r *model.Record, l *layout.LIN) bool {
	var m model.Match
	hasMatch := false
	k := 0
	for _, t := range r.Tags {
		switch t.Name {
		case legacyVg, legacyQx, legacyAh, legacyRs, legacyRsAll, legacyRsAgain:
			l.Heads = append(l.Heads, layout.Head{Name: legacyHeads[t.Name], Value: t.Value, Comments: t.Comments})
		case "Room":
			room, ok := model.ParseRoom(t.Value)
			if !ok {
				r.Tags[k] = t
				k++
				continue
			}
			r.Room = room
			if len(t.Comments) > 0 {
				l.Heads = append(l.Heads, layout.Head{Name: layout.HeadRoom, Comments: t.Comments})
			}
		case legacyFirstBoard, legacyLastBoard:
			hasMatch = true
			n, name, p := legacyBoard(t.Value), layout.HeadFirst, &m.First
			if t.Name == legacyLastBoard {
				name, p = layout.HeadLast, &m.Last
			}
			*p = n
			if strconv.Itoa(n) != t.Value {
				l.Heads = append(l.Heads, layout.Head{Name: name, Value: t.Value})
			}
		case "HomeTeam":
			m.Home.Name, hasMatch = t.Value, true
		case "VisitTeam":
			m.Visit.Name, hasMatch = t.Value, true
		case legacyHomeCarry:
			m.Home.Carry, hasMatch = t.Value, true
		case legacyVisitCarry:
			m.Visit.Carry, hasMatch = t.Value, true
		default:
			r.Tags[k] = t
			k++
			continue
		}
	}
	changed := k < len(r.Tags)
	clear(r.Tags[k:])
	r.Tags = r.Tags[:k]
	if hasMatch {
		r.Match = &m
	}
	return changed
}

// legacyPnPause reads the pause after a vugraph board's pn as the LIN
// reader does now: the pause there is due (BBO's header ends
// pn|...|pg||), and a pn without one gets a no-pause mark; two pauses
// there stay marks. The board is a vugraph one (the caller knows it from
// its legacy Room or LinQx tag; a record of the new form, whose pn pause
// is no longer a mark, has neither), and the pn its own when its West tag
// (a fact) has a position. Before the marks are moved out of the comments.
func legacyPnPause(r *model.Record) {
	west := &r.Facts[model.FactWest]
	if !r.Given(model.FactWest) || west.Pos.Line == 0 {
		return
	}
	pause := func(c model.Comment) bool { return layout.IsMark(c, layout.Pause) && c.Text == "" }
	cs := west.Comments
	switch {
	case len(cs) > 1 && pause(cs[0]) && pause(cs[1]):
	case len(cs) > 0 && pause(cs[0]):
		west.Comments = nil
		if len(cs) > 1 {
			west.Comments = cs[1:]
		}
	default:
		west.Comments = append([]model.Comment{layout.Mark{Kind: layout.NoPause}.Comment()}, cs...)
	}
}

// legacyBoard reads a board number of vg as the reader does, 0 when it is
// not one.
func legacyBoard(v string) int {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return 0
	}
	return n
}

// FromLINTrailer turns the trailer comments of a LIN file as an older
// handrec read them (kind "lin-<code>", the value as text; kinds holds
// each comment's kind) into the form the LIN reader gives now: each
// command as written, "code|value|". It reports whether it changed any.
func FromLINTrailer(cs []model.Comment, kinds []string) bool {
	changed := false
	for i := range cs {
		if i >= len(kinds) {
			break
		}
		if code, ok := strings.CutPrefix(kinds[i], "lin-"); ok {
			cs[i].Text = code + "|" + cs[i].Text + "|"
			changed = true
		}
	}
	return changed
}

// FromPausedPn drops from a record's LIN layout the pause mark that opens
// a vugraph board's pn comments, alone: models stored before the pause
// after pn was due (an archive's, at schema version 4 or 5) have one
// there, for the pause the writer now puts there itself, and the reader
// now gives none (it keeps a pause there only before a second one). The
// board is a vugraph one when it has a room or a qx kept as written, and
// the pn its own when its West tag has a position. Safe on a model of any
// time; a model stored then of a pn without a pause, which has no mark,
// reads as one with it. It reports whether it changed the record.
func FromPausedPn(r *model.Record) bool {
	l, ok := r.Layout.(*layout.LIN)
	if !ok {
		return false
	}
	_, qx := l.Head(layout.HeadQx)
	if !r.Given(model.FactWest) || r.Facts[model.FactWest].Pos.Line == 0 || r.Room == model.NoRoom && !qx {
		return false
	}
	isWest := func(m layout.Mark) bool { return m.At == layout.AtTag && m.Name == "West" }
	pauseAt := func(n int) bool {
		for _, m := range l.Marks {
			if isWest(m) && m.N == n {
				return m.Kind == layout.Pause && m.Value == ""
			}
		}
		return false
	}
	if !pauseAt(0) || pauseAt(1) {
		return false
	}
	k := 0
	for _, m := range l.Marks {
		if isWest(m) {
			if m.N == 0 {
				continue
			}
			m.N--
		}
		l.Marks[k] = m
		k++
	}
	l.Marks = l.Marks[:k]
	if l.Empty() {
		r.Layout = nil
	}
	return true
}

// SettleMarks moves into r's LIN layout the marks in flight that JSON 2
// written by an older handrec gives for its comments of LIN's kinds
// (lin|pg, lin|nopg, lin|mc, lin-<code>: layout.OldComment), as FromLIN
// does for an older model, so that the JSON and the archive written from
// r keep them; only the LIN writer reads them, which wrote them in flight
// as it writes them from the layout. The pause after a pn stays as it was
// read: the LIN writer takes a pause mark that opens a pn's comments for
// the pause due there (FromPausedPn is the archive's own rule). A record
// with a layout of another format, or a LIN layout with marks of its own,
// keeps them in flight: it holds no other. SettleMarks reports whether
// it moved any; run it before layout.SettleKinds, whose numbers of the comments
// count no mark.
func SettleMarks(r *model.Record) bool {
	inFlight := false
	layout.EachComment(r, func(c *model.Comment) { inFlight = inFlight || layout.InFlight(*c) })
	if !inFlight {
		return false
	}
	l, ok := r.Layout.(*layout.LIN)
	switch {
	case r.Layout == nil:
		l = new(layout.LIN)
	case !ok || len(l.Marks) > 0:
		return false
	}
	l.TakeMarks(r, layout.MarkOf)
	if l.Empty() {
		return false
	}
	r.Layout = l
	return true
}
