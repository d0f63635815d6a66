// Package layout holds the formats' layouts: what a format's reader keeps
// so that its writer can write a record back byte for byte, and that no
// other part of handrec interprets.
//
// A layout rides along with its record (model.Record.Layout) and through
// JSON (the archive's stored model), where model.MarshalLayout writes it as
// {"format": ..., "data": ...}. The types here register themselves with
// model.RegisterLayout, so importing this package is what lets a layout
// come back from JSON.
//
// LIN is the layout of a record read from LIN: the pauses (pg) where the
// writer would not put one, the lack of one where it would, where a claim
// stood among the comments of the play, the commands the model has no
// field for (at, a second qx, ...), and header values as written that the
// domain has no place for (a vg without its nine fields, a qx that is not
// o<N> or c<N>, an rs entry that could not be read, a segment's whole rs).
//
// PBN is the layout of a record read from PBN: its escape lines ("%"), a
// fact's tag given again after the first ("tag Dealer repeated; the first
// value counts"), whose value did not count, where it stood among the
// tags, and how it wrote the tables it holds as data. The facts themselves
// are the record's fields (LiftFacts moves a reader's fact tags there).
// PBNHeader is the layout of a PBN file's header: its version line,
// "% EXPORT", its other escape lines and a header block of "##" tags;
// PBNTrailer that of what follows its last game: its escape lines there
// (model.Trailer.Layout).
//
// The package imports only model and the standard library.
package layout
