package pbn

import (
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"handrec/layout"
	"handrec/model"
	"handrec/parser/internal/read"
)

type section int

const (
	secNone    section = iota // before the first tag
	secTag                    // after an identification tag
	secAuction                // in the auction section
	secPlay                   // in the play section
	secOther                  // in a supplemental section
)

// builder turns one parsed game into a model.Record.
type builder struct {
	rec *model.Record
	sec section
	// where comments in the next body go when no element precedes them
	target *[]model.Comment
	// cur is the call or card the auction or play section being read
	// gives its annotations to (see keep)
	cur *annot
	// for the tag just read, in secTag: its index in rec.Tags
	lastTag      int
	pendingI     bool // ^I read, for the next call
	pendingR     bool // ^R read, for the next card
	pendingL     bool // ^L read, for the next card
	playSlot     int  // next slot in column order
	plus         bool // a + was read in the play
	needsInherit bool
	notesSeen    map[int]bool // the note numbers given in the current section
	cap          read.ItemCap // the tags and body tokens read, at most read.MaxItems
	// semis are the positions of the ";" comments read, in file order
	semis []model.Pos
}

func mpos(p lexer.Position) model.Pos { return model.Pos{Line: p.Line, Col: p.Column} }

func newBuilder(file string) *builder {
	b := &builder{rec: model.NewRecord(), cap: read.NewItemCap()}
	b.rec.File = file
	b.target = &b.rec.Leading
	return b
}

// build makes a record from a parsed game.
func (b *builder) build(g *pbnGame) *model.Record {
	n := 0
	for i := range g.Items {
		if g.Items[i].Tags != nil {
			n += len(g.Items[i].Tags.Tags)
		}
	}
	b.rec.Tags = make([]model.Tag, 0, n)
	for i := range g.Items {
		it := &g.Items[i]
		if b.rec.Pos.IsZero() && it.Escape == nil {
			b.rec.Pos = mpos(it.Pos)
		}
		switch {
		case it.Escape != nil:
			layout.SetDirectives(b.rec, append(layout.Directives(b.rec), layout.Directive{Text: *it.Escape, Pos: mpos(it.Pos)}))
		case it.Tags != nil:
			// each tag, and the body after them, at its own position
			p, k := it.Pos, 0
			for j := range it.Tags.Tags {
				p, k = advance(p, it.Tags.Raw, k, it.Tags.Tags[j].Off)
				if b.cap.Over(mpos(p), p.Offset) {
					break
				}
				b.tag(&it.Tags.Tags[j], mpos(p), p)
			}
			if c := it.Tags.CutOff; c >= 0 {
				p, k = advance(p, it.Tags.Raw, k, c)
				b.cap.CutAt(mpos(p), p.Offset)
			}
			if it.Tags.Body != "" && b.cap.Off < 0 {
				p, _ = advance(p, it.Tags.Raw, k, it.Tags.BodyOff)
				b.body(it.Tags.Body, p)
			}
		case it.Body != nil:
			b.body(it.Body.Raw, it.Pos)
		}
		if b.cap.Off >= 0 {
			break
		}
	}
	if b.rec.Pos.IsZero() && len(g.Items) > 0 {
		b.rec.Pos = mpos(g.Items[0].Pos)
	}
	b.finish()
	return b.rec
}

// advance moves p, the position of raw[from], to raw[to].
func advance(p lexer.Position, raw string, from, to int) (lexer.Position, int) {
	for k := from; k < to; k++ {
		if raw[k] == '\n' {
			p.Line++
			p.Column = 1
		} else {
			p.Column++
		}
	}
	p.Offset += to - from
	return p, to
}

