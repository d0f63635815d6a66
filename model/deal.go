package model

import (
	"errors"
	"math/bits"
	"strconv"
	"strings"
)

// Deal is the cards of the four hands. A hand whose cards are not given is
// not Known; a deal whose hands hold fewer than 13 cards is an end position.
type Deal struct {
	Hands [4]Hand
	Known [4]bool
	// Small counts by seat and suit the small cards a record gives as "x"
	// only, as books print the spot cards that do not matter ("♠ K 10 x
	// x"): a hand holds them beside the cards of Hands, none of them named.
	// Such a deal is not Complete: its x's are cards not known.
	Small [4][4]int8
}

// Len is the number of cards seat s holds: those named and its small
// cards not named.
func (d Deal) Len(s Seat) int {
	n := d.Hands[s].Len()
	for _, k := range d.Small[s] {
		n += int(k)
	}
	return n
}

// HasSmall reports whether a hand of the deal holds small cards not
// named ("x").
func (d Deal) HasSmall() bool { return d.Small != [4][4]int8{} }

// Complete reports whether all four hands are known with 13 cards each.
func (d Deal) Complete() bool {
	for s := range d.Hands {
		if !d.Known[s] || d.Hands[s].Len() != 13 {
			return false
		}
	}
	return true
}

// Empty reports whether no hand is known.
func (d Deal) Empty() bool { return !d.Known[0] && !d.Known[1] && !d.Known[2] && !d.Known[3] }

// EndPosition reports whether the deal is an end position: the largest known
// hand holds fewer than 13 cards.
func (d Deal) EndPosition() bool {
	max := 0
	for s := range d.Hands {
		if d.Known[s] && d.Len(Seat(s)) > max {
			max = d.Len(Seat(s))
		}
	}
	return !d.Empty() && max < 13
}

// HolderOf returns the seat holding c, or NoSeat.
func (d Deal) HolderOf(c Card) Seat {
	for s := range d.Hands {
		if d.Hands[s].Has(c) {
			return Seat(s)
		}
	}
	return NoSeat
}

// PBN writes the deal as a PBN Deal value starting at first: "N:hand hand hand hand",
// "-" for an unknown hand, "x" for a small card not named.
func (d Deal) PBN(first Seat) string {
	var buf [dealPBNMax]byte
	return string(d.AppendPBN(buf[:0], first))
}

// dealPBNMax is the length of a full deal's Deal value: the first seat,
// the colon, 52 cards, 12 dots and 3 spaces (a deal that holds a card
// twice is longer, and appending grows the buffer).
const dealPBNMax = 2 + 52 + 12 + 3

// AppendPBN appends the deal's PBN form (PBN's) to dst.
func (d Deal) AppendPBN(dst []byte, first Seat) []byte {
	if !first.Valid() {
		first = North
	}
	dst = append(dst, first.String()[0], ':')
	for i := 0; i < 4; i++ {
		if i > 0 {
			dst = append(dst, ' ')
		}
		s := first.Add(i)
		if !d.Known[s] {
			dst = append(dst, '-')
			continue
		}
		if d.Small[s] == [4]int8{} {
			dst = d.Hands[s].AppendPBN(dst)
			continue
		}
		dst = d.appendSmall(dst, s)
	}
	return dst
}

// appendSmall appends seat s's hand, its small cards not named as "x"
// after the cards of each suit.
func (d Deal) appendSmall(dst []byte, s Seat) []byte {
	for j, su := range SuitsDown {
		if j > 0 {
			dst = append(dst, '.')
		}
		for m := d.Hands[s].SuitBits(su); m != 0; {
			r := Rank(bits.Len16(m) - 1) // the highest left
			dst = append(dst, r.Letter())
			m &^= 1 << uint(r)
		}
		for k := int8(0); k < d.Small[s][su]; k++ {
			dst = append(dst, 'x')
		}
	}
	return dst
}

// HandPBN is seat s's hand in PBN's form ("AKQ.JT9.87.6543"), its small
// cards not named as "x".
func (d Deal) HandPBN(s Seat) string {
	if d.Small[s] == [4]int8{} {
		return d.Hands[s].PBN()
	}
	return string(d.appendSmall(nil, s))
}

