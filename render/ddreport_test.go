package render_test

import (
	"strings"
	"testing"

	"handrec/model"
	"handrec/model/dd"
	"handrec/render"
)

// ddDeals are two deals as dd reports them: one with a par (the solver's,
// and as the record states it), one without (an end position).
func ddDeals(rep *render.DDReport) {
	var t dd.Table
	for _, s := range model.Seats {
		for i, st := range dd.Strains {
			t[s][st] = int(s)*5 + i
		}
	}
	par := &dd.Par{Score: -620, Contracts: []dd.ParContract{{Level: 4, Strain: model.StrainHearts, Declarers: []model.Seat{model.East, model.West}}}}
	stated := model.Par{Score: model.Score{N: 1, Part: [2]model.ScorePart{{Side: model.EW, Value: "620"}}},
		Contracts: model.ParContracts{{Declarer: model.NoSeat, Side: model.EW, Level: 4, Strain: model.StrainHearts}}}
	rep.Begin()
	rep.Deal(&model.Record{File: "a.pbn", Board: 3, Index: 1}, t, par, stated)
	rep.Deal(&model.Record{Board: 4, Index: 2}, dd.Table{}, nil, model.Par{})
	rep.End()
}

// TestDDReport: dd's text gives each deal's table, declarers down and
// strains across, and its par as show writes it in ASCII; its JSON one
// object, a deal an element, the par as the solver states it.
func TestDDReport(t *testing.T) {
	t.Parallel()
	var text, js strings.Builder
	ddDeals(render.NewDDReport(&text, false))
	ddDeals(render.NewDDReport(&js, true))
	wantText := `a.pbn board 3 (#1)
      C  D  H  S NT
  N   0  1  2  3  4
  E   5  6  7  8  9
  S  10 11 12 13 14
  W  15 16 17 18 19
  par EW 620: EW 4H=
board 4 (#2)
      C  D  H  S NT
  N   0  0  0  0  0
  E   0  0  0  0  0
  S   0  0  0  0  0
  W   0  0  0  0  0
`
	if text.String() != wantText {
		t.Errorf("text:\n%s\nwant:\n%s", text.String(), wantText)
	}
	zero := `{"C":0,"D":0,"H":0,"NT":0,"S":0}`
	wantJSON := `{"deals":[{"file":"a.pbn","board":3,"index":1,"tricks":{"E":{"C":5,"D":6,"H":7,"NT":9,"S":8},` +
		`"N":{"C":0,"D":1,"H":2,"NT":4,"S":3},"S":{"C":10,"D":11,"H":12,"NT":14,"S":13},"W":{"C":15,"D":16,"H":17,"NT":19,"S":18}},` +
		`"par":{"score":-620,"contracts":["4H-EW"]}},` +
		`{"file":"","board":4,"index":2,"tricks":{"E":` + zero + `,"N":` + zero + `,"S":` + zero + `,"W":` + zero + `}}]}` + "\n"
	if js.String() != wantJSON {
		t.Errorf("JSON:\n%s\nwant:\n%s", js.String(), wantJSON)
	}
}
