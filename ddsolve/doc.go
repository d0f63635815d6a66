// Package ddsolve is the one way to double dummy for the rest of
// handrec: every package but the solver's own (model/dd, model/ddplay)
// solves a record through it. It says whether a record can be solved
// (Solvable, Needed), solves records in order on all cores (Queue for
// dd and --dd, Stream for import --dd), each distinct deal once (Cache),
// solves a page's record for the viewer (Service), turns the solver's par
// into the record's (RecordPar, Add) and analyses a played deal card by
// card (Analyse). Storing tables is the archive's, printing them
// render's: render formats the solver's types, and calls none of it
// (internal/archtest's TestOneDDEntry).
package ddsolve
