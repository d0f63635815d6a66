package render

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"io"
	"math"
	"strconv"

	"handrec/jsonrec"
	"handrec/model"
	"handrec/model/scoring"
)

// sessionJSON writes one object: {"method": ..., "boards": [...],
// "standings": [...], "matches": [...]}, each board as it is scored.
type sessionJSON struct {
	w              *bufio.Writer
	boards         int
	wroteStandings bool
	matches        int
	err            error
}

type jsonMethod struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	From        string `json:"from"`
	// Neuberg is the number of results a board with fewer is factored
	// up to (matchpoint methods).
	Neuberg int `json:"neuberg,omitempty"`
	// Fields is 1, or 2 when North-South and East-West are ranked apart;
	// MinBoards the least a pair plays to be ranked, as asked.
	Fields    int    `json:"fields,omitempty"`
	MinBoards string `json:"min_boards,omitempty"`
}

type jsonRow struct {
	File       string    `json:"file,omitempty"`
	Line       int       `json:"line,omitempty"`
	PairNS     string    `json:"pair_ns,omitempty"`
	PairEW     string    `json:"pair_ew,omitempty"`
	NamesNS    string    `json:"names_ns,omitempty"`
	NamesEW    string    `json:"names_ew,omitempty"`
	Contract   string    `json:"contract,omitempty"`
	Declarer   string    `json:"declarer,omitempty"`
	Result     *int      `json:"result,omitempty"`
	Score      *int      `json:"score_ns"` // the score compared, null when none
	Recorded   *int      `json:"recorded_ns,omitempty"`
	Computed   *int      `json:"computed_ns,omitempty"`
	Artificial []string  `json:"artificial,omitempty"`
	Weight     int       `json:"multiplicity,omitempty"`
	MP         []float64 `json:"mp,omitempty"`
	Percent    []float64 `json:"percentage,omitempty"`
	IMP        []float64 `json:"imp,omitempty"`
	IMPAvg     []float64 `json:"imp_average,omitempty"`
	Note       string    `json:"note,omitempty"`
	ScoreWrong bool      `json:"score_error,omitempty"`
	LeftOut    bool      `json:"left_out,omitempty"`
}

type jsonBoard struct {
	File    string    `json:"file"`
	Line    int       `json:"line,omitempty"`
	Col     int       `json:"col,omitempty"`
	Board   int       `json:"board"`
	Vul     string    `json:"vul"`
	Results int       `json:"results"`
	Top     float64   `json:"top,omitempty"`
	Datum   *int      `json:"datum,omitempty"`
	Rows    []jsonRow `json:"rows"`
}

// sidePair is a value by side, to two decimals; nil when neither is given.
func sidePair(p [2]model.Points) []float64 {
	if !p[0].Known() && !p[1].Known() {
		return nil
	}
	out := make([]float64, 2)
	for i, v := range p {
		if v.Known() {
			out[i] = math.Round(float64(v)*100) / 100
		}
	}
	return out
}

func intOrNil(v int, ok bool) *int {
	if !ok {
		return nil
	}
	return &v
}

func jsonRowOf(r *SessionRow, s scoring.Scored) jsonRow {
	j := jsonRow{File: r.File, Line: r.Pos.Line, PairNS: r.Pair[0], PairEW: r.Pair[1], NamesNS: r.Names[0], NamesEW: r.Names[1], Contract: r.Contract,
		Declarer: r.Declarer, Result: intOrNil(r.Result, r.Result != model.NoInt), Score: intOrNil(r.Cmp.Score, r.Cmp.Played),
		Recorded: intOrNil(r.Recorded, r.HasRecorded), Computed: intOrNil(r.Computed, r.HasComputed),
		MP: sidePair(s.MP), Percent: sidePair(s.Percent), IMP: sidePair(s.IMP), IMPAvg: sidePair(s.IMPAvg),
		Note: r.Problem, ScoreWrong: r.Error, LeftOut: !r.Cmp.Played && !r.Cmp.IsArtificial()}
	if r.Cmp.Weight > 1 {
		j.Weight = r.Cmp.Weight
	}
	if r.Cmp.IsArtificial() {
		j.Artificial = []string{r.Artificial[0], r.Artificial[1]}
	}
	return j
}

func (j *sessionJSON) Header(rep *SessionReport) error {
	m := jsonMethod{Name: rep.Method.Name(), Description: rep.Method.String(), From: rep.From}
	if !rep.Method.IMPs() {
		m.Neuberg = rep.Tables
	}
	if rep.Boards > 0 {
		m.Fields, m.MinBoards = rep.Fields, rep.MinBoards
	}
	j.w.WriteString(`{"method":`)
	if err := WriteJSONValue(j.w, "", m); err != nil {
		return err
	}
	_, err := j.w.WriteString(`,"boards":[`)
	return err
}

func (j *sessionJSON) Board(b *SessionBoard, m scoring.Method) error {
	jb := jsonBoard{File: b.File, Line: b.Pos.Line, Col: b.Pos.Col, Board: b.Board, Vul: vulText(b.Vul), Results: b.Score.Results,
		Top: b.Score.Top, Datum: intOrNil(b.Score.Datum, b.Score.HasDatum), Rows: make([]jsonRow, len(b.Rows))}
	for i := range b.Rows {
		jb.Rows[i] = jsonRowOf(&b.Rows[i], b.Score.Rows[i])
	}
	sep := ","
	if j.boards == 0 {
		sep = ""
	}
	j.boards++
	return WriteJSONValue(j.w, sep, jb)
}

