package layout_test

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"handrec/layout"
	"handrec/model"
)

// LiftFacts takes the facts' tags out of Tags: the first of each into its
// note, with its text only where the field cannot hold it, a repeated one
// into the PBN layout at its place, and the tags' order into the PBN
// layout, since the room stood before a tag; the other tags stay in order.
func TestLiftFacts(t *testing.T) {
	t.Parallel()
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
		{Name: "Room", Value: "closed", ValuePos: at(7, 7)},
		{Name: "Round", Value: "Home"},
		{Name: "Dealer", Value: "S", ValuePos: at(9, 9), Comments: note},
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
		model.FactBoard:    {Pos: at(2, 8), Comments: note},
		model.FactVul:      {Pos: at(3, 13)},
		model.FactDeal:     {Pos: at(4, 7), Text: text("N:AKQ.xx")},
		model.FactDeclarer: {Pos: at(5, 11), Text: text("?")},
		model.FactDealer:   {Pos: at(6, 9)},
		model.FactRoom:     {Pos: at(7, 7), Text: text("closed")},
		model.FactNorth:    {Pos: at(10, 8), Text: text("?")},
		model.FactScore:    {Pos: at(11, 8)},
	}
	if !reflect.DeepEqual(r.Facts, want) {
		t.Errorf("facts %+v, want %+v", r.Facts, want)
	}
	wantL := &layout.PBN{Repeats: []layout.Repeat{{At: 2, Tag: model.Tag{Name: "Dealer", Value: "S", ValuePos: at(9, 9), Comments: note}}},
		TagOrder: []string{"Annotator", "Board", "Vulnerable", "Deal", "Declarer", "Dealer", "Room", "Round", "Dealer", "North", "Score"}}
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
	t.Parallel()
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

// The PBN layout keeps the order of a record's tags only when the PBN
// writer needs it: when a fact that is not mandatory stood elsewhere than
// PBN exports it (the event's before the tags, the room, the scores and
// the par after them, in that order). Where the mandatory facts stood
// does not count: the writer writes them first, in their order. PlaceFacts
// places each fact after the tags and repeated tags before it.
func TestTagOrder(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		tags  string // the tags as read, by name
		order bool   // the layout keeps their order
		place string // PlaceFacts: each fact after so many tags
	}{
		{"Event Board Dealer Annotator Room Score", false, "Room@9 Score@9"}, // 9: after all the tags
		{"Board Event Dealer Annotator Room Score", false, "Room@9 Score@9"}, // a mandatory fact's place
		{"Event Stage Board Annotator Room", false, "Stage@0 Room@9"},
		{"Event Board Annotator Stage Room", true, "Stage@1 Room@1"},
		{"Event Room Board Annotator", true, "Room@0"},
		{"Event Board Annotator Score Room", true, "Score@1 Room@1"},
		{"Event Board Dealer Board Annotator Room", false, "Room@9"}, // a repeated Board counts as a tag
		{"Event Board Room Dealer Board Annotator", true, "Room@0"},
		{"Event Board Dealer Annotator Room Round", true, "Room@1"},
	} {
		t.Run(c.tags, func(t *testing.T) {
			r := model.NewRecord()
			for _, n := range strings.Fields(c.tags) {
				v := map[string]string{"Board": "1", "Dealer": "N", "Room": "Open", "Score": "NS 420", "Stage": "Final"}[n]
				r.Tags = append(r.Tags, model.Tag{Name: n, Value: v})
			}
			layout.LiftFacts(r)
			if got := layout.TagOrder(r) != nil; got != c.order {
				t.Errorf("%s: order kept %v, want %v", c.tags, got, c.order)
			}
			var got []string
			for _, p := range layout.PlaceFacts(r) {
				b := strconv.Itoa(p.Before)
				if p.Before > 99 {
					b = "9"
				}
				got = append(got, p.Fact.String()+"@"+b)
			}
			if g := strings.Join(got, " "); g != c.place {
				t.Errorf("%s: placed %s, want %s", c.tags, g, c.place)
			}
		})
	}
}

// SetTagOrder keeps an order in a record's PBN layout only where the PBN
// writer needs it, drops one it no longer needs, and keeps none in a
// record whose layout is another format's.
func TestSetTagOrder(t *testing.T) {
	t.Parallel()
	r := model.NewRecord()
	r.Tags = []model.Tag{{Name: "Annotator", Value: "A"}}
	r.Room = model.OpenRoom
	layout.SetTagOrder(r, []string{"Board", "Annotator", "Room"})
	if r.Layout != nil {
		t.Errorf("the room where PBN exports it: layout %+v", r.Layout)
	}
	order := []string{"Room", "Annotator"}
	layout.SetTagOrder(r, order)
	if got := layout.TagOrder(r); !reflect.DeepEqual(got, order) {
		t.Errorf("the room before the tags: order %q", got)
	}
	layout.SetTagOrder(r, nil)
	if r.Layout != nil {
		t.Errorf("an order no longer needed: layout %+v", r.Layout)
	}
	r.Layout = new(layout.LIN)
	layout.SetTagOrder(r, order)
	if l, ok := r.Layout.(*layout.LIN); !ok || !l.Empty() {
		t.Errorf("a LIN record: layout %+v", r.Layout)
	}
}

// A PBN layout holds a tag order and ";" comments side by side (the two
// were written apart): dropping the one keeps the layout when it holds
// the other (PBN.Empty counts both).
func TestOrderBesideSemicolons(t *testing.T) {
	t.Parallel()
	order := []string{"Room", "Annotator"}
	semi := func(c *model.Comment) bool { return c.Text == "s" }
	for _, drop := range []string{"semicolons", "order"} {
		t.Run("drop the "+drop, func(t *testing.T) {
			r := model.NewRecord()
			r.Room = model.OpenRoom
			r.Tags = []model.Tag{{Name: "Annotator", Value: "A", Comments: []model.Comment{{Text: "s"}, {Text: "b"}}}}
			layout.SetTagOrder(r, order)
			if !layout.SetSemicolons(r, semi) {
				t.Fatal("SetSemicolons: false on a PBN layout")
			}
			if l, ok := r.Layout.(*layout.PBN); !ok || !reflect.DeepEqual(l.TagOrder, order) || !reflect.DeepEqual(l.Semicolons, []int{0}) {
				t.Fatalf("layout %+v", r.Layout)
			}
			if drop == "semicolons" {
				layout.SetSemicolons(r, func(*model.Comment) bool { return false })
				if got := layout.TagOrder(r); !reflect.DeepEqual(got, order) {
					t.Errorf("no ';' comment: tag order %q, want %q", got, order)
				}
				return
			}
			layout.SetTagOrder(r, nil)
			if sc := layout.Semicolons(r); len(sc) != 1 || !sc[&r.Tags[0].Comments[0]] {
				t.Errorf("no tag order: ';' comments %v, layout %+v", sc, r.Layout)
			}
		})
	}
}
