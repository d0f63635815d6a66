// Package jsonrec is handrec's JSON, version 2: a hand record as people
// and programs read it, bridge first. A call is "5C", "X" or "Pass", a
// contract "4SX", a card "SA", a result the declarer's tricks; the facts of
// PBN's mandatory tags are fields, the other tags stay tags; where the
// record was read goes under "source", and what only its source format
// needs to write it back as read under "layout". docs/handrec.schema.json
// describes it key by key.
//
// The package converts between this form and the model both ways, so that
// the writer (package export) and the reader (package parser) share one
// definition.
package jsonrec
