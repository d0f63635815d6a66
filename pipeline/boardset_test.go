package pipeline

import "testing"

// A board set says whether a board was in it, for boards side by side,
// 64 apart, far beyond and below 0 (which a reader does not give, but a
// set takes), and holds a word for each run of 64 numbers it holds one of.
func TestBoardSet(t *testing.T) {
	t.Parallel()
	s := boardSet{}
	for _, c := range []struct {
		board int
		added bool
	}{
		{5, true}, {5, false}, {64, true}, {63, true}, {64, false}, {127, true}, {1 << 30, true}, {1 << 30, false},
		{-1, true}, {-1, false}, {0, true}, {0, false}, {-64, true}, {-65, true}, {-64, false},
	} {
		if got := s.add(c.board); got != c.added {
			t.Errorf("add(%d) = %v, want %v", c.board, got, c.added)
		}
	}
	if len(s) != 5 {
		t.Errorf("%d words: want 5 (0-63, 64-127, 2^30, -64 to -1, -128 to -65)", len(s))
	}
}
