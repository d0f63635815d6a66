package archive

import (
	"encoding/json"
	"fmt"
	"strconv"

	"handrec/archive/driver"
	"handrec/jsonrec"
	"handrec/model"
)

// A game's stored record need not say again what its row says already.
// The facts the game's columns hold for the views (the board, dealer,
// vulnerability, deal, contract, declarer, tricks, players, the event's
// name and site, the date, the calls and the cards played) were stored a
// second time in game.record, and were most of it. A record stored in the
// row form (formRow) leaves out of its JSON 2 each of these fields whose
// value the row gives back exactly, and says which in a set of flags; a
// reader puts them back from the row (rowFacts) before it reads the JSON.
// A field the row cannot give back as it is (a player the row does not
// name, a call with a note or glyphs) stays in the JSON. The game's
// identity (game.hash) is still taken over the whole JSON 2. Whatever
// changes one of these columns of a stored game must store its record
// again, whole or in the row form of the new row: the upgrade of schema
// version 4, which stores records again under rows older steps made,
// stores them whole.

// Fields of JSON 2 a record in the row form may take from its row: the
// bits of its flags. Never change a bit's meaning: add bits.
const (
	fromBoard = 1 << iota
	fromDealer
	fromVul
	fromDeal
	fromContract
	fromDeclarer
	fromTricks
	fromNorth // players: N E S W, in this order
	fromEast
	fromSouth
	fromWest
	fromEventName
	fromEventSite
	fromDate // event.date: the game's date
	fromCalls
	fromTricksPlayed // play.tricks
)

// The row's values a record in the row form is read with, in the order
// rowColumns selects them.
const (
	rBoard = iota
	rDealer
	rVul
	rDeal
	rContract
	rDeclarer
	rTricks
	rNorth
	rEast
	rSouth
	rWest
	rEventName
	rEventSite
	rDate
	rCalls
	rPlay
	nRow
)

// rowColumns selects a game's row values (rowFacts), from game g.
var rowColumns = rowColumnsIn("")

// RowColumns selects, from a game g whose tables are those of schema
// ("" for the first that has them), the values of its row that
// LegacyModel reads a stored record with.
func RowColumns(schema string) string { return rowColumnsIn(schema) }

// rowColumnsIn is rowColumns for the tables of schema ("" for the
// first that has them).
func rowColumnsIn(schema string) string {
	if schema != "" {
		schema += "."
	}
	return `g.board, g.dealer, g.vul, g.deal, g.contract, g.declarer, g.tricks,
       g.north, g.east, g.south, g.west,
       (SELECT e.name FROM ` + schema + `event e WHERE e.id = g.event_id), (SELECT e.site FROM ` + schema + `event e WHERE e.id = g.event_id),
       g.date, g.calls, g.play`
}

// rowFacts are the values of a game's row a stored record is completed
// with, as SQL gives them (nil for NULL).
type rowFacts [nRow]any

// text is the row's text at i, and whether it is not NULL.
func (r *rowFacts) text(i int) (string, bool) {
	switch v := r[i].(type) {
	case string:
		return v, true
	case []byte:
		return string(v), true
	case int64:
		return strconv.FormatInt(v, 10), true
	case int:
		return strconv.Itoa(v), true
	}
	return "", false
}

// number is the row's integer at i, and whether it is not NULL.
func (r *rowFacts) number(i int) (int, bool) {
	switch v := r[i].(type) {
	case int64:
		return int(v), true
	case int:
		return v, true
	case string, []byte:
		s, _ := r.text(i)
		n, err := strconv.Atoi(s)
		return n, err == nil
	}
	return 0, false
}

// gameRowFacts are the values of the game's row p will store, with its
// event's name and site.
func gameRowFacts(p *driver.Prepared) *rowFacts {
	g := p.Game
	return &rowFacts{g[colBoard], g[colDealer], g[colVul], g[colDeal], g[colContract], g[colDeclarer], g[colTricksTaken],
		g[colNorth], g[colNorth+1], g[colNorth+2], g[colNorth+3],
		nullStr(p.Event.Name, p.HasEvent), nullStr(p.Event.Site, p.HasEvent), g[colDate], g[colCalls], g[colTricks]}
}

