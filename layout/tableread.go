package layout

import (
	"slices"
	"strconv"
	"strings"

	"handrec/model"
)

// TypeTables reads the tables of r that it knows (the double-dummy table,
// the traveller, the standings) from the PBN text the reader kept into
// data, and keeps in r's PBN layout what the data cannot give back: the
// header as written, the columns' widths and alignment, the order of a
// double-dummy table's rows and the elements written otherwise than the
// writer writes their value. A table that does not read whole, or that
// the data would not give back as read, stays as it was read. r's layout
// is PBN's, or none (then it gets one when a table needs it).
func TypeTables(r *model.Record) {
	if _, ok := r.Layout.(*PBN); r.Layout != nil && !ok {
		return
	}
	for i := range r.Sections {
		s := &r.Sections[i]
		if s.Kind() != model.GenericSection || len(s.Columns) == 0 || len(s.Tokens) > 0 {
			continue
		}
		cols := tableColumns(s)
		typed := *s
		typed.Tag.Name, typed.Tag.Value, typed.Columns, typed.Rows = "", "", nil, nil
		lt := Table{Section: i, Header: s.Tag.Value, Columns: cols}
		ok := false
		switch s.Tag.Name {
		case ddName:
			var bad int
			typed.DD, bad, ok = readDD(s, cols, &lt)
			if bad >= 0 {
				r.Warnf(s.Tag.Pos, "table %s: row %d (%q) is not a declarer, strain and tricks given once; the table is kept as written, not read",
					s.Tag.Name, bad+1, strings.Join(ddRowAt(s, bad, lt.Flat), " "))
			}
		case travellerName:
			typed.Traveller, ok = readTraveller(s, cols)
		case standingsName:
			typed.Standings, ok = readStandings(s, cols)
		}
		if ok {
			keepTable(r, i, typed, lt)
		}
	}
}

// keepTable puts the typed section in r's place i, with its layout, when
// what PBN's writer makes of it is what was read.
func keepTable(r *model.Record, i int, typed model.Section, lt Table) {
	was := r.Sections[i]
	layoutWas := r.Layout
	l, _ := r.Layout.(*PBN)
	if l == nil {
		l = &PBN{}
	} else {
		c := *l
		l = &c
	}
	l.Tables = append(slices.Clone(l.Tables), lt)
	r.Layout = l
	r.Sections[i] = typed
	// the elements the writer writes otherwise are kept as written
	_, _, _, rows := SectionTable(r, i)
	l.Tables[len(l.Tables)-1].Cells = cellsWritten(rows, was.Rows, lt.Flat)
	if !writes(r, i, &was) {
		r.Sections[i], r.Layout = was, layoutWas
		return
	}
	// a table written as the writer writes it from its data needs no layout
	kept := l.Tables[len(l.Tables)-1]
	l.Tables = l.Tables[:len(l.Tables)-1]
	if writes(r, i, &was) {
		if len(l.Tables) == 0 && len(l.Repeats) == 0 {
			r.Layout = layoutWas
		}
		return
	}
	l.Tables = append(l.Tables, kept)
}

// writes reports whether PBN's writer writes r's section i as was (its
// header "#" when it was written so).
func writes(r *model.Record, i int, was *model.Section) bool {
	name, header, cols, rows := SectionTable(r, i)
	want := was.Tag.Value
	if h := inheritedHeader(r, i); h != "" && h == want {
		want = "#"
	}
	return name == was.Tag.Name && header == want && slices.Equal(Names(cols), was.Columns) && sameRows(rows, was.Rows)
}

// cellsWritten lists the elements of read that differ from written.
func cellsWritten(written, read [][]string, flat bool) []Cell {
	if flat {
		written, read = regroup(written, 3), regroup(read, 3)
	}
	var out []Cell
	for i := range min(len(written), len(read)) {
		for j := range min(len(written[i]), len(read[i])) {
			if written[i][j] != read[i][j] {
				out = append(out, Cell{Row: i, Col: j, Text: read[i][j], Canon: written[i][j]})
			}
		}
	}
	return out
}

func sameRows(a, b [][]string) bool {
	return slices.EqualFunc(a, b, func(x, y []string) bool { return slices.Equal(x, y) })
}

// regroup is the elements of rows n to a row.
func regroup(rows [][]string, n int) [][]string {
	var flat []string
	for _, row := range rows {
		flat = append(flat, row...)
	}
	var out [][]string
	for i := 0; i+n <= len(flat); i += n {
		out = append(out, flat[i:i+n])
	}
	return out
}

