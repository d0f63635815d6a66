package layout

import (
	"strconv"
	"strings"

	"handrec/model"
)

// PBN's names of the tables a record reads as data (PBN 2.1, 5.7, 5.9 and
// 5.10).
const (
	ddName        = "OptimumResultTable"
	travellerName = "ScoreTable"
	standingsName = "TotalScoreTable"
)

// DDHeader is the header of a double-dummy table written from its data,
// as DDS-based programs (BBO Helper, BridgeComposer, endplay) write it.
const DDHeader = `Declarer;Denomination\2R;Result\2R`

// columnNames are PBN's names of the fields of a traveller and of
// standings.
var columnNames = [model.NumFields]string{
	model.FieldRank: "Rank", model.FieldSection: "Section", model.FieldTable: "Table", model.FieldRound: "Round",
	model.FieldPairNS: "PairId_NS", model.FieldPairEW: "PairId_EW", model.FieldNamesNS: "Names_NS", model.FieldNamesEW: "Names_EW",
	model.FieldContract: "Contract", model.FieldDeclarer: "Declarer", model.FieldResult: "Result", model.FieldLead: "Lead",
	model.FieldScoreNS: "Score_NS", model.FieldScoreEW: "Score_EW", model.FieldIMPNS: "IMP_NS", model.FieldIMPEW: "IMP_EW",
	model.FieldMPNS: "MP_NS", model.FieldMPEW: "MP_EW", model.FieldPercentNS: "Percentage_NS", model.FieldPercentEW: "Percentage_EW",
	model.FieldMultiplicity: "Multiplicity", model.FieldPair: "PairId", model.FieldNames: "Names",
	model.FieldTotalScore: "TotalScore", model.FieldTotalIMP: "TotalIMP", model.FieldTotalMP: "TotalMP",
	model.FieldTotalPercent: "TotalPercentage", model.FieldMeanScore: "MeanScore", model.FieldMeanIMP: "MeanIMP",
	model.FieldMeanMP: "MeanMP", model.FieldMeanPercent: "MeanPercentage", model.FieldBoards: "NrBoards",
}

// The fields each table knows: a traveller's run from Rank to
// Multiplicity, standings' are Rank, Multiplicity and their own.
func travellerField(f model.Field) bool { return f >= model.FieldRank && f <= model.FieldMultiplicity }

func standingsField(f model.Field) bool {
	return f == model.FieldRank || f == model.FieldMultiplicity || f >= model.FieldPair && f <= model.FieldBoards
}

// fieldNamed is the field a column called name gives in a table whose
// fields known tells; NoField for a column it does not know.
func fieldNamed(name string, known func(model.Field) bool) model.Field {
	for f, n := range columnNames {
		if n != "" && n == name && known(model.Field(f)) {
			return model.Field(f)
		}
	}
	return model.NoField
}

// Table is how PBN wrote a table that the record holds as data: its
// header as written and its columns as read from it (widths, alignment,
// sorting), the rows of a double-dummy table in the order written, and the
// elements written otherwise than the writer would write their value.
type Table struct {
	// Section is the index of the section among the record's.
	Section int      `json:"section"`
	Header  string   `json:"header"`
	Columns []Column `json:"columns,omitempty"`
	// Flat is BBO Helper's double-dummy table: one column named
	// "Declarer Suit Tricks", one element a line.
	Flat bool `json:"flat,omitempty"`
	// Order lists a double-dummy table's rows as written (seat*5+strain),
	// when not in the order the writer uses.
	Order []int8 `json:"order,omitempty"`
	Cells []Cell `json:"cells,omitempty"`
}

// Cell is a table element written otherwise than its value's own form
// (Canon): it is written as Text again while its value's form is still
// Canon.
type Cell struct {
	Row   int    `json:"row"`
	Col   int    `json:"col"`
	Text  string `json:"text"`
	Canon string `json:"canon"`
}

// tableOf is the layout of r's section i, nil when r has none.
func tableOf(r *model.Record, i int) *Table {
	l, ok := r.Layout.(*PBN)
	if !ok {
		return nil
	}
	for k := range l.Tables {
		if l.Tables[k].Section == i {
			return &l.Tables[k]
		}
	}
	return nil
}

// SectionTable is r's section i as PBN writes it: its tag's name and
// value, its columns and its rows of elements as written (strings in
// their quotes). A table held as data is written from its data, in the
// form its layout keeps; a header written "#" is "#" again while the
// table's header is the one it took.
func SectionTable(r *model.Record, i int) (name, header string, cols []Column, rows [][]string) {
	name, header, cols, rows = sectionTable(r, i)
	if h := inheritedHeader(r, i); h != "" && h == header {
		header = "#" // as written: the header of the table before it (PBN 4.8)
	}
	return name, header, cols, rows
}

