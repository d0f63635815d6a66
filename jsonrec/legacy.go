package jsonrec

import (
	"handrec/internal/legacy"
	"handrec/model"
)

// JSON 2 as older handrecs wrote it, read through package legacy: this
// file alone of the codec imports it.

// semicolons are the indexes of the comments written ";": those listed,
// or, in JSON written before the layouts held it, those of kind
// "semicolon" (handrec 1: "line").
func semicolons(cs []Comment, listed []int) []int {
	if listed != nil {
		return listed
	}
	kinds := make([]string, len(cs))
	for i, c := range cs {
		kinds[i] = c.Kind
	}
	return legacy.Semicolons(kinds)
}

// settleOld gives a record read from JSON written by an older handrec
// today's form (legacy.SettleJSON): its LIN marks and its comments' kinds
// into its layouts.
func settleOld(r *model.Record) { legacy.SettleJSON(r) }