// unquote is an element's value: a string without its quotes and PBN's
// escapes, "" for "-".
func unquote(s string) string {
	if s == "-" {
		return ""
	}
	return Unquote(s)
}

// Unquote is the text of a table element as written: a string without
// its quotes and PBN's escapes (\" and \\), anything else as it stands
// ("-" kept).
func Unquote(e string) string {
	if len(e) < 2 || e[0] != '"' || e[len(e)-1] != '"' {
		return e
	}
	e = e[1 : len(e)-1]
	if !strings.Contains(e, `\`) {
		return e
	}
	return elementEscapes.Replace(e)
}

// elementEscapes undoes PBN's escapes in a string: made once, as a
// Replacer builds its tables at its first use (a replacer made an element
// took a tenth of `handrec session`'s CPU on a million traveller rows).
var elementEscapes = strings.NewReplacer(`\"`, `"`, `\\`, `\`)

func readInt(s string) (int, bool) {
	s = unquote(s)
	if s == "" {
		return model.NoInt, true
	}
	return model.ParseTableInt(s)
}

func readPoints(s string) (model.Points, bool) {
	s = unquote(s)
	if s == "" {
		return model.NoPoints, true
	}
	return model.ParseTablePoints(s)
}

func readSeat(s string) (model.Seat, bool) {
	s = unquote(s)
	if s == "" {
		return model.NoSeat, true
	}
	if len(s) != 1 {
		return model.NoSeat, false
	}
	return model.ParseSeat(s[0])
}

func readContract(s string) (model.Contract, bool) {
	s = unquote(s)
	if s == "" {
		return model.Contract{}, true
	}
	return model.ParseContract(s)
}

// ddRowAt is row i of a double-dummy table, three elements a row when
// flat.
func ddRowAt(s *model.Section, i int, flat bool) []string {
	if flat {
		return regroup(s.Rows, 3)[i]
	}
	return s.Rows[i]
}

// readDD reads a double-dummy table whose columns are declarer, strain
// and tricks, a row each number given once; bad is the index of the first
// row that is not, else -1. cols are its columns as its header gives them.
func readDD(s *model.Section, cols []Column, lt *Table) (t *model.DDTable, bad int, ok bool) {
	names := ddNames(cols)
	rows := s.Rows
	if len(names) == 3 && len(cols) == 1 {
		lt.Flat = true
		rows = regroup(rows, 3)
		if len(rows)*3 != len(s.Rows) {
			return nil, -1, false
		}
	}
	var at [3]int
	seen := 0
	for j, n := range names {
		f := ddField(n)
		if f < 0 || seen&(1<<f) != 0 {
			return nil, -1, false
		}
		seen |= 1 << f
		at[f] = j
	}
	if seen != 7 || len(names) != 3 {
		return nil, -1, false
	}
	tt := model.NewDDTable()
	var order []int8
	for i, row := range rows {
		if len(row) != 3 {
			return nil, -1, false
		}
		seat, ok := readSeat(row[at[0]])
		sv := unquote(row[at[1]])
		st, n, ok2 := model.ParseStrain(sv)
		tricks, err := strconv.Atoi(unquote(row[at[2]]))
		if !ok || !seat.Valid() || !ok2 || n != len(sv) || err != nil || tricks < 0 || tricks > 13 || tt[seat][st] >= 0 {
			return nil, i, false
		}
		tt[seat][st] = tricks
		order = append(order, int8(seat)*5+int8(st))
	}
	if len(order) == 0 {
		return nil, -1, false
	}
	if !slices.IsSorted(canonRanks(order)) {
		lt.Order = order
	}
	return &tt, -1, true
}

// canonRanks is each key's place in the writer's order (N S E W, each NT S
// H D C).
func canonRanks(keys []int8) []int {
	out := make([]int, len(keys))
	for i, k := range keys {
		s, st := model.Seat(k/5), model.Strain(k%5)
		out[i] = slices.Index(model.DDSeats[:], s)*5 + slices.Index(model.DDStrains[:], st)
	}
	return out
}

// fieldColumns are the columns of a table whose fields known tells; false
// when none is a field, or one is given twice.
func fieldColumns(cols []Column, known func(model.Field) bool) ([]model.TableColumn, bool) {
	out := make([]model.TableColumn, len(cols))
	var seen [model.NumFields]bool
	any := false
	for j, c := range cols {
		f := fieldNamed(c.Name, known)
		if f == model.NoField {
			out[j].Name = c.Name
			continue
		}
		if seen[f] {
			return nil, false
		}
		seen[f], any = true, true
		out[j].Field = f
	}
	return out, any
}

// readTraveller reads a traveller, every element of a known column as its
// value; hcols are its columns as its header gives them.
func readTraveller(s *model.Section, hcols []Column) (*model.Traveller, bool) {
	cols, ok := fieldColumns(hcols, travellerField)
	if !ok {
		return nil, false
	}
	t := &model.Traveller{Columns: cols, Results: make([]model.TableResult, 0, len(s.Rows))}
	for _, row := range s.Rows {
		if len(row) != len(cols) {
			return nil, false
		}
		res := model.NewTableResult()
		for j, c := range cols {
			if !readResultCell(&res, c, row[j]) {
				return nil, false
			}
		}
		t.Results = append(t.Results, res)
	}
	return t, true
}

// readResultCell reads the element e of column c into a table result.
func readResultCell(r *model.TableResult, c model.TableColumn, e string) bool {
	ok := true
	switch f := c.Field; f {
	case model.NoField:
		r.Other = append(r.Other, Unquote(e))
	case model.FieldRank:
		r.Rank, ok = readInt(e)
	case model.FieldSection:
		r.Section = unquote(e)
	case model.FieldTable:
		r.Table, ok = readInt(e)
	case model.FieldRound:
		r.Round, ok = readInt(e)
	case model.FieldPairNS, model.FieldPairEW:
		r.Pair[sideOf(f, model.FieldPairNS)] = unquote(e)
	case model.FieldNamesNS, model.FieldNamesEW:
		r.Names[sideOf(f, model.FieldNamesNS)] = unquote(e)
	case model.FieldContract:
		r.Contract, ok = readContract(e)
	case model.FieldDeclarer:
		r.Declarer, ok = readSeat(e)
	case model.FieldResult:
		r.Result, ok = readInt(e)
	case model.FieldLead:
		r.Lead = unquote(e)
	case model.FieldScoreNS, model.FieldScoreEW:
		r.Score[sideOf(f, model.FieldScoreNS)], ok = readInt(e)
	case model.FieldIMPNS, model.FieldIMPEW:
		r.IMP[sideOf(f, model.FieldIMPNS)], ok = readPoints(e)
	case model.FieldMPNS, model.FieldMPEW:
		r.MP[sideOf(f, model.FieldMPNS)], ok = readPoints(e)
	case model.FieldPercentNS, model.FieldPercentEW:
		r.Percent[sideOf(f, model.FieldPercentNS)], ok = readPoints(e)
	case model.FieldMultiplicity:
		r.Multiplicity, ok = readInt(e)
	}
	return ok
}

// readStandings reads standings, every element of a known column as its
// value; hcols are its columns as its header gives them.
func readStandings(s *model.Section, hcols []Column) (*model.Standings, bool) {
	cols, ok := fieldColumns(hcols, standingsField)
	if !ok {
		return nil, false
	}
	t := &model.Standings{Columns: cols, Rows: make([]model.Standing, 0, len(s.Rows))}
	for _, row := range s.Rows {
		if len(row) != len(cols) {
			return nil, false
		}
		st := model.NewStanding()
		for j, c := range cols {
			ok := true
			switch f := c.Field; {
			case f == model.NoField:
				st.Other = append(st.Other, Unquote(row[j]))
			case f == model.FieldRank:
				st.Rank, ok = readInt(row[j])
			case f == model.FieldPair:
				st.Pair = unquote(row[j])
			case f == model.FieldNames:
				st.Names = unquote(row[j])
			case f >= model.FieldTotalScore && f <= model.FieldTotalPercent:
				st.Totals[f-model.FieldTotalScore], ok = readPoints(row[j])
			case f >= model.FieldMeanScore && f <= model.FieldMeanPercent:
				st.Means[f-model.FieldMeanScore], ok = readPoints(row[j])
			case f == model.FieldBoards:
				st.Boards, ok = readInt(row[j])
			case f == model.FieldMultiplicity:
				st.Multiplicity, ok = readInt(row[j])
			}
			if !ok {
				return nil, false
			}
		}
		t.Rows = append(t.Rows, st)
	}
	return t, true
}
