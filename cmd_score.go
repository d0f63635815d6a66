package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	"handrec/model"
	"handrec/model/scoring"
)

func scoreCommand() *cli.Command {
	codes := make([]string, len(scoring.Codes))
	for i, c := range scoring.Codes {
		codes[i] = string(c)
	}
	return &cli.Command{
		Name:      "score",
		Usage:     "re-score hand records under the modern or a historic code",
		ArgsUsage: "FILE|DIR...",
		UsageText: "handrec score [--code CODE] [--rubber] [--format text|json] FILE|DIR...\n\n" +
			"Examples:\n   handrec score --rubber samples/hoyle1904_rubber.pbn\n" +
			"   handrec score --code pirate1916 --rubber --format json samples/pirate1916_rubber.pbn",
		Description: "Scores each record on its own, or with --rubber as games and rubbers in file order. " +
			"Without --code each record is scored under the code its Scoring tag names, contract otherwise. " +
			"Codes: " + strings.Join(codes, ", ") + ". The options choose readings the books leave open; " +
			"see docs/scoring.md. Exit status: 0 ok, 1 a file or record could not be scored, 2 usage error.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "code", Usage: "scoring code: " + strings.Join(codes, ", ")},
			&cli.BoolFlag{Name: "rubber", Usage: "score the records in file order as games and rubbers"},
			&cli.BoolFlag{Name: "chicago", Usage: "contract: rubbers of four deals (Chicago), with --rubber"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "text or json"},
			&cli.IntFlag{Name: "rounding", Value: 100, Usage: "pirate1916: settle to the nearest 100, 50 or 25"},
			&cli.IntFlag{Name: "trick-cap", Usage: "bridge1895: cap the value of one trick (the etiquette's 100); 0 for none"},
			&cli.StringFlag{Name: "revoke-choice", Value: "best", Usage: "the non-offending side's revoke penalty: best, tricks, add or deduct (bridge1895), tricks or 100 (auction1915)"},
			&cli.BoolFlag{Name: "revoke-undoubled", Usage: "bridge1895: value the three revoke tricks undoubled"},
			&cli.BoolFlag{Name: "deduct-below-zero", Usage: "bridge1895: the deduct penalty may take the trick score below zero"},
			&cli.BoolFlag{Name: "deduct-from-game", Usage: "bridge1895: the deduct penalty takes from the whole game's trick score (default: that hand's only, law 87 III)"},
			&cli.BoolFlag{Name: "strike-excess", Usage: "bridge1895: strike a revoking side's trick points over 28 out of the score"},
			&cli.BoolFlag{Name: "chicane-once", Usage: "bridge1895: chicane once per side when both partners are void"},
			&cli.BoolFlag{Name: "pirate-honours-once", Usage: "pirate1916: adversaries' honours to one of them, not each"},
		}, archiveFlags()...),
		Action: runScore,
	}
}

func scoreOptions(c *cli.Context) (scoring.Options, error) {
	opt := scoring.Options{
		Rubber:            c.Bool("rubber"),
		Chicago:           c.Bool("chicago"),
		Rounding:          c.Int("rounding"),
		TrickCap:          c.Int("trick-cap"),
		RevokeChoice:      c.String("revoke-choice"),
		RevokeUndoubled:   c.Bool("revoke-undoubled"),
		DeductBelowZero:   c.Bool("deduct-below-zero"),
		DeductFromGame:    c.Bool("deduct-from-game"),
		StrikeExcess:      c.Bool("strike-excess"),
		ChicaneOnce:       c.Bool("chicane-once"),
		PirateHonoursOnce: c.Bool("pirate-honours-once"),
	}
	if v := c.String("code"); v != "" {
		code, ok := scoring.ParseCode(v)
		if !ok {
			return opt, usagef("score: unknown code %q (try contract, bridge1895, bridge1904, auction1915, pirate1916)", v)
		}
		opt.Code = code
	}
	if err := opt.Check(); err != nil {
		return opt, usagef("score: %v", err)
	}
	return opt, nil
}

