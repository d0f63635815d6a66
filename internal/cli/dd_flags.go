package cli

import (
	"github.com/urfave/cli/v2"

	"handrec/ddsolve"
	"handrec/model"
	"handrec/pipeline"
)

// ddFlag is --dd of show, sheet, convert, export and import: solve the
// deals that carry no double-dummy table. usage says what it adds.
func ddFlag(usage string) cli.Flag {
	return &cli.BoolFlag{Name: "dd", Usage: usage + " (a deal takes seconds to solve; " +
		"the deals are solved on all cores)"}
}

// withDD is src with the tables and par of --dd added, when it is set.
func withDD(c *cli.Context, src pipeline.Source) pipeline.Source {
	if !c.Bool("dd") {
		return src
	}
	return pipeline.WithDD(src, ddsolve.Options{})
}

// onlyBoard is src with only the records of board n (all when n is 0).
func onlyBoard(src pipeline.Source, n int) pipeline.Source {
	if n <= 0 {
		return src
	}
	return func(fn func(*model.Record) error) error {
		return src(func(r *model.Record) error {
			if r.Board != n {
				return nil
			}
			return fn(r)
		})
	}
}
