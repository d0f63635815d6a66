package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"handrec/archive"
	_ "handrec/archive/postgres" // the engines: an archive on a PostgreSQL server
	_ "handrec/archive/sqlite"   // and in a SQLite file
	"handrec/model"
	"handrec/pipeline"
)

// defaultDB is the archive used without --db or $HANDREC_DB.
const defaultDB = "handrec.db"

// dbFlag names the archive; every archive command takes it.
func dbFlag() cli.Flag {
	return &cli.StringFlag{Name: "db", EnvVars: []string{"HANDREC_DB"}, Value: defaultDB,
		Usage: "the archive `PATH`: a SQLite file, or a PostgreSQL server's postgres://user@host/db URL"}
}

// whereFlag selects records of the archive by an SQL condition.
func whereFlag() cli.Flag {
	return &cli.StringFlag{Name: "where", Usage: "take the records of the archive that satisfy `CONDITION`, SQL over the records view"}
}

// archiveFlags are the flags show, score and convert add to read records
// from the archive instead of files.
func archiveFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "db", EnvVars: []string{"HANDREC_DB"},
			Usage: "read the records from the archive at `PATH` instead of files (with --where to choose)"},
		whereFlag(),
	}
}

// fromDB reports whether the command reads from the archive: --db or
// --where given, and no files.
func fromDB(c *cli.Context) bool {
	return c.NArg() == 0 && (c.IsSet("db") || c.IsSet("where"))
}

// whereWithFiles refuses --where beside files: it selects records of the
// archive, and files given instead would be read whole, which a user who
// meant to filter would not see.
func whereWithFiles(c *cli.Context, cmd string) error {
	if c.IsSet("where") && c.NArg() > 0 {
		return usagef("%s: --where selects records of the archive, not of files: give --where (and --db) without files", cmd)
	}
	return nil
}

func dbPath(c *cli.Context) string {
	if p := c.String("db"); p != "" {
		return p
	}
	return defaultDB
}

// openReadOnly opens the archive for reading, with a hint when there is
// none or when it is of an older schema (which a read-only command does
// not upgrade: the file would change).
func openReadOnly(ctx context.Context, c *cli.Context) (*archive.DB, error) {
	db, err := archive.OpenReadOnly(ctx, dbPath(c))
	var old *archive.OldSchemaError
	switch {
	case errors.Is(err, archive.ErrNoArchive):
		return nil, fmt.Errorf("%w\nTry: handrec import --db %s FILE|DIR...", err, archive.DisplayName(dbPath(c)))
	case errors.As(err, &old):
		return nil, fmt.Errorf("%w: run \"handrec upgrade --db %s\" to upgrade it (import and dd --db upgrade it too)", err, old.Path)
	case err == nil && db.Damage() != "":
		fmt.Fprintf(c.App.ErrWriter, "handrec: warning: %s\n", db.Damage())
	}
	return db, err
}

// openForWriting opens (or, unless mustExist, creates) the archive to
// write to it, waiting, and saying so on stderr, while another process
// writes it.
func openForWriting(ctx context.Context, c *cli.Context, mustExist bool) (*archive.DB, error) {
	db, err := archive.Open(ctx, dbPath(c), archive.Options{MustExist: mustExist, Wait: func() {
		fmt.Fprintf(c.App.ErrWriter, "handrec: another process is writing %s; waiting for it to finish (Ctrl-C to stop)\n", archive.DisplayName(dbPath(c)))
	}})
	if err != nil {
		return nil, err
	}
	noteUpgrade(c, db)
	return db, nil
}

// noteUpgrade says on stderr that opening the archive upgraded its schema:
// the file changed.
func noteUpgrade(c *cli.Context, db *archive.DB) {
	if db == nil || db.UpgradedFrom() == 0 {
		return
	}
	v := archive.SchemaVersion()
	fmt.Fprintf(c.App.ErrWriter, "handrec: upgraded the archive %s from schema version %d to %d\n", db.Path(), db.UpgradedFrom(), v)
	if lo := db.LeftOutBefore5(); lo.Files > 0 {
		fmt.Fprintf(c.App.ErrWriter, "handrec: %s: imports before schema version 5 left %s with errors out of %s, "+
			"which importing a file again does not add; handrec import --again FILE... adds them "+
			"(handrec query \"SELECT path FROM sources WHERE problems > 0\" lists the files)\n",
			db.Path(), counted(lo.Records, "record", "records"), counted(lo.Files, "file", "files"))
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// counted is n and the word for n of a thing: "1 error", "2 errors".
func counted(n int, one, many string) string {
	return strconv.Itoa(n) + " " + plural(n, one, many)
}

// recordsFromDB calls fn with each record of the archive that --where
// selects, in the order they were imported.
func recordsFromDB(c *cli.Context, fn func(*model.Record) error) error {
	ctx := c.Context
	db, err := openReadOnly(ctx, c)
	if err != nil {
		return err
	}
	defer db.Close()
	return wrapWhere(c, db.Records(ctx, c.String("where"), fn))
}

// input is where a command's records come from, and how reading them
// went.
type input struct {
	from   string // names it in messages: "the archive", or the arguments
	failed bool   // a file could not be read (and was reported on stderr), or a record could not be scored
	// report says what the files read hold (nil for the archive's
	// records, reported when they were imported)
	report *readReport
}

// reread says the files are read again: what they hold was said.
func (in *input) reread() {
	if in.report != nil {
		in.report.quiet = true
	}
}

// end ends the report of the files read, if not ended: its summary.
func (in *input) end() {
	if in.report != nil {
		in.report.end()
	}
}

// status is the command's exit status once its records are read, the
// report ended: 1 when a file could not be read or a record failed by
// import's rule (readReport.fails), or the command failed a record.
func (in *input) status() error {
	fails := false
	if in.report != nil {
		in.report.end()
		fails = in.report.fails()
	}
	if in.failed || fails {
		return exitCode(exitInput)
	}
	return nil
}

// recordSource is where show, sheet, score and session take their
// records: the archive (with --db or --where and no files), else their
// FILE|DIR arguments, at least one. What the files hold that could not be
// read, and a file that cannot be read, are reported on stderr as check
// reports them (readReport), and the others are read: the command fails
// at the end by import's rule (in.status).
func recordSource(c *cli.Context, cmd string) (pipeline.Source, *input, error) {
	if fromDB(c) {
		return func(fn func(*model.Record) error) error { return recordsFromDB(c, fn) }, &input{from: "the archive"}, nil
	}
	if err := whereWithFiles(c, cmd); err != nil {
		return nil, nil, err
	}
	args := c.Args().Slice()
	if len(args) == 0 {
		return nil, nil, usagef("%s: give at least one FILE (see handrec %s --help)", cmd, cmd)
	}
	files, err := expandInputs(c, args)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %v", cmd, err)
	}
	in := &input{from: strings.Join(args, ", "), report: newReadReport(c, cmd, nil)}
	return pipeline.FilesWith(c.Context, c.App.Reader, files, in.report.hooks()), in, nil
}

// wrapWhere makes a --where the archive refused a usage error.
func wrapWhere(c *cli.Context, err error) error {
	if isSQLMistake(err) {
		return usagef("--where %q: %v", c.String("where"), err)
	}
	return err
}

// isSQLMistake tells SQL the archive refused (text that is not what it
// must be, or asks for what a read-only archive does not allow) from
// other failures.
func isSQLMistake(err error) bool {
	code := archive.Code(err)
	return code == archive.EInvalid || code == archive.EDenied
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
