package render

import (
	"strings"

	"handrec/layout"
	"handrec/model"
)

// travellerView is a PBN ScoreTable, the traveller: every table's result
// on the board, a row a table, in the columns the record names.
type travellerView struct {
	Title string   // "" for "Traveller"
	Head  []string // column names, "Score_NS" written "Score NS"
	Right []bool   // the columns set flush right (\nR in the header)
	Rows  [][]string
	Notes []string // under the table: a session's notes on its rows
	// fit is the scale the sheet's layout gives the table to fit a
	// board's width (0 or 1: none); the HTML sheet zooms it as much.
	fit float64
}

// title is the traveller's heading.
func (tv *travellerView) title() string {
	if tv.Title == "" {
		return "Traveller"
	}
	return tv.Title
}

// SheetTable is a table a sheet prints as it is given: a board's
// traveller with the columns a session computed, the standings, a team
// match. Right sets a column flush right; Notes follow the table.
type SheetTable struct {
	Title string
	Head  []string
	Right []bool
	Rows  [][]string
	Notes []string
	// EveryTable: the board printed stands for all its tables (a session
	// of tables' records), so its diagram names the seats, not the
	// players of the record that carries it.
	EveryTable bool
}

func (t *SheetTable) view() *travellerView {
	right := make([]bool, len(t.Head))
	copy(right, t.Right)
	return &travellerView{Title: t.Title, Head: t.Head, Right: right, Rows: t.Rows, Notes: t.Notes}
}

// SheetSession is a scored session for a sheet: each board's traveller
// with the computed columns in place of the record's own, and after the
// boards a results page.
type SheetSession struct {
	// Traveller gives r's traveller as the session scored it; nil keeps
	// the record's own.
	Traveller func(r *model.Record) *SheetTable
	// Match gives r's team match board with both rooms, when r is a
	// room of a match the session scored; nil prints r as it is.
	Match func(r *model.Record) *SheetMatchBoard
	// Title heads the results page, Lines say what it holds (the method
	// and its parameters), Results are its tables: the standings, the
	// team matches. No results page when Results is empty.
	Title   string
	Lines   []string
	Results []SheetTable
}

// resultsBlock is the results page's block; nil for none.
func (s *SheetSession) resultsBlock() *sheetBlock {
	if s == nil || len(s.Results) == 0 {
		return nil
	}
	b := &sheetBlock{title: s.Title, lines: s.Lines}
	if b.title == "" {
		b.title = "Results"
	}
	for i := range s.Results {
		b.tables = append(b.tables, s.Results[i].view())
	}
	return b
}

// newTravellers reads the record's ScoreTable sections; nil when it has
// none with columns.
func newTravellers(r *model.Record) []*travellerView {
	var out []*travellerView
	for i := range r.Sections {
		name, _, cols, rows := layout.SectionTable(r, i)
		if name != "ScoreTable" || len(cols) == 0 {
			continue
		}
		tv := &travellerView{}
		for _, c := range cols {
			tv.Head = append(tv.Head, strings.ReplaceAll(c.Name, "_", " "))
			tv.Right = append(tv.Right, c.Align == 'R')
		}
		for _, row := range rows {
			cells := make([]string, len(tv.Head))
			for j := range cells {
				if j < len(row) {
					cells[j] = layout.Unquote(row[j])
				}
			}
			tv.Rows = append(tv.Rows, cells)
		}
		out = append(out, tv)
	}
	return out
}

// travellerLines is the traveller as a text table, under a heading;
// columns two blanks apart, as wide as their widest cell.
func travellerLines(tv *travellerView) []string {
	ws := make([]int, len(tv.Head))
	for i, h := range tv.Head {
		ws[i] = width(h)
	}
	for _, r := range tv.Rows {
		for i, c := range r {
			ws[i] = max(ws[i], width(c))
		}
	}
	line := func(cells []string) string {
		var b strings.Builder
		for i, c := range cells {
			if i > 0 {
				b.WriteString("  ")
			}
			if tv.Right[i] {
				b.WriteString(padLeft(c, ws[i]))
			} else {
				b.WriteString(pad(c, ws[i]))
			}
		}
		return b.String()
	}
	out := []string{tv.title(), line(tv.Head)}
	for _, r := range tv.Rows {
		out = append(out, line(r))
	}
	return append(out, tv.Notes...)
}
