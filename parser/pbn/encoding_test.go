package pbn_test

import (
	"strings"
	"testing"

	"handrec/parser"
	"handrec/parser/pbn"
)

// Encodings are told game by game: ASCII, UTF-8 (with or without a BOM) as
// it is, anything else as Latin-1; text is UTF-8 inside.
func TestEncodings(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src, south, enc string
	}{
		{"ascii", "[South \"Haland\"]\n", "Haland", "ascii"},
		{"utf-8 with BOM", "\xef\xbb\xbf[South \"H\xc3\xa5land\"]\n", "Håland", "utf-8"},
		{"latin-1", "[South \"H\xe5land\"]\n", "Håland", "latin-1"},
		{"latin-1 after an ascii game", "[South \"x\"]\n\n[South \"H\xe5land " + strings.Repeat("12345678", 4) + "\"]\n", "Håland " + strings.Repeat("12345678", 4), "latin-1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, w := range []int{1, 2} {
				rd := pbn.NewReader("t.pbn", strings.NewReader(c.src), parser.Workers(w))
				var last string
				for {
					rec, err := rd.Next()
					if err != nil {
						break
					}
					last = rec.Player(2)
				}
				if last != c.south || rd.Header().Encoding != c.enc {
					t.Errorf("%s, %d workers: %q %s, want %q %s", c.name, w, last, rd.Header().Encoding, c.south, c.enc)
				}
			}
		})
	}
}
