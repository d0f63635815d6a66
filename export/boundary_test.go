package export_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"handrec/export"
	"handrec/model"
	"handrec/model/layout"
	"handrec/parser"
)

// pbnOf is the PBN the writer gives of records, each written as it is.
func pbnOf(t *testing.T, rs []*model.Record) string {
	t.Helper()
	var b bytes.Buffer
	pw := export.NewPBNWriter(&b, export.PBNOptions{})
	for _, r := range rs {
		if err := pw.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := pw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// withoutLayout is a copy of each record without its layout.
func withoutLayout(rs []*model.Record) []*model.Record {
	out := make([]*model.Record, len(rs))
	for i, r := range rs {
		out[i] = r.Clone()
		out[i].Layout = nil
	}
	return out
}

// boundaryLIN keeps a vg without its nine fields and a room, each with the
// commentary after it, an unknown command and a pause where the writer
// would put none.
const boundaryLIN = "vg|Odd,three|nt|about the match|pg||qx|o1|nt|open room notes|pg||st||" +
	"md|3S2345H2345D234C23,SJHJD9TJC56789TJQ,SAKQTHAKQTDAKQCAK,|sv|o|" +
	"mb|1N|at|hello|mb|p|pg||mb|p|mb|p|pc|s6|pg||\n"

// The PBN writer writes a record read from LIN from its fields alone: the
// write of a record carrying its LIN layout is the write of the
// same record with the layout removed, and the record keeps its layout.
// What the LIN layout held that is the record's (the commentary after a
// header value kept as written, a command no field holds) is the record's
// own now, so PBN carries it, and LIN -> LIN stays byte for byte.
func TestPBNWriterIgnoresLINLayout(t *testing.T) {
	doc, err := parser.ReadAll("b.lin", strings.NewReader(boundaryLIN))
	if err != nil {
		t.Fatal(err)
	}
	r := doc.Records[0]
	l, ok := r.Layout.(*layout.LIN)
	if !ok {
		t.Fatalf("layout %T, want LIN's", r.Layout)
	}
	before := *l
	got := pbnOf(t, doc.Records)
	if want := pbnOf(t, withoutLayout(doc.Records)); got != want {
		t.Errorf("PBN with the LIN layout:\n%s\nwithout:\n%s", got, want)
	}
	if r.Layout != model.Layout(l) || len(l.Marks) != len(before.Marks) || len(l.Heads) != len(before.Heads) {
		t.Errorf("the writer changed the record's layout: %+v, was %+v", l, before)
	}
	for _, want := range []string{"{about the match}", "[Room \"Open\"]\r\n{open room notes}", "1NT {at|hello|}"} {
		if !strings.Contains(got, want) {
			t.Errorf("PBN lacks %q:\n%s", want, got)
		}
	}
	var lin bytes.Buffer
	if err := export.WriteLIN(&lin, doc); err != nil {
		t.Fatal(err)
	}
	// as main wrote it before the commentary and the command left the
	// layout: the writer's own lines, rs and hands, and everything kept
	const wantLIN = "vg|Odd,three|nt|about the match|pg||rs|,|\r\n\r\nqx|o1|nt|open room notes|pg||\r\n" +
		"st||md|3S5432H5432D432C32,SJHJDJT9CQJT98765,SAKQTHAKQTDAKQCAK,S9876H9876D8765C4|sv|o|" +
		"mb|1N|at|hello|mb|p|pg||\r\nmb|p|mb|p|pc|s6|pg||\r\n"
	if lin.String() != wantLIN {
		t.Errorf("LIN -> LIN\n%q\nwant\n%q", lin.String(), wantLIN)
	}
}

// Every LIN sample and corpus file writes as PBN the same with its records'
// LIN layouts and without them.
func TestPBNWriterIgnoresLINLayoutCorpus(t *testing.T) {
	files := []string{"../samples/bbo_single.lin", "../samples/vugraph_match.lin"}
	if _, err := os.Stat("../../shared/corpus"); err == nil {
		for _, f := range corpusFiles(t) {
			if isLINFile(f) {
				files = append(files, f)
			}
		}
	}
	laid := 0
	for _, f := range files {
		doc, err := parser.ReadFile(f)
		if err != nil && doc == nil {
			t.Fatal(err)
		}
		for _, r := range doc.Records {
			if r.Layout != nil {
				laid++
			}
		}
		if got, want := pbnOf(t, doc.Records), pbnOf(t, withoutLayout(doc.Records)); got != want {
			t.Errorf("%s: PBN with the LIN layouts differs from PBN without", f)
		}
	}
	if laid == 0 {
		t.Fatal("no record had a LIN layout: the test holds nothing")
	}
}
