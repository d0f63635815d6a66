package model

import "strconv"

// Pair is a partnership for one deal: any two seats. In the partnership
// codes it is a side (North-South or East-West); in Pirate Bridge the
// declarer and his acceptor, who may sit side by side.
type Pair [2]Seat

// SidePair is the pair of seats of side s.
func SidePair(s Side) Pair {
	if s == NS {
		return Pair{North, South}
	}
	return Pair{East, West}
}

// Has reports whether seat s belongs to the pair.
func (p Pair) Has(s Seat) bool { return s.Valid() && (p[0] == s || p[1] == s) }

// Other is the pair of the two remaining seats.
func (p Pair) Other() Pair {
	o := Pair{NoSeat, NoSeat}
	i := 0
	for _, s := range Seats {
		if !p.Has(s) && i < 2 {
			o[i] = s
			i++
		}
	}
	return o
}

// Mate is the other seat of the pair, or NoSeat when s is not in it.
func (p Pair) Mate(s Seat) Seat {
	switch s {
	case p[0]:
		return p[1]
	case p[1]:
		return p[0]
	}
	return NoSeat
}

// String is the two seat letters in N E S W order: "NS", "EW", "NE".
func (p Pair) String() string {
	b := make([]byte, 0, 2)
	for _, s := range Seats {
		if p.Has(s) {
			b = append(b, "NESW"[s])
		}
	}
	return string(b)
}

// TrickPlay is what the replay learns of one trick.
type TrickPlay struct {
	// Leader is the seat that led, NoSeat when it cannot be told.
	Leader Seat `json:"leader"`
	// Winner is the seat that won the trick, NoSeat when the trick is not
	// complete or holds a card that is not known.
	Winner Seat `json:"winner"`
	// Cards counts the slots that hold a card, known or not.
	Cards int `json:"cards"`
	// OutOfTurn is set when a card marked ^L led the trick.
	OutOfTurn bool `json:"out_of_turn,omitempty"`
}

// Complete reports whether all four players played to the trick.
func (t TrickPlay) Complete() bool { return t.Cards == 4 }

// Revoke is one failure to follow suit, as the play record shows it. The
// laws of each code decide whether it is established and what it costs;
// Revoke holds the facts they need.
type Revoke struct {
	Trick int  `json:"trick"` // 1-based
	Seat  Seat `json:"seat"`
	// Led is the suit led to the trick; Card the card played instead.
	Led  Suit `json:"led"`
	Card Card `json:"card"`
	// Marked is set when the record marks the card ^R.
	Marked bool `json:"marked,omitempty"`
	// Held is set when the deal shows the player still held the suit led
	// (his original hand less the cards he had played).
	Held bool `json:"held,omitempty"`
	// Quitted is set when the trick was complete and the play went on
	// past it (or it was the thirteenth trick, or a claim followed).
	Quitted bool `json:"quitted,omitempty"`
	// Followed lists the seats that played to the following trick.
	Followed [4]bool `json:"followed"`
	Pos      Pos     `json:"pos"`
}

// Established reports whether the revoke is established under the rule
// the historic codes share (Bridge 1895 law 88, Auction 1915 law 83,
// Pirate 1916 law 52): the trick was turned and quitted, or the revoking
// player or his partner (for this deal) played to the following trick.
func (r Revoke) Established(partner Seat) bool {
	if r.Quitted || r.Followed[r.Seat] {
		return true
	}
	return partner.Valid() && r.Followed[partner]
}

// NotHeld is a card played by a player whose hand, as dealt, does not hold it.
type NotHeld struct {
	Trick  int  `json:"trick"`
	Seat   Seat `json:"seat"`
	Card   Card `json:"card"`
	Holder Seat `json:"holder"` // the seat dealt the card, or NoSeat
	Pos    Pos  `json:"pos"`
}

