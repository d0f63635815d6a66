// Package pbn reads PBN, 1.0 to 2.1 as real software writes it
// (docs/pbn.md), a game at a time.
package pbn

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"

	"handrec/internal/ordered"
	"handrec/layout"
	"handrec/model"
	"handrec/parser/internal/read"
)

// Reader reads PBN games one at a time from a stream. Games are split on
// semi-empty lines and parsed concurrently; Next returns them in file order,
// with tag inheritance resolved and validation done. Memory is bounded by a
// fixed number of games in flight, whatever the size of the input.
type Reader struct {
	name    string
	src     *bufio.Reader
	workers int

	line    int  // lines read so far
	inBrace bool // splitter state: inside a brace comment
	brace   braceBlanks
	back    []byte // lines given back by the splitter, read again before src
	cutTag  int    // the tag line the current chunk's last brace comment was ended before
	eof     bool
	chunk   []byte
	long    []int // lines of the current chunk longer than PBN allows
	ascii   bool
	latin1  bool
	mixed   model.Pos // where the current chunk mixes encodings (see text)

	header      model.Header
	pbnHeader   layout.PBNHeader // the header's PBN bookkeeping (Header's Layout)
	headerDone  bool
	pendingDir  []layout.Directive
	pendingCom  []model.Comment
	pendingSemi []model.Pos       // where the ";" comments of pendingCom stood
	sticky      map[string]string // "##" values, for every later game
	stickyOrd   []string          // their names, in the order first set
	prev        *model.Record
	headers     map[string]string // the last header of each table's tag, for a header "#"
	event       *model.Event      // the last game's, which the next shares when equal
	index       int
	// faults found in text outside any game, given to the next game
	pendingProblems []model.Problem

	pl *ordered.Stream[job] // the concurrent path (workers > 1)
}

// braceBlanks is where the last run of semi-empty lines inside the
// current brace comment lies in the chunk: should a tag line end the
// comment (tagLine), the game ends before that run and the next one starts
// after it, as if the comment had been closed where its games began.
type braceBlanks struct {
	seen     bool // a semi-empty line since the "{"
	inRun    bool // the last line was one
	end      int  // the chunk's length before the run
	next     int  // and after it
	nextLine int  // the line after it
}

type job struct {
	text   string
	line   int
	cutTag int
	long   []int // its lines longer than PBN allows
	mixed  model.Pos
	rec    *model.Record
	defer_ bool
	semis  []model.Pos // where its ";" comments stood, in file order
}

// NewReader reads PBN from src; name is used in positions.
func NewReader(name string, src io.Reader, opts ...read.Option) *Reader {
	r := &Reader{name: name, src: bufio.NewReaderSize(src, 256<<10), workers: read.Apply(opts).Workers, ascii: true}
	r.header.Format = model.PBN
	return r
}

// Header returns what the file says before its first game. It is complete
// once Next has returned the first record or io.EOF.
func (r *Reader) Header() model.Header {
	h := r.header
	switch {
	case r.latin1:
		h.Encoding = "latin-1"
	case r.ascii:
		h.Encoding = "ascii"
	default:
		h.Encoding = "utf-8"
	}
	if !r.pbnHeader.Empty() {
		ph := r.pbnHeader
		h.Layout = &ph
	}
	return h
}

// Trailer returns the comments after the last game, and its escape lines
// in PBN's trailer layout; it is complete once Next has returned io.EOF.
func (r *Reader) Trailer() model.Trailer {
	return layout.NewTrailer(r.pendingDir, r.pendingCom, semiIndexes(r.pendingCom, r.pendingSemi, 0))
}

// TrailerProblems are the faults found after the last game (an unclosed
// "{" that runs to the end of the file): no game holds them. They are
// known once Next has returned io.EOF.
func (r *Reader) TrailerProblems() []model.Problem {
	if !r.eof {
		return nil
	}
	return r.pendingProblems
}

// Close stops the reader's workers. Reading to io.EOF closes it too.
func (r *Reader) Close() {
	if r.pl != nil {
		r.pl.Close()
	}
}

// Next returns the next game, or io.EOF after the last. A game with faults
// is returned with its Problems; an error is returned only when the input
// cannot be read.
func (r *Reader) Next() (*model.Record, error) {
	for {
		j, err := r.nextJob()
		if err != nil {
			if err == io.EOF {
				r.headerDone = true
			}
			return nil, err
		}
		if rec := r.finish(j); rec != nil {
			return rec, nil
		}
	}
}

