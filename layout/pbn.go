package layout

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"

	"handrec/model"
)

func init() {
	model.RegisterLayout(model.PBN, func() model.Layout { return new(PBN) })
}

// PBN is the layout of a record read from PBN: its escape lines, how it
// wrote the tables the record holds as data (Tables), the tags of a
// fact given again after the first, whose value did not count ("tag Dealer repeated;
// the first value counts"), each where it stood among the record's tags,
// and the order it gave its tags and facts in (TagOrder).
// The PBN reader fills it and the PBN writer reads it; the facts
// themselves live in the record's fields.
type PBN struct {
	// Directives are the escape lines ("%" in the first column) met
	// within the game or just before it, without their "%": PBN's
	// bookkeeping, which no field of the record holds.
	Directives []Directive `json:"directives,omitempty"`
	Repeats    []Repeat    `json:"repeats,omitempty"`
	// TagOrder is the names of the record's tags and facts in the order
	// the source gave them (a fact's where it first stands, a repeated
	// one's again where it stood), when the facts that are not mandatory
	// stood elsewhere than PBN exports them (PlaceFacts): the writer puts
	// each back among the tags it stood among. (JSON 2 stated it as the
	// record's "tag_order" before it was layout.)
	TagOrder []string `json:"tag_order,omitempty"`
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
	// Inherited are the tables whose header the source wrote "#" (PBN
	// 4.8: the header of the previous game's table of the same tag); the
	// record holds the header they took.
	Inherited []Inherited `json:"inherited,omitempty"`
	// Semicolons are the comments that were written ";" to the end of
	// the line, by their number in the record's commentary order
	// (EachComment), ascending; the writer writes every other comment in
	// braces.
	Semicolons []int `json:"semicolons,omitempty"`
}

// Inherited is a table of the record whose header was written "#": the
// writer writes "#" again while the table's header is still Header, the
// one it took.
type Inherited struct {
	// Section is the index of the section among the record's.
	Section int    `json:"section"`
	Header  string `json:"header"`
}

// InheritHeader notes that r's section i was written with the header "#"
// and took header, in r's PBN layout, which it makes when r has none;
// false when r's layout is another format's.
func InheritHeader(r *model.Record, i int, header string) bool {
	l := pbnOf(r, true)
	if l == nil {
		return false
	}
	l.Inherited = append(l.Inherited, Inherited{Section: i, Header: header})
	return true
}

// inheritedHeader is the header r's section i took from the table before
// it, "" when its header was not written "#".
func inheritedHeader(r *model.Record, i int) string {
	if l, ok := r.Layout.(*PBN); ok {
		for _, h := range l.Inherited {
			if h.Section == i {
				return h.Header
			}
		}
	}
	return ""
}

// Format is model.PBN.
func (*PBN) Format() model.Format { return model.PBN }

// Empty reports whether the layout holds nothing.
func (l *PBN) Empty() bool {
	return l == nil || len(l.Directives) == 0 && len(l.Repeats) == 0 && len(l.TagOrder) == 0 && l.Auction == nil && l.Play == nil &&
		len(l.Tables) == 0 && len(l.Inherited) == 0 && len(l.Semicolons) == 0
}

// Lost lists what the layout holds that no field of the record does and
// a writer of another format leaves out: its escape lines (model.Lossy).
// A fact's tag given again is not listed: its value did not count, and
// the reader reported it.
func (l *PBN) Lost() []string {
	if l == nil || len(l.Directives) == 0 {
		return nil
	}
	return []string{"escape lines"}
}

// Adopt takes the escape lines that a record stored by an older handrec
// held itself ("directives" of the model's own JSON), and reports whether
// there were any (model.Adopter).
func (l *PBN) Adopt(record []byte) (bool, error) {
	if !bytes.Contains(record, []byte(`"directives"`)) {
		return false, nil // most records: no need to read them again
	}
	var old struct {
		Directives []Directive `json:"directives"`
	}
	if err := json.Unmarshal(record, &old); err != nil {
		return false, err
	}
	l.Directives = append(old.Directives, l.Directives...)
	return len(old.Directives) > 0, nil
}

// pbnOf is r's PBN layout, made when r has no layout and make is true;
// nil when r's layout is another format's.
func pbnOf(r *model.Record, make bool) *PBN {
	switch l := r.Layout.(type) {
	case *PBN:
		return l
	case nil:
		if make {
			p := new(PBN)
			r.Layout = p
			return p
		}
	}
	return nil
}

// Directives are the escape lines of r's PBN layout.
func Directives(r *model.Record) []Directive {
	if l := pbnOf(r, false); l != nil {
		return l.Directives
	}
	return nil
}

// SetDirectives makes ds the escape lines of r's PBN layout, which it
// makes when r has no layout, and drops when it then holds nothing. It
// reports false when r's layout is another format's, which keeps no
// escape lines (a record read from JSON that gives both).
func SetDirectives(r *model.Record, ds []Directive) bool {
	l := pbnOf(r, len(ds) > 0)
	if l == nil {
		return len(ds) == 0
	}
	l.Directives = ds
	if l.Empty() {
		r.Layout = nil
	}
	return true
}

// WithoutDirectives is r's layout without its escape lines (a copy when
// it has some), nil when nothing else is left: what JSON 2 gives under
// "layout", which states the escape lines under a key of their own.
func WithoutDirectives(r *model.Record) model.Layout {
	l, ok := r.Layout.(*PBN)
	if !ok || len(l.Directives) == 0 {
		return r.Layout
	}
	c := *l
	c.Directives = nil
	if c.Empty() {
		return nil
	}
	return &c
}

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
// value's position, its comments, and its text when the field cannot hold
// it), a repeated one into r's PBN layout, and the order of the tags into
// r's PBN layout when the PBN writer needs it (SetTagOrder). It is how a reader that works
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
	var at [model.NumFacts]int // each fact's place among the tags, from 1
	var buf [32]string
	names := buf[:0] // the tags' names, the order kept when it is needed
	for j := range r.Tags {
		t := &r.Tags[j] // not a copy: lift looks at every tag of every record read
		names = append(names, t.Name)
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
			at[f] = j + 1
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
	if needsOrder(r, &at) {
		if l := pbnOf(r, true); l != nil {
			l.TagOrder = slices.Clone(names)
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

// Meaningful reports whether a tag's or a title's value says something:
// not empty, not PBN's "?" (unknown) or "#" (as the game before), nor
// question marks and dots alone. show prints no value that is not, and the
// diagram reader reads no such line as an event's name.
func Meaningful(s string) bool {
	s = strings.TrimSpace(s)
	return s != "" && s != "#" && strings.Trim(s, "?.") != ""
}
