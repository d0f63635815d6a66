// Package lin reads LIN, BBO's hand records and vugraph files
// (docs/lin.md), a record at a time.
package lin

import (
	"bytes"
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"handrec/internal/ordered"
	"handrec/layout"
	"handrec/model"
	"handrec/parser/internal/read"
)

// Reader reads LIN records one at a time from a stream: single-board
// files (one board, or one board a line) and multi-board vugraph files
// alike. The stream is split into records at qx (vugraph) or where a new
// board's header begins; records are parsed concurrently and returned in
// file order. The file-level vg, rs and pn a record inherits travel with
// it, so that memory stays bounded by the records in flight.
type Reader struct {
	name    string
	src     io.Reader
	workers int

	// splitter state
	buf     []byte
	start   int // chunk start in buf
	i       int // scan position in buf
	eof     bool
	line    int // line of buf[start]
	col     int // column of buf[start]
	checked bool
	seen    uint16 // commands met in the current chunk
	shared  linShared
	ascii   bool
	latin1  bool

	index     int
	held      *model.Record // the board Next holds back (see Next)
	lastVg    string        // the vg the last board read holds under
	lastHasVg bool
	vug       bool // a board of a match has been read
	seg       linSegment
	trailer   []model.Comment
	match     *model.Match // the last board's
	event     *model.Event // the last board's
	problems  []model.Problem
	err       error // a reading error, given after the held board

	pl *ordered.Stream[*linJob] // the concurrent path (workers > 1)
}

type linJob struct {
	text      string
	line, col int
	sh        linShared
	rec       *model.Record
	trailer   []model.Comment // for text that holds no board
	rsIdx     int             // the board's entry in its segment's rs, -1 for none
}

// NewReader reads LIN from src; name is used in positions.
func NewReader(name string, src io.Reader, opts ...read.Option) *Reader {
	return &Reader{name: name, src: src, workers: read.Apply(opts).Workers, line: 1, col: 1, ascii: true}
}

// Header returns the format and encoding of the file; LIN has no other
// header (vg, rs and pn go to the records they describe).
func (r *Reader) Header() model.Header {
	h := model.Header{Format: model.LIN, Encoding: "utf-8"}
	switch {
	case r.latin1:
		h.Encoding = "latin-1"
	case r.ascii:
		h.Encoding = "ascii"
	}
	return h
}

// Trailer returns the commands after the last board that belong to none
// (a file of vg, rs and pn only, for instance), each as a brace comment
// "code|value|", the form the LIN writer writes back as the command.
func (r *Reader) Trailer() model.Trailer { return model.Trailer{Comments: r.trailer} }

// Close stops the reader's workers.
func (r *Reader) Close() {
	if r.pl != nil {
		r.pl.Close()
	}
}

