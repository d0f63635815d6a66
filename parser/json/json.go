// Package json reads handrec's JSON, versions 2 (package jsonrec's
// codec) and 1, a record at a time.
package json

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"handrec/internal/legacy"
	"handrec/jsonrec"
	"handrec/layout"
	"handrec/model"
	"handrec/parser/internal/read"
)

// Reader reads handrec's JSON one record at a time: version 2
// ({"handrec": 2, "source": ..., "records": [...], "trailer": ...}, package
// jsonrec) and version 1, the model as it was stored before
// ({"header": ..., "records": [...], "trailer": ..., "trailer_comments":
// ...}). A record that cannot be understood is reported at its line and
// column, and reading goes on with the next; only broken JSON syntax stops
// the file.
type Reader struct {
	name     string
	lines    *lineCounter
	dec      *json.Decoder
	version  int // 1 or 2, once the document says
	src      *budget
	header   model.Header
	trailer  []layout.Directive
	comments []jsonrec.Comment // handrec 1's trailer comments
	v2       struct {
		header  jsonrec.Header
		trailer jsonrec.Trailer
	}
	state int      // 0 before "records", 1 in the records, 2 after
	keys  []string // the first keys of the document, quoted
	index int
	err   error
}

// NewReader reads JSON from src; name is used in errors.
func NewReader(name string, src io.Reader) *Reader {
	b := &budget{r: src, limit: read.MaxRecord}
	lc := &lineCounter{r: b, line: 1}
	return &Reader{name: name, lines: lc, dec: json.NewDecoder(lc), version: 1, src: b}
}

// budget stops a reader limit bytes in: the decoder holds a whole value
// in memory, so one record may take no more than read.MaxRecord.
type budget struct {
	r        io.Reader
	n, limit int64
}

var errBudget = fmt.Errorf("record longer than %d MiB, the most one record may hold; the rest of the file is not read", read.MaxRecord>>20)

func (b *budget) Read(p []byte) (int, error) {
	if b.n >= b.limit {
		return 0, errBudget
	}
	if int64(len(p)) > b.limit-b.n {
		p = p[:b.limit-b.n]
	}
	n, err := b.r.Read(p)
	b.n += int64(n)
	return n, err
}

// Header returns the document's header; it is complete once Next has
// returned the first record or io.EOF.
func (r *Reader) Header() model.Header { return r.header }

// Trailer returns the document's trailer, once Next has returned io.EOF.
func (r *Reader) Trailer() model.Trailer {
	if r.version == 2 {
		return r.v2.trailer.ToTrailer()
	}
	// handrec 1 kept a LIN file's trailing commands as comments of kind
	// "lin-<code>": they are the commands as written now
	t := jsonrec.Trailer{Comments: r.comments}.ToTrailer()
	kinds := make([]string, len(r.comments))
	for i, c := range r.comments {
		kinds[i] = c.Kind
	}
	legacy.FromLINTrailer(t.Comments, kinds)
	return t.Join(layout.NewTrailer(r.trailer, nil, nil))
}

// Close does nothing: the reader holds no workers.
func (r *Reader) Close() {}

// fail stops the reader with err at the position the decoder reached.
func (r *Reader) fail(err error) error { return r.failFrom(r.dec.InputOffset(), err) }

// failFrom stops the reader with err, which a read that began at offset
// start met. encoding/json's syntax errors count their offset from no
// place a reader can know, so such an error is placed where the value
// that holds it begins.
func (r *Reader) failFrom(start int64, err error) error {
	if r.err == nil {
		off := r.dec.InputOffset()
		var se *json.SyntaxError
		switch {
		case errors.As(err, &se):
			off = start
		case err == io.EOF || err == io.ErrUnexpectedEOF:
			off, err = r.lines.read, errors.New("unexpected end of file")
		}
		r.err = read.ErrorAt(r.name, r.lines.pos(off), "json: "+err.Error())
	}
	return r.err
}

// valueStart is the offset of the next element of an array: the
// decoder's offset past the blanks and the comma it has buffered.
func (r *Reader) valueStart() int64 {
	off := r.dec.InputOffset()
	var b [64]byte
	buf := r.dec.Buffered()
	comma := false
	for {
		n, _ := buf.Read(b[:])
		if n == 0 {
			return off
		}
		for _, c := range b[:n] {
			switch {
			case c == ',' && !comma:
				comma = true
			case c != ' ' && c != '\t' && c != '\r' && c != '\n':
				return off
			}
			off++
		}
	}
}

