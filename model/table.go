package model

import (
	"math"
	"strconv"
	"strings"
)

// NoInt is a table's integer value that is not given (PBN's "-" or an
// empty element).
const NoInt = math.MinInt32

// NoPoints is a table's IMP, matchpoint or percentage value that is not
// given.
const NoPoints Points = -math.MaxFloat64

// Points is an IMP, matchpoint or percentage value, NoPoints when not
// given.
type Points float64

// Known reports whether the value is given.
func (p Points) Known() bool { return p != NoPoints }

// ParseTableInt reads a table's element that holds a whole number ("12",
// "-3", "+650"); false for anything else, and for a number beyond what an
// int32 holds (NoInt, which says "not given", among them). Every reader
// of a table's numbers reads them so.
func ParseTableInt(s string) (int, bool) {
	n, err := strconv.ParseInt(s, 10, 32)
	if err != nil || int(n) == NoInt {
		return NoInt, false
	}
	return int(n), true
}

// ParseTablePoints reads a table's IMP, matchpoint or percentage element,
// a number written in decimals ("55", "-3.5", "+66.67", ".5"); false for
// anything else: "NaN", "Inf", "1e308", "0x1p4" and "1_000", which
// strconv.ParseFloat takes, are no table's numbers.
func ParseTablePoints(s string) (Points, bool) {
	digits := strings.TrimLeft(s, "+-")
	if len(s)-len(digits) > 1 || strings.Trim(digits, "0123456789.") != "" || strings.Count(digits, ".") > 1 ||
		strings.Trim(digits, ".") == "" {
		return NoPoints, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return NoPoints, false
	}
	return Points(v), true
}

// DDTable is a double-dummy table: the tricks declarer takes, by declarer
// seat and strain, -1 where not given.
type DDTable [4][5]int

// NewDDTable is a table with no number given.
func NewDDTable() DDTable {
	var t DDTable
	for s := range t {
		for st := range t[s] {
			t[s][st] = -1
		}
	}
	return t
}

// Turned is the table of the deal turned k seats clockwise: what North
// took is East's when k is 1.
func (t DDTable) Turned(k int) DDTable {
	var out DDTable
	for _, s := range Seats {
		out[s.Add(k)] = t[s]
	}
	return out
}

// TableKind tells what a supplemental section holds.
type TableKind int8

// The kinds of section: one the record keeps as read (a section it does
// not know, or a table whose elements do not all read), and the tables it
// reads as data.
const (
	GenericSection   TableKind = iota
	DDSection                  // the double-dummy table (Section.DD)
	TravellerSection           // every table's result on the board (Section.Traveller)
	StandingsSection           // the totals of the pairs (Section.Standings)
)

// Kind tells what s holds.
func (s *Section) Kind() TableKind {
	switch {
	case s.DD != nil:
		return DDSection
	case s.Traveller != nil:
		return TravellerSection
	case s.Standings != nil:
		return StandingsSection
	}
	return GenericSection
}

// Field is a column of a traveller or of standings that the reader knows;
// NoField a column it does not know, kept by its name.
type Field int8

// The fields of a traveller (TableResult) and of standings (Standing).
const (
	NoField Field = iota
	FieldRank
	FieldSection
	FieldTable
	FieldRound
	FieldPairNS
	FieldPairEW
	FieldNamesNS
	FieldNamesEW
	FieldContract
	FieldDeclarer
	FieldResult
	FieldLead
	FieldScoreNS
	FieldScoreEW
	FieldIMPNS
	FieldIMPEW
	FieldMPNS
	FieldMPEW
	FieldPercentNS
	FieldPercentEW
	FieldMultiplicity
	// standings
	FieldPair
	FieldNames
	FieldTotalScore
	FieldTotalIMP
	FieldTotalMP
	FieldTotalPercent
	FieldMeanScore
	FieldMeanIMP
	FieldMeanMP
	FieldMeanPercent
	FieldBoards
	NumFields
)

var fieldNames = [NumFields]string{"", "rank", "section", "table", "round", "pair_ns", "pair_ew", "names_ns", "names_ew",
	"contract", "declarer", "result", "lead", "score_ns", "score_ew", "imp_ns", "imp_ew", "mp_ns", "mp_ew",
	"percentage_ns", "percentage_ew", "multiplicity", "pair", "names", "total_score", "total_imp", "total_mp",
	"total_percentage", "mean_score", "mean_imp", "mean_mp", "mean_percentage", "boards"}

// String is the field's name in handrec's JSON: "pair_ns", "score_ew".
func (f Field) String() string {
	if f < 0 || f >= NumFields {
		return ""
	}
	return fieldNames[f]
}

// ParseField reads a field's name as String gives it.
func ParseField(s string) (Field, bool) {
	for i, n := range fieldNames {
		if i > 0 && n == s {
			return Field(i), true
		}
	}
	return NoField, false
}

// Turned is the field of the other side for a field of a side, when
// turned is true (a deal turned an odd number of seats); f itself else.
func (f Field) Turned(turned bool) Field {
	if !turned {
		return f
	}
	switch f {
	case FieldPairNS, FieldNamesNS, FieldScoreNS, FieldIMPNS, FieldMPNS, FieldPercentNS:
		return f + 1
	case FieldPairEW, FieldNamesEW, FieldScoreEW, FieldIMPEW, FieldMPEW, FieldPercentEW:
		return f - 1
	}
	return f
}

