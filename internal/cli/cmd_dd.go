package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"

	"github.com/urfave/cli/v2"

	"handrec/export"
	"handrec/jsonrec"
	"handrec/model"
	"handrec/model/dd"
	"handrec/pipeline"
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
			"an interrupted run keeps what it stored. Exit status: 0 ok, 1 a deal could not be solved or disagrees, " +
			"2 usage error.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Value: "text", Usage: "text or json"},
			&cli.BoolFlag{Name: "verify", Usage: "compare with the tables the records carry"},
			&cli.IntFlag{Name: "tt-mb", Value: dd.DefaultTableBytes >> 20, Usage: "the most memory a solver's transposition table grows to on a hard deal, in MiB (one solver a job)"},
			&cli.IntFlag{Name: "jobs", Value: runtime.GOMAXPROCS(0), Usage: "deals solved at once"},
			// no EnvVars: $HANDREC_DB must not turn "handrec dd FILE" into
			// a run on the archive (ddDBDefault gives a bare --db its value)
			&cli.StringFlag{Name: "db",
				Usage: "solve the deals of the archive at `PATH` (default $HANDREC_DB, else handrec.db) that have no table yet, and store them: the dd and par views"},
		},
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
	out := &ddWriter{w: c.App.Writer, json: format == "json", verify: c.Bool("verify")}
	if isTerminal(rawStderr(c)) && !onTerminal(c) { // the tables scroll by on a terminal
		out.bar = newCountProgress(rawStderr(c), -1, "records")
	}
	out.errw = out.bar.above(c.App.ErrWriter)
	opt := pipeline.DDOptions{Jobs: c.Int("jobs"), TableBytes: c.Int("tt-mb") << 20}
	q := pipeline.NewDDQueue(opt, func(r *model.Record, res *pipeline.DDResult) error { out.write(r, res); return nil })
	out.begin()
	// A cancelled context (a signal) stops the reading; the deals given
	// to the solvers are finished and written before the command ends.
	err = pipeline.Files(c.Context, c.App.Reader, files, func(f string, err error) {
		out.failed = true
		fmt.Fprintln(out.errw, pipeline.FailedFile(f, err))
	})(func(r *model.Record) error {
		if r.Deal.Empty() {
			return nil
		}
		return q.Put(r, true)
	})
	q.Close()
	out.bar.end()
	out.end()
	if err != nil {
		return err
	}
	if out.failed {
		return exitCode(exitInput)
	}
	return nil
}

// ddWriter prints the results in input order.
type ddWriter struct {
	w            io.Writer
	errw         io.Writer // stderr, above the bar
	json, verify bool
	n, done      int
	failed       bool
	bar          *progress // nil but on a terminal
}

func (o *ddWriter) begin() {
	if o.json {
		fmt.Fprint(o.w, `{"deals":[`)
	}
}

func (o *ddWriter) end() {
	if o.json {
		fmt.Fprintln(o.w, "]}")
	}
}

// ddJSON is one deal in the JSON output.
type ddJSON struct {
	File   string                    `json:"file"`
	Board  int                       `json:"board"`
	Index  int                       `json:"index"`
	Tricks map[string]map[string]int `json:"tricks"`
	Par    *parJSON                  `json:"par,omitempty"`
}

type parJSON struct {
	Score     int      `json:"score"`
	Contracts []string `json:"contracts"`
}

func (o *ddWriter) write(r *model.Record, res *pipeline.DDResult) {
	o.done++
	defer o.bar.set(o.done, "")
	if res.Err != nil {
		o.failed = true
		fmt.Fprintf(o.errw, "%sboard %d: %v\n", model.Prefix(r.File, r.Pos), r.Board, res.Err)
		return
	}
	if o.verify {
		o.check(r, res.Table)
	}
	if !o.json {
		writeDDText(o.w, r, res)
		return
	}
	v := ddJSON{File: r.File, Board: r.Board, Index: r.Index, Tricks: map[string]map[string]int{}}
	for _, s := range model.Seats {
		row := map[string]int{}
		for _, st := range dd.Strains {
			row[st.String()] = res.Table[s][st]
		}
		v.Tricks[s.String()] = row
	}
	if res.Par != nil {
		v.Par = &parJSON{Score: res.Par.Score, Contracts: []string{}}
		for _, pc := range res.Par.Contracts {
			v.Par.Contracts = append(v.Par.Contracts, pc.String())
		}
	}
	b, _ := json.Marshal(v)
	b = jsonrec.EscapeC1(b)
	if o.n > 0 {
		fmt.Fprint(o.w, ",")
	}
	o.n++
	o.w.Write(b)
}

// check reports each number of the record's own table that differs.
func (o *ddWriter) check(r *model.Record, t dd.Table) {
	rec, ok := dd.RecordedTable(r)
	if !ok {
		return
	}
	for _, d := range rec.Compare(t) {
		o.failed = true
		fmt.Fprintf(o.errw, "%sboard %d: %s makes %d tricks in %s, %s says %d\n",
			model.Prefix(r.File, d.Pos), r.Board, d.Declarer, d.Solved, d.Strain, rec.From, d.Recorded)
	}
}

// writeDDText prints a deal's table, declarers down and strains across,
// and its par.
func writeDDText(w io.Writer, r *model.Record, res *pipeline.DDResult) {
	if r.File != "" {
		fmt.Fprintf(w, "%s ", r.File)
	}
	fmt.Fprintf(w, "board %d (#%d)\n      C  D  H  S NT\n", r.Board, r.Index)
	for _, s := range model.Seats {
		fmt.Fprintf(w, "  %s ", s)
		for _, st := range dd.Strains {
			fmt.Fprintf(w, "%3d", res.Table[s][st])
		}
		fmt.Fprintln(w)
	}
	if res.Par != nil {
		// par as show and sheet write it (export.ParText)
		fmt.Fprintf(w, "  par %s\n", export.ParText(pipeline.RecordPar(*res.Par), export.Style{ASCII: true}))
	}
}