// Next returns the next record, or io.EOF after the last.
func (r *Reader) Next() (*model.Record, error) {
	if r.err != nil {
		return nil, r.err
	}
	r.src.limit = r.src.n + read.MaxRecord
	if r.state == 0 {
		t, err := r.dec.Token()
		if err != nil {
			return nil, r.fail(err)
		}
		if t != json.Delim('{') {
			return nil, r.notOurs(jsonKind(t) + ", not an object")
		}
		if err := r.fields(); err != nil {
			return nil, err
		}
		switch {
		case r.state == 2 && len(r.keys) == 0:
			return nil, r.notOurs("an empty object")
		case r.state == 2:
			// an object that holds no "records"
			return nil, r.notOurs(fmt.Sprintf("an object without \"records\" (its keys: %s)", strings.Join(r.keys, ", ")))
		}
	}
	if r.state == 1 {
		if r.dec.More() {
			return r.record()
		}
		if err := r.delim(']'); err != nil {
			return nil, r.fail(err)
		}
		r.state = 2
		if err := r.fields(); err != nil {
			return nil, err
		}
	}
	return nil, io.EOF
}

// record reads one element of "records". A record whose values do not
// fit is kept as a record holding the error, so that the records around it
// are read.
func (r *Reader) record() (*model.Record, error) {
	var raw json.RawMessage
	start := r.valueStart()
	r.index++
	if err := r.dec.Decode(&raw); err != nil {
		return nil, r.failFrom(start, fmt.Errorf("record %d: %w", r.index, err))
	}
	pos := r.lines.pos(r.dec.InputOffset() - int64(len(raw)))
	rec, err := r.decodeRecord(raw)
	if err != nil {
		rec = model.NewRecord()
		rec.File, rec.Index, rec.Pos = r.name, r.index, pos
		rec.Errorf(pos, "json: record %s: %s", fmt.Sprint(r.index), jsonMessage(err))
	} else if rec.File == "" {
		// A record that does not say where it was read (no "source") was
		// read here: this file, its place among the records, its position.
		rec.File, rec.Index, rec.Pos = r.name, r.index, pos
	}
	return rec, nil
}

func (r *Reader) decodeRecord(raw json.RawMessage) (*model.Record, error) {
	if r.version == 1 {
		// handrec 1 gave each comment a kind, which the layouts hold now
		js, err := legacy.ModelComments(raw)
		if err != nil {
			return nil, err
		}
		rec := new(model.Record)
		if err := json.Unmarshal(js, rec); err != nil {
			return nil, err
		}
		layout.LiftFacts(rec) // handrec 1 kept each fact twice: as a field and a tag
		layout.TypeTables(rec)
		if legacy.LINNames(rec) {
			legacy.FromLIN(rec) // LIN's names of the old model
		}
		layout.SettleKinds(rec)
		return rec, nil
	}
	var jr jsonrec.Record
	if err := json.Unmarshal(raw, &jr); err != nil {
		return nil, err
	}
	rec, err := jr.ToRecord()
	if err == nil {
		layout.LiftRepeats(rec)
		layout.TypeTables(rec) // tables written as PBN read them before they were data
	}
	return rec, err
}

// jsonMessage is err without encoding/json's package prefix.
func jsonMessage(err error) string {
	s := err.Error()
	if len(s) > 6 && s[:6] == "json: " {
		return s[6:]
	}
	return s
}

// fields reads object members up to "records" (state 1) or the end (2).
func (r *Reader) fields() error {
	for r.dec.More() {
		t, err := r.dec.Token()
		if err != nil {
			return r.fail(err)
		}
		key, _ := t.(string)
		if r.state == 0 && len(r.keys) < 4 {
			r.keys = append(r.keys, strconv.Quote(key))
		}
		if key == "records" {
			if err := r.delim('['); err != nil {
				return r.fail(err)
			}
			r.state = 1
			r.finishHeader()
			return nil
		}
		if err := r.field(key); err != nil {
			return r.fail(err)
		}
	}
	if err := r.delim('}'); err != nil {
		return r.fail(err)
	}
	r.finishHeader()
	r.state = 2
	return nil
}

