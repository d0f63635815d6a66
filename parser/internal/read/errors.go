// Package read holds what the readers of parser/... share: the error
// list, the limits on what one record may hold (bytes, lines, items), the
// readers' options, the decoding of text (UTF-8, else Latin-1), and the
// options of the stream that parses records on workers.
package read

import (
	"fmt"
	"sort"
	"strings"

	"handrec/model"
)

// Error is one fault at a position in a file, printed "file:line:col: msg".
// It is the model's Problem, so that a fault met while reading a file and
// one met while checking a record are the same value, in a record's
// Problems or in an ErrorList.
type Error = model.Problem

// ErrorList is a list of errors, as go/scanner keeps them: Add collects,
// Sort orders by file and position, Err gives nil for an empty list, and
// Error prints one a line, up to maxListed, then "(and N more errors)".
type ErrorList []Error

// maxListed is how many errors ErrorList.Error prints.
const maxListed = 10

// Add appends an error at pos in file.
func (l *ErrorList) Add(file string, pos model.Pos, msg string) {
	*l = append(*l, Error{File: file, Pos: pos, Severity: model.SevError, Message: msg})
}

func (l ErrorList) Len() int      { return len(l) }
func (l ErrorList) Swap(i, j int) { l[i], l[j] = l[j], l[i] }

func (l ErrorList) Less(i, j int) bool {
	a, b := l[i], l[j]
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Pos.Line != b.Pos.Line {
		return a.Pos.Line < b.Pos.Line
	}
	return a.Pos.Col < b.Pos.Col
}

// Sort orders the errors by file and position, keeping the order of errors
// at the same position.
func (l ErrorList) Sort() { sort.Stable(l) }

// Err returns the list as an error, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	var b strings.Builder
	n := min(len(l), maxListed)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(l[i].Error())
	}
	switch more := len(l) - n; {
	case more == 1:
		b.WriteString("\n(and 1 more error)")
	case more > 1:
		fmt.Fprintf(&b, "\n(and %d more errors)", more)
	}
	return b.String()
}

// ErrorAt is a one-error list: a fault that stops the reading of a file.
func ErrorAt(file string, pos model.Pos, msg string) error {
	var l ErrorList
	l.Add(file, pos, msg)
	return l.Err()
}
