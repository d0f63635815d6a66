package cli

import (
	"errors"
	"fmt"
	"os"

	"github.com/urfave/cli/v2"

	"handrec/archive"
	"handrec/ddsolve"
	"handrec/pipeline"
)

func importCommand() *cli.Command {
	return &cli.Command{
		Name:      "import",
		Usage:     "add hand records (PBN, LIN, JSON) to the SQLite archive",
		ArgsUsage: "FILE|DIR...",
		UsageText: "handrec import [--db PATH] [--skip-errors] [--again] [--strict] [--dd] [--quiet|--all] FILE|DIR...\n\n" +
			"Examples:\n   handrec import samples/\n   handrec import --db club.db 2024/*.pbn",
		Description: "Reads each file (the format is told from the content; directories are walked for .pbn, .lin " +
			"and .json files) and adds its records to the archive, one transaction per file: an interrupted import " +
			"leaves the archive as it was before that file. A record with errors is stored with them (the problems view) and " +
			"its errors reported; only one with nothing usable (no deal, auction, play, contract or table) is left out, and said so " +
			"(--skip-errors leaves out every record with errors). A file " +
			"imported before adds nothing (unless --again), nor does one whose content equals a file read earlier in the same run; a game already in " +
			"the archive is linked to the new file, not stored again. " +
			"Problems (of each kind the first few a file, then a count of the rest; --all prints them all, --quiet none; the problems view " +
			"keeps them all), progress and the closing summary go to stderr. " +
			"Exit status: 0 every file was read and every record kept, faults in their data included; " +
			"1 a file could not be read or a record was left out (with --strict: also a record stored with errors); 2 usage error.",
		Flags: append([]cli.Flag{dbFlag(), &cli.BoolFlag{Name: "skip-errors",
			Usage: "leave out every record with errors, rather than store it with its problems"},
			&cli.BoolFlag{Name: "again", Usage: "read files imported before again and add the records not in the archive yet " +
				"(those an archive made before schema version 5 left out for their errors); a record there already is not added twice"},
			&cli.BoolFlag{Name: "strict", Usage: "a record stored with errors fails the import too (exit 1)"},
			ddFlag("solve each deal double dummy and store its table and par (the dd and par views); handrec dd --db does it later")},
			problemFlags()...),
		Action: runImport,
	}
}

func runImport(c *cli.Context) error {
	if c.NArg() == 0 {
		return usagef("import: no file or directory given")
	}
	files, err := expandInputs(c, c.Args().Slice())
	if err != nil {
		return fmt.Errorf("import: %v", err)
	}
	ctx := c.Context
	db, err := openForWriting(ctx, c, false)
	if err != nil {
		return err
	}
	defer db.Close()
	bar := newBytesProgress(rawStderr(c), totalSize(files))
	errw := bar.above(c.App.ErrWriter)
	pp := newProblemPrinter(c, errw)
	var dd *ddsolve.Options
	if c.Bool("dd") {
		dd = &ddsolve.Options{}
	}
	sum, err := pipeline.Import(ctx, db, files, pipeline.ImportOptions{
		DD:            dd,
		ImportOptions: archive.ImportOptions{Scores: archive.AllScores, SkipErrors: c.Bool("skip-errors"), Again: c.Bool("again"), Problem: pp.Print},
		File:          bar.file,
		Read:          bar.add,
		Failed:        func(path string, err error) { fmt.Fprintln(errw, pipeline.FailedFile(path, err)) },
		Stdin:         c.App.Reader,
	})
	bar.end()
	pp.Flush()
	var ie *pipeline.Interrupted
	if errors.As(err, &ie) {
		return interrupted(ie.Error())
	}
	summary(c, "imported into %s: %s", db.Path(), sum)
	if sum.Failed > 0 || sum.Bad > 0 || c.Bool("strict") && sum.Errors > 0 {
		return exitCode(exitInput)
	}
	return nil
}

// totalSize is the bytes of the files, for the progress bar.
func totalSize(files []string) int64 {
	var total int64
	for _, f := range files {
		if fi, err := os.Stat(f); err == nil && !fi.IsDir() {
			total += fi.Size()
		}
	}
	return total
}
