package json_test

import (
	"io"
	"os"
	"strings"
	"testing"

	"handrec/layout"
	"handrec/model"
	"handrec/parser"
	"handrec/parser/json"
)

// JSON 1 (the model as handrec 1 wrote it) still reads.
func TestJSONVersion1(t *testing.T) {
	t.Parallel()
	f, err := os.Open("testdata/json1_notes_commentary.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := parser.ReadAll("json1.json", f)
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Records) != 2 || layout.HeaderOf(doc.Header) == nil || layout.HeaderOf(doc.Header).Version != "2.1" || doc.Header.Format != model.PBN {
		t.Fatalf("%d records, header %+v", len(doc.Records), doc.Header)
	}
	r := doc.Records[0]
	if c := r.Auction.Calls[7]; c.String() != "5C" {
		t.Errorf("call 8 is %s, want 5C", c)
	}
	// handrec 1 called a ; comment's kind "line": it is one of the
	// record's ";" comments in its PBN layout now
	if cs := r.Facts[model.FactDeal].Comments; len(cs) != 1 || !layout.Semicolons(r)[&cs[0]] {
		t.Errorf("the Deal tag's comments: %+v, layout %+v", cs, r.Layout)
	}
	if v := r.Event.Name; v != "Club teams, Thursday" || r.Contract.String() != "5D" || r.Result.Tricks != 11 {
		t.Errorf("event %q, contract %s, tricks %d", v, r.Contract, r.Result.Tricks)
	}
	// handrec 1 kept a PBN record's room as a tag only: it is the room now
	if v, ok := r.FactValue(model.FactRoom); r.Room != model.OpenRoom || v != "Open" || !ok || r.TagIndex("Room") >= 0 {
		t.Errorf("room %v, as written %q %v, tag at %d", r.Room, v, ok, r.TagIndex("Room"))
	}
}

// A record whose values do not fit is reported at its line and column,
// and the records after it are read.
func TestJSONBadRecordGoesOn(t *testing.T) {
	t.Parallel()
	in := `{"handrec":2,
"records":[
{"board":1,"contract":"4S","declarer":"N"},
  {"board":2,"contract":"9S"},
{"board":3,"dealer":7},
{"board":4,"contract":"3NT","declarer":"E","tricks":9}
]}
`
	rd := json.NewReader("in.json", strings.NewReader(in))
	var got []string
	for {
		r, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		s := r.Contract.String()
		for _, p := range r.Problems {
			s += " " + p.Error()
		}
		got = append(got, s)
	}
	want := []string{
		"4S",
		` in.json:4:3: json: record 2: contract: bad contract "9S"`,
		` in.json:5:1: json: record 3: cannot unmarshal number into Go struct field Record.dealer of type string`,
		"3NT",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Broken syntax stops the file with its line and column.
func TestJSONSyntaxError(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, in, want string }{
		{"a record's syntax", "{\"handrec\":2,\n\"records\":[\n{\"board\":1},\n{\"board\" 2}]}", `x.json:4:1: json: record 2: invalid character '2' after object key`},
		{"version 3", "{\"handrec\":3,\"records\":[]}", `x.json:1:13: json: handrec JSON version 3: this handrec reads versions 1 and 2`},
		{"cut short", "{\"handrec\":2,\"records\":[{\"board\":1}", `x.json:1:36: json: unexpected end of file`},
	} {
		t.Run(c.name, func(t *testing.T) {
			rd := json.NewReader("x.json", strings.NewReader(c.in))
			var err error
			for err == nil {
				_, err = rd.Next()
			}
			if err == io.EOF || err.Error() != c.want {
				t.Errorf("%q: got %v\nwant %s", c.in, err, c.want)
			}
		})
	}
}

// JSON that is not handrec's (endplay's array of boards, another program's
// object) is refused in one line that says what it is not, rather than
// read as a file of no record.
func TestJSONNotHandrecs(t *testing.T) {
	t.Parallel()
	const ours = "; handrec's JSON is an object that holds \"handrec\" and \"records\" (handrec reads PBN, LIN, its own JSON and deal diagrams)"
	for _, c := range []struct{ name, in, want string }{
		{"endplay's array of boards", `[{"board_num": 1, "dealer": "N", "deal": {"N": "AKQ.", "E": ""}, "auction": ["1NT", "P", "P", "P"]}]`, "x.json:1:1: not handrec's JSON: an array, not an object" + ours},
		{"another program's object", `{"boards": [], "version": 1}`, `x.json:1:1: not handrec's JSON: an object without "records" (its keys: "boards", "version")` + ours},
		{"a string", `"deal"`, "x.json:1:1: not handrec's JSON: a string, not an object" + ours},
		{"an empty object", `{}`, "x.json:1:1: not handrec's JSON: an empty object" + ours},
	} {
		t.Run(c.name, func(t *testing.T) {
			rd := json.NewReader("x.json", strings.NewReader(c.in))
			_, err := rd.Next()
			if err == nil || err == io.EOF || err.Error() != c.want {
				t.Errorf("%.30q: got %v\nwant %s", c.in, err, c.want)
			}
		})
	}
}

// handrec 1's header gave its comments their kind: a ";" one ("line") is
// one of the header's ";" comments in its PBN layout now.
func TestJSONVersion1HeaderKinds(t *testing.T) {
	t.Parallel()
	doc, err := parser.ReadAll("json1.json", strings.NewReader(`{"header":{"format":"pbn","comments":[`+
		`{"text":"a","kind":"brace"},{"text":"b","kind":"line"},{"text":"c","kind":"semicolon"}]},"records":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	if h := layout.HeaderOf(doc.Header); h == nil || len(h.Semicolons) != 2 || h.Semicolons[0] != 1 || h.Semicolons[1] != 2 {
		t.Errorf("header %+v, layout %+v", doc.Header, h)
	}
}
