package pipeline

import (
	"bufio"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"handrec/layout"
	"handrec/model"
	"handrec/model/scoring"
	"handrec/render"
)

// SessionOptions tune Session.
type SessionOptions struct {
	// Method scores the travellers when MethodSet; else the method the
	// first record's Scoring tag names that names one, else matchpoints.
	Method    scoring.Method
	MethodSet bool
	// Format is "text", "json" or "csv".
	Format string
	// Warn is told of each traveller row whose stated score is not its
	// contract's (the session uses the recomputed one) and of each row left
	// out, with the record and the row's position; and of each table's
	// record (a pairs session of one record a table) without a result.
	Warn func(r *model.Record, pos model.Pos, msg string)
	// Note is told of what the session as a whole leaves to the director:
	// a player in two partnerships (a substitute?), a ruling no record
	// took.
	Note func(msg string)
	// MinBoards is the least a pair must play to be ranked
	// (scoring.DefaultMinBoards is the clubs' rule); the zero value ranks
	// every pair.
	MinBoards scoring.MinBoards
	// Substitutes maps a substitute's name (any case) to the player they
	// sat in for: in a session of tables' records, the substitute's
	// boards count for that player's pair.
	Substitutes map[string]string
	// Adjust maps a table's record to the director's ruling on it: by
	// its file's name (base or as given), or NAME#N for a file's Nth
	// record.
	Adjust map[string]Adjustment
}

// ParseMinBoards reads --min-boards: a number of boards ("12"), a
// percentage of the most boards a pair of the field played ("70%"), or 0
// for none.
func ParseMinBoards(s string) (scoring.MinBoards, bool) {
	s = strings.TrimSpace(s)
	if p, ok := strings.CutSuffix(s, "%"); ok {
		v, err := strconv.ParseFloat(p, 64)
		if err != nil || v < 0 || v > 100 || v != v {
			return scoring.MinBoards{}, false
		}
		return scoring.MinBoards{Percent: v}, true
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return scoring.MinBoards{}, false
	}
	return scoring.MinBoards{Boards: n}, true
}

// MinBoardsText is m as --min-boards takes it: "12", "70%", "0".
func MinBoardsText(m scoring.MinBoards) string {
	if m.Boards > 0 {
		return strconv.Itoa(m.Boards)
	}
	return strconv.FormatFloat(m.Percent, 'f', -1, 64) + "%"
}

// sessionSpool keeps the boards read until the session knows its method
// and how many results a board has at most (Neuberg's N): they are written
// to a temporary file as they are read and scored from it, so that memory
// does not grow with the input.
type sessionSpool struct {
	f      *os.File
	w      *bufio.Writer
	enc    *gob.Encoder
	boards int
	tables int // the most results and artificial scores a board has
	// mitchell: a pair id sits North-South and East-West on one board,
	// so that ids name a pair of one direction (a Mitchell movement).
	mitchell bool
	// sides are the directions each pair sat (1 NS, 2 EW), by its key
	// (rowKey).
	sides map[string]uint8
}

func newSessionSpool() (*sessionSpool, error) {
	f, err := os.CreateTemp("", "handrec-session-*")
	if err != nil {
		return nil, err
	}
	sp := &sessionSpool{f: f, w: bufio.NewWriterSize(f, 64<<10), sides: map[string]uint8{}}
	sp.enc = gob.NewEncoder(sp.w)
	return sp, nil
}

func (sp *sessionSpool) close() {
	sp.f.Close()
	os.Remove(sp.f.Name())
}

func (sp *sessionSpool) add(b *render.SessionBoard) error {
	sp.boards++
	t := 0
	for _, r := range b.Rows {
		if r.Cmp.Played || r.Cmp.IsArtificial() {
			t += max(r.Cmp.Weight, 1)
		}
	}
	sp.tables = max(sp.tables, t)
	ids := map[string]bool{}
	for _, r := range b.Rows {
		if r.Pair[0] != "" {
			ids[r.Pair[0]] = true
		}
	}
	for _, r := range b.Rows {
		if ids[r.Pair[1]] {
			sp.mitchell = true
		}
		for side := range 2 {
			if k := rowKey(&r, side); k != "" {
				sp.sides[k] |= 1 << side
			}
		}
	}
	return sp.enc.Encode(b)
}

