package cli

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"handrec/model"
	"handrec/model/scoring"
	"handrec/output"
	"handrec/pipeline"
	"handrec/render"
)

func sheetCommand() *cli.Command {
	return &cli.Command{
		Name:      "sheet",
		Usage:     "print deal sheets: several boards a page, in HTML, PDF or text",
		ArgsUsage: "FILE...",
		UsageText: "handrec sheet [--format html|pdf|txt] [--per-page N] [--paper a4|letter] [--result] [--auction] [--play] [--dd] [--session [--method M]] -o OUT FILE...\n" +
			"   handrec sheet --hide SEATS [--show PARTS] [--omit PARTS] [--answers[=page]] -o OUT FILE...\n" +
			"   handrec sheet [options] --db PATH [--where CONDITION] -o OUT\n\n" +
			"Examples:\n   handrec sheet -o club.pdf samples/full_play.pbn\n" +
			"   handrec sheet --format html --per-page 6 --result --auction -o club.html samples/\n" +
			"   handrec sheet --session -o results.pdf samples/club_traveller.pbn\n" +
			"   handrec sheet --hide E,W --omit auction --answers -o handout.pdf lesson.pbn\n" +
			"   handrec sheet --db club.db --where \"board <= 8\" -o first8.pdf",
		Description: "Each board shows its diagram, dealer and vulnerability, the double-dummy table and par when the record has them " +
			"(OptimumResultTable or DoubleDummyTricks; OptimumScore and ParContract) or --dd solves them, and its commentary; --result, --auction and --play add the contract " +
			"and result, the auction and the trick table; --session scores the travellers as `handrec session` does, prints each with the method's " +
			"columns and ends with a results page (the standings, the team matches). HTML is one self-contained file with print CSS; PDF embeds " +
			"DejaVu Sans. The format comes from --format, else from the extension of -o, else HTML. Without -o the sheet " +
			"goes to stdout. Options may come before or after the files.\n\n" +
			"The parts of a board, beside its diagram, that --show and --omit name: " + sheetPartsHelp + ". " +
			"A board that shows every hand prints dd, commentary, room and traveller; a board that hides a hand (--hide, or its [Hidden] tag) is a question, " +
			"and prints contract (when the record gives its auction or lead: one given alone is a bidding contest's answer), lead and auction: what could tell a hidden card (dd, commentary, play, result, traveller) goes to the answers unless --show asks for it. " +
			"--show adds parts to every board, --omit leaves them off every board and answer; --result is --show contract,lead,result, --auction and --play " +
			"--show theirs, --no-auction, --no-play and --no-commentary --omit theirs. --answers prints after all the boards their answers, " +
			"each board in full (every hand, every part but room), on pages headed Answers; --answers=page after each page.\n\n" + readsDoc("printed", ""),
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the sheet to `OUT`"},
			&cli.StringFlag{Name: "format", Usage: "html, pdf or txt"},
			&cli.IntFlag{Name: "per-page", Value: render.MaxPerPage, Usage: "the most boards a page takes, 1 to 8; a page takes as many as fit, up to it"},
			&cli.StringFlag{Name: "paper", Value: "a4", Usage: "a4 or letter"},
			&cli.StringFlag{Name: "title", Usage: "the running head of every page (default: the event, site and date of the page's first board)"},
			&cli.BoolFlag{Name: "result", Usage: "add the contract, result and lead"},
			&cli.BoolFlag{Name: "auction", Usage: "add the auction"},
			&cli.BoolFlag{Name: "play", Usage: "add the trick table"},
			&cli.StringFlag{Name: "hide", Usage: "hide the hands of the seats `SEATS` (N,E,S,W), as a record's [Hidden] tag does: the boards are questions, which keep the lead and leave what could tell a hidden card to the answers"},
			&cli.StringFlag{Name: "show", Usage: "print the parts `PARTS` on every board, as a list: " + sheetPartsHelp},
			&cli.StringFlag{Name: "omit", Usage: "leave the parts `PARTS` off every board and answer, as a list (it wins over --show)"},
			&cli.BoolFlag{Name: "no-auction", Usage: "leave the auction off the boards"},
			&cli.BoolFlag{Name: "no-play", Usage: "leave the play off the boards"},
			&cli.BoolFlag{Name: "no-commentary", Usage: "leave the commentary off the boards"},
			&cli.StringFlag{Name: "code", Usage: "read the deals under the scoring code `CODE` (contract, bridge1895, bridge1904, auction1915, pirate1916; default: each record's own): a code without vulnerability prints none"},
			&cli.BoolFlag{Name: "rubber", Usage: "score the deals in order as games and rubbers, and print the books' scoring block after each game and each rubber"},
			optionalValue{&cli.GenericFlag{Name: "answers", Value: &answersFlag{}, Usage: "after all the boards, the same boards in full on pages of their own: every hand, every part but the room; --answers=page after each page"}},
			&cli.BoolFlag{Name: "ascii", Usage: "write S H D C for the suit symbols"},
			&cli.BoolFlag{Name: "ten-as-t", Usage: "write the ten as T rather than 10"},
			&cli.BoolFlag{Name: "book-seats", Usage: "name the seats by the old books' letters: the record's own when its players are single letters, else A South, B North, C West, D East"},
			ddFlag("print the double-dummy table and par of each deal that has none, solved"),
		}, append(append(append(sheetSessionFlags(), archiveFlags()...), selectFlags()...), reportFlags()...)...),
		Action: runSheet,
	}
}