func (r *Reader) nextJob() (*job, error) {
	if r.workers == 1 {
		text, line, err := r.readChunk()
		if err != nil {
			return nil, err
		}
		j := &job{text: text, line: line, cutTag: r.cutTag, long: r.long, mixed: r.mixed}
		r.parse(j)
		return j, nil
	}
	if r.pl == nil {
		r.pl = ordered.NewStream(read.StreamOptions(r.workers), func() (job, int, error) {
			text, line, err := r.readChunk()
			return job{text: text, line: line, cutTag: r.cutTag, long: r.long, mixed: r.mixed}, len(text), err
		}, func() func(*job) { return r.parse })
	}
	return r.pl.Next()
}

// readChunk returns the text of the next game: the lines up to a semi-empty
// line that is not inside a brace comment. r.long lists its lines that are
// longer than PBN allows. A tag line inside a brace comment ends it
// (tagLine); when the comment held a semi-empty line, the game ends there
// and the lines after it are given back to be read as the next.
func (r *Reader) readChunk() (string, int, error) {
	if r.eof {
		return "", 0, io.EOF
	}
	r.chunk = r.chunk[:0]
	r.long = nil
	r.cutTag = 0
	first := 0
	for {
		line, err := r.readLine()
		parts := 0 // what a line longer than the buffer has read so far
		for err == bufio.ErrBufferFull {
			parts += len(line)
			r.chunk = append(r.chunk, line...)
			if first == 0 {
				first = r.line + 1
			}
			if parts > read.MaxLine {
				r.eof = true
				return "", 0, read.TooLong(r.name, model.Pos{Line: r.line + 1, Col: 1}, "line", read.MaxLine)
			}
			line, err = r.src.ReadSlice('\n')
		}
		if len(line) > 0 || len(r.chunk) > 0 && err == nil {
			r.line++
			if r.line == 1 {
				line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf"))
			}
			if r.inBrace && r.endBrace(line, parts) {
				return r.text(first), first, nil
			}
			if !r.inBrace && semiEmpty(line) {
				if first != 0 {
					return r.text(first), first, nil
				}
			} else {
				r.braceBlank(line)
				if first == 0 {
					first = r.line
				}
				if layout.PBNLineLong(parts + len(line)) { // its bytes, its end as written
					r.long = append(r.long, r.line)
				}
				r.scanBraces(line)
				r.chunk = append(r.chunk, line...)
				if len(r.chunk) > read.MaxRecord {
					r.eof = true
					return "", 0, read.TooLong(r.name, model.Pos{Line: first, Col: 1}, "record", read.MaxRecord)
				}
			}
		}
		if err != nil {
			r.eof = true
			if err != io.EOF {
				return "", 0, fmt.Errorf("read %s: %w", r.name, err)
			}
			if first != 0 {
				return r.text(first), first, nil
			}
			return "", 0, io.EOF
		}
	}
}

// readLine is the next line: of the lines given back first, then of src
// (as bufio.Reader.ReadSlice gives it).
func (r *Reader) readLine() ([]byte, error) {
	if len(r.back) == 0 {
		return r.src.ReadSlice('\n')
	}
	k := bytes.IndexByte(r.back, '\n') + 1
	if k == 0 {
		k = len(r.back)
	}
	line := r.back[:k]
	r.back = r.back[k:]
	return line, nil
}

// braceBlank notes a semi-empty line inside a brace comment (see
// braceBlanks), or that the line is none.
func (r *Reader) braceBlank(line []byte) {
	b := &r.brace
	if !r.inBrace || !semiEmpty(line) {
		b.inRun = false
		return
	}
	if !b.inRun {
		b.end = len(r.chunk)
	}
	b.seen, b.inRun = true, true
	b.next, b.nextLine = len(r.chunk)+len(line), r.line+1
}

// endBrace ends the brace comment the splitter is in when line (of which
// parts bytes are already in the chunk) is a tag line. When the comment
// held a semi-empty line, it cuts the chunk before the last run of them,
// gives back the lines after it, the tag line among them, and reports
// that the chunk is done.
func (r *Reader) endBrace(line []byte, parts int) bool {
	head := line
	if parts > 0 {
		head = r.chunk[len(r.chunk)-parts:]
	}
	if !tagLine(head) {
		return false
	}
	r.inBrace = false
	if !r.brace.seen {
		return false // the lexer ends the comment there too, in the chunk
	}
	r.cutTag = r.line
	r.back = append(append([]byte(nil), r.chunk[r.brace.next:]...), line...)
	r.chunk = r.chunk[:r.brace.end]
	r.line = r.brace.nextLine - 1
	k := 0
	for k < len(r.long) && r.long[k] <= r.line {
		k++
	}
	r.long = r.long[:k]
	return true
}

