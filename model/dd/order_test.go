package dd

import "testing"

// seqTopsLoop is seqTops the slow way: a card is dropped when the next
// card in play above it is also mine.
func seqTopsLoop(mine, present uint16) uint16 {
	var out uint16
	for m := mine; m != 0; m &= m - 1 {
		b := m & -m
		above := present &^ (b<<1 - 1)
		if above == 0 || above&-above&mine == 0 {
			out |= b
		}
	}
	return out
}

// TestSeqTops checks seqTops on every suit in play and every holding of it.
func TestSeqTops(t *testing.T) {
	t.Parallel()
	for pres := uint16(0); pres < 1<<13; pres++ {
		p := pres << 2 // ranks 2 to 14
		for mine := p; ; mine = (mine - 1) & p {
			if got, want := seqTops(mine, p), seqTopsLoop(mine, p); got != want {
				t.Fatalf("seqTops(%#x, %#x) = %#x, want %#x", mine, p, got, want)
			}
			if mine == 0 {
				break
			}
		}
	}
	// AQ with the K out of play is one move, the A; the 5 below the 9 another
	if got := seqTops(1<<14|1<<12|1<<5, 1<<14|1<<12|1<<9|1<<5); got != 1<<14|1<<5 {
		t.Errorf("AQ5 with the K out and the 9 in gives %#x", got)
	}
}
