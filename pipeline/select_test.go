package pipeline

import (
	"strings"
	"testing"

	"handrec/model"
	"handrec/parser"
)

func TestParseBoards(t *testing.T) {
	t.Parallel()
	b, err := ParseBoards("1-3, 7,20-")
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for _, n := range []int{1, 2, 3, 4, 6, 7, 8, 19, 20, 99} {
		if b.Has(n) {
			got = append(got, n)
		}
	}
	if want := []int{1, 2, 3, 7, 20, 99}; len(got) != len(want) || got[3] != 7 || got[5] != 99 {
		t.Errorf("boards %v, want %v", got, want)
	}
	for in, want := range map[string]string{
		"0":   `boards "0": "0" is not a board number or a range such as 1-8`,
		"5-2": `boards "5-2": "5-2" is not a range from a lower board to a higher`,
		"x":   `boards "x": "x" is not a board number or a range such as 1-8`,
	} {
		t.Run(in, func(t *testing.T) {
			if _, err := ParseBoards(in); err == nil || err.Error() != want {
				t.Errorf("%q: %v", in, err)
			}
		})
	}
}

const selectPBN = `[Board "1"]
[North "Ann"]
[East "Bob"]
[Dealer "N"]
[Vulnerable "NS"]
[Deal "N:QT65.K7642.AT7.J 932.JT5.Q932.875 J874.AQ983..KT64 AK..KJ8654.AQ932"]
[Declarer "W"]
[Contract "5D"]
[Result "11"]
[Auction "N"]
Pass 1D Pass 5D
AP
[Play "N"]
HK H5 H3 D4

[Board "2"]
[Dealer "E"]
[Deal "N:QT65.K7642.AT7.J 932.JT5.Q932.875 J874.AQ983..KT64 AK..KJ8654.AQ932"]

[Board "3"]
[Dealer "S"]
[Deal "N:AK..KJ8654.AQ932 QT65.K7642.AT7.J 932.JT5.Q932.875 J874.AQ983..KT64"]
`

// Boards, a deal given twice, renumbering and turning the deal so that
// South declares.
func TestSelection(t *testing.T) {
	t.Parallel()
	doc, err := parser.ReadAll("s.pbn", strings.NewReader(selectPBN))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := ParseBoards("1-3")
	s := &Selection{Boards: b, Dedupe: true, Renumber: true, Rotate: true}
	var kept []*model.Record
	for _, r := range doc.Records {
		if r2, ok := s.Apply(r); ok {
			kept = append(kept, r2)
		}
	}
	if len(kept) != 2 || kept[0].Board != 1 || kept[1].Board != 2 {
		t.Fatalf("kept %d records", len(kept))
	}
	r := kept[0] // turned a seat back: West's hand is South's, North's West's
	if r.Declarer != model.South || r.Dealer != model.West || r.Vul != model.VulEW ||
		r.Deal.PBN(model.North) != "N:932.JT5.Q932.875 J874.AQ983..KT64 AK..KJ8654.AQ932 QT65.K7642.AT7.J" ||
		r.Auction.First != model.West || r.Play.First != model.West ||
		r.Play.Tricks[0][model.West].Card.String() != "HK" || r.Player(model.West) != "Ann" || r.Player(model.North) != "Bob" {
		t.Errorf("turned: dealer %v declarer %v vul %v deal %s players %q %q", r.Dealer, r.Declarer, r.Vul,
			r.Deal.PBN(model.North), r.Player(model.West), r.Player(model.North))
	}
	if v, _ := r.FactValue(model.FactDeal); v != "W:QT65.K7642.AT7.J 932.JT5.Q932.875 J874.AQ983..KT64 AK..KJ8654.AQ932" {
		t.Errorf("Deal tag %q", v)
	}
	// the record read is left as it was
	if o := doc.Records[0]; o.Declarer != model.West || o.Player(model.North) != "Ann" {
		t.Error("Apply changed the record it was given")
	}
	if v, _ := kept[1].FactValue(model.FactBoard); v != "2" {
		t.Errorf("board 3 renumbered %q", v)
	}
}

// TestRotateHidden: the seats of a [Hidden] tag turn with the hands, and
// --rotate-to turns the declarer to any seat.
func TestRotateHidden(t *testing.T) {
	t.Parallel()
	r := &model.Record{Declarer: model.North, Tags: []model.Tag{{Name: "Hidden", Value: "EW"}}}
	if v, _ := Rotate(r, 1).Tag("Hidden"); v != "SN" {
		t.Errorf("Hidden turned one seat: %q, want \"SN\"", v)
	}
	if v, _ := r.Tag("Hidden"); v != "EW" {
		t.Errorf("the record given was changed: Hidden %q", v)
	}
	west := model.West
	got, _ := (&Selection{RotateTo: &west}).Apply(r)
	if v, _ := got.Tag("Hidden"); got.Declarer != model.West || v != "NS" {
		t.Errorf("rotated to West: declarer %v, Hidden %q; want W, \"NS\"", got.Declarer, v)
	}
}
