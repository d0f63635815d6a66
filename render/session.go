package render

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"handrec/model"
	"handrec/model/scoring"
)

// SessionReport is what a session scored (pipeline.Session): what it
// scored and under which method (and why: "--method", "the Scoring tag
// \"MP\"", "the default").
type SessionReport struct {
	Method  scoring.Method
	From    string
	Boards  int
	Tables  int
	Matches int
	// Directions: pair ids name a pair of one direction (one id sits both
	// ways on a board): the standings are by direction ("3 NS").
	Directions bool
}

// SessionBoard is a board of a pairs session: its traveller's rows, each
// with what the method gives it.
type SessionBoard struct {
	File  string
	Pos   model.Pos
	Board int
	Vul   model.Vul
	Rows  []SessionRow
	Score scoring.BoardScore
}

// SessionRow is one row of a board's traveller as the session shows it.
type SessionRow struct {
	Pair, Names              [2]string
	Contract                 string
	Declarer                 string
	Result                   int
	Recorded, Computed       int
	HasRecorded, HasComputed bool
	Artificial               [2]string
	Cmp                      scoring.Result
	Problem                  string
	Error                    bool
}

// MatchName names a team match: its event and stage, and its teams.
type MatchName struct {
	Event, Stage string
	Home, Visit  string
}

// SessionWriter writes a session as it is scored (pipeline.Session): the
// report's header, each board, the standings (when there are boards),
// each team match, then Finish.
type SessionWriter interface {
	Header(rep *SessionReport) error
	Board(b *SessionBoard, m scoring.Method) error
	Standings(rows []scoring.Standing, m scoring.Method) error
	Match(name MatchName, tm scoring.TeamMatch) error
	Finish() error
}

// NewSessionWriter writes a session to w as `handrec session` prints it
// in format: "text" (or ""), "json" or "csv".
func NewSessionWriter(w io.Writer, format string) (SessionWriter, error) {
	bw := bufio.NewWriterSize(w, 64<<10)
	switch format {
	case "", "text":
		return &sessionText{w: bw}, nil
	case "json":
		return &sessionJSON{w: bw}, nil
	case "csv":
		return &sessionCSV{w: bw, c: csv.NewWriter(bw)}, nil
	}
	return nil, fmt.Errorf("unknown session format %q", format)
}

// sessionNum is a value to two decimals, trailing zeros kept; "" for none.
func sessionNum(p model.Points) string {
	if !p.Known() {
		return ""
	}
	v := math.Round(float64(p)*100) / 100
	if v == 0 {
		v = 0 // no "-0.00"
	}
	return fmt.Sprintf("%.2f", v)
}

// rowScoreText is the score a row is compared with, as printed: the score
// used, an artificial score as written, "" for a row left out.
func rowScoreText(r *SessionRow) string {
	switch {
	case r.Cmp.IsArtificial():
		return strings.Trim(r.Artificial[0]+"/"+r.Artificial[1], "/")
	case r.Cmp.Played:
		return strconv.Itoa(r.Cmp.Score)
	}
	return ""
}

// methodColumns are the columns a method adds to a traveller, and their
// values for a row.
func methodColumns(m scoring.Method) []string {
	switch {
	case m.Kind == scoring.CrossIMP:
		return []string{"ximp_ns", "ximp_ew", "avg_ns", "avg_ew"}
	case m.IMPs():
		return []string{"imp_ns", "imp_ew"}
	}
	return []string{"mp_ns", "mp_ew", "percentage_ns", "percentage_ew"}
}

func methodValues(m scoring.Method, s scoring.Scored) []string {
	switch {
	case m.Kind == scoring.CrossIMP:
		return []string{sessionNum(s.IMP[0]), sessionNum(s.IMP[1]), sessionNum(s.IMPAvg[0]), sessionNum(s.IMPAvg[1])}
	case m.IMPs():
		return []string{sessionNum(s.IMP[0]), sessionNum(s.IMP[1])}
	}
	return []string{sessionNum(s.MP[0]), sessionNum(s.MP[1]), sessionNum(s.Percent[0]), sessionNum(s.Percent[1])}
}

var rowColumns = []string{"pair_ns", "pair_ew", "contract", "declarer", "result", "score_ns"}

func rowValues(r *SessionRow) []string {
	res := ""
	if r.Result != model.NoInt {
		res = strconv.Itoa(r.Result)
	}
	return []string{r.Pair[0], r.Pair[1], r.Contract, r.Declarer, res, rowScoreText(r)}
}

// MethodLine says the method, where it came from and its parameters.
func MethodLine(rep *SessionReport) string {
	s := fmt.Sprintf("method: %s: %s, from %s", rep.Method.Name(), rep.Method, rep.From)
	if !rep.Method.IMPs() && rep.Boards > 0 {
		s += fmt.Sprintf("; a board with fewer results is factored up to %d", rep.Tables)
	}
	return s
}

// sessionText writes aligned columns, a block a board.
type sessionText struct {
	w       *bufio.Writer
	err     error
	boards  bool
	matches int
}

