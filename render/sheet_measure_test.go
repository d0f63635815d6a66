package render

import (
	"testing"
)

// TestSheetWidthIsThePDFLibrarys: a string's width, summed from its
// characters' widths, is to the bit what the PDF library measures for
// the string drawable draws, in each face and at several sizes: ASCII,
// suit symbols, accents, a character DejaVu lacks (drawn as U+FFFD), one
// outside the BMP, a bad byte and the empty string.
func TestSheetWidthIsThePDFLibrarys(t *testing.T) {
	t.Parallel()
	l := newSheetLayout(SheetOptions{})
	f := newFpdf(papers["a4"])
	strs := []string{"", "W", "Board 12", "♠ A K 10 9 8 7", "♥♦♣ – Dealer North", "Šoštanj Érd", "漢字 ok", "😀 x", "bad \xff byte", "DD NT ♠ ♥ ♦ ♣"}
	for _, s := range strs {
		for face, font := range []struct {
			family, style string
			bold, mono    bool
		}{{"dejavu", "", false, false}, {"dejavu", "B", true, false}, {"dejavumono", "", false, true}} {
			f.SetFont(font.family, font.style, 10)
			for _, size := range []float64{7, 7.5, 8.5, 9.35} {
				want := f.GetStringWidth(drawable(s, nil)) / 10 * size
				if got := l.widthIn(s, size, font.bold, font.mono); got != want {
					t.Errorf("face %d: %q at %.2f pt is %v mm wide, the PDF library says %v", face, s, size, got, want)
				}
			}
		}
	}
	if f.Err() {
		t.Fatal(f.Error())
	}
}

// TestSheetWidthHoldsNoStrings: measuring allocates nothing once its
// characters have been met, so that the layout's memory does not grow
// with the strings of the boards it measures (a cache of strings grew to
// 65,536 of them).
//
// It stays serial: testing.AllocsPerRun counts the allocations of the
// whole process, and a test running beside it would add its own.
func TestSheetWidthHoldsNoStrings(t *testing.T) {
	l := newSheetLayout(SheetOptions{})
	l.width("♠ AKQJ10 98765432 Dealer North", 8.5, false)
	n := 0
	lines := []string{"♠ A K Q", "♥ 10 9 8 7", "♦ J", "♣ 6 5 4 3 2", "Dealer North"}
	if a := testing.AllocsPerRun(100, func() {
		l.width(lines[n%len(lines)], 8.5, false)
		n++
	}); a != 0 {
		t.Errorf("a width takes %v allocations, want 0", a)
	}
}
