package archive

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"handrec/archive/driver"
	"handrec/layout"
	"handrec/model"
)

// Score is a game's score under one code, for one side ("NS", "EW") or,
// in Pirate Bridge, one seat ("N" ...).
type Score struct {
	Code   string
	Who    string
	Points int
}

// encoder turns records into rows; each worker has its own, for its
// compressor and buffers.
type encoder struct {
	buf   bytes.Buffer
	je    *json.Encoder
	rec   *recordEncoder
	score func(*model.Record) []Score
	// skipErrors leaves out every record with errors.
	skipErrors bool
	// dd gives a record's double-dummy row (ImportOptions.DD).
	dd func(*model.Record) *DDRow
	// codes are the ids of tag names (tag_name), scoreCodes of scoring
	// codes (score_code); nil for none.
	codes, scoreCodes tagCodes
	// tagRoom is the room tags lists a record's tags in, again for each.
	tagRoom []tagEntry
	// whole stores records whole, not in the row form: for a caller that
	// does not store the game's row the encoder makes.
	whole bool
}

func newEncoder(score func(*model.Record) []Score, skipErrors bool) *encoder {
	e := &encoder{score: score, skipErrors: skipErrors, rec: newRecordEncoder()}
	e.je = json.NewEncoder(&e.buf)
	e.je.SetEscapeHTML(false)
	return e
}

func nullStr(s string, ok bool) any {
	if !ok {
		return nil
	}
	return s
}

func seatVal(s model.Seat) any {
	if !s.Valid() {
		return nil
	}
	return seatVals[s]
}

// seatVals are the seats' texts as values, made once: a text made a
// value at each use is an allocation (four players, a dealer, a
// declarer, two seats a trick of play, a game).
var seatVals = func() (v [4]any) {
	for _, s := range model.Seats {
		v[s] = s.String()
	}
	return v
}()

func factVal(r *model.Record, f model.Fact) any {
	v, ok := r.FactValue(f)
	return nullStr(v, ok)
}

// prepare turns a record into its rows.
func (e *encoder) prepare(r *model.Record) (*driver.Prepared, error) {
	p := &driver.Prepared{Index: r.Index, Pos: r.Pos}
	for _, pr := range r.Problems {
		if pr.Severity == model.SevError {
			p.Errs = append(p.Errs, pr)
		} else {
			p.Warnings++
		}
	}
	p.Usable = Usable(r)
	if len(p.Errs) > 0 && (e.skipErrors || !p.Usable) {
		p.Out = true
		return p, nil
	}
	name, okN := r.FactValue(model.FactEvent)
	site, okS := r.FactValue(model.FactSite)
	date, okD := r.FactValue(model.FactEventDate)
	if okN || okS || okD {
		p.Event = driver.EventKey{Name: name, Site: site, Date: date}
		p.HasEvent = true
	}
	p.Match = matchOf(r)

	players := gameRow(p, r)
	calls, err := e.calls(r)
	if err != nil {
		return nil, err
	}
	p.Game[colCalls] = calls
	tricks, cards, err := e.plays(r)
	if err != nil {
		return nil, err
	}
	p.Game[colTricks] = tricks
	row := gameRowFacts(p)
	if e.whole {
		row = nil
	}
	stored, err := e.rec.encode(r, row)
	if err != nil {
		return nil, err
	}
	p.Hash, p.Layout, p.RowPos = stored.hash, stored.layout, rowPosOf(r)
	p.Game[1], p.Game[colRecord] = p.Hash[:], stored.record
	tags, err := e.tags(p, r)
	if err != nil {
		return nil, err
	}
	p.Game[colTags] = tags
	e.problems(p, r)
	e.results(p, r)
	e.standings(p, r)
	p.Child[driver.THandPoints] = handPoints(p.Child[driver.THandPoints][:0], p.Game[colDeal])

	for _, s := range model.Seats {
		if v, ok := players[s].(string); ok && v != "" {
			p.Child[driver.TPlayer] = append(p.Child[driver.TPlayer], nil, v, seatVals[s])
		}
	}
	e.comments(p, r, cards)
	if e.score != nil {
		if p.Game[colScores], err = e.scores(e.score(r)); err != nil {
			return nil, err
		}
	}
	if e.dd != nil {
		p.DD = e.dd(r)
	}
	asInt64(p.Game)
	for t := range p.Child {
		asInt64(p.Child[t])
	}
	return p, nil
}

// asInt64 turns the ints of row into int64s, here on the import's
// parallel workers: database/sql hands an int64 to the driver as it is,
// an int by reflection, on the one goroutine that writes.
func asInt64(row []any) {
	for i, v := range row {
		if n, ok := v.(int); ok {
			row[i] = int64(n)
		}
	}
}

