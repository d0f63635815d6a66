// Package scoring scores hand records under the modern contract code and
// under the historic codes of the books: Bridge (1895, reprinted in 1904),
// Auction Bridge (1915) and Pirate Bridge (1916). The books' laws are the
// specification; each item scored names its law.
//
// A deal's score is a list of items: who scores, how many points, below
// the line (tricks, toward game) or above it (honours, bonuses,
// penalties), with a label and the law, and the game of the rubber it
// belongs to, so that a book-style scoring block can be drawn from it. A
// Scorer scores a sequence of records, on their own or as games and
// rubbers.
package scoring

import (
	"strconv"
	"strings"

	"handrec/model"
)

// Code names a scoring code.
type Code string

// The codes.
const (
	Contract    Code = "contract"
	Bridge1895  Code = "bridge1895"
	Bridge1904  Code = "bridge1904" // the 1895 laws as Hoyle (1904) reprints them
	Auction1915 Code = "auction1915"
	Pirate1916  Code = "pirate1916"
)

// Codes lists the codes a user may name.
var Codes = []Code{Contract, Bridge1895, Bridge1904, Auction1915, Pirate1916}

// ParseCode reads a code id in any case, with the short aliases "bridge",
// "auction", "pirate".
func ParseCode(s string) (Code, bool) {
	switch c := Code(s); c {
	case Contract, Bridge1895, Bridge1904, Auction1915, Pirate1916:
		return c, true
	}
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "contract":
		return Contract, true
	case "bridge1895", "bridge":
		return Bridge1895, true
	case "bridge1904":
		return Bridge1904, true
	case "auction1915", "auction":
		return Auction1915, true
	case "pirate1916", "pirate":
		return Pirate1916, true
	}
	return "", false
}

// CodeOf is the code a record's scoring names, and Contract when the
// tag is absent or names no code of this package (PBN's "IMP", "MP" ...).
func CodeOf(r *model.Record) Code {
	if v := r.Scoring(); v != "" {
		if c, ok := ParseCode(v); ok {
			return c
		}
	}
	return Contract
}

// bySeat reports whether the code keeps a column per player (Pirate)
// rather than per side.
func (c Code) bySeat() bool { return c == Pirate1916 }

// Columns are the columns a deal's score has under c, as DealScore.Total
// takes them: "NS" and "EW", or (Pirate) each player, "N" "E" "S" "W".
func (c Code) Columns() []string {
	if c.bySeat() {
		return append([]string(nil), whoSeat[:]...)
	}
	return append([]string(nil), whoSide[:]...)
}

// historic1895 reports whether c is the Bridge code, under either name.
func (c Code) bridge() bool { return c == Bridge1895 || c == Bridge1904 }

// Line tells where an item goes on the scoring block.
type Line int8

const (
	// Below the line: trick points, which alone count toward game.
	Below Line = iota
	// Above the line: honours, bonuses and penalties.
	Above
)

func (l Line) String() string {
	if l == Below {
		return "below"
	}
	return "above"
}

// MarshalText writes "below" or "above".
func (l Line) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText reads "below" or "above".
func (l *Line) UnmarshalText(b []byte) error {
	switch string(b) {
	case "below":
		*l = Below
	case "above":
		*l = Above
	default:
		return optionError("bad line " + strconv.Quote(string(b)))
	}
	return nil
}

// Item is one entry of a score.
type Item struct {
	// Who scores: "NS" or "EW" in the partnership codes, "N", "E", "S" or
	// "W" in Pirate Bridge.
	Who    string `json:"who"`
	Points int    `json:"points"`
	Label  string `json:"label"`
	// Law is the law of the code that gives the item ("law 6").
	Law string `json:"law,omitempty"`
	// Game is the game of the rubber the item belongs to, 1-based; in
	// Pirate Bridge, the game of the scorer's own column. 0 when the
	// record is scored on its own.
	Game int  `json:"game,omitempty"`
	Line Line `json:"line"`

	col int8 // 0-1 for a side, 0-3 for a seat
}

// Revoke is a revoke as a code judged it.
type Revoke struct {
	Trick int    `json:"trick"`
	Seat  string `json:"seat"`
	// Established under the code's law; Penalised when it costs points
	// (an established revoke not by dummy).
	Established bool   `json:"established"`
	Penalised   bool   `json:"penalised"`
	Marked      bool   `json:"marked,omitempty"` // ^R in the record
	Note        string `json:"note,omitempty"`
}

// DealScore is the score of one record.
type DealScore struct {
	File     string         `json:"file"`
	Board    int            `json:"board"`
	Index    int            `json:"index"` // the record's ordinal in its file
	Code     Code           `json:"code"`
	Contract model.Contract `json:"contract"`
	Declarer string         `json:"declarer"`
	Acceptor string         `json:"acceptor,omitempty"`
	// Tricks is the declaring pair's tricks used for the score, -1 when
	// not known; TricksFrom says where they came from ("result", "play",
	// "claim").
	Tricks     int    `json:"tricks"`
	TricksFrom string `json:"tricks_from,omitempty"`
	// Vulnerable is the declaring side's vulnerability (contract only).
	Vulnerable bool   `json:"vulnerable,omitempty"`
	Items      []Item `json:"items"`
	// GameWon is who won a game on this deal (draw a line under it).
	GameWon string   `json:"game_won,omitempty"`
	Rubber  int      `json:"rubber,omitempty"` // 1-based, with Scorer rubbers
	Revokes []Revoke `json:"revokes,omitempty"`
	// Notes are the readings applied, the choices made for a side, and
	// disagreements in the record (the result against the play).
	Notes []string `json:"notes,omitempty"`
	// NSScore is the duplicate score from North-South's side and
	// RecordedNS the record's Score tag from the same side (contract only).
	NSScore    *int `json:"-"`
	RecordedNS *int `json:"-"`
	// Err says why the record could not be scored; it has no items then.
	Err string `json:"error,omitempty"`

	buf  [5]Item   // room for the items of most deals, in the same allocation
	nbuf [2]string // and for their notes
}

