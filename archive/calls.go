package archive

import (
	"bytes"
	"encoding/json"

	"handrec/model"
)

// A game's auction (game.calls, read by the calls view) is one JSON array
// (schema version 16; before, a row a call): the seat of the first call
// (null when not known), then each call in order, as its text ("1S",
// "Pass", "X") when that is all there is to say of it, else as an object
// with its text ("c") and what else it has: "a" 1 for an alert, "e" the
// explanation, "n" the text of its note, "g" its annotation glyphs ("$1
// $3"), "i" "insufficient". The view reads a bid's level and strain from
// its text ("1S", "3NT"); "l" and "s" give them where the text does not
// (null for a call that is no bid though its text reads as one).

// callX is a call stored as an object.
type callX struct {
	C string          `json:"c"`
	A int             `json:"a,omitempty"`
	E string          `json:"e,omitempty"`
	N *string         `json:"n,omitempty"`
	G string          `json:"g,omitempty"`
	I string          `json:"i,omitempty"`
	L json.RawMessage `json:"l,omitempty"`
	S json.RawMessage `json:"s,omitempty"`
}

// bidOfText is the level and strain the calls view reads from a call's
// text: a level 1 to 7 and a strain C, D, H, S or NT, nothing else.
func bidOfText(t string) (level int, strain string, ok bool) {
	if len(t) < 2 || t[0] < '1' || t[0] > '7' {
		return 0, "", false
	}
	switch t[1:] {
	case "C", "D", "H", "S", "NT":
		return int(t[0] - '0'), t[1:], true
	}
	return 0, "", false
}

// calls is the stored form of r's auction, nil for none: written by
// hand as it is laid out, or, when a text is not valid UTF-8, laid out
// as values and written by jsonText.
func (e *encoder) calls(r *model.Record) (any, error) {
	a := r.Auction
	if a == nil {
		return nil, nil
	}
	b, ok := appendJSONValue(append(e.buf.AvailableBuffer()[:0], '['), seatVal(a.First))
	for i := 0; ok && i < len(a.Calls); i++ {
		x := callOf(a, i)
		if b = append(b, ','); x.plain() {
			b, ok = appendJSONString(b, x.C)
		} else {
			b, ok = appendCallX(b, &x)
		}
	}
	if ok {
		return string(append(b, ']')), nil
	}
	out := make([]any, 0, len(a.Calls)+1)
	out = append(out, seatVal(a.First))
	for i := range a.Calls {
		if x := callOf(a, i); x.plain() {
			out = append(out, x.C)
		} else {
			out = append(out, x)
		}
	}
	return e.jsonText(out)
}

// callOf is the i-th call of a as stored.
func callOf(a *model.Auction, i int) callX {
	c := &a.Calls[i]
	x := callX{C: c.String(), E: c.Explanation}
	if c.Alert {
		x.A = 1
	}
	if n, ok := noteText(a.Notes, c.Note).(string); ok {
		x.N = &n
	}
	if g, ok := nags(&c.Annotations).(string); ok {
		x.G = g
	}
	if c.Insufficient {
		x.I = "insufficient"
	}
	level, strain, ok := bidOfText(x.C)
	isBid := c.Kind == model.BidCall
	if ok != isBid || isBid && (level != int(c.Level) || strain != c.Strain.String()) {
		x.L, x.S = json.RawMessage("null"), json.RawMessage("null")
		if isBid {
			x.L, _ = json.Marshal(int(c.Level))
			x.S, _ = json.Marshal(c.Strain.String())
		}
	}
	return x
}

// plain reports whether a call is stored as its text alone: it has
// nothing else to say.
func (x *callX) plain() bool {
	return x.A == 0 && x.E == "" && x.N == nil && x.G == "" && x.I == "" && x.L == nil
}

// jsonText is v as JSON text, written by hand (appendJSONValue) where it
// can be, else by encoding/json.
func (e *encoder) jsonText(v []any) (string, error) {
	if b, ok := appendJSONArray(e.buf.AvailableBuffer()[:0], v); ok {
		return string(b), nil
	}
	e.buf.Reset()
	if err := e.je.Encode(v); err != nil {
		return "", err
	}
	return string(bytes.TrimSuffix(e.buf.Bytes(), []byte{'\n'})), nil
}
