package jsonrec

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"handrec/layout"
	"handrec/model"
)

// A record as JSON 2 writes it: calls, contract, cards as a player writes
// them, and back.
func TestRecordBothWays(t *testing.T) {
	t.Parallel()
	r := model.NewRecord()
	r.Board, r.Dealer, r.Vul, r.Declarer = 3, model.South, model.VulEW, model.West
	for i, f := range []model.Fact{model.FactStage, model.FactEvent, model.FactNorth} {
		r.SetFact(f, []string{"Final", "Club", "Ann"}[i])
	}
	r.Tags = []model.Tag{{Name: "Round", Value: "1"}}
	// the stage after a tag: PBN's layout keeps the order
	order := []string{"Event", "Round", "Stage", "North"}
	layout.SetTagOrder(r, order)
	r.Contract = model.Contract{Kind: model.Bid, Level: 5, Strain: model.StrainClubs, Doubled: 1}
	r.Result = model.Result{Tricks: 11, Defenders: -1}
	r.Auction = &model.Auction{First: model.South, Calls: []model.Call{
		{Kind: model.BidCall, Level: 5, Strain: model.StrainClubs, Alert: true, Explanation: "to play"},
		{Kind: model.Double}, {Kind: model.AllPass}}}
	r.Play = model.NewPlay(model.North)
	var tr model.Trick
	for i, c := range []string{"SA", "S2", "S3", "S4"} {
		card, _ := model.ParseCard(c)
		tr[model.North.Add(i)] = model.PlayCard{Kind: model.Played, Card: card}
	}
	tr[model.East].Annotations.NAGs = []int{7}
	r.Play.Tricks = []model.Trick{tr}
	jr, err := FromRecord(r)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(jr)
	const want = `{"board":3,"event":{"name":"Club"},"dealer":"S","vul":"EW","players":{"N":"Ann"},` +
		`"auction":{"first":"S","calls":[{"call":"5C","alert":true,"explanation":"to play"},{"call":"X"},{"call":"AP"}]},` +
		`"contract":"5CX","declarer":"W","tricks":11,` +
		`"play":{"leader":"N","tricks":[["SA","S2","S3","S4"]],"marks":[{"trick":1,"seat":"E","nags":[7]}]},` +
		`"tags":[{"name":"Stage","value":"Final"},{"name":"Round","value":"1"}],"source":{},` +
		`"layout":{"format":"PBN","data":{"tag_order":["Event","Round","Stage","North"]}}}`
	if string(b) != want {
		t.Fatalf("got  %s\nwant %s", b, want)
	}
	var back Record
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	r2, err := back.ToRecord()
	if err != nil {
		t.Fatal(err)
	}
	if d := model.Diff(r, r2); len(d) > 0 {
		t.Fatalf("changed: %v", d)
	}
	if c := r2.Auction.Calls[0]; c.Kind != model.BidCall || c.Level != 5 || c.Strain != model.StrainClubs || c.String() != "5C" {
		t.Errorf("5C read back as %+v", c)
	}
	if r2.Event.Stage != "Final" || r2.Event.Name != "Club" || r2.Players[model.North] != "Ann" || len(r2.Tags) != 1 {
		t.Errorf("event %+v, players %q, tags %+v", r2.Event, r2.Players, r2.Tags)
	}
	if got := layout.TagOrder(r2); !reflect.DeepEqual(got, order) {
		t.Errorf("tag order %q, want %q", got, order)
	}
}

// JSON written before the tag order was PBN's layout states it as the
// record's "tag_order", or by the order of its tags: ToRecord moves it
// into the PBN layout where the PBN writer needs it, and FromRecord gives
// it under "layout"; a LIN record's keeps none (its writer has its own
// order, and the PBN writer writes its facts where PBN exports them).
func TestOldTagOrder(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, in, order, out string }{
		{"tag_order with the room before a tag", `{"board":1,"room":"Open","tags":[{"name":"Round","value":"1"}],"tag_order":["Board","Room","Round"]}`,
			"Board Room Round", `"tag_order":["Board","Room","Round"]`},
		// the order stated by the tags: the stage after a tag
		{"the stage after a tag", `{"board":1,"tags":[{"name":"Round","value":"1"},{"name":"Stage","value":"F"}]}`,
			"Board Round Stage", `"tag_order":["Board","Round","Stage"]`},
		// where PBN exports them: no order kept
		{"tag_order as PBN exports", `{"board":1,"room":"Open","tags":[{"name":"Round","value":"1"}],"tag_order":["Round","Board","Room"]}`, "", ""},
		{"tags as PBN exports", `{"board":1,"tags":[{"name":"Stage","value":"F"},{"name":"Round","value":"1"}]}`, "", ""},
		{"a LIN record", `{"board":1,"room":"Open","tags":[{"name":"Stage","value":"F"}],"tag_order":["Room","Stage","Board"],` +
			`"layout":{"format":"LIN","data":{"heads":[{"name":"room"}]}}}`, "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			var d Record
			if err := json.Unmarshal([]byte(c.in), &d); err != nil {
				t.Fatal(err)
			}
			r, err := d.ToRecord()
			if err != nil {
				t.Fatal(err)
			}
			if _, lin := r.Layout.(*layout.LIN); lin != strings.Contains(c.in, "LIN") {
				t.Errorf("%s: layout %+v", c.in, r.Layout)
			}
			if got := strings.Join(layout.TagOrder(r), " "); got != c.order {
				t.Errorf("%s: order %q, want %q", c.in, got, c.order)
			}
			jr, err := FromRecord(r)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(jr)
			if jr.TagOrder != nil || c.out != "" && !strings.Contains(string(b), `"layout":{"format":"PBN","data":{`+c.out+`}}`) ||
				c.out == "" && strings.Contains(string(b), "tag_order") {
				t.Errorf("%s: written %s", c.in, b)
			}
		})
	}
}