// writes reports whether text is the deal as PBN writes it (PBN), from the
// seat text names first: the deal holds such a text whole.
func (d Deal) writes(text string) bool {
	if len(text) < 2 || text[1] != ':' {
		return false
	}
	first, ok := ParseSeat(text[0])
	if !ok {
		return false
	}
	var buf [dealPBNMax]byte
	return string(d.AppendPBN(buf[:0], first)) == text
}

// disjoint reports that no card is in two hands: ParseDeal reports a card
// dealt twice, and the deal keeps it in both.
func (d Deal) disjoint() bool {
	h := d.Hands
	return h[0]&(h[1]|h[2]|h[3])|h[1]&(h[2]|h[3])|h[2]&h[3] == 0
}

// MarshalText writes the deal in PBN form from North.
func (d Deal) MarshalText() ([]byte, error) {
	if d.Empty() {
		return []byte{}, nil
	}
	return d.AppendPBN(make([]byte, 0, dealPBNMax), North), nil
}

// UnmarshalText reads a PBN deal value.
func (d *Deal) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*d = Deal{}
		return nil
	}
	nd, errs := ParseDeal(string(b))
	if len(errs) > 0 && (nd.Empty() || len(b) < 2 || b[1] != ':') {
		return errors.New(errs[0].Msg)
	}
	// A deal with faults (a card dealt twice, a short hand) is one a
	// reader kept with them, reported as its record's problems: it reads
	// back as MarshalText wrote it.
	*d = nd
	return nil
}

// DealError is a fault in a Deal value, at byte offset Off of the value.
type DealError struct {
	Off int
	Msg string
}

// ParseDeal reads a PBN Deal value "<first>:<hand> <hand> <hand> <hand>" as
// real files write it: ranks in any order and either case, "10" for the
// ten, "-" for an unknown hand, "x" for a small card not named (Small),
// extra spaces. Without "<first>:" the first
// hand is North's. It reports each fault with its offset and keeps what it
// could read; a card dealt twice is reported where it appears again.
func ParseDeal(v string) (Deal, []DealError) {
	p := dealParser{v: v}
	p.skip(" ")
	first := p.firstSeat()
	hand := 0
	for ; hand < 4; hand++ {
		p.skip(" \t")
		if p.i >= len(v) {
			break
		}
		seat := first.Add(hand)
		if v[p.i] == '-' && (p.i+1 == len(v) || v[p.i+1] == ' ') {
			p.i++ // an unknown hand
			continue
		}
		p.d.Hands[seat], p.d.Small[seat] = p.hand(seat)
		p.d.Known[seat] = true
	}
	p.skip(" ")
	if p.i < len(v) {
		p.fault(p.i, "deal: unexpected "+quoteShort(v[p.i:])+" after four hands")
	}
	if hand < 4 && hand > 0 {
		p.fault(len(v), "deal: "+strconv.Itoa(hand)+" hands given, not four (use - for an unknown hand)")
	}
	if p.more > 0 {
		p.errs = append(p.errs, DealError{p.moreOff, "deal: and " + strconv.Itoa(p.more) + " more faults in this value"})
	}
	return p.d, p.errs
}

// dealParser reads a Deal value: the value, the offset of the next byte
// to read, the deal so far, every card dealt so far, and the faults.
type dealParser struct {
	v       string
	i       int
	d       Deal
	seen    Hand
	errs    []DealError
	more    int // faults past maxValueFaults
	moreOff int // the offset of the first of them
}

// fault lists a fault at offset off, or counts it past maxValueFaults.
func (p *dealParser) fault(off int, msg string) {
	if len(p.errs) < maxValueFaults {
		p.errs = append(p.errs, DealError{off, msg})
	} else if p.more++; p.more == 1 {
		p.moreOff = off
	}
}

// skip passes over the bytes of set.
func (p *dealParser) skip(set string) {
	for p.i < len(p.v) && strings.IndexByte(set, p.v[p.i]) >= 0 {
		p.i++
	}
}

