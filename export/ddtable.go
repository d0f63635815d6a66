package export

import (
	"strconv"
	"strings"

	"handrec/model"
)

// ddOrder is the order of the rows of a double-dummy table, as the
// records and the sheets give them.
var ddOrder = [4]model.Seat{model.North, model.South, model.East, model.West}

// ddStrains is the order of its columns: no trump, then spades to clubs.
var ddStrains = [5]model.Strain{model.NoTrump, model.StrainSpades, model.StrainHearts, model.StrainDiamonds, model.StrainClubs}

// newDDView reads the record's double-dummy table: its
// OptimumResultTable section (in the standard "Declarer;Denomination;
// Result" form or BBO Helper's "Declarer Suit Tricks"), else its
// DoubleDummyTricks tag (20 hex digits, N S E W by NT S H D C), with the
// par its OptimumScore and ParContract tags give ("NS 620, NS 4H=; NS
// 4S="). It returns nil when the record has no table.
func newDDView(r *model.Record) *ddView {
	v := &ddView{}
	for i := range v.Tricks {
		for j := range v.Tricks[i] {
			v.Tricks[i][j] = -1
		}
	}
	found := false
	for i := range r.Sections {
		if sec := &r.Sections[i]; sec.Tag.Name == "OptimumResultTable" && readOptimum(sec, v) {
			found = true
			break
		}
	}
	if !found {
		if s, ok := r.Tag("DoubleDummyTricks"); ok {
			found = readDDTricks(strings.TrimSpace(s), v)
		}
	}
	if !found {
		return nil
	}
	for _, s := range ddOrder {
		for _, t := range v.Tricks[s] {
			if t >= 0 {
				v.Rows = append(v.Rows, s)
				break
			}
		}
	}
	var par []string
	for _, name := range []string{"OptimumScore", "ParContract"} {
		if s, ok := r.Tag(name); ok && meaningful(s) {
			par = append(par, strings.TrimSpace(s))
		}
	}
	v.Par = strings.Join(par, ", ")
	return v
}

func readOptimum(sec *model.Section, v *ddView) bool {
	names := make([]string, 0, 3)
	rows := sec.Rows
	if len(sec.Columns) == 1 && strings.Contains(sec.Columns[0].Name, " ") {
		// "Declarer Suit Tricks": one element per line.
		names = strings.Fields(sec.Columns[0].Name)
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
	any := false
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
		v.Tricks[s][st] = t
		any = true
	}
	return any
}

func firstByte(s string) byte {
	if s == "" {
		return 0
	}
	return s[0]
}

func readDDTricks(s string, v *ddView) bool {
	if len(s) != 20 {
		return false
	}
	for i := 0; i < 20; i++ {
		t, err := strconv.ParseUint(s[i:i+1], 16, 8)
		if err != nil || t > 13 {
			return false
		}
		v.Tricks[ddOrder[i/5]][ddStrains[i%5]] = int(t)
	}
	return true
}
