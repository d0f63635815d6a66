// Package legacy reads what older handrecs stored and wrote, in the forms
// they had, and turns it into today's records: the model's own JSON that
// handrec 1 wrote and archives before schema version 10 stored
// (DEFLATE-compressed), LIN's names of the model before version 4
// (Lin... tags, lin|... comment kinds), the marks and comment kinds that
// JSON 2 gave before the layouts held them, a LIN source's trailer
// commands as comments, and the tags' first stored form.
//
// The package is frozen: what it reads was written once and never changes,
// so no new form is added here, and nothing new imports it. Its importers
// are the archive's upgrade (archive/upgrade*.go) and the JSON reader's
// reading of older documents (parser's JSON reader, jsonrec's decoder);
// an architecture test holds the list.
//
// What stays elsewhere: a layout's own JSON of an older form is read by its
// type (model.Adopter, model.Settler, layout.Repeat's UnmarshalJSON), which
// model's layout registry calls, and the comments of an older kind travel
// as layout.OldComment gives them until layout.SettleKinds places them.
//
// The package imports model, layout and the standard library.
package legacy
