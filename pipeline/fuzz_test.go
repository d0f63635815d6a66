package pipeline_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"handrec/export"
	"handrec/model"
	"handrec/parser"
	"handrec/pipeline"
	"handrec/render"
)

// fuzzNames are the file names FuzzRecordPath reads its input as: the
// name is the reader's first guess at the format.
var fuzzNames = [3]string{"f.pbn", "f.lin", "f.json"}

// FuzzRecordPath runs every command's record path on fuzzed records, not
// only the readers: whatever the PBN, LIN or JSON reader makes of the
// input goes through show's board view (and its handviewer link), the
// deal sheet as text, HTML and PDF, the LIN, CSV, PBN and JSON writers,
// --rotate and score. It fails on any panic, and on a reader's internal
// error (a panic it recovered). Seeded from samples/ (as read and as
// JSON) and the inputs that made a command panic.
func FuzzRecordPath(f *testing.F) {
	files, _ := filepath.Glob("../samples/*")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		kind := uint8(0)
		if strings.HasSuffix(p, ".lin") {
			kind = 1
		}
		f.Add(b, kind)
		if doc, err := parser.ReadFile(p); err == nil {
			var js bytes.Buffer
			if export.WriteJSON(&js, doc) == nil {
				f.Add(js.Bytes(), uint8(2))
			}
		}
	}
	if b, err := os.ReadFile("../samples/full_play.pbn"); err == nil {
		// a Play tag that names no seat before cards
		for _, v := range []string{"?", "", "X"} {
			f.Add(bytes.Replace(b, []byte(`[Play "N"]`), []byte(`[Play "`+v+`"]`), 1), uint8(0))
		}
		// a character outside the BMP (fpdf panicked on one)
		f.Add(bytes.Replace(b, []byte(`[West "Lindqvist, P."]`), []byte(`[West "Ann 🂡 Smith"]`), 1), uint8(0))
	}
	// a stray CR in a deal
	f.Add([]byte("[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"N:QT65.K7642.AT7.J 932.JT5.Q932.875 J874.AQ\r.. 983..KT64\"]\n"), uint8(0))
	f.Add([]byte(`{"handrec":2,"records":[{"board":1,"play":{"leader":"","tricks":[["S6","S2","SJ","SA"]]}}]}`), uint8(2))
	f.Fuzz(func(t *testing.T, data []byte, kind uint8) {
		doc, err := parser.ReadAll(fuzzNames[kind%3], bytes.NewReader(data), parser.Workers(1))
		if err != nil {
			return
		}
		for _, r := range doc.Records {
			for _, p := range r.Problems {
				if strings.HasPrefix(p.Message, "internal error") {
					t.Fatalf("%v", p)
				}
			}
		}
		runRecordPath(t, doc)
	})
}

// runRecordPath gives doc's records to every command's record path.
func runRecordPath(t *testing.T, doc *model.Document) {
	var js bytes.Buffer
	check(t, "json", export.WriteJSON(&js, doc))
	check(t, "pbn", export.WritePBN(io.Discard, doc, export.PBNOptions{}))
	check(t, "pbn utf-8", export.WritePBN(io.Discard, doc, export.PBNOptions{UTF8: true}))
	check(t, "lin", export.WriteLIN(io.Discard, doc))
	check(t, "csv", export.WriteDocument(export.NewCSVWriter(io.Discard), doc))
	for _, format := range []string{"txt", "html", "pdf"} {
		sheet(t, format, doc.Records)
	}
	for _, r := range doc.Records {
		render.Text(r, render.TextOptions{})
		render.Text(r, render.TextOptions{Style: render.Style{ASCII: true, TenAsT: true, BookSeats: true}})
		export.HandviewerURL(r) // an error is an answer, not a fault
		for k := 1; k < 4; k++ {
			c := pipeline.Rotate(r, k)
			render.Text(c, render.TextOptions{})
			export.AppendPBN(nil, c)
		}
	}
	src := func(fn func(*model.Record) error) error {
		for _, r := range doc.Records {
			if err := fn(r); err != nil {
				return err
			}
		}
		return nil
	}
	check(t, "score", pipeline.Score(io.Discard, src, pipeline.ScoreOptions{}))
	check(t, "score --json", pipeline.Score(io.Discard, src, pipeline.ScoreOptions{JSON: true}))
}

// sheet puts recs on a deal sheet in format, with every part.
func sheet(t *testing.T, format string, recs []*model.Record) {
	s, err := render.NewSheet(format, io.Discard, render.SheetOptions{Result: true, Auction: true, Play: true})
	check(t, "sheet", err)
	for _, r := range recs {
		check(t, "sheet "+format, s.Add(r))
	}
	check(t, "sheet "+format, s.Close())
}

// check fails on an error of a writer that writes to memory: a record is
// never a reason for one.
func check(t *testing.T, what string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}
