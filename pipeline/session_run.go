package pipeline

import (
	"fmt"
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
// score and victory points. A pairs session's travellers are PBN's
// ScoreTables, or the tables' records themselves (one record a table and
// board, as BBO gives its pairs tournaments). The input is read once:
// boards are spooled to a temporary file until the method and Neuberg's N
// (the most results a board has) are known; only the standings' pairs and
// the matches' scores by board stay in memory.
func Session(w io.Writer, src Source, opt SessionOptions) (render.SessionReport, error) {
	rep, _, err := scoreSession(src, opt, func() (render.SessionWriter, error) { return render.NewSessionWriter(w, opt.Format) }, nil)
	return rep, err
}

// sessionReader is a session being read: its boards spooled, its
// tables' records, its team matches.
type sessionReader struct {
	opt     *SessionOptions
	rep     render.SessionReport
	sp      *sessionSpool
	tables  *tableSpool
	teams   *teamCollector
	matches []ScoredMatch // the team matches scored, once read
	played  *boardPairs   // where each pair played each board
	decided bool
	seen    func(*model.Record, *render.SessionBoard)
}

// read takes r: its traveller, its room in a team match, or its table.
func (sr *sessionReader) read(r *model.Record) error {
	b, ok := sessionBoard(r, sr.opt.Warn, sr.played)
	if sr.seen != nil {
		sr.seen(r, b)
	}
	switch {
	case ok:
	case r.Room == model.OpenRoom || r.Room == model.ClosedRoom:
		sr.teams.add(r)
		return nil
	case isTable(r):
		return sr.tables.add(r)
	default:
		if r.Board > 0 && sr.tables.notTable == "" {
			sr.tables.notTable = model.At(r.File, r.Pos)
		}
		if r.Board > 0 {
			sr.tables.notTables++
		}
		return nil
	}
	if !sr.decided {
		if m, ok := scoring.MethodOfScoring(r.Scoring()); ok {
			sr.rep.Method, sr.rep.From = m, "the Scoring tag "+strconv.Quote(r.Scoring())
			sr.decided = true
		}
	}
	return sr.sp.add(b)
}

// scoreSession scores src as Session does and gives what it scored, in
// order, to the writer that open makes once the input is read, and
// returns the team matches too; seen, when not nil, is told of each
// record as it is read, with its traveller as a session board (nil when
// it has none).
func scoreSession(src Source, opt SessionOptions, open func() (render.SessionWriter, error), seen func(*model.Record, *render.SessionBoard)) (render.SessionReport, []ScoredMatch, error) {
	sr := &sessionReader{opt: &opt, rep: render.SessionReport{Method: opt.Method, From: "--method"}, decided: opt.MethodSet,
		teams: newTeamCollector(), tables: newTableSpool(&opt), seen: seen, played: newBoardPairs()}
	if !opt.MethodSet {
		sr.rep.Method, sr.rep.From = scoring.Method{Kind: scoring.MP}, "the default (no --method, no Scoring tag naming one)"
	}
	sp, err := newSessionSpool()
	if err != nil {
		return sr.rep, nil, err
	}
	defer sp.close()
	defer sr.tables.close()
	sr.sp = sp
	if err := src(sr.read); err != nil {
		return sr.rep, nil, err
	}
	if err := sr.addTables(); err != nil {
		return sr.rep, nil, err
	}
	sr.matches = sr.teams.scoredMatches()
	rep := &sr.rep
	rep.Boards, rep.Tables, rep.Matches, rep.ByDirection = sp.boards, sp.tables, len(sr.matches), sp.mitchell
	rep.Fields, rep.MinBoards = sp.fields(), MinBoardsText(opt.MinBoards)
	if rep.Boards == 0 && rep.Matches == 0 {
		return *rep, nil, errNoSession
	}
	err = sr.write(open)
	return *rep, sr.matches, err
}

// addTables adds the boards the tables' records make to the boards
// spooled: when the input has no traveller (a file with travellers gives
// each record's own table in them too) and a board was played at two
// tables or more (else nothing is compared); and tells Note of a ruling
// no record took.
func (sr *sessionReader) addTables() error {
	ts := sr.tables
	if sr.opt.Note != nil {
		for _, k := range ts.unusedAdjustments() {
			sr.opt.Note("--adjust " + k + ": no table's record of that name was read: no ruling made")
		}
	}
	if sr.sp.boards > 0 || ts.mostTables() < 2 {
		return nil
	}
	if err := ts.mixed(); err != nil {
		return err
	}
	if ts.notTables > 0 && sr.opt.Note != nil {
		sr.opt.Note(fmt.Sprintf("%d %s of no table (no player on a side, or a name at two seats), the first at %s: not scored",
			ts.notTables, pluralWord(ts.notTables, "record", "records"), ts.notTable))
	}
	sr.rep.FromTables = true
	return ts.each(sr.sp.add)
}

// write scores the boards spooled into the standings and writes the
// session, then the team matches.
func (sr *sessionReader) write(open func() (render.SessionWriter, error)) error {
	rep := &sr.rep
	sw, err := open()
	if err != nil {
		return err
	}
	if err := sw.Header(rep); err != nil {
		return err
	}
	st := scoring.NewStandings(rep.Method)
	st.SetMinBoards(sr.opt.MinBoards)
	err = sr.sp.each(func(b *render.SessionBoard) error {
		scoreSessionBoard(b, rep, st)
		return sw.Board(b, rep.Method)
	})
	if err != nil {
		return err
	}
	if rep.Boards > 0 {
		rows := st.Rows()
		rep.MinBoardsOf = minBoardsOf(rows, sr.opt.MinBoards)
		if rep.FromTables {
			sr.partnerships(rows)
		}
		if err := sw.Standings(rows, rep); err != nil {
			return err
		}
	}
	for _, m := range sr.matches {
		if err := sw.Match(m.Name, m.Match); err != nil {
			return err
		}
	}
	return sw.Finish()
}

// minBoardsOf is the least number of boards to rank in each field of
// rows.
func minBoardsOf(rows []scoring.Standing, min scoring.MinBoards) map[string]int {
	most := map[string]int{}
	for _, s := range rows {
		most[s.Field] = max(most[s.Field], s.Boards)
	}
	out := map[string]int{}
	for f, n := range most {
		out[f] = min.Of(n)
	}
	return out
}

// scoreSessionBoard scores b under rep's method and Neuberg's N, and adds
// each side's score to the standings: a pair by its key (a table's
// players, its id, its names), in its direction's field when the session
// has two.
func scoreSessionBoard(b *render.SessionBoard, rep *render.SessionReport, st *scoring.Standings) {
	scoreBoardRows(b, rep.Method, rep.Tables)
	for i := range b.Rows {
		row, s := &b.Rows[i], b.Score.Rows[i]
		for _, side := range []model.Side{model.NS, model.EW} {
			top := 0.0
			if s.MP[side].Known() {
				top = b.Score.Top
			}
			st.AddEntrant(entrant(row, int(side), rep), side, s, top)
		}
	}
}

// entrant is the pair of side side of row as the standings know it.
func entrant(row *render.SessionRow, side int, rep *render.SessionReport) scoring.Entrant {
	e := scoring.Entrant{Key: rowKey(row, side), Pair: row.Pair[side], Names: row.Names[side]}
	if e.Pair == "" {
		e.Pair = e.Names
	}
	if rep.Fields == 2 {
		e.Field = model.Side(side).String()
	}
	if rep.ByDirection && row.Pair[side] != "" {
		e.Pair += " " + model.Side(side).String()
	}
	return e
}

// scoreBoardRows scores b's rows under m, n the session's Neuberg N.
func scoreBoardRows(b *render.SessionBoard, m scoring.Method, n int) {
	res := make([]scoring.Result, len(b.Rows))
	for i := range b.Rows {
		res[i] = b.Rows[i].Cmp
	}
	b.Score = scoring.ScoreBoard(res, m, n)
}
