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
}

// Format is model.PBN.
func (*PBNTrailer) Format() model.Format { return model.PBN }

// Join is l's escape lines, then next's when it is PBN's too
// (model.Joiner).
func (l *PBNTrailer) Join(next model.Layout) model.Layout {
	n, ok := next.(*PBNTrailer)
	if !ok || len(n.Directives) == 0 {
		return l
	}
	return &PBNTrailer{Directives: append(append([]Directive(nil), l.Directives...), n.Directives...)}
}

// NewTrailer is the trailer of commentary cs and escape lines ds, which
// it keeps in a PBN trailer layout: none when there are none.
func NewTrailer(ds []Directive, cs []model.Comment) model.Trailer {
	t := model.Trailer{Comments: cs}
	if len(ds) > 0 {
		t.Layout = &PBNTrailer{Directives: ds}
	}
	return t
}

// TrailerDirectives are the escape lines of t's PBN layout, nil when its
// layout is none or another format's.
func TrailerDirectives(t model.Trailer) []Directive {
	if l, ok := t.Layout.(*PBNTrailer); ok {
		return l.Directives
	}
	return nil
}
