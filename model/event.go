package model

import (
	"strconv"
	"strings"
)

// Event is what a record says about the event it was played in: its
// name, site and date, the date the event began, the stage, and the
// scoring. An empty field is unknown. The records of one file that name
// the same event share one *Event (a reader interns it); nothing changes
// a shared Event: ReadFact gives a record its own copy before it writes.
type Event struct {
	Name      string `json:"name,omitempty"`
	Site      string `json:"site,omitempty"`
	Date      string `json:"date,omitempty"`
	EventDate string `json:"event_date,omitempty"`
	Stage     string `json:"stage,omitempty"`
	Scoring   string `json:"scoring,omitempty"`
}

// eventField is the field of e that holds fact f, nil for a fact that is
// not the event's.
func (e *Event) field(f Fact) *string {
	switch f {
	case FactEvent:
		return &e.Name
	case FactSite:
		return &e.Site
	case FactDate:
		return &e.Date
	case FactEventDate:
		return &e.EventDate
	case FactStage:
		return &e.Stage
	case FactScoring:
		return &e.Scoring
	}
	return nil
}

// Scoring is the record's scoring as its event states it ("" unknown).
func (r *Record) Scoring() string {
	if r.Event == nil {
		return ""
	}
	return r.Event.Scoring
}

// PlayerFact is the fact of the player at seat s.
func PlayerFact(s Seat) Fact { return FactNorth + Fact(s) }

// Recorded is the score of a game as its source states it (PBN's Score,
// ScoreIMP, ScoreMP and ScorePercentage), by side, so that it turns with
// the seats.
type Recorded struct {
	Score      Score `json:"score,omitzero"`
	IMP        Score `json:"imp,omitzero"`
	MP         Score `json:"mp,omitzero"`
	Percentage Score `json:"percentage,omitzero"`
}

// field is the score of r that fact f states, nil for another fact.
func (r *Recorded) field(f Fact) *Score {
	switch f {
	case FactScore:
		return &r.Score
	case FactScoreIMP:
		return &r.IMP
	case FactScoreMP:
		return &r.MP
	case FactScorePercentage:
		return &r.Percentage
	}
	return nil
}

// Score is a score in one of PBN's five forms: the declarer's ("110"),
// one side's ("NS 110"), or both sides' in either order ("NS 110 EW
// -110"). The zero Score states nothing.
type Score struct {
	// N is the number of parts given: 0 (none), 1 or 2.
	N    int8         `json:"-"`
	Part [2]ScorePart `json:"-"`
}

// ScorePart is one number of a score and whose it is.
type ScorePart struct {
	// Declarer is true for a bare number, the declarer's score; else
	// Side says whose.
	Declarer bool
	Side     Side
	// Value is the number as written: "110", "-110", "5.5".
	Value string
}

// ParseScore reads a score in one of PBN's five forms, each part
// separated by one space; a number is an optional "-" or "+", digits,
// and optionally "." and digits.
func ParseScore(s string) (Score, bool) {
	f := strings.Split(s, " ")
	var sc Score
	switch len(f) {
	case 1:
		if !isNumber(f[0]) {
			return Score{}, false
		}
		sc.N, sc.Part[0] = 1, ScorePart{Declarer: true, Value: f[0]}
		return sc, true
	case 2, 4:
		for i := 0; i < len(f); i += 2 {
			side, ok := parseSide(f[i])
			if !ok || !isNumber(f[i+1]) || i == 2 && side == sc.Part[0].Side {
				return Score{}, false
			}
			sc.Part[sc.N] = ScorePart{Side: side, Value: f[i+1]}
			sc.N++
		}
		return sc, true
	}
	return Score{}, false
}

func parseSide(s string) (Side, bool) {
	switch s {
	case "NS":
		return NS, true
	case "EW":
		return EW, true
	}
	return NS, false
}

// isNumber reports whether s is ("-" | "+")? digits ("." digits)?: real
// files write a sign before a positive score too ("NS +620").
func isNumber(s string) bool {
	if s != "" && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}
	i, dot := 0, false
	for ; i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.' && !dot && i > 0 && i < len(s)-1); i++ {
		dot = dot || s[i] == '.'
	}
	return i == len(s) && len(s) > 0
}

// String is the score as PBN writes it; "" for none.
func (s Score) String() string {
	var b strings.Builder
	for i := 0; i < int(s.N); i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		if p := s.Part[i]; !p.Declarer {
			b.WriteString(p.Side.String())
			b.WriteByte(' ')
		}
		b.WriteString(s.Part[i].Value)
	}
	return b.String()
}

