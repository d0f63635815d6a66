package scoring

import (
	"strings"
	"testing"

	"handrec/model"
)

// roomRecord is a contract deal of a team match: room, board, a contract
// of four spades by North and the tricks taken.
func roomRecord(room model.Room, board, tricks int) *model.Record {
	r := dealerRecord(model.North, model.North, tricks)
	r.Board, r.Room, r.Match = board, room, &model.Match{}
	r.Contract = model.Contract{Kind: model.Bid, Level: 4, Strain: model.StrainSpades}
	names := [2][4]string{{"Ann", "Bob", "Cid", "Dan"}, {"Eve", "Ann", "Fay", "Cid"}}
	r.Players = names[room-model.OpenRoom]
	return r
}

// TestRubberRooms: the Open and Closed rooms of a match are rubber
// sequences apart: the Open room's two games make its rubber, the Closed
// room's part-scores stay an unfinished rubber of their own, and each
// rubber says which room and pairs it is.
func TestRubberRooms(t *testing.T) {
	t.Parallel()
	s, err := NewScorer(Options{Code: Contract, Rubber: true})
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for _, r := range []*model.Record{
		roomRecord(model.OpenRoom, 1, 10), roomRecord(model.ClosedRoom, 1, 8),
		roomRecord(model.OpenRoom, 2, 10), roomRecord(model.ClosedRoom, 2, 9),
	} {
		got = append(got, s.Add(r).Rubber)
	}
	rep := s.Finish()
	if want := []int{1, 2, 1, 2}; len(got) != 4 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] || got[3] != want[3] {
		t.Errorf("rubbers of the deals %v, want %v", got, want)
	}
	if len(rep.Rubbers) != 2 {
		t.Fatalf("%d rubbers, want 2", len(rep.Rubbers))
	}
	open, closed := rep.Rubbers[0], rep.Rubbers[1]
	if open.Number != 1 || !open.Finished || open.Games["NS"] != 2 || len(open.Deals) != 2 {
		t.Errorf("open room: %+v", open)
	}
	if closed.Number != 2 || closed.Finished || closed.Games["NS"] != 0 || len(closed.Deals) != 2 {
		t.Errorf("closed room: %+v", closed)
	}
	wantOpen := "Open room, N-S Ann & Cid against E-W Bob & Dan: a rubber sequence of its own (a match's rooms and pairs are kept apart)"
	wantClosed := "Closed room, N-S Eve & Fay against E-W Ann & Cid: a rubber sequence of its own (a match's rooms and pairs are kept apart)"
	if open.Notes[0] != wantOpen || closed.Notes[0] != wantClosed {
		t.Errorf("notes:\n%s\n%s", strings.Join(open.Notes, "|"), strings.Join(closed.Notes, "|"))
	}
	// records of no match stay one sequence
	s, _ = NewScorer(Options{Code: Contract, Rubber: true})
	for i := 1; i <= 3; i++ {
		r := dealerRecord(model.North, model.North, 8)
		r.Board, r.Contract = i, model.Contract{Kind: model.Bid, Level: 2, Strain: model.StrainSpades}
		if n := s.Add(r).Rubber; n != 1 {
			t.Errorf("deal %d in rubber %d, want 1", i, n)
		}
	}
	if rep := s.Finish(); len(rep.Rubbers) != 1 || len(rep.Rubbers[0].Notes) != 0 {
		t.Errorf("no match: %d rubbers, notes %v", len(rep.Rubbers), rep.Rubbers[0].Notes)
	}
}
