package scoring

import (
	"strconv"
	"strings"

	"handrec/model"
)

// rawFields are the PBN names of the traveller's columns a session reads
// (PBN 2.1, 5.9).
var rawFields = map[string]model.Field{
	"rank": model.FieldRank, "section": model.FieldSection, "table": model.FieldTable, "round": model.FieldRound,
	"pairid_ns": model.FieldPairNS, "pairid_ew": model.FieldPairEW, "names_ns": model.FieldNamesNS, "names_ew": model.FieldNamesEW,
	"contract": model.FieldContract, "declarer": model.FieldDeclarer, "result": model.FieldResult,
	"score_ns": model.FieldScoreNS, "score_ew": model.FieldScoreEW, "imp_ns": model.FieldIMPNS, "imp_ew": model.FieldIMPEW,
	"mp_ns": model.FieldMPNS, "mp_ew": model.FieldMPEW, "percentage_ns": model.FieldPercentNS, "percentage_ew": model.FieldPercentEW,
	"multiplicity": model.FieldMultiplicity,
}

// rawTraveller reads a traveller kept as its elements: each element that
// reads as its column's value, an artificial score in a score or
// percentage column as such, anything else ("?") as not given.
func rawTraveller(r *model.Record, s *model.Section) []Row {
	rows := make([]Row, 0, len(s.Rows))
	for k, elems := range s.Rows {
		row := Row{TableResult: model.NewTableResult()}
		if k < len(s.RowPos) {
			row.Pos = s.RowPos[k]
		}
		for j, e := range elems {
			if j < len(s.Columns) {
				rawCell(&row, rawFields[strings.ToLower(s.Columns[j])], e)
			}
		}
		finishRow(r, &row)
		rows = append(rows, row)
	}
	return rows
}

func rawCell(row *Row, f model.Field, e string) {
	e = strings.TrimSpace(e)
	if len(e) >= 2 && e[0] == '"' && e[len(e)-1] == '"' {
		e = strings.ReplaceAll(strings.ReplaceAll(e[1:len(e)-1], `\"`, `"`), `\\`, `\`)
	}
	if e == "-" || e == "?" || e == "" {
		return
	}
	num := func() int {
		n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimPrefix(e, "^"), "+"))
		if err != nil {
			return model.NoInt
		}
		return n
	}
	switch f {
	case model.FieldPairNS, model.FieldPairEW:
		row.Pair[f-model.FieldPairNS] = e
	case model.FieldNamesNS, model.FieldNamesEW:
		row.Names[f-model.FieldNamesNS] = e
	case model.FieldContract:
		if c, ok := model.ParseContract(e); ok {
			row.Contract = c
		}
	case model.FieldDeclarer:
		if s, ok := model.ParseSeat(e[0]); ok && len(e) == 1 {
			row.Declarer = s
		}
	case model.FieldResult:
		row.Result = num()
	case model.FieldMultiplicity:
		row.Multiplicity = num()
	case model.FieldScoreNS, model.FieldScoreEW, model.FieldPercentNS, model.FieldPercentEW, model.FieldMPNS, model.FieldMPEW:
		rawScoreCell(row, f, e, num())
	}
}

// rawScoreCell reads a score, matchpoint or percentage element: an
// artificial score when marked ("^") or spelt as one, else its number. A
// marked number in a score column is an assigned score ("^-420"),
// compared as the others are; in a percentage column a percentage.
func rawScoreCell(row *Row, f model.Field, e string, n int) {
	side := model.NS
	if f == model.FieldScoreEW || f == model.FieldPercentEW || f == model.FieldMPEW {
		side = model.EW
	}
	pct := f == model.FieldPercentNS || f == model.FieldPercentEW
	if _, ok := ArtificialPercent(e); ok && (e[0] == '^' || n == model.NoInt) && f != model.FieldMPNS && f != model.FieldMPEW {
		row.Artificial[side] = e
		return
	}
	if pct && e[0] == '^' && n != model.NoInt { // "^55": an artificial 55%
		row.Artificial[side] = e[1:] + "%"
		return
	}
	switch f {
	case model.FieldScoreNS, model.FieldScoreEW:
		row.Score[side] = n
	case model.FieldPercentNS, model.FieldPercentEW:
		if v, err := strconv.ParseFloat(e, 64); err == nil {
			row.Percent[side] = model.Points(v)
		}
	case model.FieldMPNS, model.FieldMPEW:
		if v, err := strconv.ParseFloat(strings.TrimPrefix(e, "^"), 64); err == nil {
			row.MP[side] = model.Points(v)
		}
	}
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
