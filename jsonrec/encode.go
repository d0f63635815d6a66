package jsonrec

import (
	"slices"

	"handrec/layout"
	"handrec/model"
)

// factTags are the names of PBN's mandatory tags, in its export order
// (model.MandatoryFacts): the facts JSON states as keys of their own or
// fields of "event" and "players".
var factTags = func() (n [len(model.MandatoryFacts)]string) {
	for i, f := range model.MandatoryFacts {
		n[i] = f.String()
	}
	return n
}()

// newFact reports whether f is a fact that JSON 2 gave as a tag before
// the model held it as a field (the event's, the players, the recorded
// scores, the par): JSON states it from its field, as the source gave it.
func newFact(f model.Fact) bool {
	_, ok := (&Record{}).field(f, true)
	return ok || f >= model.FactScore
}

// parFacts are the facts of the par, which JSON states as "par".
var parFacts = [2]model.Fact{model.FactOptimumScore, model.FactParContract}

// setPar states par fact f of r in d's "par", and reports false when r's
// field does not hold it as the source gave it: then it is a tag.
func (d *Record) setPar(r *model.Record, f model.Fact) bool {
	if r.Facts[f].Text != nil {
		return false
	}
	var p Par
	switch {
	case f == model.FactOptimumScore && !r.Par.Score.IsZero():
		p.Score = r.Par.Score.String()
	case f == model.FactParContract && len(r.Par.Contracts) > 0:
		for _, c := range r.Par.Contracts {
			p.Contracts = append(p.Contracts, c.String())
		}
	default:
		return false
	}
	if d.Par == nil {
		d.Par = new(Par)
	}
	if p.Score != "" {
		d.Par.Score = p.Score
	} else {
		d.Par.Contracts = p.Contracts
	}
	return true
}

// states reports whether d's "par" states par fact f.
func (p *Par) states(f model.Fact) bool {
	if p == nil {
		return false
	}
	if f == parFacts[0] {
		return p.Score != ""
	}
	return len(p.Contracts) > 0
}

// FromHeader is the document header for h.
func FromHeader(h model.Header) Header {
	out := Header{Handrec: Version, Comments: comments("", h.Comments)}
	// PBN's bookkeeping, its header layout, has keys of its own
	ph := layout.HeaderOf(h)
	if ph == nil {
		ph = new(layout.PBNHeader)
	}
	out.Directives = directiveTexts(ph.Directives)
	out.Semicolons = ph.Semicolons
	for _, t := range ph.Tags {
		out.Tags = append(out.Tags, Tag{Name: t.Name, Value: t.Value})
	}
	if h.Format != model.NoFormat || h.Encoding != "" || ph.Version != "" || ph.Export {
		out.Source = &Source{Format: h.Format, Encoding: h.Encoding, Version: ph.Version, Export: ph.Export}
	}
	return out
}

// FromTrailer is what follows the last record; PBN's trailer layout, its
// escape lines, has a key of its own.
func FromTrailer(t model.Trailer) Trailer {
	return Trailer{Directives: directiveTexts(layout.TrailerDirectives(t)), Comments: comments("", t.Comments),
		Semicolons: layout.TrailerSemicolons(t)}
}

// FromRecord is the JSON form of r. It does not change r.
func FromRecord(r *model.Record) (*Record, error) {
	out := &Record{
		Room:       r.Room,
		Match:      r.Match,
		Directives: directiveTexts(layout.Directives(r)),
		Comments:   comments("start", r.Leading),
		Source:     RecordSource{File: r.File, Index: r.Index, Line: r.Pos.Line, Col: r.Pos.Col},
	}
	fromTags(out, r)
	fromFacts(out, r)
	out.Auction = fromAuction(r.Auction)
	out.Play = fromPlay(r.Play)
	for i := range r.Sections {
		out.Tables = append(out.Tables, fromSection(&r.Sections[i]))
	}
	for _, p := range r.Problems {
		out.Problems = append(out.Problems, Problem{Line: p.Pos.Line, Col: p.Pos.Col, Severity: p.Severity, Message: p.Message})
	}
	// the escape lines, PBN's layout, are stated under a key of their own
	if l := layout.WithoutDirectives(r); l != nil {
		b, err := model.MarshalLayout(l)
		if err != nil {
			return nil, err
		}
		out.Layout = b
	}
	return out, nil
}