// gameRow fills p.Game, the game table's row (its hash, record, calls,
// play and tags later, by the caller), and gives the players it names
// (nil for unknown).
func gameRow(p *driver.Prepared, r *model.Record) [4]any {
	var board, deal, contract, level, strain, doubled, tricks any
	if r.Board > 0 {
		board = r.Board
	}
	if !r.Deal.Empty() {
		deal = r.Deal.PBN(model.North)
	}
	if r.Contract.Kind != model.NoContract {
		contract = r.Contract.String()
		if r.Contract.Kind == model.Bid {
			level = int(r.Contract.Level)
		}
		if r.Contract.Kind == model.Bid || r.Contract.Kind == model.StrainOnly {
			strain = r.Contract.Strain.String()
			doubled = int(r.Contract.Doubled)
		}
	}
	if r.Result.Known() {
		tricks = int(r.Result.Tricks)
	}
	var vul any
	if r.Vul.Valid() {
		vul = r.Vul.String()
	}
	players := [4]any{} // NULL for unknown: PBN's "?" and "-" name nobody
	for _, s := range model.Seats {
		if v := r.Player(s); v != "" {
			players[s] = v
		}
	}
	room := factVal(r, model.FactRoom) // a text the field cannot hold, as given
	if r.Room != model.NoRoom {
		room = r.Room.String()
	}
	p.Game = []any{nil, nil, nil, board, room, factVal(r, model.FactDate), seatVal(r.Dealer), vul, deal,
		players[model.North], players[model.East], players[model.South], players[model.West],
		contract, level, strain, doubled, seatVal(r.Declarer), tricks,
		factVal(r, model.FactResult), factVal(r, model.FactScore), factVal(r, model.FactScoreIMP), factVal(r, model.FactScoreMP),
		factVal(r, model.FactScoring),
		p.Warnings, len(p.Errs), nil, nil, nil, nil, nil, nil}
	return players
}

func nags(a *model.Annotations) any {
	if len(a.NAGs) == 0 {
		return nil
	}
	var b strings.Builder
	for i, n := range a.NAGs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte('$')
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}

func noteText(notes []model.Note, ref int) any {
	if ref == 0 {
		return nil
	}
	for _, n := range notes {
		if n.Index == ref {
			return n.Text
		}
	}
	return nil
}

// cardComments are the comments on the card played seq-th.
type cardComments struct {
	seq int
	cs  []model.Comment
}

// plays lays out the play a trick a row: four slots of cards in the order
// of play, and the comments on cards, numbered as the plays view numbers
// them (4 * (trick - 1) + the card's place in the trick).
func (e *encoder) plays(r *model.Record) (tricks any, cards []cardComments, err error) {
	pl := r.Play
	if pl == nil || len(pl.Tricks) == 0 {
		return nil, nil, nil
	}
	strain, known := model.NoTrump, false
	if k := r.Contract.Kind; k == model.Bid || k == model.StrainOnly {
		strain, known = r.Contract.Strain, true
	}
	out := model.ReplayPlay(r.Deal, pl, strain)
	var room [13]trickRow
	rows := room[:0]
	for i := range pl.Tricks {
		var t trickRow
		cards = t.lay(pl, i, out, known, cards)
		rows = append(rows, t)
	}
	// written by hand as laid out; by jsonText when a text is not valid UTF-8
	b, ok := append(e.buf.AvailableBuffer()[:0], '['), true
	for i := 0; ok && i < len(rows); i++ {
		if i > 0 {
			b = append(b, ',')
		}
		if t := &rows[i]; t.plain() {
			b, ok = appendJSONString(b, string(t.text[:]))
		} else {
			b, ok = appendJSONValue(b, t.value())
		}
	}
	if ok {
		return string(append(b, ']')), cards, nil
	}
	vals := make([]any, len(rows))
	for i := range rows {
		vals[i] = rows[i].value()
	}
	text, err := e.jsonText(vals)
	if err != nil {
		return nil, nil, err
	}
	return text, cards, nil
}

// trickRow is a trick as the plays view reads it: the seat of its first
// slot, its leader and its winner ('?' when not known), then its four
// slots; and the slots' notes, glyphs and irregularities, if any.
type trickRow struct {
	text                 [11]byte
	notes, nagsOf, irr   [4]any
	hasNote, hasNAG, has bool
}

