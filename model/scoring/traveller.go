package scoring

import (
	"fmt"
	"strings"

	"handrec/model"
)

// Row is a traveller's row read for a session: the result as the source
// gives it, the score recomputed from it, and what the session compares.
type Row struct {
	model.TableResult
	// Pos is where the row starts in its source (zero when not known).
	Pos model.Pos
	// Recorded is North-South's score as the row states it; Computed the
	// score of its contract, declarer, result and the board's
	// vulnerability; each with whether it is known.
	Recorded, Computed       int
	HasRecorded, HasComputed bool
	// Artificial is the artificial score the row gives each side, as
	// written ("^A+", "AVE-", "60%"), "" for none.
	Artificial [2]string
	// Cmp is the row as the session compares it.
	Cmp Result
	// Faults are the row's cells that are not of their column's type or
	// range, and its cells that contradict each other (the traveller's
	// rule: travellercells.go): errors of check.
	Faults []string
	// Problem says what is wrong with the row: its faults, why its score
	// is not its own (a recorded score that is not the contract's), why
	// it is left out (a fault that leaves it unscored, or neither a score
	// nor a contract with its result); Error marks a recorded score that
	// is not the contract's. A row that states a score and cannot be
	// scored from its contract (none, or no result) keeps the score it
	// states, when the score is one.
	Problem string
	Error   bool

	bad           [model.NumFields]bool // the cells found faulty
	badArtificial bool                  // an artificial score that is none
	contradiction bool                  // a pass-out with a declarer or tricks
	repeated      bool                  // its pair played the board at an earlier row
}

// TravellerRows reads s, r's traveller section (the caller knows which
// section is one: layout.SectionKind): its rows, each with its
// score recomputed and checked. A traveller whose elements did not all
// read as data (an artificial score "^A+" among them) is read here from
// its elements; one whose columns name nothing a session reads has no
// rows. (A header PBN wrote "#" is the previous traveller's already: the
// reader resolves it.)
func TravellerRows(r *model.Record, s *model.Section) []Row {
	var rows []Row
	switch {
	case s.Traveller != nil:
		rows = typedTraveller(s)
	case len(s.Columns) > 0 && knownColumns(s.Columns):
		rows = rawTraveller(s)
	default:
		return nil
	}
	for i := range rows {
		checkCells(&rows[i])
	}
	checkPairs(rows)
	for i := range rows {
		finishRow(r, &rows[i])
	}
	return rows
}

func typedTraveller(s *model.Section) []Row {
	rows := make([]Row, len(s.Traveller.Results))
	for k, res := range s.Traveller.Results {
		rows[k] = Row{TableResult: res}
		if k < len(s.RowPos) {
			rows[k].Pos = s.RowPos[k]
		}
	}
	return rows
}

// finishRow recomputes the row's score, checks the score it states, and
// sets what the session compares, once its cells are checked.
func finishRow(r *model.Record, row *Row) {
	row.Cmp = Result{Weight: 1, Artificial: none()}
	if row.Multiplicity != model.NoInt && !row.bad[model.FieldMultiplicity] {
		row.Cmp.Weight = row.Multiplicity
	}
	statedScore(row)
	leftOut := row.unscorable()
	var problems []string
	if !leftOut {
		row.Computed, row.HasComputed = rowScore(r, &row.TableResult)
	}
	switch {
	case leftOut:
	case row.Artificial != [2]string{}:
		for side, a := range row.Artificial {
			if a != "" {
				row.Cmp.Artificial[side], _ = ArtificialPercent(a)
			}
		}
	default:
		switch {
		case row.HasComputed:
			row.Cmp.Score, row.Cmp.Played = row.Computed, true
			if row.HasRecorded && row.Recorded != row.Computed {
				problems, row.Error = append(problems, fmt.Sprintf("score %s is not the score of %s: %s", nsText(row.Recorded), describe(r, &row.TableResult), nsText(row.Computed))), true
			}
		case row.HasRecorded: // no contract, or no result to score it by
			row.Cmp.Score, row.Cmp.Played = row.Recorded, true
		case len(row.Faults) == 0:
			problems, leftOut = append(problems, "unknown or incomplete result"), true
		default: // a stated score that is none, and no contract to score
			leftOut = true
		}
	}
	row.Problem = strings.Join(append(append([]string(nil), row.Faults...), problems...), " and ")
	if leftOut {
		row.Problem += ": left out"
	}
}

