package diagram_test

import (
	"fmt"
	"strings"
	"testing"

	"handrec/output"
)

// Escapes of control characters, as handrec's output writes them
// (output.Escape) after show has laid out its text, read back as the
// characters: a C1 control of a LIN's mojibake stood one column wide
// where show wrapped a comment or padded a name beside the box. Only the
// forms Escape writes: "\x09" (a tab, never escaped), "\X1B", "\u00a0"
// and "\u009F" stay as they are. A position after an escape is the
// text's (1Z at column 26).
func TestControlEscapesReadBack(t *testing.T) {
	t.Parallel()
	src := auctioned(`A\u0093b\x1bc \x09 \X1B \u00a0 \u009F \x7f.` + "\n\n" +
		"West   North  East   South\n" +
		`Pass   1♣     \u0093   1Z` + "\n")
	want := deal1(0, "S", "") + "auction W: Pass 1C \u0093 1Z\n" +
		"after \"A\\u0093b\\x1bc \\\\x09 \\\\X1B \\\\u00a0 \\\\u009F \\x7f.\"\n" +
		"d.txt:22:17: \"\\u0093\" is no call: expected Pass, Dbl, Rdbl, a bid (1♣ to 7NT) or All Pass\n" +
		"d.txt:22:26: \"1Z\" is no call: expected Pass, Dbl, Rdbl, a bid (1♣ to 7NT) or All Pass\n" +
		"d.txt:22:1: auction: the first call is West's, but South deals\n"
	if got := bookFacts(t, "d.txt", src); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// Every control character that Escape writes reads back as itself, and
// the text around it as it was.
func TestEveryControlEscapeReadsBack(t *testing.T) {
	t.Parallel()
	var text strings.Builder
	for r := rune(0); r < 0xa0; r++ {
		if r < 0x20 && r != '\t' && r != '\n' || r == 0x7f || r >= 0x80 {
			text.WriteString("a" + string(r))
		}
	}
	src := auctioned(output.Escape(text.String()) + ".\n\nWest   North  East   South\n                     1♣\nPass   Pass   Pass\n")
	got := bookFacts(t, "d.txt", src)
	if want := "after " + fmt.Sprintf("%q", text.String()+".") + "\n"; !strings.Contains(got, want) {
		t.Errorf("got:\n%s\nwant a line %s", got, want)
	}
}
