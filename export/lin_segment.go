package export

import (
	"slices"
	"strconv"
	"strings"

	"handrec/layout"
	"handrec/model"
)

// linSegment writes one vugraph segment: vg, rs and pn, then its boards.
type linSegment struct {
	lw    *LINWriter
	b     []byte
	seg   []*model.Record
	first *model.Record
	// fb and lb are the first and last board rs counts over
	fb, lb int
	// again: an rs read after boards of the same vg, which starts a
	// segment of its own under the vg written before
	again      bool
	vgComments []model.Comment
	// pn: the players the last pn written gives, open room then closed
	// room; started once one is written, carried when it is the one
	// written before the segment
	cur              [8]string
	started, carried bool
}

// flushSegment writes vg, rs, pn and the held boards of one segment.
func (lw *LINWriter) flushSegment() {
	seg := lw.seg
	lw.seg = nil
	if len(seg) == 0 || lw.err != nil {
		return
	}
	s := linSegment{lw: lw, b: lw.b[:0], seg: seg, first: lw.hdr.withMarks(seg[0])}
	s.open()
	s.boardRange()
	s.again = hasHead(s.first, layout.HeadRsAgain) && lw.segs > 0
	hasVg := s.vg()
	if !hasVg {
		s.fb = 1 // without vg, rs counts from board 1
	}
	s.rs(hasVg)
	s.pn()
	s.b = append(s.b, "\r\n"...)
	for i, r := range seg {
		if !s.board(i, r) {
			return
		}
	}
	lw.pn, lw.pnSet = s.cur, s.started
	lw.segs++
	lw.b = s.b
	lw.err = lw.write(s.b)
}

// open writes what goes before the segment's header: the file's leading
// comments, and the first board's.
func (s *linSegment) open() {
	lw := s.lw
	if lw.n == 0 && len(lw.lead) > 0 {
		s.b = appendLINComments(s.b, lw.lead)
	}
	if lw.n > 0 && len(s.first.Leading) > 0 {
		// st opens the segment apart from the board before, or the
		// board's leading commands would be read as that board's end;
		// after vg, rs or pn they would be read as theirs
		s.b = append(s.b, "st||"...)
	}
	s.b = appendLINComments(s.b, s.first.Leading)
}

// boardRange sets the boards rs counts over: the match's, as a reader
// counts them (from vg's first board when it is a number, else from board
// 1), else those of the segment's boards.
func (s *linSegment) boardRange() {
	for _, r := range s.seg {
		if r.Board > 0 && (s.fb == 0 || r.Board < s.fb) {
			s.fb = r.Board
		}
		if r.Board > s.lb {
			s.lb = r.Board
		}
	}
	if s.first.Match != nil {
		v, l := matchBoards(s.first)
		s.fb = 1
		if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
			s.fb = n
		}
		if n, err := strconv.Atoi(strings.TrimSpace(l)); err == nil && n > s.lb {
			s.lb = n // a board past the vg's last still has its rs entry, as the reader reads it
		}
	} else if hasHead(s.first, layout.HeadVg) {
		s.fb = 1 // a vg without its nine fields gives no first board
	}
}

// vg writes the segment's vg, unless the rs starts a segment under the vg
// written before; it reports whether the segment has one.
func (s *linSegment) vg() bool {
	vg, cs, hasVg := vgCommand(s.first, s.fb, s.lb)
	s.vgComments = cs
	if hasVg && !s.again {
		s.b = appendCmd(s.b, "vg", vg)
		s.b = appendLINComments(s.b, cs)
		if !hasHead(s.first, layout.HeadVg) {
			s.b = append(s.b, "\r\n"...)
		}
	}
	return hasVg
}

// results is the segment's rs: one entry a table, o and c for each board
// from the first. The segment's rs as read (layout head rs-all, on its
// last board, there only when it gives a result for a table the file has
// no board for) keeps those results as written; the boards the file has
// give their own.
func (s *linSegment) results() (rs []string, hasAll bool) {
	all := ""
	for _, r := range s.seg { // the segment's last board holds it
		if all, _, hasAll = headOf(r, layout.HeadRsAll); hasAll {
			break
		}
	}
	if hasAll {
		rs = strings.Split(all, ",")
	}
	fb, lb := s.fb, s.lb
	if fb > 0 && lb-fb >= maxRsBoards {
		lb = s.lastResult(fb)
	}
	if fb <= 0 || lb < fb || lb-fb >= maxRsBoards {
		return rs, hasAll
	}
	if n := 2 * (lb - fb + 1); !hasAll && len(rs) < n {
		rs = make([]string, n) // a table for every board of the range
	}
	var given []bool // the tables a board has given its result for
	if !hasAll {
		given = make([]bool, len(rs))
	}
	for _, r := range s.seg {
		if r.Board < fb || r.Board > lb || !hasRoom(r) {
			continue
		}
		// the rs as read is written as read: a board whose result it
		// did not give has it from its own auction and play. Two boards
		// of one table (a faulty file) read the same entry: it gives
		// their result only when they agree
		k := 2*(r.Board-fb) + roomOf(r)
		if k >= len(given) {
			continue
		}
		e := linResult(r)
		switch {
		case !given[k]:
			given[k] = true
			rs[k] = e
		case rs[k] != e:
			rs[k] = ""
		}
	}
	return rs, hasAll
}

// maxRsBoards is the most boards an rs written whole covers: a segment of
// boards further apart (a faulty file's board 10001 beside its board 1) has
// an rs up to its last board with a result, and none when that board too
// lies further.
const maxRsBoards = 10000