// firstSeat reads "<first>:", if there: the seat of the first hand,
// North when not given or not a seat.
func (p *dealParser) firstSeat() Seat {
	if p.i+1 >= len(p.v) || p.v[p.i+1] != ':' {
		return North
	}
	first, ok := ParseSeat(p.v[p.i])
	if !ok {
		p.fault(p.i, "deal: bad first seat "+strconv.Quote(p.v[p.i:p.i+1]))
		first = North
	}
	p.i += 2
	return first
}

// hand reads seat's hand, up to the next blank: the ranks of each suit,
// spades first, a dot between two suits, "x" a small card not named. It
// works on locals, not p's fields: every deal of every record passes
// through this loop.
func (p *dealParser) hand(seat Seat) (Hand, [4]int8) {
	v, i := p.v, p.i
	start := i
	var h Hand
	var small [4]int8
	seen := p.seen
	suit := 0
	for ; i < len(v) && v[i] != ' ' && v[i] != '\t'; i++ {
		c := v[i]
		if c == '.' {
			suit++
			if suit > 3 {
				p.fault(i, "deal: "+seat.Name()+" has more than four suits")
			}
			continue
		}
		if c == '1' && i+1 < len(v) && v[i+1] == '0' {
			c = 'T'
			i++
		}
		if (c == 'x' || c == 'X') && suit <= 3 {
			if small[SuitsDown[suit]] < 13 {
				small[SuitsDown[suit]]++
			} else {
				p.fault(i, "deal: more than 13 small cards (x) in a suit of "+seat.Name()+"'s hand")
			}
			continue
		}
		r, ok := ParseRank(c)
		if !ok {
			p.fault(i, "deal: bad rank "+strconv.Quote(string(c))+" in "+seat.Name()+"'s hand")
			continue
		}
		if suit <= 3 {
			card := NewCard(SuitsDown[suit], r)
			if seen.Has(card) { // h is among seen
				p.twice(i, h, seat, card)
			}
			h, seen = h.With(card), seen.With(card)
		}
	}
	p.i, p.seen = i, seen
	if suit < 3 {
		p.fault(start, "deal: "+seat.Name()+"'s hand has "+strconv.Itoa(suit+1)+" suits, not four")
	}
	return h, small
}

// twice reports card, found at offset off, as dealt twice: to seat's hand
// h, or to another hand before.
func (p *dealParser) twice(off int, h Hand, seat Seat, card Card) {
	if h.Has(card) {
		p.fault(off, "deal: "+card.String()+" appears twice in "+seat.Name()+"'s hand")
	} else {
		p.fault(off, "deal: "+card.String()+" is dealt twice (again to "+seat.Name()+")")
	}
}

// maxValueFaults bounds the faults ParseDeal lists for one value; one more
// counts the rest.
const maxValueFaults = 10

// quoteShort quotes s, cut to 40 bytes with "..." when longer.
func quoteShort(s string) string {
	if len(s) > 40 {
		return strconv.Quote(s[:40]) + "..."
	}
	return strconv.Quote(s)
}

// ContractKind tells what a contract holds.
type ContractKind int8

const (
	// NoContract: no contract is known.
	NoContract ContractKind = iota
	// PassedOut: all four players passed.
	PassedOut
	// Bid: a level, a strain and the doubling.
	Bid
	// StrainOnly: a strain and doubling without a level, as PBN writes for
	// end positions and as Bridge (1895), which has no levels, needs.
	StrainOnly
)

// Contract is the final contract of a deal.
type Contract struct {
	Kind   ContractKind
	Level  int8
	Strain Strain
	// Doubled counts doubles: 0 undoubled, 1 doubled, 2 redoubled; Bridge
	// (1895) allows re-doubling without limit.
	Doubled int8
}

// String is the PBN form: "4S", "3NTX", "6HXX", "Pass", "NT", or "".
func (c Contract) String() string {
	switch c.Kind {
	case PassedOut:
		return "Pass"
	case Bid:
		return strconv.Itoa(int(c.Level)) + c.Strain.String() + strings.Repeat("X", int(c.Doubled))
	case StrainOnly:
		return c.Strain.String() + strings.Repeat("X", int(c.Doubled))
	}
	return ""
}

