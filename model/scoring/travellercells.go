package scoring

import (
	"fmt"
	"strconv"
	"strings"

	"handrec/model"
)

// The rule for a traveller's cells: each cell of a row is of its column's
// type and within its range, checked here, once, whichever reader made
// the row (a PBN traveller read as data or kept as its elements, JSON, a
// diagram's traveller) and whichever command reads it (check, session,
// sheet --session, convert --session-columns). A cell that is not is a
// fault of its row, said where the row stands; a row whose contract,
// declarer, tricks, multiplicity or artificial score is faulty cannot be
// scored and is left out of the session, as is one whose stated score is
// faulty when its contract does not score it.

// MaxMultiplicity is the most results one traveller row may stand for
// (its Multiplicity). The largest fields that play one board, the
// worldwide simultaneous pairs and the online daily tournaments, have a
// few thousand tables; 10,000 is above them, and is the most items a
// record holds (the readers' cap, parser.MaxItems), so that a traveller
// does not stand for more tables than a record could list one a row.
// A board's arithmetic stays exact far beyond it (weights are summed in
// int, matchpoints in float64).
const MaxMultiplicity = 10000

// MaxScore is the largest duplicate score either side can get: 7NT
// redoubled and vulnerable, down 13, is 400 + 12 × 600 = 7,600 (the
// most a contract made gives is 2,980: 7NT redoubled, vulnerable). Every
// duplicate score is a multiple of 10.
const MaxScore = 7600

// columnNames are the PBN names of a traveller's columns (PBN 2.1, 5.9),
// as the rule's messages name them. The contract's, declarer's and
// result's columns are named as the facts are (the tags of the same
// names).
var columnNames = map[model.Field]string{
	model.FieldRank: "Rank", model.FieldSection: "Section", model.FieldTable: "Table", model.FieldRound: "Round",
	model.FieldPairNS: "PairId_NS", model.FieldPairEW: "PairId_EW", model.FieldNamesNS: "Names_NS", model.FieldNamesEW: "Names_EW",
	model.FieldContract: model.FactContract.String(), model.FieldDeclarer: model.FactDeclarer.String(),
	model.FieldResult: model.FactResult.String(), model.FieldLead: "Lead",
	model.FieldScoreNS: "Score_NS", model.FieldScoreEW: "Score_EW", model.FieldIMPNS: "IMP_NS", model.FieldIMPEW: "IMP_EW",
	model.FieldMPNS: "MP_NS", model.FieldMPEW: "MP_EW", model.FieldPercentNS: "Percentage_NS", model.FieldPercentEW: "Percentage_EW",
	model.FieldMultiplicity: "Multiplicity",
}

// cellKinds say what a cell of each column must be: its type and range.
var cellKinds = map[model.Field]string{
	model.FieldRank:         "a rank (1 or more)",
	model.FieldTable:        "a table number (1 or more)",
	model.FieldRound:        "a round number (1 or more)",
	model.FieldContract:     "a contract (a level 1 to 7, a strain, X or XX; or Pass)",
	model.FieldDeclarer:     "a seat (N, E, S or W)",
	model.FieldResult:       "a number of tricks (0 to 13)",
	model.FieldLead:         "a card (SA, H10, ...)",
	model.FieldScoreNS:      "a score (a multiple of 10 from -7600 to 7600)",
	model.FieldIMPNS:        "a number of IMPs",
	model.FieldMPNS:         "a number of matchpoints (0 or more)",
	model.FieldPercentNS:    "a percentage (0 to 100)",
	model.FieldMultiplicity: "a number of results (1 to 10000)",
}

// kindOf is the field whose cellKinds entry says what f's cell must be:
// a side's column shares North-South's.
func kindOf(f model.Field) model.Field {
	switch f {
	case model.FieldScoreEW, model.FieldIMPEW, model.FieldMPEW, model.FieldPercentEW:
		return f - 1
	}
	return f
}

// fault notes that the cell of column f, text as written, is not what
// its column holds: the value is not taken.
func (row *Row) fault(f model.Field, text string) {
	row.bad[f] = true
	row.Faults = append(row.Faults, fmt.Sprintf("%s %q is not %s", columnNames[f], text, cellKinds[kindOf(f)]))
}

// inRange reports whether the cell of column f holding the number v is
// within its column's range.
func inRange(f model.Field, v float64) bool {
	switch kindOf(f) {
	case model.FieldRank, model.FieldTable, model.FieldRound:
		return v >= 1
	case model.FieldResult:
		return v >= 0 && v <= 13
	case model.FieldScoreNS:
		return v >= -MaxScore && v <= MaxScore && int(v)%10 == 0
	case model.FieldMPNS:
		return v >= 0
	case model.FieldPercentNS:
		return v >= 0 && v <= 100
	case model.FieldMultiplicity:
		return v >= 1 && v <= MaxMultiplicity
	}
	return true
}

