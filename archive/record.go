package archive

import (
	"bytes"
	"compress/flate"
	"crypto/sha256"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"handrec/model"
	"handrec/model/jsonrec"
	"handrec/model/layout"
)

// The stored form of a game is the record as JSON 2 publishes it (package
// jsonrec, versioned, the form convert --to json writes), never the
// program's own structs: a change of the Go types changes no stored game.
//
//   - game.record holds the record's JSON 2 without where it was read
//     (source), its problems and its format's layout, followed, when it has
//     problems, by a second JSON value: the array of its problems.
//   - game_source.layout holds the layout of the record as that file gave
//     it ({"format": ..., "data": ...}, model.MarshalLayout), NULL for
//     none: only a writer of that format reads it, to give the file's
//     bytes back. It belongs to the link, so that one game met in a PBN
//     file and in a LIN file gives each file back as it was.
//   - game.hash, the game's identity, is the SHA-256 (first 16 bytes) of
//     the first JSON value: what the record says, bridge facts first (deal,
//     board, dealer, vulnerability, auction, play, contract, declarer,
//     result, event, players, room, scoring, date) and then the rest a
//     reader sees (commentary, notes, explanations, other tags, tables).
//     Two records that differ in any of these are two games; where they
//     were read, how their format laid them out and the problems this
//     program finds in them (whose messages change with the program) are
//     not part of a game's identity.
//
// Both blobs are compressed (compressBlob): a codec byte, then DEFLATE
// with a preset dictionary of JSON 2's common text, which a record of a
// kilobyte or two needs to compress well.

// codecDict1 is the preset dictionary of codec 1. It is part of the
// stored format: never change it, add a codec.
//
//go:embed dict1.txt
var codecDict1 []byte

const codecDeflateDict1 = 1

// compressor compresses blobs, reusing its buffers; one per goroutine.
type compressor struct {
	zw  *flate.Writer
	buf bytes.Buffer
}

func (c *compressor) compress(js []byte) ([]byte, error) {
	c.buf.Reset()
	c.buf.WriteByte(codecDeflateDict1)
	if c.zw == nil {
		var err error
		if c.zw, err = flate.NewWriterDict(&c.buf, flate.DefaultCompression, codecDict1); err != nil {
			return nil, err
		}
	} else {
		c.zw.Reset(&c.buf)
	}
	if _, err := c.zw.Write(js); err != nil {
		return nil, err
	}
	if err := c.zw.Close(); err != nil {
		return nil, err
	}
	return bytes.Clone(c.buf.Bytes()), nil
}

// inflater reads blobs, reusing its buffers.
type inflater struct {
	zr  io.ReadCloser
	buf bytes.Buffer
}

func (d *inflater) inflate(blob []byte) ([]byte, error) {
	if len(blob) == 0 || blob[0] != codecDeflateDict1 {
		return nil, errors.New("unknown codec")
	}
	src := bytes.NewReader(blob[1:])
	if d.zr == nil {
		d.zr = flate.NewReaderDict(src, codecDict1)
	} else if err := d.zr.(flate.Resetter).Reset(src, codecDict1); err != nil {
		return nil, err
	}
	d.buf.Reset()
	if _, err := d.buf.ReadFrom(d.zr); err != nil {
		return nil, err
	}
	return d.buf.Bytes(), nil
}

// storedRecord is a record in its stored form.
type storedRecord struct {
	record []byte   // game.record, compressed
	layout any      // game_source.layout, compressed; nil for none
	hash   [16]byte // game.hash
}

// recordEncoder makes the stored form of records; one per goroutine.
type recordEncoder struct {
	comp compressor
	buf  bytes.Buffer
	je   *json.Encoder
}

func newRecordEncoder() *recordEncoder {
	e := &recordEncoder{}
	e.je = json.NewEncoder(&e.buf)
	e.je.SetEscapeHTML(false)
	return e
}

// encode gives r's stored form.
func (e *recordEncoder) encode(r *model.Record) (s storedRecord, err error) {
	jr, err := jsonrec.FromRecord(r)
	if err != nil {
		return s, err
	}
	lay, probs := jr.Layout, jr.Problems
	jr.Source, jr.Layout, jr.Problems = jsonrec.RecordSource{}, nil, nil
	e.buf.Reset()
	if err := e.je.Encode(jr); err != nil {
		return s, err
	}
	sum := sha256.Sum256(bytes.TrimSuffix(e.buf.Bytes(), []byte{'\n'}))
	copy(s.hash[:], sum[:])
	if len(probs) > 0 {
		if err := e.je.Encode(probs); err != nil {
			return s, err
		}
	}
	if s.record, err = e.comp.compress(bytes.TrimSuffix(e.buf.Bytes(), []byte{'\n'})); err != nil {
		return s, err
	}
	if len(lay) > 0 && string(lay) != "null" {
		if s.layout, err = e.comp.compress(lay); err != nil {
			return s, err
		}
	}
	return s, nil
}

// recordDecoder reads stored records back; one per goroutine.
type recordDecoder struct {
	in inflater
}

// decode is the record stored as blob, with the layout stored as lay (nil
// for none).
func (d *recordDecoder) decode(blob, lay []byte) (*model.Record, error) {
	js, err := d.in.inflate(blob)
	if err != nil {
		return nil, fmt.Errorf("stored record: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(js))
	var jr jsonrec.Record
	if err := dec.Decode(&jr); err != nil {
		return nil, fmt.Errorf("stored record: %w", err)
	}
	if dec.More() {
		if err := dec.Decode(&jr.Problems); err != nil {
			return nil, fmt.Errorf("stored record's problems: %w", err)
		}
	}
	if lay != nil {
		lj, err := d.in.inflate(lay)
		if err != nil {
			return nil, fmt.Errorf("stored layout: %w", err)
		}
		jr.Layout = bytes.Clone(lj)
	}
	r, err := jr.ToRecord()
	if err != nil {
		return nil, fmt.Errorf("stored record: %w", err)
	}
	layout.LiftRepeats(r)
	return r, nil
}