// Next returns the next record, or io.EOF after the last. A record with
// faults comes with its Problems; an error is returned when the input cannot
// be read or is not LIN at all.
func (r *Reader) Next() (*model.Record, error) {
	if r.err != nil {
		return nil, r.err
	}
	for {
		j, err := r.nextJob()
		if err != nil && r.held != nil { // the held board first, then err
			r.closeSegment()
			out := r.held
			r.held = nil
			if err != io.EOF {
				r.err = err
			}
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		if j.rec == nil {
			r.trailer = append(r.trailer, j.trailer...)
			continue
		}
		r.index++
		j.rec.Index = r.index
		if len(r.problems) > 0 {
			j.rec.Problems = append(r.problems, j.rec.Problems...)
			r.problems = nil
		}
		read.ErrorList(j.rec.Problems).Sort()
		// One board is held back, so that the last board of a segment
		// can take the segment's rs when it holds results for tables this
		// file has no board for (see closeSegment).
		if r.held != nil && j.sh.rsSerial != r.seg.serial {
			r.closeSegment()
		}
		wasVug := r.vug
		r.vug = r.vug || linVugraph(j.rec)
		if j.sh.rsSerial != r.seg.serial {
			if wasVug && j.sh.hasVg == r.lastHasVg && j.sh.vg == r.lastVg {
				// an rs after boards of the same vg (read again or not,
				// which a board does not tell): a writer must start the
				// rs here, and need not write the vg again
				addLayoutHead(j.rec, layout.Head{Name: layout.HeadRsAgain})
			}
			r.seg = linSegment{serial: j.sh.rsSerial, raw: j.sh.rsRaw, pos: j.sh.rsPos, entries: j.sh.rs}
			r.seg.covered = make([]bool, len(j.sh.rs))
		}
		r.lastVg, r.lastHasVg = j.sh.vg, j.sh.hasVg
		if m := j.rec.Match; m != nil {
			// the boards of one segment share its match
			if sameMatch(r.match, m) {
				j.rec.Match = r.match
			}
			r.match = j.rec.Match
		}
		r.event = read.InternEvent(r.event, j.rec)
		if j.rsIdx >= 0 && j.rsIdx < len(r.seg.covered) {
			r.seg.covered[j.rsIdx] = true
		}
		out := r.held
		r.held = j.rec
		if out != nil {
			return out, nil
		}
	}
}

// linVugraph tells a board of a match, as the LIN writer does: from its
// room, qx or vg.
func linVugraph(r *model.Record) bool {
	if r.Room != model.NoRoom || r.Match != nil {
		return true
	}
	l, _ := r.Layout.(*layout.LIN)
	_, qx := l.Head(layout.HeadQx)
	_, vg := l.Head(layout.HeadVg)
	return qx || vg
}

// linSegment is what the reader knows of the rs of the boards it reads.
type linSegment struct {
	serial  int
	raw     string
	pos     model.Pos
	entries []string
	covered []bool // entries that a board read gives
}

// closeSegment gives the held board, the last of its segment, the rs as
// written (layout head rs-all) when it holds a result for a table no board of the
// file covers, so that writing LIN keeps it.
func (r *Reader) closeSegment() {
	for k, e := range r.seg.entries {
		if strings.TrimSpace(e) != "" && (k >= len(r.seg.covered) || !r.seg.covered[k]) {
			addLayoutHead(r.held, layout.Head{Name: layout.HeadRsAll, Value: r.seg.raw})
			return
		}
	}
}

func (r *Reader) nextJob() (*linJob, error) {
	if r.workers == 1 {
		j, err := r.readChunk()
		if err != nil {
			return nil, err
		}
		r.parse(j)
		return j, nil
	}
	if r.pl == nil {
		r.pl = ordered.NewStream(read.StreamOptions(r.workers), func() (*linJob, int, error) {
			j, err := r.readChunk()
			if err != nil {
				return nil, 0, err
			}
			return j, len(j.text), nil
		}, func() func(**linJob) { return func(j **linJob) { r.parse(*j) } })
	}
	j, err := r.pl.Next()
	if err != nil {
		return nil, err
	}
	return *j, nil
}

// commands the splitter tracks in seen
const (
	seenSt uint16 = 1 << iota
	seenRh
	seenAh
	seenMd
	seenBody // mb, pc or mc
)

// fill reads more input; it returns false at the end.
func (r *Reader) fill() (bool, error) {
	if r.eof {
		return false, nil
	}
	if r.start > 0 && r.start >= len(r.buf)/2 {
		n := copy(r.buf, r.buf[r.start:])
		r.buf = r.buf[:n]
		r.i -= r.start
		r.start = 0
	}
	if len(r.buf) == cap(r.buf) {
		if len(r.buf)-r.start > read.MaxRecord {
			r.eof = true
			return false, read.TooLong(r.name, model.Pos{Line: r.line, Col: r.col}, "record", read.MaxRecord)
		}
		nb := make([]byte, len(r.buf), max(2*cap(r.buf), 256<<10))
		copy(nb, r.buf)
		r.buf = nb
	}
	n, err := r.src.Read(r.buf[len(r.buf):cap(r.buf)])
	r.buf = r.buf[:len(r.buf)+n]
	if err == io.EOF {
		r.eof = true
		return n > 0, nil
	}
	if err != nil {
		r.eof = true
		return false, fmt.Errorf("read %s: %w", r.name, err)
	}
	return true, nil
}

// readChunk returns the text of the next record.
// splits reports whether a command (its code c0 c1 in lower case, its
// value) begins a new board; when it does not, it notes what the board has
// seen.
func (r *Reader) splits(c0, c1 byte, value []byte) bool {
	body := r.seen&(seenMd|seenBody) != 0
	split := false
	var bit uint16
	switch {
	case c0 == 'q' && c1 == 'x', c0 == 'p' && c1 == 'n', c0 == 'v' && c1 == 'g', c0 == 'r' && c1 == 's':
		split = body
	case c0 == 's' && c1 == 't':
		bit = seenSt
	case c0 == 'r' && c1 == 'h':
		bit = seenRh
	case c0 == 'a' && c1 == 'h':
		bit = seenAh
	case c0 == 'm' && c1 == 'd':
		bit = seenMd
	case c0 == 'm' && c1 == 'b':
		if linBody("mb", value) {
			bit = seenBody
		}
	case c0 == 'p' && c1 == 'c':
		if linBody("pc", value) {
			bit = seenBody
		}
	case c0 == 'm' && c1 == 'c':
		if linBody("mc", value) {
			bit = seenBody
		}
	}
	if bit != 0 && bit != seenBody && r.seen&bit != 0 && (bit == seenMd || bit == seenSt && body || r.seen&seenBody != 0) {
		// a second md begins a board, and a second st after md; a
		// second rh or ah only after calls or cards (before them it
		// is kept as written, after the first, where the writer puts
		// it back, after md)
		split = true
	}
	if split && r.i > r.start {
		return true
	}
	r.seen |= bit
	return false
}

func (r *Reader) readChunk() (*linJob, error) {
	for {
		// blanks
		for r.i < len(r.buf) && IsBlank(r.buf[r.i]) {
			r.i++
		}
		if r.i >= len(r.buf) {
			more, err := r.fill()
			if err != nil {
				return nil, err
			}
			if more {
				continue
			}
			return r.emit(len(r.buf))
		}
		j := bytes.IndexByte(r.buf[r.i:], '|')
		if j < 0 && !r.eof {
			if _, err := r.fill(); err != nil {
				return nil, err
			}
			if !r.checked && len(r.buf)-r.i > 64<<10 {
				return nil, r.notLIN()
			}
			continue
		}
		if !r.checked {
			r.checked = true
			if j < 0 || !layout.PlausibleCode(r.buf[r.i:r.i+j]) {
				return nil, r.notLIN()
			}
		}
		if j < 0 {
			r.i = len(r.buf)
			continue
		}
		if j == 0 {
			r.i++
			continue
		}
		code := r.buf[r.i : r.i+j]
		v := r.i + j + 1
		k := bytes.IndexByte(r.buf[v:], '|')
		if k < 0 && !r.eof {
			if _, err := r.fill(); err != nil {
				return nil, err
			}
			continue
		}
		end := len(r.buf)
		vend := end
		if k >= 0 {
			vend = v + k
			end = vend + 1
		}
		var c0, c1 byte
		if len(code) == 2 {
			c0, c1 = code[0]|0x20, code[1]|0x20
		}
		if r.splits(c0, c1, r.buf[v:vend]) && r.i > r.start {
			return r.emit(r.i)
		}
		switch {
		case c0 == 'v' && c1 == 'g':
			r.shared.vg, r.shared.hasVg = r.text(r.buf[v:vend]), true
			r.shared.match = vgMatch(r.shared.vg)
			if r.shared.match != nil {
				r.shared.match.Results = r.shared.results // the rs holds on
			}
		case c0 == 'p' && c1 == 'n':
			r.shared.pn, r.shared.hasPn = r.text(r.buf[v:vend]), true
		case c0 == 'r' && c1 == 's':
			r.setRs(v, vend)
		}
		r.i = end
	}
}

func (r *Reader) notLIN() error {
	s := r.buf[r.i:]
	if k := bytes.IndexAny(s, "\r\n"); k >= 0 {
		s = s[:k]
	}
	if len(s) > 60 {
		s = s[:60]
	}
	line, col := r.posOf(r.i)
	return read.ErrorList{{File: r.name, Pos: model.Pos{Line: line, Col: col}, Severity: model.SevError,
		Message: "not LIN: the file starts " + strconv.Quote(string(s)) + ", not code|value| pairs (a saved server message?)"}}
}

// posOf is the line and column of buf offset off, at or after start.
func (r *Reader) posOf(off int) (int, int) {
	line, col := r.line, r.col
	seg := r.buf[r.start:off]
	if n := bytes.Count(seg, []byte{'\n'}); n > 0 {
		line += n
		col = off - (r.start + bytes.LastIndexByte(seg, '\n') + 1) + 1
	} else {
		col += off - r.start
	}
	return line, col
}

func (r *Reader) setRs(v, vend int) {
	raw := r.buf[v:vend]
	val := r.text(raw)
	entries := strings.Split(val, ",")
	offs := make([]int, len(entries))
	o := 0
	for k := range entries {
		// columns count bytes of the file, as elsewhere
		offs[k] = o
		if n := bytes.IndexByte(raw[o:], ','); n >= 0 {
			o += n + 1
		}
	}
	line, col := r.posOf(v)
	r.shared.rs, r.shared.rsOff, r.shared.hasRs = entries, offs, true
	r.shared.rsPos = model.Pos{Line: line, Col: col}
	r.shared.rsRaw = val
	r.shared.rsSerial++
	r.shared.results = linResults(entries)
	if m := r.shared.match; m != nil {
		// the boards read so far keep their match; those after take one
		// with the new results
		m2 := *m
		m2.Results = r.shared.results
		r.shared.match = &m2
	}
}

// linResults are the results rs's entries list, by table; the zero
// RoomResult for an entry that lists none or cannot be read (the board of
// that table reports it).
func linResults(entries []string) []model.RoomResult {
	out := make([]model.RoomResult, len(entries))
	for k, e := range entries {
		c, decl, tricks, ok := parseLINResult(strings.TrimSpace(e))
		if !ok {
			continue
		}
		out[k] = model.RoomResult{Contract: c, Declarer: decl, Result: model.NoResult}
		if tricks >= 0 {
			out[k].Result.Tricks = int8(tricks)
		}
	}
	return out
}

// emit cuts the chunk buf[start:end] as a job; io.EOF when it is blank.
func (r *Reader) emit(end int) (*linJob, error) {
	seg := r.buf[r.start:end]
	blank := true
	for _, c := range seg {
		if !IsBlank(c) {
			blank = false
			break
		}
	}
	if blank && r.eof && end == len(r.buf) {
		return nil, io.EOF
	}
	j := &linJob{text: r.text(seg), line: r.line, col: r.col, sh: r.shared}
	r.line, r.col = r.posOf(end)
	r.start = end
	r.seen = 0
	return j, nil
}

// text decodes a chunk: UTF-8 as it is, anything else as Latin-1.
func (r *Reader) text(b []byte) string { return read.DecodeText(b, &r.ascii, &r.latin1) }

// parse builds a record; it runs on a worker.
func (r *Reader) parse(j *linJob) {
	defer func() {
		if e := recover(); e != nil {
			rec := model.NewRecord()
			rec.File = r.name
			rec.Pos = model.Pos{Line: j.line, Col: j.col}
			rec.Errorf(rec.Pos, "%s", fmt.Sprintf("internal error: %v\n%s", e, debug.Stack()))
			j.rec = rec
		}
	}()
	lx := newLINLexer(r.name, j.text, j.line, j.col)
	pl, err := lexer.Upgrade(lx)
	var g *linGame
	if err == nil {
		g, err = linParser.ParseFromLexer(pl)
	}
	if err != nil {
		rec := model.NewRecord()
		rec.File = r.name
		rec.Pos = model.Pos{Line: j.line, Col: j.col}
		rec.Errorf(rec.Pos, "%s", err.Error())
		j.rec = rec
		return
	}
	if !linHasBoard(g) && lx.cap.Off < 0 {
		// (a text without a board that was cut is a record, which
		// carries the problem)
		j.trailer = linLeftovers(j.text, g)
		return
	}
	b := newLINBuilder(r.name, j.text, j.line, j.col, &j.sh)
	j.rec = b.build(g)
	lx.cap.Report(j.rec, j.text, "commands")
	j.rsIdx = b.rsIdx
	j.text = ""
}

// linHasBoard reports whether a record's text holds a board: a deal, a
// board label, calls, cards or a claim.
func linHasBoard(g *linGame) bool {
	for i := range g.Items {
		it := &g.Items[i]
		for _, t := range []*linRaw{it.Calls, it.Cards, it.Claim} {
			if t == nil {
				continue
			}
			// a board has a call, a card or a claim: an empty "pc||" is none
			for off := 0; off < len(t.Raw); {
				p, ok := scanLINPair(t.Raw, off)
				if !ok {
					break
				}
				if !p.bare && len(p.code) == 2 && linBody(lower2(p.code), p.value) {
					return true
				}
				off = p.end
			}
		}
		if it.Head != nil {
			raw := it.Head.Raw
			for off := 0; off < len(raw); {
				p, ok := scanLINPair(raw, off)
				if !ok {
					break
				}
				if len(p.code) == 2 && !p.bare {
					switch lower2(p.code) {
					case "qx", "md", "ah", "sv":
						return true
					}
				}
				off = p.end
			}
		}
	}
	return false
}

// linOpener reports whether a pair is an empty st or rh: it opens a board
// and holds nothing, in a text without a board as in a board (the writer
// opens the text after the last board with st||, so that it is not read
// as part of that board).
func linOpener(p linPair) bool {
	if p.value != "" || len(p.code) != 2 {
		return false
	}
	c := lower2(p.code)
	return c == "st" || c == "rh"
}

// linLeftovers keeps the commands of a text without a board as comments
// "code|value|", but for an empty st or rh.
func linLeftovers(text string, g *linGame) []model.Comment {
	var out []model.Comment
	for i := range g.Items {
		it := &g.Items[i]
		raw := it.raw().Raw
		start := it.Pos.Offset
		for off := start; off < start+len(raw); {
			p, ok := scanLINPair(text[:start+len(raw)], off)
			if !ok {
				break
			}
			if !p.stray && !p.bare && !linOpener(p) {
				out = append(out, model.Comment{Text: p.code + "|" + p.value + "|", Pos: model.Pos{Line: it.Pos.Line, Col: it.Pos.Column}})
			}
			off = p.end
		}
	}
	return out
}

// addLayoutHead gives r's LIN layout a head, making the layout if r has
// none.
func addLayoutHead(r *model.Record, h layout.Head) {
	l, ok := r.Layout.(*layout.LIN)
	if !ok {
		l = new(layout.LIN)
		r.Layout = l
	}
	l.Heads = append(l.Heads, h)
}

// sameMatch reports whether a and b are the same segment: the same boards,
// teams and results.
func sameMatch(a, b *model.Match) bool {
	if a == b || a == nil || b == nil {
		// one match (the boards of a segment share the reader's): its
		// results are not compared with themselves at every board, which
		// made reading a segment quadratic in its rs
		return a == b
	}
	return a.First == b.First && a.Last == b.Last && a.Home == b.Home && a.Visit == b.Visit &&
		sameResults(a.Results, b.Results)
}

// sameResults reports whether a and b hold the same results: at once when
// they are one rs's (a vg given again before each board keeps the rs read).
func sameResults(a, b []model.RoomResult) bool {
	if len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0]) {
		return true
	}
	return slices.Equal(a, b)
}
