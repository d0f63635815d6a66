package export_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"handrec/export"
	"handrec/layout"
	"handrec/model"
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
	t.Parallel()
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
	t.Parallel()
	// The samples are clean BBO files whose records keep no layout; the
	// layouts that matter (pauses, claims, kept commands) are the corpus's.
	if _, err := os.Stat("../../shared/corpus"); err != nil {
		t.Skip("../../shared/corpus absent: the samples' LIN records carry no layout to test")
	}
	files := []string{"../samples/bbo_single.lin", "../samples/vugraph_match.lin"}
	for _, f := range corpusFiles(t) {
		if isLINFile(f) {
			files = append(files, f)
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

// pbnBookkeeping is a PBN file, in export format, with all that only PBN's
// layouts keep: the version line, "% EXPORT", another escape line before
// the first game, a header block of "##" tags, and an escape line within
// a game.
const pbnBookkeeping = "% PBN 2.1\r\n% EXPORT\r\n% made by hand\r\n[Event \"##Club\"]\r\n[Site \"##Town\"]\r\n\r\n" +
	"[Event \"Club\"]\r\n% within the game\r\n[Site \"Town\"]\r\n[Date \"?\"]\r\n[Board \"1\"]\r\n" +
	"[West \"?\"]\r\n[North \"?\"]\r\n[East \"?\"]\r\n[South \"?\"]\r\n[Dealer \"N\"]\r\n[Vulnerable \"None\"]\r\n" +
	"[Deal \"N:AKQ2.KJ5.A73.Q85 T87.Q942.KJ4.J32 J543.A76.Q65.A97 96.T83.T982.KT64\"]\r\n" +
	"[Scoring \"?\"]\r\n[Declarer \"?\"]\r\n[Contract \"?\"]\r\n[Result \"?\"]\r\n\r\n"

// PBN's bookkeeping is PBN's layouts' alone: the reader puts the escape
// lines, version, "% EXPORT" and "##" tags there, the writer gives them
// back from there (PBN -> PBN and PBN -> JSON -> PBN byte for byte), and
// without the layouts it writes from the fields alone: its own first two
// lines, and none of the file's bookkeeping.
func TestPBNBookkeepingIsLayout(t *testing.T) {
	t.Parallel()
	doc, err := parser.ReadAll("b.pbn", strings.NewReader(pbnBookkeeping))
	if err != nil {
		t.Fatal(err)
	}
	ph := layout.HeaderOf(doc.Header)
	if ph == nil {
		t.Fatal("the header has no PBN layout")
	}
	if got := fmt.Sprintf("%s %v %q %q %q", ph.Version, ph.Export, ph.Directives[0].Text, ph.Tags[0].Name, ph.Tags[0].Value); got != `2.1 true " made by hand" "Event" "Club"` {
		t.Errorf("header layout: %s", got)
	}
	r := doc.Records[0]
	if ds := layout.Directives(r); len(ds) != 1 || ds[0].Text != " within the game" {
		t.Errorf("the game's escape lines: %+v", ds)
	}
	var out bytes.Buffer
	if err := export.WritePBN(&out, doc, export.PBNOptions{}); err != nil {
		t.Fatal(err)
	}
	if out.String() != pbnBookkeeping {
		t.Errorf("PBN -> PBN\n%q\nwant\n%q", out.String(), pbnBookkeeping)
	}
	var js bytes.Buffer
	if err := export.WriteJSON(&js, doc); err != nil {
		t.Fatal(err)
	}
	back, err := parser.ReadAll("b.json", &js)
	if err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := export.WritePBN(&out, back, export.PBNOptions{}); err != nil {
		t.Fatal(err)
	}
	if out.String() != pbnBookkeeping {
		t.Errorf("PBN -> JSON -> PBN\n%q\nwant\n%q", out.String(), pbnBookkeeping)
	}
	bare := &model.Document{Header: doc.Header, Records: withoutLayout(doc.Records)}
	bare.Header.Layout = nil
	out.Reset()
	if err := export.WritePBN(&out, bare, export.PBNOptions{}); err != nil {
		t.Fatal(err)
	}
	want := "% PBN 2.1\r\n% EXPORT\r\n" + pbnBookkeeping[strings.Index(pbnBookkeeping, "\r\n\r\n")+4:]
	want = strings.Replace(want, "% within the game\r\n", "", 1)
	if out.String() != want {
		t.Errorf("PBN without the layouts\n%q\nwant\n%q", out.String(), want)
	}
}
