package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"handrec/export"
	"handrec/model"
	"handrec/output"
)

func convertCommand() *cli.Command {
	return &cli.Command{
		Name:      "convert",
		Usage:     "convert hand records among PBN, LIN and JSON",
		ArgsUsage: "IN...",
		UsageText: "handrec convert [--to pbn|lin|json] [--utf8] IN... [-o OUT]\n\n" +
			"Examples:\n   handrec convert --to json samples/full_play.pbn\n   handrec convert samples/ -o all.pbn",
		Description: "Reads PBN (any version, as real programs write it) and writes PBN 2.1 export format or JSON. " +
			"The target comes from --to, else from the extension of -o. Output goes to stdout without -o.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "to", Usage: "target format: pbn or json"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `OUT` instead of stdout"},
			&cli.BoolFlag{Name: "utf8", Usage: "write PBN in UTF-8 rather than Latin-1"},
		}, archiveFlags()...),
		Action: runConvert,
	}
}

// recordWriter is what every output format offers.
type recordWriter interface {
	WriteHeader(model.Header) error
	Write(*model.Record) error
	WriteTrailer([]model.Directive, []model.Comment) error
	Close() error
}

// targetFormat is the format cmd writes: --to, else the extension of -o.
func targetFormat(cmd, to, out string) (string, error) {
	if to == "" && out != "" {
		to = strings.TrimPrefix(strings.ToLower(filepath.Ext(out)), ".")
	}
	switch to {
	case "pbn", "json", "lin":
		return to, nil
	case "":
		return "", usagef("%s: say --to pbn|lin|json, or give -o a .pbn, .lin or .json name", cmd)
	}
	return "", usagef("%s: cannot write %q (pbn, lin or json)", cmd, to)
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
	f, err := output.Create(o)
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

func newRecordWriter(format string, w io.Writer, c *cli.Context) recordWriter {
	if format == "json" {
		return export.NewJSONWriter(w)
	}
	if format == "lin" {
		return export.NewLINWriter(w)
	}
	return export.NewPBNWriter(w, export.PBNOptions{UTF8: c.Bool("utf8")})
}

func runConvert(c *cli.Context) error {
	if c.NArg() == 0 && !fromDB(c) {
		return usagef("convert: no input given (or --db/--where to convert records of the archive)")
	}
	format, err := targetFormat("convert", c.String("to"), c.String("output"))
	if err != nil {
		return err
	}
	files, err := expandInputs(c.Args().Slice())
	if err != nil {
		return usagef("convert: %v", err)
	}
	w, err := openSink(c, "convert", inputsOf(c, files))
	if err != nil {
		return err
	}
	defer w.abort()
	rw := newRecordWriter(format, w, c)
	drops := export.Drops{}
	failed := false
	var trailerD []model.Directive
	var trailerC []model.Comment
	if fromDB(c) {
		if err := rw.WriteHeader(model.Header{}); err != nil {
			return err
		}
		if err := recordsFromDB(c, func(r *model.Record) error { return writeCarrying(format, rw, r, drops) }); err != nil {
			return err
		}
	}
	for i, f := range files {
		_, ds, cs, err := eachRecordWithHeader(f, func(h model.Header) error {
			if i == 0 {
				return rw.WriteHeader(h)
			}
			return nil
		}, func(r *model.Record) error { return writeCarrying(format, rw, r, drops) })
		if err != nil {
			fmt.Fprintf(c.App.ErrWriter, "%s: %v\n", f, err)
			failed = true
		}
		trailerD, trailerC = append(trailerD, ds...), append(trailerC, cs...)
	}
	if err := rw.WriteTrailer(trailerD, trailerC); err != nil {
		return err
	}
	if err := rw.Close(); err != nil {
		return err
	}
	if err := w.commit(); err != nil {
		return err
	}
	reportDrops(c.App.ErrWriter, format, rw, drops)
	if failed {
		return exitCode(exitInput)
	}
	return nil
}

// --- LIN conversions (issue 3) ---

// writeCarrying writes r, first moving what the target cannot express to
// the target's own means (explanations to PBN notes, LIN commands to PBN
// comments), and counts in drops what still has no place.
func writeCarrying(format string, rw recordWriter, r *model.Record, drops export.Drops) error {
	switch format {
	case "lin":
		for _, d := range rw.(*export.LINWriter).Losses(r) {
			drops.Add(d)
		}
	}
	return rw.Write(r)
}

// reportDrops lists on stderr what the conversion dropped, with what the PBN
// writer counted itself: nothing is dropped silently.
func reportDrops(w io.Writer, format string, rw recordWriter, drops export.Drops) {
	if pw, ok := rw.(*export.PBNWriter); ok {
		for what, n := range pw.Dropped() { // the PBN writer readies records itself
			drops[what] += n
		}
	}
	if len(drops) == 0 {
		return
	}
	fmt.Fprintf(w, "handrec: dropped (no place in %s):\n", strings.ToUpper(format))
	for _, d := range drops.List() {
		fmt.Fprintf(w, "  %s\n", d)
	}
}
