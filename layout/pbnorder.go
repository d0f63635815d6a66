package layout

import (
	"math"
	"slices"

	"handrec/model"
)

// Placed is a fact that is not mandatory, placed by the PBN writer among
// the record's tags and the fact tags given again (its PBN layout's
// Repeats): after Before of them.
type Placed struct {
	Fact   model.Fact
	Before int
}

// places are the facts of a record that are not mandatory and that it
// states or comments on, in the order the PBN writer writes them; an array,
// not a slice: the reader weighs them for every record it reads.
type places struct {
	p [model.NumFacts]Placed
	n int
}

func (ps *places) add(f model.Fact, before int) {
	ps.p[ps.n] = Placed{f, before}
	ps.n++
}

// PlaceFacts are the facts of r that are not mandatory and that r states
// or comments on, in the order the PBN writer writes them, each after the
// number of r's tags and repeated fact tags that stood before it in the
// source: by its PBN layout's tag order. Without one (a record read from
// another format, or made), or for a fact the order does not name, a fact
// stands where PBN exports it: the event's (EventDate, Stage) before the
// tags, the others after them (model.AllFacts).
func PlaceFacts(r *model.Record) []Placed {
	if !statesOthers(r) {
		return nil // most records: no allocation
	}
	var at [model.NumFacts]int
	if l, ok := r.Layout.(*PBN); ok && len(l.TagOrder) > 0 {
		at = orderAt(l.TagOrder)
	}
	ps := place(r, &at)
	return slices.Clone(ps.p[:ps.n])
}

// statesOthers reports whether r states or comments on a fact that is not
// mandatory.
func statesOthers(r *model.Record) bool {
	for _, f := range model.AllFacts[len(model.MandatoryFacts):] {
		if r.Given(f) || len(r.Facts[f].Comments) > 0 {
			return true
		}
	}
	return false
}

// orderAt is the place of each fact in order (a list of tag names), from
// 1: where its name first stands; 0 for a fact order does not name.
func orderAt(order []string) (at [model.NumFacts]int) {
	for j, name := range order {
		if f, ok := model.FactNamed(name); ok && at[f] == 0 {
			at[f] = j + 1
		}
	}
	return at
}

// place places the facts of r that are not mandatory by at, each fact's
// place among the source's tags and facts from 1 (0: none): a fact with
// a place after the tags and facts before it that are not in at (r's
// tags, repeated fact tags), in the order of their places; one without,
// where PBN exports it. With no place at all, the event's facts stand
// before the tags.
func place(r *model.Record, at *[model.NumFacts]int) places {
	var ps places
	placed := false
	for _, a := range at {
		placed = placed || a > 0
	}
	for _, f := range model.AllFacts[len(model.MandatoryFacts):] {
		if at[f] > 0 || !r.Given(f) && len(r.Facts[f].Comments) == 0 {
			continue
		}
		before := math.MaxInt
		if !placed && slices.Index(model.AllFacts[:], f) < model.EventFacts {
			before = 0
		}
		ps.add(f, before)
	}
	if !placed {
		return ps
	}
	var sorted places // the placed ones in the order of their places
	for f, a := range at {
		f := model.Fact(f)
		if a == 0 || f.Mandatory() || !r.Given(f) && len(r.Facts[f].Comments) == 0 {
			continue
		}
		before := a - 1 // less the facts placed before it
		for _, b := range at {
			if b > 0 && b < a {
				before--
			}
		}
		k := sorted.n
		sorted.add(f, before)
		for ; k > 0 && at[sorted.p[k-1].Fact] > a; k-- {
			sorted.p[k] = sorted.p[k-1]
		}
		sorted.p[k] = Placed{f, before}
	}
	for i := 0; i < ps.n; i++ {
		sorted.add(ps.p[i].Fact, ps.p[i].Before)
	}
	return sorted
}

// samePlaces reports whether a and b place the same facts alike: a
// place after all n tags and repeated tags is the same as none.
func samePlaces(a, b *places, n int) bool {
	if a.n != b.n {
		return false
	}
	for i := 0; i < a.n; i++ {
		if a.p[i].Fact != b.p[i].Fact || min(a.p[i].Before, n) != min(b.p[i].Before, n) {
			return false
		}
	}
	return true
}

// TagOrder is the order r's PBN source gave its tags and facts in, when
// the PBN writer needs it to write them back so: nil for a record whose
// facts stand where PBN exports them.
func TagOrder(r *model.Record) []string {
	if l, ok := r.Layout.(*PBN); ok {
		return l.TagOrder
	}
	return nil
}

// SetTagOrder keeps order, the names of r's tags and facts in the order
// its source gave them (a fact's name where it first stands), in r's PBN
// layout, which it makes when r has none, when the PBN writer needs it to
// write r's facts where they stood (PlaceFacts): not when they stand where
// PBN exports them, nor in a record whose layout is another format's,
// whose writer the order is nothing to. It drops an order r's layout held.
func SetTagOrder(r *model.Record, order []string) {
	at := orderAt(order)
	keep := needsOrder(r, &at)
	l := pbnOf(r, keep)
	if l == nil {
		return
	}
	had := l.TagOrder != nil
	l.TagOrder = nil
	if keep {
		l.TagOrder = slices.Clone(order)
	} else if had && l.Empty() {
		r.Layout = nil
	}
}

// needsOrder reports whether the PBN writer places the facts of r by at
// otherwise than by none. An order that places none of the facts that are
// not mandatory has nothing to keep: the writer writes the mandatory ones
// first, in their order, and the others where PBN exports them.
func needsOrder(r *model.Record, at *[model.NumFacts]int) bool {
	some := false
	for _, f := range model.AllFacts[len(model.MandatoryFacts):] {
		some = some || at[f] > 0
	}
	if !some {
		return false
	}
	var none [model.NumFacts]int
	a, b := place(r, at), place(r, &none)
	return !samePlaces(&a, &b, len(r.Tags)+len(RepeatsOf(r)))
}

// AdoptPlaces keeps in r's PBN layout, as SetTagOrder does, the order of
// r's tags and facts that a model stored before the order was PBN's layout
// gave by each fact's place among them (its note's "at", from 1: at[f]; 0
// for none); r's tags fill the other places in their order.
func AdoptPlaces(r *model.Record, at *[model.NumFacts]int) {
	n := len(r.Tags)
	for _, a := range at {
		if a > 0 {
			n++
		}
	}
	names := make([]string, 0, n)
	k := 0
	for p := 1; p <= n; p++ {
		f := slices.Index(at[:], p)
		switch {
		case f >= 0:
			names = append(names, model.Fact(f).String())
		case k < len(r.Tags):
			names = append(names, r.Tags[k].Name)
			k++
		}
	}
	for ; k < len(r.Tags); k++ {
		names = append(names, r.Tags[k].Name)
	}
	SetTagOrder(r, names)
}
