package export_test

import (
	"bytes"
	"strings"
	"testing"

	"handrec/export"
	"handrec/parser"
)

// A record read from LIN goes to PBN by the PBN writer alone: the
// explanation becomes a note, the claim the Result, pauses leave no empty
// comments, and nothing is counted as dropped that PBN can carry.
func TestPBNWriterReadiesLINRecords(t *testing.T) {
	doc, err := parser.ReadFile("../samples/bbo_single.lin")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	pw := export.NewPBNWriter(&out, export.PBNOptions{UTF8: true})
	for _, r := range doc.Records {
		if err := pw.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := pw.Close(); err != nil {
		t.Fatal(err)
	}
	pbn := out.String()
	for _, want := range []string{
		"4H =1=",
		"[Note \"1:Namyats? No: a sound preempt, 7+ ♥\"]",
		"[Result \"9\"]",
		"{Ann: tough one}",
	} {
		if !strings.Contains(pbn, want) {
			t.Errorf("PBN lacks %q:\n%s", want, pbn)
		}
	}
	if strings.Contains(pbn, "{}") {
		t.Errorf("an empty comment was written:\n%s", pbn)
	}
	// this board pauses only where LIN's rule puts pauses, and its explained
	// call was alerted: PBN carries all of it
	if d := pw.Dropped(); len(d) != 0 {
		t.Errorf("dropped %v, want nothing", d.List())
	}
}
