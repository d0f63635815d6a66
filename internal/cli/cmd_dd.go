package cli

import (
	"fmt"
	"io"
	"runtime"

	"github.com/urfave/cli/v2"

	"handrec/ddsolve"
	"handrec/model"
	"handrec/pipeline"
	"handrec/render"
)

func ddCommand() *cli.Command {
	return &cli.Command{
		Name:      "dd",
		Usage:     "solve deals double dummy: tricks for each declarer and strain, and par",
		ArgsUsage: "FILE|DIR...",
		UsageText: "handrec dd [--format text|json] [--verify] FILE|DIR...\n   handrec dd --db [PATH]\n\n" +
			"Examples:\n   handrec dd samples/\n   handrec dd --verify --format json hands.pbn\n   handrec dd --db club.db",
		Description: "Solves every deal (full deals and end positions) on all cores and prints the tables " +
			"in input order, with the par score and contracts for the dealer and vulnerability (full deals). " +
			"--verify compares with the OptimumResultTable or DoubleDummyTricks a record carries and reports " +
			"each difference as file:line:col. With --db it solves the archive's deals that have no table yet (import --dd " +
			"solves them as it imports), stores each table and par (the dd and par views) and says how far it is on stderr; " +
			"an interrupted run keeps what it stored. " + readsDoc("solved", ", a deal could not be solved or disagrees"),
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "format", Value: "text", Usage: "text or json"},
			&cli.BoolFlag{Name: "verify", Usage: "compare with the tables the records carry"},
			&cli.IntFlag{Name: "tt-mb", Value: ddsolve.DefaultTableBytes >> 20, Usage: "the most memory a solver's transposition table grows to on a hard deal, in MiB (one solver a job)"},
			&cli.IntFlag{Name: "jobs", Value: runtime.GOMAXPROCS(0), Usage: "deals solved at once"},
			// no EnvVars: $HANDREC_DB must not turn "handrec dd FILE" into
			// a run on the archive (ddDBDefault gives a bare --db its value)
			&cli.StringFlag{Name: "db",
				Usage: "solve the deals of the archive at `PATH` (default $HANDREC_DB, else handrec.db) that have no table yet, and store them: the dd and par views"},
		}, reportFlags()...),
		Action: runDD,
	}
}

func runDD(c *cli.Context) error {
	if c.IsSet("db") {
		return runDDArchive(c)
	}
	format := c.String("format")
	if format != "text" && format != "json" {
		return usagef("dd: --format must be text or json, not %q", format)
	}
	if c.NArg() == 0 {
		return usagef("dd: no files given")
	}
	if c.Int("tt-mb") < 1 || c.Int("jobs") < 1 {
		return usagef("dd: --tt-mb and --jobs must be at least 1")
	}
	files, err := expandInputs(c, c.Args().Slice())
	if err != nil {
		return fmt.Errorf("dd: %v", err)
	}
	out := &ddWriter{out: render.NewDDReport(c.App.Writer, format == "json"), verify: c.Bool("verify")}
	if isTerminal(rawStderr(c)) && !onTerminal(c) { // the tables scroll by on a terminal
		out.bar = newCountProgress(rawStderr(c), -1, "records")
	}
	out.errw = out.bar.above(c.App.ErrWriter)
	opt := ddsolve.Options{Jobs: c.Int("jobs"), TableBytes: c.Int("tt-mb") << 20}
	// a failed write (a closed pipe) stops the reading at once; the deals
	// being solved end, unwritten
	q := ddsolve.NewQueue(opt, out.write)
	out.out.Begin()
	// A cancelled context (a signal) stops the reading; the deals given
	// to the solvers are finished and written before the command ends.
	rep := newReadReport(c, "dd", out.errw)
	unsolvable := false
	err = pipeline.FilesWith(c.Context, c.App.Reader, files, rep.hooks())(func(r *model.Record) error {
		if r.Deal.Empty() {
			return nil
		}
		// a deal that cannot be solved is said here, beside what its
		// reading said and before the file's summary of kinds, never
		// when the solvers reach it: stderr's order is the input's
		if err := ddsolve.Check(r); err != nil {
			unsolvable = true
			fmt.Fprintf(out.errw, "%sboard %d: %v\n", model.Prefix(r.File, r.Pos), r.Board, err)
			return nil
		}
		return q.Put(r, true)
	})
	q.Close()
	rep.end()
	out.bar.end()
	out.out.End()
	if err != nil {
		return err
	}
	if out.failed || unsolvable || rep.fails() {
		return exitCode(exitInput)
	}
	return nil
}

// ddWriter prints the results in input order.
type ddWriter struct {
	out    *render.DDReport
	errw   io.Writer // stderr, above the bar
	verify bool
	done   int
	failed bool
	bar    *progress // nil but on a terminal
}

func (o *ddWriter) write(r *model.Record, res *ddsolve.Result) error {
	o.done++
	defer o.bar.set(o.done, "")
	if res.Err != nil {
		o.failed = true
		fmt.Fprintf(o.errw, "%sboard %d: %v\n", model.Prefix(r.File, r.Pos), r.Board, res.Err)
		return nil
	}
	if o.verify {
		o.check(r, res)
	}
	var stated model.Par
	if res.Par != nil {
		stated = ddsolve.RecordPar(*res.Par)
	}
	return o.out.Deal(r, res.Table, res.Par, stated)
}

// check reports each number of the record's own table that differs.
func (o *ddWriter) check(r *model.Record, res *ddsolve.Result) {
	from, diffs := ddsolve.Disagreements(r, res.Table)
	for _, d := range diffs {
		o.failed = true
		fmt.Fprintf(o.errw, "%sboard %d: %s makes %d tricks in %s, %s says %d\n",
			model.Prefix(r.File, d.Pos), r.Board, d.Declarer, d.Solved, d.Strain, from, d.Recorded)
	}
}
