package archive

import (
	"bytes"
	"compress/flate"
	"crypto/sha256"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"handrec/model"
	"handrec/parser"
)

// encodeModel writes the record's MarshalJSON itself, not through a
// json.Encoder (which scans the output again): the stored bytes and the
// hash a game is known by must be those the encoder gave, or re-importing
// would not find the games an archive holds. Every sample record, and one
// whose comment holds the characters an encoder may escape.
func TestModelBytes(t *testing.T) {
	files, _ := filepath.Glob("../samples/*")
	var recs []*model.Record
	for _, f := range files {
		if info, err := os.Stat(f); err != nil || info.IsDir() {
			continue
		}
		doc, err := parser.ReadFile(f)
		if err != nil {
			continue // not a hand record
		}
		recs = append(recs, doc.Records...)
	}
	// one with a problem, whose file encodeModel leaves out (the samples
	// have none)
	odd := model.NewRecord()
	odd.Board = 1
	odd.File = "odd.pbn"
	odd.Leading = []model.Comment{{Text: "<b>A&K</b> \u2665 \"quoted\"", Kind: model.CommentBrace}}
	odd.Errorf(model.Pos{Line: 1, Col: 2}, "x <y> & z")
	recs = append(recs, odd)
	if len(recs) < 20 {
		t.Fatalf("%d sample records", len(recs))
	}
	e := newEncoder(nil, false)
	for _, r := range recs {
		// the record as encodeModel stores it (rows.go), built apart
		// from r so that r keeps its problems' file
		c := *r
		c.File, c.Index = "", 0
		c.Problems = slices.Clone(r.Problems)
		for i := range c.Problems {
			c.Problems[i].File = ""
		}
		var buf bytes.Buffer
		je := json.NewEncoder(&buf)
		je.SetEscapeHTML(false)
		if err := je.Encode(&c); err != nil {
			t.Fatal(err)
		}
		want := bytes.TrimSuffix(buf.Bytes(), []byte{'\n'})
		blob, hash, err := e.encodeModel(r)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(flate.NewReader(bytes.NewReader(blob)))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s #%d: stored\n%s\nencoder\n%s", r.File, r.Index, got, want)
		}
		sum := sha256.Sum256(scrubPositions(bytes.Clone(want)))
		if !bytes.Equal(hash[:], sum[:16]) {
			t.Errorf("%s #%d: hash differs from the encoder's bytes'", r.File, r.Index)
		}
	}
}