// IsZero reports whether s states nothing.
func (s Score) IsZero() bool { return s.N == 0 }

// MarshalText writes the score as PBN does.
func (s Score) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads what MarshalText wrote.
func (s *Score) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*s = Score{}
		return nil
	}
	v, ok := ParseScore(string(b))
	if !ok {
		return &strconv.NumError{Func: "ParseScore", Num: string(b), Err: strconv.ErrSyntax}
	}
	*s = v
	return nil
}

// Turned is the score for the seats turned k places clockwise: a side's
// number goes to the other side when k is odd; the declarer's turns with
// the declarer.
func (s Score) Turned(k int) Score {
	if k%2 != 0 {
		for i := range s.Part {
			if !s.Part[i].Declarer {
				s.Part[i].Side = s.Part[i].Side.Other()
			}
		}
	}
	return s
}

// Of is the number the score gives side d, the declarer's side deciding
// a bare number; false when it gives d none.
func (s Score) Of(d Side, declarer Seat) (string, bool) {
	for i := 0; i < int(s.N); i++ {
		p := s.Part[i]
		switch {
		case p.Declarer && declarer.Valid() && declarer.Side() == d:
			return p.Value, true
		case p.Declarer && declarer.Valid():
			return negate(p.Value), true
		case !p.Declarer && p.Side == d:
			return p.Value, true
		}
	}
	return "", false
}

func negate(v string) string {
	if strings.HasPrefix(v, "-") {
		return v[1:]
	}
	v = strings.TrimPrefix(v, "+")
	if strings.Trim(v, "0.") == "" {
		return v
	}
	return "-" + v
}

// unknownText reports whether a text fact's value says "unknown": PBN's
// "?" and "-", or nothing.
func unknownText(v string) bool { return v == "" || v == "?" || v == "-" }

// textField is the field that holds text fact f (the event's, a
// player's), nil for a fact that is not a text.
func (r *Record) textField(f Fact) *string {
	if f >= FactNorth && f <= FactWest {
		return &r.Players[f-FactNorth]
	}
	if r.Event != nil {
		return r.Event.field(f)
	}
	return nil
}

// isText reports whether fact f is a text: the event's, a player's.
func isText(f Fact) bool {
	return f >= FactEvent && f <= FactWest || f == FactEventDate || f == FactStage
}

// isScore reports whether fact f is a recorded score.
func isScore(f Fact) bool { return f >= FactScore && f <= FactScorePercentage }

// ReadFact sets the field of fact f from text, as the source gave it,
// when the field can hold it: the event's facts, the players, the
// recorded scores, the par and the room (the other facts a reader reads itself,
// reporting faults). A text fact's "?", "-" or "" is unknown: the field
// stays empty. It gives the record its own Event before writing one.
func (r *Record) ReadFact(f Fact, text string) {
	switch {
	case f >= FactNorth && f <= FactWest:
		if !unknownText(text) {
			r.Players[f-FactNorth] = text
		}
	case isText(f):
		if unknownText(text) && r.Event == nil {
			return
		}
		e := Event{}
		if r.Event != nil {
			e = *r.Event
		}
		v := ""
		if !unknownText(text) {
			v = text
		}
		*e.field(f) = v
		r.Event = &e
	case isScore(f):
		*r.Recorded.field(f), _ = ParseScore(text)
	case isPar(f):
		r.Par.read(f, text)
	case f == FactRoom:
		r.Room, _ = ParseRoom(text) // NoRoom for a value that is no room
	}
}

// heldText reports whether the field of text, score or par fact f holds a
// value, and gives it.
func (r *Record) heldText(f Fact) (string, bool) {
	if isScore(f) {
		s := r.Recorded.field(f)
		return s.String(), !s.IsZero()
	}
	if isPar(f) {
		return r.Par.text(f)
	}
	if p := r.textField(f); p != nil && *p != "" {
		return *p, true
	}
	return "", false
}

// SetFact states fact f as text gives it, for a record made by hand or a
// reader: the field reads what it can hold (ReadFact), and the text is
// kept as given where the field does not hold it (SetFactText). The
// board, dealer, vulnerability, deal, declarer, contract and result a
// reader reads itself, reporting faults.
func (r *Record) SetFact(f Fact, text string) {
	r.ReadFact(f, text)
	r.SetFactText(f, text)
}
