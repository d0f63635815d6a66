package lin

import (
	"strconv"
	"strings"

	"handrec/layout"
	"handrec/model"
)

// addHead keeps a header value as written in the layout, with the comments
// of anchor a (when a >= 0). A room head holds only comments: it is kept
// only when there are some.
func (b *linBuilder) addHead(name, value string, a int) {
	h := layout.Head{Name: name, Value: value}
	if a >= 0 && b.present[a] {
		h.Comments = b.anchors[a]
		b.anchors[a] = nil
	}
	if name == layout.HeadRoom && len(h.Comments) == 0 {
		return
	}
	b.lay.Heads = append(b.lay.Heads, h)
}

// vgMatch is the team match a vg's nine fields give, nil for a vg with
// another number of fields. The reader makes it once for the boards the vg
// holds for, which share it.
func vgMatch(vg string) *model.Match {
	f := strings.Split(vg, ",")
	if len(f) != 9 {
		return nil
	}
	return &model.Match{
		First: vgBoard(f[3]),
		Last:  vgBoard(f[4]),
		Home:  model.Team{Name: f[5], Carry: f[6]},
		Visit: model.Team{Name: f[7], Carry: f[8]},
	}
}

// vgBoard reads a board number of vg, 0 when it is not one.
func vgBoard(v string) int {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return 0
	}
	return n
}

// match is the record's match, the one its vg's nine fields give; a board
// number not written as the number is kept as written in the layout.
func (b *linBuilder) match(vg []string) *model.Match {
	m := b.sh.match
	if m == nil { // a builder made without the reader
		m = vgMatch(b.sh.vg)
	}
	var buf [20]byte
	for _, h := range [...]struct {
		name string
		v    string
		n    int
	}{{layout.HeadFirst, vg[3], m.First}, {layout.HeadLast, vg[4], m.Last}} {
		if string(strconv.AppendInt(buf[:0], int64(h.n), 10)) != h.v {
			b.lay.Heads = append(b.lay.Heads, layout.Head{Name: h.name, Value: h.v})
		}
	}
	return m
}

// moveMarks moves the layout marks out of the record's comments into its
// layout, the commentary kept with a head out of the layout into the
// record (layout.LIN.SettleComments), and gives the record its layout when
// that holds anything.
func (b *linBuilder) moveMarks() {
	r, l := b.rec, &b.lay
	l.TakeMarks(r, layout.MarkOf)
	l.SettleComments(r)
	l.Breaks = ownBreaks(r)
	if !l.Empty() {
		r.Layout = keepLayout(l)
	}
}

// ownBreaks reports whether r has commentary of several lines, all of it
// LIN's nt (no kept command, "code|value|", holds a line break): the
// writer writes it as read (layout.LIN.Breaks).
func ownBreaks(r *model.Record) bool {
	breaks, command := false, false
	layout.EachComment(r, func(c *model.Comment) {
		if strings.ContainsAny(c.Text, "\r\n") {
			breaks = true
			_, _, cmd := layout.CommentCommand(*c)
			command = command || cmd
		}
	})
	return breaks && !command
}

// layoutBlock is a layout with room for a few marks and heads: a record's
// layout is one allocation.
type layoutBlock struct {
	l     layout.LIN
	marks [2]layout.Mark
	heads [1]layout.Head
}

// keepLayout is a copy of l that the record can keep.
func keepLayout(l *layout.LIN) *layout.LIN {
	k := new(layoutBlock)
	if len(l.Marks) > 0 {
		k.l.Marks = append(k.marks[:0], l.Marks...)
	}
	if len(l.Heads) > 0 {
		k.l.Heads = append(k.heads[:0], l.Heads...)
	}
	k.l.Breaks = l.Breaks
	return &k.l
}
