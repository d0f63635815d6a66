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
func sessionBoard(r *model.Record, warn func(*model.Record, model.Pos, string), played boardPairs) (*render.SessionBoard, bool) {
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
			for _, msg := range played.note(r, &sr, model.At(r.File, pos)) {
				warn(r, pos, "traveller row "+strconv.Itoa(i+1)+": "+msg)
			}
		}
	}
	return b, true
}

// boardPairs are where each pair played each board in the session's
// travellers (by the board's number, the side and the pair's key,
// rowKey): a pair plays a board once, and a traveller checks its own
// rows (a pair's second row is left out), but two travellers of one
// board (a file read twice, two sections whose pairs share numbers) are
// seen only here. Both are scored, with a warning.
type boardPairs map[string]string

// note notes where the pairs of row, a counted row of r's traveller,
// played r's board, and says each pair that played it at another
// traveller's row before.
func (bp boardPairs) note(r *model.Record, row *render.SessionRow, at string) []string {
	var out []string
	for side := range 2 {
		k := rowKey(row, side)
		if k == "" {
			continue
		}
		key := strconv.Itoa(r.Board) + "\x00" + strconv.Itoa(side) + "\x00" + k
		if first, ok := bp[key]; ok {
			who := row.Pair[side]
			if who == "" {
				who = row.Names[side]
			}
			out = append(out, fmt.Sprintf("pair %q (%s) played board %d at %s already, in another traveller: both are scored (a file read twice? two sections' pairs of one number?)",
				who, sideName[side], r.Board, first))
			continue
		}
		bp[key] = at
	}
	return out
}

var sideName = [2]string{"North-South", "East-West"}

// errNoSession is Session's error for input with neither a traveller nor
// a team match, nor tables' records of a board played at two tables.
var errNoSession = errors.New("no traveller (ScoreTable), no team match (Open and Closed rooms) and no board played at two tables or more to score")

// ErrNoSession reports whether err says the input had nothing to score.
func ErrNoSession(err error) bool { return errors.Is(err, errNoSession) }
