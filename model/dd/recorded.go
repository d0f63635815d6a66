package dd

import "handrec/model"

// Recorded is a double-dummy table a record carries (model.RecordedDD).
type Recorded struct{ model.RecordedDD }

// RecordedTable reads the table r carries, in the standard
// "Declarer;Denomination;Result" form, BBO Helper's "Declarer Suit Tricks"
// or as DoubleDummyTricks (20 hex digits); false when it has none.
func RecordedTable(r *model.Record) (*Recorded, bool) {
	rec, ok := r.RecordedDD()
	if !ok {
		return nil, false
	}
	return &Recorded{*rec}, true
}

// Disagreement is a recorded number that differs from the solver's.
type Disagreement struct {
	Pos      model.Pos
	Declarer model.Seat
	Strain   model.Strain
	Recorded int
	Solved   int
}

// Compare lists the recorded numbers that differ from t, seat by seat and
// strain by strain.
func (rec *Recorded) Compare(t Table) []Disagreement {
	var out []Disagreement
	for _, s := range model.Seats {
		for _, st := range Strains {
			if v := rec.Tricks[s][st]; v >= 0 && v != t[s][st] {
				out = append(out, Disagreement{rec.Pos[s][st], s, st, v, t[s][st]})
			}
		}
	}
	return out
}
