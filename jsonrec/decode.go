package jsonrec

import (
	"fmt"
	"strconv"

	"handrec/layout"
	"handrec/model"
)

// ToHeader is the model header of a document.
func (h Header) ToHeader() model.Header {
	out := model.Header{Comments: plainComments(h.Comments)}
	ph := &layout.PBNHeader{Directives: directives(h.Directives), Semicolons: semicolons(h.Comments, h.Semicolons)}
	for _, t := range h.Tags {
		ph.Tags = append(ph.Tags, model.Tag{Name: t.Name, Value: t.Value})
	}
	if s := h.Source; s != nil {
		out.Format, out.Encoding = s.Format, s.Encoding
		ph.Version, ph.Export = s.Version, s.Export
	}
	if !ph.Empty() {
		out.Layout = ph // PBN's bookkeeping: its header layout
	}
	return out
}

// ToTrailer is the model form of what followed the last record: its
// escape lines are PBN's bookkeeping, its trailer layout.
func (t Trailer) ToTrailer() model.Trailer {
	return layout.NewTrailer(directives(t.Directives), plainComments(t.Comments), semicolons(t.Comments, t.Semicolons))
}

// ToRecord is the model record d describes. A value that cannot be read is
// an error naming it; nothing is guessed.
func (d *Record) ToRecord() (*model.Record, error) {
	r := model.NewRecord()
	r.File, r.Index, r.Pos = d.Source.File, d.Source.Index, model.Pos{Line: d.Source.Line, Col: d.Source.Col}
	r.Room, r.Match = d.Room, d.Match
	if err := d.facts(r); err != nil {
		return nil, err
	}
	order := d.tags(r)
	r.Auction = d.Auction.toAuction()
	var err error
	if r.Play, err = d.Play.toPlay(); err != nil {
		return nil, err
	}
	for _, t := range d.Tables {
		sec, err := t.toSection()
		if err != nil {
			return nil, err
		}
		r.Sections = append(r.Sections, sec)
	}
	for _, p := range d.Problems {
		r.Problems = append(r.Problems, model.Problem{File: r.File, Pos: model.Pos{Line: p.Line, Col: p.Col},
			Severity: p.Severity, Message: p.Message})
	}
	if r.Layout, err = model.UnmarshalLayout(d.Layout); err != nil {
		return nil, err
	}
	if s, ok := r.Layout.(model.Settler); ok {
		s.Settle(r) // a layout stored in an older form
	}
	if ds := directives(d.Directives); len(ds) > 0 && !layout.SetDirectives(r, append(ds, layout.Directives(r)...)) {
		return nil, fmt.Errorf("directives: a record with a %s layout keeps no escape lines", r.Layout.Format())
	}
	settleOld(r) // JSON written by an older handrec
	if layout.TagOrder(r) == nil {
		// JSON written before the tag order was PBN's layout states it
		// as "tag_order", or by the order of its tags: PBN's layout
		// keeps it when PBN's writer needs it
		layout.SetTagOrder(r, order)
	}
	return r, nil
}

func (d *Record) facts(r *model.Record) error {
	r.Board = d.Board
	var err error
	if r.Dealer, err = seat("dealer", d.Dealer); err != nil {
		return err
	}
	if r.Declarer, err = seat("declarer", d.Declarer); err != nil {
		return err
	}
	r.DeclarerSwap = d.DeclarerSwap
	if d.Vul != "" {
		v, ok := model.ParseVul(d.Vul)
		if !ok {
			return fmt.Errorf("vul: bad vulnerability %q", d.Vul)
		}
		r.Vul = v
	}
	if d.Deal != "" {
		// a deal with faults (a card dealt twice) is kept as it stands:
		// the record's problems already say what is wrong with it
		r.Deal, _ = model.ParseDeal(d.Deal)
	}
	if d.Contract != "" {
		c, ok := model.ParseContract(d.Contract)
		if !ok {
			return fmt.Errorf("contract: bad contract %q", d.Contract)
		}
		r.Contract = c
	}
	if err := d.Par.toPar(r); err != nil {
		return err
	}
	if d.Tricks != nil {
		r.Result.Tricks = int8(*d.Tricks)
	}
	if res := d.Result; res != nil {
		r.Result.Irregular = res.Irregular
		if res.Defenders != nil {
			r.Result.Defenders = int8(*res.Defenders)
		}
	}
	return nil
}

// toPar states the par p gives in r: its score and contracts, each as
// the record's field holds it.
func (p *Par) toPar(r *model.Record) error {
	if p == nil {
		return nil
	}
	if p.Score != "" {
		if err := r.Par.Score.UnmarshalText([]byte(p.Score)); err != nil {
			return fmt.Errorf("par: bad score %q", p.Score)
		}
	}
	for _, s := range p.Contracts {
		var c model.ParContract
		if err := c.UnmarshalText([]byte(s)); err != nil {
			return fmt.Errorf("par: bad contract %q", s)
		}
		r.Par.Contracts = append(r.Par.Contracts, c)
	}
	return nil
}

