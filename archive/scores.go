package archive

import (
	"fmt"
	"slices"
	"strings"

	"handrec/model"
	"handrec/model/scoring"
)

// AllScores scores a record on its own under every code, for the scores
// view: a row for each column of the code (each side, or under Pirate
// Bridge each player). A code that cannot score the record gives no row.
func AllScores(r *model.Record) []Score {
	out := make([]Score, 0, 12) // the columns of every code
	var ds scoring.DealScore
	for _, code := range scoring.Codes {
		if err := scoring.ScoreInto(&ds, r, scoring.Options{Code: code}); err != nil || ds.Err != "" {
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
	type row struct {
		code string
		pts  [7]int
		has  [7]bool
		n    int // columns up to the last with points
	}
	var room [8]row // the five codes, on the stack
	out := room[:0]
	for _, sc := range scores {
		col, ok := whoColumn[sc.Who]
		if !ok {
			continue
		}
		k := len(out) - 1
		if k < 0 || out[k].code != sc.Code {
			out = append(out, row{code: sc.Code, n: 1})
			k++
		}
		out[k].pts[col], out[k].has[col] = sc.Points, true
		out[k].n = max(out[k].n, col+1)
	}
	if len(out) == 0 {
		return nil, nil
	}
	slices.SortStableFunc(out, func(a, b row) int { return strings.Compare(a.code, b.code) })
	b := append(e.buf.AvailableBuffer()[:0], '[')
	for i, o := range out {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		if id, ok := e.scoreCodes[o.code]; ok {
			b = appendJSONInt(b, id)
		} else if b, ok = appendJSONString(b, o.code); !ok {
			return nil, fmt.Errorf("scoring code %q", o.code)
		}
		for c := 1; c < o.n; c++ {
			b = append(b, ',')
			if o.has[c] {
				b = appendJSONInt(b, o.pts[c])
			} else {
				b = append(b, "null"...)
			}
		}
		b = append(b, ']')
	}
	return string(append(b, ']')), nil
}
