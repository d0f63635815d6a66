package pipeline

import (
	"strconv"
	"strings"

	"handrec/model/scoring"
)

// SessionScored is a session scored and kept, for a deal sheet that
// prints each board's traveller with the method's columns and then the
// results: what Session writes, as tables.
type SessionScored struct {
	Report    SessionReport
	Boards    []SessionBoard // scored, in the input's order
	Standings []scoring.Standing
	Matches   []ScoredMatch
}

// ScoredMatch is a team match as Session scored it.
type ScoredMatch struct {
	Name  MatchName
	Match scoring.TeamMatch
}

// SessionScores scores src as Session does and keeps what it scored.
func SessionScores(src Source, opt SessionOptions) (*SessionScored, error) {
	k := &sessionKeeper{}
	rep, err := scoreSession(src, opt, func() (sessionWriter, error) { return k, nil })
	k.s.Report = rep
	if err != nil {
		return nil, err
	}
	return &k.s, nil
}

// sessionKeeper is the sessionWriter that keeps what it is given.
type sessionKeeper struct{ s SessionScored }

func (k *sessionKeeper) header(*SessionReport) error { return nil }

func (k *sessionKeeper) board(b *SessionBoard, _ scoring.Method) error {
	k.s.Boards = append(k.s.Boards, *b)
	return nil
}

func (k *sessionKeeper) standings(rows []scoring.Standing, _ scoring.Method) error {
	k.s.Standings = rows
	return nil
}

func (k *sessionKeeper) match(n MatchName, tm scoring.TeamMatch) error {
	k.s.Matches = append(k.s.Matches, ScoredMatch{n, tm})
	return nil
}

func (k *sessionKeeper) finish() error { return nil }

// MethodLine says the method, where it came from and its parameters, as
// Session's first line does.
func (s *SessionScored) MethodLine() string { return methodLine(&s.Report) }

// SessionTable is a table of a scored session as a sheet prints it:
// the values are those Session writes.
type SessionTable struct {
	Title string
	Head  []string
	Right []bool
	Rows  [][]string
	Notes []string
}

// sheetHead is the sheet's heading of one of Session's columns: the
// column's name with its first letter capital and its side in capitals
// ("score_ns" is "Score NS"), but for the pairs (by side), the declarer,
// the tricks, the percentages and the IMPs and matchpoints.
func sheetHead(col string) string {
	if h, ok := sheetHeads[col]; ok {
		return h
	}
	for _, p := range [][2]string{{"ximp_", "XIMP_"}, {"imps_", "IMPs_"}, {"imp_", "IMP_"}, {"mp_", "MP_"}, {"percentage_", "%_"}} {
		if strings.HasPrefix(col, p[0]) {
			col = p[1] + col[len(p[0]):]
		}
	}
	col = strings.ToUpper(col[:1]) + col[1:]
	for _, side := range []string{"_ns", "_ew"} {
		if strings.HasSuffix(col, side) {
			col = strings.TrimSuffix(col, side) + " " + strings.ToUpper(side[1:])
		}
	}
	return strings.ReplaceAll(col, "_", " ")
}

var sheetHeads = map[string]string{"pair_ns": "NS", "pair_ew": "EW", "declarer": "By", "result": "Tricks", "percentage": "%"}

// flushLeft are the columns of text, set flush left; numbers are set
// flush right.
var flushLeft = map[string]bool{"contract": true, "declarer": true, "names": true, "pair": true}

func sheetTable(title string, cols []string) SessionTable {
	t := SessionTable{Title: title}
	for _, c := range cols {
		t.Head = append(t.Head, sheetHead(c))
		t.Right = append(t.Right, !flushLeft[c])
	}
	return t
}

// Traveller is b's traveller as Session scored it under m: its rows with
// the score used (a stated score that is not the contract's is replaced
// by the contract's and marked "*") and the method's columns, and a note
// for each row with a problem.
func (b *SessionBoard) Traveller(m scoring.Method) SessionTable {
	title := "Traveller (" + m.Name() + ")"
	if b.Score.HasDatum {
		title += ", datum " + strconv.Itoa(b.Score.Datum)
	}
	t := sheetTable(title, append(append([]string(nil), rowColumns...), methodColumns(m)...))
	score := len(rowColumns) - 1
	for i := range b.Rows {
		r := &b.Rows[i]
		row := append(rowValues(r), methodValues(m, b.Score.Rows[i])...)
		if r.Problem == "" {
			t.Rows = append(t.Rows, row)
			continue
		}
		mark := ""
		if r.Error {
			mark = "*"
			row[score] += mark
		}
		t.Rows = append(t.Rows, row)
		t.Notes = append(t.Notes, mark+"row "+strconv.Itoa(i+1)+": "+r.Problem)
	}
	return t
}

// StandingsTable is the standings as Session writes them: under an IMP
// method, without the top and percentage columns, which it leaves empty.
func StandingsTable(rows []scoring.Standing, m scoring.Method) SessionTable {
	cols := standingColumns
	if m.IMPs() {
		cols = cols[:5]
	}
	t := sheetTable("Standings", cols)
	for i := range rows {
		t.Rows = append(t.Rows, standingValues(&rows[i], m)[:len(cols)])
	}
	return t
}

// MatchTable is a team match as Session writes it: a line a board with
// the running score, its total and victory points in a note.
func MatchTable(sm *ScoredMatch) SessionTable {
	t := sheetTable(matchHead(sm.Name, &sm.Match), matchColumns)
	for _, l := range sm.Match.Lines {
		t.Rows = append(t.Rows, matchValues(l))
	}
	t.Notes = []string{matchTotal(sm.Name, &sm.Match)}
	return t
}
