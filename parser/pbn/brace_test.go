package pbn_test

import (
	"reflect"
	"strings"
	"testing"

	"handrec/layout"
	"handrec/model"
	"handrec/parser"
)

// braceCases: a brace comment not closed is ended by the end of the file or
// by a line that opens like a tag pair, and is an error at its "{" that
// says how many lines it took and what ended it; the games after it are
// read, and its text is kept as read. A semi-empty line inside it ends its
// game before the tag line (its last run of them: the lines after it, an
// escape line here, go with the next game).
var braceCases = []struct {
	name, src string
	records   int
	probs     []string
	comments  [][]string // each record's comment texts, in order
	header    []string   // the file's comments before its first game
	directive string     // the last record's first escape line
}{
	{name: "four games, the first's { never closed",
		src: "[Event \"e\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n" + deal1 + "\n[Auction \"N\"]\n1S {strong, and then Pass Pass Pass\n" +
			"\n[Event \"e\"]\n[Board \"2\"]\n\n[Event \"e\"]\n[Board \"3\"]\n\n[Event \"e\"]\n[Board \"4\"]\n",
		records:  4,
		probs:    []string{`b.pbn:7:4: comment "{" not closed: it runs 1 line, up to the tag pair on line 9, which ends it; the tags and games from there on are read`},
		comments: [][]string{{"strong, and then Pass Pass Pass\n"}, nil, nil, nil}},
	{name: "a { line before two games",
		src:      "{\n[Event \"e\"]\n[Board \"1\"]\n\n[Event \"e\"]\n[Board \"2\"]\n",
		records:  2,
		probs:    []string{`b.pbn:1:1: comment "{" not closed: it runs 1 line, up to the tag pair on line 2, which ends it; the tags and games from there on are read`},
		comments: [][]string{{"\n"}, nil}},
	{name: "a { line and a blank line before two games",
		src:      "{\n\n[Event \"e\"]\n[Board \"1\"]\n\n[Event \"e\"]\n[Board \"2\"]\n",
		records:  2,
		probs:    []string{`b.pbn:1:1: comment "{" not closed: it runs 1 line, up to the tag pair on line 3, which ends it; the tags and games from there on are read`},
		comments: [][]string{nil, nil}, header: []string{"\n"}},
	{name: "to the end of the file",
		src:      "[Event \"e\"]\n[Board \"1\"]\n{abc\nline two\n",
		records:  1,
		probs:    []string{`b.pbn:3:1: comment "{" not closed: it runs 2 lines, to the end of the file`},
		comments: [][]string{{"abc\nline two\n"}}},
	{name: "to the end of the file, no line break",
		src:      "[Board \"1\"]\n{abc",
		records:  1,
		probs:    []string{`b.pbn:2:1: comment "{" not closed: it runs 1 line, to the end of the file`},
		comments: [][]string{{"abc"}}},
	{name: "a tag of the same game ends it",
		src:      "[Board \"1\"]\n{note\r\n[Dealer \"N\"]\n",
		records:  1,
		probs:    []string{`b.pbn:2:1: comment "{" not closed: it runs 1 line, up to the tag pair on line 3, which ends it; the tags and games from there on are read`},
		comments: [][]string{{"note\n"}}},
	{name: "paragraphs, then an escape line and a game",
		src:       "[Board \"1\"]\n{p1\n\np2\n\n \n%x\n[Board \"2\"]\n",
		records:   2,
		probs:     []string{`b.pbn:2:1: comment "{" not closed: it runs 3 lines, up to the tag pair on line 8, which ends it; the tags and games from there on are read`},
		comments:  [][]string{{"p1\n\np2\n"}, nil},
		directive: "x"},
	{name: "a closed comment that holds a tag line",
		src:     "[Board \"1\"]\n{a\n[Dealer \"N\"]\nb}\n",
		records: 1,
		probs: []string{`b.pbn:2:1: comment "{" not closed: it runs 1 line, up to the tag pair on line 3, which ends it; the tags and games from there on are read`,
			`b.pbn:4:1: unexpected "b" outside a section; kept as a comment`,
			`b.pbn:4:2: unexpected "}" outside a section; kept as a comment`},
		comments: [][]string{{"a\n", "b", "}"}}},
	{name: "lines that open like no tag pair",
		src:      "[Board \"1\"]\n{a\n[not a tag]\n [Event \"x\"]\n[Event\"x\"]\n%x\n\nb}\n",
		records:  1,
		comments: [][]string{{"a\n[not a tag]\n [Event \"x\"]\n[Event\"x\"]\n%x\n\nb"}}},
}

func TestUnclosedBrace(t *testing.T) {
	t.Parallel()
	for _, c := range braceCases {
		t.Run(c.name, func(t *testing.T) {
			for _, w := range []int{1, 3} {
				doc, err := parser.ReadAll("b.pbn", strings.NewReader(c.src), parser.Workers(w))
				if err != nil {
					t.Fatalf("%s: %v", c.name, err)
				}
				var probs []string
				var comments [][]string
				for _, r := range doc.Records {
					probs = append(probs, problems(r)...)
					comments = append(comments, commentTexts(r))
				}
				if len(doc.Records) != c.records || !reflect.DeepEqual(probs, c.probs) || !reflect.DeepEqual(comments, c.comments) {
					t.Errorf("%s, %d workers: %d records, problems %q, comments %q\nwant %d, %q, %q", c.name, w,
						len(doc.Records), probs, comments, c.records, c.probs, c.comments)
				}
				var header []string
				for _, cm := range doc.Header.Comments {
					header = append(header, cm.Text)
				}
				if !reflect.DeepEqual(header, c.header) {
					t.Errorf("%s: the file's comments %q, want %q", c.name, header, c.header)
				}
				if c.directive != "" {
					last := doc.Records[len(doc.Records)-1]
					if ds := layout.Directives(last); len(ds) == 0 || ds[0].Text != c.directive {
						t.Errorf("%s: the last record's escape lines %+v, want %q first", c.name, ds, c.directive)
					}
				}
			}
		})
	}
}

// commentTexts are the texts of the comments r holds, wherever they are.
func commentTexts(r *model.Record) []string {
	var out []string
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Struct:
			if c, ok := v.Interface().(model.Comment); ok {
				out = append(out, c.Text)
				return
			}
			for i := 0; i < v.NumField(); i++ {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		case reflect.Slice, reflect.Array:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
			}
		}
	}
	walk(reflect.ValueOf(r))
	return out
}
