package archive

import (
	"bytes"
	"sort"

	"handrec/model"
	"handrec/model/scoring"
)

// AllScores scores a record on its own under every code, for the scores
// view: a row for each column of the code (each side, or under Pirate
// Bridge each player). A code that cannot score the record gives no row.
func AllScores(r *model.Record) []Score {
	var out []Score
	for _, code := range scoring.Codes {
		ds, err := scoring.Score(r, scoring.Options{Code: code})
		if err != nil || ds.Err != "" {
			continue
		}
		for _, who := range code.Columns() {
			out = append(out, Score{Code: string(code), Who: who, Points: ds.Total(who)})
		}
	}
	return out
}

// A game's scores (game.scores, read by the scores view) are one JSON
// array (schema version 16; before, a row a code): an array a code, in
// the order of the codes' names, of the code (an id of score_code, or
// its name) and the points of NS, EW, N, E, S and W, null where the
// code gives none, the nulls at the end left off.

// whoColumn is the place of each side's and seat's points in a code's
// array.
var whoColumn = map[string]int{"NS": 1, "EW": 2, "N": 3, "E": 4, "S": 5, "W": 6}

// scores is the stored form of scores, nil for none.
func (e *encoder) scores(scores []Score) (any, error) {
	var out [][]any
	for _, sc := range scores {
		col, ok := whoColumn[sc.Who]
		if !ok {
			continue
		}
		k := len(out) - 1
		if k < 0 || out[k][0] != any(sc.Code) {
			out = append(out, []any{sc.Code})
			k++
		}
		for len(out[k]) <= col {
			out[k] = append(out[k], nil)
		}
		out[k][col] = sc.Points
	}
	if len(out) == 0 {
		return nil, nil
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i][0].(string) < out[j][0].(string) })
	for _, o := range out {
		if id, ok := e.scoreCodes[o[0].(string)]; ok {
			o[0] = id
		}
	}
	e.buf.Reset()
	if err := e.je.Encode(out); err != nil {
		return nil, err
	}
	return string(bytes.TrimSuffix(e.buf.Bytes(), []byte{'\n'})), nil
}