func (t *sessionText) table(rows [][]string) {
	tw := tabwriter.NewWriter(t.w, 0, 0, 2, ' ', 0)
	for _, r := range rows {
		fmt.Fprintln(tw, strings.TrimRight(strings.Join(r, "\t"), "\t"))
	}
	if err := tw.Flush(); err != nil && t.err == nil {
		t.err = err
	}
}

func (t *sessionText) Header(rep *SessionReport) error {
	if rep.Boards == 0 {
		return nil // team matches only: no pairs method
	}
	_, err := fmt.Fprintln(t.w, MethodLine(rep))
	return err
}

func (t *sessionText) Board(b *SessionBoard, m scoring.Method) error {
	t.boards = true
	head := fmt.Sprintf("\nBoard %d (%s), vulnerable %s", b.Board, model.At(b.File, b.Pos), vulText(b.Vul))
	if b.Score.HasDatum {
		head += fmt.Sprintf(", datum %d", b.Score.Datum)
	}
	fmt.Fprintln(t.w, head)
	rows := [][]string{append(append(append([]string(nil), rowColumns...), methodColumns(m)...), "note")}
	for i := range b.Rows {
		r := &b.Rows[i]
		rows = append(rows, append(append(rowValues(r), methodValues(m, b.Score.Rows[i])...), r.Problem))
	}
	t.table(rows)
	return t.err
}

func vulText(v model.Vul) string {
	if !v.Valid() {
		return "unknown"
	}
	return v.String()
}

var standingColumns = []string{"rank", "pair", "names", "boards", "total", "top", "percentage"}

func standingValues(s *scoring.Standing, m scoring.Method) []string {
	top, pct := "", ""
	if !m.IMPs() {
		top, pct = sessionNum(model.Points(s.Top)), sessionNum(model.Points(s.Percent))
	}
	return []string{s.RankText(), s.Pair, s.Names, strconv.Itoa(s.Boards), sessionNum(model.Points(s.Total)), top, pct}
}

func (t *sessionText) Standings(rows []scoring.Standing, m scoring.Method) error {
	fmt.Fprintln(t.w, "\nStandings")
	tab := [][]string{standingColumns}
	for i := range rows {
		tab = append(tab, standingValues(&rows[i], m))
	}
	t.table(tab)
	return t.err
}

func matchTitle(n MatchName) string {
	s := fmt.Sprintf("%s - %s", orUnnamed(n.Home, "home"), orUnnamed(n.Visit, "visitors"))
	var ev []string
	for _, e := range []string{n.Event, n.Stage} {
		if e != "" {
			ev = append(ev, e)
		}
	}
	if len(ev) > 0 {
		s += " (" + strings.Join(ev, ", ") + ")"
	}
	return s
}

func orUnnamed(s, what string) string {
	if s == "" {
		return "(" + what + ")"
	}
	return s
}

var matchColumns = []string{"board", "open_ns", "closed_ns", "difference", "imps_home", "imps_visitors", "home", "visitors"}

func matchValues(l scoring.TeamLine) []string {
	v := []string{strconv.Itoa(l.Board), "", "", "", "", "", sessionPts(l.Running[0]), sessionPts(l.Running[1])}
	if l.OpenOK {
		v[1] = strconv.Itoa(l.Open)
	}
	if l.ClosedOK {
		v[2] = strconv.Itoa(l.Closed)
	}
	if l.Counted {
		v[3] = strconv.Itoa(l.Diff)
		if l.IMPs > 0 {
			v[4] = strconv.Itoa(l.IMPs)
		} else if l.IMPs < 0 {
			v[5] = strconv.Itoa(-l.IMPs)
		}
	}
	return v
}

// sessionPts is a total as written: "11.5", "10".
func sessionPts(v float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", v), "0"), ".")
}

func (t *sessionText) Match(n MatchName, tm scoring.TeamMatch) error {
	if t.matches > 0 || t.boards {
		fmt.Fprintln(t.w)
	}
	t.matches++
	fmt.Fprintln(t.w, matchHead(n, &tm))
	tab := [][]string{matchColumns}
	for _, l := range tm.Lines {
		tab = append(tab, matchValues(l))
	}
	t.table(tab)
	_, err := fmt.Fprintln(t.w, matchTotal(n, &tm))
	return err
}

// matchHead is a match's heading: its teams, event and carry-over.
func matchHead(n MatchName, tm *scoring.TeamMatch) string {
	return fmt.Sprintf("Match %s, carry-over %s - %s", matchTitle(n), sessionPts(tm.Carry[0]), sessionPts(tm.Carry[1]))
}

// matchTotal is a match's last line: its total and victory points.
func matchTotal(n MatchName, tm *scoring.TeamMatch) string {
	s := fmt.Sprintf("total %s %s - %s %s over %d boards", orUnnamed(n.Home, "home"), sessionPts(tm.Total[0]), sessionPts(tm.Total[1]), orUnnamed(n.Visit, "visitors"), tm.Boards)
	if tm.HasVP {
		s += fmt.Sprintf(", VP %.2f - %.2f (WBF continuous scale, %d boards)", tm.VP[0], tm.VP[1], tm.Boards)
	}
	return s
}

func (t *sessionText) Finish() error {
	if t.err != nil {
		return t.err
	}
	return t.w.Flush()
}
