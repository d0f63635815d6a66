// Package parser reads hand records: PBN (1.0 to 2.1, as real software writes
// it), LIN and JSON. It owns its grammar types; callers see only the model.
package parser

import (
	"fmt"
	"sort"
	"strings"

	"handrec/model"
)

// Error is a fault at a position in a file.
type Error struct {
	File string
	Pos  model.Pos
	Msg  string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Pos.Line, e.Pos.Col, e.Msg)
}

// ErrorList is a list of problems, printed one a line, sorted by position.
type ErrorList []model.Problem

// Sort orders the problems by file and position.
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i], l[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line < b.Pos.Line
		}
		return a.Pos.Col < b.Pos.Col
	})
}

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	var b strings.Builder
	max := len(l)
	if max > 10 {
		max = 10
	}
	for i := 0; i < max; i++ {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(l[i].Error())
	}
	if len(l) > max {
		fmt.Fprintf(&b, "\n(and %d more errors)", len(l)-max)
	}
	return b.String()
}
