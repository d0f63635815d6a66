package cli

import (
	"bytes"
	"strings"
	"testing"
)

// TestProgressLineAboveBar: a line written while the bar is drawn clears
// the bar's line first (a carriage return, blanks over the bar's width,
// a carriage return) and draws the bar again after it.
func TestProgressLineAboveBar(t *testing.T) {
	t.Parallel()
	var raw, esc bytes.Buffer
	p := &progress{w: &raw, bar: countBar(&raw, -1, "records")}
	w := p.above(&esc)
	w.Write([]byte("before the bar\n")) // nothing drawn yet: nothing to clear
	if raw.String() != "" || esc.String() != "before the bar\n" {
		t.Fatalf("before the bar: raw %q, escaped %q", raw.String(), esc.String())
	}
	p.set(1, "")
	drawn := p.bar.String()
	if !strings.HasPrefix(drawn, "\r") || !strings.Contains(drawn, "dd") || raw.String() != drawn {
		t.Fatalf("the bar drew %q, its state says %q", raw.String(), drawn)
	}
	raw.Reset()
	// the escaped writer is stderr too: one stream, in order
	p = &progress{w: &raw, bar: p.bar}
	w = p.above(&raw)
	w.Write([]byte("f.pbn:3:1: board 2: an error\n"))
	clear := "\r" + strings.Repeat(" ", len([]rune(drawn))-1) + "\r"
	want := clear + "f.pbn:3:1: board 2: an error\n" + drawn
	if raw.String() != want {
		t.Errorf("got  %q\nwant %q", raw.String(), want)
	}
	raw.Reset()
	p.end()
	w.Write([]byte("after the end\n"))
	if want := clear + "after the end\n"; raw.String() != want {
		t.Errorf("after end: got %q, want %q", raw.String(), want)
	}
	var nilp *progress
	if nilp.above(&esc) != &esc {
		t.Error("a nil progress's above is not the writer itself")
	}
}
