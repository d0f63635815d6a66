package layout

import (
	"strconv"
	"strings"

	"handrec/model"
)

// Column is a column of a PBN table's header, [+|-]name[\width[L|R]]:
// its name, and PBN's sorting, minimum width and alignment.
type Column struct {
	Name  string `json:"name"`
	Order byte   `json:"order,omitempty"` // '+' ascending, '-' descending, 0 none
	Width int    `json:"width,omitempty"` // minimum width, 0 none
	Align byte   `json:"align,omitempty"` // 'L', 'R' or 0
}

// String is the column as a table header writes it.
func (c Column) String() string {
	var b strings.Builder
	if c.Order != 0 {
		b.WriteByte(c.Order)
	}
	b.WriteString(c.Name)
	if c.Width > 0 {
		b.WriteByte('\\')
		b.WriteString(strconv.Itoa(c.Width))
		if c.Align != 0 {
			b.WriteByte(c.Align)
		}
	}
	return b.String()
}

// ParseColumns reads a table header "Rank\2R;+Score;Names\20".
func ParseColumns(v string) ([]Column, bool) {
	if v == "" {
		return nil, false
	}
	parts := strings.Split(v, ";")
	cols := make([]Column, 0, len(parts))
	for _, p := range parts {
		var c Column
		if p != "" && (p[0] == '+' || p[0] == '-') {
			c.Order = p[0]
			p = p[1:]
		}
		if i := strings.IndexByte(p, '\\'); i >= 0 {
			spec := p[i+1:]
			p = p[:i]
			n := 0
			j := 0
			for j < len(spec) && spec[j] >= '0' && spec[j] <= '9' {
				n = n*10 + int(spec[j]-'0')
				j++
			}
			if j == 0 {
				return nil, false
			}
			c.Width = n
			switch spec[j:] {
			case "":
			case "L", "R":
				c.Align = spec[j]
			default:
				return nil, false
			}
		}
		c.Name = p
		cols = append(cols, c)
	}
	return cols, true
}

// JoinHeaders is the table header of columns spelt as ColumnHeaders gives
// them ("Rank\2R;+Score").
func JoinHeaders(headers []string) string { return strings.Join(headers, ";") }

// Names are the names of cols, nil for none.
func Names(cols []Column) []string {
	if cols == nil {
		return nil
	}
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = c.Name
	}
	return out
}

// tableColumns are the columns of a table the record keeps as read, as its
// tag's value gives them (a section made by hand whose value does not
// give its columns: by their names alone); nil for a section that is no
// table.
func tableColumns(s *model.Section) []Column {
	if s.Columns == nil {
		return nil
	}
	cols, _ := ParseColumns(s.Tag.Value)
	if len(cols) != len(s.Columns) {
		cols = make([]Column, len(s.Columns))
		for i, n := range s.Columns {
			cols[i].Name = n
		}
	}
	return cols
}

// ColumnHeaders are the columns of s as PBN's table header spells each
// ("Rank\2R"), for a table the record keeps as read (JSON 2's "columns");
// nil for another section.
func ColumnHeaders(s *model.Section) []string {
	cols := tableColumns(s)
	if cols == nil {
		return nil
	}
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = c.String()
	}
	return out
}
