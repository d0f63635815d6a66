package archive

import (
	"strings"
	"testing"

	"handrec/model"
)

// rotateDeal is deal, a deal in PBN's form from North as the game's column
// holds it, written from the k-th seat after North ("E:..." for 1), as the
// tags view writes it; "" for a deal not of that form.
func rotateDeal(deal string, k int) string {
	if k == 0 {
		return deal
	}
	if len(deal) < 2 || deal[:2] != "N:" {
		return ""
	}
	h := strings.Split(deal[2:], " ")
	if len(h) != 4 {
		return ""
	}
	return string("NESW"[k]) + ":" + h[k] + " " + h[(k+1)%4] + " " + h[(k+2)%4] + " " + h[(k+3)%4]
}

// dealFrom finds the seat a Deal tag is written from as the loop over
// rotateDeal it replaced did (the first k whose rotation is the tag), on
// every rotation of a deal and on texts that are none; but for an empty
// tag beside a column not in the form (the old loop took rotateDeal's ""
// for "no rotation" as a match).
func TestDealFrom(t *testing.T) {
	t.Parallel()
	deal := "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
	tags := []string{"", "N", "E:", "N:x", deal + " ", "E:" + deal[2:], "N:a b c d e", "E:b c d e a", "W:d e a b c",
		"S:765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432 T98.765.432.AKQJ x", "X" + deal[1:], "E;" + deal[2:]}
	for k := 0; k < 4; k++ {
		tags = append(tags, rotateDeal(deal, k), rotateDeal(deal, k)[:len(deal)-1]+"5")
	}
	for _, d := range []string{deal, "N:a b c d e", "N:a b c d", "E:" + deal[2:], "", "N", "N:"} {
		for _, tag := range append(tags, rotateDeal(d, 1), rotateDeal(d, 2), rotateDeal(d, 3)) {
			want, wantOK := 0, false
			for k := 0; k < 4; k++ {
				if r := rotateDeal(d, k); r == tag && (r != "" || k == 0) {
					want, wantOK = k, true
					break
				}
			}
			if got, ok := dealFrom(d, tag); got != want || ok != wantOK {
				t.Errorf("dealFrom(%q, %q) = %d, %v; want %d, %v", d, tag, got, ok, want, wantOK)
			}
		}
	}
	if k, ok := dealFrom(deal, rotateDeal(deal, 3)); k != 3 || !ok || !strings.HasPrefix(rotateDeal(deal, 3), "W:") {
		t.Errorf("West's rotation: %d, %v", k, ok)
	}
}

// handValueSplit is handValue as it was written, with strings.SplitN.
func handValueSplit(h string) int {
	hcp := 0
	for i := 0; i < len(h); i++ {
		switch h[i] {
		case 'A':
			hcp += 4
		case 'K':
			hcp += 3
		case 'Q':
			hcp += 2
		case 'J':
			hcp++
		}
	}
	v := hcp * 65536
	for i, suit := range strings.SplitN(h, ".", 4) {
		v += len(suit) << (4 * (3 - i))
	}
	return v
}

// handValue counts as the SplitN it replaced did, odd hands included.
func TestHandValue(t *testing.T) {
	t.Parallel()
	for _, h := range []string{"", ".", "...", "....", "AKQJ.T98.765.432", "AKQJT98765432...", "...AKQJT98765432",
		"A.K.Q.J.T", "A.K.Q.J.T.9", "AK", "AK.", ".AK", "x.y.z", "AKQJT98765432AKQ...", "-"} {
		if got, want := handValue(h), handValueSplit(h); got != want {
			t.Errorf("handValue(%q) = %#x, want %#x", h, got, want)
		}
	}
}

// An auction is stored as the JSON encoding/json wrote of it, written by
// hand when every text is valid UTF-8 and by encoding/json when one is
// not: each call its text, or an object of what else it has.
func TestCallsStored(t *testing.T) {
	t.Parallel()
	call := func(s string) model.Call {
		c, ok := model.ParseCall(s)
		if !ok {
			t.Fatalf("no call %q", s)
		}
		return c
	}
	alerted := call("1NT")
	alerted.Alert, alerted.Explanation = true, "15-17"
	bad := call("2C")
	bad.Explanation = "art\xff"
	e := newEncoder(nil, false)
	for _, c := range []struct {
		name  string
		first model.Seat
		calls []model.Call
		want  string
	}{
		{"plain calls", model.East, []model.Call{call("1S"), call("Pass"), call("X"), call("XX")}, `["E","1S","Pass","X","XX"]`},
		{"an alert, no first seat", model.NoSeat, []model.Call{alerted, call("Pass")}, `[null,{"c":"1NT","a":1,"e":"15-17"},"Pass"]`},
		{"an explanation not UTF-8", model.South, []model.Call{call("1H"), bad}, `["S","1H",{"c":"2C","e":"art\ufffd"}]`},
		{"no calls", model.North, nil, `["N"]`},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := model.NewRecord()
			r.Auction = &model.Auction{First: c.first, Calls: c.calls}
			got, err := e.calls(r)
			if err != nil || got != c.want {
				t.Errorf("calls %v = %v, %v; want %s", c.calls, got, err, c.want)
			}
		})
	}
}

// A play is stored as the JSON encoding/json wrote of it, written by hand
// when every text is valid UTF-8 and by encoding/json when a note is
// not: each trick the seat of its first slot, its leader and winner, and
// its slots, or an array of that and its slots' notes, glyphs and
// irregularities.
func TestPlaysStored(t *testing.T) {
	t.Parallel()
	deal, errs := model.ParseDeal("N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	card := func(t *testing.T, s string) model.PlayCard {
		c, ok := model.ParseCard(s)
		if !ok {
			t.Fatalf("no card %q", s)
		}
		return model.PlayCard{Kind: model.Played, Card: c}
	}
	e := newEncoder(nil, false)
	for _, note := range []struct{ name, text, want string }{
		{"no note", "", `["WWNS6SAS2S7","NN?HAH2H7  "]`},
		{"a note", "led low", `["WWNS6SAS2S7",["NN?HAH2H7  ",[null,"led low",null,null],[null,null,"$1",null],[null,null,"revoke",null]]]`},
		{"a note not UTF-8", "led\xff", `["WWNS6SAS2S7",["NN?HAH2H7  ",[null,"led\ufffd",null,null],[null,null,"$1",null],[null,null,"revoke",null]]]`},
	} {
		t.Run(note.name, func(t *testing.T) {
			r := model.NewRecord()
			r.Deal, r.Declarer = deal, model.South
			r.Contract, _ = model.ParseContract("3NT")
			var t1, t2 model.Trick
			t1[model.West], t1[model.North], t1[model.East], t1[model.South] = card(t, "S6"), card(t, "SA"), card(t, "S2"), card(t, "S7")
			t2[model.North], t2[model.East], t2[model.South] = card(t, "HA"), card(t, "H2"), card(t, "H7")
			if note.text != "" {
				t2[model.East].Note = 1
				t2[model.South].NAGs, t2[model.South].Revoke = []int{1}, true
			}
			r.Play = &model.Play{First: model.West, Tricks: []model.Trick{t1, t2}, Notes: []model.Note{{Index: 1, Text: note.text}}}
			if note.text == "" {
				r.Play.Notes = nil
			}
			got, _, err := e.plays(r)
			if err != nil || got != note.want {
				t.Errorf("plays with note %q = %v, %v; want %s", note.text, got, err, note.want)
			}
		})
	}
}
