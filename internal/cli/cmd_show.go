package cli

import (
	"bufio"
	"fmt"

	"github.com/urfave/cli/v2"

	"handrec/ddsolve"
	"handrec/export"
	"handrec/model"
	"handrec/output"
	"handrec/render"
)

func showCommand() *cli.Command {
	return &cli.Command{
		Name:      "show",
		Usage:     "print hand records as the books set them: diagram, auction, trick table",
		ArgsUsage: "FILE...",
		UsageText: "handrec show [--board N] [--ascii] [--ten-as-t] [--book-seats] [--dd] [--analyse] FILE...\n" +
			"   handrec show [options] --db PATH [--where CONDITION]\n\n" +
			"Examples:\n   handrec show samples/notes_commentary.pbn\n   handrec show --board 2 --ascii samples/full_play.pbn\n   handrec show --url --board 1 samples/bbo_single.lin",
		Description: "Prints each record as text: the four hands around the compass with the board, dealer and " +
			"vulnerability, the contract, result and lead; the auction as a table with alerts and notes as " +
			"footnotes; the play as a trick table (winning card marked *, running trick count, revokes and claims); " +
			"the double-dummy table and par when the record has them (--dd solves the deals that have none); and the commentary. " +
			"Options may come before or after the files. " + readsDoc("shown", ""),
		Flags: append([]cli.Flag{
			&cli.IntFlag{Name: "board", Usage: "show only board `N`"},
			&cli.BoolFlag{Name: "ascii", Usage: "write S H D C for the suit symbols, and ASCII rules"},
			&cli.BoolFlag{Name: "ten-as-t", Usage: "write the ten as T rather than 10"},
			&cli.BoolFlag{Name: "book-seats", Usage: "name the seats by the old books' letters: the record's own when its players are single letters, else A South, B North, C West, D East"},
			&cli.BoolFlag{Name: "no-auction", Usage: "leave out the auction"},
			&cli.BoolFlag{Name: "no-play", Usage: "leave out the trick table"},
			&cli.BoolFlag{Name: "url", Usage: "print each board's BBO handviewer link instead of its diagram, one a line"},
			ddFlag("show the double-dummy table and par of each deal that has none, solved"),
			&cli.BoolFlag{Name: "analyse", Aliases: []string{"analyze"}, Usage: "after the trick table, analyse the play double dummy: " +
				"the tricks declarer's side takes in all at each trick, and the cards that cost a trick (a full deal takes seconds)"},
		}, append(append(archiveFlags(), selectFlags()...), reportFlags()...)...),
		Action: runShow,
	}
}

func runShow(c *cli.Context) error {
	src, in, err := recordSource(c, "show")
	if err != nil {
		return err
	}
	defer in.end() // the summary, before an error the command ends with
	if src, err = selected(c, "show", src); err != nil {
		return err
	}
	seq := render.TextSeq{Opt: render.TextOptions{Style: styleOf(c), NoAuction: c.Bool("no-auction"), NoPlay: c.Bool("no-play")}}
	board := c.Int("board")
	src = onlyBoard(src, board)
	if !c.Bool("url") {
		src = withDD(c, src)
	}
	out := bufio.NewWriter(c.App.Writer)
	n := 0
	err = src(func(r *model.Record) error {
		if c.Bool("url") {
			n++
			u, err := export.HandviewerURL(r)
			if err == nil {
				_, err = out.WriteString(u + "\n")
			}
			return err
		}
		n++
		text := seq.Next(r)
		if c.Bool("analyse") {
			text += analysisText(c, r, seq.Opt.Style)
		}
		_, err := out.WriteString(output.Escape(text))
		return err
	})
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err == nil && board > 0 && n == 0 {
		err = fmt.Errorf("show: no board %d in %s", board, in.from)
	}
	if err != nil {
		return err
	}
	return in.status()
}

// styleOf is the diagram style the flags ask for.
func styleOf(c *cli.Context) render.Style {
	return render.Style{ASCII: c.Bool("ascii"), TenAsT: c.Bool("ten-as-t"), BookSeats: c.Bool("book-seats")}
}

// analysisText is the double-dummy analysis of r's play, after an empty
// line; "" for a record without a play to analyse. A deal the solver
// cannot take is reported on stderr.
func analysisText(c *cli.Context, r *model.Record, st render.Style) string {
	if r.Play == nil {
		return ""
	}
	a, err := ddsolve.Analyse(r)
	if err != nil {
		fmt.Fprintf(c.App.ErrWriter, "%sboard %d: analyse: %v\n", model.Prefix(r.File, r.Pos), r.Board, err)
		return ""
	}
	if t := render.AnalysisText(a, st); t != "" {
		return "\n" + t
	}
	return ""
}
