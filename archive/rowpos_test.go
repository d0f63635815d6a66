package archive

import (
	"reflect"
	"testing"

	"handrec/model"
)

// TestRowPos: the rows' places of a record's tables go into row_pos's
// text, runs of rows on the lines after one another written once, and
// come back the same; a section without places stays without.
func TestRowPos(t *testing.T) {
	t.Parallel()
	p := func(l, c int) model.Pos { return model.Pos{Line: l, Col: c} }
	r := &model.Record{Sections: []model.Section{
		{},
		{RowPos: []model.Pos{p(24, 1), p(25, 1), p(26, 1), p(28, 5), p(29, 1), p(30, 1)}},
		{RowPos: []model.Pos{p(40, 3)}},
	}}
	text := rowPosOf(r)
	if text != "1:24.1*3,28.5,29.1*2;2:40.3" {
		t.Fatalf("row_pos %q", text)
	}
	back := &model.Record{Sections: make([]model.Section, 3)}
	setRowPos(back, text.(string))
	for i := range r.Sections {
		if !reflect.DeepEqual(back.Sections[i].RowPos, r.Sections[i].RowPos) {
			t.Errorf("section %d: %v, want %v", i, back.Sections[i].RowPos, r.Sections[i].RowPos)
		}
	}
	if rowPosOf(&model.Record{Sections: make([]model.Section, 2)}) != nil {
		t.Error("no places: row_pos not NULL")
	}
	bad := &model.Record{Sections: make([]model.Section, 2)}
	setRowPos(bad, "1:3.x;7:1.1;0:2.1*0;1")
	if bad.Sections[0].RowPos != nil || bad.Sections[1].RowPos != nil {
		t.Errorf("malformed text gave places: %v", bad.Sections)
	}
}
