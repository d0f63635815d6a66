package render

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"path/filepath"
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
	// Fields is 2 when the movement has directions (a Mitchell): no pair
	// sits both North-South and East-West, and each direction is ranked
	// apart; else 1, every pair in one ranking. ByDirection: pair ids
	// name a pair of one direction (one id sits both ways on a board),
	// so that a pair is its id and direction ("3 NS").
	Fields      int
	ByDirection bool
	// MinBoards is the least a pair played to be ranked, as asked
	// ("70%", "12"; "0" ranks every pair); MinBoardsOf its number of
	// boards in each field (by Standing.Field).
	MinBoards   string
	MinBoardsOf map[string]int
	// FromTables: the travellers were made from the tables' records (one
	// record a table, as BBO's pairs tournaments give them).
	FromTables bool
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
// A row made from a table's record (FromTables) has its file and place,
// and Key, the pairs as the standings tell them apart (their players'
// names without case).
type SessionRow struct {
	File                     string
	Pos                      model.Pos
	Key                      [2]string
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
	Standings(rows []scoring.Standing, rep *SessionReport) error
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

// boardShape says which columns b's rows need beside rowColumns: the
// file of each table's record (a board made of tables' records), and the
// multiplicity (a row that counts more than once).
func boardShape(b *SessionBoard) (files, weights bool) {
	for i := range b.Rows {
		files = files || b.Rows[i].File != ""
		weights = weights || b.Rows[i].Cmp.Weight > 1
	}
	return files, weights
}

// boardColumns are the columns of b's rows as text and sheets print them:
// rowColumns, the file first when the rows are tables' records, the
// multiplicity after the score when a row counts more than once.
func boardColumns(b *SessionBoard) []string {
	files, weights := boardShape(b)
	var cols []string
	if files {
		cols = append(cols, "file")
	}
	cols = append(cols, rowColumns...)
	if weights {
		cols = append(cols, "multiplicity")
	}
	return cols
}

// boardValues are r's cells in boardColumns(b).
func boardValues(b *SessionBoard, r *SessionRow) []string {
	files, weights := boardShape(b)
	var v []string
	if files {
		v = append(v, recordPlace(r))
	}
	v = append(v, rowValues(r)...)
	if weights {
		v = append(v, weightText(r))
	}
	return v
}

// weightText is a row's multiplicity as printed: "" for 1.
func weightText(r *SessionRow) string {
	if r.Cmp.Weight > 1 {
		return strconv.Itoa(r.Cmp.Weight)
	}
	return ""
}

// recordPlace names a table's record in its board's traveller: its file's
// name, with the line where it starts when that is not the first.
func recordPlace(r *SessionRow) string {
	name := filepath.Base(r.File)
	if r.Pos.Line > 1 {
		name += ":" + strconv.Itoa(r.Pos.Line)
	}
	return name
}

// MethodLine says the method, where it came from and its parameters.
func MethodLine(rep *SessionReport) string {
	s := fmt.Sprintf("method: %s: %s, from %s", rep.Method.Name(), rep.Method, rep.From)
	if !rep.Method.IMPs() && rep.Boards > 0 {
		s += fmt.Sprintf("; a board with fewer results is factored up to %d", rep.Tables)
	}
	return s
}

// FieldsLine says how the session's pairs were ranked: in one field, or
// North-South and East-West apart, and why.
func FieldsLine(rep *SessionReport) string {
	switch {
	case rep.Fields != 2:
		return "fields: one (a pair sat both North-South and East-West): every pair in one ranking"
	case rep.ByDirection:
		return "fields: two (a pair id sits both North-South and East-West on one board: ids name a pair of one direction): North-South and East-West ranked apart"
	}
	return "fields: two (no pair sat both North-South and East-West): North-South and East-West ranked apart"
}

// StandingsPart is a field's standings: its heading and rows.
type StandingsPart struct {
	Title string
	Rows  []scoring.Standing
}

// StandingsParts cuts rows into their fields (one part when the session
// has one), each titled with its field and the least number of boards to
// be ranked in it.
func StandingsParts(rows []scoring.Standing, rep *SessionReport) []StandingsPart {
	var parts []StandingsPart
	for i := 0; i < len(rows); {
		j := i
		for j < len(rows) && rows[j].Field == rows[i].Field {
			j++
		}
		title := "Standings"
		switch rows[i].Field {
		case "NS":
			title += ", North-South"
		case "EW":
			title += ", East-West"
		}
		if note := rankNote(rows[i:j], rep, rows[i].Field); note != "" {
			title += " (" + note + ")"
		}
		parts = append(parts, StandingsPart{title, rows[i:j]})
		i = j
	}
	return parts
}

// rankNote says who is ranked in a field: "" when every pair is.
func rankNote(rows []scoring.Standing, rep *SessionReport, field string) string {
	least := rep.MinBoardsOf[field]
	if least <= 1 {
		return ""
	}
	most := 0
	for _, s := range rows {
		most = max(most, s.Boards)
	}
	note := fmt.Sprintf("ranked: a pair that played %d boards or more", least)
	if strings.HasSuffix(rep.MinBoards, "%") {
		note += fmt.Sprintf(", %s of the %d the most played", rep.MinBoards, most)
	}
	return note + "; \"-\" is not ranked"
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
	_, err := fmt.Fprintln(t.w, MethodLine(rep)+"\n"+FieldsLine(rep))
	return err
}

func (t *sessionText) Board(b *SessionBoard, m scoring.Method) error {
	t.boards = true
	place := model.At(b.File, b.Pos)
	if files, _ := boardShape(b); files {
		place = fmt.Sprintf("%d %s", len(b.Rows), pluralWord(len(b.Rows), "table", "tables"))
	}
	head := fmt.Sprintf("\nBoard %d (%s), vulnerable %s", b.Board, place, vulText(b.Vul))
	if b.Score.HasDatum {
		head += fmt.Sprintf(", datum %d", b.Score.Datum)
	}
	fmt.Fprintln(t.w, head)
	rows := [][]string{append(append(boardColumns(b), methodColumns(m)...), "note")}
	for i := range b.Rows {
		r := &b.Rows[i]
		rows = append(rows, append(append(boardValues(b, r), methodValues(m, b.Score.Rows[i])...), r.Problem))
	}
	t.table(rows)
	return t.err
}

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
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

func (t *sessionText) Standings(rows []scoring.Standing, rep *SessionReport) error {
	for _, part := range StandingsParts(rows, rep) {
		fmt.Fprintln(t.w, "\n"+part.Title)
		tab := [][]string{standingColumns}
		for i := range part.Rows {
			tab = append(tab, standingValues(&part.Rows[i], rep.Method))
		}
		t.table(tab)
	}
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
	for _, part := range matchParts(&tm) {
		tab := [][]string{matchColumns}
		for _, l := range tm.Lines[part.from:part.to] {
			tab = append(tab, matchValues(l))
		}
		t.table(tab)
		if part.stanza != nil {
			fmt.Fprintln(t.w, stanzaLine(n, part.stanza))
		}
	}
	_, err := fmt.Fprintln(t.w, matchTotal(n, &tm))
	return err
}

// matchPart is the lines of a match printed as one table: a stanza's, or
// all of them.
type matchPart struct {
	from, to int
	stanza   *scoring.StanzaScore // nil: the whole match, no stanza line
}

// matchParts cuts a match into its stanzas, when it has several or its
// one stanza gives no victory points (a stanza alone: its IMPs and the
// running score say where the match stands); else one part.
func matchParts(tm *scoring.TeamMatch) []matchPart {
	if len(tm.Stanzas) <= 1 && tm.HasVP {
		return []matchPart{{0, len(tm.Lines), nil}}
	}
	parts := make([]matchPart, len(tm.Stanzas))
	for i := range tm.Stanzas {
		st := &tm.Stanzas[i]
		parts[i] = matchPart{st.First, st.End, st}
	}
	return parts
}

// stanzaLine says a stanza's IMPs and the running score after it, and a
// carry-over stated that is not the score of the stanzas before it.
func stanzaLine(n MatchName, st *scoring.StanzaScore) string {
	home, visit := orUnnamed(n.Home, "home"), orUnnamed(n.Visit, "visitors")
	s := fmt.Sprintf("stanza %s: %s %s - %s %s over %d boards; running score %s %s - %s %s", orUnnamed(st.Name, "unnamed"),
		home, sessionPts(st.IMPs[0]), sessionPts(st.IMPs[1]), visit, st.Boards, home, sessionPts(st.Running[0]), sessionPts(st.Running[1]), visit)
	if st.Differs {
		s += fmt.Sprintf(" (its stated carry-over, %s - %s, is not the score of the stanzas before it)", sessionPts(st.Stated[0]), sessionPts(st.Stated[1]))
	}
	return s
}

// MatchBoardLine says a match's board as a sheet prints it under the
// rooms: the difference and the IMPs it gives, and the match's running
// score after it.
func MatchBoardLine(n MatchName, l scoring.TeamLine) string {
	home, visit := orUnnamed(n.Home, "home"), orUnnamed(n.Visit, "visitors")
	s := fmt.Sprintf("board %d: ", l.Board)
	switch {
	case !l.Counted:
		s += "not counted (a room's result is not known)"
	case l.IMPs > 0:
		s += fmt.Sprintf("%d to %s, %d %s", l.Diff, home, l.IMPs, pluralWord(l.IMPs, "IMP", "IMPs"))
	case l.IMPs < 0:
		s += fmt.Sprintf("%d to %s, %d %s", -l.Diff, visit, -l.IMPs, pluralWord(-l.IMPs, "IMP", "IMPs"))
	default:
		s += fmt.Sprintf("difference %d, no IMPs", l.Diff)
	}
	return s + fmt.Sprintf("; match %s %s - %s %s", home, sessionPts(l.Running[0]), sessionPts(l.Running[1]), visit)
}

// matchHead is a match's heading: its teams, event and carry-over.
func matchHead(n MatchName, tm *scoring.TeamMatch) string {
	return fmt.Sprintf("Match %s, carry-over %s - %s", matchTitle(n), sessionPts(tm.Carry[0]), sessionPts(tm.Carry[1]))
}

// matchTotal is a match's last line: its total and victory points, or why
// it has none.
func matchTotal(n MatchName, tm *scoring.TeamMatch) string {
	s := fmt.Sprintf("total %s %s - %s %s over %d boards", orUnnamed(n.Home, "home"), sessionPts(tm.Total[0]), sessionPts(tm.Total[1]), orUnnamed(n.Visit, "visitors"), tm.Boards)
	switch {
	case tm.HasVP:
		s += fmt.Sprintf(", VP %.2f - %.2f (WBF continuous scale, %d boards)", tm.VP[0], tm.VP[1], tm.Boards)
	case tm.NoVP != "":
		s += "; no VPs: " + tm.NoVP
	}
	return s
}

func (t *sessionText) Finish() error {
	if t.err != nil {
		return t.err
	}
	return t.w.Flush()
}
