package model

import "testing"

// RecordedDD reads the two forms a record gives its table in, with where
// each number stands: its double-dummy table before its DoubleDummyTricks.
func TestRecordedDD(t *testing.T) {
	t.Parallel()
	hex := &Record{Tags: []Tag{{Name: "DoubleDummyTricks", Value: " 98765432109876543210", ValuePos: Pos{Line: 4, Col: 21}}}}
	rec, ok := hex.RecordedDD()
	if !ok || rec.From != "DoubleDummyTricks" || rec.Tricks[North][NoTrump] != 9 || rec.Tricks[South][NoTrump] != 4 ||
		rec.Tricks[West][StrainClubs] != 0 || rec.Pos[South][StrainSpades] != (Pos{Line: 4, Col: 28}) || !rec.Full() {
		t.Errorf("DoubleDummyTricks: %v %+v", ok, rec)
	}
	dd := NewDDTable()
	dd[North][NoTrump], dd[East][StrainSpades] = 5, 11
	std := &Record{Sections: []Section{{Tag: Tag{Pos: Pos{Line: 9, Col: 1}}, DD: &dd}}, Tags: hex.Tags}
	rec, ok = std.RecordedDD()
	if !ok || rec.From != "the double-dummy table" || rec.Tricks[North][NoTrump] != 5 || rec.Tricks[East][StrainSpades] != 11 ||
		rec.Tricks[North][StrainHearts] != -1 || rec.Pos[East][StrainSpades] != (Pos{Line: 9, Col: 1}) || rec.Full() {
		t.Errorf("table: %v %+v", ok, rec)
	}
	if _, ok := (&Record{Tags: []Tag{{Name: "DoubleDummyTricks", Value: "9876543210987654321"}}}).RecordedDD(); ok {
		t.Error("19 digits read as a table")
	}
}
