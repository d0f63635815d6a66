package model

import (
	"encoding/json"
	"testing"
)

// A clone shares nothing a writer may change: writing into every nested
// slice of the clone leaves the original as it was.
func TestClone(t *testing.T) {
	t.Parallel()
	cs := func(s string) []Comment { return []Comment{{Text: s}} }
	ann := Annotations{Note: 1, NAGs: []int{3}, Comments: cs("call")}
	r := &Record{
		Leading: cs("lead"),
		Tags:    []Tag{{Name: "Event", Value: "e", Comments: cs("tag")}},
		Match:   &Match{First: 1, Last: 8},
		Auction: &Auction{Calls: []Call{{Kind: Pass, Annotations: ann}}, Notes: []Note{{Index: 1, Text: "n", Comments: cs("note")}},
			Comments: cs("auction")},
		Play: &Play{Tricks: []Trick{{{Kind: Played, Annotations: ann}}}, Notes: []Note{{Index: 1, Text: "p"}}, Comments: cs("play")},
		Sections: []Section{{Tag: Tag{Name: "ScoreTable", Comments: cs("sec")}, Columns: []string{"Score"},
			Rows: [][]string{{"420"}}, Tokens: []string{"x"}, Comments: cs("row")}},
		Problems: []Problem{{Message: "m"}},
	}
	r.Facts[FactDeal].Comments = cs("deal")
	before, _ := json.Marshal(r)
	c := r.Clone()
	c.Leading[0].Text = "x"
	c.Tags[0].Value, c.Tags[0].Comments[0].Text = "x", "x"
	c.Facts[FactDeal].Comments[0].Text = "x"
	c.Match.First = 9
	c.Auction.Calls[0].Kind, c.Auction.Calls[0].NAGs[0], c.Auction.Calls[0].Comments[0].Text = Double, 9, "x"
	c.Auction.Notes[0].Text, c.Auction.Notes[0].Comments[0].Text, c.Auction.Comments[0].Text = "x", "x", "x"
	c.Play.Tricks[0][0].Comments[0].Text, c.Play.Tricks[0][0].NAGs[0] = "x", 9
	c.Play.Notes[0].Text, c.Play.Comments[0].Text = "x", "x"
	s := &c.Sections[0]
	s.Tag.Comments[0].Text, s.Columns[0], s.Rows[0][0], s.Tokens[0], s.Comments[0].Text = "x", "x", "x", "x", "x"
	c.Problems[0].Message = "x"
	if after, _ := json.Marshal(r); string(after) != string(before) {
		t.Errorf("the original changed:\n%s\nwas\n%s", after, before)
	}
	if cj, _ := json.Marshal(c); string(cj) == string(before) {
		t.Error("the clone did not change")
	}
}
