package model

import (
	"strconv"
	"strings"
)

// Par is the par of the deal as the source states it: the score of the
// par contracts (PBN's OptimumScore, a Score in the grammar of the Score
// tag: "NS 620", "EW -100") and the contracts (BridgeComposer's
// ParContract: "NS 4H=; NS 4S=", "EW 5DX-1", "S 6N="). Both are facts
// (FactOptimumScore, FactParContract): a text the fields cannot hold
// stays in the fact's note as given. The zero Par states nothing.
type Par struct {
	Score     Score        `json:"score,omitzero"`
	Contracts ParContracts `json:"contracts,omitempty"`
}

// IsZero reports whether p states nothing.
func (p Par) IsZero() bool { return p.Score.IsZero() && len(p.Contracts) == 0 }

// Turned is the par for the seats turned k places clockwise.
func (p Par) Turned(k int) Par {
	p.Score = p.Score.Turned(k)
	if p.Contracts != nil {
		cs := make(ParContracts, len(p.Contracts))
		for i, c := range p.Contracts {
			cs[i] = c.Turned(k)
		}
		p.Contracts = cs
	}
	return p
}

// ParContract is one par contract as BridgeComposer writes it: who
// declares it, a side ("NS 4H=") or the one seat that makes it ("S 6N="),
// the contract, and its result relative to the contract ("=", "+1",
// "-1").
type ParContract struct {
	// Declarer is the one seat that declares the contract, NoSeat when
	// either player of Side may.
	Declarer Seat
	// Side is the declaring side (Declarer's when there is one).
	Side   Side
	Level  int8
	Strain Strain
	// Doubled counts doubles: 0, 1 ("X"), 2 ("XX").
	Doubled int8
	// Result is the tricks over (> 0) or short of (< 0) the contract.
	Result int8
}

// ParseParContract reads one par contract: a side ("NS", "EW") or seat,
// one space, a level, a strain (C D H S, N or NT), "X" or "XX", and the
// result: "=", "+" or "-" and digits.
func ParseParContract(s string) (ParContract, bool) {
	who, rest, ok := strings.Cut(s, " ")
	if !ok || rest == "" || rest[0] < '1' || rest[0] > '7' {
		return ParContract{}, false
	}
	c := ParContract{Declarer: NoSeat, Level: int8(rest[0] - '0')}
	if side, ok := parseSide(who); ok {
		c.Side = side
	} else if seat, ok := upperSeat(who); ok {
		c.Declarer, c.Side = seat, seat.Side()
	} else {
		return ParContract{}, false
	}
	st, n, ok := ParseStrain(rest[1:])
	if !ok || rest[1] < 'A' || rest[1] > 'Z' {
		return ParContract{}, false
	}
	c.Strain, rest = st, rest[1+n:]
	for c.Doubled < 2 && strings.HasPrefix(rest, "X") {
		c.Doubled, rest = c.Doubled+1, rest[1:]
	}
	if rest == "=" {
		return c, true
	}
	if len(rest) < 2 || rest[0] != '+' && rest[0] != '-' {
		return ParContract{}, false
	}
	n, err := strconv.Atoi(rest[1:])
	if err != nil || n < 1 || n > 13 || rest[1] < '0' || rest[1] > '9' {
		return ParContract{}, false
	}
	c.Result = int8(n)
	if rest[0] == '-' {
		c.Result = -c.Result
	}
	return c, true
}

// String is the par contract as BridgeComposer writes it: "NS 4H=",
// "EW 5DX-1", "S 6N=".
func (c ParContract) String() string {
	var b strings.Builder
	if c.Declarer.Valid() {
		b.WriteString(c.Declarer.String())
	} else {
		b.WriteString(c.Side.String())
	}
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(int(c.Level)))
	if c.Strain == NoTrump {
		b.WriteByte('N')
	} else {
		b.WriteString(c.Strain.String())
	}
	b.WriteString(strings.Repeat("X", int(c.Doubled)))
	switch {
	case c.Result == 0:
		b.WriteByte('=')
	case c.Result > 0:
		b.WriteString("+" + strconv.Itoa(int(c.Result)))
	default:
		b.WriteString(strconv.Itoa(int(c.Result)))
	}
	return b.String()
}

// Turned is the contract for the seats turned k places clockwise: a seat
// turns by k, a side goes to the other when k is odd.
func (c ParContract) Turned(k int) ParContract {
	if c.Declarer.Valid() {
		c.Declarer = c.Declarer.Add(k)
	}
	if k%2 != 0 {
		c.Side = c.Side.Other()
	}
	return c
}

// MarshalText writes the contract as String does.
func (c ParContract) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads what MarshalText wrote.
func (c *ParContract) UnmarshalText(b []byte) error {
	v, ok := ParseParContract(string(b))
	if !ok {
		return &strconv.NumError{Func: "ParseParContract", Num: string(b), Err: strconv.ErrSyntax}
	}
	*c = v
	return nil
}

// ParContracts are the par contracts of a deal, as the ParContract tag
// lists them: separated by "; ".
type ParContracts []ParContract

// ParseParContracts reads the contracts of a ParContract tag, separated
// by ";" and spaces; false when one cannot be read or there is none.
func ParseParContracts(s string) (ParContracts, bool) {
	parts := strings.Split(s, ";")
	cs := make(ParContracts, len(parts))
	for i, p := range parts {
		c, ok := ParseParContract(strings.TrimSpace(p))
		if !ok {
			return nil, false
		}
		cs[i] = c
	}
	return cs, true
}

// String is the contracts as the ParContract tag writes them:
// "NS 4H=; NS 4S=".
func (cs ParContracts) String() string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, "; ")
}

// upperSeat reads a seat's capital letter, N E S or W.
func upperSeat(s string) (Seat, bool) {
	if len(s) != 1 || s[0] < 'A' || s[0] > 'Z' {
		return NoSeat, false
	}
	return ParseSeat(s[0])
}

// isPar reports whether fact f is the par's.
func isPar(f Fact) bool { return f == FactOptimumScore || f == FactParContract }

// read sets the par's field of fact f from text, and leaves it empty
// when text cannot be read.
func (p *Par) read(f Fact, text string) {
	if f == FactOptimumScore {
		p.Score, _ = ParseScore(text)
		return
	}
	p.Contracts, _ = ParseParContracts(text)
}

// text is the par's fact f as PBN writes it from its field, and false
// when the field is empty.
func (p *Par) text(f Fact) (string, bool) {
	if f == FactOptimumScore {
		return p.Score.String(), !p.Score.IsZero()
	}
	return p.Contracts.String(), len(p.Contracts) > 0
}
