package scoring

import (
	"fmt"
	"strconv"
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
	// Problem says why the row's score is not its own (a recorded score
	// that is not the contract's) or why it is left out (neither a score
	// nor a contract with its result); Error marks the first kind. A row
	// that states a score and cannot be scored from its contract (none,
	// or no result) keeps the score it states.
	Problem string
	Error   bool
}

// TravellerRows reads s, r's traveller section (the caller knows which
// section is one: layout.SectionKind): its rows, each with its
// score recomputed and checked. A traveller whose elements did not all
// read as data (an artificial score "^A+" among them) is read here from
// its elements; one whose columns name nothing a session reads has no
// rows. (A header PBN wrote "#" is the previous traveller's already: the
// reader resolves it.)
func TravellerRows(r *model.Record, s *model.Section) []Row {
	switch {
	case s.Traveller != nil:
		return typedTraveller(r, s)
	case len(s.Columns) > 0 && knownColumns(s.Columns):
		return rawTraveller(r, s)
	}
	return nil
}

func typedTraveller(r *model.Record, s *model.Section) []Row {
	rows := make([]Row, len(s.Traveller.Results))
	for k, res := range s.Traveller.Results {
		rows[k] = Row{TableResult: res}
		if k < len(s.RowPos) {
			rows[k].Pos = s.RowPos[k]
		}
		finishRow(r, &rows[k])
	}
	return rows
}

// finishRow recomputes the row's score, checks the score it states, and
// sets what the session compares.
func finishRow(r *model.Record, row *Row) {
	row.Cmp = Result{Weight: 1, Artificial: none()}
	if row.Multiplicity != model.NoInt && row.Multiplicity > 0 {
		row.Cmp.Weight = row.Multiplicity
	}
	for side, a := range row.Artificial {
		if a != "" {
			row.Cmp.Artificial[side], _ = ArtificialPercent(a)
		}
	}
	ns, ew := row.Score[model.NS], row.Score[model.EW]
	switch {
	case ns != model.NoInt && ew != model.NoInt && ns != -ew && ns != 0 && ew != 0:
		row.Problem, row.Error = fmt.Sprintf("Score_NS %d and Score_EW %d disagree", ns, ew), true
	case ns != model.NoInt:
		row.Recorded, row.HasRecorded = ns, true
	case ew != model.NoInt:
		row.Recorded, row.HasRecorded = -ew, true
	}
	row.Computed, row.HasComputed = rowScore(r, &row.TableResult)
	if row.Cmp.IsArtificial() {
		return
	}
	switch {
	case row.HasComputed:
		row.Cmp.Score, row.Cmp.Played = row.Computed, true
		if row.HasRecorded && row.Recorded != row.Computed {
			row.Problem, row.Error = fmt.Sprintf("score %s is not the score of %s: %s", nsText(row.Recorded), describe(r, &row.TableResult), nsText(row.Computed)), true
		}
	case row.HasRecorded: // no contract, or no result to score it by
		row.Cmp.Score, row.Cmp.Played = row.Recorded, true
	case row.Problem == "":
		row.Problem = "unknown or incomplete result: left out"
	}
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
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 || v > 100 {
		return model.NoPoints, false
	}
	return model.Points(v), true
}