// checkCells checks the values of row (read as data, or from its
// elements by rawCell) against their columns' ranges, and its cells
// against each other; a cell already found faulty is not checked again.
func checkCells(row *Row) {
	t := &row.TableResult
	ints := []struct {
		f model.Field
		v int
	}{{model.FieldRank, t.Rank}, {model.FieldTable, t.Table}, {model.FieldRound, t.Round}, {model.FieldResult, t.Result},
		{model.FieldScoreNS, t.Score[model.NS]}, {model.FieldScoreEW, t.Score[model.EW]}, {model.FieldMultiplicity, t.Multiplicity}}
	for _, c := range ints {
		if c.v != model.NoInt && !row.bad[c.f] && !inRange(c.f, float64(c.v)) {
			row.fault(c.f, strconv.Itoa(c.v))
		}
	}
	points := []struct {
		f model.Field
		v model.Points
	}{{model.FieldIMPNS, t.IMP[model.NS]}, {model.FieldIMPEW, t.IMP[model.EW]}, {model.FieldMPNS, t.MP[model.NS]},
		{model.FieldMPEW, t.MP[model.EW]}, {model.FieldPercentNS, t.Percent[model.NS]}, {model.FieldPercentEW, t.Percent[model.EW]}}
	for _, c := range points {
		v := float64(c.v)
		if c.v.Known() && !row.bad[c.f] && (v != v || v > maxPoints || v < -maxPoints || !inRange(c.f, v)) {
			row.fault(c.f, strconv.FormatFloat(v, 'f', -1, 64))
		}
	}
	c := t.Contract
	if !row.bad[model.FieldContract] && (c.Kind == model.StrainOnly || c.Kind == model.Bid && (c.Level < 1 || c.Level > 7 || c.Doubled > 2)) {
		row.fault(model.FieldContract, c.String())
	}
	if t.Lead != "" && !row.bad[model.FieldLead] {
		if _, ok := model.ParseCard(t.Lead); !ok {
			row.fault(model.FieldLead, t.Lead)
		}
	}
	if c.Kind == model.PassedOut && (t.Declarer.Valid() || t.Result != model.NoInt && t.Result != 0) {
		row.contradiction = true
		row.Faults = append(row.Faults, fmt.Sprintf("Contract %q with %s: a board passed out has no declarer and takes no tricks", c.String(), passedOutExtra(t)))
	}
}

// maxPoints bounds an IMP, matchpoint or percentage cell: any finite
// number a traveller could state is far below it (an IMP total of every
// comparison of the largest board: 24 × 10,000 × 10,000).
const maxPoints = 1e12

func passedOutExtra(t *model.TableResult) string {
	var parts []string
	if t.Declarer.Valid() {
		parts = append(parts, "Declarer "+strconv.Quote(t.Declarer.String()))
	}
	if t.Result != model.NoInt && t.Result != 0 {
		parts = append(parts, "Result "+strconv.Quote(strconv.Itoa(t.Result)))
	}
	return strings.Join(parts, " and ")
}

// unscorable reports whether a fault of row leaves it out of the session
// whatever it states: its contract, declarer, tricks, multiplicity or an
// artificial score is faulty, or its contract contradicts its tricks.
func (row *Row) unscorable() bool {
	return row.contradiction || row.repeated || row.bad[model.FieldContract] || row.bad[model.FieldDeclarer] ||
		row.bad[model.FieldResult] || row.bad[model.FieldMultiplicity] || row.badArtificial
}

// checkPairs leaves out each row whose pair (by its section and id, else
// its names) played the board at an earlier row in the same direction: a
// pair plays a board once. (A pair id in both directions on one board is
// a Mitchell's numbering, two pairs.)
func checkPairs(rows []Row) {
	seen := map[string]int{}
	for i := range rows {
		r := &rows[i]
		for side := range 2 {
			id := r.Pair[side]
			if id == "" {
				id = strings.ToLower(strings.TrimSpace(r.Names[side]))
			}
			if id == "" || id == "?" {
				continue
			}
			key := strconv.Itoa(side) + "\x00" + r.Section + "\x00" + id
			if first, ok := seen[key]; ok {
				who := r.Pair[side]
				if who == "" {
					who = r.Names[side]
				}
				r.repeated = true
				r.Faults = append(r.Faults, fmt.Sprintf("pair %q (%s) played the board at row %d already", who, sideNames[side], first+1))
				continue
			}
			seen[key] = i
		}
	}
}

var sideNames = [2]string{"North-South", "East-West"}
