package layout

import "handrec/model"

func init() {
	model.RegisterLayout(model.PBN, func() model.Layout { return new(PBN) })
}

// PBN is the layout of a record read from PBN: how it wrote the tables
// the record holds as data (Tables), and the tags of a fact given
// again after the first, whose value did not count ("tag Dealer repeated;
// the first value counts"), each where it stood among the record's tags.
// The PBN reader fills it and the PBN writer reads it; the facts
// themselves live in the record's fields.
type PBN struct {
	Repeats []Repeat `json:"repeats,omitempty"`
	// Auction and Play are the values of the Auction and Play tags as
	// written when they name no seat ("?", "", "X"), nil when they name
	// one. The reader lays out a play's cards as if North led then; the
	// writer gives the value back while the section's first seat is still
	// the one it was read as (none for an auction, North or none for a
	// play), and the seat's letter once it is another (a record turned).
	Auction *string `json:"auction,omitempty"`
	Play    *string `json:"play,omitempty"`
	// Tables are how the tables the record holds as data were written.
	Tables []Table `json:"tables,omitempty"`
}

// Format is model.PBN.
func (*PBN) Format() model.Format { return model.PBN }

// Repeat is a fact's tag given again, as written, with its comments.
type Repeat struct {
	// At is the number of the record's tags before it.
	At  int       `json:"at"`
	Tag model.Tag `json:"tag"`
}

// RepeatsOf returns the repeated fact tags of a record whose layout is
// PBN's.
func RepeatsOf(r *model.Record) []Repeat {
	if l, ok := r.Layout.(*PBN); ok {
		return l.Repeats
	}
	return nil
}

// SetSectionSeat keeps v, the value of r's Auction or Play tag (name), as
// written: the reader found no seat in it.
func SetSectionSeat(r *model.Record, name, v string) {
	l, ok := r.Layout.(*PBN)
	if !ok {
		if r.Layout != nil {
			return
		}
		l = new(PBN)
		r.Layout = l
	}
	switch name {
	case "Auction":
		l.Auction = &v
	case "Play":
		l.Play = &v
	}
}

// SectionSeat is the value of the Auction or Play tag (name) of r as
// PBN writes it: the seat's letter, or the value as written while the
// first seat is still the one the reader took it for.
func SectionSeat(r *model.Record, name string) string {
	l, _ := r.Layout.(*PBN)
	switch {
	case name == "Auction" && r.Auction != nil:
		if l != nil && l.Auction != nil && !r.Auction.First.Valid() {
			return *l.Auction
		}
		return r.Auction.First.String()
	case name == "Play" && r.Play != nil:
		first := r.Play.First
		if l != nil && l.Play != nil && (first == model.North || !first.Valid()) {
			return *l.Play
		}
		return first.String()
	}
	return ""
}

// LiftFacts moves the tags of r's facts (model.Fact: Board, Dealer, ...,
// Event, North, Score, ...) out of r.Tags, whose fields a reader has
// already read from them (the room's, the event's, the players' and the
// scores' it reads here, when the field has none): the first tag of each into the fact's note (its
// value's position, its place among the tags, its comments, and its text
// when the field cannot hold it), a repeated one into r's PBN layout. It is how a reader that works
// with tags (PBN's, and JSON or a stored model from before facts lived
// once) hands over a record whose facts live once. A repeated tag stays a
// tag only in a record whose layout is another format's, which no reader
// makes.
func LiftFacts(r *model.Record) { lift(r, [model.NumFacts]bool{}) }

// LiftRepeats moves every fact tag left in r.Tags to r's PBN layout: the
// facts are fields already, so each is a tag given again (JSON written
// before the facts lived once lists those among its tags).
func LiftRepeats(r *model.Record) {
	var all [model.NumFacts]bool
	for f := range all {
		all[f] = true
	}
	lift(r, all)
}

// lift moves the fact tags out of r.Tags, each whose fact is seen already
// to the PBN layout.
func lift(r *model.Record, seen [model.NumFacts]bool) {
	k := 0
	var reps []Repeat
	for j := range r.Tags {
		t := &r.Tags[j] // not a copy: lift looks at every tag of every record read
		f, ok := model.FactNamed(t.Name)
		switch {
		case !ok:
		case seen[f]:
			reps = append(reps, Repeat{At: k, Tag: *t})
			continue
		default:
			seen[f] = true
			n := &r.Facts[f]
			if n.Pos.IsZero() {
				n.Pos = t.ValuePos
			}
			if n.At == 0 {
				n.At = j + 1
			}
			if _, held := r.FactText(f); !held {
				// the event, players, scores and room are read here; the
				// other facts the reader read, reporting faults
				r.ReadFact(f, t.Value)
			}
			n.Comments = append(n.Comments, t.Comments...)
			r.SetFactText(f, t.Value)
			continue
		}
		if k != j {
			r.Tags[k] = *t
		}
		k++
	}
	if k == len(r.Tags) {
		return
	}
	tail := r.Tags[k:]
	r.Tags = r.Tags[:k]
	clear(tail)
	if len(reps) > 0 && !addRepeats(r, reps) {
		for _, rp := range reps {
			r.Tags = append(r.Tags, rp.Tag)
		}
	}
}

// addRepeats puts repeated fact tags in r's PBN layout, and reports
// false when r has another format's layout.
func addRepeats(r *model.Record, reps []Repeat) bool {
	switch l := r.Layout.(type) {
	case nil:
		r.Layout = &PBN{Repeats: reps}
	case *PBN:
		l.Repeats = append(l.Repeats, reps...)
	default:
		return false
	}
	return true
}
