package pipeline

import (
	"encoding/binary"
	"fmt"
	"hash"
	"hash/fnv"
	"math"
	"strconv"

	"handrec/model"
	"handrec/model/scoring"
	"handrec/render"
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
	Report    render.SessionReport
	Standings []scoring.Standing
	Matches   []ScoredMatch

	sums []uint64 // each record's fingerprint, in the order first read
	next int      // the records read again

	// reread are the boards of the last records read again, in a ring,
	// for Board: a record's board is asked for after its reading, when
	// the records after it may have been read too (the DD queue reads
	// ahead, the answers page prints a page's boards again).
	reread [rereadKept]rereadBoard

	// What a sheet prints once a board (Print): a session of tables'
	// records keeps each board's traveller (tables), a team match each
	// room's record of a board (rooms, by matchKey, board and room): the
	// sheet needs them at the board's first record. Kept for sheets only
	// (SessionScores), they grow with the input, as a sheet does.
	tables  map[int]*render.SessionBoard
	rooms   map[string]render.SheetRoom
	printed map[string]bool
}

// rereadKept is how many of the last boards read again Board finds
// without reading the record's traveller again.
const rereadKept = 64

type rereadBoard struct {
	r *model.Record
	b *render.SessionBoard
}

// ScoredMatch is a team match as Session scored it.
type ScoredMatch struct {
	Name  render.MatchName
	Match scoring.TeamMatch
	// lineOf is the line of each of its boards, by its segment's
	// matchKey and the board.
	lineOf map[string]int
}

// SessionScores scores src as Session does (reading it once) and keeps the
// report, the standings, the matches and each record's fingerprint.
func SessionScores(src Source, opt SessionOptions) (*SessionScored, error) {
	k := &sessionKeeper{s: SessionScored{rooms: map[string]render.SheetRoom{}, printed: map[string]bool{}}}
	sum := func(r *model.Record, b *render.SessionBoard) {
		k.s.sums = append(k.s.sums, recordSum(r, b))
		k.s.keepRoom(r)
	}
	rep, matches, err := scoreSession(src, opt, func() (render.SessionWriter, error) { return k, nil }, sum)
	k.s.Report, k.s.Matches = rep, matches
	if err != nil {
		return nil, err
	}
	return &k.s, nil
}

// Board is r's board scored as the session scored it, nil when r has no
// traveller the session reads; a table's record of a session of tables'
// records has its board's. It warns of nothing: the first reading did.
func (s *SessionScored) Board(r *model.Record) *render.SessionBoard {
	if s.tables != nil && isTable(r) {
		return s.tables[r.Board]
	}
	for _, k := range s.reread {
		if k.r == r {
			return k.b
		}
	}
	return s.score(r) // a record not read again lately
}

// score is r's board scored as the session scored it.
func (s *SessionScored) score(r *model.Record) *render.SessionBoard {
	b, ok := sessionBoard(r, nil, nil)
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
	b, _ := sessionBoard(r, nil, nil)
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
// once, for the session and for the fingerprint. The rows are hashed
// field by field (b is not scored yet when it is taken, at both
// readings): printed with fmt's %v they took two fifths of the CPU of a
// session read twice.
func recordSum(r *model.Record, b *render.SessionBoard) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s\x00%v\x00%d\x00%d\x00%v\x00", r.File, r.Pos, r.Index, r.Board, r.Room)
	if b != nil {
		sumBoard(h, b)
	} else {
		ns, ok := roomScore(r)
		fmt.Fprintf(h, "%v\x00%d\x00%v", matchName(r), ns, ok)
		if r.Match != nil {
			fmt.Fprintf(h, "\x00%v", *r.Match)
		}
	}
	return h.Sum64()
}

// sumBoard writes what b holds before it is scored to h: its place,
// board and vulnerability, and each row's every field.
func sumBoard(h hash.Hash64, b *render.SessionBoard) {
	var buf []byte
	str := func(s ...string) {
		for _, v := range s {
			buf = append(binary.AppendUvarint(buf, uint64(len(v))), v...)
		}
	}
	num := func(v ...int) {
		for _, n := range v {
			buf = binary.AppendVarint(buf, int64(n))
		}
	}
	pts := func(v ...model.Points) {
		for _, p := range v {
			buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(float64(p)))
		}
	}
	flag := func(v ...bool) {
		for _, f := range v {
			buf = append(buf, boolByte(f))
		}
	}
	str(b.File)
	num(b.Pos.Line, b.Pos.Col, b.Board, int(b.Vul), len(b.Rows))
	for i := range b.Rows {
		r := &b.Rows[i]
		str(r.File, r.Key[0], r.Key[1], r.Pair[0], r.Pair[1], r.Names[0], r.Names[1], r.Contract, r.Declarer,
			r.Artificial[0], r.Artificial[1], r.Problem)
		num(r.Pos.Line, r.Pos.Col, r.Result, r.Recorded, r.Computed, r.Cmp.Score, r.Cmp.Weight)
		flag(r.HasRecorded, r.HasComputed, r.Cmp.Played, r.Error)
		pts(r.Cmp.Artificial[0], r.Cmp.Artificial[1])
		h.Write(buf)
		buf = buf[:0]
	}
	h.Write(buf)
}

