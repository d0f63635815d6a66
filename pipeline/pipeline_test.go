package pipeline

import (
	"bytes"
	"strings"
	"testing"

	"handrec/model"
)

func TestTargetFormat(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, to, out, want, err string }{
		{"--to json", "json", "", "json", ""},
		{"a .PBN file", "", "x.PBN", "pbn", ""},
		{"--to lin over the file's .pbn", "lin", "x.pbn", "lin", ""},
		{"neither", "", "", "", ""},
		{"a .txt file", "", "x.txt", "txt", ""},
		{"a .doc file", "", "x.doc", "", `cannot write "doc" (pbn, lin, json, csv or txt)`},
		{"--to xml", "xml", "", "", `cannot write "xml" (pbn, lin, json, csv or txt)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, err := TargetFormat(c.to, c.out)
			got, msg := strings.ToLower(f.String()), ""
			if err != nil {
				msg = err.Error()
			}
			if got != c.want || msg != c.err {
				t.Errorf("TargetFormat(%q, %q) = %q, %q; want %q, %q", c.to, c.out, got, msg, c.want, c.err)
			}
		})
	}
}

// TestConvertSource: the first record's file gives the header, and its
// trailer only when every record comes from it.
func TestConvertSource(t *testing.T) {
	t.Parallel()
	recs := func(files ...string) Source {
		return func(fn func(*model.Record) error) error {
			for i, f := range files {
				if err := fn(&model.Record{File: f, Index: i + 1, Board: i + 1}); err != nil {
					return err
				}
			}
			return nil
		}
	}
	fileOf := func(path string) (File, error) {
		return File{Header: model.Header{Comments: []model.Comment{{Text: "head of " + path}}},
			Trailer: model.Trailer{Comments: []model.Comment{{Text: "tail of " + path}}}}, nil
	}
	for _, c := range []struct {
		name       string
		files      []string
		head, tail bool
	}{
		{"one file", []string{"a.pbn", "a.pbn"}, true, true},
		{"two files", []string{"a.pbn", "b.pbn"}, true, false},
		{"no record", nil, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := ConvertSource(NewWriter(&b, model.PBN, true), recs(c.files...), fileOf); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			if strings.Contains(out, "head of a.pbn") != c.head || strings.Contains(out, "tail of a.pbn") != c.tail {
				t.Errorf("%v: header %v, trailer %v in\n%s", c.files, c.head, c.tail, out)
			}
		})
	}
}
