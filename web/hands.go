package web

import (
	"strings"

	"handrec/model"
)

// suitView is one suit of a hand as the page writes it.
type suitView struct {
	Symbol, Class, Cards string
}

// handView is one seat of the diagram.
type handView struct {
	Seat, Letter, Class string
	Player              string
	Known               bool
	Suits               [4]suitView // spades to clubs
	HCP                 int
}

var suitClass = [4]string{"c", "d", "h", "s"} // by model.Suit

// holding writes the ranks of suit su held in h, high to low ("A K 10 3"),
// or a dash for a void.
func holding(h model.Hand, su model.Suit) string {
	rs := h.Ranks(su)
	if len(rs) == 0 {
		return "—"
	}
	var b strings.Builder
	for _, r := range rs {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(rankText(r))
	}
	return b.String()
}

func rankText(r model.Rank) string {
	if r == model.Ten {
		return "10"
	}
	return string(r.Letter())
}

// cardText is a card as the page writes it: "♠10".
func cardText(c model.Card) string { return c.Suit().Symbol() + rankText(c.Rank()) }

func hand(seat model.Seat, h model.Hand, known bool, player string) handView {
	v := handView{Seat: seat.Name(), Letter: seat.String(), Class: strings.ToLower(seat.Name()), Player: player, Known: known}
	if !known {
		return v
	}
	for i, su := range model.SuitsDown {
		v.Suits[i] = suitView{Symbol: su.Symbol(), Class: suitClass[su], Cards: holding(h, su)}
	}
	v.HCP = h.HCP()
	return v
}

func handViews(r *model.Record) [4]handView {
	var hs [4]handView
	for _, s := range model.Seats {
		hs[s] = hand(s, r.Deal.Hands[s], r.Deal.Known[s], r.Player(s))
	}
	return hs
}

// callView is a call of the auction table.
type callView struct {
	Text, Class string
	Alert       bool
	Explanation string
	Note        int // the number of its note, 0 for none
	Irregular   string
}

// auctionView is the auction in rows of four calls, West first, and its
// notes.
type auctionView struct {
	Rows  [][4]*callView
	Notes []string
}

// auctionColumn is a seat's column: West, North, East, South.
var auctionColumn = [4]int{model.North: 1, model.East: 2, model.South: 3, model.West: 0}

// callText writes a call (its PBN form) as the page shows it: "1♠",
// "3NT", "Pass", "X", "All pass".
func callText(c string) string {
	switch c {
	case "AP":
		return "All pass"
	case "Pass", "X", "XX", "":
		return c
	}
	if len(c) == 2 && c[0] >= '1' && c[0] <= '7' {
		if su, ok := model.ParseSuit(c[1]); ok {
			return c[:1] + su.Symbol()
		}
	}
	return c
}