// valuePos is the position of the tag's value, counting lines inside the token.
func valuePos(t *pbnTag, p lexer.Position) model.Pos {
	line, col := p.Line, p.Column
	for k := 0; k < t.ValueOff && k < len(t.Raw); k++ {
		if t.Raw[k] == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return model.Pos{Line: line, Col: col}
}

func (b *builder) tag(t *pbnTag, pos model.Pos, lp lexer.Position) {
	r := b.rec
	vp := valuePos(t, lp)
	if t.Err != "" {
		r.Errorf(pos, "%s", t.Err)
	}
	if strings.ContainsAny(t.Value, "\t\v") {
		r.Warnf(vp, "tag %s: tab inside the value", t.Name)
	}
	if hasControl(t.Value) {
		r.Warnf(vp, "tag %s: control character inside the value (PBN 2.2 allows none)", t.Name)
	}
	tg := model.Tag{Name: t.Name, Value: t.Value, Pos: pos, ValuePos: vp}
	switch t.Name {
	case "Auction":
		b.auctionTag(tg)
		return
	case "Play":
		b.playTag(tg)
		return
	case "Note":
		if b.noteTag(tg) {
			return
		}
		r.Warnf(pos, "note outside the auction and play sections; kept as a tag")
	}
	// An identification tag, or the header of a supplemental section: which
	// of the two is known when its body is read.
	b.sec = secTag
	dup := r.TagIndex(t.Name) >= 0 // a score of tags: a scan beats a map
	r.Tags = append(r.Tags, tg)
	b.lastTag = len(r.Tags) - 1
	b.target = &r.Tags[b.lastTag].Comments
	if dup {
		r.Warnf(pos, "tag %s repeated; the first value counts", t.Name)
		return
	}
	b.apply(&r.Tags[b.lastTag])
}

// sectionSeat reads the seat an Auction or Play tag names; "" is none.
// A value that names none stays in the PBN layout as written, for the
// writer to give back.
func (b *builder) sectionSeat(tg model.Tag, what string) model.Seat {
	if s, ok := parseSeatValue(tg.Value); ok {
		return s
	}
	layout.SetSectionSeat(b.rec, tg.Name, tg.Value)
	if strings.TrimSpace(tg.Value) != "" {
		b.rec.Errorf(tg.ValuePos, "%s: bad seat %q", what, tg.Value)
	}
	return model.NoSeat
}

// auctionTag opens the auction section; a second one is kept as a
// supplemental section.
func (b *builder) auctionTag(tg model.Tag) {
	r := b.rec
	if r.Auction != nil {
		r.Errorf(tg.Pos, "second Auction section; kept as a supplemental section")
		b.otherSection(tg)
		return
	}
	a := &model.Auction{First: b.sectionSeat(tg, "auction"), Pos: tg.Pos}
	r.Auction = a
	b.sec = secAuction
	b.notesSeen = nil
	b.target = &a.Comments
}

// playTag opens the play section; a second one is kept as a supplemental
// section.
func (b *builder) playTag(tg model.Tag) {
	r := b.rec
	if r.Play != nil {
		r.Errorf(tg.Pos, "second Play section; kept as a supplemental section")
		b.otherSection(tg)
		return
	}
	p := model.NewPlay(b.sectionSeat(tg, "play"))
	p.Pos = tg.Pos
	r.Play = p
	b.sec = secPlay
	b.notesSeen = nil
	b.playSlot = 0
	b.target = &p.Comments
}

// noteTag adds a note to the section it follows; false outside the
// auction and play sections.
func (b *builder) noteTag(tg model.Tag) bool {
	r := b.rec
	var notes *[]model.Note
	switch b.sec {
	case secAuction:
		notes = &r.Auction.Notes
	case secPlay:
		notes = &r.Play.Notes
	default:
		return false
	}
	n := model.Note{Pos: tg.Pos}
	idx, text, ok := splitNote(tg.Value)
	if !ok {
		r.Errorf(tg.ValuePos, "note: bad value %q (want \"N:text\")", tg.Value)
	}
	n.Index, n.Text = idx, pbnSuits(text)
	if ok {
		if b.notesSeen[idx] {
			r.Errorf(tg.Pos, "note %d given twice", idx)
		}
		if b.notesSeen == nil {
			b.notesSeen = make(map[int]bool)
		}
		b.notesSeen[idx] = true
	}
	*notes = append(*notes, n)
	b.target = &(*notes)[len(*notes)-1].Comments
	return true
}

func (b *builder) otherSection(tg model.Tag) {
	b.rec.Sections = append(b.rec.Sections, model.Section{Tag: tg})
	b.sec = secOther
	b.target = &b.rec.Sections[len(b.rec.Sections)-1].Tag.Comments
}

func parseSeatValue(v string) (model.Seat, bool) {
	v = strings.TrimSpace(v)
	if len(v) != 1 {
		return model.NoSeat, false
	}
	return model.ParseSeat(v[0])
}

// splitNote reads "N:text". A value without a number before the colon gives
// index -1 and the whole value as its text, so that nothing is lost.
func splitNote(v string) (int, string, bool) {
	i := strings.IndexByte(v, ':')
	if i < 0 {
		return -1, v, false
	}
	n, err := strconv.Atoi(strings.TrimSpace(v[:i]))
	if err != nil {
		return -1, v, false
	}
	return n, v[i+1:], n >= 1 && n <= 32
}

// hasControl reports a control character other than tab: C0, DEL, or the
// Latin-1 range 128-159 that PBN does not use (2.2).
func hasControl(v string) bool {
	for _, c := range v {
		if c < 0x20 && c != '\t' || c >= 0x7f && c <= 0x9f {
			return true
		}
	}
	return false
}

// forbidInherit lists the tags whose value may not be inherited (PBN 4.8).
var forbidInherit = map[string]bool{"Dealer": true, "Vulnerable": true, "Deal": true,
	"Declarer": true, "Contract": true, "Auction": true, "Play": true, "Note": true}

// apply reads the structured meaning of an identification tag.
func (b *builder) apply(t *model.Tag) {
	r := b.rec
	v := t.Value
	if strings.HasPrefix(v, "#") {
		if forbidInherit[t.Name] {
			notePos(r, t)
			r.Errorf(t.ValuePos, "tag %s cannot inherit its value (\"#\")", t.Name)
			return
		}
		b.needsInherit = true
		return
	}
	applyTag(r, t)
}

// notePos notes where the value of fact tag t stood, for the problems
// found in it later (model.Validate's); the tag itself leaves the record
// when the game is read whole (layout.LiftFacts).
func notePos(r *model.Record, t *model.Tag) {
	if f, ok := model.FactNamed(t.Name); ok && !t.ValuePos.IsZero() {
		r.Facts[f].Pos = t.ValuePos
	}
}

// applyTag sets the record's structured field for tag t, reporting a value
// it cannot read. Values that are empty or "?" (unknown) are not faults.
func applyTag(r *model.Record, t *model.Tag) {
	notePos(r, t)
	v := t.Value
	if f, ok := model.FactNamed(t.Name); ok {
		r.ReadFact(f, v) // the event, players, scores and room: read as they are
	}
	tv := strings.TrimSpace(v)
	unknown := tv == "" || tv == "?"
	switch t.Name {
	case "Board":
		if unknown {
			return
		}
		if n, err := strconv.Atoi(tv); err == nil && n > 0 {
			r.Board = n
		} else {
			r.Errorf(t.ValuePos, "board: %q is not a positive number", v)
		}
	case "Dealer":
		if s, ok := parseSeatValue(v); ok {
			r.Dealer = s
		} else if !unknown {
			r.Errorf(t.ValuePos, "dealer: bad seat %q", v)
		}
	case "Vulnerable":
		if x, ok := model.ParseVul(v); ok && !strings.EqualFold(tv, "n") && !strings.EqualFold(tv, "e") && !strings.EqualFold(tv, "b") && tv != "o" && tv != "0" {
			r.Vul = x
		} else if !unknown {
			r.Errorf(t.ValuePos, "vulnerable: bad value %q", v)
		}
	case "Deal":
		if unknown {
			return
		}
		d, errs := model.ParseDeal(v)
		if len(errs) == 0 && d.Empty() {
			r.Errorf(t.ValuePos, "deal: no hand is given")
		}
		for _, e := range errs {
			r.Errorf(model.Pos{Line: t.ValuePos.Line, Col: t.ValuePos.Col + e.Off}, "%s", e.Msg)
		}
		if strings.Contains(tv, "  ") {
			r.Warnf(t.ValuePos, "deal: two spaces between hands")
		}
		r.Deal = d
	case "Contract":
		if unknown {
			return
		}
		if c, ok := model.ParseContract(v); ok {
			r.Contract = c
		} else {
			r.Errorf(t.ValuePos, "contract: bad value %q", v)
		}
	case "Declarer":
		if unknown {
			return
		}
		s := tv
		if strings.HasPrefix(s, "^") {
			r.DeclarerSwap = true
			s = s[1:]
		}
		if x, ok := parseSeatValue(s); ok {
			r.Declarer = x
		} else {
			r.DeclarerSwap = false
			r.Errorf(t.ValuePos, "declarer: bad seat %q", v)
		}
	case "Date":
		if !unknown && !validDate(tv) {
			r.Warnf(t.ValuePos, "date: %q is not YYYY.MM.DD", v)
		}
	default:
		checkSupplemental(r, t)
	}
}

// validDate accepts YYYY.MM.DD with '?' for unknown digits.
func validDate(v string) bool {
	if len(v) != 10 || v[4] != '.' || v[7] != '.' {
		return false
	}
	for i := 0; i < 10; i++ {
		if i == 4 || i == 7 {
			continue
		}
		if c := v[i]; !(c >= '0' && c <= '9' || c == '?') {
			return false
		}
	}
	return true
}

// checkSupplemental checks the values the standard restricts (chapter 4).
func checkSupplemental(r *model.Record, t *model.Tag) {
	v := strings.TrimSpace(t.Value)
	if v == "" || v == "?" {
		return
	}
	bad := false
	switch t.Name {
	case "Round":
		for i := 0; i < len(v); i++ {
			if !isNameChar(v[i]) && v[i] != '.' {
				bad = true
			}
		}
	case "FrenchMP":
		bad = v != "Yes" && v != "No"
	case "Room":
		bad = !strings.EqualFold(v, "Open") && !strings.EqualFold(v, "Closed")
	case "Hidden":
		for i := 0; i < len(v); i++ {
			if _, ok := model.ParseSeat(v[i]); !ok {
				bad = true
			}
		}
	case "Score", "OptimumScore":
		bad = !validSideNumbers(v, t.Name == "Score")
	case "Scoring":
		for _, f := range strings.Split(v, ";") {
			if strings.TrimSpace(f) == "" || strings.Contains(f, "?") {
				bad = true
			}
		}
	case "EventDate":
		bad = !validDate(v)
	case "ScorePercentage":
		bad = !validPercentages(v)
	}
	if bad {
		r.Warnf(t.ValuePos, "%s: bad value %q", strings.ToLower(t.Name), t.Value)
	}
}

// validPercentages accepts "<p>", "NS <p>", "EW <p>" and both sides, each
// p a number from 0 to 100.
func validPercentages(v string) bool {
	f := strings.Fields(v)
	if len(f) == 3 || len(f) > 4 {
		return false
	}
	for i, x := range f {
		if len(f) > 1 && i%2 == 0 {
			if x != "NS" && x != "EW" {
				return false
			}
			continue
		}
		p, err := strconv.ParseFloat(x, 64)
		if err != nil || p < 0 || p > 100 {
			return false
		}
	}
	return len(f) > 0
}

// validSideNumbers accepts "<n>", "NS <n>", "EW <n>", "NS <n> EW <n>" and
// "EW <n> NS <n>"; a bare number only where bare is true.
func validSideNumbers(v string, bare bool) bool {
	f := strings.Fields(v)
	isNum := func(s string) bool { _, err := strconv.Atoi(s); return err == nil }
	switch len(f) {
	case 1:
		return bare && isNum(f[0])
	case 2:
		return (f[0] == "NS" || f[0] == "EW") && isNum(f[1])
	case 4:
		return (f[0] == "NS" && f[2] == "EW" || f[0] == "EW" && f[2] == "NS") && isNum(f[1]) && isNum(f[3])
	}
	return false
}

// finish resolves what needs the whole game: the Result's side form, and
// the ScoreRubberHistory against the vulnerability.
func (b *builder) finish() {
	r := b.rec
	checkRubberHistory(r)
	cutShort(r)
	i := r.TagIndex("Result")
	if i < 0 || strings.HasPrefix(r.Tags[i].Value, "#") {
		return
	}
	resolveResult(r, &r.Tags[i])
	readClaim(r)
}

// cutShort reads the last trick of a play that ends with "*" (PBN 3.6):
// its "-" slots after the last card played, in playing order from the
// trick's leader or in the order of the columns (as the writer pads the
// trick), are the cards not played; a last trick of "-" only is no trick
// at all. The leader is the winner of the trick before (at the trumps
// playStrain tells), else the Play tag's seat.
func cutShort(r *model.Record) {
	p := r.Play
	if p == nil {
		return
	}
	if !p.Star {
		// a play that stops before its thirteenth trick without "*" (nor
		// "+", the card to come) is read as cut short all the same: PBN
		// 3.6 ends a play after 13 tricks or with "*", and the writer
		// closes it with "*"
		if !r.PlayCutShort() {
			return
		}
		p.Star = true
	}
	padding(p)
	for n := len(p.Tricks); n > 0; n-- {
		t := &p.Tricks[n-1]
		leader := lastLeader(r, n-1)
		played := false
		for k := 3; k >= 0; k-- {
			pc := &t[leader.Add(k)]
			if pc.Kind == model.NoCard {
				continue
			}
			if pc.Kind != model.Unknown || pc.Revoke || pc.LeadOutOfTurn || !emptyAnnotations(pc.Annotations) {
				played = true
				break
			}
			pc.Kind = model.NoCard
		}
		if played {
			p.Tricks = p.Tricks[:n]
			return
		}
		p.Tricks = p.Tricks[:n-1]
	}
}

// padding reads the "-" slots that end the last trick in the order of the
// columns, after a card of that trick, as cards not played: the writer
// pads the last trick of a play cut short so (PBN 3.6 gives every slot),
// and a card played out of turn in a damaged play (a lead by the seat of
// the last column) left the slots before it in playing order, which the
// playing order does not reach, read as unknown cards that were never
// there. A dash with a note, a mark or a comment stays unknown.
func padding(p *model.Play) {
	if len(p.Tricks) == 0 {
		return
	}
	first := p.First
	if !first.Valid() {
		first = model.North
	}
	t := &p.Tricks[len(p.Tricks)-1]
	col := 3
	for col >= 0 && t[first.Add(col)].Kind == model.NoCard {
		col--
	}
	end := col
	for ; end >= 0; end-- {
		pc := &t[first.Add(end)]
		if pc.Kind != model.Unknown || pc.Revoke || pc.LeadOutOfTurn || !emptyAnnotations(pc.Annotations) {
			break
		}
	}
	if end < 0 {
		return // "-" only: the loop of cutShort drops the trick
	}
	for c := end + 1; c <= col; c++ {
		t[first.Add(c)].Kind = model.NoCard
	}
}

// lastLeader is the seat that led trick i, the play's last.
func lastLeader(r *model.Record, i int) model.Seat {
	p := r.Play
	first := p.First
	if !first.Valid() {
		first = model.North
	}
	if i == 0 {
		return first
	}
	o := model.ReplayPlay(r.Deal, &model.Play{First: first, Tricks: p.Tricks[:i], Claim: -1}, playStrain(r))
	if w := o.Tricks[i-1].Winner; w.Valid() {
		return w
	}
	return first
}

// playStrain is the trumps the tricks were played at, as the LIN reader
// lays out a play: those of the auction's contract when the auction is
// complete (a Contract tag, like LIN's rs, may be typed wrong), else the
// Contract tag's; with no contract to tell them, no trump. A play
// converted from LIN reads back with the leaders it was laid out with.
func playStrain(r *model.Record) model.Strain {
	if a := r.Auction; a != nil && len(a.Calls) > 0 {
		if out := a.Outcome(); out.Complete && out.Contract.Kind == model.Bid {
			return out.Contract.Strain
		}
	}
	if r.Contract.Kind == model.Bid || r.Contract.Kind == model.StrainOnly {
		return r.Contract.Strain
	}
	return model.NoTrump
}

func emptyAnnotations(a model.Annotations) bool {
	return a.Note == 0 && len(a.NAGs) == 0 && len(a.Comments) == 0
}

// readClaim reads a claim back (the model's Play.Claim, LIN's mc): a play
// cut short (it ends before its thirteenth trick is complete), in a game
// whose Result gives the declarer's tricks (and does not say "^"), was
// ended by a claim of those tricks. This is how the PBN writer carries a
// claim.
//
// A claim the Result cannot give (it gives other tricks, or the play is
// whole) is carried by a Claim tag, handrec's own: "[Claim "9"]", the
// declarer's total tricks. It becomes the field and leaves the tags.
// "[Claim "?"]", no claim known, which the writer gives a play cut short
// with a Result and no claim, keeps the Result from being read as one.
func readClaim(r *model.Record) {
	p := r.Play
	if p == nil || p.Claim >= 0 {
		return
	}
	if i := r.TagIndex("Claim"); i >= 0 {
		v := r.Tags[i].Value
		if n, err := strconv.Atoi(v); err == nil && n >= 0 && n <= 13 {
			p.Claim = int8(n)
			r.Tags = append(r.Tags[:i], r.Tags[i+1:]...)
		}
		return // "?", no claim known, leaves the tags once the game is read whole (noClaim)
	}
	if !p.Star || !r.Result.Known() || r.Result.Irregular {
		return
	}
	if !r.PlayCutShort() {
		return
	}
	p.Claim = r.Result.Tricks
}

// noClaim drops a Claim tag "?", no claim known, that readClaim read as
// no claim: the record says so with no claim in its play. It runs once
// the game is read whole, after the last readClaim.
func noClaim(r *model.Record) {
	if r.Play == nil || r.Play.Claim >= 0 {
		return
	}
	if i := r.TagIndex("Claim"); i >= 0 && r.Tags[i].Value == "?" {
		r.Tags = append(r.Tags[:i], r.Tags[i+1:]...)
	}
}

func resolveResult(r *model.Record, t *model.Tag) {
	v := strings.TrimSpace(t.Value)
	if v == "" || v == "?" {
		return
	}
	res := model.NoResult
	if strings.HasPrefix(v, "^") {
		res.Irregular = true
		v = strings.TrimSpace(v[1:])
	}
	f := strings.Fields(v)
	num := func(s string) (int8, bool) {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n > 13 {
			return 0, false
		}
		return int8(n), true
	}
	ok := true
	switch len(f) {
	case 1:
		res.Tricks, ok = num(f[0])
	case 2, 4:
		var ns, ew int8 = -1, -1
		for k := 0; k+1 < len(f); k += 2 {
			n, good := num(f[k+1])
			ok = ok && good
			switch strings.ToUpper(f[k]) {
			case "NS":
				ns = n
			case "EW":
				ew = n
			default:
				ok = false
			}
		}
		if ok && len(f) == 4 && (ns < 0 || ew < 0) {
			ok = false
		}
		if ok {
			if !r.Declarer.Valid() {
				// Without a declarer the sides cannot be told apart: keep
				// the tag, leave the tricks unknown.
				if len(f) == 4 || ns >= 0 && ew >= 0 {
					if ns+ew != 13 && !res.Irregular {
						r.Errorf(t.ValuePos, "result: %d and %d tricks do not add up to 13", int(ns), int(ew))
					}
				}
				return
			}
			if r.Declarer.Side() == model.NS {
				res.Tricks, res.Defenders = ns, ew
			} else {
				res.Tricks, res.Defenders = ew, ns
			}
			if res.Tricks >= 0 && res.Defenders >= 0 && res.Tricks+res.Defenders == 13 {
				res.Defenders = -1 // says nothing the declarer's tricks do not
			}
		}
	default:
		ok = false
	}
	if !ok {
		r.Errorf(t.ValuePos, "result: bad value %q", t.Value)
		return
	}
	r.Result = res
}

// checkRubberHistory compares ScoreRubberHistory with Vulnerable (PBN
// 4.2.6): "NS <above> <above>/<below-1> [<below-2> [<below-3>]] EW ...";
// each finished game went to the side with 100 below the line, and a side
// that has won a game is vulnerable.
func checkRubberHistory(r *model.Record) {
	i := r.TagIndex("ScoreRubberHistory")
	if i < 0 || strings.HasPrefix(r.Tags[i].Value, "#") {
		return
	}
	t := &r.Tags[i]
	below, ok := rubberBelow(t.Value)
	if !ok {
		r.Warnf(t.ValuePos, "scorerubberhistory: bad value %q", t.Value)
		return
	}
	var won [2]bool
	for g := 0; g < len(below[model.NS])-1; g++ { // the finished games
		switch {
		case below[model.NS][g] >= 100:
			won[model.NS] = true
		case below[model.EW][g] >= 100:
			won[model.EW] = true
		default:
			r.Warnf(t.ValuePos, "scorerubberhistory: game %d is finished, but neither side has 100 below the line", g+1)
			return
		}
	}
	vul := model.VulNone
	switch {
	case won[model.NS] && won[model.EW]:
		vul = model.VulAll
	case won[model.NS]:
		vul = model.VulNS
	case won[model.EW]:
		vul = model.VulEW
	}
	if r.Vul.Valid() && r.Vul != vul {
		r.Errorf(t.ValuePos, "scorerubberhistory: the games won make the vulnerability %s, but Vulnerable says %s", vul.String(), r.Vul.String())
	}
}

// rubberBelow reads each side's below-the-line units of a ScoreRubberHistory.
func rubberBelow(v string) ([2][]int, bool) {
	var below [2][]int
	f := strings.Fields(strings.ReplaceAll(v, "/", " / "))
	seen := [2]bool{}
	for k := 0; k < len(f); {
		var side model.Side
		switch f[k] {
		case "NS":
			side = model.NS
		case "EW":
			side = model.EW
		default:
			return below, false
		}
		if seen[side] || k+4 > len(f) || f[k+3] != "/" {
			return below, false
		}
		seen[side] = true
		for _, x := range f[k+1 : k+3] {
			if n, err := strconv.Atoi(x); err != nil || n < 0 {
				return below, false
			}
		}
		k += 4
		for k < len(f) && f[k] != "NS" && f[k] != "EW" {
			n, err := strconv.Atoi(f[k])
			if err != nil || n < 0 {
				return below, false
			}
			below[side] = append(below[side], n)
			k++
		}
	}
	n := len(below[model.NS])
	return below, seen[0] && seen[1] && n >= 1 && n <= 3 && len(below[model.EW]) == n
}

// declaresExport reports a "% EXPORT" line among the game's own.
func declaresExport(r *model.Record) bool {
	for _, d := range layout.Directives(r) {
		if strings.TrimSpace(d.Text) == "EXPORT" {
			return true
		}
	}
	return false
}

// checkExportLayout checks the layout a file that declares "% EXPORT"
// promises (PBN 3.3, 3.5, 3.6): each tag left-justified on a line of its
// own, and at most four calls or cards a line.
func checkExportLayout(r *model.Record) {
	line := -1
	for _, t := range r.Tags {
		if t.Pos.IsZero() {
			continue // inherited, not written
		}
		if t.Pos.Col != 1 || t.Pos.Line == line {
			r.Warnf(t.Pos, "export format: tag %s does not begin its own line", t.Name)
		}
		line = t.Pos.Line
	}
	perLine := func(what string, positions []model.Pos) {
		n, line := 0, -1
		for _, p := range positions {
			if p.Line != line {
				n, line = 0, p.Line
			}
			if n++; n == 5 {
				r.Warnf(p, "export format: more than four %s on a line", what)
			}
		}
	}
	if a := r.Auction; a != nil {
		ps := make([]model.Pos, 0, len(a.Calls))
		for _, c := range a.Calls {
			ps = append(ps, c.Pos)
		}
		perLine("calls", ps)
	}
	if p := r.Play; p != nil && p.First.Valid() {
		ps := make([]model.Pos, 0, 4*len(p.Tricks))
		for i := range p.Tricks {
			for col := 0; col < 4; col++ {
				if pc := &p.Tricks[i][p.First.Add(col)]; pc.Kind != model.NoCard {
					ps = append(ps, pc.Pos)
				}
			}
		}
		perLine("cards", ps)
	}
}

// checkSectionTags reports an auction or play section without the tags it
// needs (PBN 3.1). It runs once inheritance has given the game what it can.
func checkSectionTags(r *model.Record) {
	if r.Auction != nil && r.TagIndex("Dealer") < 0 {
		r.Errorf(r.Auction.Pos, "auction section without a Dealer tag")
	}
	if r.Play == nil {
		return
	}
	for _, name := range []string{"Deal", "Declarer", "Contract"} {
		// an end position names only the strain: no declarer needed (3.10)
		if r.TagIndex(name) < 0 && !(name == "Declarer" && r.Contract.Kind == model.StrainOnly) {
			r.Errorf(r.Play.Pos, "play section without a %s tag", name)
		}
	}
}

// fixPlayOrder reads a play section written trick by trick in playing order
// (leader first) rather than in the standard's seat columns, as some
// programs write it: when the seat columns give cards to players who do not
// hold them and the playing order gives none, the playing order is taken.
func fixPlayOrder(r *model.Record) {
	p := r.Play
	if p == nil || !p.First.Valid() || len(p.Tricks) < 2 || !r.Deal.Complete() || r.Deal.EndPosition() {
		return
	}
	if r.Contract.Kind != model.Bid && r.Contract.Kind != model.StrainOnly {
		return
	}
	if misplaced(r.Deal, p.Tricks) == 0 {
		return // the usual case: nothing to build
	}
	seq := make([]model.PlayCard, 0, 4*len(p.Tricks))
	for _, t := range p.Tricks {
		for col := 0; col < 4; col++ {
			if pc := t[p.First.Add(col)]; pc.Kind != model.NoCard {
				seq = append(seq, pc)
			}
		}
	}
	alt, ok := model.TricksInPlayOrder(p.First, seq, r.Contract.Strain)
	if !ok || misplaced(r.Deal, alt) != 0 {
		return
	}
	p.Tricks = alt
	r.Warnf(p.Pos, "play: tricks are written in playing order, not in seat columns; read as played")
}

// misplaced counts the cards played by a seat that was not dealt them.
func misplaced(d model.Deal, tricks []model.Trick) int {
	n := 0
	for _, t := range tricks {
		for s := range t {
			if t[s].Kind == model.Played && !d.Hands[s].Has(t[s].Card) {
				n++
			}
		}
	}
	return n
}