// fields is the session's number of fields: 2 when pair ids name a pair
// of one direction, or when no pair sat both North-South and East-West
// (a Mitchell movement: each direction is ranked apart), else 1.
func (sp *sessionSpool) fields() int {
	if sp.mitchell {
		return 2
	}
	for _, s := range sp.sides {
		if s == 3 {
			return 1
		}
	}
	return 2
}

// rowKey is the pair of side side of r as the standings tell pairs
// apart: a table's pair by its players (Key), else its id, else its
// names; "" for none.
func rowKey(r *render.SessionRow, side int) string {
	switch {
	case r.Key[side] != "":
		return r.Key[side]
	case r.Pair[side] != "":
		return r.Pair[side]
	}
	return strings.ToLower(r.Names[side])
}

// each calls fn with each board spooled, in order.
func (sp *sessionSpool) each(fn func(*render.SessionBoard) error) error {
	if err := sp.w.Flush(); err != nil {
		return err
	}
	if _, err := sp.f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	dec := gob.NewDecoder(bufio.NewReaderSize(sp.f, 64<<10))
	for range sp.boards {
		var b render.SessionBoard
		if err := dec.Decode(&b); err != nil {
			return err
		}
		if err := fn(&b); err != nil {
			return err
		}
	}
	return nil
}

// travellerSection is r's traveller (PBN's ScoreTable, read as data or
// kept as written), nil when it has none.
func travellerSection(r *model.Record) *model.Section {
	for i := range r.Sections {
		if layout.SectionKind(r, i) == model.TravellerSection {
			return &r.Sections[i]
		}
	}
	return nil
}

// ScoreProblems recomputes the scores r states, a traveller's rows and
// its Score tag, and returns each that is not its contract's, where it
// stands: errors of check.
func ScoreProblems(r *model.Record) []model.Problem {
	var out []model.Problem
	if p, ok := scoring.CheckScore(r); ok {
		out = append(out, p)
	}
	if sec := travellerSection(r); sec != nil {
		rows := scoring.TravellerRows(r, sec)
		out = append(out, scoring.CheckRows(r, rows)...)
	}
	return out
}

// sessionBoard is r's traveller as a session board, the rows' problems
// told to warn, and each counted row whose pair played the board in a
// traveller before (played, when not nil, notes where); false when r has
// no traveller.
func sessionBoard(r *model.Record, warn func(*model.Record, model.Pos, string), played *boardPairs) (*render.SessionBoard, bool) {
	sec := travellerSection(r)
	if sec == nil {
		return nil, false
	}
	rows := scoring.TravellerRows(r, sec)
	if len(rows) == 0 {
		if warn != nil {
			warn(r, r.Pos, "its traveller's columns are none a session reads: left out")
		}
		return nil, false
	}
	b := &render.SessionBoard{File: r.File, Pos: r.Pos, Board: r.Board, Vul: r.Vul, Rows: make([]render.SessionRow, len(rows))}
	for i := range rows {
		row := &rows[i]
		sr := render.SessionRow{Pair: row.Pair, Names: row.Names, Result: row.Result, Recorded: row.Recorded, Computed: row.Computed,
			HasRecorded: row.HasRecorded, HasComputed: row.HasComputed, Artificial: row.Artificial, Cmp: row.Cmp,
			Problem: row.Problem, Error: row.Error}
		if row.Contract.Kind != model.NoContract {
			sr.Contract = row.Contract.String()
		}
		sr.Declarer = row.Declarer.String()
		b.Rows[i] = sr
		pos := row.Pos
		if pos.IsZero() {
			pos = r.Pos
		}
		if row.Problem != "" && warn != nil {
			msg := "traveller row " + strconv.Itoa(i+1) + ": " + row.Problem
			if row.UsesComputed() {
				msg += " (the session uses " + strconv.Itoa(row.Computed) + ")"
			}
			warn(r, pos, msg)
		}
		if played != nil && warn != nil && (sr.Cmp.Played || sr.Cmp.IsArtificial()) {
			for _, msg := range played.note(r, &sr) {
				warn(r, pos, "traveller row "+strconv.Itoa(i+1)+": "+msg)
			}
		}
	}
	return b, true
}

