package model

import "slices"

// Clone returns a copy of r that shares nothing a writer may change with
// r: every slice of comments, tags, calls, cards, notes, sections and
// problems is copied. Strings, the layout (which readers fill once and
// writers only read) and a fact's given text are shared.
func (r *Record) Clone() *Record {
	c := *r
	c.Leading = slices.Clone(r.Leading)
	c.Tags = slices.Clone(r.Tags)
	for i := range c.Tags {
		c.Tags[i].Comments = slices.Clone(c.Tags[i].Comments)
	}
	for f := range c.Facts {
		c.Facts[f].Comments = slices.Clone(c.Facts[f].Comments)
	}
	if r.Match != nil {
		m := *r.Match
		c.Match = &m
	}
	if r.Auction != nil {
		a := *r.Auction
		a.Calls = slices.Clone(a.Calls)
		for i := range a.Calls {
			a.Calls[i].Annotations = a.Calls[i].Annotations.clone()
		}
		a.Notes, a.Comments = cloneNotes(a.Notes), slices.Clone(a.Comments)
		c.Auction = &a
	}
	if r.Play != nil {
		p := *r.Play
		p.Tricks = slices.Clone(p.Tricks)
		for i := range p.Tricks {
			for s := range p.Tricks[i] {
				p.Tricks[i][s].Annotations = p.Tricks[i][s].Annotations.clone()
			}
		}
		p.Notes, p.Comments = cloneNotes(p.Notes), slices.Clone(p.Comments)
		c.Play = &p
	}
	c.Sections = slices.Clone(r.Sections)
	for i := range c.Sections {
		s := &c.Sections[i]
		s.Tag.Comments = slices.Clone(s.Tag.Comments)
		s.Columns, s.Tokens, s.Comments = slices.Clone(s.Columns), slices.Clone(s.Tokens), slices.Clone(s.Comments)
		s.Rows = slices.Clone(s.Rows)
		s.cloneData()
		for j := range s.Rows {
			s.Rows[j] = slices.Clone(s.Rows[j])
		}
	}
	c.Problems = slices.Clone(r.Problems)
	return &c
}

func (a Annotations) clone() Annotations {
	a.NAGs, a.Comments = slices.Clone(a.NAGs), slices.Clone(a.Comments)
	return a
}

func cloneNotes(ns []Note) []Note {
	ns = slices.Clone(ns)
	for i := range ns {
		ns[i].Comments = slices.Clone(ns[i].Comments)
	}
	return ns
}
