package scoring

import (
	"strings"
	"testing"

	"handrec/model"
)

// FuzzTravellerRows reads a traveller kept as its elements (the first
// line its header, each other line a row) and scores it under every
// method: nothing it holds may panic, and every score is a number.
func FuzzTravellerRows(f *testing.F) {
	f.Add("PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW\n1 8 4H S 11 650 -\n3 6 5DX W 9 500 -\n5 4 - - - ^A+ ^A-\n7 2 ? - - - -")
	f.Add("Score_NS;Multiplicity;Percentage_NS\n500 2 ^55\n-50 33 25.5\n0 0 -")
	f.Add("Contract;Declarer;Result\n7NTXX N 13\n1C E 0\nPass - -\n8S N 14")
	f.Add("Score_NS;Multiplicity\n620 2000000000\n100 1\n-50 -3")
	f.Fuzz(func(t *testing.T, s string) {
		lines := strings.Split(s, "\n")
		cols, ok := parseColumns(lines[0])
		if !ok || len(cols) == 0 {
			return
		}
		r := model.NewRecord()
		r.Vul = model.VulEW
		sec := model.Section{Tag: model.Tag{Name: "ScoreTable", Value: lines[0]}, Columns: cols}
		for _, l := range lines[1:] {
			sec.Rows = append(sec.Rows, strings.Fields(l))
		}
		{
			rows := TravellerRows(r, &sec)
			CheckRows(r, rows)
			res := make([]Result, len(rows))
			for i := range rows {
				res[i] = rows[i].Cmp
			}
			for _, m := range []Method{{Kind: MP}, {Kind: ACBL, Drop: 0}, {Kind: CrossIMP}, {Kind: Butler, Drop: DropDefault}, {Kind: Butler, Drop: 3}, {Kind: Datum, Datum: -620}} {
				bs := ScoreBoard(res, m, len(res)+2)
				st := NewStandings(m)
				for i, sc := range bs.Rows {
					for _, p := range append(append(sc.MP[:], sc.Percent[:]...), sc.IMP[:]...) {
						if p.Known() && p != p {
							t.Fatalf("row %d under %s: NaN", i, m.Name())
						}
					}
					st.Add(rows[i].Pair[0], rows[i].Names[0], model.NS, sc, bs.Top)
				}
				st.Rows()
			}
		}
	})
}
