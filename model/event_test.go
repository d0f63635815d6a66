package model

import (
	"strconv"
	"testing"
)

// A score reads in PBN's five forms and only those, written back as read;
// one read otherwise is kept as given beside an empty field.
func TestParseScore(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]bool{
		"110": true, "-110": true, "NS 110": true, "EW -110": true, "NS 110 EW -110": true, "EW 3 NS -3": true,
		"NS 5.5": true, "NS 12.25 EW 7.75": true,
		"": false, "NS  110": false, "ns 110": false, "NS 110 NS 90": false, "NS": false, "+110": true, "NS +620": true, "+": false, "-": false, "+-1": false,
		"NS 1.": false, "0.": false, "100.": false, "EW 50. NS 50.0": false, "NS .5": false, "NS 110 EW": false, "110 EW 3": false,
	} {
		t.Run(strconv.Quote(in), func(t *testing.T) {
			s, ok := ParseScore(in)
			if ok != want || ok && s.String() != in || !ok && !s.IsZero() {
				t.Errorf("ParseScore(%q) = %q %v, want ok %v", in, s.String(), ok, want)
			}
		})
	}
	r := NewRecord()
	r.SetFact(FactScore, "NS  110")
	if v, ok := r.FactValue(FactScore); v != "NS  110" || !ok || !r.Recorded.Score.IsZero() {
		t.Errorf("score as given %q %v, field %+v", v, ok, r.Recorded.Score)
	}
}

// A score's sides turn with an odd number of seats; the declarer's bare
// number does not. Of gives a side's number, a bare one by the declarer.
func TestScoreTurned(t *testing.T) {
	t.Parallel()
	s, _ := ParseScore("EW 110 NS -110")
	if got := s.Turned(1).String(); got != "NS 110 EW -110" {
		t.Errorf("turned once %q", got)
	}
	if got := s.Turned(2).String(); got != "EW 110 NS -110" {
		t.Errorf("turned twice %q", got)
	}
	bare, _ := ParseScore("420")
	if got := bare.Turned(3).String(); got != "420" {
		t.Errorf("bare turned %q", got)
	}
	if v, ok := bare.Of(NS, West); v != "-420" || !ok {
		t.Errorf("bare of NS, West declaring: %q %v", v, ok)
	}
	if v, ok := s.Of(NS, NoSeat); v != "-110" || !ok {
		t.Errorf("NS of %q: %q %v", s, v, ok)
	}
	plus, _ := ParseScore("+620")
	if v, ok := plus.Of(NS, West); v != "-620" || !ok {
		t.Errorf("EW of %q: %q %v", plus, v, ok)
	}
}

// Players: "?", "-" and "" are unknown (an empty field), the text kept as
// given; a name is held. The event is copied before a write: a record
// sharing another's event does not change it.
func TestPlayersAndEvent(t *testing.T) {
	t.Parallel()
	r := NewRecord()
	for s, v := range map[Seat]string{North: "?", East: "-", South: "", West: "Ann"} {
		r.SetFact(PlayerFact(s), v)
	}
	if r.Players != [4]string{"", "", "", "Ann"} {
		t.Errorf("players %q", r.Players)
	}
	for s, want := range map[Seat]string{North: "?", East: "-", South: "", West: "Ann"} {
		if v, ok := r.FactValue(PlayerFact(s)); v != want || !ok {
			t.Errorf("%s as given %q %v", s, v, ok)
		}
	}
	if r.Facts[FactWest].Text != nil {
		t.Error("a name is held by its field")
	}
	r.SetFact(FactEvent, "Club")
	o := NewRecord()
	o.Event = r.Event
	o.SetFact(FactSite, "Oslo")
	if r.Event.Site != "" || o.Event.Name != "Club" || o.Event.Site != "Oslo" || r.Event == o.Event {
		t.Errorf("shared event written: %+v, %+v", r.Event, o.Event)
	}
}
