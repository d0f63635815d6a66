package web

import (
	"strconv"
	"strings"

	"handrec/model"
	"handrec/model/scoring"
)

// What the board page shows of a record it derives from the record read
// once (model.Record): its facts, auction, commentary, problems and
// scores, as the archive's views give them from the same record at
// import. Its traveller, a table of its format's, it reads from the
// travellers view, for a record that has a table.

// infoOf is what the page says of record id's facts.
func infoOf(id int64, r *model.Record) boardInfo {
	fact := func(f model.Fact) string {
		v, _ := r.FactValue(f)
		if v == "?" || v == "-" { // PBN's unknown
			return ""
		}
		return v
	}
	b := boardInfo{ID: id, Event: fact(model.FactEvent), Site: fact(model.FactSite), Date: fact(model.FactDate),
		Room: fact(model.FactRoom), Score: fact(model.FactScore)}
	if r.Room != model.NoRoom {
		b.Room = r.Room.String()
	}
	if r.Board > 0 {
		b.Board = strconv.Itoa(r.Board)
	}
	if r.Dealer.Valid() {
		b.Dealer = r.Dealer.String()
	}
	if r.Vul.Valid() {
		b.Vul = r.Vul.String()
	}
	if !r.Deal.Empty() {
		b.Deal = r.Deal.PBN(model.North)
	}
	if r.Contract.Kind != model.NoContract {
		b.Contract = r.Contract.String()
	}
	if r.Declarer.Valid() {
		b.Declarer = r.Declarer.String()
	}
	if r.Result.Known() && r.Contract.Kind == model.Bid {
		t := int(r.Result.Tricks)
		b.ResultText = relative(t, int(r.Contract.Level)) + " (" + strconv.Itoa(t) + " tricks)"
	}
	if b.Score == "" && appliesTo(r, scoring.Contract) {
		b.Score = computedScore(r.Contract, r.Declarer, int(r.Result.Tricks), r.Result.Known(), r.Vul)
	}
	return b
}

// computedScore is North-South's score of contract c by decl taking
// tricks, vulnerable as vul says, as a Score tag writes it ("NS 620"); ""
// when they do not give one.
func computedScore(c model.Contract, decl model.Seat, tricks int, known bool, vul model.Vul) string {
	switch {
	case c.Kind == model.PassedOut:
		return "NS 0"
	case c.Kind == model.Bid && decl.Valid() && known && vul.Valid() && c.Doubled <= 2:
		return "NS " + strconv.Itoa(scoring.DuplicateNS(c, decl, tricks, vul))
	}
	return ""
}

// dateText is a date as far as it is known: "2024.??.??" is "2024",
// "2024.05.??" "2024.05", "????.??.??" "".
func dateText(d string) string {
	parts := strings.Split(d, ".")
	for len(parts) > 0 && unknownPart(parts[len(parts)-1]) {
		parts = parts[:len(parts)-1]
	}
	return strings.Join(parts, ".")
}

func unknownPart(p string) bool { return strings.Trim(p, "?") == "" }

// auctionOf is the auction in rows of four calls, West first, its notes
// numbered in the order the calls refer to them; nil for none.
func auctionOf(a *model.Auction) *auctionView {
	if a == nil || len(a.Calls) == 0 {
		return nil
	}
	v := &auctionView{}
	numbers := map[int]int{} // the note's index -> its number on the page
	col := 0
	if a.First.Valid() {
		col = auctionColumn[a.First]
	}
	v.Rows = append(v.Rows, [4]*callView{})
	for i := range a.Calls {
		c := &a.Calls[i]
		if i > 0 {
			if col++; col == 4 {
				col = 0
				v.Rows = append(v.Rows, [4]*callView{})
			}
		}
		cv := &callView{Text: callText(c.String()), Alert: c.Alert, Explanation: c.Explanation}
		if c.Kind == model.BidCall && c.Strain != model.NoTrump {
			cv.Class = strings.ToLower(c.Strain.String())
		}
		if c.Insufficient {
			cv.Irregular = "insufficient"
		}
		if text, ok := noteOf(a.Notes, c.Note); ok {
			if numbers[c.Note] == 0 {
				v.Notes = append(v.Notes, text)
				numbers[c.Note] = len(v.Notes)
			}
			cv.Note = numbers[c.Note]
		}
		v.Rows[len(v.Rows)-1][col] = cv
	}
	return v
}

// noteOf is the text of note ref (0 for none).
func noteOf(notes []model.Note, ref int) (string, bool) {
	if ref == 0 {
		return "", false
	}
	for _, n := range notes {
		if n.Index == ref {
			return n.Text, true
		}
	}
	return "", false
}

// commentsOf is the record's commentary, each with what it is attached
// to, in the order the comments view lists them.
func commentsOf(r *model.Record) []commentRow {
	var out []commentRow
	add := func(anchor string, cs []model.Comment) {
		for _, c := range cs {
			out = append(out, commentRow{Anchor: anchor, Text: c.Text})
		}
	}
	add("record", r.Leading)
	r.EachComments(func(name string, cs *[]model.Comment) { add("tag "+name, *cs) })
	if a := r.Auction; a != nil {
		add("auction", a.Comments)
		for i := range a.Calls {
			add("call "+strconv.Itoa(i+1)+" ("+callText(a.Calls[i].String())+")", a.Calls[i].Comments)
		}
		for _, n := range a.Notes {
			add("auction note "+strconv.Itoa(n.Index), n.Comments)
		}
	}
	if pl := r.Play; pl != nil {
		add("play", pl.Comments)
		eachCard(r, func(trick int, seat model.Seat, c *model.PlayCard) {
			text := "?"
			if c.Kind == model.Played {
				text = cardText(c.Card)
			}
			add("trick "+strconv.Itoa(trick)+", "+seat.String()+" "+text, c.Comments)
		})
		for _, n := range pl.Notes {
			add("play note "+strconv.Itoa(n.Index), n.Comments)
		}
	}
	for i := range r.Sections {
		s := &r.Sections[i]
		name := sectionNames[s.Kind()]
		if name == "" {
			name = "section " + s.Tag.Name
		}
		add(name, s.Tag.Comments)
		add(name, s.Comments)
	}
	return out
}

// sectionNames name the tables a record reads as data.
var sectionNames = map[model.TableKind]string{model.DDSection: "the double-dummy table", model.TravellerSection: "the traveller",
	model.StandingsSection: "the standings"}

// eachCard calls fn with each card of the play, trick by trick in the
// order played.
func eachCard(r *model.Record, fn func(trick int, seat model.Seat, c *model.PlayCard)) {
	pl := r.Play
	strain := model.NoTrump
	if k := r.Contract.Kind; k == model.Bid || k == model.StrainOnly {
		strain = r.Contract.Strain
	}
	out := model.ReplayPlay(r.Deal, pl, strain)
	for i := range pl.Tricks {
		first := pl.First
		if i < len(out.Tricks) && out.Tricks[i].Leader.Valid() {
			first = out.Tricks[i].Leader
		}
		if !first.Valid() {
			first = model.North
		}
		for k := 0; k < 4; k++ {
			seat := first.Add(k)
			if c := &pl.Tricks[i][seat]; c.Kind == model.Played || c.Kind == model.Unknown {
				fn(i+1, seat, c)
			}
		}
	}
}

// problemsOf is the problems found in the record.
func problemsOf(r *model.Record) []problemRow {
	var out []problemRow
	for _, p := range r.Problems {
		out = append(out, problemRow{Line: int64(p.Pos.Line), Col: int64(p.Pos.Col), Severity: string(p.Severity), Message: p.Message})
	}
	return out
}