// lastResult is the last board from fb of the segment with a result to give
// in rs, fb-1 when none has.
func (s *linSegment) lastResult(fb int) int {
	last := fb - 1
	for _, r := range s.seg {
		if r.Board > last && hasRoom(r) && linResult(r) != "" {
			last = r.Board
		}
	}
	return last
}

// rs writes the segment's rs; an empty one when the segment starts under
// the vg before, or ends the rs written before.
func (s *linSegment) rs(hasVg bool) {
	lw := s.lw
	rs, hasAll := s.results()
	any := hasVg || hasAll
	for _, e := range rs {
		any = any || e != ""
	}
	switch {
	case any && len(rs) > 0:
		s.b = appendCmd(s.b, "rs", strings.Join(rs, ","))
		s.b = appendLINComments(s.b, tagComments(s.first, "Result"))
	case s.again:
		s.b = append(s.b, "rs||"...) // it starts the segment
	case lw.rsOpen:
		// the rs written before (a segment's or the single boards')
		// holds no more
		s.b = append(s.b, "rs||"...)
	}
	wroteRs := any && len(rs) > 0 || s.again || lw.rsOpen
	if wroteRs {
		// an rs that gives a result holds on, as a reader counts it
		lw.rsOpen = slices.ContainsFunc(rs, func(e string) bool { return strings.TrimSpace(e) != "" })
	}
	if s.again {
		// the comments of an rs that gives no result are kept with the
		// vg, which is not written again
		s.b = appendLINComments(s.b, s.vgComments)
	}
	if wroteRs {
		s.b = append(s.b, "\r\n"...)
	}
}

// appendAfterPn writes what follows a vugraph board's pn: the pause due
// there when the board is written with its qx (BBO's header ends
// pn|...|pg||, and readers take the header to end there), unless a
// no-pause mark says the file had none, then the comments. A pause mark
// that opens the comments is taken for the one due: the reader keeps one
// there only after another, and layouts stored before this rule (an
// archive's, a JSON file's) have one for the pause due.
func appendAfterPn(b []byte, r *model.Record) []byte {
	cs := tagComments(r, "West")
	due := writesQx(r) && !(len(cs) > 0 && layout.IsMark(cs[0], layout.Pause) && cs[0].Text == "")
	return appendAfter(b, due, cs)
}

// playersFrom sets the players of pn from the first board of each room
// among seg.
func (s *linSegment) playersFrom(seg []*model.Record) {
	var set [2]bool
	for _, r := range seg {
		if n, ok := names(r); ok && !set[roomOf(r)] {
			set[roomOf(r)] = true
			copy(s.cur[4*roomOf(r):], n[:])
		}
	}
	if !set[1] {
		copy(s.cur[4:], s.cur[:4])
	}
	if !set[0] {
		copy(s.cur[:4], s.cur[4:])
	}
}

// pn writes the segment's pn: before the first board with players, the
// players of the first board of each room from there on (a board read
// before any pn has none, and would take them from a pn written before
// it).
func (s *linSegment) pn() {
	lw := s.lw
	if s.again && lw.pnSet {
		// the pn written before holds
		s.cur, s.started, s.carried = lw.pn, true, true
	} else if _, ok := names(s.first); ok {
		s.playersFrom(s.seg)
		s.b = appendCmd(s.b, "pn", strings.Join(s.cur[:], ","))
		s.b = appendAfterPn(s.b, s.first)
		s.started = true
	}
}

// board writes the i-th board of the segment, after the vg read again with
// it and a pn for its players when they change; it reports false on a
// write error.
func (s *linSegment) board(i int, r *model.Record) bool {
	lw := s.lw
	r = lw.brd.withMarks(r)
	leadDone := i == 0 // the segment's header opened with them
	lead := func() {
		if !leadDone && len(r.Leading) > 0 {
			// the board's leading commands go before its vg or pn,
			// after an st that parts them from the board before
			s.b = append(s.b, "st||"...)
			s.b = appendLINComments(s.b, r.Leading)
			leadDone = true
		}
	}
	if i > 0 && ownVg(r) {
		// the segment's vg read again with this board (its comments say
		// so): written again, in the segment, so that it holds no rs of
		// its own
		v, cs, _ := vgCommand(r, s.fb, s.lb)
		lead()
		s.b = appendCmd(s.b, "vg", v)
		s.b = appendLINComments(s.b, cs)
	}
	lw.rec = lw.rec[:0]
	if s.boardPn(i, r) {
		lead()
		lw.rec = appendCmd(lw.rec, "pn", strings.Join(s.cur[:], ","))
		lw.rec = appendAfterPn(lw.rec, r)
	}
	// vugraph files break the line after each pause, with CRLF
	lw.rec = lw.appendLINRecord(lw.rec, r, leadDone, &vugraphDone)
	s.b = appendBreakingAtPauses(s.b, lw.rec)
	if len(s.b) == 0 || s.b[len(s.b)-1] != '\n' {
		s.b = append(s.b, "\r\n"...)
	}
	lw.n++
	if len(s.b) > 32<<10 {
		if lw.err = lw.write(s.b); lw.err != nil {
			return false
		}
		s.b = s.b[:0]
	}
	return true
}

// boardPn reports whether a pn goes before the i-th board: the first with
// players when none is written yet, or one whose players are not those of
// the last pn for its room (or who have comments), and sets the players.
func (s *linSegment) boardPn(i int, r *model.Record) bool {
	n, ok := names(r)
	switch {
	case ok && !s.started:
		s.playersFrom(s.seg[i:])
		s.started = true
		return true
	case ok && (i > 0 || s.carried):
		k := 4 * roomOf(r)
		if n != [4]string(s.cur[k:k+4]) || len(tagComments(r, "West")) > 0 {
			copy(s.cur[k:], n[:])
			return true
		}
	}
	return false
}