// field reads the value of one top-level member.
func (r *Reader) field(key string) error {
	v2 := &r.v2
	switch key {
	case "handrec":
		if err := r.dec.Decode(&v2.header.Handrec); err != nil {
			return err
		}
		if v2.header.Handrec != jsonrec.Version {
			return fmt.Errorf("handrec JSON version %d: this handrec reads versions 1 and 2", v2.header.Handrec)
		}
		r.version = 2
		return nil
	case "source":
		return r.dec.Decode(&v2.header.Source)
	case "directives":
		return r.dec.Decode(&v2.header.Directives)
	case "comments":
		return r.dec.Decode(&v2.header.Comments)
	case "tags":
		return r.dec.Decode(&v2.header.Tags)
	case "semicolons":
		return r.dec.Decode(&v2.header.Semicolons)
	case "trailer_semicolons":
		return r.dec.Decode(&v2.trailer.Semicolons)
	case "header":
		// handrec 1's header, the model's own JSON: its comments' kinds
		// go to its PBN layout (layout.PBNHeader.Adopt)
		return r.dec.Decode(&r.header)
	case "trailer":
		if r.version == 2 {
			return r.dec.Decode(&v2.trailer.Directives)
		}
		return r.dec.Decode(&r.trailer)
	case "trailer_comments":
		if r.version == 2 {
			return r.dec.Decode(&v2.trailer.Comments)
		}
		return r.dec.Decode(&r.comments)
	}
	var skip json.RawMessage
	return r.dec.Decode(&skip)
}

// notOurs stops the reader at a document that is JSON but not handrec's
// (another program's, endplay's array of boards), saying what it is, so
// that it is not taken for an empty file.
func (r *Reader) notOurs(what string) error {
	if r.err == nil {
		r.err = read.ErrorAt(r.name, model.Pos{Line: 1, Col: 1}, "not handrec's JSON: "+what+
			"; handrec's JSON is an object that holds \"handrec\" and \"records\" (handrec reads PBN, LIN, its own JSON and deal diagrams)")
	}
	return r.err
}

// jsonKind names the JSON value that token t opens.
func jsonKind(t json.Token) string {
	switch v := t.(type) {
	case json.Delim:
		if v == '[' {
			return "an array"
		}
		return "an object"
	case string:
		return "a string"
	case float64, json.Number:
		return "a number"
	case bool:
		return "true or false"
	}
	return "null"
}

func (r *Reader) finishHeader() {
	if r.version == 2 {
		r.header = r.v2.header.ToHeader()
	}
}

func (r *Reader) delim(d json.Delim) error {
	t, err := r.dec.Token()
	if err != nil {
		return err
	}
	if t != d {
		return fmt.Errorf("want %q, found %v", rune(d), t)
	}
	return nil
}

// lineCounter passes its reader's bytes on and tells the line and column
// of an offset at or after the last one asked for. It keeps only the line
// ends not yet passed, so its memory is bounded by how far the JSON
// decoder reads ahead.
type lineCounter struct {
	r     io.Reader
	read  int64   // bytes passed on
	ends  []int64 // offsets of the line feeds read and not yet passed
	line  int     // the line of offset lineStart
	start int64   // offset of the first byte of that line
}

func (lc *lineCounter) Read(p []byte) (int, error) {
	n, err := lc.r.Read(p)
	for i := 0; i < n; {
		k := bytes.IndexByte(p[i:n], '\n')
		if k < 0 {
			break
		}
		lc.ends = append(lc.ends, lc.read+int64(i+k))
		i += k + 1
	}
	lc.read += int64(n)
	return n, err
}

// pos is the 1-based line and column (in bytes) of offset off.
func (lc *lineCounter) pos(off int64) model.Pos {
	i := 0
	for i < len(lc.ends) && lc.ends[i] < off {
		lc.line++
		lc.start = lc.ends[i] + 1
		i++
	}
	lc.ends = lc.ends[:copy(lc.ends, lc.ends[i:])]
	if off < lc.start {
		off = lc.start
	}
	return model.Pos{Line: lc.line, Col: int(off-lc.start) + 1}
}
