package lin_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"handrec/export"
	"handrec/model"
	"handrec/parser"
)

// TestLINCorpusJSONNamesNoLIN: every corpus LIN file converts to JSON, and
// the records' own JSON (as the archive stores it) has no key, tag name or
// comment kind that begins with "Lin" or "lin": LIN's conventions stay in
// the LIN layout, which the stored JSON carries, so that the records read
// back from it write the same LIN.
func TestLINCorpusJSONNamesNoLIN(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..", "..", "shared", "corpus", "lin")
	if _, err := os.Stat(root); err != nil {
		t.Skip("no corpus at", root)
	}
	files, records := 0, 0
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(strings.ToLower(p), ".lin") {
			return nil
		}
		doc, err := parser.ReadFile(p)
		if err != nil {
			return nil // not LIN (a saved server message): TestLINCorpus's ground
		}
		files++
		if err := export.WriteJSON(io.Discard, doc); err != nil {
			t.Errorf("%s: %v", p, err)
		}
		// the records as the archive keeps them, read back
		stored := &model.Document{Header: doc.Header, Trailer: doc.Trailer}
		for _, r := range doc.Records {
			records++
			b, err := json.Marshal(r)
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			var v any
			if err := json.Unmarshal(b, &v); err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			if what := linNamed(v, ""); what != "" {
				t.Errorf("%s record %d: %s", p, r.Index, what)
				return fs.SkipAll
			}
			back := new(model.Record)
			if err := json.Unmarshal(b, back); err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			stored.Records = append(stored.Records, back)
		}
		// the layout goes with the stored record: the LIN written from it
		// is the LIN written from the record read
		var want, got bytes.Buffer
		export.WriteLIN(&want, doc)
		export.WriteLIN(&got, stored)
		if !bytes.Equal(want.Bytes(), got.Bytes()) {
			t.Errorf("%s: LIN from the stored records differs: %.200q", p, firstDiff(got.Bytes(), want.Bytes()))
		}
		return nil
	})
	t.Logf("%d files, %d records", files, records)
}

// linName reports whether a name is LIN's: "Lin" or "lin" and then no
// lower-case letter ("LinVg", "lin|pg", "lin-nt"; not "line").
func linName(s string) bool {
	return len(s) >= 3 && strings.EqualFold(s[:3], "lin") && (len(s) == 3 || s[3] < 'a' || s[3] > 'z')
}

// linNamed finds in v a key, a tag's name or a comment's kind that is
// LIN's; in says under which key v is.
func linNamed(v any, in string) string {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if linName(k) {
				return "key " + k
			}
			if s, ok := x.(string); ok && (in == "tags" && k == "name" || in == "comments" && k == "kind") && linName(s) {
				return in + " " + k + " " + s
			}
			if what := linNamed(x, k); what != "" {
				return what
			}
		}
	case []any:
		for _, x := range v {
			if what := linNamed(x, in); what != "" {
				return what
			}
		}
	}
	return ""
}

// TestLINWithoutLayout: a record read from LIN whose layout is dropped (as
// a conversion drops it) is written from its fields alone, and reads back
// with the same fields, room and match.
func TestLINWithoutLayout(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("../../samples/*.lin")
	root := filepath.Join("..", "..", "..", "shared", "corpus", "lin")
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(strings.ToLower(p), ".lin") {
			files = append(files, p)
		}
		return nil
	})
	bad := 0
	for _, f := range files {
		doc, err := parser.ReadFile(f)
		if err != nil {
			continue
		}
		for _, r := range doc.Records {
			r.Layout = nil
		}
		var out bytes.Buffer
		if err := export.WriteLIN(&out, doc); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		back, err := parser.ReadAll(f, bytes.NewReader(out.Bytes()))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		var diffs []string
		for _, d := range docDiff(doc, back) {
			if !strings.Contains(d, ": layout ") {
				diffs = append(diffs, d)
			}
		}
		if len(diffs) > 0 {
			bad++
			if bad <= 5 {
				t.Errorf("%s: %q", f, first(diffs, 3))
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d files differ", bad, len(files))
	}
	t.Logf("%d files", len(files))
}

// TestLINEmptyCallThroughJSON: LIN's "mb||" is a call kept as written
// (an error), and its record goes through JSON whole: the JSON reader took
// the empty call FromRecord writes for an error of the record's own and
// lost its board, deal and contract.
func TestLINEmptyCallThroughJSON(t *testing.T) {
	t.Parallel()
	const lin = "md|3SAKQJHAKQDAKQC432,S432H432D432CAKQJ,S765H765D765C9876,|rh||ah|Board 11|sv|o|mb|p|mb||mb|p|\n"
	doc, err := parser.ReadAll("x.lin", strings.NewReader(lin))
	if err != nil {
		t.Fatal(err)
	}
	var js bytes.Buffer
	if err := export.WriteJSON(&js, doc); err != nil {
		t.Fatal(err)
	}
	back, err := parser.ReadAll("x.json", &js)
	if err != nil {
		t.Fatal(err)
	}
	r := back.Records[0]
	if r.Auction == nil {
		t.Fatalf("no auction read back: %v", r.Problems)
	}
	var calls []string
	for _, c := range r.Auction.Calls {
		calls = append(calls, fmt.Sprintf("%d %q", c.Kind, c.String()))
	}
	var problems []string
	for _, p := range r.Problems {
		problems = append(problems, p.Error())
	}
	got := fmt.Sprintf("board %d calls %s problems %q", r.Board, strings.Join(calls, ", "), problems)
	want := fmt.Sprintf(`board 11 calls %d "Pass", %d "", %d "Pass" problems ["x.lin:1:89: auction: unknown call \"\"; kept as written"]`,
		model.Pass, model.Other, model.Pass)
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
