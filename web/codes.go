package web

import (
	"slices"
	"strconv"
	"strings"

	"handrec/archive"
	"handrec/model"
	"handrec/model/scoring"
)

// scoreRow is the record's score under one code: by side (NS, EW), or in
// Pirate Bridge by seat; Applies when the code is one the record was
// played under (appliesTo).
type scoreRow struct {
	Code    string    `json:"code"`
	Pts     [6]string `json:"points"` // NS EW N E S W; "" for none
	Applies bool      `json:"applies"`
}

// historicBefore is the year from which a record of no Scoring tag is
// taken to be played under the contract code: the historic codes apply to
// a record dated before it, contract to one dated from it or not dated.
const historicBefore = 1930

// scoresOf scores the record under every code that can score it, as the
// scores view lists them, each marked whether it applies.
func scoresOf(r *model.Record) []scoreRow {
	var out []scoreRow
	col := map[string]int{"NS": 0, "EW": 1, "N": 2, "E": 3, "S": 4, "W": 5}
	for _, sc := range archive.AllScores(r) {
		if len(out) == 0 || out[len(out)-1].Code != sc.Code {
			out = append(out, scoreRow{Code: sc.Code, Applies: appliesTo(r, scoring.Code(sc.Code))})
		}
		if i, ok := col[sc.Who]; ok {
			out[len(out)-1].Pts[i] = strconv.Itoa(sc.Points)
		}
	}
	slices.SortStableFunc(out, func(a, b scoreRow) int { return strings.Compare(a.Code, b.Code) })
	return out
}

// appliesTo reports whether code is one the record was played under
// (codeApplies).
func appliesTo(r *model.Record, code scoring.Code) bool {
	date, _ := r.FactValue(model.FactDate)
	return codeApplies(r.Scoring(), date, code)
}

// codeApplies reports whether code is one a record of that Scoring tag
// and date was played under: the one its Scoring tag names; else, for a
// record dated before 1930, the historic codes (the books' bridge, auction
// and pirate bridge); else contract.
func codeApplies(scoringTag, date string, code scoring.Code) bool {
	if c, ok := scoring.ParseCode(scoringTag); ok {
		return code == c
	}
	historic := false
	if len(date) >= 4 {
		if y, err := strconv.Atoi(date[:4]); err == nil {
			historic = y < historicBefore
		}
	}
	return historic == (code != scoring.Contract)
}
