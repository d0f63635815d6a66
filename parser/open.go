package parser

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"

	"handrec/model"
	"handrec/parser/diagram"
	"handrec/parser/internal/read"
	"handrec/parser/json"
	"handrec/parser/lin"
	"handrec/parser/pbn"
)

// RecordReader streams the records of one file, whatever its format.
type RecordReader interface {
	// Next returns the next record, or io.EOF after the last.
	Next() (*model.Record, error)
	// Header is what the file says before its first record.
	Header() model.Header
	// Trailer is what follows the last record.
	Trailer() model.Trailer
	// Close stops any work in progress.
	Close()
}

// Format tells what a text is by its content: PBN, LIN or JSON, a deal
// diagram (TXT: two lines or more that give a suit's cards, and none of
// the others), or NoFormat when it is none of them. Open breaks a tie by the name: text
// that is none of the three is taken for the format its extension says,
// so that the reader of that format reports what is wrong with it.
func Format(name string, head []byte) model.Format {
	b := bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	i := 0
	for i < len(b) && lin.IsBlank(b[i]) {
		i++
	}
	if i == len(b) {
		return model.PBN // empty: an empty PBN file
	}
	switch c := b[i]; {
	case c == '{':
		k := i + 1
		for k < len(b) && lin.IsBlank(b[k]) {
			k++
		}
		if k < len(b) && b[k] == '"' || k < len(b) && b[k] == '}' {
			return model.JSON
		}
		return model.PBN
	case c == '[':
		// a tag opens [Name, a blank before it at most; an array of
		// objects or arrays (endplay writes its boards as one) is JSON,
		// and so is any array in a file named .json
		k := i + 1
		for k < len(b) && lin.IsBlank(b[k]) {
			k++
		}
		if k < len(b) && (b[k] == '{' || b[k] == '[') || strings.EqualFold(filepath.Ext(name), ".json") {
			return model.JSON
		}
		return model.PBN
	case c == '%' || c == ';':
		return model.PBN
	}
	// LIN: a code of letters (and digits after the first), then "|"
	k := i
	for k < len(b) && k-i <= 3 && (b[k] >= 'a' && b[k] <= 'z' || b[k] >= 'A' && b[k] <= 'Z' || k > i && b[k] >= '0' && b[k] <= '9') {
		k++
	}
	if k > i && k-i <= 3 && k < len(b) && b[k] == '|' {
		return model.LIN
	}
	if diagram.Detect(b) {
		return model.TXT
	}
	return model.NoFormat
}

// Open returns a reader for src; name is used in positions. The format is
// told from the content (PBN, LIN, JSON or a deal diagram), after a UTF-8
// byte-order mark, which any of them may start with. Lines that end in CR
// alone (old Mac programs) are read as lines. Content that is none of the
// four formats is
// handed to the reader the file name's extension names (which reports it),
// else to the PBN reader; when that finds no record, Next says that the
// file holds no hand record. Binary content (a NUL byte) is refused at once.
func Open(name string, src io.Reader, opts ...Option) (RecordReader, error) {
	br := bufio.NewReaderSize(src, 64<<10)
	head, err := br.Peek(4096)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, err
	}
	if bytes.HasPrefix(head, bom) {
		br.Discard(len(bom))
		head = head[len(bom):]
	}
	var in io.Reader = br
	if bytes.IndexByte(head, '\r') >= 0 && bytes.IndexByte(head, '\n') < 0 {
		in = crLines{br}
		head = bytes.ReplaceAll(head, []byte("\r"), []byte("\n"))
	}
	if k := bytes.IndexByte(head, 0); k >= 0 {
		return nil, read.ErrorAt(name, posIn(head, k), "no hand record found: a NUL byte, so not a text file (PBN, LIN, JSON or a deal diagram)")
	}
	f := Format(name, head)
	guessed := f == model.NoFormat
	if guessed {
		switch strings.ToLower(filepath.Ext(name)) {
		case ".lin":
			f = model.LIN
		case ".json":
			f = model.JSON
		default:
			f = model.PBN
		}
	}
	var rd RecordReader
	switch f {
	case model.LIN:
		rd = lin.NewReader(name, in, opts...)
	case model.JSON:
		rd = json.NewReader(name, in)
	case model.TXT:
		rd = diagram.NewReader(name, in)
	default:
		rd = pbn.NewReader(name, in, opts...)
		if guessed {
			rd = &anyRecord{RecordReader: rd, name: name}
		}
	}
	return derived{rd}, nil
}

// derived gives each record the contract and the declarer it does not
// give but its auction or its lead does (model.DeriveContract): a rule of
// every format, applied here once, after the format's reader has read and
// checked the record.
type derived struct{ RecordReader }

func (d derived) Next() (*model.Record, error) {
	rec, err := d.RecordReader.Next()
	if rec != nil {
		model.DeriveContract(rec)
	}
	return rec, err
}

var bom = []byte("\xef\xbb\xbf")

// posIn is the position of byte k of the start of a file.
func posIn(head []byte, k int) model.Pos {
	line := 1 + bytes.Count(head[:k], []byte{'\n'})
	return model.Pos{Line: line, Col: k - bytes.LastIndexByte(head[:k], '\n')}
}

// crLines reads a file whose lines end in CR alone as lines that end in LF.
type crLines struct{ r io.Reader }

func (c crLines) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	for i, b := range p[:n] {
		if b == '\r' {
			p[i] = '\n'
		}
	}
	return n, err
}

// TrailerProblems are the faults rd found after its last record, which no
// record holds (a PBN comment not closed that runs to the end of the
// file); nil for a reader that has none, or before it returned io.EOF.
func TrailerProblems(rd RecordReader) []model.Problem {
	if d, ok := rd.(derived); ok {
		rd = d.RecordReader
	}
	if a, ok := rd.(*anyRecord); ok {
		rd = a.RecordReader
	}
	if t, ok := rd.(interface{ TrailerProblems() []model.Problem }); ok {
		return t.TrailerProblems()
	}
	return nil
}

// anyRecord reads a file whose start is no known format: when it ends
// without a record, it was no hand record at all.
type anyRecord struct {
	RecordReader
	name string
	n    int
}

func (a *anyRecord) Next() (*model.Record, error) {
	rec, err := a.RecordReader.Next()
	if err == nil {
		a.n++
	}
	if err == io.EOF && a.n == 0 {
		return nil, read.ErrorAt(a.name, model.Pos{Line: 1, Col: 1}, "no hand record found: the file is not PBN, LIN, JSON or a deal diagram")
	}
	return rec, err
}

// ReadAll reads a whole stream into a document.
func ReadAll(name string, src io.Reader, opts ...Option) (*model.Document, error) {
	rd, err := Open(name, src, opts...)
	if err != nil {
		return nil, err
	}
	defer rd.Close()
	doc := &model.Document{}
	for {
		rec, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			doc.Header = rd.Header()
			return doc, err
		}
		doc.Records = append(doc.Records, rec)
	}
	doc.Header = rd.Header()
	doc.Trailer = rd.Trailer()
	return doc, nil
}

// ReadFile reads a whole file into a document.
func ReadFile(path string, opts ...Option) (*model.Document, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadAll(path, f, opts...)
}
