package scoring

import (
	"fmt"
	"testing"

	"handrec/layout"
	"handrec/model"
)

// A traveller kept as its elements (an artificial score does not read as
// a number): each row's score recomputed, the stated one checked, the
// artificial score read as such and the unknown row left out.
func TestTravellerRawRows(t *testing.T) {
	t.Parallel()
	r := model.NewRecord()
	r.File, r.Vul = "t.pbn", model.VulNS
	cols, _ := parseColumns("PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW")
	r.Sections = []model.Section{{Tag: model.Tag{Name: "ScoreTable"}, Columns: cols,
		Rows: [][]string{
			{"1", "8", `"4H"`, "S", "11", "650", "-"},
			{"3", "6", "5DX", "W", "9", "500", "-"},
			{"5", "4", "-", "-", "-", "^A+", "^A-"},
			{"7", "2", "?", "-", "-", "-", "-"},
			{"9", "10", "-", "-", "-", "-", "420"},
			{"11", "12", "3NT", "N", "-", "600", "-"},
		},
		RowPos: []model.Pos{{Line: 3, Col: 1}, {Line: 4, Col: 1}, {Line: 5, Col: 1}, {Line: 6, Col: 1}, {Line: 7, Col: 1}, {Line: 8, Col: 1}}}}
	rows := TravellerRows(r, &r.Sections[0])
	var got []string
	for _, row := range rows {
		got = append(got, fmt.Sprintf("%d:%d played=%v score=%d art=%v/%v %q", row.Pos.Line, row.Pos.Col, row.Cmp.Played, row.Cmp.Score,
			row.Cmp.Artificial[0], row.Cmp.Artificial[1], row.Problem))
	}
	none := model.NoPoints
	sameStrings(t, "rows", got, []string{
		fmt.Sprintf("3:1 played=true score=650 art=%v/%v \"\"", none, none),
		fmt.Sprintf("4:1 played=true score=300 art=%v/%v \"score NS 500 is not the score of 5DX by W taking 9 tricks, East-West not vulnerable: NS 300\"", none, none),
		"5:1 played=false score=0 art=60/40 \"\"",
		fmt.Sprintf("6:1 played=false score=0 art=%v/%v \"unknown or incomplete result: left out\"", none, none),
		fmt.Sprintf("7:1 played=true score=-420 art=%v/%v \"\"", none, none),
		// a contract without a result: the score stated is taken, unchecked
		fmt.Sprintf("8:1 played=true score=600 art=%v/%v \"\"", none, none),
	})
	probs := CheckRows(r, rows)
	if len(probs) != 1 || probs[0].Pos != (model.Pos{Line: 4, Col: 1}) || probs[0].Message != "traveller row 2: score NS 500 is not the score of 5DX by W taking 9 tricks, East-West not vulnerable: NS 300" {
		t.Errorf("problems %+v", probs)
	}
}

func TestArtificialPercent(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   string
		want model.Points
		ok   bool
	}{{"^A+", 60, true}, {"AVE-", 40, true}, {"A", 50, true}, {"avg", 50, true}, {"^60%", 60, true}, {"A40", 40, true}, {"^55", 0, false}, {"420", 0, false}, {"A+1", 0, false}} {
		t.Run(c.in, func(t *testing.T) {
			got, ok := ArtificialPercent(c.in)
			if ok != c.ok || ok && got != c.want {
				t.Errorf("ArtificialPercent(%q) = %v, %v; want %v, %v", c.in, got, ok, c.want, c.ok)
			}
		})
	}
}

// parseColumns are the column names of a traveller's header as PBN's
// layout reads them.
func parseColumns(v string) ([]string, bool) {
	cols, ok := layout.ParseColumns(v)
	return layout.Names(cols), ok
}

// A traveller read as data (a PBN table that reads whole, or JSON) is
// held to the same rule as one kept as its elements: a multiplicity past
// MaxMultiplicity, tricks out of 0 to 13, a contract of level 0 or
// redoubled twice, a score that is no score, a pass-out with a declarer,
// and a pair's second row on the board are faults at their rows.
func TestTravellerTypedRowsFaults(t *testing.T) {
	t.Parallel()
	r := model.NewRecord()
	r.File, r.Vul = "t.json", model.VulNS
	res := func(pair, contract string, decl model.Seat, tricks, score, mult int) model.TableResult {
		tr := model.NewTableResult()
		tr.Pair = [2]string{pair, "E" + pair}
		tr.Contract, _ = model.ParseContract(contract)
		tr.Declarer, tr.Result, tr.Score[model.NS], tr.Multiplicity = decl, tricks, score, mult
		return tr
	}
	sec := model.Section{Traveller: &model.Traveller{Results: []model.TableResult{
		res("1", "4H", model.South, 11, 650, 2000000000),
		res("2", "4H", model.South, 20, 650, 1),
		res("3", "4HXXX", model.South, 11, 650, 1),
		res("4", "4H", model.South, 11, 655, 3),
		res("5", "Pass", model.North, model.NoInt, model.NoInt, model.NoInt),
		res("4", "4H", model.South, 10, 620, 1),
		res("6", "4H", model.South, 10, model.NoInt, model.NoInt),
	}}, RowPos: []model.Pos{{Line: 2, Col: 3}, {Line: 3, Col: 3}, {Line: 4, Col: 3}, {Line: 5, Col: 3}, {Line: 6, Col: 3}, {Line: 7, Col: 3}, {Line: 8, Col: 3}}}
	rows := TravellerRows(r, &sec)
	var got []string
	for _, p := range CheckRows(r, rows) {
		got = append(got, p.Pos.String()+": "+p.Message)
	}
	sameStrings(t, "problems", got, []string{
		`2:3: traveller row 1: Multiplicity "2000000000" is not a number of results (1 to 10000): left out`,
		`3:3: traveller row 2: Result "20" is not a number of tricks (0 to 13): left out`,
		`4:3: traveller row 3: Contract "4HXXX" is not a contract (a level 1 to 7, a strain, X or XX; or Pass): left out`,
		`5:3: traveller row 4: Score_NS "655" is not a score (a multiple of 10 from -7600 to 7600)`,
		`6:3: traveller row 5: Contract "Pass" with Declarer "N": a board passed out has no declarer and takes no tricks: left out`,
		`7:3: traveller row 6: pair "4" (North-South) played the board at row 4 already and pair "E4" (East-West) played the board at row 4 already: left out`,
	})
	var counted []string
	for i, row := range rows {
		if row.Cmp.Played {
			counted = append(counted, fmt.Sprintf("row %d: %d ×%d", i+1, row.Cmp.Score, row.Cmp.Weight))
		}
	}
	sameStrings(t, "counted", counted, []string{"row 4: 650 ×3", "row 7: 620 ×1"})
}
