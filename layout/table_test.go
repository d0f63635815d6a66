package layout_test

import (
	"reflect"
	"strings"
	"testing"

	"handrec/layout"
	"handrec/model"
)

// section is a table as the PBN reader keeps it before TypeTables.
func section(name, header string, rows ...string) model.Section {
	cols, _ := layout.ParseColumns(header)
	s := model.Section{Tag: model.Tag{Name: name, Value: header, Pos: model.Pos{Line: 9, Col: 1}}, Columns: layout.Names(cols)}
	for _, r := range rows {
		s.Rows = append(s.Rows, strings.Fields(r))
	}
	return s
}

// written is r's section i as PBN's writer lays it out: its tag, then a
// line a row.
func written(r *model.Record, i int) string {
	name, header, _, rows := layout.SectionTable(r, i)
	lines := []string{name + " " + header}
	for _, row := range rows {
		lines = append(lines, strings.Join(row, " "))
	}
	return strings.Join(lines, "|")
}

// TypeTables reads the double-dummy table in the standard form and BBO
// Helper's as data, keeps in the layout only what the data does not give
// back (the order of the rows, a lower-case seat), and a table with a row
// it cannot read stays as read.
func TestTypeTablesDD(t *testing.T) {
	t.Parallel()
	r := model.NewRecord()
	r.Sections = []model.Section{
		section("OptimumResultTable", `Declarer;Denomination\2R;Result\2R`, "N NT 5", "S NT 5"),
		section("OptimumResultTable", `Declarer;Denomination\2R;Result\1R`, "E S 11", "n NT 5"),
		section("OptimumResultTable", "Declarer Suit Tricks", "W", "D", "7", "S", "C", "12"),
		section("OptimumResultTable", `Declarer;Denomination\2R;Result\2R`, "N NT 5", "X H 3"),
	}
	r.Sections[2].Rows = [][]string{{"W"}, {"D"}, {"7"}, {"S"}, {"C"}, {"12"}}
	want := []string{
		`OptimumResultTable Declarer;Denomination\2R;Result\2R|N NT 5|S NT 5`,
		`OptimumResultTable Declarer;Denomination\2R;Result\1R|E S 11|n NT 5`,
		`OptimumResultTable Declarer Suit Tricks|W|D|7|S|C|12`,
		`OptimumResultTable Declarer;Denomination\2R;Result\2R|N NT 5|X H 3`,
	}
	layout.TypeTables(r)
	for i, w := range want {
		if got := written(r, i); got != w {
			t.Errorf("section %d written %q, want %q", i+1, got, w)
		}
	}
	kinds := []model.TableKind{}
	for i := range r.Sections {
		kinds = append(kinds, r.Sections[i].Kind())
	}
	if !reflect.DeepEqual(kinds, []model.TableKind{model.DDSection, model.DDSection, model.DDSection, model.GenericSection}) {
		t.Fatalf("kinds %v", kinds)
	}
	if s := r.Sections[0]; s.Tag.Name != "" || s.DD[model.South][model.NoTrump] != 5 || s.DD[model.South][model.StrainSpades] != -1 {
		t.Errorf("section 1: %+v", s)
	}
	if s := r.Sections[1]; s.DD[model.North][model.NoTrump] != 5 || s.DD[model.East][model.StrainSpades] != 11 {
		t.Errorf("section 2: %+v", s)
	}
	if s := r.Sections[2]; s.DD[model.West][model.StrainDiamonds] != 7 || s.DD[model.South][model.StrainClubs] != 12 {
		t.Errorf("section 3: %+v", s)
	}
	l := r.Layout.(*layout.PBN)
	if len(l.Tables) != 2 || l.Tables[0].Section != 1 || !reflect.DeepEqual(l.Tables[0].Order, []int8{1*5 + 3, 0*5 + 4}) ||
		!reflect.DeepEqual(l.Tables[0].Cells, []layout.Cell{{Row: 1, Col: 0, Text: "n", Canon: "N"}}) ||
		l.Tables[1].Section != 2 || !l.Tables[1].Flat {
		t.Errorf("layout %+v", l.Tables)
	}
}

// A turned double-dummy table is written by the seats the hands went to,
// in the writer's order once the rows as written no longer fit, and an
// element kept as written only while its value's form is unchanged.
func TestDDTurnedWritten(t *testing.T) {
	t.Parallel()
	r := model.NewRecord()
	r.Sections = []model.Section{section("OptimumResultTable", `Declarer;Denomination\2R;Result\2R`, "W D 11", "n NT 4", "N S 5")}
	layout.TypeTables(r)
	if got, want := written(r, 0), `OptimumResultTable Declarer;Denomination\2R;Result\2R|W D 11|n NT 4|N S 5`; got != want {
		t.Fatalf("read: %q, want %q", got, want)
	}
	turned := r.Sections[0].DD.Turned(1)
	r.Sections[0].DD = &turned
	if got, want := written(r, 0), `OptimumResultTable Declarer;Denomination\2R;Result\2R|N D 11|E NT 4|E S 5`; got != want {
		t.Errorf("turned: %q, want %q", got, want)
	}
}

