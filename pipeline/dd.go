package pipeline

import (
	"sort"
	"strconv"
	"strings"

	"handrec/internal/ordered"
	"handrec/model"
	"handrec/model/dd"
)

// DDOptions tune the double-dummy solving that show, sheet, convert and
// import do with --dd.
type DDOptions struct {
	Jobs       int // deals solved at once; 0 for GOMAXPROCS
	TableBytes int // each solver's transposition table; 0 for dd's default
}

// DDResult is the solver's answer for one record.
type DDResult struct {
	Table dd.Table
	// Par is nil for an end position, or a deal whose dealer and
	// vulnerability neither the record nor its board number gives.
	Par *dd.Par
	Err error
}

// Solvable reports whether the solver can play r's deal: four known
// hands of the same length, not empty.
func Solvable(r *model.Record) bool {
	n := -1
	for _, s := range model.Seats {
		if !r.Deal.Known[s] || n >= 0 && r.Deal.Hands[s].Len() != n {
			return false
		}
		n = r.Deal.Hands[s].Len()
	}
	return n > 0
}

// NeedsDD reports whether --dd solves r: its deal can be solved and it
// carries no table of its own (OptimumResultTable or DoubleDummyTricks).
func NeedsDD(r *model.Record) bool {
	if !Solvable(r) {
		return false
	}
	_, ok := dd.RecordedTable(r)
	return !ok
}

// SolveRecord solves r's deal with s, and its par when the deal is full
// and its dealer and vulnerability are known (from the board number when
// the record does not say).
func SolveRecord(s *dd.Solver, r *model.Record) DDResult {
	var res DDResult
	res.Table, res.Err = s.Table(r.Deal)
	if res.Err == nil && r.Deal.Complete() {
		res.Par = parOf(r, res.Table)
	}
	return res
}

// parOf is the par of a full deal with table t, nil when the dealer or
// the vulnerability is not known.
func parOf(r *model.Record, t dd.Table) *dd.Par {
	dealer, vul := r.Dealer, r.Vul
	if !dealer.Valid() && r.Board > 0 {
		dealer = model.BoardDealer(r.Board)
	}
	if !vul.Valid() && r.Board > 0 {
		vul = model.BoardVul(r.Board)
	}
	if !dealer.Valid() || !vul.Valid() {
		return nil
	}
	p := dd.ParOf(t, dealer, vul)
	return &p
}

// DDQueue solves records on several goroutines and hands them on, each
// with its result, in the order they were put: a window of records is in
// flight, so memory does not grow with the input. Put and Close call the
// out function on the caller's goroutine. A queue is not safe for
// concurrent use.
type DDQueue struct {
	q *ordered.Queue[ddJob]
}

// ddJob is a record and, once solved, its result (nil for a record
// passed through).
type ddJob struct {
	rec   *model.Record
	solve bool
	res   *DDResult
}

// NewDDQueue returns a queue that gives each record to out.
func NewDDQueue(opt DDOptions, out func(r *model.Record, res *DDResult) error) *DDQueue {
	q := ordered.NewQueue(ordered.Options{Workers: opt.Jobs}, ddWork(opt),
		func(j *ddJob) error { return out(j.rec, j.res) })
	return &DDQueue{q: q}
}

// ddWork is a worker's solving of the jobs to solve: each worker has its
// solver, made at its first deal.
func ddWork(opt DDOptions) func() func(*ddJob) {
	return func() func(*ddJob) {
		var s *dd.Solver
		return func(j *ddJob) {
			if !j.solve {
				return
			}
			if s == nil {
				s = dd.NewSolver(opt.TableBytes)
			}
			res := SolveRecord(s, j.rec)
			j.res = &res
		}
	}
}

// Put queues r, to be solved when solve is set, else passed on as it is
// (out gets a nil result), and hands on the records at the head of the
// queue that are ready. It returns out's first error.
func (q *DDQueue) Put(r *model.Record, solve bool) error {
	return q.q.Put(ddJob{rec: r, solve: solve}, solve)
}

// Close waits for the records in flight, hands them on, and stops the
// workers. It returns out's first error.
func (q *DDQueue) Close() error { return q.q.Close() }

