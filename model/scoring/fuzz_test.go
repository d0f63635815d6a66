package scoring

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"handrec/model"
)

// FuzzTravellerRows reads a traveller kept as its elements (the first
// line its header, each other line a row) and scores it under every
// method. Nothing it holds may panic, and what a session takes of it must
// be right, checked against the elements as written: a row compared as
// played scores its contract's duplicate score (Duplicate, on the
// record's vulnerability) when its contract, declarer and tricks are
// plainly written, and any score it takes is one a board can give; a
// row's weight is 1 to MaxMultiplicity, its Multiplicity when that is
// written and in range, and a row whose Multiplicity, tricks or score is
// a whole number out of range is not compared; a pair id given twice on a
// side leaves the second row out; each row with a fault is reported by
// CheckRows at its own line; every matchpoint, percentage and IMP a
// method gives is a number.
func FuzzTravellerRows(f *testing.F) {
	f.Add("PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW\n1 8 4H S 11 650 -\n3 6 5DX W 9 500 -\n5 4 - - - ^A+ ^A-\n7 2 ? - - - -")
	f.Add("Score_NS;Multiplicity;Percentage_NS\n500 2 ^55\n-50 33 25.5\n0 0 -")
	f.Add("Contract;Declarer;Result\n7NTXX N 13\n1C E 0\nPass - -\n8S N 14")
	f.Add("Score_NS;Multiplicity\n620 2000000000\n100 1\n-50 -3")
	f.Add("Contract;Declarer;Result;Score_NS;Multiplicity\n4H S 11 650 9223372036854775807\n8NT S 20 650 1\n4H S -5 650 1\n0H N 12 650 1\n4HXXX N 12 650 1")
	f.Add("Contract;Declarer;Result;Score_NS\n4H S 11 NaN\n4H S 11 Inf\n4H S 11 1e308\n4H S 11 999999999999999999999\n4H S 11 0x10\n4H S 11 650.5\n- - - 1e308")
	f.Add("PairId_NS;PairId_EW;Contract;Declarer;Result\n1 8 4H S 11\n1 6 4H S 10\n1 4 4H S 9")
	f.Fuzz(func(t *testing.T, s string) {
		lines := strings.Split(s, "\n")
		cols, ok := parseColumns(lines[0])
		if !ok || len(cols) == 0 {
			return
		}
		r := model.NewRecord()
		r.Vul = model.VulEW
		sec := model.Section{Tag: model.Tag{Name: "ScoreTable", Value: lines[0]}, Columns: cols}
		for k, l := range lines[1:] {
			sec.Rows = append(sec.Rows, strings.Fields(l))
			sec.RowPos = append(sec.RowPos, model.Pos{Line: k + 2, Col: 1})
		}
		rows := TravellerRows(r, &sec)
		if len(rows) > 0 && len(rows) != len(sec.Rows) {
			t.Fatalf("%d rows read of %d", len(rows), len(sec.Rows))
		}
		problems := CheckRows(r, rows)
		for i := range rows {
			checkFuzzedRow(t, r, &sec, rows, i, problems)
		}
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
	})
}

// fuzzCell is row i's element in the column named name (any case), as
// written; "" when there is none.
func fuzzCell(sec *model.Section, i int, name string) string {
	for j, c := range sec.Columns {
		if strings.EqualFold(c, name) && j < len(sec.Rows[i]) {
			return sec.Rows[i][j]
		}
	}
	return ""
}

// plainContract reads a contract written plainly ("4H", "3NTX", "7SXX"),
// as the test's own reading; false for anything else.
func plainContract(s string) (model.Contract, bool) {
	u := strings.ToUpper(s)
	if len(u) < 2 || u[0] < '1' || u[0] > '7' {
		return model.Contract{}, false
	}
	c := model.Contract{Kind: model.Bid, Level: int8(u[0] - '0')}
	rest := u[1:]
	switch {
	case strings.HasPrefix(rest, "NT"):
		c.Strain, rest = model.NoTrump, rest[2:]
	case strings.HasPrefix(rest, "C"):
		c.Strain, rest = model.StrainClubs, rest[1:]
	case strings.HasPrefix(rest, "D"):
		c.Strain, rest = model.Strain(model.Diamonds), rest[1:]
	case strings.HasPrefix(rest, "H"):
		c.Strain, rest = model.Strain(model.Hearts), rest[1:]
	case strings.HasPrefix(rest, "S"):
		c.Strain, rest = model.StrainSpades, rest[1:]
	default:
		return model.Contract{}, false
	}
	switch rest {
	case "":
	case "X":
		c.Doubled = 1
	case "XX":
		c.Doubled = 2
	default:
		return model.Contract{}, false
	}
	return c, true
}

