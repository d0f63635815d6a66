package parser_test

import (
	"strings"
	"testing"

	"handrec/parser"
)

// TestFormat: the format comes from the content.
func TestFormat(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"pn|a|", "lin"}, {"\xef\xbb\xbf\r\nvg|x|", "lin"}, {"[Event \"\"]", "pbn"}, {"% PBN 2.1", "pbn"},
		{"{\"header\":{}}", "json"}, {"{ a brace comment }", "pbn"}, {"", "pbn"}, {"Fetch failed (2)", ""},
	} {
		if got := strings.ToLower(parser.Format("f", []byte(tc.in)).String()); got != tc.want {
			t.Errorf("Format(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