// The places of the game's columns in its row.
var (
	colBoard       = driver.ColIndex(driver.GameTable, "board")
	colDealer      = driver.ColIndex(driver.GameTable, "dealer")
	colVul         = driver.ColIndex(driver.GameTable, "vul")
	colDeal        = driver.ColIndex(driver.GameTable, "deal")
	colContract    = driver.ColIndex(driver.GameTable, "contract")
	colDeclarer    = driver.ColIndex(driver.GameTable, "declarer")
	colTricksTaken = driver.ColIndex(driver.GameTable, "tricks")
	colNorth       = driver.ColIndex(driver.GameTable, "north")
	colDate        = driver.ColIndex(driver.GameTable, "date")
	colRecord      = driver.ColIndex(driver.GameTable, "record")
)

// sameText strips a text field the row gives back: its value is the
// row's text, or "" where the row is NULL.
func sameText(v *string, row *rowFacts, i int, bit uint64, flags *uint64) {
	if s, _ := row.text(i); s == *v {
		*v = ""
		*flags |= bit
	}
}

// samePtr strips an optional text field the row gives back: one given,
// whose value the row holds.
func samePtr(v **string, row *rowFacts, i int, bit uint64, flags *uint64) {
	if *v == nil {
		return
	}
	if s, ok := row.text(i); ok && s == **v {
		*v = nil
		*flags |= bit
	}
}

// stripRow takes out of jr the fields its row gives back (jr's own
// values, made for the purpose), and says which. r is the record jr was
// made of.
func stripRow(jr *jsonrec.Record, r *model.Record, row *rowFacts) (flags uint64) {
	if n, ok := row.number(rBoard); ok && n == jr.Board || !ok && jr.Board == 0 {
		jr.Board = 0
		flags |= fromBoard
	}
	sameText(&jr.Dealer, row, rDealer, fromDealer, &flags)
	sameText(&jr.Vul, row, rVul, fromVul, &flags)
	sameText(&jr.Deal, row, rDeal, fromDeal, &flags)
	sameText(&jr.Contract, row, rContract, fromContract, &flags)
	sameText(&jr.Declarer, row, rDeclarer, fromDeclarer, &flags)
	if n, ok := row.number(rTricks); ok && jr.Tricks != nil && *jr.Tricks == n || !ok && jr.Tricks == nil {
		jr.Tricks = nil
		flags |= fromTricks
	}
	if p := jr.Players; p != nil {
		for s, v := range []**string{&p.N, &p.E, &p.S, &p.W} {
			samePtr(v, row, rNorth+s, fromNorth<<s, &flags)
		}
		if flags&(fromNorth|fromEast|fromSouth|fromWest) != 0 && *p == (jsonrec.Players{}) {
			jr.Players = nil
		}
	}
	if e := jr.Event; e != nil {
		samePtr(&e.Name, row, rEventName, fromEventName, &flags)
		samePtr(&e.Site, row, rEventSite, fromEventSite, &flags)
		samePtr(&e.Date, row, rDate, fromDate, &flags)
		if flags&(fromEventName|fromEventSite|fromDate) != 0 && *e == (jsonrec.Event{}) {
			jr.Event = nil
		}
	}
	if jr.Auction != nil && row[rCalls] != nil && plainCalls(r.Auction) {
		jr.Auction.Calls = nil
		flags |= fromCalls
	}
	if jr.Play != nil && row[rPlay] != nil && len(jr.Play.Tricks) > 0 {
		jr.Play.Tricks = nil
		flags |= fromTricksPlayed
	}
	return flags
}

// plainCalls reports whether game.calls gives a's calls back whole: none
// has a note, glyphs or commentary, which JSON 2 holds apart.
func plainCalls(a *model.Auction) bool {
	for i := range a.Calls {
		c := &a.Calls[i]
		if c.Note != 0 || len(c.NAGs) > 0 || len(c.Comments) > 0 {
			return false
		}
	}
	return true
}

