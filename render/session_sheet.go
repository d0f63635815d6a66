package render

import (
	"slices"
	"strconv"
	"strings"

	"handrec/model/scoring"
)

// sheetHead is the sheet's heading of one of Session's columns: the
// column's name with its first letter capital and its side in capitals
// ("score_ns" is "Score NS"), but for the pairs (by side), the declarer,
// the tricks, the percentages and the IMPs and matchpoints.
func sheetHead(col string) string {
	if h, ok := sheetHeads[col]; ok {
		return h
	}
	for _, p := range [][2]string{{"ximp_", "XIMP_"}, {"imps_", "IMPs_"}, {"imp_", "IMP_"}, {"mp_", "MP_"}, {"percentage_", "%_"}} {
		if strings.HasPrefix(col, p[0]) {
			col = p[1] + col[len(p[0]):]
		}
	}
	col = strings.ToUpper(col[:1]) + col[1:]
	for _, side := range []string{"_ns", "_ew"} {
		if strings.HasSuffix(col, side) {
			col = strings.TrimSuffix(col, side) + " " + strings.ToUpper(side[1:])
		}
	}
	return strings.ReplaceAll(col, "_", " ")
}

var sheetHeads = map[string]string{"pair_ns": "NS", "pair_ew": "EW", "declarer": "By", "result": "Tricks", "percentage": "%", "multiplicity": "Mult."}

// flushLeft are the columns of text, set flush left; numbers are set
// flush right.
var flushLeft = map[string]bool{"contract": true, "declarer": true, "names": true, "pair": true, "file": true}

func sheetTable(title string, cols []string) SheetTable {
	t := SheetTable{Title: title}
	for _, c := range cols {
		t.Head = append(t.Head, sheetHead(c))
		t.Right = append(t.Right, !flushLeft[c])
	}
	return t
}

// Traveller is b's traveller as Session scored it under m: its rows with
// the score used (a stated score that is not the contract's is replaced
// by the contract's and marked "*") and the method's columns, and a note
// for each row with a problem.
func (b *SessionBoard) Traveller(m scoring.Method) SheetTable {
	title := "Traveller (" + m.Name() + ")"
	if b.Score.HasDatum {
		title += ", datum " + strconv.Itoa(b.Score.Datum)
	}
	cols := boardColumns(b)
	t := sheetTable(title, append(append([]string(nil), cols...), methodColumns(m)...))
	if files, _ := boardShape(b); files {
		// a board of tables' records: its pairs are names, set flush
		// left, and it stands for every table
		t.EveryTable = true
		for i, c := range cols {
			if c == "pair_ns" || c == "pair_ew" {
				t.Right[i] = false
			}
		}
	}
	score := slices.Index(cols, "score_ns")
	for i := range b.Rows {
		r := &b.Rows[i]
		row := append(boardValues(b, r), methodValues(m, b.Score.Rows[i])...)
		if r.Problem == "" {
			t.Rows = append(t.Rows, row)
			continue
		}
		mark := ""
		if r.Error {
			mark = "*"
			row[score] += mark
		}
		t.Rows = append(t.Rows, row)
		t.Notes = append(t.Notes, mark+"row "+strconv.Itoa(i+1)+": "+r.Problem)
	}
	return t
}

// StandingsTables are the standings as Session writes them, a table a
// field: under an IMP method, without the top and percentage columns,
// which it leaves empty.
func StandingsTables(rows []scoring.Standing, rep *SessionReport) []SheetTable {
	cols := standingColumns
	if rep.Method.IMPs() {
		cols = cols[:5]
	}
	var out []SheetTable
	for _, part := range StandingsParts(rows, rep) {
		t := sheetTable(part.Title, cols)
		for i := range part.Rows {
			t.Rows = append(t.Rows, standingValues(&part.Rows[i], rep.Method)[:len(cols)])
		}
		out = append(out, t)
	}
	return out
}

// MatchTable is team match tm, named n, as Session writes it: a line a
// board with the running score, its total and victory points in a note.
func MatchTable(n MatchName, tm *scoring.TeamMatch) SheetTable {
	t := sheetTable(matchHead(n, tm), matchColumns)
	for _, l := range tm.Lines {
		t.Rows = append(t.Rows, matchValues(l))
	}
	for _, part := range matchParts(tm) {
		if part.stanza != nil {
			t.Notes = append(t.Notes, stanzaLine(n, part.stanza))
		}
	}
	t.Notes = append(t.Notes, matchTotal(n, tm))
	return t
}
