package cli

import (
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"handrec/model"
	"handrec/model/scoring"
	"handrec/pipeline"
	"handrec/render"
)

// sheetSessionFlags are sheet's options that score the session first.
func sheetSessionFlags() []cli.Flag {
	return append(sessionRuleFlags(),
		&cli.BoolFlag{Name: "session", Usage: "score the session as the session command does: each board's traveller with the method's columns, and a results page (the standings, the team matches) after the boards"},
		&cli.StringFlag{Name: "method", Usage: "with --session: mp, acbl, ximp, butler, butler-N or \"datum N\" (default: the records' Scoring tag, else mp)"},
	)
}

// sheetSession scores the session of src, when --session asks, and gives
// the sheet's options for it and the records to print. The input is read
// twice, so that no board is kept: once to score the session (the method
// and Neuberg's N are known only at its end), then again to print it,
// each board's traveller scored anew and each record checked against the
// first reading (pipeline.SessionScored.Reread); standard input is kept
// in a temporary file for the second reading (sheetStdin).
func sheetSession(c *cli.Context, src pipeline.Source, in *input) (*render.SheetSession, pipeline.Source, error) {
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
	if err := sessionRules(c, "sheet", &opt); err != nil {
		return nil, nil, err
	}
	scored, err := pipeline.SessionScores(src, opt)
	if pipeline.ErrNoSession(err) {
		return nil, nil, fmt.Errorf("sheet: --session: %s: %v", in.from, err)
	}
	if err != nil {
		return nil, nil, err
	}
	again := func(fn func(*model.Record) error) error {
		in.reread() // what the files hold was said the first time
		if r, ok := c.App.Reader.(*rereader); ok {
			if err := r.rewind(); err != nil {
				return fmt.Errorf("sheet: standard input: %v", err)
			}
		}
		err := src(func(r *model.Record) error {
			if err := scored.Reread(r); err != nil {
				return fmt.Errorf("sheet: %v", err)
			}
			if !scored.Print(r) {
				return nil // its board is printed at its first record
			}
			return fn(r)
		})
		if err != nil {
			return err
		}
		if err := scored.Done(); err != nil {
			return fmt.Errorf("sheet: %v", err)
		}
		return nil
	}
	return sheetSessionOf(scored), again, nil
}

// sheetStdin keeps what the sheet reads of standard input, with
// --session, in a temporary file that the second reading reads; done
// removes it.
func sheetStdin(c *cli.Context) (done func()) { return rereadStdin(c, c.Bool("session")) }

// rereadStdin keeps what a command reads of standard input, when on, in a
// temporary file that a second reading reads (after rereader.rewind);
// done removes it.
func rereadStdin(c *cli.Context, on bool) (done func()) {
	if !on {
		return func() {}
	}
	r := &rereader{in: c.App.Reader}
	c.App.Reader = r
	return r.close
}

// rereader is standard input read twice: the first reading copies it to
// a temporary file, which the second reads once rewind is called.
type rereader struct {
	in    io.Reader
	f     *os.File
	again bool // rewound: reading the copy
	err   error
}

func (r *rereader) Read(p []byte) (int, error) {
	if r.err != nil {
		return 0, r.err
	}
	if r.again {
		return r.f.Read(p)
	}
	if r.f == nil {
		if r.f, r.err = os.CreateTemp("", "handrec-sheet-stdin-*"); r.err != nil {
			return 0, r.err
		}
	}
	n, err := r.in.Read(p)
	if _, werr := r.f.Write(p[:n]); werr != nil {
		r.err = werr
		return n, werr
	}
	return n, err
}

// rewind makes the readings after it read the copy from its start.
func (r *rereader) rewind() error {
	r.again = true
	if r.f == nil || r.err != nil {
		return r.err
	}
	_, err := r.f.Seek(0, io.SeekStart)
	return err
}

func (r *rereader) close() {
	if r.f != nil {
		r.f.Close()
		os.Remove(r.f.Name())
	}
}

// sheetSessionOf is the sheet's form of a scored session: each board's
// traveller by its record, and the results page.
func sheetSessionOf(s *pipeline.SessionScored) *render.SheetSession {
	m := s.Report.Method
	ss := &render.SheetSession{Title: "Results", Match: s.MatchBoard}
	ss.Traveller = func(r *model.Record) *render.SheetTable {
		b := s.Board(r)
		if b == nil {
			return nil
		}
		t := b.Traveller(m)
		return &t
	}
	if s.Report.Boards > 0 {
		ss.Lines = append(ss.Lines, render.MethodLine(&s.Report), render.FieldsLine(&s.Report))
		ss.Results = append(ss.Results, render.StandingsTables(s.Standings, &s.Report)...)
	}
	for i := range s.Matches {
		ss.Results = append(ss.Results, render.MatchTable(s.Matches[i].Name, &s.Matches[i].Match))
	}
	return ss
}