func boolByte(f bool) byte {
	if f {
		return 1
	}
	return 0
}

// sessionKeeper is the SessionWriter that keeps the standings and the
// matches, and a session of tables' records' boards.
type sessionKeeper struct{ s SessionScored }

func (k *sessionKeeper) Header(rep *render.SessionReport) error {
	if rep.FromTables {
		k.s.tables = map[int]*render.SessionBoard{}
	}
	return nil
}

func (k *sessionKeeper) Board(b *render.SessionBoard, _ scoring.Method) error {
	if k.s.tables != nil {
		k.s.tables[b.Board] = b
	}
	return nil
}

func (k *sessionKeeper) Standings(rows []scoring.Standing, _ *render.SessionReport) error {
	k.s.Standings = rows
	return nil
}

func (k *sessionKeeper) Match(render.MatchName, scoring.TeamMatch) error { return nil } // scoreSession returns them

func (k *sessionKeeper) Finish() error { return nil }

// roomNames name a match's rooms.
var roomNames = map[model.Room]string{model.OpenRoom: "Open room", model.ClosedRoom: "Closed room"}

// keepRoom keeps r, a room of a match's board, as the sheet prints it.
func (s *SessionScored) keepRoom(r *model.Record) {
	if r.Room != model.OpenRoom && r.Room != model.ClosedRoom {
		return
	}
	rm := render.SheetRoom{Name: roomNames[r.Room], Players: r.Players, Auction: r.Auction, Contract: r.Contract, Declarer: r.Declarer, Tricks: -1}
	if r.Result.Known() {
		rm.Tricks = int(r.Result.Tricks)
	}
	rm.Score, rm.Scored = roomScore(r)
	s.rooms[matchKey(r)+"\x00"+strconv.Itoa(r.Board)+"\x00"+rm.Name] = rm
}

// MatchBoard is r's board of a team match the session scored, with both
// rooms, the board's IMPs and the running score, for a sheet; nil when r
// is no room of a match's board.
func (s *SessionScored) MatchBoard(r *model.Record) *render.SheetMatchBoard {
	if r.Room != model.OpenRoom && r.Room != model.ClosedRoom {
		return nil
	}
	key := matchKey(r) + "\x00" + strconv.Itoa(r.Board)
	for i := range s.Matches {
		m := &s.Matches[i]
		j, ok := m.lineOf[key]
		if !ok {
			continue
		}
		l := m.Match.Lines[j]
		mb := &render.SheetMatchBoard{Lines: []string{render.MatchBoardLine(m.Name, l)}}
		for _, room := range []model.Room{model.OpenRoom, model.ClosedRoom} {
			rm, ok := s.rooms[key+"\x00"+roomNames[room]]
			if !ok { // given by the segment's results only
				rm = render.SheetRoom{Name: roomNames[room], Tricks: -1, Declarer: model.NoSeat}
				rm.Score, rm.Scored = l.Open, l.OpenOK
				if room == model.ClosedRoom {
					rm.Score, rm.Scored = l.Closed, l.ClosedOK
				}
			}
			mb.Rooms = append(mb.Rooms, rm)
		}
		return mb
	}
	return nil
}

// Print reports whether a sheet prints r, read again (after Reread): a
// board is printed once, at its first record, with its traveller (a
// session of tables' records) or both rooms (a team match); the other
// records of the board are in what that one shows.
func (s *SessionScored) Print(r *model.Record) bool {
	var key string
	switch {
	case s.tables != nil && isTable(r):
		key = "table\x00" + strconv.Itoa(r.Board)
	case s.MatchBoard(r) != nil:
		key = "match\x00" + matchKey(r) + "\x00" + strconv.Itoa(r.Board)
	default:
		return true
	}
	if s.printed[key] {
		return false
	}
	s.printed[key] = true
	return true
}
