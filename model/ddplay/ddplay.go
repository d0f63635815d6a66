// Package ddplay analyses a played deal double dummy: at each card, how
// many tricks declarer's side takes in all (those won and those it can
// still take) when both sides play perfectly from there, and so which
// cards cost a trick. It uses model/dd's solver on the end positions the
// play leaves.
//
// The solver answers positions at the start of a trick. A trick at whose
// end the count is what it was at its start is taken as played without a
// mistake (two mistakes that cancel out within one trick are not seen);
// in a trick where the count changes, the value after each card is found
// by trying every way the trick could have gone on, each ending solved.
package ddplay

import (
	"errors"
	"fmt"

	"handrec/model"
	"handrec/model/dd"
)

// Trick is one trick of the analysis.
type Trick struct {
	Leader model.Seat
	// Cards are the cards in the order played, from the leader.
	Cards [4]model.Card
	// Value[0] is declarer's side's tricks in all at the trick's start,
	// Value[k] after its k-th card.
	Value [5]int
}

// Seat is the seat that played the k-th card (0-based) of the trick.
func (t *Trick) Seat(k int) model.Seat { return t.Leader.Add(k) }

// Cost is how many tricks the k-th card (0-based) cost the side that
// played it: 0 for a card as good as any.
func (t *Trick) Cost(declarer model.Seat, k int) int {
	d := t.Value[k] - t.Value[k+1]
	if t.Seat(k).Side() != declarer.Side() {
		d = -d
	}
	return max(d, 0)
}

// Analysis is the analysis of a played deal.
type Analysis struct {
	Declarer model.Seat
	Strain   model.Strain
	Tricks   []Trick
	// Stopped says why the analysis ends before the play does ("" when
	// it covers every complete trick).
	Stopped string
}

// ErrNotPlayed reports a record the analysis cannot take: no play, no
// contract's strain or declarer, or not four known hands of one length.
var ErrNotPlayed = errors.New("nothing to analyse")

// Analyse replays r's play, trick by trick, with s.
func Analyse(s *dd.Solver, r *model.Record) (*Analysis, error) {
	if r.Play == nil || !r.Declarer.Valid() || r.Contract.Kind != model.Bid && r.Contract.Kind != model.StrainOnly {
		return nil, fmt.Errorf("%w: the record needs a contract, a declarer and a play", ErrNotPlayed)
	}
	a := &Analysis{Declarer: r.Declarer, Strain: r.Contract.Strain}
	e := &engine{s: s, strain: a.Strain, declarer: a.Declarer, memo: map[position]int{}}
	hands := r.Deal.Hands
	for _, st := range model.Seats {
		if !r.Deal.Known[st] || hands[st].Len() != hands[0].Len() || hands[0].Len() == 0 {
			return nil, fmt.Errorf("%w: the deal needs four known hands of one length", ErrNotPlayed)
		}
	}
	leader, won := r.Play.First, 0
	start, err := e.solve(hands, leader)
	if err != nil {
		return nil, err
	}
	for i := range r.Play.Tricks {
		t := Trick{Leader: leader}
		if why := cardsOf(&r.Play.Tricks[i], hands, &t); why != "" {
			a.Stopped = fmt.Sprintf("trick %d: %s", i+1, why)
			break
		}
		t.Value[0] = won + start
		after := hands
		for k := 0; k < 4; k++ {
			after[t.Seat(k)] = after[t.Seat(k)].Without(t.Cards[k])
		}
		w := winner(t.Cards, leader, a.Strain)
		before := won
		if w.Side() == a.Declarer.Side() {
			won++
		}
		if start, err = e.solve(after, w); err != nil {
			return nil, err
		}
		t.Value[4] = won + start
		if err := e.fill(&t, hands, before); err != nil {
			return nil, err
		}
		a.Tricks = append(a.Tricks, t)
		hands, leader = after, w
	}
	return a, nil
}

// cardsOf puts the trick's cards in t in the order played, or says why
// it cannot: a card missing or not known, or one its player does not
// hold, or one that does not follow suit when it could.
func cardsOf(tr *model.Trick, hands [4]model.Hand, t *Trick) string {
	for k := 0; k < 4; k++ {
		seat := t.Seat(k)
		pc := tr[seat]
		switch {
		case pc.Kind != model.Played:
			return "not every card is known"
		case !hands[seat].Has(pc.Card):
			return fmt.Sprintf("%s plays %s, which is not in the hand", seat.Name(), pc.Card)
		case k > 0 && pc.Card.Suit() != t.Cards[0].Suit() && hands[seat].SuitLen(t.Cards[0].Suit()) > 0:
			return fmt.Sprintf("%s revokes with %s", seat.Name(), pc.Card)
		}
		t.Cards[k] = pc.Card
	}
	return ""
}