// plainInt reads a whole number written plainly in decimals ("12",
// "-5"), however large (false past int64).
func plainInt(s string) (int64, bool) {
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil && s != "" && s[0] != '+'
}

// plainScore is North-South's duplicate score of row i's contract,
// declarer and tricks, when they are written plainly; 0 for "Pass".
func plainScore(r *model.Record, sec *model.Section, i int) (int, bool) {
	ct := fuzzCell(sec, i, "Contract")
	if strings.EqualFold(ct, "pass") {
		return 0, true
	}
	c, ok := plainContract(ct)
	d := fuzzCell(sec, i, "Declarer")
	n, okN := plainInt(fuzzCell(sec, i, "Result"))
	if !ok || len(d) != 1 || !okN || n < 0 || n > 13 {
		return 0, false
	}
	seat, ok := model.ParseSeat(d[0])
	if !ok {
		return 0, false
	}
	v := Duplicate(int(c.Level), c.Strain, int(c.Doubled), r.Vul.Vulnerable(seat.Side()), int(n))
	if seat.Side() == model.EW {
		v = -v
	}
	return v, true
}

func checkFuzzedRow(t *testing.T, r *model.Record, sec *model.Section, rows []Row, i int, problems []model.Problem) {
	row := &rows[i]
	counted := row.Cmp.Played || row.Cmp.IsArtificial()
	if w := row.Cmp.Weight; w < 1 || w > MaxMultiplicity {
		t.Fatalf("row %d: weight %d, not 1 to %d", i+1, w, MaxMultiplicity)
	}
	if m, ok := plainInt(fuzzCell(sec, i, "Multiplicity")); ok && counted {
		if m < 1 || m > MaxMultiplicity || int64(row.Cmp.Weight) != m {
			t.Fatalf("row %d: Multiplicity %d counted with weight %d", i+1, m, row.Cmp.Weight)
		}
	}
	if n, ok := plainInt(fuzzCell(sec, i, "Result")); ok && (n < 0 || n > 13) && counted {
		t.Fatalf("row %d: Result %d counted", i+1, n)
	}
	for _, col := range []string{"Score_NS", "Score_EW"} {
		if n, ok := plainInt(fuzzCell(sec, i, col)); ok && (n < -MaxScore || n > MaxScore || n%10 != 0) && len(row.Faults) == 0 {
			t.Fatalf("row %d: %s %d taken without a fault", i+1, col, n)
		}
	}
	if row.Cmp.Played && !row.Cmp.IsArtificial() {
		sc := row.Cmp.Score
		if sc < -MaxScore || sc > MaxScore || sc%10 != 0 {
			t.Fatalf("row %d: compared with score %d, which no board gives", i+1, sc)
		}
		if want, ok := plainScore(r, sec, i); ok && sc != want {
			t.Fatalf("row %d (%s): compared with score %d, where its contract scores %d", i+1, strings.Join(sec.Rows[i], " "), sc, want)
		}
	}
	if id := fuzzCell(sec, i, "PairId_NS"); id != "" && id != "-" && id != "?" && fuzzCell(sec, i, "Section") == "" && !strings.Contains(id, `"`) {
		for k := range i {
			if fuzzCell(sec, k, "PairId_NS") == id && counted {
				t.Fatalf("row %d: pair %s counted on the board a second time (row %d)", i+1, id, k+1)
			}
		}
	}
	if len(row.Faults) > 0 || row.Error {
		want := fmt.Sprintf("traveller row %d: ", i+1)
		found := false
		for _, p := range problems {
			if p.Pos == row.Pos && strings.HasPrefix(p.Message, want) && p.Severity == model.SevError {
				found = true
			}
		}
		if !found {
			t.Fatalf("row %d (%s): fault %q not reported at %s", i+1, strings.Join(sec.Rows[i], " "), row.Problem, row.Pos)
		}
	}
}