// jsonStanding is a line of standings: top and percentage for a
// matchpoint method only.
type jsonStanding struct {
	Rank    string   `json:"rank"`
	Pair    string   `json:"pair"`
	Names   string   `json:"names,omitempty"`
	Field   string   `json:"field,omitempty"`
	Boards  int      `json:"boards"`
	Total   float64  `json:"total"`
	Top     *float64 `json:"top,omitempty"`
	Percent *float64 `json:"percentage,omitempty"`
}

func (j *sessionJSON) Standings(rows []scoring.Standing, rep *SessionReport) error {
	m := rep.Method
	out := make([]jsonStanding, len(rows))
	for i, s := range rows {
		out[i] = jsonStanding{Rank: s.RankText(), Pair: s.Pair, Names: s.Names, Field: s.Field, Boards: s.Boards, Total: math.Round(s.Total*100) / 100}
		if !m.IMPs() {
			top, pct := math.Round(s.Top*100)/100, math.Round(s.Percent*100)/100
			out[i].Top, out[i].Percent = &top, &pct
		}
	}
	j.wroteStandings = true
	return WriteJSONValue(j.w, `],"standings":`, out)
}

// JSONMatch is a team match as session --format json writes it.
type JSONMatch struct {
	Event  string             `json:"event,omitempty"`
	Stage  string             `json:"stage,omitempty"`
	Teams  [2]string          `json:"teams"`
	Carry  [2]float64         `json:"carry"`
	Boards []scoring.TeamLine `json:"boards"`
	Total  [2]float64         `json:"total"`
	Count  int                `json:"boards_counted"`
	VP     *[2]float64        `json:"vp"`
	// NoVP says why a match has no victory points (a stanza alone);
	// Stanzas are its stanzas, when it was read in several or has none.
	NoVP    string                `json:"no_vp,omitempty"`
	Stanzas []scoring.StanzaScore `json:"stanzas,omitempty"`
}

func (j *sessionJSON) Match(n MatchName, tm scoring.TeamMatch) error {
	sep := ","
	if j.matches == 0 {
		sep = `,"matches":[`
		if !j.wroteStandings {
			sep = `],"standings":[],"matches":[`
			j.wroteStandings = true
		}
	}
	j.matches++
	jm := JSONMatch{Event: n.Event, Stage: n.Stage, Teams: [2]string{n.Home, n.Visit}, Carry: tm.Carry, Boards: tm.Lines,
		Total: tm.Total, Count: tm.Boards}
	if tm.HasVP {
		jm.VP = &tm.VP
	}
	if len(matchParts(&tm)) > 1 || !tm.HasVP {
		jm.NoVP, jm.Stanzas = tm.NoVP, tm.Stanzas
	}
	return WriteJSONValue(j.w, sep, jm)
}

func (j *sessionJSON) Finish() error {
	end := "]}\n"
	switch {
	case !j.wroteStandings:
		end = `],"standings":[],"matches":[]}` + "\n"
	case j.matches == 0:
		end = `,"matches":[]}` + "\n"
	}
	if _, err := j.w.WriteString(end); err != nil {
		return err
	}
	return j.w.Flush()
}

// sessionCSV writes the travellers' rows as one table, then, after an
// empty line each, the standings and the matches' boards.
type sessionCSV struct {
	w       *bufio.Writer
	c       *csv.Writer
	head    bool
	matches int
}

func (s *sessionCSV) Header(*SessionReport) error { return nil }

func (s *sessionCSV) Board(b *SessionBoard, m scoring.Method) error {
	if !s.head {
		s.head = true
		s.c.Write(append(append(append([]string{"file", "board", "row"}, rowColumns...), append([]string{"multiplicity"}, methodColumns(m)...)...), "note"))
	}
	for i := range b.Rows {
		r := &b.Rows[i]
		file := b.File
		if r.File != "" {
			file = r.File // a table's record
		}
		s.c.Write(append(append(append([]string{file, strconv.Itoa(b.Board), strconv.Itoa(i + 1)}, rowValues(r)...),
			append([]string{weightText(r)}, methodValues(m, b.Score.Rows[i])...)...), r.Problem))
	}
	return s.c.Error()
}

func (s *sessionCSV) Standings(rows []scoring.Standing, rep *SessionReport) error {
	s.c.Flush()
	s.w.WriteString("\n")
	fields := rep.Fields == 2
	head := standingColumns
	if fields {
		head = append([]string{"field"}, head...)
	}
	s.c.Write(head)
	for i := range rows {
		v := standingValues(&rows[i], rep.Method)
		if fields {
			v = append([]string{rows[i].Field}, v...)
		}
		s.c.Write(v)
	}
	return s.c.Error()
}

func (s *sessionCSV) Match(n MatchName, tm scoring.TeamMatch) error {
	s.c.Flush()
	s.w.WriteString("\n")
	s.c.Write(append([]string{"match"}, matchColumns...))
	for _, l := range tm.Lines {
		s.c.Write(append([]string{matchTitle(n)}, matchValues(l)...))
	}
	return s.c.Error()
}

func (s *sessionCSV) Finish() error {
	s.c.Flush()
	if err := s.c.Error(); err != nil {
		return err
	}
	return s.w.Flush()
}

// WriteJSONValue writes sep, then v as JSON with its C1 controls escaped
// (jsonrec.EscapeC1): an element of a report's JSON (session, score)
// written as it comes.
func WriteJSONValue(w io.Writer, sep string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	b = jsonrec.EscapeC1(b)
	if _, err := io.WriteString(w, sep); err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}
