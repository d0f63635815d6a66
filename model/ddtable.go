package model

import (
	"strconv"
	"strings"
)

// RecordedDD is a double-dummy table a record carries: its
// OptimumResultTable section or its DoubleDummyTricks tag. Tricks are by
// declarer and strain, -1 where not given; Pos says where each number was
// read (the section's tag for a table, the digit itself for
// DoubleDummyTricks).
type RecordedDD struct {
	Tricks [4][5]int
	Pos    [4][5]Pos
	From   string // the tag the table came from
}

// DDSeats and DDStrains are the order of DoubleDummyTricks' 20 digits and
// of an OptimumResultTable's rows (N S E W, each NT S H D C), the order
// hand records print a table in.
var (
	DDSeats   = [4]Seat{North, South, East, West}
	DDStrains = [5]Strain{NoTrump, StrainSpades, StrainHearts, StrainDiamonds, StrainClubs}
)

// RecordedDD reads the table r carries, in the standard
// "Declarer;Denomination;Result" form, BBO Helper's "Declarer Suit Tricks"
// (one element a line) or as DoubleDummyTricks (20 hex digits); false when
// it has none.
func (r *Record) RecordedDD() (*RecordedDD, bool) {
	rec := &RecordedDD{}
	for i := range rec.Tricks {
		for j := range rec.Tricks[i] {
			rec.Tricks[i][j] = -1
		}
	}
	for i := range r.Sections {
		if sec := &r.Sections[i]; sec.Tag.Name == "OptimumResultTable" && rec.readSection(sec) {
			rec.From = sec.Tag.Name
			return rec, true
		}
	}
	for i := range r.Tags {
		if tg := &r.Tags[i]; tg.Name == "DoubleDummyTricks" && rec.readHex(tg) {
			rec.From = tg.Name
			return rec, true
		}
	}
	return nil, false
}

// Full reports whether every one of the 20 numbers is given.
func (rec *RecordedDD) Full() bool {
	for _, row := range rec.Tricks {
		for _, t := range row {
			if t < 0 {
				return false
			}
		}
	}
	return true
}

// ddColumns are the columns of a table section, its rows laid out by them:
// BBO Helper's one column "Declarer Suit Tricks" holds one element a line.
func ddColumns(sec *Section) (names []string, rows [][]string) {
	if len(sec.Columns) == 1 && strings.Contains(sec.Columns[0].Name, " ") {
		names = strings.Fields(sec.Columns[0].Name)
		var flat []string
		for _, row := range sec.Rows {
			flat = append(flat, row...)
		}
		for i := 0; i+len(names) <= len(flat); i += len(names) {
			rows = append(rows, flat[i:i+len(names)])
		}
		return names, rows
	}
	for _, c := range sec.Columns {
		names = append(names, c.Name)
	}
	return names, sec.Rows
}

func (rec *RecordedDD) readSection(sec *Section) bool {
	names, rows := ddColumns(sec)
	decl, strain, tricks := -1, -1, -1
	for i, n := range names {
		switch strings.ToLower(n) {
		case "declarer":
			decl = i
		case "denomination", "strain", "suit":
			strain = i
		case "result", "tricks":
			tricks = i
		}
	}
	if decl < 0 || strain < 0 || tricks < 0 {
		return false
	}
	found := false
	for _, row := range rows {
		if len(row) < len(names) {
			continue
		}
		d := strings.Trim(row[decl], `"`)
		s, ok := ParseSeat(firstByte(d))
		if !ok || len(d) != 1 {
			continue
		}
		sv := strings.Trim(row[strain], `"`)
		st, n, ok := ParseStrain(sv)
		if !ok || n != len(sv) {
			continue
		}
		t, err := strconv.Atoi(strings.Trim(row[tricks], `"`))
		if err != nil || t < 0 || t > 13 {
			continue
		}
		rec.Tricks[s][st], rec.Pos[s][st] = t, sec.Tag.Pos
		found = true
	}
	return found
}

func firstByte(s string) byte {
	if s == "" {
		return 0
	}
	return s[0]
}

// readHex reads DoubleDummyTricks: 20 hex digits, blanks around allowed.
func (rec *RecordedDD) readHex(tg *Tag) bool {
	s := strings.TrimLeft(tg.Value, " \t")
	lead := len(tg.Value) - len(s)
	s = strings.TrimRight(s, " \t")
	if len(s) != 20 {
		return false
	}
	var t [20]int
	for i := range t {
		v, err := strconv.ParseUint(s[i:i+1], 16, 8)
		if err != nil || v > 13 {
			return false
		}
		t[i] = int(v)
	}
	for i, v := range t {
		s, st := DDSeats[i/5], DDStrains[i%5]
		rec.Tricks[s][st] = v
		rec.Pos[s][st] = Pos{Line: tg.ValuePos.Line, Col: tg.ValuePos.Col + lead + i}
	}
	return true
}