// MarshalText writes the PBN form.
func (c Contract) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads the PBN form.
func (c *Contract) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*c = Contract{}
		return nil
	}
	nc, ok := ParseContract(string(b))
	if !ok {
		return errors.New("bad contract " + strconv.Quote(string(b)))
	}
	*c = nc
	return nil
}

// ParseContract reads a Contract value as real files write it: "4S", "3NT",
// "3N", "2hx", "3NR" or "3NXX" (redoubled), "Pass", "NT" (strain only).
func ParseContract(s string) (Contract, bool) {
	s = strings.TrimSpace(s)
	if strings.EqualFold(s, "pass") || strings.EqualFold(s, "ap") || s == "P" || s == "p" {
		return Contract{Kind: PassedOut}, true
	}
	var c Contract
	i := 0
	if i < len(s) && s[i] >= '1' && s[i] <= '7' {
		c.Level = int8(s[i] - '0')
		c.Kind = Bid
		i++
	} else {
		c.Kind = StrainOnly
	}
	st, n, ok := ParseStrain(s[i:])
	if !ok {
		return Contract{}, false
	}
	c.Strain = st
	i += n
	rest := strings.TrimSpace(s[i:])
	switch {
	case rest == "":
	case strings.EqualFold(rest, "R"):
		c.Doubled = 2
	default:
		for _, ch := range rest {
			if ch != 'X' && ch != 'x' {
				return Contract{}, false
			}
		}
		c.Doubled = int8(len(rest))
		if c.Doubled > 16 {
			return Contract{}, false
		}
	}
	return c, true
}

// Result is the number of tricks won.
type Result struct {
	// Tricks is the declarer's tricks, -1 when not known.
	Tricks int8 `json:"tricks"`
	// Defenders is the defenders' tricks when the record gives them, else -1.
	Defenders int8 `json:"defenders"`
	// Irregular is set when the record says ("^") the players agreed on a
	// number of tricks that differs from the tricks actually won.
	Irregular bool `json:"irregular,omitempty"`
}

// NoResult is an unknown result.
var NoResult = Result{Tricks: -1, Defenders: -1}

// Known reports whether the declarer's tricks are known.
func (r Result) Known() bool { return r.Tricks >= 0 }

// Auction is the calls of a deal.
type Auction struct {
	// First is the seat of the first call (the Auction tag value): the
	// dealer, or the seat of the first column where earlier columns hold "-".
	First    Seat      `json:"first"`
	Calls    []Call    `json:"calls"`
	Star     bool      `json:"star,omitempty"` // ended with "*"
	Notes    []Note    `json:"notes,omitempty"`
	Pos      Pos       `json:"pos"`
	Comments []Comment `json:"comments,omitempty"` // after the Auction tag, before the first call
}

// CallKind tells what a call is.
type CallKind int8

const (
	Pass CallKind = iota
	Double
	Redouble
	BidCall
	// AllPass is PBN's "AP": the remaining players all pass.
	AllPass
	// NotYet is "-": not yet this column's turn (before the first caller).
	NotYet
	// Skipped is "^S": a player skipped by a call out of rotation.
	Skipped
	// Continue is "+": the next call, still to be made.
	Continue
	// Other is a call token the standard does not define, kept as written in Text.
	Other
)

// Call is one call of the auction with its annotations.
type Call struct {
	Kind   CallKind `json:"kind"`
	Level  int8     `json:"level,omitempty"`
	Strain Strain   `json:"strain,omitempty"`
	// Insufficient marks an insufficient bid accepted by the opponents ("^I").
	Insufficient bool `json:"insufficient,omitempty"`
	// Alert marks an alerted call (LIN "!").
	Alert bool `json:"alert,omitempty"`
	// Explanation of the call (LIN "an").
	Explanation string `json:"explanation,omitempty"`
	// Text is the token as written, for a call of kind Other.
	Text string `json:"text,omitempty"`
	Annotations
	Pos Pos `json:"pos"`
}

// String is the PBN form of the call.
func (c Call) String() string {
	switch c.Kind {
	case Pass:
		return "Pass"
	case Double:
		return "X"
	case Redouble:
		return "XX"
	case BidCall:
		return strconv.Itoa(int(c.Level)) + c.Strain.String()
	case AllPass:
		return "AP"
	case NotYet:
		return "-"
	case Skipped:
		return "^S"
	case Continue:
		return "+"
	case Other:
		return c.Text
	}
	return "?"
}

