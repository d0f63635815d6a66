package model

import (
	"strings"
	"testing"
)

// EachTag gives tags and facts in PBN's export order, whatever order a
// source gave them in (PBN's tag order is its layout's): the mandatory
// facts, the event's others, the tags in their order, then the room; a
// fact as PBN writes it, one only commented on with no value.
func TestEachTag(t *testing.T) {
	t.Parallel()
	r := NewRecord()
	r.Tags = []Tag{{Name: "Round", Value: "1"}, {Name: "Annotator", Value: "Ann"}}
	r.Board, r.Result, r.Room = 7, Result{Tricks: 9, Defenders: -1}, OpenRoom
	r.SetFact(FactStage, "Final")
	r.SetFactText(FactDeal, "N:AKQ")
	r.Facts[FactContract].Comments = []Comment{{Text: "no contract, a comment"}}
	var got []string
	r.EachTag(func(tg Tag) { got = append(got, tg.Name+"="+tg.Value) })
	want := "Board=7 Deal=N:AKQ Contract= Result=9 Stage=Final Round=1 Annotator=Ann Room=Open"
	if g := strings.Join(got, " "); g != want {
		t.Errorf("got  %s\nwant %s", g, want)
	}
	got = got[:0]
	r.EachComments(func(name string, _ *[]Comment) { got = append(got, name) })
	if g := strings.Join(got, " "); g != "Event Site Date Board West North East South Dealer Vulnerable Deal Scoring Declarer Contract Result "+
		"EventDate Stage Round Annotator Room Score ScoreIMP ScoreMP ScorePercentage OptimumScore ParContract" {
		t.Errorf("EachComments: %s", g)
	}
	for f, want := range map[Fact]bool{FactBoard: true, FactDeal: true, FactResult: true, FactContract: false, FactDealer: false} {
		if r.Given(f) != want {
			t.Errorf("Given(%s) = %v", f, !want)
		}
	}
}

// The room is a fact: its field holds "Open" and "Closed" as spelt, a
// text as given keeps another spelling, and a room without a place stands
// after all the tags.
func TestRoomFact(t *testing.T) {
	t.Parallel()
	r := NewRecord()
	r.Tags = []Tag{{Name: "Event", Value: "E"}, {Name: "HomeTeam", Value: "H"}}
	if r.Given(FactRoom) {
		t.Error("a record without a room gives one")
	}
	r.Room = ClosedRoom
	if v, ok := r.FactText(FactRoom); v != "Closed" || !ok {
		t.Errorf("FactText = %q %v", v, ok)
	}
	if !r.Holds(FactRoom, "Closed") || r.Holds(FactRoom, "closed") || r.Holds(FactRoom, "Open") {
		t.Error("the field holds only its own spelling")
	}
	r.SetFactText(FactRoom, "closed")
	if v, ok := r.FactValue(FactRoom); v != "closed" || !ok {
		t.Errorf("FactValue = %q %v, want the text as given", v, ok)
	}
	var got []string
	r.EachTag(func(tg Tag) { got = append(got, tg.Name+"="+tg.Value) })
	if g := strings.Join(got, " "); g != "Event=E HomeTeam=H Room=closed" {
		t.Errorf("EachTag: %s", g)
	}
}

// FactNamed is a switch beside factNames: the two must name the same facts.
func TestFactNamed(t *testing.T) {
	t.Parallel()
	for _, f := range AllFacts {
		if g, ok := FactNamed(f.String()); !ok || g != f {
			t.Errorf("FactNamed(%q) = %v, %v; want %v", f.String(), g, ok, f)
		}
	}
	for _, name := range []string{"", "board", "Boards", "Annotator", "DealId", "Rooms", "Scores"} {
		if g, ok := FactNamed(name); ok {
			t.Errorf("FactNamed(%q) = %v; want none", name, g)
		}
	}
}

// writes holds for the deal's own PBN text from any seat, and for no other.
func TestDealWrites(t *testing.T) {
	t.Parallel()
	d, errs := ParseDeal("N:AKQ2.KJ5.A73.Q85 JT9.AQ2.KQ2.KJT2 8765.T9876.J5.A3 43.43.T9864.9764")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, s := range Seats {
		if !d.writes(d.PBN(s)) {
			t.Errorf("writes(%q) = false", d.PBN(s))
		}
	}
	for _, v := range []string{
		"N:AKQ2.KJ5.A73.Q85 JT9.AQ2.KQ2.KJT2 8765.T9876.J5.A3 43.43.T9864.9764 ",
		"n:AKQ2.KJ5.A73.Q85 JT9.AQ2.KQ2.KJT2 8765.T9876.J5.A3 43.43.T9864.9764",
		"N:AKQ2.KJ5.A73.Q85 JT9.AQ2.KQ2.KJT2 8765.T9876.J5.A3  43.43.T9864.9764",
		"N:AKQ2.KJ5.A73.Q85 JT9.AQ2.KQ2.KJ10 8765.T9876.J5.A3 43.43.T9864.9764",
		"AKQ2.KJ5.A73.Q85 JT9.AQ2.KQ2.KJT2 8765.T9876.J5.A3 43.43.T9864.9764",
		"", "N", "X:",
	} {
		if d.writes(v) {
			t.Errorf("writes(%q) = true", v)
		}
	}
	if got := d.PBN(East); got != "E:JT9.AQ2.KQ2.KJT2 8765.T9876.J5.A3 43.43.T9864.9764 AKQ2.KJ5.A73.Q85" {
		t.Errorf("PBN(East) = %q", got)
	}
}

// A deal's text is kept when it was read with faults, also when the field
// writes the same text: a card dealt to two hands.
func TestHoldsDealTwice(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		text string
		want bool
	}{
		{"as written from North", "N:AKQ2.KJ5.A73.Q85 JT9.AQ2.KQ2.KJT2 8765.T9876.J5.A3 43.43.T9864.9764", true},
		{"as written from East", "E:JT9.AQ2.KQ2.KJT2 8765.T9876.J5.A3 43.43.T9864.9764 AKQ2.KJ5.A73.Q85", true},
		{"10 for T", "N:AKQ2.KJ5.A73.Q85 JT9.AQ2.KQ2.KJ10 8765.T9876.J5.A3 43.43.T9864.9764", true},
		{"SA dealt twice", "N:AKQ2.KJ5.A73.Q85 AT9.AQ2.KQ2.KJT2 8765.T9876.J5.A3 43.43.T9864.9764", false},
		{"a suit short", "N:AKQ2.KJ5.A73.Q85 JT9.AQ2.KQ2.KJT2 8765.T9876.J5.A3 43.43.T9864", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := NewRecord()
			r.Deal, _ = ParseDeal(tc.text)
			r.SetFactText(FactDeal, tc.text)
			if got := r.Facts[FactDeal].Text == nil; got != tc.want {
				t.Errorf("%q: held %v, want %v", tc.text, got, tc.want)
			}
		})
	}
}
