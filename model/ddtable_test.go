package model

import "testing"

// RecordedDD reads the three forms a record gives its table in, with where
// each number stands.
func TestRecordedDD(t *testing.T) {
	hex := &Record{Tags: []Tag{{Name: "DoubleDummyTricks", Value: " 98765432109876543210", ValuePos: Pos{Line: 4, Col: 21}}}}
	rec, ok := hex.RecordedDD()
	if !ok || rec.From != "DoubleDummyTricks" || rec.Tricks[North][NoTrump] != 9 || rec.Tricks[South][NoTrump] != 4 ||
		rec.Tricks[West][StrainClubs] != 0 || rec.Pos[South][StrainSpades] != (Pos{Line: 4, Col: 28}) || !rec.Full() {
		t.Errorf("DoubleDummyTricks: %v %+v", ok, rec)
	}
	std := &Record{Sections: []Section{{
		Tag:     Tag{Name: "OptimumResultTable", Pos: Pos{Line: 9, Col: 1}},
		Columns: []Column{{Name: "Declarer"}, {Name: "Denomination", Width: 2, Align: 'R'}, {Name: "Result", Width: 2, Align: 'R'}},
		Rows:    [][]string{{"N", "NT", "5"}, {"E", "S", "11"}, {"X", "H", "3"}},
	}}}
	rec, ok = std.RecordedDD()
	if !ok || rec.Tricks[North][NoTrump] != 5 || rec.Tricks[East][StrainSpades] != 11 || rec.Tricks[North][StrainHearts] != -1 ||
		rec.Pos[East][StrainSpades] != (Pos{Line: 9, Col: 1}) || rec.Full() {
		t.Errorf("OptimumResultTable: %v %+v", ok, rec)
	}
	helper := &Record{Sections: []Section{{
		Tag:     Tag{Name: "OptimumResultTable"},
		Columns: []Column{{Name: "Declarer Suit Tricks"}},
		Rows:    [][]string{{"W"}, {"D"}, {"7"}, {"S"}, {"C"}},
	}}}
	if rec, ok = helper.RecordedDD(); !ok || rec.Tricks[West][StrainDiamonds] != 7 || rec.Tricks[South][StrainClubs] != -1 {
		t.Errorf("BBO Helper's form: %v %+v", ok, rec)
	}
	if _, ok := (&Record{Tags: []Tag{{Name: "DoubleDummyTricks", Value: "9876543210987654321"}}}).RecordedDD(); ok {
		t.Error("19 digits read as a table")
	}
}
