package layout_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"handrec/model"
	"handrec/model/layout"
)

// LiftFacts takes the facts' tags out of Tags: the first of each into its
// note, with its text only where the field cannot hold it, a repeated one
// into the PBN layout at its place; the other tags stay in order.
func TestLiftFacts(t *testing.T) {
	r := model.NewRecord()
	r.Board, r.Vul, r.Dealer = 7, model.VulAll, model.North
	at := func(l, c int) model.Pos { return model.Pos{Line: l, Col: c} }
	note := []model.Comment{{Text: "a note"}}
	r.Tags = []model.Tag{
		{Name: "Annotator", Value: "Club"},
		{Name: "Board", Value: "007", ValuePos: at(2, 8), Comments: note},
		{Name: "Vulnerable", Value: "Both", ValuePos: at(3, 13)},
		{Name: "Deal", Value: "N:AKQ.xx", ValuePos: at(4, 7)},
		{Name: "Declarer", Value: "?", ValuePos: at(5, 11)},
		{Name: "Dealer", Value: "N", ValuePos: at(6, 9)},
		{Name: "Round", Value: "Home"},
		{Name: "Dealer", Value: "S", ValuePos: at(8, 9), Comments: note},
		{Name: "Room", Value: "closed", ValuePos: at(9, 7)},
		{Name: "North", Value: "?", ValuePos: at(10, 8)},
		{Name: "Score", Value: "EW 110", ValuePos: at(11, 8)},
	}
	layout.LiftFacts(r)
	if r.Room != model.ClosedRoom {
		t.Errorf("room %v, want Closed: LiftFacts reads the room when the field has none", r.Room)
	}
	wantTags := []model.Tag{{Name: "Annotator", Value: "Club"}, {Name: "Round", Value: "Home"}}
	if !reflect.DeepEqual(r.Tags, wantTags) {
		t.Errorf("tags %+v, want %+v", r.Tags, wantTags)
	}
	text := func(s string) *string { return &s }
	want := [model.NumFacts]model.FactNote{
		model.FactBoard:    {Pos: at(2, 8), Comments: note, At: 2},
		model.FactVul:      {Pos: at(3, 13), At: 3},
		model.FactDeal:     {Pos: at(4, 7), Text: text("N:AKQ.xx"), At: 4},
		model.FactDeclarer: {Pos: at(5, 11), Text: text("?"), At: 5},
		model.FactDealer:   {Pos: at(6, 9), At: 6},
		model.FactRoom:     {Pos: at(9, 7), Text: text("closed"), At: 9},
		model.FactNorth:    {Pos: at(10, 8), Text: text("?"), At: 10},
		model.FactScore:    {Pos: at(11, 8), At: 11},
	}
	if !reflect.DeepEqual(r.Facts, want) {
		t.Errorf("facts %+v, want %+v", r.Facts, want)
	}
	wantL := &layout.PBN{Repeats: []layout.Repeat{{At: 2, Tag: model.Tag{Name: "Dealer", Value: "S", ValuePos: at(8, 9), Comments: note}}}}
	if !reflect.DeepEqual(r.Layout, model.Layout(wantL)) {
		t.Errorf("layout %+v, want %+v", r.Layout, wantL)
	}
	for _, c := range []struct {
		f    model.Fact
		want string
		ok   bool
	}{
		{model.FactBoard, "7", true}, {model.FactVul, "All", true}, {model.FactDeal, "N:AKQ.xx", true},
		{model.FactDeclarer, "?", true}, {model.FactContract, "", false}, {model.FactResult, "", false},
	} {
		if v, ok := r.FactValue(c.f); v != c.want || ok != c.ok {
			t.Errorf("FactValue(%s) = %q %v, want %q %v", c.f, v, ok, c.want, c.ok)
		}
	}

	// the layout and the notes go through the record's JSON
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back model.Record
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Layout, r.Layout) || !reflect.DeepEqual(back.Facts, r.Facts) {
		t.Errorf("through JSON: %s", b)
	}
}

// A record and a header stored by an older handrec, which held PBN's
// bookkeeping themselves (the model's own JSON: "directives" of a record,
// "version", "export", "directives" and "tags" of a header), give it to
// their PBN layouts on reading, and write it there.
func TestAdoptStoredBookkeeping(t *testing.T) {
	var r model.Record
	old := `{"index":1,"pos":{"line":3,"col":1},"directives":[{"text":" a game's","pos":{"line":4,"col":1}}],"tags":[],` +
		`"sections":[{"tag":{"name":"Extra","value":"Rank\\2R;Name","pos":{"line":9,"col":1},"value_pos":{"line":9,"col":8}},` +
		`"columns":[{"name":"Rank","width":2,"align":82},{"name":"Name"}],"rows":[["1","\"A\""]]}]}`
	if err := json.Unmarshal([]byte(old), &r); err != nil {
		t.Fatal(err)
	}
	if ds := layout.Directives(&r); len(ds) != 1 || ds[0].Text != " a game's" || ds[0].Pos.Line != 4 {
		t.Errorf("escape lines %+v, want the game's", ds)
	}
	// a table's columns were objects with PBN's width and alignment,
	// which its tag's value gives
	if s := r.Sections[0]; !reflect.DeepEqual(s.Columns, []string{"Rank", "Name"}) || !reflect.DeepEqual(layout.ColumnHeaders(&s), []string{`Rank\2R`, "Name"}) {
		t.Errorf("section columns %q, headers %q", s.Columns, layout.ColumnHeaders(&s))
	}
	b, err := json.Marshal(&r)
	if err != nil {
		t.Fatal(err)
	}
	const wantLayout = `"layout":{"format":"PBN","data":{"directives":[{"text":" a game's","pos":{"line":4,"col":1}}]}}`
	if !strings.Contains(string(b), wantLayout) || strings.Count(string(b), "directives") != 1 {
		t.Errorf("written\n%s\nwant the escape lines in the layout only: %s", b, wantLayout)
	}
	var h model.Header
	oldHeader := `{"version":"2.1","export":true,"directives":[{"text":" x","pos":{"line":3,"col":1}}],"tags":[{"name":"Event","value":"Club","pos":{"line":0,"col":0},"value_pos":{"line":0,"col":0}}],"encoding":"ascii","format":"pbn"}`
	if err := json.Unmarshal([]byte(oldHeader), &h); err != nil {
		t.Fatal(err)
	}
	ph := layout.HeaderOf(h)
	if ph == nil || ph.Version != "2.1" || !ph.Export || len(ph.Directives) != 1 || len(ph.Tags) != 1 || h.Format != model.PBN || h.Encoding != "ascii" {
		t.Fatalf("header %+v, layout %+v", h, ph)
	}
	var again model.Header
	if b, err = json.Marshal(h); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &again); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(layout.HeaderOf(again), ph) || again.Format != model.PBN {
		t.Errorf("header written as\n%s\nread back %+v", b, layout.HeaderOf(again))
	}
	var lin model.Header
	if err := json.Unmarshal([]byte(`{"encoding":"utf-8","format":"LIN"}`), &lin); err != nil || lin.Layout != nil {
		t.Errorf("a LIN header: layout %+v, %v; want none", lin.Layout, err)
	}
}
