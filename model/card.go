package model

import (
	"fmt"
	"math/bits"
	"strings"
)

// Seat is a compass position at the table. The zero value is North; NoSeat
// stands for a seat that is not known.
type Seat int8

const (
	North Seat = iota
	East
	South
	West
	// NoSeat is an unknown or absent seat.
	NoSeat Seat = -1
)

// Seats lists the four seats clockwise from North.
var Seats = [4]Seat{North, East, South, West}

// Valid reports whether s is one of the four seats.
func (s Seat) Valid() bool { return s >= North && s <= West }

// Next is the seat to the left of s (clockwise).
func (s Seat) Next() Seat { return (s + 1) & 3 }

// Add moves n seats clockwise.
func (s Seat) Add(n int) Seat { return Seat((int(s) + n%4 + 4) % 4) }

// Partner is the seat opposite s.
func (s Seat) Partner() Seat { return (s + 2) & 3 }

// Side is the partnership of s.
func (s Seat) Side() Side { return Side(s & 1) }

// String is the seat's letter, N E S W, or "" for NoSeat.
func (s Seat) String() string {
	if !s.Valid() {
		return ""
	}
	return string("NESW"[s])
}

// Name is the seat's full name.
func (s Seat) Name() string {
	if !s.Valid() {
		return ""
	}
	return [...]string{"North", "East", "South", "West"}[s]
}

// ParseSeat reads N, E, S or W in either case.
func ParseSeat(c byte) (Seat, bool) {
	switch c {
	case 'N', 'n':
		return North, true
	case 'E', 'e':
		return East, true
	case 'S', 's':
		return South, true
	case 'W', 'w':
		return West, true
	}
	return NoSeat, false
}

// Side is a partnership: NS or EW.
type Side int8

const (
	NS Side = 0
	EW Side = 1
)

func (s Side) String() string {
	if s == NS {
		return "NS"
	}
	return "EW"
}

// Other is the opposing side.
func (s Side) Other() Side { return 1 - s }

// Has reports whether seat s sits on side d.
func (d Side) Has(s Seat) bool { return s.Valid() && s.Side() == d }

// Suit is a card suit, in bidding order: clubs lowest.
type Suit int8

const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
)

// SuitsDown lists the suits from spades to clubs, the order of hand records.
var SuitsDown = [4]Suit{Spades, Hearts, Diamonds, Clubs}

// Letter is S, H, D or C.
func (s Suit) Letter() byte { return "CDHS"[s] }

func (s Suit) String() string { return string(s.Letter()) }

// Symbol is the suit's Unicode symbol.
func (s Suit) Symbol() string { return [...]string{"♣", "♦", "♥", "♠"}[s] }

// ParseSuit reads S, H, D or C in either case.
func ParseSuit(c byte) (Suit, bool) {
	switch c {
	case 'S', 's':
		return Spades, true
	case 'H', 'h':
		return Hearts, true
	case 'D', 'd':
		return Diamonds, true
	case 'C', 'c':
		return Clubs, true
	}
	return 0, false
}

// Strain is a denomination of a contract: a suit, or no trump.
type Strain int8

const (
	StrainClubs           = Strain(Clubs)
	StrainDiamonds        = Strain(Diamonds)
	StrainHearts          = Strain(Hearts)
	StrainSpades          = Strain(Spades)
	NoTrump        Strain = 4
)

// Trump is the trump suit, and false at no trump.
func (s Strain) Trump() (Suit, bool) {
	if s == NoTrump {
		return 0, false
	}
	return Suit(s), true
}

// String is C, D, H, S or NT.
func (s Strain) String() string {
	if s == NoTrump {
		return "NT"
	}
	return Suit(s).String()
}

// Symbol is the suit symbol, or NT.
func (s Strain) Symbol() string {
	if s == NoTrump {
		return "NT"
	}
	return Suit(s).Symbol()
}

