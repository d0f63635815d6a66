package export_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"handrec/export"
	"handrec/model"
	"handrec/parser"
)

// corpusFiles lists the PBN and LIN files of the shared corpus; it skips
// the test when the corpus is absent.
func corpusFiles(t *testing.T) []string {
	t.Helper()
	dir := "../../shared/corpus"
	if _, err := os.Stat(dir); err != nil {
		t.Skip("corpus absent")
	}
	var out []string
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		ext := strings.ToLower(filepath.Ext(p))
		if err == nil && !info.IsDir() && (ext == ".pbn" || ext == ".lin") {
			out = append(out, p)
		}
		return nil
	})
	return out
}

func writeDoc(t *testing.T, to string, doc *model.Document) []byte {
	t.Helper()
	var b bytes.Buffer
	var err error
	switch to {
	case "json":
		err = export.WriteJSON(&b, doc)
	case "pbn":
		err = export.WritePBN(&b, doc, export.PBNOptions{})
	case "lin":
		err = export.WriteLIN(&b, doc)
	}
	if err != nil {
		t.Fatalf("write %s: %v", to, err)
	}
	return b.Bytes()
}

func readDoc(t *testing.T, name string, b []byte) *model.Document {
	t.Helper()
	doc, err := parser.ReadAll(name, bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return doc
}

// TestJSONCorpus: JSON carries every record of every corpus file whole.
// Read back, a record equals the one written (model.Diff); the PBN and the
// LIN written from it are the bytes written from the source; and JSON ->
// PBN -> JSON and JSON -> LIN -> JSON are stable.
func TestJSONCorpus(t *testing.T) {
	t.Parallel()
	files := corpusFiles(t)
	games := 0
	unstable := map[string]int{}
	for _, f := range files {
		doc, err := parser.ReadFile(f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		js := writeDoc(t, "json", doc)
		if bad := linNames(t, js); len(bad) > 0 {
			t.Errorf("%s: the JSON holds LIN's own names: %v", f, bad)
		}
		back := readDoc(t, f+".json", js)
		if len(back.Records) != len(doc.Records) {
			t.Fatalf("%s: %d records, %d through JSON", f, len(doc.Records), len(back.Records))
		}
		for i := range doc.Records {
			if d := model.Diff(doc.Records[i], back.Records[i]); len(d) > 0 {
				t.Errorf("%s: record %d changed through JSON: %s", f, i+1, strings.Join(d, "; "))
			}
		}
		for _, to := range []string{"pbn", "lin"} {
			direct := writeDoc(t, to, doc)
			if via := writeDoc(t, to, back); !bytes.Equal(direct, via) {
				t.Errorf("%s: %s written from the JSON differs from %s written from the source", f, to, to)
			}
			if !bytes.Equal(direct, writeDoc(t, to, readDoc(t, f+"."+to, direct))) {
				// the target's own round trip is not stable (a fault of
				// that format's reader or writer, not of JSON's): JSON
				// cannot be stable through it
				unstable[to]++
				continue
			}
			j2 := writeDoc(t, "json", readDoc(t, f+"."+to, direct))
			j3 := writeDoc(t, "json", readDoc(t, f+"."+to, writeDoc(t, to, readDoc(t, f+".2.json", j2))))
			if !bytes.Equal(j2, j3) {
				t.Errorf("%s: JSON -> %s -> JSON is not stable", f, to)
			}
		}
		games += len(doc.Records)
	}
	t.Logf("%d files, %d records through JSON; files whose own PBN and LIN round trip is not stable: %v",
		len(files), games, unstable)
	if unstable["pbn"] != 0 {
		t.Errorf("%d files whose PBN changes when exported again, want 0", unstable["pbn"])
	}
}

// linNames lists the keys, tag names and comment kinds of a JSON document
// that begin with "lin" (but for the key "line" of a position): LIN's
// conventions belong to its layout, which names nothing after the format.
func linNames(t *testing.T, js []byte) []string {
	t.Helper()
	var doc any
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	var bad []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				// "line", of a position, is the one word that may
				if strings.HasPrefix(strings.ToLower(k), "lin") && k != "line" {
					bad = append(bad, "key "+k)
				}
				_, isTag := x["value"] // a tag's name, not a team's
				if s, ok := e.(string); ok && (k == "name" && isTag || k == "kind") && strings.HasPrefix(strings.ToLower(s), "lin") {
					bad = append(bad, k+" "+s)
				}
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(doc)
	return bad
}