// lay lays out the i-th trick of pl (out its replay), and gives cards
// with the comments on its cards added.
func (t *trickRow) lay(pl *model.Play, i int, out model.PlayOutcome, known bool, cards []cardComments) []cardComments {
	tr := &pl.Tricks[i]
	var leader, winner any
	first := pl.First
	if i < len(out.Tricks) {
		tp := out.Tricks[i]
		if known || i == 0 || tp.OutOfTurn {
			leader = seatVal(tp.Leader)
		}
		if known {
			winner = seatVal(tp.Winner)
		}
		if tp.Leader.Valid() {
			first = tp.Leader
		}
	}
	if !first.Valid() {
		first = model.North
	}
	t.text[0], t.text[1], t.text[2] = first.String()[0], seatOrQ(leader)[0], seatOrQ(winner)[0]
	for k := 0; k < 4; k++ {
		c := &tr[first.Add(k)]
		slot := t.text[3+2*k : 5+2*k]
		slot[0], slot[1] = ' ', ' '
		switch c.Kind {
		case model.NoCard:
			continue
		case model.Played:
			slot[0], slot[1] = c.Card.Suit().Letter(), c.Card.Rank().Letter()
		case model.Unknown:
			slot[0] = '-'
		case model.Next:
			slot[0] = '+'
		}
		if t.notes[k] = noteText(pl.Notes, c.Note); t.notes[k] != nil {
			t.hasNote = true
		}
		if t.nagsOf[k] = nags(&c.Annotations); t.nagsOf[k] != nil {
			t.hasNAG = true
		}
		switch {
		case c.Revoke && c.LeadOutOfTurn:
			t.irr[k] = "revoke, lead out of turn"
		case c.Revoke:
			t.irr[k] = "revoke"
		case c.LeadOutOfTurn:
			t.irr[k] = "lead out of turn"
		}
		t.has = t.has || t.irr[k] != nil
		if len(c.Comments) > 0 {
			cards = append(cards, cardComments{4*i + k + 1, c.Comments})
		}
	}
	return cards
}

// plain reports whether the trick is stored as its text alone.
func (t *trickRow) plain() bool { return !t.hasNote && !t.hasNAG && !t.has }

// value is the trick as stored: its text, or an array of its text and
// its slots' notes, glyphs and irregularities.
func (t *trickRow) value() any {
	if t.plain() {
		return string(t.text[:])
	}
	return []any{string(t.text[:]), slots4(t.hasNote, t.notes), slots4(t.hasNAG, t.nagsOf), slots4(t.has, t.irr)}
}

// A game's play (game.play, read by the plays view) is one JSON array
// of its tricks (schema version 18; before, a row a trick): a trick is a
// text of the seat of its first slot of cards, its leader and its winner
// ("?" when not known), and four slots of two characters in the order of
// play from the first ("SA", "- " unknown, "+ " still to play, "  "
// none); or, when a card has a note, glyphs or an irregularity, an array
// of that text and the four slots' notes, glyphs and irregularities
// (each an array of four, or null when no slot has one).

func seatOrQ(s any) string {
	if v, ok := s.(string); ok {
		return v
	}
	return "?"
}

// slots4 is a trick's four slots of one kind, or nil when none has one.
func slots4(any bool, v [4]any) any {
	if !any {
		return nil
	}
	return v
}

// tags is the stored form of every tag in order (compactTags), the tags
// of supplemental sections marked so. The facts (Board, Dealer, ...) are
// there as PBN writes them, in PBN's export order (model.Record.EachTag:
// the order a PBN source gave them in is its layout, stored apart); games
// stored before schema version 22 keep their source's order here, which
// changes only the order of the tags view's rows.
func (e *encoder) tags(p *driver.Prepared, r *model.Record) (string, error) {
	t := e.tagRoom[:0]
	defer func() { e.tagRoom = t[:0] }()
	r.EachTag(func(tg model.Tag) {
		if f, fact := model.FactNamed(tg.Name); !fact || r.Given(f) {
			t = append(t, tagEntry{tg.Name, tg.Value, false})
		}
	})
	for i := range r.Sections {
		name, header, _, _ := layout.SectionTable(r, i)
		t = append(t, tagEntry{name, header, true})
	}
	return compactTags(&e.buf, e.je, t, e.codes, func(col string) any {
		switch col {
		case "event.name":
			return nullStr(p.Event.Name, p.HasEvent)
		case "event.site":
			return nullStr(p.Event.Site, p.HasEvent)
		case "event.date":
			return nullStr(p.Event.Date, p.HasEvent)
		}
		return p.Game[driver.ColIndex(driver.GameTable, col)]
	})
}

