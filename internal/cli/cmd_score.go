package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"handrec/model"
	"handrec/model/scoring"
	"handrec/output"
	"handrec/pipeline"
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
			"see docs/scoring.md. " + readsDoc("scored", ", a record could not be scored"),
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
			&cli.BoolFlag{Name: "deduct-from-game", Usage: "bridge1895: the deduct penalty takes from the whole game's trick score, not from that hand's only (law 87 III)"},
			&cli.BoolFlag{Name: "strike-excess", Usage: "bridge1895: strike a revoking side's trick points over 28 out of the score"},
			&cli.BoolFlag{Name: "chicane-once", Usage: "bridge1895: chicane once per side when both partners are void"},
			&cli.BoolFlag{Name: "pirate-honours-once", Usage: "pirate1916: adversaries' honours to one of them, not each"},
		}, append(append(archiveFlags(), selectFlags()...), reportFlags()...)...),
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
	src, in, err := recordSource(c, "score")
	if err != nil {
		return err
	}
	defer in.end() // the summary, before an error the command ends with
	if src, err = selected(c, "score", src); err != nil {
		return err
	}
	src = sayWrongScores(c, src)
	var w io.Writer = c.App.Writer
	esc := &output.Escaper{W: w}
	if format == "text" {
		w = esc
	}
	err = pipeline.Score(w, src, pipeline.ScoreOptions{Scoring: opt, JSON: format == "json",
		Unscored: func(r *model.Record, ds *scoring.DealScore) {
			in.failed = true
			fmt.Fprintf(c.App.ErrWriter, "%sboard %d: cannot score: %s\n", model.Prefix(r.File, r.Pos), r.Board, ds.Err)
		}})
	if err == nil {
		err = esc.Flush()
	}
	if err != nil {
		return err
	}
	return in.status()
}
