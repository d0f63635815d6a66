package model

import "testing"

// TestMatchRoomResult: a segment's results are by table, two a board
// from its first (board 1 when the segment names none); a table listed
// without a result, a board outside them or no room gives none.
func TestMatchRoomResult(t *testing.T) {
	t.Parallel()
	r4S := RoomResult{Contract: Contract{Kind: Bid, Level: 4, Strain: StrainSpades}, Declarer: North, Result: Result{Tricks: 10, Defenders: -1}}
	pass := RoomResult{Contract: Contract{Kind: PassedOut}, Declarer: NoSeat, Result: NoResult}
	m := &Match{First: 16, Last: 18, Results: []RoomResult{r4S, {}, {}, pass}}
	for _, c := range []struct {
		name  string
		m     *Match
		board int
		room  Room
		want  RoomResult
		ok    bool
	}{
		{"first board, open room", m, 16, OpenRoom, r4S, true},
		{"a table listed without a result", m, 16, ClosedRoom, RoomResult{}, false},
		{"passed out", m, 17, ClosedRoom, pass, true},
		{"a board past the results", m, 18, OpenRoom, RoomResult{}, false},
		{"a board before the segment", m, 15, ClosedRoom, RoomResult{}, false},
		{"no room", m, 16, NoRoom, RoomResult{}, false},
		{"a segment naming no first board", &Match{Results: []RoomResult{{}, r4S}}, 1, ClosedRoom, r4S, true},
		{"no match", nil, 1, OpenRoom, RoomResult{}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, ok := c.m.RoomResult(c.board, c.room)
			if got != c.want || ok != c.ok {
				t.Errorf("board %d, %v room: %+v %v, want %+v %v", c.board, c.room, got, ok, c.want, c.ok)
			}
		})
	}
}
