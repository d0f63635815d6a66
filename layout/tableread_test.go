package layout

import "testing"

// TestUnquote: a table element's quotes and PBN's two escapes come off,
// any other backslash stays (\S, a suit), "-" is kept by Unquote and is
// no value to unquote.
func TestUnquote(t *testing.T) {
	for _, c := range []struct{ in, want, value string }{
		{`"4H"`, "4H", "4H"},
		{`"say \"no\" \\ \S"`, `say "no" \ \S`, `say "no" \ \S`},
		{`"\\\""`, `\"`, `\"`},
		{"-", "-", ""},
		{`""`, "", ""},
		{`"`, `"`, `"`},
		{"12", "12", "12"},
	} {
		if got := Unquote(c.in); got != c.want {
			t.Errorf("Unquote(%s) = %q, want %q", c.in, got, c.want)
		}
		if got := unquote(c.in); got != c.value {
			t.Errorf("unquote(%s) = %q, want %q", c.in, got, c.value)
		}
	}
}