// A traveller is read as data, the columns the reader does not know kept
// by name with their elements, and written back as read; turned a seat,
// its NS and EW columns change names, its declarers turn, and each
// element stays where it stood.
func TestTraveller(t *testing.T) {
	t.Parallel()
	r := model.NewRecord()
	header := `Round\1R;PairId_NS\2R;PairId_EW\2R;Contract\4L;Declarer\1R;Result\2R;Score_NS\5R;Score_EW\5R;Names_NS\12L;Center`
	r.Sections = []model.Section{section("ScoreTable", header,
		`1 1 8 "4H" S 11 650 - "Nilsen-Håland" OMS`,
		`2 3 6 5DX W 9 500 - "Dahl-Eik" -`)}
	layout.TypeTables(r)
	tr := r.Sections[0].Traveller
	if tr == nil {
		t.Fatal("traveller not read")
	}
	res := tr.Results[0]
	if res.Round != 1 || res.Pair != [2]string{"1", "8"} || res.Contract.String() != "4H" || res.Declarer != model.South ||
		res.Result != 11 || res.Score != [2]int{650, model.NoInt} || res.Names != [2]string{"Nilsen-Håland", ""} ||
		!reflect.DeepEqual(res.Other, []string{"OMS"}) || res.Rank != model.NoInt || res.IMP[0].Known() {
		t.Errorf("result 1: %+v", res)
	}
	if c := tr.Columns[9]; c.Field != model.NoField || c.Name != "Center" {
		t.Errorf("column 10: %+v", c)
	}
	rows := `1 1 8 "4H" S 11 650 - "Nilsen-Håland" OMS|2 3 6 5DX W 9 500 - "Dahl-Eik" -`
	if got, want := written(r, 0), "ScoreTable "+header+"|"+rows; got != want {
		t.Errorf("read: %q\nwant  %q", got, want)
	}
	r.Sections[0].Traveller = tr.Turned(1)
	turned := `Round\1R;PairId_EW\2R;PairId_NS\2R;Contract\4L;Declarer\1R;Result\2R;Score_EW\5R;Score_NS\5R;Names_EW\12L;Center`
	rows = `1 1 8 "4H" W 11 650 - "Nilsen-Håland" OMS|2 3 6 5DX N 9 500 - "Dahl-Eik" -`
	if got, want := written(r, 0), "ScoreTable "+turned+"|"+rows; got != want {
		t.Errorf("turned: %q\nwant    %q", got, want)
	}
	if res := r.Sections[0].Traveller.Results[0]; res.Pair != [2]string{"8", "1"} || res.Score != [2]int{model.NoInt, 650} {
		t.Errorf("turned result 1: %+v", res)
	}
}

// Standings are read as data; the non-standard columns MP and Percentage
// are kept by name.
func TestStandings(t *testing.T) {
	t.Parallel()
	r := model.NewRecord()
	header := `-Rank\3R;PairId\5R;Names\45;Center\3;NrBoards\3R;MP\6R;+Percentage\5R`
	r.Sections = []model.Section{section("TotalScoreTable", header)}
	r.Sections[0].Rows = [][]string{{"1", "581", `"Sergey OSTRIKOV      ;Oleg ODINTSEV        "`, "OMS", "20", "1449.8", "72.49"}}
	layout.TypeTables(r)
	st := r.Sections[0].Standings
	if st == nil {
		t.Fatal("standings not read")
	}
	if row := st.Rows[0]; row.Rank != 1 || row.Pair != "581" || row.Names != "Sergey OSTRIKOV      ;Oleg ODINTSEV        " ||
		row.Boards != 20 || !reflect.DeepEqual(row.Other, []string{"OMS", "1449.8", "72.49"}) || row.Totals[0].Known() {
		t.Errorf("row 1: %+v", row)
	}
	want := "TotalScoreTable " + header + `|1 581 "Sergey OSTRIKOV      ;Oleg ODINTSEV        " OMS 20 1449.8 72.49`
	if got := written(r, 0); got != want {
		t.Errorf("written %q\nwant    %q", got, want)
	}
}

// TeamNames: a match's teams, else the HomeTeam and VisitTeam tags, PBN's
// unknown ("?", "-") as no name.
func TestTeamNames(t *testing.T) {
	t.Parallel()
	r := model.NewRecord()
	r.SetTag("HomeTeam", "Lions")
	r.SetTag("VisitTeam", "?")
	if h, v := layout.TeamNames(r); h != "Lions" || v != "" {
		t.Errorf("tags: %q %q", h, v)
	}
	r.Match = &model.Match{Home: model.Team{Name: "Oaks"}, Visit: model.Team{Name: "Elms"}}
	if h, v := layout.TeamNames(r); h != "Oaks" || v != "Elms" {
		t.Errorf("match: %q %q", h, v)
	}
}
