package layout

import "handrec/model"

// Directive is an escape line, "%" in the first column: PBN's
// bookkeeping, which no field of the record holds. Text follows the "%".
type Directive struct {
	Text string    `json:"text"`
	Pos  model.Pos `json:"pos"`
}

// PBNTrailer is the layout of what follows a PBN file's last game: its
// escape lines (the commentary there is the trailer's own). The PBN
// reader fills it and the PBN writer reads it; JSON 2 states the escape
// lines under a key of their own ("trailer").
type PBNTrailer struct {
	Directives []Directive `json:"directives,omitempty"`
	// Semicolons are the trailer's comments that were written ";", by
	// their index, ascending.
	Semicolons []int `json:"semicolons,omitempty"`
}

// Format is model.PBN.
func (*PBNTrailer) Format() model.Format { return model.PBN }

// Join is l, the layout of a trailer of n comments, then next when it is
// PBN's too: their escape lines, and their ";" comments (model.Joiner).
func (l *PBNTrailer) Join(n int, next model.Layout) model.Layout {
	nx, ok := next.(*PBNTrailer)
	if !ok || len(nx.Directives) == 0 && len(nx.Semicolons) == 0 {
		return l
	}
	out := &PBNTrailer{Directives: append(append([]Directive(nil), l.Directives...), nx.Directives...)}
	out.Semicolons = append(append([]int(nil), l.Semicolons...), nx.After(n).(*PBNTrailer).Semicolons...)
	return out
}

// After is l as the layout of a trailer that follows n comments
// (model.Joiner).
func (l *PBNTrailer) After(n int) model.Layout {
	if n == 0 || len(l.Semicolons) == 0 {
		return l
	}
	out := &PBNTrailer{Directives: l.Directives, Semicolons: make([]int, len(l.Semicolons))}
	for i, k := range l.Semicolons {
		out.Semicolons[i] = k + n
	}
	return out
}

// Empty reports whether the layout holds nothing.
func (l *PBNTrailer) Empty() bool {
	return l == nil || len(l.Directives) == 0 && len(l.Semicolons) == 0
}

// NewTrailer is the trailer of commentary cs, of which those at the
// indexes semis were written ";", and escape lines ds, which it keeps in
// a PBN trailer layout: none when there are none.
func NewTrailer(ds []Directive, cs []model.Comment, semis []int) model.Trailer {
	t := model.Trailer{Comments: cs}
	if len(ds) > 0 || len(semis) > 0 {
		t.Layout = &PBNTrailer{Directives: ds, Semicolons: semis}
	}
	return t
}

// TrailerSemicolons are the indexes of t's comments that its PBN layout
// says were written ";".
func TrailerSemicolons(t model.Trailer) []int {
	if l, ok := t.Layout.(*PBNTrailer); ok {
		return l.Semicolons
	}
	return nil
}

// TrailerDirectives are the escape lines of t's PBN layout, nil when its
// layout is none or another format's.
func TrailerDirectives(t model.Trailer) []Directive {
	if l, ok := t.Layout.(*PBNTrailer); ok {
		return l.Directives
	}
	return nil
}
