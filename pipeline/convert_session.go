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
// TotalScoreTable in the last record written. Both are the session's as
// Session scores it, one computation whichever command prints it:
// Writer.ScoreSession scores the input once before the conversion reads
// it again, with Neuberg's N of the whole session and its rules (fields,
// the minimum of boards to rank).
type SessionColumns struct {
	Method    scoring.Method
	Standings bool
	scored    *SessionScored
}

// ScoreSession scores the session of src, the records the conversion
// will write (its selection applied), under the columns' method and
// opt's rules, for the columns and standings the conversion then adds
// from it. src must give the records the conversion reads next, in the
// same order: each is checked against it. ErrNoSession tells input with
// no session: the conversion then adds nothing.
func (w *Writer) ScoreSession(src Source, opt SessionOptions) error {
	opt.Method, opt.MethodSet = w.Session.Method, true
	if w.Select != nil {
		src = w.Select.Filter(src)
	}
	scored, err := SessionScores(src, opt)
	if err != nil {
		return err
	}
	w.Session.scored = scored
	return nil
}

// sessionColumns adds the columns record by record; with Standings the
// last record is held back, to carry them.
type sessionColumns struct {
	opt  SessionColumns
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
// not changed), its board scored as the session scored it; false when r
// has a traveller kept as written, which gets none (the conversion says
// so). A column the traveller has already keeps its values. An error
// when r is not the record the session read in its place.
func (sc *sessionColumns) apply(r *model.Record) (*model.Record, bool, error) {
	scored := sc.opt.scored
	if scored == nil {
		return r, true, nil
	}
	if err := scored.Reread(r); err != nil {
		return nil, false, err
	}
	sec := travellerSection(r)
	if sec == nil {
		return r, true, nil
	}
	if sec.Traveller == nil {
		return r, false, nil
	}
	b := scored.Board(r)
	if b == nil || len(b.Rows) != len(sec.Traveller.Results) {
		return r, true, nil
	}
	out := r.Clone()
	t := travellerSection(out).Traveller
	for _, f := range computedFields(sc.opt.Method) {
		if slices.ContainsFunc(t.Columns, func(c model.TableColumn) bool { return c.Field == f }) {
			continue
		}
		t.Columns = append(t.Columns, model.TableColumn{Field: f})
		for i := range t.Results {
			setComputed(&t.Results[i], f, b.Score.Rows[i], sc.opt.Method)
		}
	}
	return out, true, nil
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

// standings is the session's standings as PBN 2.1's TotalScoreTable
// holds them: rank (the best of a tie; none for a pair not ranked), pair,
// names, boards, and the total (and percentage) of the method; with two
// fields, each pair's direction in a column "Direction" (PBN names none).
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
	scored := sc.opt.scored
	fields := scored.Report.Fields == 2
	if fields {
		t.Columns = append(t.Columns, model.TableColumn{Name: "Direction"})
	}
	for _, s := range scored.Standings {
		row := model.NewStanding()
		row.Pair, row.Names, row.Boards = s.Pair, s.Names, s.Boards
		if s.Rank > 0 {
			row.Rank = s.Rank
		}
		if m.IMPs() {
			row.Totals[model.FieldTotalIMP-model.FieldTotalScore] = round2Places(model.Points(s.Total))
		} else {
			row.Totals[model.FieldTotalMP-model.FieldTotalScore] = round2Places(model.Points(s.Total))
			row.Totals[model.FieldTotalPercent-model.FieldTotalScore] = round2Places(model.Points(s.Percent))
		}
		if fields {
			row.Other = []string{s.Field}
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}