// ParseStrain reads C D H S, N or NT, in either case, from the start of s.
// It returns the strain and how many bytes it used.
func ParseStrain(s string) (Strain, int, bool) {
	if s == "" {
		return 0, 0, false
	}
	if s[0] == 'N' || s[0] == 'n' {
		if len(s) > 1 && (s[1] == 'T' || s[1] == 't') {
			return NoTrump, 2, true
		}
		return NoTrump, 1, true
	}
	if su, ok := ParseSuit(s[0]); ok {
		return Strain(su), 1, true
	}
	return 0, 0, false
}

// Rank is a card's rank, 2 to 14 (ace).
type Rank int8

const (
	Two   Rank = 2
	Ten   Rank = 10
	Jack  Rank = 11
	Queen Rank = 12
	King  Rank = 13
	Ace   Rank = 14
)

const rankLetters = "23456789TJQKA"

// Letter is 2-9, T, J, Q, K or A.
func (r Rank) Letter() byte { return rankLetters[r-2] }

func (r Rank) String() string {
	if r == Ten {
		return "10"
	}
	return string(r.Letter())
}

// ParseRank reads 2-9, T, J, Q, K, A in either case.
func ParseRank(c byte) (Rank, bool) {
	switch {
	case c >= '2' && c <= '9':
		return Rank(c - '0'), true
	}
	switch c {
	case 'T', 't':
		return Ten, true
	case 'J', 'j':
		return Jack, true
	case 'Q', 'q':
		return Queen, true
	case 'K', 'k':
		return King, true
	case 'A', 'a':
		return Ace, true
	}
	return 0, false
}

// Card is one card: suit in the high bits, rank in the low four.
type Card uint8

// NewCard makes a card.
func NewCard(s Suit, r Rank) Card { return Card(uint8(s)<<4 | uint8(r)) }

// Suit of the card.
func (c Card) Suit() Suit { return Suit(c >> 4) }

// Rank of the card.
func (c Card) Rank() Rank { return Rank(c & 15) }

// String is the PBN form, suit then rank: "SA", "HT".
func (c Card) String() string { return string([]byte{c.Suit().Letter(), c.Rank().Letter()}) }

// ParseCard reads a suit letter and a rank in either case ("SA", "h2", "DT").
// "10" is accepted for the ten.
func ParseCard(s string) (Card, bool) {
	if len(s) == 3 && s[1] == '1' && s[2] == '0' {
		s = s[:1] + "T"
	}
	if len(s) != 2 {
		return 0, false
	}
	su, ok := ParseSuit(s[0])
	if !ok {
		return 0, false
	}
	r, ok := ParseRank(s[1])
	if !ok {
		return 0, false
	}
	return NewCard(su, r), true
}

// Hand is a set of cards: bit suit*16+rank.
type Hand uint64

func bit(c Card) Hand { return 1 << (uint(c.Suit())*16 + uint(c.Rank())) }

// Has reports whether h holds c.
func (h Hand) Has(c Card) bool { return h&bit(c) != 0 }

// With returns h with c added.
func (h Hand) With(c Card) Hand { return h | bit(c) }

// Without returns h with c removed.
func (h Hand) Without(c Card) Hand { return h &^ bit(c) }

// Len counts the cards.
func (h Hand) Len() int { return bits.OnesCount64(uint64(h)) }

// SuitBits is a mask of the ranks held in s (bit r for rank r).
func (h Hand) SuitBits(s Suit) uint16 { return uint16(h >> (uint(s) * 16)) }

// SuitLen counts the cards held in s.
func (h Hand) SuitLen(s Suit) int { return bits.OnesCount16(h.SuitBits(s)) }

// Ranks lists the ranks held in s, highest first.
func (h Hand) Ranks(s Suit) []Rank {
	m := h.SuitBits(s)
	out := make([]Rank, 0, bits.OnesCount16(m))
	for r := Ace; r >= Two; r-- {
		if m&(1<<uint(r)) != 0 {
			out = append(out, r)
		}
	}
	return out
}

// Cards lists the cards, spades to clubs, highest first.
func (h Hand) Cards() []Card {
	out := make([]Card, 0, h.Len())
	for _, s := range SuitsDown {
		for _, r := range h.Ranks(s) {
			out = append(out, NewCard(s, r))
		}
	}
	return out
}