// fromTags states each fact of the model that JSON gives as a field of
// its own (the event's name, site and date, the players, the scoring) as
// that field, as the source gave it; the other facts of the event and the
// recorded scores as tags, as JSON 2 always did; the other facts as
// fields, and one whose field cannot hold its text as given as an unread
// tag. Every other tag stays a tag. Tags and facts come in the order PBN
// exports them (model.EachTag), whatever order the source gave them in:
// that is PBN's tag order, in its layout ("layout").
func fromTags(out *Record, r *model.Record) {
	r.EachTag(func(t model.Tag) {
		f, ok := model.FactNamed(t.Name)
		switch {
		case ok && out.setPar(r, f):
			out.Comments = append(out.Comments, comments(t.Name, t.Comments)...)
			return
		case ok && newFact(f):
			if p, field := out.field(f, true); field {
				v := t.Value
				*p = &v
				out.Comments = append(out.Comments, comments(t.Name, t.Comments)...)
				return
			}
		case ok && !r.Given(f) && t.Value != "":
			// a tag of a fact's name that the record keeps as a tag (a
			// repeat that a layout of another format than PBN cannot
			// hold): a tag, not the fact's comments alone
			out.Tags = append(out.Tags, Tag{Name: t.Name, Value: t.Value, Comments: comments("", t.Comments)})
			return
		case ok && r.Facts[f].Text != nil:
			out.Tags = append(out.Tags, Tag{Name: t.Name, Value: *r.Facts[f].Text, Unread: true, Comments: comments("", t.Comments)})
			return
		case ok:
			out.Comments = append(out.Comments, comments(t.Name, t.Comments)...)
			return
		}
		out.Tags = append(out.Tags, Tag{Name: t.Name, Value: t.Value, Comments: comments("", t.Comments)})
	})
}

// canonOrder is the order of a record's tags and facts that d states by
// its fields and tags: the facts d states as fields in PBN's order, then
// its tags in their order, the room (a field) after the last of them that
// PBN exports before it, then the par. It is the order FromRecord gives
// them in (model.Record.EachTag's). JSON written before the tag order was
// PBN's layout states the source's order so when it has no "tag_order"
// (but for a room after the recorded scores or the par, which it stated
// by the room's absence from its "tag_order").
func (d *Record) canonOrder(r *model.Record) []string {
	var canon []string
	for _, n := range factTags {
		if _, ok := d.factValue(r, n); ok && !d.unread(n) {
			canon = append(canon, n)
		}
	}
	room := len(canon)
	for _, t := range d.Tags {
		canon = append(canon, t.Name)
		if f, ok := model.FactNamed(t.Name); !ok || slices.Index(model.AllFacts[:], f) < slices.Index(model.AllFacts[:], model.FactRoom) {
			room = len(canon)
		}
	}
	if r.Room != model.NoRoom && !d.unread(model.FactRoom.String()) {
		canon = slices.Insert(canon, room, model.FactRoom.String())
	}
	for _, f := range parFacts {
		if d.Par.states(f) {
			canon = append(canon, f.String())
		}
	}
	return canon
}

// field is the JSON field that states fact f (the event's name, site or
// date, a player, the scoring), and false for a fact JSON states
// otherwise; make makes the event or players it belongs to when absent,
// else a fact of one absent gives false.
func (d *Record) field(f model.Fact, make bool) (**string, bool) {
	switch f {
	case model.FactEvent, model.FactSite, model.FactDate:
		if d.Event == nil && !make {
			return nil, false
		}
		if d.Event == nil {
			d.Event = new(Event)
		}
		return [...]**string{&d.Event.Name, &d.Event.Site, &d.Event.Date}[f-model.FactEvent], true
	case model.FactNorth, model.FactEast, model.FactSouth, model.FactWest:
		if d.Players == nil && !make {
			return nil, false
		}
		if d.Players == nil {
			d.Players = new(Players)
		}
		return d.Players.seat(model.Seat(f - model.FactNorth)), true
	case model.FactScoring:
		return &d.Scoring, true
	}
	return nil, false
}

