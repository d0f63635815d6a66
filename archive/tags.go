package archive

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"handrec/archive/driver"
	"handrec/model"
)

// A game's tags (game.tags, read by the tags view) are one flat JSON
// array of a name and a value per tag, in the record's order (schema
// version 15; before, an array of [name, value, section]):
//
//   - the name is the id of a name tag_name lists (the facts and the tags
//     files give most), or the name itself;
//   - the value is 0 when it is the text of the game's column for that
//     fact (for the deal, k when it is the game's deal written from the
//     k-th seat after North) (gameColumns: the deal as written from North, the board, the
//     players, ...; the event's name, site and date for Event, Site and
//     EventDate), a one-element array holding the header of a
//     supplemental section's tag (section 1), or else the text itself.
//
// What the value 0 stands for is what the view reads from the game's
// row, so that every fact stored in a column is stored once.

// tagColumn is the column of the game table (or of its event: "event.")
// that holds each fact's value.
var tagColumn = map[string]string{
	model.FactBoard.String(): "board", model.FactDealer.String(): "dealer", model.FactVul.String(): "vul",
	model.FactDeal.String(): "deal", model.FactDeclarer.String(): "declarer", model.FactContract.String(): "contract",
	model.FactResult.String(): "result", model.FactRoom.String(): "room", model.FactDate.String(): "date",
	model.FactScoring.String(): "scoring", model.FactNorth.String(): "north", model.FactEast.String(): "east",
	model.FactSouth.String(): "south", model.FactWest.String(): "west", model.FactScore.String(): "score",
	model.FactScoreIMP.String(): "score_imp", model.FactScoreMP.String(): "score_mp",
	model.FactEvent.String(): "event.name", model.FactSite.String(): "event.site", model.FactEventDate.String(): "event.date",
}

var dealTag = model.FactDeal.String()

// tagCodes maps the names tag_name lists to their ids.
type tagCodes map[string]int

// readTagCodes reads tag_name.
func readTagCodes(ctx context.Context, q driver.Queryer) (tagCodes, error) {
	return readCodes(ctx, q, "tag_name")
}

// readCodes reads the ids and names of table (tag_name, score_code).
func readCodes(ctx context.Context, q driver.Queryer, table string) (tagCodes, error) {
	rows, err := q.QueryContext(ctx, "SELECT id, name FROM "+table)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", table, err)
	}
	defer rows.Close()
	codes := tagCodes{}
	for rows.Next() {
		var id int
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			return nil, err
		}
		codes[name] = id
	}
	return codes, rows.Err()
}

// tagEntry is a tag as the tags view lists it.
type tagEntry struct {
	name, value string
	section     bool
}

// flatTag is a tag in its stored form: its name's id (0 for none: the
// name itself), and its value's kind.
type flatTag struct {
	id          int
	name, value string
	kind        int // flatText, flatSection, or k+flatColumn: the game's column (the deal from the k-th seat)
}

const (
	flatText = iota
	flatSection
	flatColumn
)

// compactTags is the stored form of tags: column gives the value of a
// column tagColumn names, as the game's row holds it (nil for NULL).
func compactTags(buf *bytes.Buffer, je *json.Encoder, tags []tagEntry, codes tagCodes, column func(string) any) (string, error) {
	var room [24]flatTag
	flat := room[:0]
	plain := true // every name and text valid UTF-8: written by hand
	for _, t := range tags {
		f := flatTag{name: t.name, value: t.value}
		if id, ok := codes[t.name]; ok {
			f.id = id
		} else {
			plain = plain && utf8.ValidString(t.name)
		}
		switch col := tagColumn[t.name]; {
		case t.section:
			f.kind = flatSection
		case t.name == dealTag:
			if v, ok := textOf(column(col)); ok {
				if k, ok := dealFrom(v, t.value); ok {
					f.kind = flatColumn + k
				}
			}
		case col != "" && columnIs(column(col), t.value):
			f.kind = flatColumn
		}
		if f.kind == flatText || f.kind == flatSection {
			plain = plain && utf8.ValidString(t.value)
		}
		flat = append(flat, f)
	}
	if plain {
		return string(appendFlat(buf.AvailableBuffer()[:0], flat)), nil
	}
	vals := make([]any, 0, 2*len(flat))
	for _, f := range flat {
		var name, value any = f.name, f.value
		if f.id != 0 {
			name = f.id
		}
		switch {
		case f.kind == flatSection:
			value = [1]string{f.value}
		case f.kind >= flatColumn:
			value = f.kind - flatColumn
		}
		vals = append(vals, name, value)
	}
	buf.Reset()
	if err := je.Encode(vals); err != nil {
		return "", err
	}
	return string(bytes.TrimSuffix(buf.Bytes(), []byte{'\n'})), nil
}

// textOf is the text of a column's value, if it is one.
func textOf(v any) (string, bool) {
	switch v := v.(type) {
	case string:
		return v, true
	case []byte:
		return string(v), true
	}
	return "", false
}

// columnIs reports whether v, a column's value, reads as text in the
// tags view, without making that text.
func columnIs(v any, text string) bool {
	var b [20]byte
	switch v := v.(type) {
	case string:
		return v == text
	case []byte:
		return string(v) == text
	case int:
		return string(strconv.AppendInt(b[:0], int64(v), 10)) == text
	case int64:
		return string(strconv.AppendInt(b[:0], v, 10)) == text
	}
	return false
}

// dealFrom gives the k for which tag is deal (a deal in PBN's form from
// North) written from the k-th seat after North, as the tags view
// writes it ("E:" and the hands from East's for 1), without writing it so.
func dealFrom(deal, tag string) (int, bool) {
	if deal == tag {
		return 0, true
	}
	k := 0
	if len(tag) > 0 {
		k = strings.IndexByte("NESW", tag[0])
	}
	if k <= 0 || len(tag) != len(deal) || len(deal) < 2 || deal[:2] != "N:" || tag[1] != ':' {
		return 0, false
	}
	var h [4]string
	rest := deal[2:]
	for i := 0; i < 3; i++ {
		j := strings.IndexByte(rest, ' ')
		if j < 0 {
			return 0, false
		}
		h[i], rest = rest[:j], rest[j+1:]
	}
	if h[3] = rest; strings.IndexByte(rest, ' ') >= 0 {
		return 0, false
	}
	t := tag[2:]
	for i := 0; i < 4; i++ {
		hand := h[(k+i)%4]
		if !strings.HasPrefix(t, hand) {
			return 0, false
		}
		if t = t[len(hand):]; i < 3 {
			if t == "" || t[0] != ' ' {
				return 0, false
			}
			t = t[1:]
		}
	}
	return k, t == ""
}

// appendFlat appends to b the JSON array of the tags' names and values,
// their names and texts valid UTF-8.
func appendFlat(b []byte, flat []flatTag) []byte {
	b = append(b, '[')
	for i, f := range flat {
		if i > 0 {
			b = append(b, ',')
		}
		if f.id != 0 {
			b = appendJSONInt(b, f.id)
		} else {
			b, _ = appendJSONString(b, f.name)
		}
		b = append(b, ',')
		switch {
		case f.kind == flatSection:
			b = append(b, '[')
			b, _ = appendJSONString(b, f.value)
			b = append(b, ']')
		case f.kind >= flatColumn:
			b = appendJSONInt(b, f.kind-flatColumn)
		default:
			b, _ = appendJSONString(b, f.value)
		}
	}
	return append(b, ']')
}
