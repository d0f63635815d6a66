package model_test

import (
	"reflect"
	"testing"

	"handrec/model"
)

// diffBase is a record with something in every part Diff compares.
func diffBase(t *testing.T) *model.Record {
	t.Helper()
	r := model.NewRecord()
	r.Leading = []model.Comment{{Text: "before"}}
	r.SetFact(model.FactEvent, "Club")
	r.SetTag("Annotator", "Anne")
	r.SetTag("Room", "Open")
	r.Board, r.Dealer, r.Vul = 1, model.North, model.VulNone
	d, problems := model.ParseDeal("N:AKQ2.KJ5.A73.Q85 T87.Q942.KJ4.J32 J543.A76.Q65.A97 96.T83.T982.KT64")
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	r.Deal = d
	r.Contract, _ = model.ParseContract("1NT")
	r.Declarer = model.North
	r.Result = model.Result{Tricks: 7, Defenders: -1}
	a := &model.Auction{First: model.North, Notes: []model.Note{{Index: 1, Text: "15-17"}}}
	for _, tok := range []string{"1NT", "Pass", "Pass", "Pass"} {
		c, _ := model.ParseCall(tok)
		a.Calls = append(a.Calls, c)
	}
	r.Auction = a
	card := func(s string) model.PlayCard {
		c, _ := model.ParseCard(s)
		return model.PlayCard{Kind: model.Played, Card: c}
	}
	r.Play = &model.Play{First: model.East, Claim: -1, Tricks: []model.Trick{
		{card("SA"), card("S7"), card("S3"), card("S6")},
	}}
	r.Sections = []model.Section{{Tag: model.Tag{Name: "OptimumResultTable"}, Rows: [][]string{{"N", "NT", "7"}}}}
	return r
}

// TestDiff changes one part of a record at a time and checks what Diff
// says of it, word for word.
func TestDiff(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		change func(r *model.Record)
		want   []string
	}{
		{"same", func(r *model.Record) {}, nil},
		{"positions and problems", func(r *model.Record) {
			r.Pos = model.Pos{Line: 9, Col: 1}
			r.Warnf(model.Pos{Line: 9}, "odd")
		}, nil},
		{"board", func(r *model.Record) { r.Board = 2 }, []string{"board 1 != 2"}},
		{"dealer", func(r *model.Record) { r.Dealer = model.East }, []string{"dealer N != E"}},
		{"vulnerable", func(r *model.Record) { r.Vul = model.VulAll }, []string{"vulnerable None != All"}},
		{"deal", func(r *model.Record) { r.Deal.Known[model.West] = false }, []string{
			"deal N:AKQ2.KJ5.A73.Q85 T87.Q942.KJ4.J32 J543.A76.Q65.A97 96.T83.T982.KT64 != N:AKQ2.KJ5.A73.Q85 T87.Q942.KJ4.J32 J543.A76.Q65.A97 -"}},
		{"contract", func(r *model.Record) { r.Contract.Doubled = 1 }, []string{"contract 1NT != 1NTX"}},
		{"declarer swapped", func(r *model.Record) { r.DeclarerSwap = true }, []string{"declarer N != N"}},
		{"result", func(r *model.Record) { r.Result.Tricks = 8 }, []string{
			"result {Tricks:7 Defenders:-1 Irregular:false} != {Tricks:8 Defenders:-1 Irregular:false}"}},
		{"mandatory tag", func(r *model.Record) { r.SetFact(model.FactEvent, "Teams") }, []string{`tag Event "Club" != "Teams"`}},
		{"absent mandatory tag is ?", func(r *model.Record) { r.SetFact(model.FactSite, "?") }, nil},
		{"unknown player is ?", func(r *model.Record) { r.SetFact(model.FactNorth, "?") }, nil},
		{"player", func(r *model.Record) { r.SetFact(model.FactNorth, "Ann") }, []string{`tag North "?" != "Ann"`}},
		{"recorded score", func(r *model.Record) { r.SetFact(model.FactScore, "NS 90") }, []string{`tag Score "" != "NS 90"`}},
		{"mandatory tag comments", func(r *model.Record) {
			r.Facts[model.FactEvent].Comments = []model.Comment{{Text: "weekly"}}
		}, []string{`tag Event comments [] != ["weekly"]`}},
		{"other tags, one more", func(r *model.Record) { r.SetTag("Round", "2") }, []string{
			"tags Annotator,Room != Annotator,Room,Round"}},
		{"other tag value", func(r *model.Record) { r.SetTag("Room", "Closed") }, []string{
			`tag 1: Room "Open" [] != Room "Closed" []`}},
		{"leading comments", func(r *model.Record) { r.Leading[0].Text = "after" }, []string{
			`leading comments ["before"] != ["after"]`}},
		{"no auction", func(r *model.Record) { r.Auction = nil }, []string{"auction present true != false"}},
		{"auction's length", func(r *model.Record) { r.Auction.Calls = r.Auction.Calls[:3] }, []string{
			"auction N 4 calls star=false != N 3 calls star=false"}},
		{"a call", func(r *model.Record) { r.Auction.Calls[1].Alert = true }, []string{"call 2: Pass != Pass"}},
		{"auction notes", func(r *model.Record) { r.Auction.Notes[0].Text = "12-14" }, []string{"auction notes or comments differ"}},
		{"no play", func(r *model.Record) { r.Play = nil }, []string{"play present true != false"}},
		{"play's claim", func(r *model.Record) { r.Play.Claim = 7 }, []string{
			"play E 1 tricks star=false claim=-1 != E 1 tricks star=false claim=7"}},
		{"a card", func(r *model.Record) { r.Play.Tricks[0][model.South].Revoke = true }, []string{"trick 1 S: S3 != S3"}},
		{"play comments", func(r *model.Record) { r.Play.Comments = []model.Comment{{Text: "well played"}} }, []string{
			"play notes or comments differ"}},
		{"sections, one more", func(r *model.Record) { r.Sections = append(r.Sections, model.Section{}) }, []string{
			"1 sections != 2"}},
		{"a section", func(r *model.Record) { r.Sections[0].Rows[0][2] = "6" }, []string{"section OptimumResultTable differs"}},
		{"a section's comments", func(r *model.Record) {
			r.Sections[0].Comments = []model.Comment{{Text: "from a solver"}}
		}, []string{"section OptimumResultTable differs"}},
		{"several", func(r *model.Record) { r.Board, r.Play = 5, nil }, []string{"board 1 != 5", "play present true != false"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := diffBase(t)
			c.change(b)
			if got := model.Diff(diffBase(t), b); !reflect.DeepEqual(got, c.want) {
				t.Errorf("Diff = %q\nwant   %q", got, c.want)
			}
		})
	}
}
