package pipeline

import (
	"fmt"

	"handrec/model"
	"handrec/parser"
)

// ReadTally counts what reading records from files met, for the commands
// that read files and write something else (show, sheet, score, dd,
// session, convert): the files, those that could not be read, the
// records, those with errors and warnings, and those cut at
// parser.MaxItems, the rest of them not read.
type ReadTally struct {
	Files, Failed                  int
	Records, Errors, Warnings, Cut int
}

// Record counts r.
func (t *ReadTally) Record(r *model.Record) {
	t.Records++
	errs, warns := false, false
	for _, p := range r.Problems {
		if p.Severity == model.SevWarning {
			warns = true
		} else {
			errs = true
		}
	}
	if errs {
		t.Errors++
	}
	if warns {
		t.Warnings++
	}
	if _, cut := parser.Cut(r); cut {
		t.Cut++
	}
}

// Fails is import's rule for the exit status: a file that could not be
// read, or a record not read whole (cut at parser.MaxItems), fails the
// command; with strict, so does a record with errors. A record with
// errors is written (or shown, scored) with them, as import stores it.
func (t ReadTally) Fails(strict bool) bool {
	return t.Failed > 0 || t.Cut > 0 || strict && t.Errors > 0
}

// String is the closing summary in import's words: "2 files (0 failed):
// 5 records, 2 with errors, 1 with warnings" ("1 file", "1 record"), and
// the records cut when there are any.
func (t ReadTally) String() string {
	files, records := "files", "records"
	if t.Files == 1 {
		files = "file"
	}
	if t.Records == 1 {
		records = "record"
	}
	s := fmt.Sprintf("%d %s (%d failed): %d %s, %d with errors, %d with warnings", t.Files, files, t.Failed, t.Records, records, t.Errors, t.Warnings)
	if t.Cut > 0 {
		s += fmt.Sprintf(", %d cut at %d,%03d items, the rest of them not read", t.Cut, parser.MaxItems/1000, parser.MaxItems%1000)
	}
	return s
}
