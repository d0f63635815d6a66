package dd

import (
	"math/rand/v2"
	"testing"
)

// TestTops compares tops' gathering by multiplication with the owners
// read one suit at a time.
func TestTops(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 10000; i++ {
		a, b := r.Uint64(), r.Uint64()
		for pl := uint(13); pl <= 15; pl++ {
			var want uint64
			for su := uint(0); su < 4; su++ {
				want |= (a>>(16*su+pl)&1 | b>>(16*su+pl)&1<<1) << (2 * su)
			}
			if got := tops(a, b, pl); got != want {
				t.Fatalf("tops(%#x, %#x, %d) = %#x, want %#x", a, b, pl, got, want)
			}
		}
	}
}
