package ddsolve

import (
	"handrec/model"
	"handrec/model/dd"
	"handrec/model/ddplay"
)

// analysisTableBytes bounds the solver of a play's analysis: the
// positions of one deal, trick by trick.
const analysisTableBytes = 16 << 20

// Analyse is the double-dummy analysis of r's play, card by card: show's.
func Analyse(r *model.Record) (*ddplay.Analysis, error) {
	return ddplay.Analyse(dd.NewSolver(analysisTableBytes), r)
}
