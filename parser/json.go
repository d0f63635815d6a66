package parser

import (
	"encoding/json"
	"fmt"
	"io"

	"handrec/model"
)

// JSONReader reads the JSON that export.WriteJSON writes, one record at a
// time: {"header": ..., "records": [...], "trailer": ..., "trailer_comments": ...}.
// Records are taken as they are, problems included, so that JSON -> model
// -> JSON is byte-identical.
type JSONReader struct {
	name     string
	dec      *json.Decoder
	header   model.Header
	trailer  []model.Directive
	comments []model.Comment
	state    int // 0 before "records", 1 in the records, 2 after
	err      error
}

// NewJSONReader reads JSON from src; name is used in errors.
func NewJSONReader(name string, src io.Reader) *JSONReader {
	return &JSONReader{name: name, dec: json.NewDecoder(src)}
}

// Header returns the document's header; it is complete once Next has
// returned the first record or io.EOF.
func (r *JSONReader) Header() model.Header { return r.header }

// Trailer returns the document's trailer, once Next has returned io.EOF.
func (r *JSONReader) Trailer() ([]model.Directive, []model.Comment) { return r.trailer, r.comments }

// Close does nothing: the reader holds no workers.
func (r *JSONReader) Close() {}

func (r *JSONReader) fail(err error) error {
	if r.err == nil {
		off := r.dec.InputOffset()
		r.err = fmt.Errorf("%s: json at byte %d: %w", r.name, off, err)
	}
	return r.err
}

// Next returns the next record, or io.EOF after the last.
func (r *JSONReader) Next() (*model.Record, error) {
	if r.err != nil {
		return nil, r.err
	}
	if r.state == 0 {
		if err := r.delim('{'); err != nil {
			return nil, r.fail(err)
		}
		if err := r.fields(); err != nil {
			return nil, err
		}
	}
	if r.state == 1 {
		if r.dec.More() {
			rec := new(model.Record)
			if err := r.dec.Decode(rec); err != nil {
				return nil, r.fail(err)
			}
			return rec, nil
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

// fields reads object members up to "records" (state 1) or the end (2).
func (r *JSONReader) fields() error {
	for r.dec.More() {
		t, err := r.dec.Token()
		if err != nil {
			return r.fail(err)
		}
		key, _ := t.(string)
		switch key {
		case "header":
			err = r.dec.Decode(&r.header)
		case "trailer":
			err = r.dec.Decode(&r.trailer)
		case "trailer_comments":
			err = r.dec.Decode(&r.comments)
		case "records":
			if err := r.delim('['); err != nil {
				return r.fail(err)
			}
			r.state = 1
			return nil
		default:
			var skip json.RawMessage
			err = r.dec.Decode(&skip)
		}
		if err != nil {
			return r.fail(err)
		}
	}
	if err := r.delim('}'); err != nil {
		return r.fail(err)
	}
	r.state = 2
	return nil
}

func (r *JSONReader) delim(d json.Delim) error {
	t, err := r.dec.Token()
	if err != nil {
		return err
	}
	if t != d {
		return fmt.Errorf("want %q, found %v", rune(d), t)
	}
	return nil
}
