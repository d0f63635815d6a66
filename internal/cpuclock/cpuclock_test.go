//go:build unix

package cpuclock

import "testing"

// Used counts the CPU the process burns: after a fixed amount of work (about
// a tenth of a second of one core, however loaded the machine) it has
// grown, and it never goes backwards. A clock that stood still, or read
// the wall time of another process, would fail here; the test bounds no
// time.
func TestUsedCounts(t *testing.T) {
	u0 := Used()
	if u0 <= 0 {
		t.Fatalf("Used() = %v at the start of a test; want the CPU used so far", u0)
	}
	x := uint64(1)
	for i := 0; i < 200_000_000; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	if u1 := Used(); u1 <= u0 || x == 0 {
		t.Fatalf("after 200,000,000 steps of work Used() went from %v to %v", u0, u1)
	}
}