func (e *encoder) comments(p *driver.Prepared, r *model.Record, cards []cardComments) {
	var rows []any
	seq := 0
	semis := layout.Semicolons(r) // how PBN wrote them: its layout
	add := func(anchor string, cs []model.Comment) {
		for i := range cs {
			seq++
			kind := "brace"
			if semis[&cs[i]] {
				kind = "semicolon"
			}
			rows = append(rows, nil, seq, anchor, kind, cs[i].Text)
		}
	}
	add("record", r.Leading)
	// EachComments walks EachTag's tags and facts in its order, without
	// writing each fact's value as a tag's
	r.EachComments(func(name string, cs *[]model.Comment) {
		if len(*cs) > 0 {
			add("tag "+name, *cs)
		}
	})
	if a := r.Auction; a != nil {
		add("auction", a.Comments)
		for i := range a.Calls {
			if len(a.Calls[i].Comments) > 0 {
				add("call "+strconv.Itoa(i+1), a.Calls[i].Comments)
			}
		}
		for _, n := range a.Notes {
			if len(n.Comments) > 0 {
				add("auction note "+strconv.Itoa(n.Index), n.Comments)
			}
		}
	}
	if pl := r.Play; pl != nil {
		add("play", pl.Comments)
		for _, c := range cards {
			add("card "+strconv.Itoa(c.seq), c.cs)
		}
		for _, n := range pl.Notes {
			if len(n.Comments) > 0 {
				add("play note "+strconv.Itoa(n.Index), n.Comments)
			}
		}
	}
	for i := range r.Sections {
		s := &r.Sections[i]
		if len(s.Tag.Comments)+len(s.Comments) > 0 {
			add("section "+layout.SectionName(r, i), s.Tag.Comments)
			add("section "+layout.SectionName(r, i), s.Comments)
		}
	}
	p.Child[driver.TComment] = rows
}

// Usable reports whether a record holds anything worth keeping: a deal, an
// auction, a play, a contract, or a supplemental section with data (a
// table's rows, a section's tokens). A record with errors and none of these
// is left out.
func Usable(r *model.Record) bool {
	if !r.Deal.Empty() || r.Auction != nil && len(r.Auction.Calls) > 0 || r.Contract.Kind != model.NoContract {
		return true
	}
	for i := range r.Sections {
		if s := &r.Sections[i]; len(s.Rows) > 0 || len(s.Tokens) > 0 || s.Kind() != model.GenericSection {
			return true
		}
	}
	return played(r.Play)
}

// played reports whether p holds a card played.
func played(p *model.Play) bool {
	if p == nil {
		return false
	}
	for t := range p.Tricks {
		for s := range p.Tricks[t] {
			if p.Tricks[t][s].Kind == model.Played {
				return true
			}
		}
	}
	return false
}

// problems lays out the record's problems, errors and warnings, a row
// each, with its severity and message in place of their id
// (problem_text), which the writer gives (texts.resolve).
func (e *encoder) problems(p *driver.Prepared, r *model.Record) {
	rows := p.Child[driver.TProblem][:0]
	for i, pr := range r.Problems {
		var line, col any
		if pr.Pos.Line > 0 {
			line, col = pr.Pos.Line, pr.Pos.Col
		}
		rows = append(rows, nil, i+1, line, col, driver.ProblemText{Severity: string(pr.Severity), Text: pr.Message})
	}
	p.Child[driver.TProblem] = rows
}

// results lays out the rows of the record's travellers (PBN's
// ScoreTable sections), a row each, its cells a JSON object keyed by the
// column names.
func (e *encoder) results(p *driver.Prepared, r *model.Record) {
	p.Child[driver.TResult] = tableRows(p.Child[driver.TResult][:0], r, model.TravellerSection)
}

// standings lays out the rows of the record's standings (PBN's
// TotalScoreTable sections) as results does a traveller's.
func (e *encoder) standings(p *driver.Prepared, r *model.Record) {
	p.Child[driver.TStanding] = tableRows(p.Child[driver.TStanding][:0], r, model.StandingsSection)
}

// tableRows appends to rows the rows of r's tables of kind k, typed or
// kept as read, each as (game_id, row, cells), the cells as PBN writes
// them (layout.SectionTable), quotes taken off.
func tableRows(rows []any, r *model.Record, k model.TableKind) []any {
	n := 0
	for i := range r.Sections {
		if layout.SectionKind(r, i) != k {
			continue
		}
		_, _, cols, srows := layout.SectionTable(r, i)
		for _, row := range srows {
			cells := make(map[string]string, len(cols))
			for j, c := range cols {
				if j < len(row) {
					cells[c.Name] = unquote(row[j])
				}
			}
			b, err := json.Marshal(cells)
			if err != nil {
				continue
			}
			n++
			rows = append(rows, nil, n, string(b))
		}
	}
	return rows
}

// unquote takes the quotes off a quoted table element, and the backslash
// off an escaped quote or backslash within it.
func unquote(v string) string {
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return v
	}
	v = v[1 : len(v)-1]
	if !strings.Contains(v, `\`) {
		return v
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) && (v[i+1] == '"' || v[i+1] == '\\') {
			i++
		}
		b.WriteByte(v[i])
	}
	return b.String()
}
