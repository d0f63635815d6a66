package archive

import (
	"strconv"
	"strings"

	"handrec/model"
)

// game_source.row_pos (schema version 21) is where the rows of the
// record's tables start in that file (model.Section.RowPos), which the
// stored record does not keep: a session read from the archive points
// at a traveller's row as it does reading the file. The text is a
// section's index, a colon, and its rows' line.col, comma-separated, a
// run of rows on the lines after one another at one column written once
// with its count; sections apart by semicolons: "3:24.1*3,28.5" (rows at
// 24.1, 25.1, 26.1 and 28.5). NULL when no table row has a known place
// (and in archives imported before version 21).

// rowPosOf is the row_pos of r: its text, or nil.
func rowPosOf(r *model.Record) any {
	var b []byte
	for i := range r.Sections {
		pos := r.Sections[i].RowPos
		if len(pos) == 0 {
			continue
		}
		if len(b) > 0 {
			b = append(b, ';')
		}
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, ':')
		for k := 0; k < len(pos); {
			n := 1 // a run: rows on the lines after one another, at one column
			for k+n < len(pos) && pos[k+n] == (model.Pos{Line: pos[k].Line + n, Col: pos[k].Col}) {
				n++
			}
			if k > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(pos[k].Line), 10)
			b = append(b, '.')
			b = strconv.AppendInt(b, int64(pos[k].Col), 10)
			if n > 1 {
				b = append(b, '*')
				b = strconv.AppendInt(b, int64(n), 10)
			}
			k += n
		}
	}
	if b == nil {
		return nil
	}
	return string(b)
}

// setRowPos gives r's sections the row places of text (row_pos); a
// section text names that r has not, or a malformed place, is passed
// over: the places are only where messages point.
func setRowPos(r *model.Record, text string) {
	for _, sec := range strings.Split(text, ";") {
		head, rows, ok := strings.Cut(sec, ":")
		i, err := strconv.Atoi(head)
		if !ok || err != nil || i < 0 || i >= len(r.Sections) {
			continue
		}
		r.Sections[i].RowPos = rowRuns(rows)
	}
}

// rowRuns reads a section's runs of rows; nil when one is malformed.
func rowRuns(text string) []model.Pos {
	var pos []model.Pos
	for _, run := range strings.Split(text, ",") {
		lc, count, many := strings.Cut(run, "*")
		l, c, _ := strings.Cut(lc, ".")
		line, err1 := strconv.Atoi(l)
		col, err2 := strconv.Atoi(c)
		n, err3 := 1, error(nil)
		if many {
			n, err3 = strconv.Atoi(count)
		}
		if err1 != nil || err2 != nil || err3 != nil || n < 1 || n > 1<<20 {
			return nil
		}
		for k := range n {
			pos = append(pos, model.Pos{Line: line + k, Col: col})
		}
	}
	return pos
}
