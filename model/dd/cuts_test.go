package dd

import "testing"

// TestCutoffs checks that the cut-off cache gives back the card put under
// a hash, nothing for a hash of the same place with other high bits, and
// the last card put when two hashes share every bit it keeps.
func TestCutoffs(t *testing.T) {
	t.Parallel()
	c := new(cutoffs)
	h := cutHash(0x1234, 5)
	if got := c.get(h); got != 0 {
		t.Fatalf("empty cache gives %d", got)
	}
	c.put(h, 3<<4|12)
	if got := c.get(h); got != 3<<4|12 {
		t.Errorf("get after put = %d, want %d", got, 3<<4|12)
	}
	if got := c.get(h ^ 1<<20); got != 0 {
		t.Errorf("a hash differing in its kept bits gives %d, want 0", got)
	}
	if got := c.get(h ^ 0xff); got != 3<<4|12 {
		t.Errorf("a hash differing only below the kept bits gives %d, want %d", got, 3<<4|12)
	}
	c.put(h^0xff, 1<<4|2)
	if got := c.get(h); got != 1<<4|2 {
		t.Errorf("after a second put at the same place, get = %d, want %d", got, 1<<4|2)
	}
}

// TestSeqOf checks that a remembered card stands for its sequence: the
// top of the cards of the hand adjacent to it among those in play.
func TestSeqOf(t *testing.T) {
	t.Parallel()
	const su = 2
	// hand: K J 9 4 of the suit; in play besides: A, 8, 5; the Q and T gone
	hand := uint64(1<<13|1<<11|1<<9|1<<4) << (16 * su)
	present := hand | uint64(1<<14|1<<8|1<<5)<<(16*su)
	for _, c := range []struct {
		name       string
		card, want int
	}{
		{"the 9 stands for the K, the T and Q gone", 9, 13}, {"the J stands for the K", 11, 13}, {"the K for itself", 13, 13},
		{"the 4 for itself, the 5 in play above it", 4, 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := seqOf(hand, su<<4|c.card, present); got != su<<4|c.want {
				t.Errorf("seqOf(rank %d) = rank %d, want %d", c.card, got&15, c.want)
			}
		})
	}
}
