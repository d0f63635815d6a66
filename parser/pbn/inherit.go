package pbn

import (
	"handrec/layout"
	"handrec/model"
)

// inheritHeaders gives each table of rec whose header is "#" the header of
// the previous game's table of the same tag (PBN 4.8), and its rows in
// those columns; the "#" stays in rec's PBN layout for the writer. It
// notes the header of each table of rec for the games after it.
func (r *Reader) inheritHeaders(rec *model.Record) {
	for i := range rec.Sections {
		s := &rec.Sections[i]
		if s.Columns == nil || s.Kind() != model.GenericSection {
			continue
		}
		if s.Tag.Value == "#" {
			h, ok := r.headers[s.Tag.Name]
			if !ok {
				rec.Warnf(s.Tag.ValuePos, "table %s: header \"#\" with no %s in a game before it to take its columns from; its elements are kept one to a row", s.Tag.Name, s.Tag.Name)
				continue
			}
			if !inheritHeader(rec, i, h) {
				continue
			}
		}
		if r.headers == nil {
			r.headers = make(map[string]string)
		}
		r.headers[s.Tag.Name] = s.Tag.Value
	}
}

// inheritHeader gives rec's section i, read with the header "#" (one
// column), the header h and its rows in h's columns; false when h gives no
// columns.
func inheritHeader(rec *model.Record, i int, h string) bool {
	s := &rec.Sections[i]
	cols, ok := layout.ParseColumns(h)
	if !ok || len(cols) == 0 {
		return false
	}
	var elems []string
	var pos []model.Pos
	for k, row := range s.Rows {
		for _, e := range row {
			elems = append(elems, e)
			p := model.Pos{}
			if k < len(s.RowPos) {
				p = s.RowPos[k]
			}
			pos = append(pos, p)
		}
	}
	n := len(cols)
	rows := make([][]string, 0, (len(elems)+n-1)/n)
	var rowPos []model.Pos
	for j := 0; j < len(elems); j += n {
		rows = append(rows, elems[j:min(j+n, len(elems))])
		rowPos = append(rowPos, pos[j])
	}
	if k := len(rows); k > 0 && len(rows[k-1]) != n {
		rec.Errorf(rowPos[k-1], "table %s: the last row has %d elements, not %d (the columns of its header \"#\", taken from the table before it)", s.Tag.Name, len(rows[k-1]), n)
	}
	s.Tag.Value, s.Columns, s.Rows, s.RowPos = h, layout.Names(cols), rows, rowPos
	layout.InheritHeader(rec, i, h)
	return true
}
