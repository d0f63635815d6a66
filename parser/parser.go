// Package parser reads hand records: PBN (1.0 to 2.1, as real software writes
// it), LIN, JSON and deal diagrams. It is the front: Open tells a file's
// format from its content and hands the file to that format's reader, a
// package under parser/ (pbn, lin, json, diagram) that owns its grammar
// types; callers see only the model.
package parser

import (
	"handrec/model"
	"handrec/parser/internal/read"
)

// Error is one fault at a position in a file, printed "file:line:col: msg".
// It is the model's Problem, so that a fault met while reading a file and
// one met while checking a record are the same value, in a record's
// Problems or in an ErrorList.
type Error = read.Error

// ErrorList is a list of errors, as go/scanner keeps them: Add collects,
// Sort orders by file and position, Err gives nil for an empty list, and
// Error prints one a line, up to ten, then "(and N more errors)".
type ErrorList = read.ErrorList

// Option configures a reader.
type Option = read.Option

// Workers sets how many games are parsed at once (default: GOMAXPROCS).
// One parses on the caller's goroutine.
func Workers(n int) Option { return read.Workers(n) }

// MaxItems bounds what one record may hold by count, as MaxRecord does by
// bytes: PBN tags, calls, cards, comments, notes and marks, or LIN
// commands. What a record holds past it is not read, and a problem says
// where it was cut and how much.
const MaxItems = read.MaxItems

// MaxRecord bounds the text of one record (a PBN game, a LIN board, a JSON
// record) and MaxLine one line of PBN: a file with no record boundary is
// stopped with an error naming the limit instead of being held in memory.
// Records read before it are kept.
const (
	MaxRecord = read.MaxRecord
	MaxLine   = read.MaxLine
)

// Cut returns the problem that says r was cut at MaxItems, the rest of it
// not read, if it was: what a command that writes r out must say, as its
// output lacks that rest.
func Cut(r *model.Record) (model.Problem, bool) { return read.Cut(r) }
