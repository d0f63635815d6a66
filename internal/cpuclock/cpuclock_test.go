//go:build unix

package cpuclock

import (
	"testing"
	"time"
)

// Used counts the CPU the process burns: after a fixed amount of work
// (220 ms of one core on this machine) it has grown, however loaded the
// machine; over a sleep of 200 ms it grows by far less, as a clock of
// the wall time would not. A clock that stood still fails the first.
func TestUsedCounts(t *testing.T) {
	u0 := Used()
	if u0 <= 0 {
		t.Fatalf("Used() = %v at the start of a test; want the CPU used so far", u0)
	}
	x := uint64(1)
	for i := 0; i < 200_000_000; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	u1 := Used()
	if u1 <= u0 || x == 0 {
		t.Fatalf("after 200,000,000 steps of work Used() went from %v to %v", u0, u1)
	}
	time.Sleep(200 * time.Millisecond)
	if d := Used() - u1; d >= 100*time.Millisecond {
		t.Fatalf("over a sleep of 200 ms Used() grew by %v: not the process's CPU", d)
	}
}
