package main

import (
	"io"
	"strconv"

	"handrec/export"
	"handrec/model"
	"handrec/model/scoring"
)

// blockNames remembers the players of each record scored, so that the
// scoring blocks of `handrec score --rubber` can head their columns with
// the players' names, as the books head theirs "A & B" and "C & D".
type blockNames map[string][4]string

func recordKey(file string, index int) string { return file + "#" + strconv.Itoa(index) }

// add notes the players of r.
func (n blockNames) add(r *model.Record) {
	var p [4]string
	for _, s := range model.Seats {
		p[s] = r.Player(s)
	}
	n[recordKey(r.File, r.Index)] = p
}

// writeScoreBlocks draws the scoring block of each rubber of rep, after
// the deal-by-deal listing of `handrec score --rubber`.
func writeScoreBlocks(w io.Writer, rep *scoring.Report, names blockNames) error {
	if len(rep.Rubbers) == 0 {
		return nil
	}
	io.WriteString(w, "\n")
	return export.WriteScoreBlocks(w, rep, false, func(rb *scoring.Rubber) map[string]string {
		if len(rb.Deals) == 0 {
			return nil
		}
		d := rep.Deals[rb.Deals[0]]
		p, ok := names[recordKey(d.File, d.Index)]
		if !ok {
			return nil
		}
		if rb.Code == scoring.Pirate1916 {
			return map[string]string{"N": p[model.North], "E": p[model.East], "S": p[model.South], "W": p[model.West]}
		}
		return map[string]string{
			"NS": export.PairNames(p[model.North], p[model.South]),
			"EW": export.PairNames(p[model.East], p[model.West]),
		}
	})
}