func semiEmpty(line []byte) bool {
	for _, c := range line {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '\v' && c != '\f' {
			return false
		}
	}
	return true
}

// scanBraces follows brace comments across lines, skipping strings, ";"
// comments and escape lines, where a brace means nothing.
func (r *Reader) scanBraces(line []byte) {
	if !r.inBrace {
		if len(line) > 0 && line[0] == '%' {
			return
		}
		if bytes.IndexByte(line, '{') < 0 {
			return
		}
	}
	inQuote := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case r.inBrace:
			if c == '}' {
				r.inBrace = false
			}
		case inQuote:
			if c == '\\' {
				i++
			} else if c == '"' {
				inQuote = false
			}
		case c == '"':
			inQuote = true
		case c == ';':
			return
		case c == '{':
			r.inBrace = true
			r.brace = braceBlanks{}
		}
	}
}

// text decodes the chunk (see read.DecodeText), whose first line is first, and
// sets r.mixed where a chunk read as Latin-1 also holds UTF-8 text.
func (r *Reader) text(first int) string {
	s := read.DecodeText(r.chunk, &r.ascii, &r.latin1)
	r.mixed = model.Pos{}
	if r.latin1 {
		if off := mixedEncoding(r.chunk); off >= 0 {
			nl := bytes.LastIndexByte(r.chunk[:off], '\n')
			r.mixed = model.Pos{Line: first + bytes.Count(r.chunk[:off], []byte{'\n'}), Col: off - nl}
		}
	}
	return s
}

// mixedEncoding returns the offset of the first byte of b that is not
// UTF-8 when b also holds UTF-8 beyond ASCII, else -1: text that two
// programs wrote, which no one encoding reads right.
func mixedEncoding(b []byte) int {
	bad, multi := -1, false
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		c, n := utf8.DecodeRune(b[i:])
		if c == utf8.RuneError && n == 1 {
			if bad < 0 {
				bad = i
			}
		} else {
			multi = true
		}
		if multi && bad >= 0 {
			return bad
		}
		i += n
	}
	return -1
}

// parse builds a game's record; it runs on a worker.
func (r *Reader) parse(j *job) {
	defer func() {
		if e := recover(); e != nil {
			rec := model.NewRecord()
			rec.File = r.name
			rec.Pos = model.Pos{Line: j.line, Col: 1}
			rec.Errorf(rec.Pos, "%s", fmt.Sprintf("internal error: %v\n%s", e, debug.Stack()))
			j.rec = rec
		}
	}()
	lx := newPBNLexer(r.name, j.text, j.line)
	lx.cutTag = j.cutTag
	pl, err := lexer.Upgrade(lx)
	var g *pbnGame
	if err == nil {
		g, err = pbnParser.ParseFromLexer(pl)
	}
	if err != nil {
		rec := model.NewRecord()
		rec.File = r.name
		rec.Pos = model.Pos{Line: j.line, Col: 1}
		rec.Errorf(rec.Pos, "%s", err.Error())
		j.rec = rec
		return
	}
	b := newBuilder(r.name)
	rec := b.build(g)
	j.semis = b.semis
	b.cap.CutAt(lx.cap.Pos, lx.cap.Off)
	b.cap.Report(rec, j.text, "items (tags, calls, cards, comments, notes, marks)")
	for _, u := range lx.unclosed {
		rec.Errorf(u.open, "%s", u.message())
	}
	if j.mixed.Line > 0 {
		rec.Warnf(j.mixed, "mixed encodings: this byte is not UTF-8, yet the game holds UTF-8 text; the whole game is read as Latin-1")
	}
	for _, n := range j.long {
		rec.Warnf(model.Pos{Line: n, Col: layout.MaxPBNLine}, "line longer than the %d bytes PBN allows, its end included (2.3)", layout.MaxPBNLine)
	}
	j.rec = rec
	j.defer_ = b.needsInherit || needsImplicit(rec)
	if !j.defer_ {
		fixPlayOrder(rec)
		model.DerivePassedOut(rec)
		model.Validate(rec)
	}
	j.text = ""
}

// headerBlock reports whether rec is a block of "##" tags only.
func headerBlock(rec *model.Record) bool {
	if len(rec.Tags) == 0 || rec.Auction != nil || rec.Play != nil || len(rec.Sections) > 0 {
		return false
	}
	for _, t := range rec.Tags {
		if !strings.HasPrefix(t.Value, "##") || len(t.Comments) > 0 {
			return false
		}
	}
	return true
}

func isGame(rec *model.Record) bool {
	return len(rec.Tags) > 0 || rec.Auction != nil || rec.Play != nil || len(rec.Sections) > 0
}

