package dd

import (
	"strconv"
	"strings"

	"handrec/model"
)

// Recorded is a double-dummy table a record carries: its
// OptimumResultTable section or its DoubleDummyTricks tag. Tricks not
// given are -1; Pos says where each number was read (the section's tag for
// a table, the digit itself for DoubleDummyTricks).
type Recorded struct {
	Tricks Table
	Pos    [4][5]model.Pos
	From   string // the tag the table came from
}

// ddsOrder is the order of DoubleDummyTricks: N S E W, each NT S H D C.
var (
	ddsSeats   = [4]model.Seat{model.North, model.South, model.East, model.West}
	ddsStrains = [5]model.Strain{model.NoTrump, model.StrainSpades, model.StrainHearts, model.StrainDiamonds, model.StrainClubs}
)

// RecordedTable reads the table r carries, in the standard
// "Declarer;Denomination;Result" form, BBO Helper's "Declarer Suit Tricks"
// or as DoubleDummyTricks (20 hex digits); false when it has none.
func RecordedTable(r *model.Record) (*Recorded, bool) {
	rec := &Recorded{}
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

func (rec *Recorded) readSection(sec *model.Section) bool {
	var names []string
	rows := sec.Rows
	if len(sec.Columns) == 1 && strings.Contains(sec.Columns[0].Name, " ") {
		names = strings.Fields(sec.Columns[0].Name) // one element a line
		var flat []string
		for _, row := range sec.Rows {
			flat = append(flat, row...)
		}
		rows = nil
		for i := 0; i+len(names) <= len(flat); i += len(names) {
			rows = append(rows, flat[i:i+len(names)])
		}
	} else {
		for _, c := range sec.Columns {
			names = append(names, c.Name)
		}
	}
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
		s, ok := model.ParseSeat(firstByte(d))
		if !ok || len(d) != 1 {
			continue
		}
		sv := strings.Trim(row[strain], `"`)
		st, n, ok := model.ParseStrain(sv)
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

func (rec *Recorded) readHex(tg *model.Tag) bool {
	s := tg.Value
	if len(s) != 20 {
		return false
	}
	var t Table
	for i := 0; i < 20; i++ {
		v, err := strconv.ParseUint(s[i:i+1], 16, 8)
		if err != nil || v > 13 {
			return false
		}
		t[ddsSeats[i/5]][ddsStrains[i%5]] = int(v)
	}
	for i := 0; i < 20; i++ {
		s, st := ddsSeats[i/5], ddsStrains[i%5]
		rec.Tricks[s][st] = t[s][st]
		rec.Pos[s][st] = model.Pos{Line: tg.ValuePos.Line, Col: tg.ValuePos.Col + i}
	}
	return true
}

// Disagreement is a recorded number that differs from the solver's.
type Disagreement struct {
	Pos      model.Pos
	Declarer model.Seat
	Strain   model.Strain
	Recorded int
	Solved   int
}

// Compare lists the recorded numbers that differ from t, seat by seat and
// strain by strain.
func (rec *Recorded) Compare(t Table) []Disagreement {
	var out []Disagreement
	for _, s := range model.Seats {
		for _, st := range Strains {
			if v := rec.Tricks[s][st]; v >= 0 && v != t[s][st] {
				out = append(out, Disagreement{rec.Pos[s][st], s, st, v, t[s][st]})
			}
		}
	}
	return out
}
