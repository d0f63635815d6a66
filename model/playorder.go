package model

// TricksInPlayOrder lays cards given in the order they were played (as LIN
// writes them, and as some PBN writers do) into tricks indexed by seat. The
// first card is first's; each later trick is led by the winner of the one
// before, with trumps given by strain.
//
// It returns false when a trick's winner cannot be told (an unknown card in a
// finished trick before the last); the tricks up to there are laid out.
// A first that is no seat is read as North, as the readers read a play
// whose leader is not given.
func TricksInPlayOrder(first Seat, cards []PlayCard, strain Strain) ([]Trick, bool) {
	tricks := make([]Trick, 0, (len(cards)+3)/4)
	leader := leaderOrNorth(first)
	for i := 0; i < len(cards); i += 4 {
		var t Trick
		n := len(cards) - i
		if n > 4 {
			n = 4
		}
		for k := 0; k < n; k++ {
			t[leader.Add(k)] = cards[i+k]
		}
		tricks = append(tricks, t)
		if n < 4 {
			break
		}
		for k := 0; k < 4; k++ {
			if t[leader.Add(k)].Kind != Played {
				return tricks, i+4 >= len(cards)
			}
		}
		leader = trickWinner(&t, leader, strain)
	}
	return tricks, true
}

// InPlayOrder appends to dst the cards of tricks in the order they were
// played, given the first leader and the strain: the inverse of
// TricksInPlayOrder. It points into tricks rather than copying 52 annotated
// cards, and a writer can pass the same dst[:0] for every board; slots with
// NoCard are left out. A first that is no seat is read as North, as the
// readers lay out a play whose leader is not given.
func InPlayOrder(dst []*PlayCard, first Seat, tricks []Trick, strain Strain) []*PlayCard {
	out := dst
	leader := leaderOrNorth(first)
	for i := range tricks {
		t := &tricks[i]
		full := true
		for k := 0; k < 4; k++ {
			pc := &t[leader.Add(k)]
			if pc.Kind == NoCard {
				full = false
				continue
			}
			if pc.Kind != Played {
				full = false
			}
			out = append(out, pc)
		}
		if !full {
			continue
		}
		leader = trickWinner(t, leader, strain)
	}
	return out
}

// leaderOrNorth is first, or North when first is no seat: a record made
// by hand, or stored before the readers set the leader they assume, may
// hold tricks with no leader.
func leaderOrNorth(first Seat) Seat {
	if !first.Valid() {
		return North
	}
	return first
}
