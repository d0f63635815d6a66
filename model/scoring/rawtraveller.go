package scoring

import (
	"fmt"
	"strings"

	"handrec/model"
)

// rawFields are the columns a session reads by their PBN names (PBN
// 2.1, 5.9), lower case.
var rawFields = func() map[string]model.Field {
	m := map[string]model.Field{}
	for f, name := range columnNames {
		m[strings.ToLower(name)] = f
	}
	return m
}()

// rawTraveller reads a traveller kept as its elements: each element that
// reads as its column's value, an artificial score in a score or
// percentage column as such; "-", "?" and an empty element as not given;
// any other element is a fault of its row (the traveller's rule), its
// value not taken. A column the header names twice ("Score_NS;Score_NS")
// is read twice: a row that gives it two values is at fault, neither
// taken.
func rawTraveller(s *model.Section) []Row {
	rows := make([]Row, 0, len(s.Rows))
	fields := make([]model.Field, len(s.Columns))
	for j, c := range s.Columns {
		fields[j] = rawFields[strings.ToLower(c)]
	}
	for k, elems := range s.Rows {
		row := Row{TableResult: model.NewTableResult()}
		if k < len(s.RowPos) {
			row.Pos = s.RowPos[k]
		}
		var given [model.NumFields]string
		for j, e := range elems {
			f, e := model.NoField, cellText(e)
			if j < len(fields) {
				f = fields[j]
			}
			switch {
			case f == model.NoField || e == "":
			case given[f] == "":
				given[f] = e
				rawCell(&row, f, e)
			case given[f] != e && !row.bad[f]:
				row.bad[f] = true
				row.Faults = append(row.Faults, fmt.Sprintf("%s given twice, %q and %q", columnNames[f], given[f], e))
			}
		}
		rows = append(rows, row)
	}
	return rows
}

// cellText is an element's text, without PBN's quotes and escapes; ""
// for one that gives nothing ("-", "?" or empty).
func cellText(e string) string {
	e = strings.TrimSpace(e)
	if len(e) >= 2 && e[0] == '"' && e[len(e)-1] == '"' {
		e = strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(e[1:len(e)-1], `\"`, `"`), `\\`, `\`))
	}
	if e == "-" || e == "?" {
		return ""
	}
	return e
}

// rawCell reads e, the text of a given element, into row's field f.
func rawCell(row *Row, f model.Field, e string) {
	ok := true
	switch f {
	case model.FieldSection:
		row.Section = e
	case model.FieldPairNS, model.FieldPairEW:
		row.Pair[f-model.FieldPairNS] = e
	case model.FieldNamesNS, model.FieldNamesEW:
		row.Names[f-model.FieldNamesNS] = e
	case model.FieldContract:
		row.Contract, ok = model.ParseContract(e)
	case model.FieldDeclarer:
		row.Declarer, ok = model.ParseSeat(e[0])
		ok = ok && len(e) == 1
	case model.FieldLead:
		row.Lead = e
	case model.FieldRank:
		row.Rank, ok = model.ParseTableInt(strings.TrimSuffix(e, "=")) // "3=": a rank shared
	case model.FieldTable:
		row.Table, ok = model.ParseTableInt(e)
	case model.FieldRound:
		row.Round, ok = model.ParseTableInt(e)
	case model.FieldResult:
		row.Result, ok = model.ParseTableInt(e)
	case model.FieldMultiplicity:
		row.Multiplicity, ok = model.ParseTableInt(e)
	case model.FieldScoreNS, model.FieldScoreEW, model.FieldPercentNS, model.FieldPercentEW, model.FieldMPNS, model.FieldMPEW, model.FieldIMPNS, model.FieldIMPEW:
		ok = rawScoreCell(row, f, e)
	}
	if !ok {
		row.fault(f, e)
	}
}

// rawScoreCell reads a score, IMP, matchpoint or percentage element: an
// artificial score when marked ("^") or spelt as one, else its number;
// false when it is neither. A marked number in a score column is an
// assigned score ("^-420"), compared as the others are; in a percentage
// column a percentage ("^55").
func rawScoreCell(row *Row, f model.Field, e string) bool {
	side := model.NS
	if f == model.FieldScoreEW || f == model.FieldPercentEW || f == model.FieldMPEW || f == model.FieldIMPEW {
		side = model.EW
	}
	marked := strings.TrimPrefix(e, "^")
	switch f {
	case model.FieldScoreNS, model.FieldScoreEW, model.FieldPercentNS, model.FieldPercentEW:
		if _, ok := ArtificialPercent(e); ok && (e[0] == '^' || !isNumber(e)) {
			row.Artificial[side] = e
			return true
		}
	}
	switch f {
	case model.FieldScoreNS, model.FieldScoreEW:
		n, ok := model.ParseTableInt(marked)
		row.Score[side] = n
		return ok
	case model.FieldPercentNS, model.FieldPercentEW:
		v, ok := model.ParseTablePoints(marked)
		if ok && e[0] == '^' { // "^55": an artificial 55%
			if v < 0 || v > 100 {
				row.badArtificial = true
				return false
			}
			row.Artificial[side] = marked + "%"
			return true
		}
		row.Percent[side] = v
		return ok
	case model.FieldMPNS, model.FieldMPEW:
		v, ok := model.ParseTablePoints(marked)
		row.MP[side] = v
		return ok
	}
	v, ok := model.ParseTablePoints(e)
	row.IMP[side] = v
	return ok
}

// isNumber reports whether an element reads as a number in decimals.
func isNumber(e string) bool {
	_, ok := model.ParseTablePoints(e)
	return ok
}

// knownColumns reports whether a column of cols is one a session reads.
func knownColumns(cols []string) bool {
	for _, c := range cols {
		if rawFields[strings.ToLower(c)] != model.NoField {
			return true
		}
	}
	return false
}