// needsImplicit: a game that repeats the previous deal without its tags (a
// second table of the same board), as some programs write.
func needsImplicit(rec *model.Record) bool {
	return rec.TagIndex("Deal") < 0 && rec.TagIndex("Board") < 0 &&
		(rec.Auction != nil || rec.Play != nil || rec.TagIndex("Contract") >= 0)
}

// implicitTags are taken from the previous game by a game that repeats its
// deal without them.
var implicitTags = []string{"Event", "Site", "Date", "Board", "Dealer", "Vulnerable", "Deal",
	"Scoring", "Stage", "Round", "HomeTeam", "VisitTeam", "Section", "EventDate", "Competition", "DealId"}

// finish runs in file order: it sets the file header, resolves inherited
// values, and validates what needed them. It returns nil for a stretch of
// text that holds no game (its escape lines and comments go to the next).
func (r *Reader) finish(j *job) *model.Record {
	rec := j.rec
	dirs := layout.Directives(rec) // the escape lines met so far, the game's or the file's
	if !isGame(rec) {
		r.betweenGames(rec, dirs, j.semis)
		return nil
	}
	if !r.headerDone && headerBlock(rec) {
		// a first block of "##" tags only is the file's header (PBN 4.8):
		// its values pass to every game, and it is no game itself
		r.headerDone = true
		r.headerDirectives(dirs)
		r.headerComments(rec.Leading, j.semis)
		r.inherit(rec)
		r.pbnHeader.Tags = rec.Tags
		r.pendingProblems = append(r.pendingProblems, rec.Problems...)
		return nil
	}
	if !r.headerDone {
		// escape lines before the first tag of the first game are the file's
		r.headerDone = true
		firstTag := rec.Pos.Line
		k := 0
		for k < len(dirs) && dirs[k].Pos.Line < firstTag {
			k++
		}
		r.headerDirectives(dirs[:k])
		dirs = dirs[k:]
	}
	if len(r.pendingDir) > 0 {
		dirs = append(r.pendingDir, dirs...)
		r.pendingDir = nil
	}
	layout.SetDirectives(rec, dirs) // the game's own: PBN's layout
	if len(r.pendingCom) > 0 {
		rec.Leading = append(r.pendingCom, rec.Leading...)
		j.semis = append(r.pendingSemi, j.semis...)
		r.pendingCom, r.pendingSemi = nil, nil
	}
	if len(r.pendingProblems) > 0 {
		rec.Problems = append(r.pendingProblems, rec.Problems...)
		r.pendingProblems = nil
	}
	r.index++
	rec.Index = r.index
	r.inherit(rec)
	r.implicit(rec)
	readClaim(rec) // a Result inherited or taken from the previous game
	noClaim(rec)
	checkSectionTags(rec)
	if r.pbnHeader.Export || declaresExport(rec) {
		checkExportLayout(rec)
	}
	if j.defer_ {
		fixPlayOrder(rec)
		model.DerivePassedOut(rec)
		model.Validate(rec)
	}
	r.prev = rec
	layout.LiftFacts(rec) // the facts live in their fields from here on
	r.event = read.InternEvent(r.event, rec)
	r.inheritHeaders(rec)
	layout.TypeTables(rec)
	if len(j.semis) > 0 {
		// how each comment was written: PBN's layout
		layout.SetSemicolons(rec, func(c *model.Comment) bool { return atPos(j.semis, c.Pos) })
	}
	read.ErrorList(rec.Problems).Sort()
	return rec
}

// betweenGames keeps what a block that is no game holds (escape lines,
// commentary, problems): the header's before the first game, else for the
// next game.
func (r *Reader) betweenGames(rec *model.Record, dirs []layout.Directive, semis []model.Pos) {
	if !r.headerDone {
		r.headerDirectives(dirs)
		r.headerComments(rec.Leading, semis)
	} else {
		r.pendingDir = append(r.pendingDir, dirs...)
		r.pendingCom = append(r.pendingCom, rec.Leading...)
		r.pendingSemi = append(r.pendingSemi, semis...)
	}
	if len(rec.Problems) > 0 {
		// faults in text outside any game still reach the caller
		r.pendingProblems = append(r.pendingProblems, rec.Problems...)
	}
}

// headerComments adds cs, of which those at the positions semis were ";"
// comments, to the file header's comments.
func (r *Reader) headerComments(cs []model.Comment, semis []model.Pos) {
	r.pbnHeader.Semicolons = append(r.pbnHeader.Semicolons, semiIndexes(cs, semis, len(r.header.Comments))...)
	r.header.Comments = append(r.header.Comments, cs...)
}

