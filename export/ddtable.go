package export

import (
	"strings"

	"handrec/model"
)

// newDDView reads the record's double-dummy table: its
// OptimumResultTable section (in the standard "Declarer;Denomination;
// Result" form or BBO Helper's "Declarer Suit Tricks"), else its
// DoubleDummyTricks tag (20 hex digits, N S E W by NT S H D C), with the
// par the record states (model.Par, or its text as given when the field
// cannot hold it): "NS 620, NS 4H=; NS 4S=". It returns nil when the
// record has no table.
func newDDView(r *model.Record) *ddView {
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
	var par []string
	for _, f := range []model.Fact{model.FactOptimumScore, model.FactParContract} {
		if s, ok := r.FactValue(f); ok && meaningful(s) {
			par = append(par, strings.TrimSpace(s))
		}
	}
	v.Par = strings.Join(par, ", ")
	return v
}