// TableColumn is a column of a traveller or of standings: a field, or a
// column the reader does not know, by its name.
type TableColumn struct {
	Field Field  `json:"field,omitempty"`
	Name  string `json:"name,omitempty"` // a column that is no field
}

// Traveller is every table's result on a board, in the columns the source
// gives (PBN's ScoreTable).
type Traveller struct {
	Columns []TableColumn `json:"columns"`
	Results []TableResult `json:"results"`
}

// TableResult is one table's result on the board. A value the source does
// not give is NoInt, NoPoints, NoSeat, "" or a contract of kind
// NoContract; Other holds the elements of the columns that are no field,
// in their order among Columns.
type TableResult struct {
	Rank         int       `json:"rank"`
	Section      string    `json:"section,omitempty"`
	Table        int       `json:"table"`
	Round        int       `json:"round"`
	Pair         [2]string `json:"pair"`  // pair ids by side
	Names        [2]string `json:"names"` // names of the pair by side
	Contract     Contract  `json:"contract"`
	Declarer     Seat      `json:"declarer"`
	Result       int       `json:"result"` // tricks taken by declarer
	Lead         string    `json:"lead,omitempty"`
	Score        [2]int    `json:"score"` // by side
	IMP          [2]Points `json:"imp"`
	MP           [2]Points `json:"mp"`
	Percent      [2]Points `json:"percentage"`
	Multiplicity int       `json:"multiplicity"`
	Other        []string  `json:"other,omitempty"`
}

// Standings are the pairs' totals (PBN's TotalScoreTable), in the columns
// the source gives.
type Standings struct {
	Columns []TableColumn `json:"columns"`
	Rows    []Standing    `json:"rows"`
}

// Standing is one pair's line of standings. Totals and Means hold the
// score, IMP, MP and percentage values by FieldTotalScore... order
// (NoPoints where not given).
type Standing struct {
	Rank         int       `json:"rank"`
	Pair         string    `json:"pair,omitempty"`
	Names        string    `json:"names,omitempty"`
	Totals       [4]Points `json:"totals"`
	Means        [4]Points `json:"means"`
	Boards       int       `json:"boards"`
	Multiplicity int       `json:"multiplicity"`
	Other        []string  `json:"other,omitempty"`
}

// NewTableResult is a table result with nothing given.
func NewTableResult() TableResult {
	return TableResult{Rank: NoInt, Table: NoInt, Round: NoInt, Declarer: NoSeat, Result: NoInt,
		Score: [2]int{NoInt, NoInt}, IMP: [2]Points{NoPoints, NoPoints}, MP: [2]Points{NoPoints, NoPoints},
		Percent: [2]Points{NoPoints, NoPoints}, Multiplicity: NoInt}
}

// NewStanding is a line of standings with nothing given.
func NewStanding() Standing {
	return Standing{Rank: NoInt, Totals: [4]Points{NoPoints, NoPoints, NoPoints, NoPoints},
		Means: [4]Points{NoPoints, NoPoints, NoPoints, NoPoints}, Boards: NoInt, Multiplicity: NoInt}
}

// Turned is the traveller of the deal turned k seats clockwise: each
// declarer turned and, when k is odd, each side's pair, names and scores
// the other side's, its columns with them (Score_NS becomes the column of
// EW's score), so that every element stays in its place.
func (t *Traveller) Turned(k int) *Traveller {
	odd := k%2 != 0
	out := &Traveller{Columns: make([]TableColumn, len(t.Columns)), Results: make([]TableResult, len(t.Results))}
	for j, c := range t.Columns {
		out.Columns[j] = TableColumn{Field: c.Field.Turned(odd), Name: c.Name}
	}
	for i, r := range t.Results {
		r.Other = append([]string(nil), r.Other...)
		if r.Declarer.Valid() {
			r.Declarer = r.Declarer.Add(k)
		}
		if odd {
			r.Pair[0], r.Pair[1] = r.Pair[1], r.Pair[0]
			r.Names[0], r.Names[1] = r.Names[1], r.Names[0]
			r.Score[0], r.Score[1] = r.Score[1], r.Score[0]
			r.IMP[0], r.IMP[1] = r.IMP[1], r.IMP[0]
			r.MP[0], r.MP[1] = r.MP[1], r.MP[0]
			r.Percent[0], r.Percent[1] = r.Percent[1], r.Percent[0]
		}
		out.Results[i] = r
	}
	return out
}

// cloneData makes s's data its own.
func (s *Section) cloneData() {
	if s.DD != nil {
		t := *s.DD
		s.DD = &t
	}
	if s.Traveller != nil {
		s.Traveller = s.Traveller.Turned(0)
	}
	if s.Standings != nil {
		t := &Standings{Columns: append([]TableColumn(nil), s.Standings.Columns...), Rows: append([]Standing(nil), s.Standings.Rows...)}
		for i := range t.Rows {
			t.Rows[i].Other = append([]string(nil), t.Rows[i].Other...)
		}
		s.Standings = t
	}
}