// fillRow puts back into jr the fields flags say its row gives.
func fillRow(jr *jsonrec.Record, flags uint64, row *rowFacts) error {
	if flags&fromBoard != 0 {
		jr.Board, _ = row.number(rBoard)
	}
	for _, f := range []struct {
		bit uint64
		i   int
		v   *string
	}{{fromDealer, rDealer, &jr.Dealer}, {fromVul, rVul, &jr.Vul}, {fromDeal, rDeal, &jr.Deal},
		{fromContract, rContract, &jr.Contract}, {fromDeclarer, rDeclarer, &jr.Declarer}} {
		if flags&f.bit != 0 {
			*f.v, _ = row.text(f.i)
		}
	}
	if flags&fromTricks != 0 {
		if n, ok := row.number(rTricks); ok {
			jr.Tricks = &n
		}
	}
	if flags&(fromNorth|fromEast|fromSouth|fromWest) != 0 {
		if jr.Players == nil {
			jr.Players = new(jsonrec.Players)
		}
		for s, v := range []**string{&jr.Players.N, &jr.Players.E, &jr.Players.S, &jr.Players.W} {
			if flags&(fromNorth<<s) != 0 {
				t, _ := row.text(rNorth + s)
				*v = &t
			}
		}
	}
	if flags&(fromEventName|fromEventSite|fromDate) != 0 {
		if jr.Event == nil {
			jr.Event = new(jsonrec.Event)
		}
		for _, f := range []struct {
			bit uint64
			i   int
			v   **string
		}{{fromEventName, rEventName, &jr.Event.Name}, {fromEventSite, rEventSite, &jr.Event.Site}, {fromDate, rDate, &jr.Event.Date}} {
			if flags&f.bit != 0 {
				t, _ := row.text(f.i)
				*f.v = &t
			}
		}
	}
	if flags&fromCalls != 0 {
		if jr.Auction == nil {
			return fmt.Errorf("calls from the row without an auction")
		}
		s, _ := row.text(rCalls)
		calls, err := callsOfRow(s)
		if err != nil {
			return fmt.Errorf("game.calls: %w", err)
		}
		jr.Auction.Calls = calls
	}
	if flags&fromTricksPlayed != 0 {
		if jr.Play == nil {
			return fmt.Errorf("cards from the row without a play")
		}
		s, _ := row.text(rPlay)
		tricks, err := tricksOfRow(s, jr.Play.Leader)
		if err != nil {
			return fmt.Errorf("game.play: %w", err)
		}
		jr.Play.Tricks = tricks
	}
	return nil
}

// callsOfRow reads the calls of game.calls (calls.go) as JSON 2 gives
// them, for an auction whose calls have no note or glyphs.
func callsOfRow(s string) ([]jsonrec.Call, error) {
	var raw []json.RawMessage
	if err := json.Unmarshal([]byte(s), &raw); err != nil {
		return nil, err
	}
	if len(raw) == 0 {
		return nil, fmt.Errorf("no first seat")
	}
	calls := make([]jsonrec.Call, len(raw)-1)
	for i, m := range raw[1:] {
		if len(m) > 0 && m[0] == '"' {
			if err := json.Unmarshal(m, &calls[i].Call); err != nil {
				return nil, err
			}
			continue
		}
		var x callX
		if err := json.Unmarshal(m, &x); err != nil {
			return nil, err
		}
		if x.N != nil || x.G != "" {
			return nil, fmt.Errorf("call %d has a note or glyphs", i+1)
		}
		calls[i] = jsonrec.Call{Call: x.C, Alert: x.A != 0, Explanation: x.E, Insufficient: x.I != ""}
	}
	return calls, nil
}

// tricksOfRow reads the cards of game.play (rows.go: a trick a text of
// the seat of its first slot, its leader and winner, and four slots of
// two characters) as JSON 2 gives them: each trick's four cards in seat
// order from the opening leader (North when not known).
func tricksOfRow(s string, leader model.Seat) ([][4]string, error) {
	var raw []json.RawMessage
	if err := json.Unmarshal([]byte(s), &raw); err != nil {
		return nil, err
	}
	base := leader
	if !base.Valid() {
		base = model.North
	}
	tricks := make([][4]string, len(raw))
	for i, m := range raw {
		var t string
		if len(m) > 0 && m[0] == '[' {
			var x []json.RawMessage
			if err := json.Unmarshal(m, &x); err != nil || len(x) == 0 {
				return nil, fmt.Errorf("trick %d: %s", i+1, m)
			}
			m = x[0]
		}
		if err := json.Unmarshal(m, &t); err != nil || len(t) != 11 {
			return nil, fmt.Errorf("trick %d: %s", i+1, m)
		}
		first, ok := model.ParseSeat(t[0])
		if !ok {
			return nil, fmt.Errorf("trick %d: %s", i+1, m)
		}
		for k := 0; k < 4; k++ {
			j := (int(base.Add(k)) - int(first) + 4) % 4
			slot := t[3+2*j : 5+2*j]
			switch slot[0] {
			case ' ':
				slot = ""
			case '-', '+':
				slot = slot[:1]
			}
			tricks[i][k] = slot
		}
	}
	return tricks, nil
}

// scanWithRow scans a row of rows into dest and then the game's row
// values, which the query selects last (rowColumns).
func scanWithRow(rows interface{ Scan(...any) error }, row *rowFacts, dest ...any) error {
	for i := range row {
		dest = append(dest, &row[i])
	}
	return rows.Scan(dest...)
}
