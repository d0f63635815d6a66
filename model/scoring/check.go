package scoring

import (
	"fmt"
	"strings"

	"handrec/model"
)

// CheckRows reports, where it stands, each traveller row of r whose
// stated score is not its contract's, and each with a fault (a cell not
// of its column's type or range, cells that contradict each other, a pair
// that played the board at an earlier row): what is wrong, and whether a
// session leaves the row out.
func CheckRows(r *model.Record, rows []Row) []model.Problem {
	var out []model.Problem
	for i := range rows {
		if rows[i].Error || len(rows[i].Faults) > 0 {
			pos := rows[i].Pos
			if pos.Line == 0 {
				pos = r.Pos
			}
			out = append(out, model.Problem{File: r.File, Pos: pos, Severity: model.SevError,
				Message: fmt.Sprintf("traveller row %d: %s", i+1, rows[i].Problem)})
		}
	}
	return out
}

// CheckScore reports a Score fact that is not the duplicate score of the
// record's contract, declarer, result and vulnerability (a duplicate
// record's: no rubber, Chicago or historic code).
func CheckScore(r *model.Record) (model.Problem, bool) {
	if CodeOf(r) != Contract || !duplicateScoring(r.Scoring()) {
		return model.Problem{}, false
	}
	v, ok := r.FactValue(model.FactScore)
	if !ok {
		return model.Problem{}, false
	}
	got, ok := ParseScoreTag(v, r.Declarer)
	if !ok {
		return model.Problem{}, false
	}
	t := model.TableResult{Contract: r.Contract, Declarer: r.Declarer, Result: int(r.Result.Tricks)}
	if r.Contract.Kind == model.Bid && r.Result.Tricks < 0 {
		return model.Problem{}, false
	}
	want, ok := rowScore(r, &t)
	if !ok || want == got {
		return model.Problem{}, false
	}
	pos := r.Facts[model.FactScore].Pos
	if pos.Line == 0 {
		pos = r.Pos
	}
	what := "a passed-out board"
	if r.Contract.Kind == model.Bid {
		what = describe(r, &t)
	}
	return model.Problem{File: r.File, Pos: pos, Severity: model.SevError,
		Message: fmt.Sprintf("score: %q is not the score of %s: %s", v, what, nsText(want))}, true
}

// nsText is North-South's score as a Score tag gives it: "NS 300",
// "EW 620" for a score of -620.
func nsText(n int) string {
	if n < 0 {
		return fmt.Sprintf("EW %d", -n)
	}
	return fmt.Sprintf("NS %d", n)
}

// duplicateScoring reports whether a Scoring tag's value scores each
// board on its own (no rubber, Chicago or Cavendish, whose scores carry
// the state of a game).
func duplicateScoring(s string) bool {
	for _, f := range strings.Split(strings.ToLower(s), ";") {
		switch strings.TrimSpace(f) {
		case "rubber", "chicago", "cavendish", "oldmp", "imp_1948":
			return false
		}
	}
	return true
}
