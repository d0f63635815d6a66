package model

import (
	"strings"
)

// validateMarks judges the play's marks against the play: ^R must mark a
// card that is a revoke (not a lead, not a card of the suit led, not a
// discard by a player who had none of that suit) and ^L a lead by a player
// whose turn it was not (PBN 3.9); no card may follow "+" (3.6).
//
// Under the historic codes a ^R may mark any card: failing to play a
// called card, or to lead a called suit, is a revoke there (Bridge 1895
// law 76, Auction 1915 law 73, Pirate 1916 law 52), and scoring penalises
// it as one.
func validateMarks(r *Record) {
	p := r.Play
	if p == nil || !p.First.Valid() || (r.Contract.Kind != Bid && r.Contract.Kind != StrainOnly) {
		return
	}
	calledCards := historicScoring(r)
	out := ReplayPlay(r.Deal, p, r.Contract.Strain)
	var gone [4]Hand // cards each seat has played before the trick in hand
	normal := p.First
	for i := range p.Tricks {
		if i >= len(out.Tricks) {
			break
		}
		t := &p.Tricks[i]
		tp := out.Tricks[i]
		leader := tp.Leader
		// "+" is the next card to be played (PBN 3.6): in playing order no
		// card comes after it. (PBN's own example, "+ - - CQ", is South
		// having led CQ with West to play next.)
		if leader.Valid() {
			plus := -1
			for k := 0; k < 4; k++ {
				pc := t[leader.Add(k)]
				if pc.Kind == Next && plus < 0 {
					plus = k
				} else if plus >= 0 && pc.Kind == Played {
					r.Errorf(pc.Pos, "play: %s is played after '+', the card still to come, at trick %d", pc.Card.String(), i+1)
				}
			}
		}
		for s := range t {
			pc := t[s]
			seat := Seat(s)
			if pc.LeadOutOfTurn && seat == normal {
				r.Errorf(pc.Pos, "play: ^L marks %s's lead at trick %d, but it was %s's turn to lead", seat.Name(), i+1, seat.Name())
			}
			if !pc.Revoke || pc.Kind != Played || !leader.Valid() || calledCards {
				continue
			}
			lead := t[leader]
			switch {
			case seat == leader:
				r.Errorf(pc.Pos, "play: ^R marks %s, the lead of trick %d: a lead is no revoke", pc.Card.String(), i+1)
			case lead.Kind != Played:
			case pc.Card.Suit() == lead.Card.Suit():
				r.Errorf(pc.Pos, "play: ^R marks %s, which follows suit at trick %d", pc.Card.String(), i+1)
			case r.Deal.Known[seat] && (r.Deal.Hands[seat]&^gone[seat]).SuitLen(lead.Card.Suit()) == 0:
				r.Errorf(pc.Pos, "play: ^R marks %s at trick %d, but %s had no %s", pc.Card.String(), i+1, seat.Name(), suitNoun[lead.Card.Suit()])
			}
		}
		for s := range t {
			if t[s].Kind == Played {
				gone[s] = gone[s].With(t[s].Card)
			}
		}
		if tp.Winner.Valid() {
			normal = tp.Winner
		} else {
			break // who leads next cannot be told
		}
	}
}

// historicScoring reports whether the record's scoring names one of
// the historic codes (the names package scoring reads).
func historicScoring(r *Record) bool {
	switch strings.ToLower(strings.TrimSpace(r.Scoring())) {
	case "bridge", "bridge1895", "bridge1904", "auction", "auction1915", "pirate", "pirate1916":
		return true
	}
	return false
}