// Higher reports whether bid c outranks bid o.
func (c Call) Higher(o Call) bool {
	return c.Level > o.Level || c.Level == o.Level && c.Strain > o.Strain
}

// ParseCall reads a call token: Pass, P, X, XX, D, R (redouble), 1C..7NT, 1N,
// AP, "-", "+", in either case.
func ParseCall(s string) (Call, bool) {
	switch strings.ToUpper(s) {
	case "PASS", "P":
		return Call{Kind: Pass}, true
	case "X", "D", "DBL":
		return Call{Kind: Double}, true
	case "XX", "R", "RDBL":
		return Call{Kind: Redouble}, true
	case "AP":
		return Call{Kind: AllPass}, true
	case "-":
		return Call{Kind: NotYet}, true
	case "+":
		return Call{Kind: Continue}, true
	}
	if len(s) >= 2 && s[0] >= '1' && s[0] <= '7' {
		st, n, ok := ParseStrain(s[1:])
		if ok && n == len(s)-1 {
			return Call{Kind: BidCall, Level: int8(s[0] - '0'), Strain: st}, true
		}
	}
	return Call{}, false
}

// Play is the cards played, trick by trick.
type Play struct {
	// First is the seat that played the first card (the Play tag value).
	First  Seat    `json:"first"`
	Tricks []Trick `json:"tricks"`
	Star   bool    `json:"star,omitempty"` // ended with "*"
	// Claim is the declarer's total tricks claimed (LIN "mc"), -1 for none.
	Claim    int8      `json:"claim"`
	Notes    []Note    `json:"notes,omitempty"`
	Pos      Pos       `json:"pos"`
	Comments []Comment `json:"comments,omitempty"` // after the Play tag, before the first card
}

// Trick holds the cards of one trick, indexed by Seat.
type Trick [4]PlayCard

// CardKind tells what a play slot holds.
type CardKind int8

const (
	// NoCard: nothing is recorded for this seat (the play stopped before it).
	NoCard CardKind = iota
	// Played: a known card.
	Played
	// Unknown is "-": a card that does not matter or is not known.
	Unknown
	// Next is "+": the card still to be played.
	Next
)

// PlayCard is one seat's card in a trick, with its annotations.
type PlayCard struct {
	Kind CardKind `json:"kind"`
	Card Card     `json:"card,omitempty"`
	// Revoke marks a revoke ("^R"); LeadOutOfTurn a lead out of turn ("^L").
	Revoke        bool `json:"revoke,omitempty"`
	LeadOutOfTurn bool `json:"lead_out_of_turn,omitempty"`
	Annotations
	Pos Pos `json:"pos"`
}

// String is the PBN form of the card slot.
func (p PlayCard) String() string {
	switch p.Kind {
	case Played:
		return p.Card.String()
	case Unknown, NoCard:
		return "-"
	case Next:
		return "+"
	}
	return "?"
}

// PlayCutShort reports whether the record's play stops before its last
// trick is complete (the thirteenth, or in an end position the last of the
// cards dealt) with no card still to come ("+"): a claim or a concession
// ended it, or the record gives only its start.
func (r *Record) PlayCutShort() bool {
	p := r.Play
	if p == nil {
		return false
	}
	tricks := 13
	if r.Deal.EndPosition() {
		tricks = 0
		for s := range r.Deal.Hands {
			if r.Deal.Known[s] && r.Deal.Hands[s].Len() > tricks {
				tricks = r.Deal.Hands[s].Len()
			}
		}
	}
	n := 0
	for i := range p.Tricks { // by index: a trick is four cards with their notes, too big to copy
		for j := range p.Tricks[i] {
			switch p.Tricks[i][j].Kind {
			case Next:
				return false
			case NoCard:
			default:
				n++
			}
		}
	}
	return n < 4*tricks
}

// NewPlay returns an empty play led by first.
func NewPlay(first Seat) *Play { return &Play{First: first, Claim: -1} }
