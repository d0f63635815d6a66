package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"handrec/export"
	"handrec/model"
	"handrec/model/scoring"
	"handrec/pipeline"
)

// sheetSessionFlags are sheet's options that score the session first.
func sheetSessionFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "session", Usage: "score the session as `handrec session` does: each board's traveller with the method's columns, and a results page (the standings, the team matches) after the boards"},
		&cli.StringFlag{Name: "method", Usage: "with --session: mp, acbl, ximp, butler, butler-N or \"datum N\" (default: the records' Scoring tag, else mp)"},
	}
}

// sheetSession scores the session of src, when --session asks, and gives
// the sheet's options for it and the records to print, read once: they
// are kept while the session is scored, as a sheet keeps a page's boards.
func sheetSession(c *cli.Context, src pipeline.Source, from string) (*export.SheetSession, pipeline.Source, error) {
	if !c.Bool("session") {
		if c.IsSet("method") {
			return nil, nil, usagef("sheet: --method needs --session")
		}
		return nil, src, nil
	}
	opt := pipeline.SessionOptions{Format: "text"}
	if v := c.String("method"); v != "" {
		m, err := scoring.ParseMethod(v)
		if err != nil {
			return nil, nil, usagef("sheet: --method: %v", err)
		}
		opt.Method, opt.MethodSet = m, true
	}
	opt.Warn = func(r *model.Record, pos model.Pos, msg string) {
		fmt.Fprintf(c.App.ErrWriter, "%swarning: board %d: %s\n", model.Prefix(r.File, pos), r.Board, msg)
	}
	var recs []*model.Record
	keep := func(fn func(*model.Record) error) error {
		return src(func(r *model.Record) error {
			recs = append(recs, r)
			return fn(r)
		})
	}
	scored, err := pipeline.SessionScores(keep, opt)
	if pipeline.ErrNoSession(err) {
		return nil, nil, fmt.Errorf("sheet: --session: %s: %v", from, err)
	}
	if err != nil {
		return nil, nil, err
	}
	replay := func(fn func(*model.Record) error) error {
		for _, r := range recs {
			if err := fn(r); err != nil {
				return err
			}
		}
		return nil
	}
	return sheetSessionOf(scored), replay, nil
}

// boardKey names a record: its file and where it starts.
type boardKey struct {
	file string
	pos  model.Pos
}

// sheetSessionOf is the sheet's form of a scored session: each board's
// traveller by its record, and the results page.
func sheetSessionOf(s *pipeline.SessionScored) *export.SheetSession {
	m := s.Report.Method
	boards := make(map[boardKey]*pipeline.SessionBoard, len(s.Boards))
	for i := range s.Boards {
		b := &s.Boards[i]
		boards[boardKey{b.File, b.Pos}] = b
	}
	ss := &export.SheetSession{Title: "Results"}
	ss.Traveller = func(r *model.Record) *export.SheetTable {
		b, ok := boards[boardKey{r.File, r.Pos}]
		if !ok {
			return nil
		}
		t := sheetTableOf(b.Traveller(m))
		return &t
	}
	if len(s.Boards) > 0 {
		ss.Lines = append(ss.Lines, s.MethodLine())
		ss.Results = append(ss.Results, sheetTableOf(pipeline.StandingsTable(s.Standings, m)))
	}
	for i := range s.Matches {
		ss.Results = append(ss.Results, sheetTableOf(pipeline.MatchTable(&s.Matches[i])))
	}
	return ss
}

func sheetTableOf(t pipeline.SessionTable) export.SheetTable {
	return export.SheetTable{Title: t.Title, Head: t.Head, Right: t.Right, Rows: t.Rows, Notes: t.Notes}
}
