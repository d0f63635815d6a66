package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"handrec/ddsolve"
	"handrec/model"
	"handrec/output"
	"handrec/pipeline"
)

func convertCommand() *cli.Command {
	return &cli.Command{
		Name:      "convert",
		Usage:     "convert hand records among PBN, LIN, JSON and text diagrams",
		ArgsUsage: "IN...",
		UsageText: "handrec convert [--to pbn|lin|json|csv|txt] [--utf8] [--dd] IN... [-o OUT]\n\n" +
			"Examples:\n   handrec convert --to json samples/full_play.pbn\n   handrec convert samples/ -o all.pbn",
		Description: "Reads PBN (any version, as real programs write it), LIN, JSON and deal diagrams as books print them, told apart by their content, and writes PBN 2.1 export format, LIN, JSON, CSV or the text diagram (txt). " +
			"The target comes from --to, else from the extension of -o. Output goes to stdout without -o. " +
			"--dd adds the double-dummy table and par a record lacks: PBN 2.1's OptimumResultTable, OptimumScore and ParContract " +
			"(JSON carries them as the record's section and tags; LIN has no place for them, and says so). " + readsDoc("written", ""),
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "to", Usage: "target `FORMAT`: pbn, lin, json, csv or txt (the text diagram, as show prints it)"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `OUT` instead of stdout"},
			&cli.BoolFlag{Name: "utf8", Usage: "write PBN in UTF-8 rather than Latin-1"},
			ddFlag(ddWriteUsage),
		}, append(append(append(sessionColumnFlags(), archiveFlags()...), selectFlags()...), reportFlags()...)...),
		Action: runConvert,
	}
}

func runConvert(c *cli.Context) error {
	if c.NArg() == 0 && !fromDB(c) {
		return usagef("convert: no input given (or --db/--where to convert records of the archive)")
	}
	if err := whereWithFiles(c, "convert"); err != nil {
		return err
	}
	files, err := expandInputs(c, c.Args().Slice())
	if err != nil {
		return fmt.Errorf("convert: %v", err)
	}
	failed := false
	defer rereadStdin(c, c.String("session-columns") != "")()
	var first pipeline.Source // the session's reading, before the conversion's
	if fromDB(c) {
		first = func(fn func(*model.Record) error) error { return recordsFromDB(c, fn) }
	} else {
		first = pipeline.Files(c.Context, c.App.Reader, files, func(string, error) {}) // the conversion says it
	}
	return convertTo(c, "convert", inputsOf(c, files), first, func(w *pipeline.Writer) error {
		if fromDB(c) {
			return exportArchive(c, w)
		}
		rep := newReadReport(c, "convert", nil)
		err := pipeline.ConvertFiles(c.Context, w, c.App.Reader, files, rep.hooks())
		rep.end()
		failed = rep.fails()
		return err
	}, &failed)
}

// ddWriteUsage is what --dd of convert and export does.
const ddWriteUsage = "add to each record that lacks them its double-dummy table and par, solved: OptimumResultTable, OptimumScore and ParContract"

// convertTo is the pipeline convert and export share: the target format,
// the output (refused when it is an input), the records written by
// write, what was dropped, and the output put in place. With
// --session-columns, first reads the input once to score its session.
func convertTo(c *cli.Context, cmd string, inputs []string, first pipeline.Source, write func(*pipeline.Writer) error, failed *bool) error {
	format, err := pipeline.TargetFormat(c.String("to"), c.String("output"))
	if err != nil {
		return usagef("%s: %v", cmd, err)
	}
	if format == model.NoFormat {
		return usagef("%s: say --to pbn|lin|json|csv|txt, or give -o a .pbn, .lin, .json, .csv or .txt name", cmd)
	}
	out, err := openSink(c, cmd, inputs)
	if err != nil {
		return err
	}
	defer out.abort()
	w := pipeline.NewWriter(out, format, c.Bool("utf8"))
	if w.Select, err = selection(c, cmd); err != nil {
		return err
	}
	if w.Session, err = sessionColumnsOption(c, cmd, format); err != nil {
		return err
	}
	if w.Session != nil {
		if err := scoreColumns(c, cmd, w, first); err != nil {
			return err
		}
	}
	if c.Bool("dd") {
		if format == model.CSV {
			return usagef("%s: --dd adds a table and tags that CSV has no column for: write pbn or json", cmd)
		}
		w.DD = &ddsolve.Options{Cache: ddsolve.NewCache()} // one cache for every file written
	}
	if err := write(w); err != nil {
		return err
	}
	if err := out.commit(); err != nil {
		return err
	}
	if dropped := w.Dropped(); len(dropped) > 0 {
		fmt.Fprintf(c.App.ErrWriter, "handrec: dropped (no place in %s):\n  %s\n", format, strings.Join(dropped, "\n  "))
	}
	if *failed {
		return exitCode(exitInput)
	}
	return nil
}

// exportArchive writes the archive's records that --where selects, with
// the header (and trailer) of the first record's file.
func exportArchive(c *cli.Context, w *pipeline.Writer) error {
	ctx := c.Context
	db, err := openReadOnly(ctx, c)
	if err != nil {
		return err
	}
	defer db.Close()
	src := func(fn func(*model.Record) error) error { return wrapWhere(c, db.Records(ctx, c.String("where"), fn)) }
	return pipeline.ConvertSource(w, src, func(path string) (pipeline.File, error) {
		h, t, err := db.SourceHeader(ctx, path)
		return pipeline.File{Header: h, Trailer: t}, err
	})
}

// sink is where a command writes: the file -o names, else stdout. The
// file is written beside its name and renamed into place by commit, so
// that a failed command leaves what was there before.
type sink struct {
	io.Writer
	f *output.File
}

// openSink opens -o (or stdout). It refuses an output that is one of the
// inputs: the output is started before the inputs are read to their end.
func openSink(c *cli.Context, cmd string, inputs []string) (*sink, error) {
	o := c.String("output")
	if o == "" {
		return &sink{Writer: c.App.Writer}, nil
	}
	if in, ok := output.SameAs(o, inputs); ok {
		return nil, usagef("%s: the output %s is the input %s: write to another file", cmd, o, in)
	}
	if fd, ok := output.Descriptor(o); ok && (fd == 1 || fd == 2) {
		// The command's own stdout or stderr, checked as it is, and
		// never reopened: reopened, "-o /dev/stdout >> log" would write
		// over the log's start.
		if fd == 1 {
			return &sink{Writer: c.App.Writer}, nil
		}
		return &sink{Writer: rawStderr(c)}, nil
	}
	f, err := output.Create(o)
	var refused *output.RefusedError
	if errors.As(err, &refused) {
		return nil, usagef("%s: the output %v: write to another file", cmd, err)
	}
	if err != nil {
		return nil, err
	}
	return &sink{Writer: f, f: f}, nil
}

// commit puts the output in place.
func (s *sink) commit() error {
	if s.f == nil {
		return nil
	}
	return s.f.Commit()
}

// abort drops an output not committed; deferred, it does nothing after commit.
func (s *sink) abort() {
	if s.f != nil {
		s.f.Abort()
	}
}

// inputsOf is what a command reads: its files, or the archive.
func inputsOf(c *cli.Context, files []string) []string {
	if fromDB(c) || c.IsSet("db") {
		return append([]string{dbPath(c)}, files...)
	}
	return files
}
