package export_test

import (
	"bytes"
	"testing"
)

// A match's empty segment (vg, rs and pn without a board, as BBO gives
// one) keeps its header through PBN, and its PBN exports again the same.
func TestEmptyMatchThroughPBN(t *testing.T) {
	t.Parallel()
	const lin = "vg|Bermuda Bowl,Segment 1,I,1,16,Italy,0,USA,0|\r\nrs|,,,,|\r\npn|A,B,C,D,E,F,G,H|pg||\r\n"
	const pbn = "% PBN 2.1\r\n% EXPORT\r\n{vg|Bermuda Bowl,Segment 1,I,1,16,Italy,0,USA,0|}\r\n{rs|,,,,|}\r\n{pn|A,B,C,D,E,F,G,H|}\r\n{pg||}\r\n\r\n"
	p1 := writeDoc(t, "pbn", readDoc(t, "empty.lin", []byte(lin)))
	if string(p1) != pbn {
		t.Fatalf("PBN:\n%q\nwant\n%q", p1, pbn)
	}
	if p2 := writeDoc(t, "pbn", readDoc(t, "empty.pbn", p1)); !bytes.Equal(p1, p2) {
		t.Errorf("PBN exported again:\n%q", p2)
	}
	if back := writeDoc(t, "lin", readDoc(t, "empty.pbn", p1)); string(back) != lin {
		t.Errorf("LIN -> PBN -> LIN:\n%q\nwant\n%q", back, lin)
	}
}
