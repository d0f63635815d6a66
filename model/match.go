package model

import (
	"fmt"
	"strings"
)

// Room is the room of a team match a record was played in.
type Room int8

// The rooms.
const (
	NoRoom Room = iota
	OpenRoom
	ClosedRoom
)

// String is "Open", "Closed" or "".
func (r Room) String() string {
	switch r {
	case OpenRoom:
		return "Open"
	case ClosedRoom:
		return "Closed"
	}
	return ""
}

// ParseRoom reads "Open" or "Closed", in any case.
func ParseRoom(s string) (Room, bool) {
	switch {
	case strings.EqualFold(strings.TrimSpace(s), "open"):
		return OpenRoom, true
	case strings.EqualFold(strings.TrimSpace(s), "closed"):
		return ClosedRoom, true
	}
	return NoRoom, false
}

// MarshalText writes "Open", "Closed" or "".
func (r Room) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads "Open", "Closed" or "".
func (r *Room) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*r = NoRoom
		return nil
	}
	v, ok := ParseRoom(string(b))
	if !ok {
		return fmt.Errorf("unknown room %q", b)
	}
	*r = v
	return nil
}

// Team is one team of a match.
type Team struct {
	Name string `json:"name,omitempty"`
	// Carry is the carry-over the team starts the segment with, as
	// written ("", "0", "12.5").
	Carry string `json:"carry,omitempty"`
}

// Match is the team match a record belongs to: a LIN vugraph segment
// (vg, rs, pn). A PBN game's HomeTeam and VisitTeam tags do not make one
// (they name teams, not a match's segment) and stay tags; its Room is the
// record's Room. The records of one segment share one *Match.
type Match struct {
	// First and Last are the segment's first and last board, 0 when not
	// given.
	First int `json:"first,omitempty"`
	Last  int `json:"last,omitempty"`
	// Home and Visit are the two teams (LIN's first and second).
	Home  Team `json:"home"`
	Visit Team `json:"visit"`
	// Results are the segment's results as its source lists them, by
	// table (LIN's rs): board First+k's open room at 2k, its closed room
	// at 2k+1; a table listed without a result has the zero RoomResult.
	// They give the result of a room the source holds no record of (a
	// record has its own). Read from the source only: not in the JSON, as
	// the records' own results are, nor in the archive.
	Results []RoomResult `json:"-"`
}

// RoomResult is the result of one room of a match's board: its contract
// (the zero Contract when none is known), declarer and tricks.
type RoomResult struct {
	Contract Contract
	Declarer Seat
	Result   Result
}

// RoomResult is the result the segment lists for board's room, ok false
// when it lists none (or the room is neither open nor closed).
func (m *Match) RoomResult(board int, room Room) (RoomResult, bool) {
	if m == nil || room == NoRoom {
		return RoomResult{}, false
	}
	k := 2 * (board - m.First)
	if m.First == 0 {
		k = 2 * (board - 1)
	}
	if room == ClosedRoom {
		k++
	}
	if k < 0 || k >= len(m.Results) || m.Results[k].Contract.Kind == NoContract {
		return RoomResult{}, false
	}
	return m.Results[k], true
}
