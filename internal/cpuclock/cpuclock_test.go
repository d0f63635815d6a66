//go:build unix

package cpuclock

import (
	"testing"
	"time"
)

// Used counts the CPU this test burns: 100 ms of busy work by the wall
// clock shows as at least 30 ms of CPU even on a machine shared with other
// work, and the clock never goes backwards.
func TestUsedCounts(t *testing.T) {
	u0 := Used()
	if u0 <= 0 {
		t.Fatalf("Used() = %v at the start of a test; want the CPU used so far", u0)
	}
	x := uint64(1)
	for start := time.Now(); time.Since(start) < 100*time.Millisecond; {
		for i := 0; i < 100_000; i++ {
			x = x*6364136223846793005 + 1442695040888963407
		}
	}
	if d := Used() - u0; d < 30*time.Millisecond || x == 0 {
		t.Fatalf("after 100 ms of busy work Used() grew by %v", d)
	}
}
