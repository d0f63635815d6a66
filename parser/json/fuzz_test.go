package json_test

import (
	"bytes"
	"path/filepath"
	"testing"

	"handrec/export"
	"handrec/model"
	"handrec/parser"
)

// FuzzJSON: any input reads without a panic, and once written as JSON by
// handrec, JSON -> model -> JSON is stable byte for byte (the first write
// may normalise what a hand-made or JSON 1 input left out). Seeded from the
// samples written as JSON.
func FuzzJSON(f *testing.F) {
	files, _ := filepath.Glob("../../samples/*")
	for _, p := range files {
		doc, err := parser.ReadFile(p)
		if err != nil {
			continue
		}
		var b bytes.Buffer
		if export.WriteJSON(&b, doc) == nil {
			f.Add(b.Bytes())
		}
	}
	f.Add([]byte("\ufeff{\"records\":[{\"board\":1}]}"))
	f.Add([]byte(`{"header":{"format":"pbn"},"records":[],"trailer":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := parser.ReadAll("f.json", bytes.NewReader(data), parser.Workers(1))
		if err != nil || doc.Header.Format == model.LIN || parser.Format("f.json", data) != model.JSON {
			return // LIN and PBN are FuzzLIN's and FuzzPBN's ground
		}
		var out [3]bytes.Buffer
		for i := range out {
			if err := export.WriteJSON(&out[i], doc); err != nil {
				t.Fatal(err)
			}
			if doc, err = parser.ReadAll("f.json", bytes.NewReader(out[i].Bytes())); err != nil {
				t.Fatalf("%v\n%s", err, out[i].Bytes())
			}
		}
		if !bytes.Equal(out[1].Bytes(), out[2].Bytes()) {
			t.Fatalf("not stable:\n%s\n%s", out[1].Bytes(), out[2].Bytes())
		}
	})
}