func fromFacts(out *Record, r *model.Record) {
	out.Board = r.Board
	out.Dealer = r.Dealer.String()
	out.Vul = r.Vul.String()
	if !r.Deal.Empty() {
		out.Deal = r.Deal.PBN(model.North)
	}
	out.Contract = r.Contract.String()
	out.Declarer = r.Declarer.String()
	out.DeclarerSwap = r.DeclarerSwap && r.Declarer.Valid()
	if r.Result.Known() {
		n := int(r.Result.Tricks)
		out.Tricks = &n
	}
	res := Result{Irregular: r.Result.Irregular}
	if r.Result.Defenders >= 0 {
		n := int(r.Result.Defenders)
		res.Defenders = &n
	}
	if res.Irregular || res.Defenders != nil {
		out.Result = &res
	}
}

func fromAuction(a *model.Auction) *Auction {
	if a == nil {
		return nil
	}
	out := &Auction{First: a.First, Calls: make([]Call, len(a.Calls)), Star: a.Star,
		Notes: notes(a.Notes), Comments: comments("", a.Comments)}
	for i, c := range a.Calls {
		out.Calls[i] = Call{Call: c.String(), Alert: c.Alert, Explanation: c.Explanation,
			Insufficient: c.Insufficient, Annotations: annotations(c.Annotations)}
	}
	return out
}

// cardText is a card slot's JSON form.
func cardText(p model.PlayCard) string {
	if p.Kind == model.NoCard {
		return ""
	}
	return p.String()
}

func fromPlay(p *model.Play) *Play {
	if p == nil {
		return nil
	}
	out := &Play{Leader: p.First, Tricks: make([][4]string, len(p.Tricks)), Star: p.Star,
		Notes: notes(p.Notes), Comments: comments("", p.Comments)}
	if p.Claim >= 0 {
		n := int(p.Claim)
		out.Claim = &n
	}
	base := columnSeat(p.First)
	for i := range p.Tricks {
		for j := 0; j < 4; j++ {
			s := base.Add(j)
			pc := p.Tricks[i][s]
			out.Tricks[i][j] = cardText(pc)
			a := annotations(pc.Annotations)
			if pc.Revoke || pc.LeadOutOfTurn || a.Note != 0 || len(a.NAGs) > 0 || len(a.Comments) > 0 {
				out.Marks = append(out.Marks, CardMark{Trick: i + 1, Seat: s, Revoke: pc.Revoke,
					LeadOutOfTurn: pc.LeadOutOfTurn, Annotations: a})
			}
		}
	}
	return out
}

// columnSeat is the seat of a trick's first column: the opening leader,
// or North when the record does not say.
func columnSeat(first model.Seat) model.Seat {
	if !first.Valid() {
		return model.North
	}
	return first
}

// fromSection gives a table its columns, and its tag's value only where
// the columns do not spell it.
func fromSection(s *model.Section) Table {
	t := Table{Name: s.Tag.Name, Value: s.Tag.Value, Rows: s.Rows, Tokens: s.Tokens,
		Comments: comments("", s.Comments), TagComments: comments("", s.Tag.Comments)}
	switch {
	case s.DD != nil:
		t.DD = fromDD(s.DD)
	case s.Traveller != nil:
		t.Traveller = fromTraveller(s.Traveller)
	case s.Standings != nil:
		t.Standings = fromStandings(s.Standings)
	}
	t.Columns = layout.ColumnHeaders(s) // a table kept as read, as its header spells them
	if len(t.Columns) > 0 && layout.JoinHeaders(t.Columns) == t.Value {
		t.Value = ""
	}
	return t
}

func annotations(a model.Annotations) Annotations {
	return Annotations{Note: a.Note, NAGs: a.NAGs, Comments: comments("", a.Comments)}
}

func notes(ns []model.Note) []Note {
	var out []Note
	for _, n := range ns {
		out = append(out, Note{Index: n.Index, Text: n.Text, Comments: comments("", n.Comments)})
	}
	return out
}

func comments(at string, cs []model.Comment) []Comment {
	var out []Comment
	for _, c := range cs {
		out = append(out, Comment{At: at, Text: c.Text})
	}
	return out
}

func directiveTexts(ds []layout.Directive) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Text)
	}
	return out
}
