package cli

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"handrec/jsonrec"
	"handrec/model"
	"handrec/model/scoring"
	"handrec/pipeline"
)

func checkCommand() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "read hand records and report every problem as file:line:col",
		ArgsUsage: "FILE|DIR...",
		UsageText: "handrec check [--format text|json] [--strict] [--quiet|--all] [--code CODE] FILE|DIR...\n\n" +
			"Example:\n   handrec check samples/\n   handrec check --format json game.pbn",
		Description: "Reads every record (directories recursively) and prints its problems: " +
			"of each kind of problem the first few a file, then one line that counts the rest (--all prints them all, " +
			"--format json lists them all, --quiet prints only the summary). " +
			"Errors are faults in the data; warnings are deviations from the standard that were understood. " +
			"--code (else a record's Scoring tag) checks the records under a scoring code too: under bridge1895 and bridge1904 " +
			"a declarer who is not the dealer is a warning (law 59: the dealer plays the hand). " +
			"Exit status: 0 no errors (warnings too with --strict), 1 errors, 2 usage error.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "format", Value: "text", Usage: "text or json"},
			&cli.BoolFlag{Name: "strict", Usage: "warnings fail the check too"},
			&cli.StringFlag{Name: "code", Usage: "check under scoring `CODE` too (contract, bridge1895, bridge1904, auction1915, pirate1916)"},
		}, problemFlags()...),
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
	files, err := expandInputs(c, c.Args().Slice())
	if err != nil {
		return fmt.Errorf("check: %v", err)
	}
	var code scoring.Code
	if v := c.String("code"); v != "" {
		var ok bool
		if code, ok = scoring.ParseCode(v); !ok {
			return usagef("check: unknown code %q (try contract, bridge1895, bridge1904, auction1915, pirate1916)", v)
		}
	}
	problems := []checkProblem{}
	errs, warns := 0, 0
	pp := newProblemPrinter(c, c.App.Writer)
	boards, err := pipeline.CheckUnder(c.Context, c.App.Reader, files, code, func(p model.Problem) {
		if p.Severity == model.SevWarning {
			warns++
		} else {
			errs++
		}
		if format == "text" {
			pp.Print(p)
			return
		}
		problems = append(problems, checkProblem{p.File, p.Pos.Line, p.Pos.Col, string(p.Severity), p.Message})
	})
	pp.Flush()
	if err != nil {
		return err
	}
	if format == "json" {
		err = writeJSONLine(c.App.Writer, map[string]any{"files": len(files), "boards": boards, "problems": problems})
	} else {
		summary(c, "%s, %s, %s, %s", counted(len(files), "file", "files"), counted(boards, "board", "boards"),
			counted(errs, "error", "errors"), counted(warns, "warning", "warnings"))
	}
	if err != nil {
		return err
	}
	if errs > 0 || c.Bool("strict") && warns > 0 {
		return exitCode(exitInput)
	}
	return nil
}

// writeJSONLine writes v as json.Encoder does, one line, with its C1
// controls escaped too (jsonrec.EscapeC1): what check prints is escaped
// for a terminal in JSON as in text.
func writeJSONLine(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(jsonrec.EscapeC1(b), '\n'))
	return err
}
