package pipeline

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"

	"handrec/model"
	"handrec/model/scoring"
)

// SessionScored is a session scored for a deal sheet, which prints each
// board's traveller with the method's columns and then the results: what
// Session writes, as tables. The boards are not kept: the sheet reads its
// input a second time: Reread checks, record by record, that the second
// reading is the first, against a fingerprint of each record the first
// kept (8 bytes a record), and scores the record's traveller again as the
// first reading did (the method and Neuberg's N are known by then); Board
// gives it.
type SessionScored struct {
	Report    SessionReport
	Standings []scoring.Standing
	Matches   []ScoredMatch

	sums []uint64 // each record's fingerprint, in the order first read
	next int      // the records read again

	// reread are the boards of the last records read again, in a ring,
	// for Board: a record's board is asked for after its reading, when
	// the records after it may have been read too (the DD queue reads
	// ahead, the answers page prints a page's boards again).
	reread [rereadKept]rereadBoard
}

// rereadKept is how many of the last boards read again Board finds
// without reading the record's traveller again.
const rereadKept = 64

type rereadBoard struct {
	r *model.Record
	b *SessionBoard
}

// ScoredMatch is a team match as Session scored it.
type ScoredMatch struct {
	Name  MatchName
	Match scoring.TeamMatch
}

// SessionScores scores src as Session does (reading it once) and keeps the
// report, the standings, the matches and each record's fingerprint.
func SessionScores(src Source, opt SessionOptions) (*SessionScored, error) {
	k := &sessionKeeper{}
	sum := func(r *model.Record, b *SessionBoard) { k.s.sums = append(k.s.sums, recordSum(r, b)) }
	rep, err := scoreSession(src, opt, func() (sessionWriter, error) { return k, nil }, sum)
	k.s.Report = rep
	if err != nil {
		return nil, err
	}
	return &k.s, nil
}

// Board is r's board scored as the session scored it, nil when r has no
// traveller the session reads. It warns of nothing: the first reading
// did.
func (s *SessionScored) Board(r *model.Record) *SessionBoard {
	for _, k := range s.reread {
		if k.r == r {
			return k.b
		}
	}
	return s.score(r) // a record not read again lately
}

// score is r's board scored as the session scored it.
func (s *SessionScored) score(r *model.Record) *SessionBoard {
	b, ok := sessionBoard(r, nil)
	if !ok {
		return nil
	}
	scoreBoardRows(b, s.Report.Method, s.Report.Tables)
	return b
}

// Reread checks r, the next record of the second reading, against the
// record the first reading had in its place: an error when the input
// changed between the two (a file written, a record imported). It scores
// r's board once, for the check and for Board.
func (s *SessionScored) Reread(r *model.Record) error {
	b, _ := sessionBoard(r, nil)
	if s.next >= len(s.sums) || recordSum(r, b) != s.sums[s.next] {
		return fmt.Errorf("%sboard %d is not the record read in its place the first time: the input changed while the session was read twice", model.Prefix(r.File, r.Pos), r.Board)
	}
	if b != nil {
		scoreBoardRows(b, s.Report.Method, s.Report.Tables)
	}
	s.reread[s.next%rereadKept] = rereadBoard{r, b}
	s.next++
	return nil
}

// Done reports a second reading that ended before the first did.
func (s *SessionScored) Done() error {
	if s.next != len(s.sums) {
		return fmt.Errorf("the input changed while the session was read twice: %d records the first time, %d the second", len(s.sums), s.next)
	}
	return nil
}

// recordSum is a fingerprint of what the session reads of r: where it
// is, its board, and its traveller's rows (b, r's traveller as
// sessionBoard reads it, nil when it has none) or its room's score. b is
// given, not read here, so that the first reading parses each traveller
// once, for the session and for the fingerprint.
func recordSum(r *model.Record, b *SessionBoard) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s\x00%v\x00%d\x00%d\x00%v\x00", r.File, r.Pos, r.Index, r.Board, r.Room)
	if b != nil {
		fmt.Fprintf(h, "%v", *b)
	} else {
		ns, ok := roomScore(r)
		fmt.Fprintf(h, "%v\x00%d\x00%v", matchName(r), ns, ok)
		if r.Match != nil {
			fmt.Fprintf(h, "\x00%v", *r.Match)
		}
	}
	return h.Sum64()
}

// sessionKeeper is the sessionWriter that keeps the standings and the
// matches.
type sessionKeeper struct{ s SessionScored }

func (k *sessionKeeper) header(*SessionReport) error { return nil }

func (k *sessionKeeper) board(*SessionBoard, scoring.Method) error { return nil }

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
