package main

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"

	"handrec/model"
	"handrec/parser"
	"handrec/pipeline"
)

func checkCommand() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "read hand records and report every problem as file:line:col",
		ArgsUsage: "FILE|DIR...",
		UsageText: "handrec check [--format text|json] [--strict] FILE|DIR...\n\n" +
			"Example:\n   handrec check samples/\n   handrec check --format json game.pbn",
		Description: "Reads every record (directories recursively) and prints each problem. " +
			"Errors are faults in the data; warnings are deviations from the standard that were understood. " +
			"Exit status: 0 no errors (warnings too with --strict), 1 errors, 2 usage error.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Value: "text", Usage: "text or json"},
			&cli.BoolFlag{Name: "strict", Usage: "warnings fail the check too"},
		},
		Action: runCheck,
	}
}

type checkProblem struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
}

func runCheck(c *cli.Context) error {
	format := c.String("format")
	if format != "text" && format != "json" {
		return usagef("check: --format must be text or json, not %q", format)
	}
	if c.NArg() == 0 {
		return usagef("check: no files given")
	}
	files, err := pipeline.ExpandInputs(c.Args().Slice())
	if err != nil {
		return usagef("check: %v", err)
	}
	out := c.App.Writer
	problems := []checkProblem{}
	boards, errs, warns := 0, 0, 0
	report := func(p model.Problem) {
		if p.Severity == model.SevWarning {
			warns++
		} else {
			errs++
		}
		if format == "text" {
			fmt.Fprintln(out, p.Error())
			return
		}
		problems = append(problems, checkProblem{p.File, p.Pos.Line, p.Pos.Col, string(p.Severity), p.Message})
	}
	for _, f := range files {
		_, err := pipeline.ReadFile(f, nil, func(r *model.Record) error {
			boards++
			for _, p := range r.Problems {
				report(p)
			}
			return nil
		})
		var located parser.ErrorList
		switch {
		case errors.As(err, &located):
			for _, p := range located { // the reader says where
				report(p)
			}
		case err != nil:
			report(model.Problem{File: f, Pos: model.Pos{Line: 1, Col: 1}, Severity: model.SevError, Message: err.Error()})
		}
	}
	if format == "json" {
		enc := json.NewEncoder(out)
		if err := enc.Encode(map[string]any{"files": len(files), "boards": boards, "problems": problems}); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(c.App.ErrWriter, "%d files, %d boards, %d errors, %d warnings\n", len(files), boards, errs, warns)
	}
	if errs > 0 || c.Bool("strict") && warns > 0 {
		return exitCode(exitInput)
	}
	return nil
}