// statedScore sets the score the row states, North-South's: Score_NS,
// else Score_EW's negated; none when its cells are faulty, or when they
// disagree (a fault).
func statedScore(row *Row) {
	ns, ew := row.Score[model.NS], row.Score[model.EW]
	if row.bad[model.FieldScoreNS] {
		ns = model.NoInt
	}
	if row.bad[model.FieldScoreEW] {
		ew = model.NoInt
	}
	switch {
	case ns != model.NoInt && ew != model.NoInt && ns != -ew && ns != 0 && ew != 0:
		row.Faults = append(row.Faults, fmt.Sprintf("Score_NS %d and Score_EW %d disagree", ns, ew))
	case ns != model.NoInt:
		row.Recorded, row.HasRecorded = ns, true
	case ew != model.NoInt:
		row.Recorded, row.HasRecorded = -ew, true
	}
}

// UsesComputed reports whether the session compares the row by its
// contract's score though the row states something wrong (a score that
// is not the contract's, or a cell with a fault): a warning says so.
func (row *Row) UsesComputed() bool {
	return row.Cmp.Played && row.HasComputed && !row.Cmp.IsArtificial() && (row.Error || len(row.Faults) > 0)
}

// rowScore is North-South's score of the row's contract, declarer and
// result on r's vulnerability; false when one of them is not known.
func rowScore(r *model.Record, t *model.TableResult) (int, bool) {
	switch t.Contract.Kind {
	case model.PassedOut:
		return 0, true
	case model.Bid:
	default:
		return 0, false
	}
	if !t.Declarer.Valid() || t.Result == model.NoInt || t.Result < 0 || t.Result > 13 || !r.Vul.Valid() || t.Contract.Doubled > 2 {
		return 0, false
	}
	return DuplicateNS(t.Contract, t.Declarer, t.Result, r.Vul), true
}

// DuplicateNS is North-South's duplicate score of contract c by declarer
// taking tricks, on vulnerability vul.
func DuplicateNS(c model.Contract, declarer model.Seat, tricks int, vul model.Vul) int {
	d := declarer.Side()
	v := Duplicate(int(c.Level), c.Strain, int(c.Doubled), vul.Vulnerable(d), tricks)
	if d == model.EW {
		return -v
	}
	return v
}

// describe says a result as a check's message gives it: "5DX by W taking
// 9 tricks, East-West not vulnerable".
func describe(r *model.Record, t *model.TableResult) string {
	d := t.Declarer.Side()
	side := map[model.Side]string{model.NS: "North-South", model.EW: "East-West"}[d]
	vul := "not vulnerable"
	if r.Vul.Vulnerable(d) {
		vul = "vulnerable"
	}
	return fmt.Sprintf("%s by %s taking %d tricks, %s %s", t.Contract, t.Declarer, t.Result, side, vul)
}

// ArtificialPercent reads an artificial score as travellers write it:
// PBN's caret ("^") before it or not, "A", "AVE" or "AVG" with "+" or "-"
// (average plus 60%, minus 40%), "A60" or "60%"; false for anything else.
func ArtificialPercent(s string) (model.Points, bool) {
	t := strings.ToUpper(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s), "^")))
	if p, ok := strings.CutSuffix(t, "%"); ok {
		return percentOf(p)
	}
	for _, w := range []string{"AVE", "AVG", "A"} {
		if rest, ok := strings.CutPrefix(t, w); ok {
			switch rest {
			case "":
				return 50, true
			case "+":
				return 60, true
			case "-":
				return 40, true
			}
			if w == "A" && rest[0] >= '0' && rest[0] <= '9' {
				return percentOf(rest)
			}
		}
	}
	return model.NoPoints, false
}

func percentOf(s string) (model.Points, bool) {
	v, ok := model.ParseTablePoints(s)
	if !ok || v < 0 || v > 100 {
		return model.NoPoints, false
	}
	return v, true
}
