package main

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"handrec/export"
	"handrec/model"
	"handrec/output"
	"handrec/pipeline"
)

func showCommand() *cli.Command {
	return &cli.Command{
		Name:      "show",
		Usage:     "print hand records as the books set them: diagram, auction, trick table",
		ArgsUsage: "FILE...",
		UsageText: "handrec show [--board N] [--ascii] [--ten-as-t] [--book-seats] FILE...\n" +
			"   handrec show [options] --db PATH [--where CONDITION]\n\n" +
			"Examples:\n   handrec show samples/notes_commentary.pbn\n   handrec show --board 2 --ascii samples/full_play.pbn",
		Description: "Prints each record as text: the four hands around the compass with the board, dealer and " +
			"vulnerability, the contract, result and lead; the auction as a table with alerts and notes as " +
			"footnotes; the play as a trick table (winning card marked *, running trick count, revokes and claims); " +
			"the double-dummy table when the record has one; and the commentary. Options may come before or after the files.",
		Flags: append([]cli.Flag{
			&cli.IntFlag{Name: "board", Usage: "show only board `N`"},
			&cli.BoolFlag{Name: "ascii", Usage: "write S H D C for the suit symbols, and ASCII rules"},
			&cli.BoolFlag{Name: "ten-as-t", Usage: "write the ten as T rather than 10"},
			&cli.BoolFlag{Name: "book-seats", Usage: "name the seats as the old books do: A and B (West, East) against Y and Z (North, South)"},
			&cli.BoolFlag{Name: "no-auction", Usage: "leave out the auction"},
			&cli.BoolFlag{Name: "no-play", Usage: "leave out the trick table"},
		}, archiveFlags()...),
		Action: runShow,
	}
}

func runShow(c *cli.Context) error {
	var files, args []string
	if !fromDB(c) {
		var err error
		if args, err = fileArgs(c, "show"); err != nil {
			return err
		}
		if files, err = pipeline.ExpandInputs(args); err != nil {
			return err
		}
	}
	opt := export.TextOptions{
		Style:     export.Style{ASCII: c.Bool("ascii"), TenAsT: c.Bool("ten-as-t"), BookSeats: c.Bool("book-seats")},
		NoAuction: c.Bool("no-auction"),
		NoPlay:    c.Bool("no-play"),
	}
	board := c.Int("board")
	out := bufio.NewWriter(c.App.Writer)
	n := 0
	show := func(r *model.Record) error {
		if board > 0 && r.Board != board {
			return nil
		}
		if n > 0 {
			out.WriteByte('\n')
		}
		n++
		_, err := out.WriteString(output.Escape(export.Text(r, opt)))
		return err
	}
	if fromDB(c) {
		args = []string{"the archive"}
		if err := recordsFromDB(c, show); err != nil {
			out.Flush()
			return err
		}
	}
	for _, f := range files {
		if _, err := pipeline.ReadFile(f, nil, show); err != nil {
			out.Flush()
			return err
		}
	}
	if err := out.Flush(); err != nil {
		return err
	}
	if board > 0 && n == 0 {
		return fmt.Errorf("show: no board %d in %s", board, strings.Join(args, ", "))
	}
	return nil
}

// fileArgs returns the command's FILE arguments: at least one. (Options
// written after the files were moved ahead of them by main1.)
func fileArgs(c *cli.Context, cmd string) ([]string, error) {
	args := c.Args().Slice()
	if len(args) == 0 {
		return nil, usagef("%s: give at least one FILE (see handrec %s --help)", cmd, cmd)
	}
	return args, nil
}