func seat(key, v string) (model.Seat, error) {
	var s model.Seat
	if err := s.UnmarshalText([]byte(v)); err != nil {
		return model.NoSeat, fmt.Errorf("%s: %w", key, err)
	}
	return s, nil
}

// tags gives the record the facts JSON states as fields of its own (the
// event's name, site and date, the players, the scoring), as given, and
// those it states as tags (the other facts of the event, the recorded
// scores), then the other tags as read; the comments anchored to a tag
// follow it. The other facts (Board, Dealer, ...) are fields read already:
// they take their comments, and an unread one its text, into their notes.
// A fact's tag given again (in JSON written before the facts lived once)
// stays a tag, for the reader to put in the PBN layout. It returns the
// order the tags and facts stand in: the record's "tag_order" (JSON
// written before it was PBN's layout), else that of d's fields and tags.
func (d *Record) tags(r *model.Record) []string {
	for _, c := range d.Comments {
		if c.At == "start" {
			r.Leading = append(r.Leading, modelComment(c))
		} else if f, ok := model.FactNamed(c.At); ok {
			r.Facts[f].Comments = append(r.Facts[f].Comments, modelComment(c))
		}
	}
	for _, f := range model.MandatoryFacts {
		if p, ok := d.field(f, false); ok && *p != nil && !d.unread(f.String()) {
			r.ReadFact(f, **p)
			r.SetFactText(f, **p)
		}
	}
	for _, t := range d.Tags {
		f, ok := model.FactNamed(t.Name)
		switch {
		case ok && t.Unread && r.Facts[f].Text == nil:
		case ok && newFact(f) && !r.Given(f):
			r.ReadFact(f, t.Value)
		default:
			r.Tags = append(r.Tags, model.Tag{Name: t.Name, Value: t.Value, Comments: modelComments(t.Comments)})
			continue
		}
		r.SetFactText(f, t.Value)
		r.Facts[f].Comments = append(r.Facts[f].Comments, modelComments(t.Comments)...)
	}
	names := d.TagOrder
	if len(names) == 0 {
		names = d.canonOrder(r)
	}
	r.Tags = reorder(r.Tags, names)
	return names
}

// unread reports whether the record keeps fact tag name as written.
func (d *Record) unread(name string) bool {
	for _, t := range d.Tags {
		if t.Unread && t.Name == name {
			return true
		}
	}
	return false
}

// reorder puts tags in the order of names, the n-th tag of a name where
// the n-th time that name stands; the tags names does not place (facts
// the source gave no tag for) follow in their order.
func reorder(tags []model.Tag, names []string) []model.Tag {
	byName := map[string][]int{}
	for i, t := range tags {
		byName[t.Name] = append(byName[t.Name], i)
	}
	placed := make([]bool, len(tags))
	out := make([]model.Tag, 0, len(tags))
	for _, n := range names {
		if is := byName[n]; len(is) > 0 {
			out = append(out, tags[is[0]])
			placed[is[0]] = true
			byName[n] = is[1:]
		}
	}
	for i, t := range tags {
		if !placed[i] {
			out = append(out, t)
		}
	}
	return out
}

// factValue is the value of mandatory fact tag name, if the record
// states it.
func (d *Record) factValue(r *model.Record, name string) (string, bool) {
	f, ok := model.FactNamed(name)
	if !ok {
		return "", false
	}
	if p, field := d.field(f, false); field {
		if *p == nil {
			return "", false
		}
		return **p, true
	}
	return r.FactText(f) // a fact's field, as PBN writes it
}

func (a *Auction) toAuction() *model.Auction {
	if a == nil {
		return nil
	}
	out := &model.Auction{First: a.First, Star: a.Star, Notes: modelNotes(a.Notes), Comments: modelComments(a.Comments)}
	for _, c := range a.Calls {
		mc := call(c.Call)
		mc.Alert, mc.Explanation, mc.Insufficient = c.Alert, c.Explanation, c.Insufficient
		mc.Annotations = c.Annotations.toAnnotations()
		out.Calls = append(out.Calls, mc)
	}
	return out
}