func sectionTable(r *model.Record, i int) (name, header string, cols []Column, rows [][]string) {
	s := &r.Sections[i]
	lt := tableOf(r, i)
	switch s.Kind() {
	case model.DDSection:
		header, cols = DDHeader, ddColumns
		if lt != nil {
			header, cols = lt.Header, lt.Columns
		}
		return ddName, header, cols, ddRows(s.DD, cols, lt)
	case model.TravellerSection:
		header, cols = fieldHeader(s.Traveller.Columns, lt)
		return travellerName, header, cols, overridden(travellerCells(s.Traveller), lt)
	case model.StandingsSection:
		header, cols = fieldHeader(s.Standings.Columns, lt)
		return standingsName, header, cols, overridden(standingsCells(s.Standings), lt)
	}
	return s.Tag.Name, s.Tag.Value, tableColumns(s), s.Rows
}

// SectionKind is the kind of r's section i, a table kept as read by the
// name PBN gives it: a ScoreTable whose rows did not read is a traveller
// all the same.
func SectionKind(r *model.Record, i int) model.TableKind {
	if k := r.Sections[i].Kind(); k != model.GenericSection {
		return k
	}
	switch r.Sections[i].Tag.Name {
	case ddName:
		return model.DDSection
	case travellerName:
		return model.TravellerSection
	case standingsName:
		return model.StandingsSection
	}
	return model.GenericSection
}

// SectionName is the PBN tag of r's section i.
func SectionName(r *model.Record, i int) string {
	switch r.Sections[i].Kind() {
	case model.DDSection:
		return ddName
	case model.TravellerSection:
		return travellerName
	case model.StandingsSection:
		return standingsName
	}
	return r.Sections[i].Tag.Name
}

var ddColumns, _ = ParseColumns(DDHeader)

// fieldHeader is the header of a traveller's or standings' columns: the
// layout's as written while its columns name the same fields, else each
// column's name with the layout's width and alignment.
func fieldHeader(tc []model.TableColumn, lt *Table) (string, []Column) {
	if lt != nil && len(lt.Columns) == len(tc) {
		same := true
		cols := append([]Column(nil), lt.Columns...)
		for j, c := range tc {
			if n := columnName(c); n != cols[j].Name {
				cols[j].Name, same = n, false
			}
		}
		if same {
			return lt.Header, lt.Columns
		}
		return joinColumns(cols), cols
	}
	cols := make([]Column, len(tc))
	for j, c := range tc {
		cols[j].Name = columnName(c)
	}
	return joinColumns(cols), cols
}

func columnName(c model.TableColumn) string {
	if c.Field != model.NoField {
		return columnNames[c.Field]
	}
	return c.Name
}

func joinColumns(cols []Column) string {
	parts := make([]string, len(cols))
	for j, c := range cols {
		parts[j] = c.String()
	}
	return strings.Join(parts, ";")
}

// overridden is rows with the elements the layout keeps as written, each
// where its value still has the form it had when read.
func overridden(rows [][]string, lt *Table) [][]string {
	if lt == nil {
		return rows
	}
	for _, c := range lt.Cells {
		if c.Row < len(rows) && c.Col < len(rows[c.Row]) && rows[c.Row][c.Col] == c.Canon {
			rows[c.Row][c.Col] = c.Text
		}
	}
	return rows
}

// ddField is the DD field a column gives: 0 declarer, 1 strain, 2 tricks,
// -1 none.
func ddField(name string) int {
	switch strings.ToLower(name) {
	case "declarer":
		return 0
	case "denomination", "strain", "suit":
		return 1
	case "result", "tricks":
		return 2
	}
	return -1
}

// ddNames are the fields of a double-dummy table's columns: BBO Helper's
// one column "Declarer Suit Tricks" gives three.
func ddNames(cols []Column) []string {
	if len(cols) == 1 && strings.Contains(cols[0].Name, " ") {
		return strings.Fields(cols[0].Name)
	}
	names := make([]string, len(cols))
	for j, c := range cols {
		names[j] = c.Name
	}
	return names
}

// ddRows writes the given numbers of t, a row each, in the columns cols
// name: in the layout's order while it lists the same numbers, else N S E W,
// each NT S H D C.
func ddRows(t *model.DDTable, cols []Column, lt *Table) [][]string {
	var keys []int8
	for _, s := range model.DDSeats {
		for _, st := range model.DDStrains {
			if t[s][st] >= 0 {
				keys = append(keys, int8(s)*5+int8(st))
			}
		}
	}
	if lt != nil && len(lt.Order) == len(keys) && sameKeys(lt.Order, keys) {
		keys = lt.Order
	}
	names := ddNames(cols)
	rows := make([][]string, 0, len(keys))
	for _, k := range keys {
		s, st := model.Seat(k/5), model.Strain(k%5)
		row := make([]string, len(names))
		for j, n := range names {
			switch ddField(n) {
			case 0:
				row[j] = s.String()
			case 1:
				row[j] = st.String()
			case 2:
				row[j] = strconv.Itoa(t[s][st])
			}
		}
		rows = append(rows, row)
	}
	rows = overridden(rows, lt)
	if lt != nil && lt.Flat {
		var flat [][]string
		for _, row := range rows {
			for _, c := range row {
				flat = append(flat, []string{c})
			}
		}
		return flat
	}
	return rows
}

