package cli

import (
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"handrec/model"
	"handrec/pipeline"
)

// readReport is what the commands that read records from files and write
// something else (convert, show, sheet, score, dd, session) say of what
// they read, as check and import say it: each problem of the records and
// of the files, in check's words, of each kind the first few a file
// (--all every one, --quiet none); a closing summary that counts the
// records with errors, when anything was said; and import's exit status
// (pipeline.ReadTally.Fails, --strict). Nothing is said of a file read
// cleanly, and all of it goes to stderr: stdout carries the data.
type readReport struct {
	cmd    string
	c      *cli.Context
	w      io.Writer
	pp     *problemPrinter
	strict bool
	tally  pipeline.ReadTally
	said   bool // a problem or a failed file was reported
	// quiet says the files are read again (sheet --session): what they
	// hold was said the first time
	quiet bool
}

// readsDoc is what a command's description says of its report and of
// its exit status: what it does with a record with errors (shown,
// written, ...) and the exit status it adds to import's rule.
func readsDoc(does, more string) string {
	return "What the files hold that could not be read is reported on stderr as check and import report it (of each kind the first five a file, " +
		"--all every one, --quiet none), with a closing summary that counts the records with errors (naming the first three, by board and line) and warnings; a record with errors is " + does +
		" with them, as import stores it. Exit status, import's rule: 0 every file was read, faults in the records' data included; " +
		"1 a file could not be read or a record was cut at 10,000 items, the rest of it not read (with --strict: also a record with errors)" + more + "; 2 usage error."
}

// reportFlags are the flags of a command that reports what it read:
// check's and import's --quiet and --all, and import's --strict.
func reportFlags() []cli.Flag {
	return append(problemFlags(), &cli.BoolFlag{Name: "strict", Usage: "a record read with errors fails the command too (exit 1)"})
}

// newReadReport reports for command cmd on w, else (nil) on the
// command's stderr as it stands when each line is written: above a
// progress bar drawn meanwhile (sheet --dd).
func newReadReport(c *cli.Context, cmd string, w io.Writer) *readReport {
	if w == nil {
		w = errWriter{c}
	}
	return &readReport{cmd: cmd, c: c, w: w, pp: newProblemPrinter(c, w), strict: c.Bool("strict")}
}

// errWriter writes to the command's stderr as it stands at each write.
type errWriter struct{ c *cli.Context }

func (e errWriter) Write(b []byte) (int, error) { return e.c.App.ErrWriter.Write(b) }

// hooks are what reading files tells the report.
func (rr *readReport) hooks() pipeline.Hooks {
	return pipeline.Hooks{Failed: rr.failed, Record: rr.record, Done: rr.file}
}

// record reports r's problems.
func (rr *readReport) record(r *model.Record) {
	if rr.quiet {
		return
	}
	rr.tally.Record(r)
	for _, p := range r.Problems {
		rr.problem(p)
	}
}

func (rr *readReport) problem(p model.Problem) {
	rr.said = true
	rr.pp.Print(p)
}

// file reports what a file held after its last record, once it is read.
func (rr *readReport) file(f pipeline.File) {
	if rr.quiet {
		return
	}
	rr.tally.Files++
	for _, p := range f.Problems {
		rr.problem(p)
	}
	rr.pp.Flush() // the kinds cut short, under the file's problems
}

// failed reports a file that could not be read.
func (rr *readReport) failed(path string, err error) {
	if rr.quiet {
		return
	}
	rr.said = true
	rr.tally.Failed++ // and counted as a file read by file, which follows
	rr.pp.Flush()
	fmt.Fprintln(rr.w, pipeline.FailedFile(path, err))
}

// end ends the report: the kinds cut short, and the summary when anything
// was said, unless the command was interrupted (it says so, and no more).
func (rr *readReport) end() {
	rr.pp.Flush()
	if rr.said && !rr.quiet && rr.c.Context.Err() == nil {
		rr.quiet = true
		fmt.Fprintf(rr.w, "%s: read %s\n", rr.cmd, rr.tally)
	}
}

// fails reports whether what was read fails the command: import's rule.
func (rr *readReport) fails() bool { return rr.tally.Fails(rr.strict) }
