package export

import (
	"bufio"
	"encoding/json"
	"io"

	"handrec/jsonrec"
	"handrec/model"
)

// JSONWriter writes one JSON document of handrec's JSON 2 (package
// jsonrec, described by docs/handrec.schema.json): {"handrec": 2,
// "source": ..., "records": [...], "trailer": ...}, one record a line so
// that it streams.
type JSONWriter struct {
	w       *bufio.Writer
	n       int
	started bool
	err     error
}

// NewJSONWriter writes JSON to w; Close ends the document.
func NewJSONWriter(w io.Writer) *JSONWriter { return &JSONWriter{w: bufio.NewWriterSize(w, 64<<10)} }

// WriteHeader starts the document with the source's header.
func (jw *JSONWriter) WriteHeader(h model.Header) error {
	if jw.started {
		return nil
	}
	jw.started = true
	b, err := json.Marshal(jsonrec.FromHeader(h))
	if err != nil {
		return err
	}
	b = jsonrec.EscapeC1(b)
	// the header's members, then the records in the same object
	jw.w.Write(b[:len(b)-1])
	_, err = jw.w.WriteString(",\n\"records\":[")
	return err
}

// Write adds one record.
func (jw *JSONWriter) Write(r *model.Record) error {
	if !jw.started {
		if err := jw.WriteHeader(model.Header{}); err != nil {
			return err
		}
	}
	jr, err := jsonrec.FromRecord(r)
	if err != nil {
		return err
	}
	b, err := json.Marshal(jr)
	if err != nil {
		return err
	}
	b = jsonrec.EscapeC1(b)
	if jw.n > 0 {
		jw.w.WriteByte(',')
	}
	jw.n++
	jw.w.WriteByte('\n')
	_, err = jw.w.Write(b)
	return err
}

// Dropped is empty: JSON carries every field and layout of a record.
func (jw *JSONWriter) Dropped() Drops { return Drops{} }

// WriteTrailer records what followed the last record.
func (jw *JSONWriter) WriteTrailer(tr model.Trailer) error {
	if !jw.started {
		if err := jw.WriteHeader(model.Header{}); err != nil {
			return err
		}
	}
	jw.w.WriteString("\n]")
	if t := jsonrec.FromTrailer(tr); len(t.Directives) > 0 || len(t.Comments) > 0 {
		b, _ := json.Marshal(t)
		b = jsonrec.EscapeC1(b)
		jw.w.WriteString(",\n")
		jw.w.Write(b[1 : len(b)-1])
	}
	jw.w.WriteString("}\n")
	jw.err = jw.w.Flush()
	jw.started = false
	jw.n = -1
	return jw.err
}

// Close ends the document (if WriteTrailer has not) and flushes it.
func (jw *JSONWriter) Close() error {
	if jw.n >= 0 {
		if err := jw.WriteTrailer(model.Trailer{}); err != nil {
			return err
		}
	}
	return jw.w.Flush()
}

// WriteJSON writes a whole document.
func WriteJSON(w io.Writer, doc *model.Document) error {
	return WriteDocument(NewJSONWriter(w), doc)
}
