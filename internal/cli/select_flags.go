package cli

import (
	"github.com/urfave/cli/v2"

	"handrec/model"
	"handrec/pipeline"
)

// selectFlags choose and turn the records a command writes.
func selectFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "boards", Usage: "take only the boards `LIST`, numbers and ranges: 1-8,12,20-"},
		&cli.BoolFlag{Name: "rotate", Usage: "turn each deal so that South declares, as teachers print hands"},
		&cli.StringFlag{Name: "rotate-to", Usage: "turn each deal so that `SEAT` (N, E, S or W) declares"},
		&cli.BoolFlag{Name: "renumber", Usage: "number the boards taken 1, 2, 3 ..."},
		&cli.BoolFlag{Name: "dedupe", Usage: "keep only the first record of a deal given more than once"},
	}
}

// selection is the Selection the flags ask for, nil for none.
func selection(c *cli.Context, cmd string) (*pipeline.Selection, error) {
	s := &pipeline.Selection{Rotate: c.Bool("rotate"), Renumber: c.Bool("renumber"), Dedupe: c.Bool("dedupe")}
	if v := c.String("boards"); v != "" {
		b, err := pipeline.ParseBoards(v)
		if err != nil {
			return nil, usagef("%s: --%v", cmd, err)
		}
		s.Boards = b
	}
	if v := c.String("rotate-to"); v != "" {
		seat, ok := model.NoSeat, false
		if len(v) == 1 {
			seat, ok = model.ParseSeat(v[0])
		}
		if !ok {
			return nil, usagef("%s: --rotate-to %q: give a seat, N, E, S or W", cmd, v)
		}
		s.RotateTo = &seat
	}
	if len(s.Boards) == 0 && !s.Rotate && s.RotateTo == nil && !s.Renumber && !s.Dedupe {
		return nil, nil
	}
	return s, nil
}

// selected is src with the flags' selection applied.
func selected(c *cli.Context, cmd string, src pipeline.Source) (pipeline.Source, error) {
	s, err := selection(c, cmd)
	if err != nil || s == nil {
		return src, err
	}
	return s.Filter(src), nil
}
