package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"handrec/ddsolve"
	"handrec/model"
	"handrec/render"
)

// ddView is a board's double-dummy table, in the books' order (rows N S
// E W, columns NT S H D C), and its par.
type ddView struct {
	Rows [4]ddRowView `json:"rows"`
	Par  string       `json:"par,omitempty"`
	// From says where the table came from: "archive" (import --dd or
	// handrec dd --db), "record" (the record's own table), "solved" (just
	// now), or "" when there is none; Note why there is none.
	From string `json:"from,omitempty"`
	Note string `json:"note,omitempty"`
	// retryAfter is the seconds to wait when the solver was busy, with
	// the deals waiting then.
	retryAfter, waiting int
}

type ddRowView struct {
	Seat   string    `json:"seat"`
	Tricks [5]string `json:"tricks"` // NT S H D C; "" not known
}

var (
	ddRowSeats    = [4]model.Seat{model.North, model.South, model.East, model.West}
	ddColumns     = [5]model.Strain{model.NoTrump, model.StrainSpades, model.StrainHearts, model.StrainDiamonds, model.StrainClubs}
	ddStrainNames = map[string]model.Strain{"C": model.StrainClubs, "D": model.StrainDiamonds, "H": model.StrainHearts,
		"S": model.StrainSpades, "NT": model.NoTrump}
)

// Heads are the table's column heads.
func (*ddView) Heads() [5]string { return [5]string{"NT", "♠", "♥", "♦", "♣"} }

func tableView(t model.DDTable, from string) *ddView {
	v := &ddView{From: from}
	for i, seat := range ddRowSeats {
		v.Rows[i].Seat = seat.String()
		for j, st := range ddColumns {
			if n := t[seat][st]; n >= 0 {
				v.Rows[i].Tricks[j] = strconv.Itoa(n)
			}
		}
	}
	return v
}

// loadDD is the board's table: the archive's, else the record's own,
// else solved now within the time limit.
func (s *Server) loadDD(ctx context.Context, b *boardData) (*ddView, error) {
	t, found := model.NewDDTable(), false
	err := s.named(ctx, "SELECT declarer, strain, tricks FROM dd WHERE record = ?", []any{b.Info.ID}, func(v namedRow) error {
		seat, ok1 := model.ParseSeat(v.str("declarer")[0])
		st, ok2 := ddStrainNames[v.str("strain")]
		n, ok3 := v.num("tricks")
		if ok1 && ok2 && ok3 {
			t[seat][st] = int(n)
			found = true
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if found {
		v := tableView(t, "archive")
		err := s.named(ctx, "SELECT score, contracts FROM par WHERE record = ?", []any{b.Info.ID}, func(row namedRow) error {
			v.Par = parText(row.val("score"), row.str("contracts"))
			return nil
		})
		return v, err
	}
	r := b.Record
	if rec, ok := r.RecordedDD(); ok {
		v := tableView(rec.Tricks, "record")
		if !r.Par.IsZero() {
			v.Par = render.ParText(r.Par, render.Style{})
		}
		return v, nil
	}
	if err := ddsolve.Check(r); err != nil {
		if r.Deal.Known != [4]bool{true, true, true, true} {
			return &ddView{Note: "the deal is not known whole: no double-dummy table"}, nil
		}
		return &ddView{Note: "no double-dummy table: " + err.Error()}, nil
	}
	if s.opt.DDTimeout < 0 {
		return &ddView{Note: "the archive has no double-dummy table for this record (handrec dd --db solves and stores them)"}, nil
	}
	return s.solveDD(unlimited(ctx), b.Info.ID, r, s.opt.DDTimeout), nil
}

// parText is the par of the par view (North-South's score, the
// contracts as PBN's ParContract gives them) as show and sheet write par:
// the score by the side of the par contracts, as ddsolve.RecordPar.
func parText(score any, contracts string) string {
	var p model.Par
	p.Contracts, _ = model.ParseParContracts(contracts)
	if n, ok := num(score); ok {
		part := model.ScorePart{Side: model.NS, Value: strconv.FormatInt(n, 10)}
		if len(p.Contracts) > 0 && p.Contracts[0].Side == model.EW {
			part = model.ScorePart{Side: model.EW, Value: strconv.FormatInt(-n, 10)}
		}
		p.Score = model.Score{N: 1, Part: [2]model.ScorePart{part}}
	}
	return render.ParText(p, render.Style{})
}

// ddTable is the view of the service's result for r: its table and par,
// or why it has none.
func ddTable(res ddsolve.Result) *ddView {
	if res.Err != nil {
		return &ddView{Note: "the deal could not be solved: " + res.Err.Error()}
	}
	v := tableView(model.DDTable(res.Table), "solved")
	if res.Par != nil {
		v.Par = render.ParText(ddsolve.RecordPar(*res.Par), render.Style{})
	}
	return v
}

// ddService is what the pages ask for a table the archive lacks:
// ddsolve.Service (a test's own in web's tests).
type ddService interface {
	Solve(ctx context.Context, key int64, r *model.Record, limit time.Duration) (ddsolve.Result, error)
}

// solveDD is the table of record id, solved within limit, or a note that
// it is being solved, or that the solver is busy.
func (s *Server) solveDD(ctx context.Context, id int64, r *model.Record, limit time.Duration) *ddView {
	res, err := s.dd.Solve(ctx, id, r, limit)
	var busy *ddsolve.BusyError
	switch {
	case err == nil:
		return ddTable(res)
	case errors.As(err, &busy):
		after := int((busy.RetryAfter + time.Second - 1) / time.Second)
		return &ddView{Note: fmt.Sprintf("the double-dummy solver is busy (%d deals are waiting); reload the page in %d s to see the table",
			busy.Waiting, after), retryAfter: after, waiting: busy.Waiting}
	case errors.Is(err, ddsolve.ErrPending):
		return &ddView{Note: "the double-dummy table is being solved (it took longer than " + limit.String() + "); reload the page to see it"}
	}
	return &ddView{Note: "the double-dummy table was not solved: " + err.Error()} // the visitor left
}

// busy is the error of an API request whose table the solver was too
// busy to take (503, with Retry-After); nil when it was not.
func (v *ddView) busy() error {
	if v == nil || v.retryAfter == 0 {
		return nil
	}
	return &httpError{Code: http.StatusServiceUnavailable, RetryAfter: v.retryAfter,
		Msg: fmt.Sprintf("the double-dummy solver is busy: %d deals are waiting to be solved; ask again in %d s, or with dd=0 for the board without its table",
			v.waiting, v.retryAfter)}
}