// winner is the seat that wins the cards, played in order from leader.
func winner(cards [4]model.Card, leader model.Seat, strain model.Strain) model.Seat {
	best := 0
	trump, hasTrump := strain.Trump()
	for k := 1; k < 4; k++ {
		c, b := cards[k], cards[best]
		switch {
		case c.Suit() == b.Suit() && c.Rank() > b.Rank():
			best = k
		case hasTrump && c.Suit() == trump && b.Suit() != trump:
			best = k
		}
	}
	return leader.Add(best)
}

// engine solves the positions of one analysis, each once.
type engine struct {
	s        *dd.Solver
	strain   model.Strain
	declarer model.Seat
	memo     map[position]int
}

type position struct {
	hands  [4]model.Hand
	leader model.Seat
}

// solve is the tricks declarer's side takes of those left, leader on lead.
func (e *engine) solve(hands [4]model.Hand, leader model.Seat) (int, error) {
	n := hands[0].Len()
	if n == 0 {
		return 0, nil
	}
	key := position{hands, leader}
	if v, ok := e.memo[key]; ok {
		return v, nil
	}
	decl := leader.Add(3) // the solver's lead comes from declarer's left
	v, err := e.s.Tricks(model.Deal{Hands: hands, Known: [4]bool{true, true, true, true}}, e.strain, decl)
	if err != nil {
		return 0, err
	}
	if decl.Side() != e.declarer.Side() {
		v = n - v
	}
	e.memo[key] = v
	return v, nil
}

// fill gives t the values after its first three cards: those of its
// start when the trick ends where it began, else found by trying every
// way the trick could go on. hands are the hands at the trick's start,
// won declarer's side's tricks before it.
func (e *engine) fill(t *Trick, hands [4]model.Hand, won int) error {
	for k := 1; k < 4; k++ {
		t.Value[k] = t.Value[0]
	}
	if t.Value[4] == t.Value[0] {
		return nil
	}
	for k := 1; k < 4; k++ {
		hands[t.Seat(k-1)] = hands[t.Seat(k-1)].Without(t.Cards[k-1])
		v, err := e.rest(hands, t.Leader, t.Cards, k)
		if err != nil {
			return err
		}
		t.Value[k] = won + v
	}
	return nil
}

// rest is the tricks declarer's side takes from the trick's k-th card on
// (this trick and the later ones), when the first k cards are played and
// both sides play their best.
func (e *engine) rest(hands [4]model.Hand, leader model.Seat, played [4]model.Card, k int) (int, error) {
	if k == 4 {
		w := winner(played, leader, e.strain)
		v, err := e.solve(hands, w)
		if w.Side() == e.declarer.Side() {
			v++
		}
		return v, err
	}
	seat := leader.Add(k)
	ours := seat.Side() == e.declarer.Side()
	best := -1
	for _, c := range options(hands, seat, played[:k]) {
		h, p := hands, played
		h[seat], p[k] = h[seat].Without(c), c
		v, err := e.rest(h, leader, p, k+1)
		if err != nil {
			return 0, err
		}
		if best < 0 || ours && v > best || !ours && v < best {
			best = v
		}
	}
	return best, nil
}

// options are the cards seat may play to the trick so far, one of each
// run of cards that are equal in play: the seat's cards of one suit with
// no card between them left in another hand or in the trick.
func options(hands [4]model.Hand, seat model.Seat, trick []model.Card) []model.Card {
	h := hands[seat]
	suits := model.SuitsDown[:]
	if len(trick) > 0 && h.SuitLen(trick[0].Suit()) > 0 {
		suits = []model.Suit{trick[0].Suit()}
	}
	var out []model.Card
	for _, su := range suits {
		var others uint16
		for _, st := range model.Seats {
			if st != seat {
				others |= hands[st].SuitBits(su)
			}
		}
		for _, c := range trick {
			if c.Suit() == su {
				others |= 1 << uint(c.Rank())
			}
		}
		run := false
		for r := model.Ace; r >= model.Two; r-- {
			switch {
			case h.SuitBits(su)&(1<<uint(r)) != 0:
				if !run {
					out = append(out, model.NewCard(su, r))
				}
				run = true
			case others&(1<<uint(r)) != 0:
				run = false
			}
		}
	}
	return out
}