// Total is the sum of the items scored by who.
func (d *DealScore) Total(who string) int {
	n := 0
	for _, it := range d.Items {
		if it.Who == who {
			n += it.Points
		}
	}
	return n
}

func (d *DealScore) add(col int8, who string, line Line, pts int, label, law string) {
	d.Items = append(d.Items, Item{Who: who, Line: line, Points: pts, Label: label, Law: law, col: col})
}

func (d *DealScore) note(s string) { d.Notes = append(d.Notes, s) }

// Options are the choices a code leaves to the players or to a reading of
// the books. The zero value is the documented default of each.
type Options struct {
	// Code scores every record under this code; empty: each under the
	// code its Scoring tag names, contract otherwise.
	Code Code
	// Rubber sequences the records into games and rubbers.
	Rubber bool
	// Chicago scores contract records in rubbers of four deals (with
	// Rubber).
	Chicago bool
	// Rounding is the unit of a Pirate settlement: 100 (default), 50 or 25.
	Rounding int
	// TrickCap caps the value of one trick in Bridge (1895) however often
	// it is re-doubled; 0 (default) for no cap; the etiquette's "100".
	TrickCap int
	// RevokeChoice is the non-offending side's choice of penalty: in
	// Bridge (1895) "tricks", "deduct" or "add" (law 87), in Auction (1915)
	// "tricks" or "100" (law 84b). Default "best": the choice worth most to
	// that side on the deal, since the law lets it choose at the end of the
	// hand, knowing the result.
	RevokeChoice string
	// RevokeUndoubled values Bridge's "three tricks" at the undoubled
	// trick value (default: with the hand's doubling).
	RevokeUndoubled bool
	// DeductBelowZero lets Bridge's "deduct" penalty take the revokers'
	// trick score below zero (default: not below zero).
	DeductBelowZero bool
	// DeductFromGame lets Bridge's "deduct" penalty take from the
	// revokers' trick score of the whole current game (default: of the
	// hand in which the revoke occurs only, law 87 III).
	DeductFromGame bool
	// StrikeExcess strikes a revoking side's trick points over 28 out of
	// the score altogether (default: kept above the line, in the rubber
	// total).
	StrikeExcess bool
	// ChicaneOnce scores chicane once per side when both partners are void
	// (default: once per void player).
	ChicaneOnce bool
	// PirateHonoursOnce credits honours held by Pirate's adversaries to
	// one of them only, the first clockwise from the declarer (default:
	// each adversary scores them).
	PirateHonoursOnce bool
}

func (o *Options) rounding() int {
	switch o.Rounding {
	case 25, 50:
		return o.Rounding
	}
	return 100
}

// Check reports an option a code cannot use.
func (o *Options) Check() error {
	switch o.Rounding {
	case 0, 25, 50, 100:
	default:
		return optionError("rounding must be 25, 50 or 100, not " + strconv.Itoa(o.Rounding))
	}
	switch o.RevokeChoice {
	case "", "best", "tricks", "deduct", "add", "100":
	default:
		return optionError("revoke choice must be best, tricks, deduct, add or 100, not " + strconv.Quote(o.RevokeChoice))
	}
	if o.TrickCap < 0 {
		return optionError("trick cap must not be negative")
	}
	if o.Code != "" {
		if _, ok := ParseCode(string(o.Code)); !ok {
			return optionError("unknown code " + strconv.Quote(string(o.Code)))
		}
	}
	return nil
}

type optionError string

func (e optionError) Error() string { return string(e) }

// whoSide and whoSeat are the column names.
var (
	whoSide = [2]string{"NS", "EW"}
	whoSeat = [4]string{"N", "E", "S", "W"}
)

// doubledSuffix names the doubling in a label.
func doubledSuffix(n int) string {
	switch n {
	case 0:
		return ""
	case 1:
		return " doubled"
	case 2:
		return " redoubled"
	}
	return " doubled " + strconv.Itoa(n) + " times"
}

var oddLabels, underLabels [3][14]string

func init() {
	for d := 0; d < 3; d++ {
		for n := 1; n <= 13; n++ {
			s, u := " odd tricks", " undertricks"
			if n == 1 {
				s, u = " odd trick", " undertrick"
			}
			oddLabels[d][n] = strconv.Itoa(n) + s + doubledSuffix(d)
			underLabels[d][n] = strconv.Itoa(n) + u + doubledSuffix(d)
		}
	}
}

func oddLabel(n, doubled int) string {
	if doubled < 3 && n >= 1 && n <= 13 {
		return oddLabels[doubled][n]
	}
	return strconv.Itoa(n) + " odd tricks" + doubledSuffix(doubled)
}

func underLabel(n, doubled int) string {
	if doubled < 3 && n >= 1 && n <= 13 {
		return underLabels[doubled][n]
	}
	return strconv.Itoa(n) + " undertricks" + doubledSuffix(doubled)
}
