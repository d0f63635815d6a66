package model

import (
	"strings"
	"testing"
)

// EachTag gives tags and facts in the source's order, a fact without a
// place where PBN exports it, and a fact as PBN writes it.
func TestEachTag(t *testing.T) {
	r := NewRecord()
	r.Tags = []Tag{{Name: "Event", Value: "E"}, {Name: "Round", Value: "1"}, {Name: "West", Value: "Ann"}, {Name: "Room", Value: "Open"}}
	r.Board, r.Result = 7, Result{Tricks: 9, Defenders: -1}
	r.Facts[FactBoard].At = 3  // Event, Round, Board
	r.Facts[FactResult].At = 6 // Event, Round, Board, West, Room, Result
	r.SetFactText(FactDeal, "N:AKQ")
	r.Facts[FactContract].Comments = []Comment{{Text: "no contract, a comment"}}
	var got []string
	r.EachTag(func(tg Tag) { got = append(got, tg.Name+"="+tg.Value) })
	want := "Event=E Deal=N:AKQ Contract= Round=1 Board=7 West=Ann Room=Open Result=9"
	if g := strings.Join(got, " "); g != want {
		t.Errorf("got  %s\nwant %s", g, want)
	}
	for f, want := range map[Fact]bool{FactBoard: true, FactDeal: true, FactResult: true, FactContract: false, FactDealer: false} {
		if r.Given(f) != want {
			t.Errorf("Given(%s) = %v", f, !want)
		}
	}
}
