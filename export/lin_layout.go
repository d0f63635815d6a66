package export

import (
	"handrec/layout"
	"handrec/model"
)

// The LIN writer puts a layout's marks back among the comments they stood
// with, as the reader's builder has them: in flight, as LIN's layout
// defines them (layout.Mark.Comment). None of them leaves the writer.

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

// marksScratch puts a layout's marks back among a record's comments, in
// a copy of the record built in memory it reuses: the copy holds until
// the next record it is given.
type marksScratch struct {
	rec    model.Record
	auc    model.Auction
	play   model.Play
	lay    layout.LIN
	heads  []layout.Head
	tags   []model.Tag
	calls  []model.Call
	tricks []model.Trick
	cs     []model.Comment // the merged comment lists, one after another
	// which of tags, calls and tricks the copy has its own of
	ownTags, ownCalls, ownTricks bool
}

// withMarks is r with its layout's marks back among its comments, and the
// commentary that followed a head back with it (layout.LIN.HeldComments): a copy
// that shares what the marks do not touch, or r itself when it has none.
// The writer reads the comments of the copy; r is not changed. A record
// whose copy outlives the next call takes a scratch of its own
// (new(marksScratch).withMarks(r)).
func (sc *marksScratch) withMarks(r *model.Record) *model.Record {
	l := linLayout(r)
	if l == nil {
		return r
	}
	own, held, ok := l.HeldComments(r.Leading)
	if len(l.Marks) == 0 && (held == nil || !ok) {
		return r
	}
	sc.rec = *r
	sc.heads = append(sc.heads[:0], l.Heads...)
	if ok && held != nil {
		sc.rec.Leading = own
		for i := range sc.heads {
			if sc.heads[i].Held > 0 {
				sc.heads[i].Comments = held[i]
			}
		}
	}
	sc.lay = layout.LIN{Heads: sc.heads}
	sc.rec.Layout = &sc.lay
	sc.cs = sc.cs[:0]
	sc.ownTags, sc.ownCalls, sc.ownTricks = false, false, false
	for i := 0; i < len(l.Marks); {
		j := i + 1
		for j < len(l.Marks) && sameAnchor(l.Marks[i], l.Marks[j]) {
			j++
		}
		sc.merge(l.Marks[i:j])
		i = j
	}
	return &sc.rec
}

func sameAnchor(a, b layout.Mark) bool { return a.At == b.At && a.Name == b.Name && a.I == b.I }

// mergeMarks puts marks (of one anchor, by N) back among comments.
func (sc *marksScratch) mergeMarks(cs []model.Comment, ms []layout.Mark) []model.Comment {
	start := len(sc.cs)
	j := 0
	for _, m := range ms {
		for len(sc.cs)-start < m.N && j < len(cs) {
			sc.cs = append(sc.cs, cs[j])
			j++
		}
		sc.cs = append(sc.cs, m.Comment())
	}
	sc.cs = append(sc.cs, cs[j:]...)
	return sc.cs[start:len(sc.cs):len(sc.cs)]
}

// merge puts the marks of one anchor back.
func (sc *marksScratch) merge(ms []layout.Mark) {
	r, at := &sc.rec, ms[0]
	switch at.At {
	case layout.AtLeading:
		r.Leading = sc.mergeMarks(r.Leading, ms)
	case layout.AtTag:
		if f, ok := model.FactNamed(at.Name); ok {
			// a fact's note is the copy's own (Facts is an array)
			r.Facts[f].Comments = sc.mergeMarks(r.Facts[f].Comments, ms)
		} else if i := r.TagIndex(at.Name); i >= 0 {
			if !sc.ownTags {
				sc.tags = append(sc.tags[:0], r.Tags...)
				sc.ownTags, r.Tags = true, sc.tags
			}
			r.Tags[i].Comments = sc.mergeMarks(r.Tags[i].Comments, ms)
		}
	case layout.AtHead:
		for i := range sc.heads {
			if sc.heads[i].Name == at.Name {
				sc.heads[i].Comments = sc.mergeMarks(sc.heads[i].Comments, ms)
				break
			}
		}
	case layout.AtCall:
		if r.Auction != nil && at.I >= 0 && at.I < len(r.Auction.Calls) {
			if !sc.ownCalls {
				sc.auc = *r.Auction
				sc.calls = append(sc.calls[:0], sc.auc.Calls...)
				sc.auc.Calls = sc.calls
				sc.ownCalls, r.Auction = true, &sc.auc
			}
			c := &r.Auction.Calls[at.I]
			c.Comments = sc.mergeMarks(c.Comments, ms)
		}
	case layout.AtPlay, layout.AtCard:
		sc.mergePlay(ms)
	}
}

func (sc *marksScratch) mergePlay(ms []layout.Mark) {
	r, at := &sc.rec, ms[0]
	if r.Play == nil {
		return
	}
	if !sc.ownTricks {
		sc.play = *r.Play
		sc.tricks = append(sc.tricks[:0], sc.play.Tricks...)
		sc.play.Tricks = sc.tricks
		sc.ownTricks, r.Play = true, &sc.play
	}
	p := r.Play
	if at.At == layout.AtPlay {
		p.Comments = sc.mergeMarks(p.Comments, ms)
		return
	}
	if t, s := at.I/4, at.I%4; at.I >= 0 && t < len(p.Tricks) {
		pc := &p.Tricks[t][s]
		pc.Comments = sc.mergeMarks(pc.Comments, ms)
	}
}
