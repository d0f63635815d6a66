package pipeline

import (
	"context"
	"errors"
	"io"

	"handrec/model"
	"handrec/model/scoring"
	"handrec/parser"
)

// Check reads every record of paths ("-" reads stdin) and gives each problem to report: the
// records' own, the reader's (each where it says), and a file that cannot
// be read at all as an error at 1:1. It returns the records read, and
// ctx's error when ctx was cancelled: it stops at the next record.
func Check(ctx context.Context, stdin io.Reader, paths []string, report func(model.Problem)) (records int, err error) {
	return CheckUnder(ctx, stdin, paths, "", report)
}

// CheckUnder is Check, each record checked under a scoring code too: code,
// or where code is "" the code the record's Scoring names (if any). Under
// the laws of bridge a declarer who is not the dealer is a warning (law
// 59; scoring.LawProblems).
func CheckUnder(ctx context.Context, stdin io.Reader, paths []string, code scoring.Code, report func(model.Problem)) (records int, err error) {
	for _, f := range paths {
		file, err := ReadFile(ctx, stdin, f, nil, func(r *model.Record) error {
			records++
			for _, p := range r.Problems {
				report(p)
			}
			// the scores it states against its contracts'
			for _, p := range ScoreProblems(r) {
				report(p)
			}
			c := code
			if c == "" && r.Scoring() != "" {
				c = scoring.CodeOf(r)
			}
			for _, p := range scoring.LawProblems(r, c) {
				report(p)
			}
			return nil
		})
		for _, p := range file.Problems { // after the last record
			report(p)
		}
		if ctx.Err() != nil {
			return records, ctx.Err()
		}
		var located parser.ErrorList
		switch {
		case errors.As(err, &located):
			for _, p := range located { // the reader says where
				report(p)
			}
		case err != nil:
			report(model.Problem{File: f, Pos: model.Pos{Line: 1, Col: 1}, Severity: model.SevError, Message: err.Error()})
		}
	}
	return records, nil
}

// FailedFile is the line that says why the file at path could not be read:
// the error alone when a reader's error names its place (file:line:col),
// else the path and the error.
func FailedFile(path string, err error) string {
	var located parser.ErrorList
	if errors.As(err, &located) && len(located) > 0 && located[0].File != "" {
		return err.Error()
	}
	return path + ": " + err.Error()
}
