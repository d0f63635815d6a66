package jsonrec

import (
	"strings"

	"handrec/model"
)

// The fifteen tags of PBN's mandatory tag set, whose facts a record states
// as fields; every other tag stays a tag.
var factTags = [...]string{"Event", "Site", "Date", "Board", "West", "North", "East", "South",
	"Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result"}

func isFactTag(name string) bool {
	for _, n := range factTags {
		if n == name {
			return true
		}
	}
	return false
}

// FromHeader is the document header for h.
func FromHeader(h model.Header) Header {
	out := Header{Handrec: Version, Directives: directiveTexts(h.Directives), Comments: comments("", h.Comments)}
	for _, t := range h.Tags {
		out.Tags = append(out.Tags, Tag{Name: t.Name, Value: t.Value})
	}
	f, _ := model.ParseFormat(h.Format)
	if f != model.NoFormat || h.Encoding != "" || h.Version != "" || h.Export {
		out.Source = &Source{Format: f, Encoding: h.Encoding, Version: h.Version, Export: h.Export}
	}
	return out
}

// FromTrailer is what follows the last record.
func FromTrailer(ds []model.Directive, cs []model.Comment) Trailer {
	return Trailer{Directives: directiveTexts(ds), Comments: comments("", cs)}
}

// FromRecord is the JSON form of r. It does not change r.
func FromRecord(r *model.Record) (*Record, error) {
	out := &Record{
		Room:       r.Room,
		Match:      r.Match,
		Directives: directiveTexts(r.Directives),
		Comments:   comments("start", r.Leading),
		Source:     RecordSource{File: r.File, Index: r.Index, Line: r.Pos.Line, Col: r.Pos.Col},
	}
	fromTags(out, r)
	fromFacts(out, r)
	out.TagOrder = tagOrder(r, out)
	out.Auction = fromAuction(r.Auction)
	out.Play = fromPlay(r.Play)
	for i := range r.Sections {
		out.Tables = append(out.Tables, fromSection(&r.Sections[i]))
	}
	for _, p := range r.Problems {
		out.Problems = append(out.Problems, Problem{Line: p.Pos.Line, Col: p.Pos.Col, Severity: p.Severity, Message: p.Message})
	}
	if r.Layout != nil {
		b, err := model.MarshalLayout(r.Layout)
		if err != nil {
			return nil, err
		}
		out.Layout = b
	}
	return out, nil
}

// fromTags states each tag of the model that JSON gives as a field
// (Event, Site, Date, the players, Scoring: the first of each) as that
// field and keeps every other tag as a tag; the model's facts are fields,
// and only one whose field cannot hold its text as given is an unread tag.
// Tags and facts come in the order PBN exports them (model.EachTag).
func fromTags(out *Record, r *model.Record) {
	seen := map[string]bool{}
	r.EachTag(func(t model.Tag) {
		if f, ok := model.FactNamed(t.Name); ok {
			if n := &r.Facts[f]; n.Text != nil {
				out.Tags = append(out.Tags, Tag{Name: t.Name, Value: *n.Text, Unread: true, Comments: comments("", t.Comments)})
			} else {
				out.Comments = append(out.Comments, comments(t.Name, t.Comments)...)
			}
			return
		}
		first := isFactTag(t.Name) && !seen[t.Name]
		seen[t.Name] = seen[t.Name] || isFactTag(t.Name)
		if !first || !textFact(out, t) {
			out.Tags = append(out.Tags, Tag{Name: t.Name, Value: t.Value, Unread: first, Comments: comments("", t.Comments)})
			return
		}
		out.Comments = append(out.Comments, comments(t.Name, t.Comments)...)
	})
}

// tagOrder is the order of r's tags and the facts placed among them when
// it is not the one ToRecord gives them (canonOrder).
func tagOrder(r *model.Record, out *Record) []string {
	var order []string
	r.EachTag(func(t model.Tag) {
		// a fact without a place among the tags (made, or derived from
		// the auction) was not among the source's tags
		if f, fact := model.FactNamed(t.Name); !fact || r.Facts[f].At > 0 {
			order = append(order, t.Name)
		}
	})
	if n := len(order); n > 0 && order[n-1] == "Room" && !out.unread("Room") {
		order = order[:n-1] // a room after all the tags needs no place (ToRecord's)
	}
	canon := out.canonOrder(r)
	same := len(canon) == len(order)
	for i := 0; same && i < len(canon); i++ {
		same = canon[i] == order[i]
	}
	if same {
		return nil
	}
	return order
}

// canonOrder is the order ToRecord gives a record's tags and facts when
// d has no tag_order: the facts d states as fields in PBN's order, then
// its tags (a room stands after them all, as model.Record.EachTag puts a
// room without a place).
func (d *Record) canonOrder(r *model.Record) []string {
	var canon []string
	for _, n := range factTags {
		if _, ok := d.factValue(r, n); ok && !d.unread(n) {
			canon = append(canon, n)
		}
	}
	for _, t := range d.Tags {
		canon = append(canon, t.Name)
	}
	return canon
}

// textFact states tag t as a field of out, and reports whether its value
// is then carried whole.
func textFact(out *Record, t model.Tag) bool {
	v := t.Value
	switch t.Name {
	case "Event", "Site", "Date":
		if out.Event == nil {
			out.Event = new(Event)
		}
		*map[string]**string{"Event": &out.Event.Name, "Site": &out.Event.Site, "Date": &out.Event.Date}[t.Name] = &v
	case "North", "East", "South", "West":
		if out.Players == nil {
			out.Players = new(Players)
		}
		s, _ := model.ParseSeat(t.Name[0])
		*out.Players.seat(s) = &v
	case "Scoring":
		out.Scoring = &v
	default:
		return false
	}
	return true
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
	for _, c := range s.Columns {
		t.Columns = append(t.Columns, c.String())
	}
	if len(t.Columns) > 0 && strings.Join(t.Columns, ";") == t.Value {
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
		out = append(out, Comment{At: at, Text: c.Text, Kind: c.Kind})
	}
	return out
}

func directiveTexts(ds []model.Directive) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Text)
	}
	return out
}