// HCP counts high-card points: ace 4, king 3, queen 2, jack 1.
func (h Hand) HCP() int {
	n := 0
	for s := Clubs; s <= Spades; s++ {
		m := h.SuitBits(s)
		n += 4*int(m>>Ace&1) + 3*int(m>>King&1) + 2*int(m>>Queen&1) + int(m>>Jack&1)
	}
	return n
}

// SuitString is the holding in s as PBN writes it: ranks high to low, T for the ten.
func (h Hand) SuitString(s Suit) string {
	var b strings.Builder
	m := h.SuitBits(s)
	for r := Ace; r >= Two; r-- {
		if m&(1<<uint(r)) != 0 {
			b.WriteByte(r.Letter())
		}
	}
	return b.String()
}

// PBN is the hand in the PBN Deal form: "AKQ.JT9.876.5432".
func (h Hand) PBN() string {
	var buf [13 + 3]byte
	return string(h.AppendPBN(buf[:0]))
}

// AppendPBN appends the hand in the PBN Deal form to dst.
func (h Hand) AppendPBN(dst []byte) []byte {
	for j, su := range SuitsDown {
		if j > 0 {
			dst = append(dst, '.')
		}
		for m := h.SuitBits(su); m != 0; {
			r := Rank(bits.Len16(m) - 1) // the highest left
			dst = append(dst, r.Letter())
			m &^= 1 << uint(r)
		}
	}
	return dst
}

// String is the PBN form.
func (h Hand) String() string { return h.PBN() }

// Vul is the vulnerability of a board.
type Vul int8

const (
	VulNone Vul = iota
	VulNS
	VulEW
	VulAll
	// NoVul is an unknown vulnerability.
	NoVul Vul = -1
)

// Valid reports whether v is known.
func (v Vul) Valid() bool { return v >= VulNone && v <= VulAll }

// String is the PBN export value: None, NS, EW, All.
func (v Vul) String() string {
	if !v.Valid() {
		return ""
	}
	return [...]string{"None", "NS", "EW", "All"}[v]
}

// Vulnerable reports whether side s is vulnerable.
func (v Vul) Vulnerable(s Side) bool {
	switch v {
	case VulAll:
		return true
	case VulNS:
		return s == NS
	case VulEW:
		return s == EW
	}
	return false
}

// ParseVul reads a vulnerability as real files spell it: None, Love, -, NS,
// N-S, EW, E-W, All, Both, in any case and with surrounding spaces.
func ParseVul(s string) (Vul, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "none", "love", "-", "o", "0", "nil":
		return VulNone, true
	case "ns", "n-s", "n/s", "n":
		return VulNS, true
	case "ew", "e-w", "e/w", "e":
		return VulEW, true
	case "all", "both", "b":
		return VulAll, true
	}
	return NoVul, false
}

// BoardDealer is the dealer of board n in the standard rotation.
func BoardDealer(n int) Seat { return Seat((n - 1) % 4) }

// BoardVul is the vulnerability of board n in the standard 16-board rotation.
func BoardVul(n int) Vul {
	rot := [16]Vul{VulNone, VulNS, VulEW, VulAll, VulNS, VulEW, VulAll, VulNone,
		VulEW, VulAll, VulNone, VulNS, VulAll, VulNone, VulNS, VulEW}
	return rot[(n-1)%16]
}

// Pos is a position in a source file: 1-based line and byte column.
type Pos struct {
	Line int `json:"line"`
	Col  int `json:"col"`
}

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// IsZero reports whether p is unset.
func (p Pos) IsZero() bool { return p.Line == 0 }

// At is where something is, as a message begins with it: "file:line:col",
// "file" when the position is not known, "line:col" when the file is not
// (a record that does not say where it was read), "" when neither is.
// A message that begins with At adds ": " only when it is not "", so that
// nothing prints ":0:0:".
func At(file string, p Pos) string {
	switch {
	case p.IsZero():
		return file
	case file == "":
		return p.String()
	}
	return file + ":" + p.String()
}

// Prefix is At followed by ": ", or "" when At is "".
func Prefix(file string, p Pos) string {
	if at := At(file, p); at != "" {
		return at + ": "
	}
	return ""
}