// call reads a call as FromRecord writes it; any other token, the empty
// one too (LIN's "mb||", which its reader keeps as written), is a call
// kept as written.
func call(s string) model.Call {
	switch s {
	case "Pass":
		return model.Call{Kind: model.Pass}
	case "X":
		return model.Call{Kind: model.Double}
	case "XX":
		return model.Call{Kind: model.Redouble}
	case "AP":
		return model.Call{Kind: model.AllPass}
	case "-":
		return model.Call{Kind: model.NotYet}
	case "^S":
		return model.Call{Kind: model.Skipped}
	case "+":
		return model.Call{Kind: model.Continue}
	}
	if c, ok := model.ParseCall(s); ok && c.Kind == model.BidCall && c.String() == s {
		return c
	}
	return model.Call{Kind: model.Other, Text: s}
}

func (p *Play) toPlay() (*model.Play, error) {
	if p == nil {
		return nil, nil
	}
	out := &model.Play{First: p.Leader, Claim: -1, Star: p.Star, Notes: modelNotes(p.Notes), Comments: modelComments(p.Comments)}
	if p.Claim != nil {
		out.Claim = int8(*p.Claim)
	}
	base := columnSeat(p.Leader)
	if len(p.Tricks) > 0 {
		// the columns start at North when no leader is given: the play
		// holds it (a record stored before the PBN reader set the leader
		// it read the cards as, "read as if North led")
		out.First = base
	}
	out.Tricks = make([]model.Trick, len(p.Tricks))
	for i, t := range p.Tricks {
		for j, s := range t {
			pc, err := playCard(s)
			if err != nil {
				return nil, fmt.Errorf("play: trick %d: %w", i+1, err)
			}
			out.Tricks[i][base.Add(j)] = pc
		}
	}
	for _, m := range p.Marks {
		if m.Trick < 1 || m.Trick > len(out.Tricks) || !m.Seat.Valid() {
			return nil, fmt.Errorf("play: mark for trick %d, seat %q: no such card", m.Trick, m.Seat)
		}
		pc := &out.Tricks[m.Trick-1][m.Seat]
		pc.Revoke, pc.LeadOutOfTurn = m.Revoke, m.LeadOutOfTurn
		pc.Annotations = m.Annotations.toAnnotations()
	}
	return out, nil
}

func playCard(s string) (model.PlayCard, error) {
	switch s {
	case "":
		return model.PlayCard{Kind: model.NoCard}, nil
	case "-":
		return model.PlayCard{Kind: model.Unknown}, nil
	case "+":
		return model.PlayCard{Kind: model.Next}, nil
	}
	c, ok := model.ParseCard(s)
	if !ok || c.String() != s {
		return model.PlayCard{}, fmt.Errorf("bad card %s", strconv.Quote(s))
	}
	return model.PlayCard{Kind: model.Played, Card: c}, nil
}

func (t Table) toSection() (model.Section, error) {
	v := t.Value
	if v == "" && len(t.Columns) > 0 {
		v = layout.JoinHeaders(t.Columns)
	}
	s := model.Section{Tag: model.Tag{Name: t.Name, Value: v, Comments: modelComments(t.TagComments)},
		Rows: t.Rows, Tokens: t.Tokens, Comments: modelComments(t.Comments)}
	if len(t.Columns) > 0 {
		cols, _ := layout.ParseColumns(v)
		s.Columns = layout.Names(cols)
	}
	var err error
	switch {
	case t.DD != nil:
		s.DD, err = t.DD.toDD()
	case t.Traveller != nil:
		s.Traveller, err = t.Traveller.toTraveller()
	case t.Standings != nil:
		s.Standings = t.Standings.toStandings()
	}
	return s, err
}

func (a Annotations) toAnnotations() model.Annotations {
	return model.Annotations{Note: a.Note, NAGs: a.NAGs, Comments: modelComments(a.Comments)}
}

func modelNotes(ns []Note) []model.Note {
	var out []model.Note
	for _, n := range ns {
		out = append(out, model.Note{Index: n.Index, Text: n.Text, Comments: modelComments(n.Comments)})
	}
	return out
}

// modelComments are the model's comments of a record's cs. A comment of
// a kind (JSON written before the layouts held it) is read as
// layout.OldComment gives it, for ToRecord to move the kind into the
// layout.
func modelComments(cs []Comment) []model.Comment {
	var out []model.Comment
	for _, c := range cs {
		out = append(out, modelComment(c))
	}
	return out
}

// plainComments are the model's comments of a header's or a trailer's
// cs, whose kinds semicolons reads.
func plainComments(cs []Comment) []model.Comment {
	var out []model.Comment
	for _, c := range cs {
		out = append(out, model.Comment{Text: c.Text})
	}
	return out
}

// modelComment is the model's comment of c (modelComments).
func modelComment(c Comment) model.Comment {
	if c.Kind == "" {
		return model.Comment{Text: c.Text}
	}
	return layout.OldComment(c.Text, c.Kind)
}

func directives(ts []string) []layout.Directive {
	var out []layout.Directive
	for _, t := range ts {
		out = append(out, layout.Directive{Text: t})
	}
	return out
}
