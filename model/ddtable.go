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
	Tricks DDTable
	Pos    [4][5]Pos
	From   string // "the double-dummy table", or the tag the table came from
}

// DDSeats and DDStrains are the order of DoubleDummyTricks' 20 digits and
// of an OptimumResultTable's rows (N S E W, each NT S H D C), the order
// hand records print a table in.
var (
	DDSeats   = [4]Seat{North, South, East, West}
	DDStrains = [5]Strain{NoTrump, StrainSpades, StrainHearts, StrainDiamonds, StrainClubs}
)

// RecordedDD reads the table r carries: its double-dummy table section
// (read from PBN's OptimumResultTable, in the standard "Declarer;
// Denomination;Result" form or BBO Helper's "Declarer Suit Tricks"), or
// its DoubleDummyTricks tag (20 hex digits); false when it has none.
func (r *Record) RecordedDD() (*RecordedDD, bool) {
	for i := range r.Sections {
		if sec := &r.Sections[i]; sec.DD != nil {
			rec := &RecordedDD{Tricks: *sec.DD, From: "the double-dummy table"}
			for s := range rec.Pos {
				for st := range rec.Pos[s] {
					rec.Pos[s][st] = sec.Tag.Pos
				}
			}
			return rec, true
		}
	}
	rec := &RecordedDD{Tricks: NewDDTable()}
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