// boardPairs are the boards each pair played in the session's
// travellers (by the side and the pair's key, rowKey), and where each
// board's first traveller stands: a pair plays a board once, and a
// traveller checks its own rows (a pair's second row is left out), but
// two travellers of one board (a file read twice, two sections whose
// pairs share numbers) are seen only here. Both are scored, with a
// warning. It holds a set of board numbers a pair (a bit a board) and a
// place a board, not a note a row, so that a session's memory does not
// grow with its rows.
type boardPairs struct {
	pairs map[string]boardSet
	first map[int]travellerAt // where the board's first traveller stands
	files []string            // the files travellerAt numbers
}

// travellerAt is where a traveller's record starts: its file (a number
// in boardPairs.files, which a session reads a few of) and place.
type travellerAt struct {
	file      int32
	line, col int32
}

func newBoardPairs() *boardPairs {
	return &boardPairs{pairs: map[string]boardSet{}, first: map[int]travellerAt{}}
}

// at is where r starts, its file numbered.
func (bp *boardPairs) at(r *model.Record) travellerAt {
	if n := len(bp.files); n == 0 || bp.files[n-1] != r.File {
		bp.files = append(bp.files, r.File)
	}
	return travellerAt{file: int32(len(bp.files) - 1), line: int32(r.Pos.Line), col: int32(r.Pos.Col)}
}

// note notes the pairs of row, a counted row of r's traveller, at r's
// board, and says each pair that played it in another traveller before.
func (bp *boardPairs) note(r *model.Record, row *render.SessionRow) []string {
	first, seen := bp.first[r.Board]
	if !seen {
		first = bp.at(r)
		bp.first[r.Board] = first
	}
	var out []string
	for side := range 2 {
		k := rowKey(row, side)
		if k == "" {
			continue
		}
		set := bp.pairs[k+"\x00"+sideName[side]]
		if set == nil {
			set = boardSet{}
			bp.pairs[k+"\x00"+sideName[side]] = set
		}
		if !set.add(r.Board) {
			who := row.Pair[side]
			if who == "" {
				who = row.Names[side]
			}
			out = append(out, fmt.Sprintf("pair %q (%s) played board %d in the traveller at %s already: both are scored (a file read twice? two sections' pairs of one number?)",
				who, sideName[side], r.Board, model.At(bp.files[first.file], model.Pos{Line: int(first.line), Col: int(first.col)})))
		}
	}
	return out
}

// boardSet is a set of board numbers: a word of 64 bits for each run of
// 64 numbers that holds one, so that a pair's boards cost a bit each
// where they follow each other (a session's boards do), and a word at
// most where they are far apart.
type boardSet map[int]uint64

// add adds board b, and reports whether it was not in the set.
func (s boardSet) add(b int) bool {
	w, bit := b>>6, uint64(1)<<(b&63)
	if s[w]&bit != 0 {
		return false
	}
	s[w] |= bit
	return true
}

var sideName = [2]string{"North-South", "East-West"}

// errNoSession is Session's error for input with neither a traveller nor
// a team match, nor tables' records of a board played at two tables.
var errNoSession = errors.New("no traveller (ScoreTable), no team match (Open and Closed rooms) and no board played at two tables or more to score")

// ErrNoSession reports whether err says the input had nothing to score.
func ErrNoSession(err error) bool { return errors.Is(err, errNoSession) }
