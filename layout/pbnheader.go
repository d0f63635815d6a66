package layout

import (
	"encoding/json"

	"handrec/model"
)

func init() {
	model.RegisterHeaderLayout(model.PBN, func() model.Layout { return new(PBNHeader) })
}

// PBNHeader is the layout of a PBN file's header: what the file says of
// itself in PBN's own bookkeeping before its first game. The PBN reader
// fills it and the PBN writer reads it; JSON 2 states it under keys of
// its own ("source": "version" and "export", "directives", "tags").
type PBNHeader struct {
	// Version is the PBN version of a "% PBN x.y" line, or "".
	Version string `json:"version,omitempty"`
	// Export is true when the file declared "% EXPORT".
	Export bool `json:"export,omitempty"`
	// Directives are the other escape lines before the first game,
	// without their "%".
	Directives []Directive `json:"directives,omitempty"`
	// Tags of a header block: a first block of "##" tags only (PBN 4.8),
	// whose values every game inherits (each game holds them too). The
	// values are without their "##".
	Tags []model.Tag `json:"tags,omitempty"`
	// Semicolons are the header's comments that were written ";", by
	// their index, ascending; the writer writes every other one in braces.
	Semicolons []int `json:"semicolons,omitempty"`
}

// Format is model.PBN.
func (*PBNHeader) Format() model.Format { return model.PBN }

// Empty reports whether the layout holds nothing.
func (h *PBNHeader) Empty() bool {
	return h == nil || h.Version == "" && !h.Export && len(h.Directives) == 0 && len(h.Tags) == 0 && len(h.Semicolons) == 0
}

// Adopt takes what a header stored by an older handrec held itself (its
// "version", "export", "directives" and "tags", the keys this layout's
// JSON has, and its comments' kinds: "semicolon", handrec 1's "line"), and
// reports whether there was any (model.Adopter).
func (h *PBNHeader) Adopt(old []byte) (bool, error) {
	var o struct {
		PBNHeader
		Comments []struct {
			Kind string `json:"kind"`
		} `json:"comments"`
	}
	if err := json.Unmarshal(old, &o); err != nil {
		return false, err
	}
	var semis []int
	for i, c := range o.Comments {
		if OldSemicolon(c.Kind) {
			semis = append(semis, i)
		}
	}
	o.Semicolons = nil
	took := false
	if !o.PBNHeader.Empty() {
		*h = o.PBNHeader
		took = true
	}
	if len(semis) > 0 && len(h.Semicolons) == 0 {
		h.Semicolons = semis
		took = true
	}
	return took, nil
}

// HeaderOf is h's PBN layout, nil when it has none.
func HeaderOf(h model.Header) *PBNHeader {
	l, _ := h.Layout.(*PBNHeader)
	return l
}
