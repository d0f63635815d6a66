package pipeline

import (
	"math"
	"slices"

	"handrec/model"
	"handrec/model/scoring"
)

// SessionColumns asks a conversion to add to each traveller the columns
// a session method computes (MP_NS, MP_EW, Percentage_NS, Percentage_EW;
// IMP_NS, IMP_EW), and, with Standings, the pairs' totals as a
// TotalScoreTable in the last record written.
type SessionColumns struct {
	Method    scoring.Method
	Standings bool
}

// sessionColumns adds the columns record by record and keeps the
// standings; with Standings the last record is held back, to carry them.
type sessionColumns struct {
	opt  SessionColumns
	st   *scoring.Standings
	held *model.Record
}

// computedFields are the fields a method computes, by side.
func computedFields(m scoring.Method) []model.Field {
	if m.IMPs() {
		return []model.Field{model.FieldIMPNS, model.FieldIMPEW}
	}
	return []model.Field{model.FieldMPNS, model.FieldMPEW, model.FieldPercentNS, model.FieldPercentEW}
}

func round2Places(v model.Points) model.Points {
	if !v.Known() {
		return v
	}
	return model.Points(math.Round(float64(v)*100) / 100)
}

// apply is r with its traveller's computed columns added (a copy; r is
// not changed), each board scored on its own; false when r has a
// traveller kept as written, which gets none (the conversion says so).
// A column the traveller has already keeps its values.
func (sc *sessionColumns) apply(r *model.Record) (*model.Record, bool) {
	sec := travellerSection(r)
	if sec == nil {
		return r, true
	}
	if sec.Traveller == nil {
		return r, false
	}
	rows := scoring.TravellerRows(r, sec)
	res := make([]scoring.Result, len(rows))
	for i := range rows {
		res[i] = rows[i].Cmp
	}
	bs := scoring.ScoreBoard(res, sc.opt.Method, 0)
	out := r.Clone()
	t := travellerSection(out).Traveller
	for _, f := range computedFields(sc.opt.Method) {
		if slices.ContainsFunc(t.Columns, func(c model.TableColumn) bool { return c.Field == f }) {
			continue
		}
		t.Columns = append(t.Columns, model.TableColumn{Field: f})
		for i := range t.Results {
			setComputed(&t.Results[i], f, bs.Rows[i], sc.opt.Method)
		}
	}
	for i := range t.Results {
		for _, side := range []model.Side{model.NS, model.EW} {
			top := 0.0
			if bs.Rows[i].MP[side].Known() {
				top = bs.Top
			}
			sc.st.Add(t.Results[i].Pair[side], t.Results[i].Names[side], side, bs.Rows[i], top)
		}
	}
	return out, true
}

func setComputed(res *model.TableResult, f model.Field, s scoring.Scored, m scoring.Method) {
	imp := s.IMP
	if m.Kind == scoring.CrossIMP {
		imp = s.IMPAvg // PBN's Cross2: divided by the comparisons
	}
	switch f {
	case model.FieldIMPNS, model.FieldIMPEW:
		res.IMP[f-model.FieldIMPNS] = round2Places(imp[f-model.FieldIMPNS])
	case model.FieldMPNS, model.FieldMPEW:
		res.MP[f-model.FieldMPNS] = round2Places(s.MP[f-model.FieldMPNS])
	case model.FieldPercentNS, model.FieldPercentEW:
		res.Percent[f-model.FieldPercentNS] = round2Places(s.Percent[f-model.FieldPercentNS])
	}
}

// standings is the pairs' totals as PBN 2.1's TotalScoreTable holds them:
// rank (the best of a tie), pair, names, boards, and the total (and
// percentage) of the method.
func (sc *sessionColumns) standings() *model.Standings {
	m := sc.opt.Method
	cols := []model.Field{model.FieldRank, model.FieldPair, model.FieldNames, model.FieldBoards}
	if m.IMPs() {
		cols = append(cols, model.FieldTotalIMP)
	} else {
		cols = append(cols, model.FieldTotalMP, model.FieldTotalPercent)
	}
	t := &model.Standings{}
	for _, f := range cols {
		t.Columns = append(t.Columns, model.TableColumn{Field: f})
	}
	for _, s := range sc.st.Rows() {
		row := model.NewStanding()
		row.Rank, row.Pair, row.Names, row.Boards = s.Rank, s.Pair, s.Names, s.Boards
		if m.IMPs() {
			row.Totals[model.FieldTotalIMP-model.FieldTotalScore] = round2Places(model.Points(s.Total))
		} else {
			row.Totals[model.FieldTotalMP-model.FieldTotalScore] = round2Places(model.Points(s.Total))
			row.Totals[model.FieldTotalPercent-model.FieldTotalScore] = round2Places(model.Points(s.Percent))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}