// PlayOutcome is the replay of a play record.
type PlayOutcome struct {
	Tricks []TrickPlay `json:"tricks"`
	// Won counts the complete tricks each seat won.
	Won [4]int `json:"won"`
	// Decided counts the tricks whose winner is known; Undecided the
	// complete tricks whose winner is not (a card shown as "-").
	Decided   int `json:"decided"`
	Undecided int `json:"undecided"`
	// Claim is the declarer's total tricks claimed, -1 for none.
	Claim   int       `json:"claim"`
	Revokes []Revoke  `json:"revokes,omitempty"`
	NotHeld []NotHeld `json:"not_held,omitempty"`
}

// TricksOf counts the tricks the pair won in play.
func (o *PlayOutcome) TricksOf(p Pair) int {
	n := 0
	for _, s := range Seats {
		if p.Has(s) {
			n += o.Won[s]
		}
	}
	return n
}

// PairTricks is the declaring pair's tricks by the play record: the
// claim when there is one (the declarer's total), else the tricks won
// when all thirteen are decided. ok is false when the play does not tell.
func (o *PlayOutcome) PairTricks(p Pair) (n int, ok bool) {
	if o.Claim >= 0 {
		return o.Claim, true
	}
	if o.Decided == 13 {
		return o.TricksOf(p), true
	}
	return 0, false
}

// TrickWinner is the seat that wins t, led by leader, at strain's trumps;
// NoSeat when leader is no seat or a card of the trick is not played (a
// reader's check of a trick as its source gives it).
func TrickWinner(t *Trick, leader Seat, strain Strain) Seat {
	if !leader.Valid() {
		return NoSeat
	}
	for k := 0; k < 4; k++ {
		if t[leader.Add(k)].Kind != Played {
			return NoSeat
		}
	}
	return trickWinner(t, leader, strain)
}

// trickWinner returns the seat that wins a trick of four played cards, the
// first of them led, with trumps given by strain.
func trickWinner(t *Trick, leader Seat, strain Strain) Seat {
	trump, hasTrump := strain.Trump()
	best := leader
	bc := t[leader].Card
	for i := 1; i < 4; i++ {
		s := leader.Add(i)
		c := t[s].Card
		switch {
		case c.Suit() == bc.Suit():
			if c.Rank() > bc.Rank() {
				best, bc = s, c
			}
		case hasTrump && c.Suit() == trump:
			best, bc = s, c
		}
	}
	return best
}

// PlayStrain is the trump strain to replay r's play at: the contract's,
// else that of a complete auction; false when neither tells (the play is
// then replayed at no trump).
func PlayStrain(r *Record) (Strain, bool) {
	if k := r.Contract.Kind; k == Bid || k == StrainOnly {
		return r.Contract.Strain, true
	}
	if r.Auction != nil {
		if out := r.Auction.Outcome(); out.Complete && out.Contract.Kind == Bid {
			return out.Contract.Strain, true
		}
	}
	return NoTrump, false
}

// ReplayPlay replays a play record on the deal with strain as trumps:
// the leader and winner of each trick (the leader of the first trick is
// p.First, of each later trick the winner of the one before, unless a
// card marked ^L led out of turn), the tricks each seat won, the claim,
// each revoke (a player who fails to follow suit while still holding the
// suit led, judged from the deal less the cards already played; a card
// marked ^R counts whether or not the deal shows it) and each card played
// by a player who was not dealt it. Hands the deal does not know are
// taken on trust.
func ReplayPlay(d Deal, p *Play, strain Strain) PlayOutcome {
	out := PlayOutcome{Claim: -1}
	if p == nil {
		return out
	}
	out.Claim = int(p.Claim)
	out.Tricks = make([]TrickPlay, 0, len(p.Tricks))
	r := replay{d: d, p: p, lastCard: lastCardTrick(p)}
	leader := p.First
	for i := range p.Tricks {
		t := &p.Tricks[i]
		tp, known := openTrick(t, leader)
		r.checkCards(i, tp, &out)
		r.played(t)
		if known == 4 && tp.Leader.Valid() {
			tp.Winner = trickWinner(t, tp.Leader, strain)
			out.Won[tp.Winner]++
			out.Decided++
		} else if tp.Cards == 4 {
			out.Undecided++
		}
		out.Tricks = append(out.Tricks, tp)
		leader = tp.Winner
	}
	return out
}

