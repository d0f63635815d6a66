package render

import (
	"testing"

	"handrec/layout"
	"handrec/model"
)

func TestDDView(t *testing.T) {
	t.Parallel()
	std := model.Section{
		Tag:     model.Tag{Name: "OptimumResultTable"},
		Columns: []string{"Declarer", "Denomination", "Result"},
		Rows:    [][]string{{"N", "NT", "6"}, {"E", "H", "11"}},
	}
	bbo := model.Section{
		Tag:     model.Tag{Name: "OptimumResultTable"},
		Columns: []string{"Declarer Suit Tricks"},
		Rows:    [][]string{{"S"}, {"H"}, {"12"}},
	}
	cases := []struct {
		name string
		rec  model.Record
		want map[[2]int]int // [seat, strain] -> tricks; every other cell -1
		rows []model.Seat
		par  string
	}{
		{"standard table", model.Record{Sections: []model.Section{std}},
			map[[2]int]int{{0, 4}: 6, {1, 2}: 11}, []model.Seat{model.North, model.East}, ""},
		{"BBO Helper's one element a line", model.Record{Sections: []model.Section{bbo}},
			map[[2]int]int{{2, 2}: 12}, []model.Seat{model.South}, ""},
		{"DoubleDummyTricks, N S E W by NT S H D C", model.Record{Tags: []model.Tag{
			{Name: "DoubleDummyTricks", Value: "63b3c63b3c492a0492a0"}, {Name: "OptimumScore", Value: "EW -300"}}},
			map[[2]int]int{
				{0, 4}: 6, {0, 3}: 3, {0, 2}: 11, {0, 1}: 3, {0, 0}: 12,
				{2, 4}: 6, {2, 3}: 3, {2, 2}: 11, {2, 1}: 3, {2, 0}: 12,
				{1, 4}: 4, {1, 3}: 9, {1, 2}: 2, {1, 1}: 10, {1, 0}: 0,
				{3, 4}: 4, {3, 3}: 9, {3, 2}: 2, {3, 1}: 10, {3, 0}: 0,
			}, []model.Seat{model.North, model.South, model.East, model.West}, "EW -300"},
		{"par score and contracts", model.Record{Sections: []model.Section{bbo}, Tags: []model.Tag{
			{Name: "ParContract", Value: "NS 4H=; NS 4S="}, {Name: "OptimumScore", Value: "NS 620"}}},
			map[[2]int]int{{2, 2}: 12}, []model.Seat{model.South}, "NS 620: NS 4♥=, NS 4♠="},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			layout.TypeTables(&c.rec) // as the PBN reader does
			layout.LiftFacts(&c.rec)
			v := newDDView(&c.rec, Style{})
			if v == nil {
				t.Fatal("no table")
			}
			for s := 0; s < 4; s++ {
				for st := 0; st < 5; st++ {
					want, ok := c.want[[2]int{s, st}]
					if !ok {
						want = -1
					}
					if v.Tricks[s][st] != want {
						t.Errorf("%s %s: %d tricks, want %d", model.Seat(s), model.Strain(st), v.Tricks[s][st], want)
					}
				}
			}
			if len(v.Rows) != len(c.rows) {
				t.Fatalf("rows %v, want %v", v.Rows, c.rows)
			}
			for i := range c.rows {
				if v.Rows[i] != c.rows[i] {
					t.Errorf("rows %v, want %v", v.Rows, c.rows)
				}
			}
			if v.Par != c.par {
				t.Errorf("par %q, want %q", v.Par, c.par)
			}
		})
	}
	if v := newDDView(&model.Record{Tags: []model.Tag{{Name: "DoubleDummyTricks", Value: "63b3c"}}}, Style{}); v != nil {
		t.Errorf("a short DoubleDummyTricks gave a table: %+v", v)
	}
	// a table with a row that is no declarer, strain and tricks stays as
	// written, and the reader says so
	std.Rows = append(std.Rows, []string{"W", "X", "3"})
	std.Tag.Pos = model.Pos{Line: 7, Col: 1}
	bad := &model.Record{File: "t.pbn", Sections: []model.Section{std}}
	layout.TypeTables(bad)
	if v := newDDView(bad, Style{}); v != nil || len(bad.Problems) != 1 ||
		bad.Problems[0].Error() != `t.pbn:7:1: warning: table OptimumResultTable: row 3 ("W X 3") is not a declarer, strain and tricks given once; the table is kept as written, not read` {
		t.Errorf("a table with a bad row: %+v, problems %v", v, bad.Problems)
	}
}
