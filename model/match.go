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
}
