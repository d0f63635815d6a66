package export_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"handrec/export"
	"handrec/layout"
	"handrec/model"
	"handrec/parser"
)

// pbnFiles lists the PBN files under dir; none when dir is absent.
func pbnFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && strings.EqualFold(filepath.Ext(p), ".pbn") {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// roundTrip checks parse, export, parse gives an equal model, and that
// exporting the export reproduces it byte for byte.
func roundTrip(t *testing.T, path string) int {
	t.Helper()
	doc, err := parser.ReadFile(path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var out bytes.Buffer
	if err := export.WritePBN(&out, doc, export.PBNOptions{}); err != nil {
		t.Fatalf("%s: export: %v", path, err)
	}
	doc2, err := parser.ReadAll(path+" (exported)", bytes.NewReader(out.Bytes()))
	if err != nil {
		t.Fatalf("%s: re-read: %v", path, err)
	}
	if len(doc2.Records) != len(doc.Records) {
		t.Fatalf("%s: %d records, %d after export", path, len(doc.Records), len(doc2.Records))
	}
	for i := range doc.Records {
		if d := model.Diff(doc.Records[i], doc2.Records[i]); len(d) > 0 {
			t.Errorf("%s: game %d (line %d) changed in export: %s", path, i+1, doc.Records[i].Pos.Line, strings.Join(d, "; "))
		}
		// the escape lines are PBN's layout, which Diff does not compare
		if !equalDirectives(layout.Directives(doc.Records[i]), layout.Directives(doc2.Records[i])) {
			t.Errorf("%s: game %d (line %d): escape lines changed in export", path, i+1, doc.Records[i].Pos.Line)
		}
	}
	if !equalDirectives(headerDirectives(doc.Header), headerDirectives(doc2.Header)) {
		t.Errorf("%s: header directives changed", path)
	}
	var again bytes.Buffer
	if err := export.WritePBN(&again, doc2, export.PBNOptions{}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), again.Bytes()) {
		t.Errorf("%s: export is not idempotent", path)
	}
	return len(doc.Records)
}

// headerDirectives are the escape lines of h's PBN layout.
func headerDirectives(h model.Header) []layout.Directive {
	if ph := layout.HeaderOf(h); ph != nil {
		return ph.Directives
	}
	return nil
}

func equalDirectives(a, b []layout.Directive) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Text != b[i].Text {
			return false
		}
	}
	return true
}

func TestRoundTripSamples(t *testing.T) {
	t.Parallel()
	files := pbnFiles(t, "../samples")
	if len(files) == 0 {
		t.Fatal("no samples")
	}
	for _, f := range files {
		roundTrip(t, f)
	}
}

func TestRoundTripCorpus(t *testing.T) {
	t.Parallel()
	dir := "../../shared/corpus/pbn"
	if _, err := os.Stat(dir); err != nil {
		t.Skip("corpus absent")
	}
	n := 0
	files := pbnFiles(t, dir)
	for _, f := range files {
		n += roundTrip(t, f)
	}
	t.Logf("%d files, %d games: parse, export, parse equal and export idempotent", len(files), n)
}
