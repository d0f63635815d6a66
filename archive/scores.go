package archive

import (
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
