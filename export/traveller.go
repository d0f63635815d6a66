package export

import (
	"strings"

	"handrec/model"
	"handrec/model/layout"
)

// travellerView is a PBN ScoreTable, the traveller: every table's result
// on the board, a row a table, in the columns the record names.
type travellerView struct {
	Head  []string // column names, "Score_NS" written "Score NS"
	Right []bool   // the columns set flush right (\nR in the header)
	Rows  [][]string
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
					cells[j] = unquote(row[j])
				}
			}
			tv.Rows = append(tv.Rows, cells)
		}
		out = append(out, tv)
	}
	return out
}

// unquote is a table element without its quotes, PBN's \" and \\
// unescaped.
func unquote(s string) string {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return s
	}
	return strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(s[1 : len(s)-1])
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
	out := []string{"Traveller", line(tv.Head)}
	for _, r := range tv.Rows {
		out = append(out, line(r))
	}
	return out
}
