package render

import (
	"strings"

	"handrec/layout"
	"handrec/model"
)

// newDDView reads the record's double-dummy table: its
// OptimumResultTable section (in the standard "Declarer;Denomination;
// Result" form or BBO Helper's "Declarer Suit Tricks"), else its
// DoubleDummyTricks tag (20 hex digits, N S E W by NT S H D C), with the
// par the record states (model.Par, or its text as given when the field
// cannot hold it): "NS 620, NS 4H=; NS 4S=". It returns nil when the
// record has no table.
func newDDView(r *model.Record, st Style) *ddView {
	rec, ok := r.RecordedDD()
	if !ok {
		return nil
	}
	v := &ddView{Tricks: rec.Tricks}
	for _, s := range model.DDSeats {
		for _, t := range v.Tricks[s] {
			if t >= 0 {
				v.Rows = append(v.Rows, s)
				break
			}
		}
	}
	v.Par = parText(r, st)
	return v
}

// parText is the par as every printed form writes it (sheet, show): the
// score from the side that makes it, a colon, then the par contracts,
// each by its side or seat, as BridgeComposer's ParContract writes them
// but with the style's suits: "NS 620: NS 4♥=, NS 4♠=". It is the one
// form because it is the record's own (the OptimumScore and ParContract
// tags, the JSON's "par"), only joined: a reader finds on paper what the
// file says. A par the field cannot hold is printed as the text given.
func parText(r *model.Record, st Style) string {
	if !r.Par.IsZero() {
		return ParText(r.Par, st)
	}
	var par []string
	for _, f := range []model.Fact{model.FactOptimumScore, model.FactParContract} {
		if s, ok := r.FactValue(f); ok && layout.Meaningful(s) {
			par = append(par, strings.TrimSpace(s))
		}
	}
	return strings.Join(par, ": ")
}

// ParText is a par as the printed forms write it: "NS 620: NS 4♥=,
// NS 4♠=" (see parText); a command that prints a par (dd) writes it so.
func ParText(p model.Par, st Style) string {
	var cs []string
	for _, c := range p.Contracts {
		cs = append(cs, parContractText(c, st))
	}
	score := p.Score.String()
	switch {
	case len(cs) == 0:
		return score
	case score == "":
		return strings.Join(cs, ", ")
	}
	return score + ": " + strings.Join(cs, ", ")
}

// parContractText is a par contract with the style's suits: "NS 4♥=",
// "EW 5♦X-1", "S 6NT=".
func parContractText(c model.ParContract, st Style) string {
	s := c.String()
	i := strings.IndexByte(s, ' ') + 2 // past the side or seat and the level
	if i < 2 || i > len(s) {
		return s
	}
	return s[:i] + st.strain(c.Strain) + strings.TrimLeft(s[i:], "SHDCN")
}
