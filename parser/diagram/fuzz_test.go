package diagram_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"handrec/model"
	"handrec/parser"
	"handrec/parser/diagram"
	"handrec/parser/internal/readtest"
	"handrec/render"
)

// FuzzDiagram: any text reads without a panic, and what show prints of
// the records read reads back to records that print the same text.
// Seeded from the diagram tests' inputs, the column's forms with and
// without blank lines, and the samples as show prints them (and the book
// diagrams as given).
func FuzzDiagram(f *testing.F) {
	for _, c := range diagramCases {
		f.Add([]byte(c.src))
	}
	// the column's forms as given, and typed with no blank line between
	// the parts (the reader parts them by their lines)
	forms, _ := filepath.Glob("testdata/*.txt")
	for _, p := range forms {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
			f.Add(bytes.ReplaceAll(b, []byte("\n\n"), []byte("\n")))
		}
	}
	files, _ := filepath.Glob("../../samples/*")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		if filepath.Ext(p) == ".txt" {
			f.Add(b)
			continue
		}
		doc, err := parser.ReadAll(p, bytes.NewReader(b))
		if err != nil {
			continue
		}
		var text bytes.Buffer
		render.WriteText(&text, doc.Records, render.TextOptions{})
		f.Add(text.Bytes())
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rd := diagram.NewReader("fuzz.txt", bytes.NewReader(data))
		doc := readAllFrom(rd)
		readtest.NoInternalError(t, doc)
		if len(doc.Records) == 0 {
			return
		}
		var text1, text2 bytes.Buffer
		render.WriteText(&text1, doc.Records, render.TextOptions{})
		doc2 := readAllFrom(diagram.NewReader("fuzz2.txt", bytes.NewReader(text1.Bytes())))
		render.WriteText(&text2, doc2.Records, render.TextOptions{})
		doc3 := readAllFrom(diagram.NewReader("fuzz3.txt", bytes.NewReader(text2.Bytes())))
		var text3 bytes.Buffer
		render.WriteText(&text3, doc3.Records, render.TextOptions{})
		if text2.String() != text3.String() {
			t.Fatalf("show -> read -> show unstable:\n%s\n---\n%s", text2.String(), text3.String())
		}
	})
}

// readAllFrom reads every record rd gives, stopping at its first error.
func readAllFrom(rd parser.RecordReader) *model.Document {
	doc := &model.Document{}
	for {
		r, err := rd.Next()
		if err != nil {
			return doc
		}
		doc.Records = append(doc.Records, r)
	}
}