// replay is what ReplayPlay knows between tricks.
type replay struct {
	d        Deal
	p        *Play
	gone     [4]Hand // known cards each seat has played
	blind    [4]int  // cards each seat played that are not known
	lastCard int     // index of the last trick holding a card
}

// lastCardTrick is the index of the last trick of p holding a card,
// known or not; -1 when none does.
func lastCardTrick(p *Play) int {
	last := -1
	for i := range p.Tricks {
		for s := range p.Tricks[i] {
			if k := p.Tricks[i][s].Kind; k == Played || k == Unknown {
				last = i
			}
		}
	}
	return last
}

// openTrick counts trick t's cards, all of them and the known ones, and
// finds who led it: leader, unless a card is marked as led out of turn.
func openTrick(t *Trick, leader Seat) (tp TrickPlay, known int) {
	tp = TrickPlay{Leader: leader, Winner: NoSeat}
	for s := range t {
		switch t[s].Kind {
		case Played:
			tp.Cards++
			known++
			if t[s].LeadOutOfTurn {
				tp.Leader, tp.OutOfTurn = Seat(s), true
			}
		case Unknown:
			tp.Cards++
		}
	}
	return tp, known
}

// checkCards checks each card played to trick i (tp, its leader and
// count): a card its player was not dealt, and a revoke.
func (r *replay) checkCards(i int, tp TrickPlay, out *PlayOutcome) {
	t := &r.p.Tricks[i]
	led, ledKnown := Suit(0), false
	if tp.Leader.Valid() && t[tp.Leader].Kind == Played {
		led, ledKnown = t[tp.Leader].Card.Suit(), true
	}
	for s := range t {
		pc := &t[s]
		seat := Seat(s)
		if pc.Kind != Played {
			continue
		}
		if r.d.Known[seat] && !r.d.Hands[seat].Has(pc.Card) {
			out.NotHeld = append(out.NotHeld, NotHeld{Trick: i + 1, Seat: seat, Card: pc.Card, Holder: r.d.HolderOf(pc.Card), Pos: pc.Pos})
		}
		off := ledKnown && seat != tp.Leader && pc.Card.Suit() != led
		held := false
		if off && r.d.Known[seat] {
			left := (r.d.Hands[seat] &^ r.gone[seat]).SuitLen(led)
			held = left > r.blind[seat]
		}
		if pc.Revoke || held {
			out.Revokes = append(out.Revokes, r.revoke(i, seat, led, held, tp.Cards))
		}
	}
}

// revoke is seat's revoke at trick i, a trick of cards cards: quitted
// once the trick is complete and a later trick holds a card (or it is
// the last trick, or the play ends in a claim); and who has played to
// the next trick.
func (r *replay) revoke(i int, seat Seat, led Suit, held bool, cards int) Revoke {
	pc := &r.p.Tricks[i][seat]
	rv := Revoke{Trick: i + 1, Seat: seat, Led: led, Card: pc.Card, Marked: pc.Revoke, Held: held, Pos: pc.Pos}
	rv.Quitted = cards == 4 && (i < r.lastCard || i == 12 || r.p.Claim >= 0)
	if i+1 < len(r.p.Tricks) {
		for f := range r.p.Tricks[i+1] {
			k := r.p.Tricks[i+1][f].Kind
			rv.Followed[f] = k == Played || k == Unknown
		}
	}
	return rv
}

// played takes trick t's cards from their players' hands: a known card
// by itself, an unknown one as a count.
func (r *replay) played(t *Trick) {
	for s := range t {
		switch t[s].Kind {
		case Played:
			r.gone[s] = r.gone[s].With(t[s].Card)
		case Unknown:
			r.blind[s]++
		}
	}
}

// String describes the revoke for a report: "West revokes at trick 5
// (S4 on a heart lead)".
func (r Revoke) String() string {
	s := r.Seat.Name() + " revokes at trick " + strconv.Itoa(r.Trick)
	if r.Card != 0 {
		s += " (" + r.Card.String() + " on a " + suitNoun[r.Led] + " lead)"
	}
	return s
}

var suitNoun = [4]string{"club", "diamond", "heart", "spade"}