func runScore(c *cli.Context) error {
	format := c.String("format")
	if format != "text" && format != "json" {
		return usagef("score: --format must be text or json, not %q", format)
	}
	if c.NArg() == 0 && !fromDB(c) {
		return usagef("score: no files given (or --db/--where to score records of the archive)")
	}
	opt, err := scoreOptions(c)
	if err != nil {
		return err
	}
	files, err := expandInputs(c.Args().Slice())
	if err != nil {
		return usagef("score: %v", err)
	}
	s, err := scoring.NewSession(opt)
	if err != nil {
		return usagef("score: %v", err)
	}
	failed := false
	names := blockNames{}
	add := func(r *model.Record) error {
		names.add(r)
		if ds := s.Add(r); ds.Err != "" {
			failed = true
			fmt.Fprintf(c.App.ErrWriter, "%s:%s: board %d: cannot score: %s\n", r.File, r.Pos, r.Board, ds.Err)
		}
		return nil
	}
	if fromDB(c) {
		if err := recordsFromDB(c, add); err != nil {
			return err
		}
	}
	for _, f := range files {
		_, _, _, err := eachRecord(f, add)
		if err != nil {
			failed = true
			fmt.Fprintf(c.App.ErrWriter, "%s: %v\n", f, err)
		}
	}
	rep := s.Finish()
	if format == "json" {
		if err := json.NewEncoder(c.App.Writer).Encode(rep); err != nil {
			return err
		}
	} else {
		writeScoreText(c.App.Writer, rep)
		if opt.Rubber {
			writeScoreBlocks(c.App.Writer, rep, names)
		}
	}
	if failed {
		return exitCode(exitInput)
	}
	return nil
}

// writeScoreText lists each deal's items and each rubber's totals.
func writeScoreText(w io.Writer, rep *scoring.Report) {
	for _, d := range rep.Deals {
		fmt.Fprintf(w, "%s board %d [%s]: %s", d.File, d.Board, d.Code, d.Contract)
		if d.Declarer != "" {
			fmt.Fprintf(w, " by %s", d.Declarer)
		}
		if d.Acceptor != "" {
			fmt.Fprintf(w, ", acceptor %s", d.Acceptor)
		}
		if d.Tricks >= 0 {
			fmt.Fprintf(w, ", %d tricks (%s)", d.Tricks, d.TricksFrom)
		}
		if d.Rubber > 0 {
			fmt.Fprintf(w, ", rubber %d", d.Rubber)
		}
		fmt.Fprintln(w)
		if d.Err != "" {
			fmt.Fprintf(w, "  cannot score: %s\n", d.Err)
		}
		for _, it := range d.Items {
			law := ""
			if it.Law != "" {
				law = " (" + it.Law + ")"
			}
			fmt.Fprintf(w, "  %-2s %-5s %5d  %s%s\n", it.Who, it.Line, it.Points, it.Label, law)
		}
		if d.NSScore != nil {
			fmt.Fprintf(w, "  duplicate score NS %d", *d.NSScore)
			if d.RecordedNS != nil {
				fmt.Fprintf(w, ", recorded NS %d", *d.RecordedNS)
			}
			fmt.Fprintln(w)
		}
		for _, rv := range d.Revokes {
			fmt.Fprintf(w, "  revoke: %s at trick %d, established %v, penalised %v", rv.Seat, rv.Trick, rv.Established, rv.Penalised)
			if rv.Note != "" {
				fmt.Fprintf(w, ": %s", rv.Note)
			}
			fmt.Fprintln(w)
		}
		for _, n := range d.Notes {
			fmt.Fprintf(w, "  note: %s\n", n)
		}
		if d.GameWon != "" {
			fmt.Fprintf(w, "  game to %s\n", d.GameWon)
		}
	}
	for _, rb := range rep.Rubbers {
		state := "finished"
		if !rb.Finished {
			state = "unfinished"
		}
		fmt.Fprintf(w, "rubber %d [%s], %s:", rb.Number, rb.Code, state)
		for _, k := range sortedKeys(rb.Totals) {
			fmt.Fprintf(w, " %s %d (%d games)", k, rb.Totals[k], rb.Games[k])
		}
		if rb.Winner != "" {
			fmt.Fprintf(w, "; %s win by %d", rb.Winner, rb.Margin)
		} else {
			fmt.Fprintf(w, "; a tie")
		}
		fmt.Fprintln(w)
		for _, b := range rb.Bonuses {
			fmt.Fprintf(w, "  %-2s %-5s %5d  %s\n", b.Who, b.Line, b.Points, b.Label)
		}
		if len(rb.Settlement) > 0 {
			fmt.Fprintf(w, "  settlement (units of %d):", rb.Unit)
			for _, s := range model.Seats {
				fmt.Fprintf(w, " %s %+d", s, rb.Settlement[s.String()])
			}
			fmt.Fprintln(w)
		}
		for _, n := range rb.Notes {
			fmt.Fprintf(w, "  note: %s\n", n)
		}
	}
}

// sortedKeys lists the columns in table order: NS EW, or N E S W.
func sortedKeys(m map[string]int) []string {
	order := map[string]int{"NS": 0, "EW": 1, "N": 2, "E": 3, "S": 4, "W": 5}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return order[keys[i]] < order[keys[j]] })
	return keys
}
