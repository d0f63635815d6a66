package cli

import (
	"errors"
	"fmt"
	"os"

	"github.com/urfave/cli/v2"

	"handrec/archive"
	"handrec/ddsolve"
	"handrec/model"
	"handrec/pipeline"
)

// runDDArchive is handrec dd --db: it solves the archive's games that
// have no double-dummy row yet and stores their tables and par (the dd
// and par views), saying how far it is on stderr.
func runDDArchive(c *cli.Context) error {
	if c.NArg() > 0 {
		return usagef("dd: --db solves the archive's deals: give no FILE beside it (or leave --db out to solve files)")
	}
	if c.IsSet("format") || c.Bool("verify") {
		return usagef("dd: --format and --verify are for files; --db stores the tables in the archive (the dd and par views)")
	}
	if c.Int("tt-mb") < 1 || c.Int("jobs") < 1 {
		return usagef("dd: --tt-mb and --jobs must be at least 1")
	}
	if _, err := os.Stat(dbPath(c)); err != nil && !archive.IsURL(dbPath(c)) {
		return fmt.Errorf("dd: %w at %s\nTry: handrec import --db %s --dd FILE|DIR...", archive.ErrNoArchive, dbPath(c), dbPath(c))
	}
	ctx := c.Context
	db, err := openForWriting(ctx, c, true)
	if err != nil {
		return err
	}
	defer db.Close()
	opt := ddsolve.Options{Jobs: c.Int("jobs"), TableBytes: c.Int("tt-mb") << 20}
	var bar *progress
	st, err := pipeline.SolveArchive(ctx, db, opt, func(st pipeline.DDStats) {
		if bar == nil {
			bar = newCountProgress(rawStderr(c), st.Games, "games")
		}
		bar.set(st.Stored, fmt.Sprintf("handrec: dd: %d of %d games done, %d distinct deals solved", st.Stored, st.Games, st.Solved))
	}, func(r *model.Record, err error) {
		fmt.Fprintf(bar.above(c.App.ErrWriter), "%sboard %d: %v\n", model.Prefix(r.File, r.Pos), r.Board, err)
	})
	bar.end()
	if errors.Is(err, ctx.Err()) && ctx.Err() != nil {
		return interrupted(fmt.Sprintf("%d games stored; run handrec dd --db again to go on", st.Stored))
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(c.App.Writer, "stored the tables of %d games, %d distinct deals solved, into %s (the dd and par views)\n",
		st.Stored, st.Solved, db.Path())
	if st.Failed > 0 {
		// said above, each at its record; the next run says it again
		return exitCode(exitInput)
	}
	return nil
}

// ddDBDefault lets "handrec dd --db" name no archive: the one of
// $HANDREC_DB, else handrec.db, as for the other archive commands.
func ddDBDefault(args []string) []string {
	if len(args) < 3 || args[1] != "dd" {
		return args
	}
	for i := 2; i < len(args); i++ {
		if args[i] == "--" {
			break
		}
		if args[i] == "--db" && (i+1 == len(args) || looksLikeOption(args[i+1])) {
			path := os.Getenv("HANDREC_DB")
			if path == "" {
				path = defaultDB
			}
			out := append(append(append([]string(nil), args[:i+1]...), path), args[i+1:]...)
			return out
		}
	}
	return args
}
