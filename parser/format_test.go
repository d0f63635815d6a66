package parser_test

import (
	"strconv"
	"strings"
	"testing"

	"handrec/model"
	"handrec/parser"
)

// TestFormat: the format comes from the content.
func TestFormat(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"pn|a|", "lin"}, {"\xef\xbb\xbf\r\nvg|x|", "lin"}, {"[Event \"\"]", "pbn"}, {"% PBN 2.1", "pbn"},
		{"{\"header\":{}}", "json"}, {"{ a brace comment }", "pbn"}, {"", "pbn"}, {"Fetch failed (2)", ""},
		// a JSON array (endplay's boards) is no PBN tag
		{"[{\"dealer\": \"N\"}]", "json"}, {"[\n  {\n", "json"}, {"[[1]]", "json"},
		{"[ Auction \"E\"]", "pbn"}, {"[Event\"x\"]", "pbn"}, {"[\"\n]{", "pbn"}, {"[]", "pbn"},
	} {
		t.Run(strconv.Quote(tc.in), func(t *testing.T) {
			if got := strings.ToLower(parser.Format("f", []byte(tc.in)).String()); got != tc.want {
				t.Errorf("Format(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
	// any array in a file named .json is JSON: a tag never opens one
	for _, in := range []string{"[]", "[\"a\"]", "[1, 2]"} {
		if got := parser.Format("boards.JSON", []byte(in)); got != model.JSON {
			t.Errorf("Format(boards.JSON, %q) = %v, want JSON", in, got)
		}
	}
}