func runSheet(c *cli.Context) error {
	defer sheetStdin(c)()
	src, in, err := recordSource(c, "sheet")
	if err != nil {
		return err
	}
	defer in.end() // the summary, before an error the command ends with
	if src, err = selected(c, "sheet", src); err != nil {
		return err
	}
	format, err := sheetFormat(c.String("format"), "") // -o's extension is read once -o is known to be writable
	if err != nil {
		return err
	}
	opt := render.SheetOptions{
		Style:   styleOf(c),
		PerPage: c.Int("per-page"),
		Paper:   strings.ToLower(c.String("paper")),
		Title:   c.String("title"),
		Result:  c.Bool("result"),
		Auction: c.Bool("auction"),
		Play:    c.Bool("play"),

		NoAuction:    c.Bool("no-auction"),
		NoPlay:       c.Bool("no-play"),
		NoCommentary: c.Bool("no-commentary"),
		Code:         scoring.Code(c.String("code")), // opt.Check reads it
		Rubber:       c.Bool("rubber"),
	}
	if opt.Hide, err = hideSeats(c.String("hide")); err != nil {
		return err
	}
	if err := sheetParts(c, &opt); err != nil {
		return err
	}
	if c.IsSet("per-page") && opt.PerPage < 1 {
		return usagef("sheet: --per-page %d: give 1 to %d", opt.PerPage, render.MaxPerPage)
	}
	if err := opt.Check(); err != nil {
		return usagef("sheet: %v", err)
	}
	if opt.Session, src, err = sheetSession(c, src, in); err != nil {
		return err
	}
	src, done := sheetDDProgress(c, withDD(c, src))
	err = writeSheet(c, sheetInputs(c), format, opt, src)
	done()
	if err != nil {
		return err
	}
	return in.status()
}

// sheetDDProgress counts on stderr, when it is a terminal, the boards
// --dd has solved (dd's bar): a deal takes seconds, and the sheet is
// written only at the end. What the command says on stderr meanwhile (a
// file that cannot be read) is written above the bar. done clears the
// bar.
func sheetDDProgress(c *cli.Context, src pipeline.Source) (_ pipeline.Source, done func()) {
	if !c.Bool("dd") || !isTerminal(rawStderr(c)) {
		return src, func() {}
	}
	p := newCountProgress(rawStderr(c), -1, "boards")
	c.App.ErrWriter = p.above(c.App.ErrWriter)
	n := 0
	return func(fn func(*model.Record) error) error {
		return src(func(r *model.Record) error {
			n++
			p.set(n, "")
			return fn(r)
		})
	}, p.end
}

// sheetPartsHelp names the parts of a board that --show and --omit take.
var sheetPartsHelp = strings.Join(render.PartNames(), ", ")

// sheetParts reads --show, --omit and --answers into opt.
func sheetParts(c *cli.Context, opt *render.SheetOptions) error {
	for _, f := range []struct {
		name string
		to   *render.Part
	}{{"show", &opt.Show}, {"omit", &opt.Omit}} {
		p, err := render.ParseParts(c.String(f.name))
		if err != nil {
			return usagef("sheet: --%s: %v", f.name, err)
		}
		*f.to = p
	}
	if a, ok := c.Generic("answers").(*answersFlag); ok {
		opt.Answers, opt.AnswersByPage = a.on, a.byPage
	}
	return nil
}

