package export

import (
	"slices"

	"handrec/model"
	"handrec/model/layout"
)

// The kinds the LIN writer gives a layout's marks when it merges them back
// among the comments they stood with (as the reader's builder has them): a
// pause, the lack of one where the writer puts one, the claim's place. A
// command kept as written has kind "|<code>|". None of these leaves the
// writer.
const (
	markPause  = "|pg"
	markNoStop = "|nopg"
	markClaim  = "|mc"
)

// commandKind reports whether a kind is a kept command's, "|<code>|", and
// gives the code.
func commandKind(k string) (string, bool) {
	if len(k) < 2 || k[0] != '|' || k[len(k)-1] != '|' {
		return "", false
	}
	return k[1 : len(k)-1], true
}

// linLayout is r's LIN layout, nil when it has none.
func linLayout(r *model.Record) *layout.LIN {
	l, _ := r.Layout.(*layout.LIN)
	return l
}

// headOf is the value and the comments of r's layout head name.
func headOf(r *model.Record, name string) (string, []model.Comment, bool) {
	h, ok := linLayout(r).Head(name)
	if !ok {
		return "", nil, false
	}
	return h.Value, h.Comments, true
}

func hasHead(r *model.Record, name string) bool {
	_, ok := linLayout(r).Head(name)
	return ok
}

// markComment is a mark as the writer has it among comments.
func markComment(m layout.Mark) model.Comment {
	switch m.Kind {
	case layout.Pause:
		return model.Comment{Kind: markPause, Text: m.Value}
	case layout.NoPause:
		return model.Comment{Kind: markNoStop}
	case layout.Claim:
		return model.Comment{Kind: markClaim}
	}
	return model.Comment{Kind: "|" + m.Code + "|", Text: m.Value}
}

// mergeMarks puts marks (of one anchor, by N) back among comments.
func mergeMarks(cs []model.Comment, ms []layout.Mark) []model.Comment {
	out := make([]model.Comment, 0, len(cs)+len(ms))
	j := 0
	for _, m := range ms {
		for len(out) < m.N && j < len(cs) {
			out = append(out, cs[j])
			j++
		}
		out = append(out, markComment(m))
	}
	return append(out, cs[j:]...)
}

// withMarks is r with its layout's marks back among its comments: a copy
// that shares what the marks do not touch, or r itself when it has none.
// The writer reads the comments of the copy; r is not changed.
func withMarks(r *model.Record) *model.Record {
	l := linLayout(r)
	if l == nil || len(l.Marks) == 0 {
		return r
	}
	cp := *r
	m := marksMerger{r: &cp, heads: slices.Clone(l.Heads)}
	for i := 0; i < len(l.Marks); {
		j := i + 1
		for j < len(l.Marks) && sameAnchor(l.Marks[i], l.Marks[j]) {
			j++
		}
		m.merge(l.Marks[i:j])
		i = j
	}
	cp.Layout = &layout.LIN{Heads: m.heads}
	return &cp
}

func sameAnchor(a, b layout.Mark) bool { return a.At == b.At && a.Name == b.Name && a.I == b.I }

// marksMerger copies the parts of a record that marks go back into, each
// once.
type marksMerger struct {
	r                   *model.Record
	heads               []layout.Head
	tags, calls, tricks bool
}

// merge puts the marks of one anchor back.
func (m *marksMerger) merge(ms []layout.Mark) {
	r, at := m.r, ms[0]
	switch at.At {
	case layout.AtLeading:
		r.Leading = mergeMarks(r.Leading, ms)
	case layout.AtTag:
		if i := r.TagIndex(at.Name); i >= 0 {
			if !m.tags {
				m.tags, r.Tags = true, slices.Clone(r.Tags)
			}
			r.Tags[i].Comments = mergeMarks(r.Tags[i].Comments, ms)
		}
	case layout.AtHead:
		for i := range m.heads {
			if m.heads[i].Name == at.Name {
				m.heads[i].Comments = mergeMarks(m.heads[i].Comments, ms)
				break
			}
		}
	case layout.AtCall:
		if r.Auction != nil && at.I >= 0 && at.I < len(r.Auction.Calls) {
			if !m.calls {
				a := *r.Auction
				a.Calls = slices.Clone(a.Calls)
				m.calls, r.Auction = true, &a
			}
			c := &r.Auction.Calls[at.I]
			c.Comments = mergeMarks(c.Comments, ms)
		}
	case layout.AtPlay, layout.AtCard:
		m.mergePlay(ms)
	}
}

func (m *marksMerger) mergePlay(ms []layout.Mark) {
	r, at := m.r, ms[0]
	if r.Play == nil {
		return
	}
	if !m.tricks {
		p := *r.Play
		p.Tricks = slices.Clone(p.Tricks)
		m.tricks, r.Play = true, &p
	}
	p := r.Play
	if at.At == layout.AtPlay {
		p.Comments = mergeMarks(p.Comments, ms)
		return
	}
	if t, s := at.I/4, at.I%4; at.I >= 0 && t < len(p.Tricks) {
		pc := &p.Tricks[t][s]
		pc.Comments = mergeMarks(pc.Comments, ms)
	}
}