// WithDD is src with a double-dummy table and par added to each record
// that has none (AddDD), solved on opt.Jobs goroutines and given in order.
func WithDD(src Source, opt DDOptions) Source {
	return func(fn func(*model.Record) error) error {
		q := NewDDQueue(opt, func(r *model.Record, res *DDResult) error { return fn(AddDD(r, res)) })
		err := src(func(r *model.Record) error { return q.Put(r, NeedsDD(r)) })
		if cerr := q.Close(); err == nil {
			err = cerr
		}
		return err
	}
}

// AddDD is r with what res solved that r does not carry: a double-dummy
// table section, and OptimumScore and ParContract tags. A
// record with a full table of its own and no par gets the par of that
// table. r is not changed: the result is a copy when anything is added,
// else r. A failed or missing result adds nothing of its own.
func AddDD(r *model.Record, res *DDResult) *model.Record {
	var sec []model.Section
	var par *dd.Par
	if res != nil && res.Err == nil {
		if _, ok := dd.RecordedTable(r); !ok {
			t := model.DDTable(res.Table)
			sec = append(sec, model.Section{DD: &t})
		}
		par = res.Par
	} else if rec, ok := dd.RecordedTable(r); ok && rec.Full() && r.Deal.Complete() {
		par = parOf(r, dd.Table(rec.Tricks))
	}
	var tags []model.Tag
	if par != nil {
		if _, ok := r.Tag("OptimumScore"); !ok {
			tags = append(tags, model.Tag{Name: "OptimumScore", Value: OptimumScore(*par)})
		}
		if _, ok := r.Tag("ParContract"); !ok && len(par.Contracts) > 0 {
			tags = append(tags, model.Tag{Name: "ParContract", Value: ParContract(*par)})
		}
	}
	if len(sec) == 0 && len(tags) == 0 {
		return r
	}
	c := *r
	c.Tags = append(append([]model.Tag(nil), r.Tags...), tags...)
	c.Sections = append(append([]model.Section(nil), r.Sections...), sec...)
	return &c
}

// OptimumScore is the par score as the OptimumScore tag gives it (PBN
// 4.2.7), in BridgeComposer's form: the side of the par contracts and
// its score, "NS 620", "EW -100" (a sacrifice); "NS 0" when all pass.
func OptimumScore(p dd.Par) string {
	if len(p.Contracts) > 0 && p.Contracts[0].Declarers[0].Side() == model.EW {
		return "EW " + strconv.Itoa(-p.Score)
	}
	return "NS " + strconv.Itoa(p.Score)
}

// ParContract is the par contracts as BridgeComposer's ParContract tag
// gives them: "NS 4H=; NS 4S=", "EW 5DX-1", "S 6N=" (only South makes
// it), lowest first, clubs to no trump at one level.
func ParContract(p dd.Par) string {
	cs := append([]dd.ParContract(nil), p.Contracts...)
	sortParContracts(cs)
	parts := make([]string, len(cs))
	for i, c := range cs {
		var b strings.Builder
		if len(c.Declarers) == 1 {
			b.WriteString(c.Declarers[0].String())
		} else {
			b.WriteString(c.Declarers[0].Side().String())
		}
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(c.Level))
		if c.Strain == model.NoTrump {
			b.WriteByte('N')
		} else {
			b.WriteString(c.Strain.String())
		}
		switch {
		case c.Result < 0:
			b.WriteString("X" + strconv.Itoa(c.Result))
		case c.Result == 0:
			b.WriteByte('=')
		default:
			b.WriteString("+" + strconv.Itoa(c.Result))
		}
		parts[i] = b.String()
	}
	return strings.Join(parts, "; ")
}

// sortParContracts puts contracts in bidding order: by level, then
// clubs, diamonds, hearts, spades, no trump (dd.Strains' order).
func sortParContracts(cs []dd.ParContract) {
	rank := func(c dd.ParContract) int {
		i := 0
		for i < len(dd.Strains)-1 && dd.Strains[i] != c.Strain {
			i++
		}
		return c.Level*5 + i
	}
	sort.SliceStable(cs, func(i, j int) bool { return rank(cs[i]) < rank(cs[j]) })
}
