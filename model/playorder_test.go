package model

import (
	"encoding/json"
	"reflect"
	"testing"
)

// A play with tricks and no leader (made by hand, or
// stored before the readers set the leader they assume) is laid out, and
// read back from its stored JSON, as if North led, not a panic.
func TestPlayWithNoLeader(t *testing.T) {
	t.Parallel()
	var cards []PlayCard
	for _, s := range []string{"S6", "S2", "SJ", "SA", "CJ"} {
		c, _ := ParseCard(s)
		cards = append(cards, PlayCard{Kind: Played, Card: c})
	}
	tricks, ok := TricksInPlayOrder(NoSeat, cards, StrainHearts)
	north, _ := TricksInPlayOrder(North, cards, StrainHearts)
	if !ok || len(tricks) != 2 || !reflect.DeepEqual(tricks, north) {
		t.Fatalf("TricksInPlayOrder(NoSeat) = %v, %v; want %v (North's)", tricks, ok, north)
	}
	if tricks[1][West].Card.String() != "CJ" {
		t.Errorf("trick 2 led by %v, want West (won SA)", tricks[1])
	}
	order := InPlayOrder(nil, NoSeat, tricks, StrainHearts)
	if len(order) != 5 || order[3].Card.String() != "SA" || order[4].Card.String() != "CJ" {
		t.Errorf("InPlayOrder(NoSeat) = %v", order)
	}
	r := NewRecord()
	r.Play = &Play{First: NoSeat, Claim: -1, Tricks: tricks}
	js, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back Record
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatal(err)
	}
	if back.Play.First != North || !reflect.DeepEqual(back.Play.Tricks, tricks) {
		t.Errorf("stored play read back led by %v, want N", back.Play.First)
	}
	empty := NewRecord()
	empty.Play = NewPlay(NoSeat)
	js, _ = json.Marshal(empty)
	back = Record{}
	if err := json.Unmarshal(js, &back); err != nil || back.Play.First != NoSeat {
		t.Errorf("a play with no trick read back led by %v (%v), want none", back.Play.First, err)
	}
}