// optionalValue is a flag that takes a value only after "=", as
// --answers=page: its help and optionsFirst take it for a flag without
// one.
type optionalValue struct{ *cli.GenericFlag }

func (optionalValue) TakesValue() bool { return false }

func (o optionalValue) String() string { return cli.FlagStringer(o) }

// answersFlag is --answers: alone, the answers after all the boards;
// --answers=page, after each page. It is a boolean flag that takes a
// value after "=" only, so that "--answers FILE" leaves FILE a file.
type answersFlag struct{ on, byPage bool }

func (a *answersFlag) IsBoolFlag() bool { return true }

func (a *answersFlag) String() string {
	switch {
	case a == nil || !a.on:
		return ""
	case a.byPage:
		return "page"
	}
	return "true"
}

func (a *answersFlag) Set(v string) error {
	switch strings.ToLower(v) {
	case "true", "end":
		*a = answersFlag{on: true}
	case "page":
		*a = answersFlag{on: true, byPage: true}
	case "false":
		*a = answersFlag{}
	default:
		return fmt.Errorf("give --answers (after all the boards) or --answers=page (after each page)")
	}
	return nil
}

// hideSeats reads --hide: seat letters, with or without commas.
func hideSeats(v string) (hide [4]bool, err error) {
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' }) {
		for i := 0; i < len(f); i++ {
			s, ok := model.ParseSeat(f[i])
			if !ok {
				return hide, usagef("sheet: --hide %q: give seats N, E, S, W, as --hide E,W", v)
			}
			hide[s] = true
		}
	}
	return hide, nil
}

// sheetInputs are the files (or the archive) the sheet may not be written over.
func sheetInputs(c *cli.Context) []string {
	if fromDB(c) {
		return inputsOf(c, nil)
	}
	files, _ := pipeline.ExpandInputs(c.Args().Slice(), nil)
	return files
}

// sheetFormat is the format from --format, else from the extension of
// the output file, else HTML.
func sheetFormat(format, out string) (string, error) {
	if format == "" {
		ext := filepath.Ext(out)
		format = strings.TrimPrefix(strings.ToLower(ext), ".")
		switch format {
		case "htm":
			format = "html"
		case "":
			format = "html"
		case "html", "pdf", "txt":
		default:
			return "", usagef("sheet: -o %s: %s is not a sheet's format; name the file .html, .pdf or .txt, or give --format", out, ext)
		}
	}
	switch format {
	case "html", "pdf", "txt":
		return format, nil
	}
	return "", usagef("sheet: --format %q: html, pdf or txt", format)
}

// writeSheet writes the records that each gives into a sheet at -o, or
// to stdout. A failed sheet leaves no file behind, and what -o named
// before stays as it was. Text and HTML show control characters escaped.
func writeSheet(c *cli.Context, inputs []string, format string, opt render.SheetOptions, each pipeline.Source) error {
	out, err := openSink(c, "sheet", inputs)
	if err != nil {
		return err
	}
	defer out.abort()
	if c.String("format") == "" {
		if format, err = sheetFormat("", c.String("output")); err != nil {
			return err
		}
	}
	if format == "pdf" {
		pdfGC()
	}
	var w io.Writer = out
	// the text sheet's pages end in a form feed, which passes
	esc := &output.Escaper{W: out, Pages: format == "txt"}
	if format != "pdf" {
		w = esc
	}
	sheet, err := render.NewSheet(format, w, opt)
	if err != nil {
		return usagef("sheet: %v", err)
	}
	n := 0
	err = each(func(r *model.Record) error {
		n++
		return sheet.Add(r)
	})
	if err != nil {
		return err
	}
	if n == 0 {
		return fmt.Errorf("sheet: no boards in the input")
	}
	if err := sheet.Close(); err != nil {
		return err
	}
	if err := esc.Flush(); err != nil {
		return err
	}
	if err := out.commit(); err != nil {
		return err
	}
	if r, ok := sheet.(interface{ Replaced() string }); ok && r.Replaced() != "" {
		fmt.Fprintf(c.App.ErrWriter, "handrec: sheet: DejaVu Sans has no glyph for %s; drawn as \uFFFD (a question mark in a diamond)\n", r.Replaced())
	}
	return nil
}
