package pipeline

import (
	"io"
	"strconv"

	"handrec/model"
	"handrec/model/scoring"
	"handrec/render"
)

// Session scores the pairs session and the team matches of src and
// writes them to w as `handrec session` prints them: each board's
// traveller with the method's columns, then the standings, then each
// team match (Open and Closed rooms of its boards) with its IMPs, running
// score and victory points. The input is read once: boards are spooled to
// a temporary file until the method and Neuberg's N (the most results a
// board has) are known; only the standings' pairs and the matches' scores
// by board stay in memory.
func Session(w io.Writer, src Source, opt SessionOptions) (render.SessionReport, error) {
	return scoreSession(src, opt, func() (render.SessionWriter, error) { return render.NewSessionWriter(w, opt.Format) }, nil)
}

// scoreSession scores src as Session does and gives what it scored, in
// order, to the writer that open makes once the input is read; seen, when
// not nil, is told of each record as it is read, with its traveller as a
// session board (nil when it has none).
func scoreSession(src Source, opt SessionOptions, open func() (render.SessionWriter, error), seen func(*model.Record, *render.SessionBoard)) (render.SessionReport, error) {
	rep := render.SessionReport{Method: opt.Method, From: "--method"}
	if !opt.MethodSet {
		rep.Method, rep.From = scoring.Method{Kind: scoring.MP}, "the default (no --method, no Scoring tag naming one)"
	}
	sp, err := newSessionSpool()
	if err != nil {
		return rep, err
	}
	defer sp.close()
	teams := newTeamCollector()
	decided := opt.MethodSet
	err = src(func(r *model.Record) error {
		b, ok := sessionBoard(r, opt.Warn)
		if seen != nil {
			seen(r, b)
		}
		if !ok {
			teams.add(r)
			return nil
		}
		if !decided {
			if m, ok := scoring.MethodOfScoring(r.Scoring()); ok {
				rep.Method, rep.From = m, "the Scoring tag "+strconv.Quote(r.Scoring())
				decided = true
			}
		}
		return sp.add(b)
	})
	if err != nil {
		return rep, err
	}
	rep.Boards, rep.Tables, rep.Matches, rep.Directions = sp.boards, sp.tables, len(teams.matches), sp.mitchell
	if rep.Boards == 0 && rep.Matches == 0 {
		return rep, errNoSession
	}
	sw, err := open()
	if err != nil {
		return rep, err
	}
	if err := sw.Header(&rep); err != nil {
		return rep, err
	}
	st := scoring.NewStandings(rep.Method)
	err = sp.each(func(b *render.SessionBoard) error {
		scoreSessionBoard(b, rep.Method, rep.Tables, rep.Directions, st)
		return sw.Board(b, rep.Method)
	})
	if err != nil {
		return rep, err
	}
	if rep.Boards > 0 {
		if err := sw.Standings(st.Rows(), rep.Method); err != nil {
			return rep, err
		}
	}
	for _, m := range teams.matches {
		if err := sw.Match(m.name, m.scored()); err != nil {
			return rep, err
		}
	}
	return rep, sw.Finish()
}

// scoreSessionBoard scores b under m, n the session's Neuberg N, and adds
// each side's score to the standings, by pair and direction when dirs.
func scoreSessionBoard(b *render.SessionBoard, m scoring.Method, n int, dirs bool, st *scoring.Standings) {
	scoreBoardRows(b, m, n)
	for i := range b.Rows {
		row, s := &b.Rows[i], b.Score.Rows[i]
		for _, side := range []model.Side{model.NS, model.EW} {
			top := 0.0
			if s.MP[side].Known() {
				top = b.Score.Top
			}
			id := row.Pair[side]
			if dirs && id != "" {
				id += " " + side.String()
			}
			st.Add(id, row.Names[side], side, s, top)
		}
	}
}

// scoreBoardRows scores b's rows under m, n the session's Neuberg N.
func scoreBoardRows(b *render.SessionBoard, m scoring.Method, n int) {
	res := make([]scoring.Result, len(b.Rows))
	for i := range b.Rows {
		res[i] = b.Rows[i].Cmp
	}
	b.Score = scoring.ScoreBoard(res, m, n)
}