// semiIndexes are the indexes, plus base, of the comments of cs whose
// position is among semis.
func semiIndexes(cs []model.Comment, semis []model.Pos, base int) []int {
	if len(semis) == 0 {
		return nil
	}
	var out []int
	for i, c := range cs {
		if atPos(semis, c.Pos) {
			out = append(out, base+i)
		}
	}
	return out
}

// atPos reports whether p is among ps, which are in file order.
func atPos(ps []model.Pos, p model.Pos) bool {
	_, found := slices.BinarySearchFunc(ps, p, func(a, b model.Pos) int {
		if a.Line != b.Line {
			return cmp.Compare(a.Line, b.Line)
		}
		return cmp.Compare(a.Col, b.Col)
	})
	return found
}

// implicit gives a game that repeats the previous deal without its tags
// (needsImplicit) the previous game's.
func (r *Reader) implicit(rec *model.Record) {
	if r.prev == nil || !needsImplicit(rec) {
		return
	}
	for _, name := range implicitTags {
		if rec.TagIndex(name) >= 0 {
			continue
		}
		if v, ok := tagOrFact(r.prev, name); ok {
			rec.Tags = append(rec.Tags, model.Tag{Name: name, Value: v})
			applyTag(rec, &rec.Tags[len(rec.Tags)-1])
		}
	}
	if i := rec.TagIndex("Result"); i >= 0 {
		resolveResult(rec, &rec.Tags[i])
	}
}

// tagOrFact is the value of tag name of a game read whole: a fact's as
// written (its facts are fields), or the tag's.
func tagOrFact(rec *model.Record, name string) (string, bool) {
	if f, ok := model.FactNamed(name); ok {
		return rec.FactValue(f)
	}
	return rec.Tag(name)
}

func (r *Reader) headerDirectives(ds []layout.Directive) {
	for _, d := range ds {
		t := strings.TrimSpace(d.Text)
		switch {
		case strings.HasPrefix(t, "PBN ") && r.pbnHeader.Version == "" && looksVersion(strings.TrimSpace(t[4:])):
			r.pbnHeader.Version = strings.TrimSpace(t[4:])
		case t == "EXPORT":
			r.pbnHeader.Export = true
		default:
			r.pbnHeader.Directives = append(r.pbnHeader.Directives, d)
		}
	}
}

func looksVersion(v string) bool {
	if v == "" {
		return false
	}
	for i := 0; i < len(v); i++ {
		if !(v[i] >= '0' && v[i] <= '9' || v[i] == '.') {
			return false
		}
	}
	return true
}

// inherit resolves "#" and "##" values (PBN 4.8). "#" takes the value of
// the previous game's tag, already resolved; "##" sets a value for every
// later game until the tag is given again. A file that uses neither costs
// one look at each value.
func (r *Reader) inherit(rec *model.Record) {
	hash := false
	for i := range rec.Tags {
		if v := rec.Tags[i].Value; len(v) > 0 && v[0] == '#' {
			hash = true
			break
		}
	}
	if !hash && len(r.sticky) == 0 {
		return
	}
	seen := make(map[string]bool, len(rec.Tags))
	for i := range rec.Tags {
		t := &rec.Tags[i]
		if seen[t.Name] {
			continue
		}
		seen[t.Name] = true
		if strings.HasPrefix(t.Value, "#") && !forbidInherit[t.Name] {
			if strings.HasPrefix(t.Value, "##") {
				if r.sticky == nil {
					r.sticky = make(map[string]string)
				}
				if _, ok := r.sticky[t.Name]; !ok {
					r.stickyOrd = append(r.stickyOrd, t.Name)
				}
				t.Value = t.Value[2:]
				r.sticky[t.Name] = t.Value
			} else if t.Value == "#" {
				v, ok := "", false
				if r.prev != nil {
					v, ok = tagOrFact(r.prev, t.Name)
				}
				if !ok {
					v = r.sticky[t.Name]
				}
				t.Value = v
			}
			applyTag(rec, t)
			if t.Name == "Result" || t.Name == "Declarer" {
				if k := rec.TagIndex("Result"); k >= 0 {
					resolveResult(rec, &rec.Tags[k])
				}
			}
		} else if _, ok := r.sticky[t.Name]; ok {
			// a plain value redefines a "##" value from here on
			r.sticky[t.Name] = t.Value
		}
	}
	for _, name := range r.stickyOrd { // a fixed order: the same file reads the same
		if v := r.sticky[name]; !seen[name] {
			rec.Tags = append(rec.Tags, model.Tag{Name: name, Value: v})
			applyTag(rec, &rec.Tags[len(rec.Tags)-1])
		}
	}
}