func TestCallTokens(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"Pass", "X", "XX", "AP", "-", "^S", "+", "1C", "7NT", "5D"} {
		if c := call(s); c.String() != s {
			t.Errorf("call(%q) = %v", s, c)
		}
	}
	// a token that is no call is kept as written, the empty one too (LIN's
	// "mb||" is such a call, and FromRecord writes it "")
	for _, s := range []string{"1N", ""} {
		if c := call(s); c.Kind != model.Other || c.Text != s {
			t.Errorf(`call(%q) = %+v`, s, c)
		}
	}
}

func TestBadValues(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, in, want string }{
		{"bad dealer", `{"dealer":"Q"}`, `dealer: bad seat "Q"`},
		{"bad vulnerability", `{"vul":"Some"}`, `vul: bad vulnerability "Some"`},
		{"bad contract", `{"contract":"8S"}`, `contract: bad contract "8S"`},
		{"bad card", `{"play":{"leader":"N","tricks":[["SA","S1","",""]]}}`, `play: trick 1: bad card "S1"`},
		{"a mark for no card", `{"play":{"leader":"N","tricks":[],"marks":[{"trick":2,"seat":"N"}]}}`, `play: mark for trick 2, seat "N": no such card`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var d Record
			if err := json.Unmarshal([]byte(c.in), &d); err != nil {
				t.Fatalf("%s: %v", c.in, err)
			}
			if _, err := d.ToRecord(); err == nil || err.Error() != c.want {
				t.Errorf("%s: got %v, want %s", c.in, err, c.want)
			}
		})
	}
}

// JSON tricks with no leader are laid out from North
// (columnSeat), and the play holds that North led.
func TestPlayNoLeader(t *testing.T) {
	t.Parallel()
	var jr Record
	if err := json.Unmarshal([]byte(`{"play":{"leader":"","tricks":[["S6","S2","SJ","SA"]]}}`), &jr); err != nil {
		t.Fatal(err)
	}
	r, err := jr.ToRecord()
	if err != nil {
		t.Fatal(err)
	}
	if r.Play.First != model.North || r.Play.Tricks[0][model.West].Card.String() != "SA" {
		t.Errorf("play led by %v, trick %v; want N, SA West's", r.Play.First, r.Play.Tricks[0])
	}
}

// JSON written before the layouts held how a comment was written gave
// the comments of a repeated fact tag (PBN's layout's "repeats") their
// kind too: a ";" one stays a ";" one, named in the layout's semicolons
// as the record's own are, and the writer of today's JSON says so.
func TestOldRepeatKinds(t *testing.T) {
	t.Parallel()
	in := `{"board":1,"dealer":"N","comments":[{"at":"Board","text":"b","kind":"brace"}],` +
		`"layout":{"format":"PBN","data":{"repeats":[{"at":0,"tag":{"name":"Dealer","value":"E",` +
		`"comments":[{"text":"r1","kind":"semicolon"},{"text":"r2","kind":"brace"},{"text":"r3","kind":"line"}]}}]}}}`
	var d Record
	if err := json.Unmarshal([]byte(in), &d); err != nil {
		t.Fatal(err)
	}
	r, err := d.ToRecord()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	semi := layout.Semicolons(r)
	layout.EachComment(r, func(c *model.Comment) {
		if semi[c] {
			got = append(got, c.Text)
		}
		if !c.Pos.IsZero() {
			t.Errorf("comment %q at %+v", c.Text, c.Pos)
		}
	})
	if g := strings.Join(got, " "); g != "r1 r3" {
		t.Errorf("';' comments %q, want \"r1 r3\"", g)
	}
	jr, err := FromRecord(r)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(jr)
	if !strings.Contains(string(b), `"semicolons":[1,3]`) || strings.Contains(string(b), `"kind"`) {
		t.Errorf("written %s", b)
	}
}
