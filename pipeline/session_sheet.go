package pipeline

import (
	"fmt"
	"hash/fnv"

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
}

// SessionScores scores src as Session does (reading it once) and keeps the
// report, the standings, the matches and each record's fingerprint.
func SessionScores(src Source, opt SessionOptions) (*SessionScored, error) {
	k := &sessionKeeper{}
	sum := func(r *model.Record, b *render.SessionBoard) { k.s.sums = append(k.s.sums, recordSum(r, b)) }
	rep, err := scoreSession(src, opt, func() (render.SessionWriter, error) { return k, nil }, sum)
	k.s.Report = rep
	if err != nil {
		return nil, err
	}
	return &k.s, nil
}

// Board is r's board scored as the session scored it, nil when r has no
// traveller the session reads. It warns of nothing: the first reading
// did.
func (s *SessionScored) Board(r *model.Record) *render.SessionBoard {
	for _, k := range s.reread {
		if k.r == r {
			return k.b
		}
	}
	return s.score(r) // a record not read again lately
}

// score is r's board scored as the session scored it.
func (s *SessionScored) score(r *model.Record) *render.SessionBoard {
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
func recordSum(r *model.Record, b *render.SessionBoard) uint64 {
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

// sessionKeeper is the SessionWriter that keeps the standings and the
// matches.
type sessionKeeper struct{ s SessionScored }

func (k *sessionKeeper) Header(*render.SessionReport) error { return nil }

func (k *sessionKeeper) Board(*render.SessionBoard, scoring.Method) error { return nil }

func (k *sessionKeeper) Standings(rows []scoring.Standing, _ *render.SessionReport) error {
	k.s.Standings = rows
	return nil
}

func (k *sessionKeeper) Match(n render.MatchName, tm scoring.TeamMatch) error {
	k.s.Matches = append(k.s.Matches, ScoredMatch{n, tm})
	return nil
}

func (k *sessionKeeper) Finish() error { return nil }
