package archive

import (
	"bytes"
	"compress/flate"
	"crypto/sha256"
	_ "embed"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/klauspost/compress/zstd"

	"handrec/jsonrec"
	"handrec/layout"
	"handrec/model"
)

// The stored form of a game is the record as JSON 2 publishes it (package
// jsonrec, versioned, the form convert --to json writes), never the
// program's own structs: a change of the Go types changes no stored game.
//
//   - game.record holds the record's JSON 2 without where it was read
//     (source), its problems and its format's layout, followed, when it has
//     problems, by a second JSON value: the array of its problems. In the
//     row form (rowform.go) the JSON leaves out what the game's row holds.
//   - game_source.layout holds the layout of the record as that file gave
//     it ({"format": ..., "data": ...}, model.MarshalLayout), NULL for
//     none: only a writer of that format reads it, to give the file's
//     bytes back. It belongs to the link, so that one game met in a PBN
//     file and in a LIN file gives each file back as it was.
//   - game.hash, the game's identity, is the SHA-256 (first 16 bytes) of
//     the first JSON value, whole: what the record says, bridge facts
//     first (deal, board, dealer, vulnerability, auction, play, contract,
//     declarer, result, event, players, room, scoring, date) and then the
//     rest a reader sees (commentary, notes, explanations, other tags,
//     tables). Two records that differ in any of these are two games;
//     where they were read, how their format laid them out and the
//     problems this program finds in them (whose messages change with the
//     program) are not part of a game's identity.
//
// A blob is a codec byte and what that codec made of the JSON (packed):
// codecDeflateDict1, DEFLATE with a preset dictionary of JSON 2's common
// text (every blob until schema version 20); codecPlain, the JSON as it
// is, for a short one, which compression would not shorten by much and
// costs a reset of the compressor; codecZstdDict1, Zstandard with the
// same dictionary as raw content, without the frame's magic number. A
// record in the row form starts with formRow and its flags (a uvarint),
// then the packed JSON.

// codecDict1 is the preset dictionary of codecs 1 and 3. It is part of
// the stored format: never change it, add a codec.
//
//go:embed dict1.txt
var codecDict1 []byte

// Codecs of a blob: never change or reuse one, add codecs.
const (
	codecDeflateDict1 = 1
	codecPlain        = 2
	codecZstdDict1    = 3
)

// formRow starts a record in the row form; a record stored whole starts
// with its codec.
const formRow = 0x20

// plainBelow is the length under which JSON is stored as it is.
const plainBelow = 128

// zstdDictID names dict1 in a Zstandard frame.
const zstdDictID = 1

var zstdMagic = []byte{0x28, 0xb5, 0x2f, 0xfd}

// zstdCodecs are the Zstandard encoder and decoder of codec 3.
type zstdCodecs struct {
	enc *zstd.Encoder
	dec *zstd.Decoder
}

// zstdCodec gives the Zstandard encoder and decoder of codec 3, made once:
// both are safe for use by many goroutines at once, and each has the
// dictionary ready, where DEFLATE reads it again for every blob.
var zstdCodec = sync.OnceValues(func() (zstdCodecs, error) {
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest),
		zstd.WithEncoderDictRaw(zstdDictID, codecDict1), zstd.WithEncoderConcurrency(1),
		zstd.WithEncoderCRC(false), zstd.WithZeroFrames(true), zstd.WithLowerEncoderMem(true))
	if err != nil {
		return zstdCodecs{}, err
	}
	dec, err := zstd.NewReader(nil, zstd.WithDecoderDictRaw(zstdDictID, codecDict1),
		zstd.WithDecoderConcurrency(0), zstd.WithDecoderLowmem(true))
	return zstdCodecs{enc, dec}, err
})

// compressor packs blobs, reusing its buffers; one per goroutine.
type compressor struct {
	out []byte
}

// pack appends to dst the codec byte and the packed js.
func (c *compressor) pack(dst, js []byte) ([]byte, error) {
	if len(js) < plainBelow {
		return append(append(dst, codecPlain), js...), nil
	}
	z, err := zstdCodec()
	if err != nil {
		return nil, err
	}
	c.out = z.enc.EncodeAll(js, c.out[:0])
	if !bytes.HasPrefix(c.out, zstdMagic) {
		return nil, errors.New("zstd: no magic number")
	}
	return append(append(dst, codecZstdDict1), c.out[len(zstdMagic):]...), nil
}

// compress is js packed as a blob of its own.
func (c *compressor) compress(js []byte) ([]byte, error) {
	return c.pack(nil, js)
}

// compressDeflate is js as a blob of codec 1, as archives stored every
// blob until schema version 20; for tests of archives of those versions.
func compressDeflate(js []byte) ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte(codecDeflateDict1)
	zw, err := flate.NewWriterDict(&b, flate.DefaultCompression, codecDict1)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(js); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// inflater reads blobs, reusing its buffers.
type inflater struct {
	zr    io.ReadCloser
	buf   bytes.Buffer
	frame []byte
	out   []byte
}

// inflate is the JSON blob holds, packed by codec blob[0]; it is valid
// until the next call.
func (d *inflater) inflate(blob []byte) ([]byte, error) {
	if len(blob) == 0 {
		return nil, errors.New("empty blob")
	}
	switch blob[0] {
	case codecPlain:
		return blob[1:], nil
	case codecZstdDict1:
		z, err := zstdCodec()
		if err != nil {
			return nil, err
		}
		d.frame = append(append(d.frame[:0], zstdMagic...), blob[1:]...)
		d.out, err = z.dec.DecodeAll(d.frame, d.out[:0])
		return d.out, err
	case codecDeflateDict1:
	default:
		return nil, fmt.Errorf("unknown codec %d", blob[0])
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
	record []byte   // game.record
	layout any      // game_source.layout, packed; nil for none
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

// encode gives r's stored form: in the row form when row gives the
// values of its game's row (the JSON then leaves out what they give
// back), else whole.
func (e *recordEncoder) encode(r *model.Record, row *rowFacts) (s storedRecord, err error) {
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
	var head []byte
	if row != nil {
		flags := stripRow(jr, r, row)
		head = binary.AppendUvarint(append(make([]byte, 0, 64), formRow), flags)
		e.buf.Reset()
		if err := e.je.Encode(jr); err != nil {
			return s, err
		}
	}
	if len(probs) > 0 {
		if err := e.je.Encode(probs); err != nil {
			return s, err
		}
	}
	if s.record, err = e.comp.pack(head, bytes.TrimSuffix(e.buf.Bytes(), []byte{'\n'})); err != nil {
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
// for none), and the values of its game's row (nil when blob is whole).
func (d *recordDecoder) decode(blob, lay []byte, row *rowFacts) (*model.Record, error) {
	var flags uint64
	if len(blob) > 0 && blob[0] == formRow {
		var n int
		if flags, n = binary.Uvarint(blob[1:]); n <= 0 {
			return nil, errors.New("stored record: bad flags")
		}
		blob = blob[1+n:]
		if flags != 0 && row == nil {
			return nil, errors.New("stored record: read without its row")
		}
	}
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
	if flags != 0 {
		if err := fillRow(&jr, flags, row); err != nil {
			return nil, fmt.Errorf("stored record: %w", err)
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
