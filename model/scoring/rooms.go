package scoring

import (
	"strings"

	"handrec/model"
)

// A team match plays each board in two rooms, with the pairs of a team
// sitting North-South in one and East-West in the other. Scored as rubbers,
// each room and pair of sides is a rubber sequence of its own: the Open
// room's deals are not the Closed room's, and running them together would
// make one rubber of two tables' play under one room's names.

// strand is one rubber sequence: the state between its deals.
type strand struct {
	t        table
	cur      *Rubber
	code     Code
	curDeals []*DealScore
}

// strandKey is the rubber sequence a record of a match or a room belongs
// to: its room and the players of its two sides.
func strandKey(r *model.Record) string {
	return r.Room.String() + "|" + r.Player(model.North) + "|" + r.Player(model.South) + "|" + r.Player(model.East) + "|" + r.Player(model.West)
}

// strandNote says which sequence a rubber of a match belongs to.
func strandNote(r *model.Record) string {
	room := "no room named"
	if r.Room != model.NoRoom {
		room = r.Room.String() + " room"
	}
	pair := func(a, b model.Seat) string {
		names := []string{r.Player(a), r.Player(b)}
		for i, n := range names {
			if strings.TrimSpace(n) == "" {
				names[i] = a.Name()
				if i == 1 {
					names[i] = b.Name()
				}
			}
		}
		return names[0] + " & " + names[1]
	}
	return room + ", N-S " + pair(model.North, model.South) + " against E-W " + pair(model.East, model.West) +
		": a rubber sequence of its own (a match's rooms and pairs are kept apart)"
}

// switchStrand makes the session's open rubber the one of r's sequence,
// parking the one open before. A record of no match that names no room
// stays in the sequence it follows (the records of a rubber, or a board
// whose room a file gives only once).
func (s *Scorer) switchStrand(r *model.Record) {
	if r.Match == nil && r.Room == model.NoRoom {
		s.note = "" // a rubber it opens names no room
		return
	}
	s.note = strandNote(r)
	key := strandKey(r)
	if key == s.key && s.strands != nil {
		return
	}
	if s.strands == nil {
		s.strands = map[string]*strand{}
	}
	if _, ok := s.strands[s.key]; ok || s.cur != nil || s.key != "" {
		s.strands[s.key] = &strand{t: s.t, cur: s.cur, code: s.code, curDeals: s.curDeals}
	}
	s.key = key
	if st, ok := s.strands[key]; ok {
		s.t, s.cur, s.code, s.curDeals = st.t, st.cur, st.code, st.curDeals
		delete(s.strands, key)
	} else {
		s.t, s.cur, s.curDeals = newTable(), nil, nil
		s.order = append(s.order, key)
	}
}

// finishStrands ends the rubbers left open in every sequence, in the order
// the sequences began.
func (s *Scorer) finishStrands() {
	if s.strands == nil {
		if s.cur != nil {
			s.closeRubber()
		}
		return
	}
	s.strands[s.key] = &strand{t: s.t, cur: s.cur, code: s.code, curDeals: s.curDeals}
	s.cur = nil
	for _, key := range s.order {
		st, ok := s.strands[key]
		if !ok || st.cur == nil {
			continue
		}
		s.t, s.cur, s.code, s.curDeals = st.t, st.cur, st.code, st.curDeals
		delete(s.strands, key)
		s.closeRubber()
	}
}
