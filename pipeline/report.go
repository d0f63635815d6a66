package pipeline

import (
	"fmt"
	"strconv"
	"strings"

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
	// ErrorsAt names the first records with errors (namedErrors of
	// them), by board and place: "board 2 at a.pbn:14"
	ErrorsAt []string
}

// namedErrors is how many records with errors the summary names.
const namedErrors = 3

// recordName names r in the summary: its board and where it starts,
// or its place in its file when it states no board.
func recordName(r *model.Record) string {
	at := r.File
	if r.Pos.Line > 0 {
		at += ":" + strconv.Itoa(r.Pos.Line)
	}
	if r.Board > 0 {
		return fmt.Sprintf("board %d at %s", r.Board, at)
	}
	return fmt.Sprintf("record %d at %s", r.Index, at)
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
		if len(t.ErrorsAt) < namedErrors {
			t.ErrorsAt = append(t.ErrorsAt, recordName(r))
		}
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
// 5 records, 2 with errors (board 2 at a.pbn:14, board 5 at a.pbn:60), 1
// with warnings" ("1 file", "1 record"; the first three records with
// errors named, "and N more"), and the records cut when there are any.
func (t ReadTally) String() string {
	files, records := "files", "records"
	if t.Files == 1 {
		files = "file"
	}
	if t.Records == 1 {
		records = "record"
	}
	named := ""
	if len(t.ErrorsAt) > 0 {
		named = " (" + strings.Join(t.ErrorsAt, ", ")
		if more := t.Errors - len(t.ErrorsAt); more > 0 {
			named += fmt.Sprintf(" and %d more", more)
		}
		named += ")"
	}
	s := fmt.Sprintf("%d %s (%d failed): %d %s, %d with errors%s, %d with warnings", t.Files, files, t.Failed, t.Records, records, t.Errors, named, t.Warnings)
	if t.Cut > 0 {
		s += fmt.Sprintf(", %d cut at %d,%03d items, the rest of them not read", t.Cut, parser.MaxItems/1000, parser.MaxItems%1000)
	}
	return s
}