func sameKeys(a, b []int8) bool {
	var in [20]bool
	for _, k := range a {
		if k < 0 || k >= 20 || in[k] {
			return false
		}
		in[k] = true
	}
	for _, k := range b {
		if !in[k] {
			return false
		}
	}
	return true
}

// Element forms: a number, "-" for a value not given, a string token
// quoted when it must be.
func intCell(v int) string {
	if v == model.NoInt {
		return "-"
	}
	return strconv.Itoa(v)
}

func pointsCell(v model.Points) string {
	if !v.Known() {
		return "-"
	}
	return strconv.FormatFloat(float64(v), 'f', -1, 64)
}

// stringCell is a string element: "-" for none, bare when it is one token,
// else quoted with PBN's escapes.
func stringCell(s string, quote bool) string {
	if s == "" {
		return "-"
	}
	if !quote && !strings.ContainsAny(s, " \t\r\n\"\\;{}[]%") {
		return s
	}
	return Quote(s)
}

// Quote is s as a PBN string: in quotes, with PBN's escapes (\\ and
// \"); Unquote reads it back.
func Quote(s string) string { return `"` + quoteEscapes.Replace(s) + `"` }

// quoteEscapes are PBN's escapes in a string, made once (as
// elementEscapes, their inverse, is).
var quoteEscapes = strings.NewReplacer(`\`, `\\`, `"`, `\"`)

func seatCell(s model.Seat) string {
	if !s.Valid() {
		return "-"
	}
	return s.String()
}

func contractCell(c model.Contract) string {
	if c.Kind == model.NoContract {
		return "-"
	}
	return c.String()
}

// travellerCells is each result's elements in the traveller's columns.
func travellerCells(t *model.Traveller) [][]string {
	rows := make([][]string, len(t.Results))
	for i := range t.Results {
		res := &t.Results[i]
		row := make([]string, len(t.Columns))
		other := 0
		for j, c := range t.Columns {
			if c.Field == model.NoField {
				if other < len(res.Other) {
					row[j] = stringCell(res.Other[other], false)
				}
				other++
				continue
			}
			row[j] = resultCell(res, c.Field)
		}
		rows[i] = row
	}
	return rows
}

// resultCell is the element of field f of a table result.
func resultCell(r *model.TableResult, f model.Field) string {
	switch f {
	case model.FieldRank:
		return intCell(r.Rank)
	case model.FieldSection:
		return stringCell(r.Section, false)
	case model.FieldTable:
		return intCell(r.Table)
	case model.FieldRound:
		return intCell(r.Round)
	case model.FieldPairNS, model.FieldPairEW:
		return stringCell(r.Pair[sideOf(f, model.FieldPairNS)], false)
	case model.FieldNamesNS, model.FieldNamesEW:
		return stringCell(r.Names[sideOf(f, model.FieldNamesNS)], true)
	case model.FieldContract:
		return contractCell(r.Contract)
	case model.FieldDeclarer:
		return seatCell(r.Declarer)
	case model.FieldResult:
		return intCell(r.Result)
	case model.FieldLead:
		return stringCell(r.Lead, false)
	case model.FieldScoreNS, model.FieldScoreEW:
		return intCell(r.Score[sideOf(f, model.FieldScoreNS)])
	case model.FieldIMPNS, model.FieldIMPEW:
		return pointsCell(r.IMP[sideOf(f, model.FieldIMPNS)])
	case model.FieldMPNS, model.FieldMPEW:
		return pointsCell(r.MP[sideOf(f, model.FieldMPNS)])
	case model.FieldPercentNS, model.FieldPercentEW:
		return pointsCell(r.Percent[sideOf(f, model.FieldPercentNS)])
	case model.FieldMultiplicity:
		return intCell(r.Multiplicity)
	}
	return "-"
}

func sideOf(f, ns model.Field) model.Side { return model.Side(f - ns) }

// standingsCells is each pair's elements in the standings' columns.
func standingsCells(t *model.Standings) [][]string {
	rows := make([][]string, len(t.Rows))
	for i := range t.Rows {
		st := &t.Rows[i]
		row := make([]string, len(t.Columns))
		other := 0
		for j, c := range t.Columns {
			switch f := c.Field; {
			case f == model.NoField:
				if other < len(st.Other) {
					row[j] = stringCell(st.Other[other], false)
				}
				other++
			case f == model.FieldRank:
				row[j] = intCell(st.Rank)
			case f == model.FieldPair:
				row[j] = stringCell(st.Pair, false)
			case f == model.FieldNames:
				row[j] = stringCell(st.Names, true)
			case f >= model.FieldTotalScore && f <= model.FieldTotalPercent:
				row[j] = pointsCell(st.Totals[f-model.FieldTotalScore])
			case f >= model.FieldMeanScore && f <= model.FieldMeanPercent:
				row[j] = pointsCell(st.Means[f-model.FieldMeanScore])
			case f == model.FieldBoards:
				row[j] = intCell(st.Boards)
			case f == model.FieldMultiplicity:
				row[j] = intCell(st.Multiplicity)
			}
		}
		rows[i] = row
	}
	return rows
}
