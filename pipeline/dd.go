package pipeline

import (
	"sort"
	"strconv"

	"handrec/internal/ordered"
	"handrec/model"
	"handrec/model/dd"
)

// DDOptions tune the double-dummy solving that show, sheet, convert and
// import do with --dd.
type DDOptions struct {
	Jobs       int // deals solved at once; 0 for GOMAXPROCS
	TableBytes int // each solver's transposition table; 0 for dd's default
	// Cache holds the deals solved so far, so that each distinct deal is
	// solved once; nil for a new cache of the queue's own. Give one to
	// share it between queues, or to count the deals solved.
	Cache *DealCache
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
// flight, so memory does not grow with the input. A deal met before (the
// queue's DealCache) is not solved again: its record takes the table of
// the first. Put and Close call the out function on the caller's
// goroutine. A queue is not safe for concurrent use.
type DDQueue struct {
	q   *ordered.Queue[ddJob]
	opt DDOptions
}

// ddJob is a record and where its deal's table is (nil for a record
// passed through); solve says the job solves it, res is the record's
// result, made as the job is handed on.
type ddJob struct {
	rec   *model.Record
	solve bool
	table *dealResult
	guess *dd.Table // the table the record carries, to be proved
	res   *DDResult
}

// NewDDQueue returns a queue that gives each record to out.
func NewDDQueue(opt DDOptions, out func(r *model.Record, res *DDResult) error) *DDQueue {
	opt = opt.withCache()
	q := ordered.NewQueue(ordered.Options{Workers: opt.Jobs}, ddWork(opt),
		func(j *ddJob) error { j.finish(); return out(j.rec, j.res) })
	return &DDQueue{q: q, opt: opt}
}

// job is the job of r, whose table is wanted or not: a record whose deal
// cannot be solved is solved alone (for its error), a deal met before
// takes the table of its first record, and a record carrying a full table
// has it proved (recordedTable), not solved from nothing.
func (opt *DDOptions) job(r *model.Record, want bool) ddJob {
	j := ddJob{rec: r}
	switch {
	case !want:
	case !Solvable(r):
		j.table, j.solve = &dealResult{}, true
	default:
		j.table, j.solve = opt.Cache.claim(&r.Deal)
		if t, ok := recordedTable(r); ok && j.solve {
			j.guess = &t
		}
	}
	return j
}

// finish makes the job's result, once its deal's table is known: the
// table and the par of the record's dealer and vulnerability.
func (j *ddJob) finish() {
	if j.table == nil || j.res != nil {
		return
	}
	res := DDResult{Table: j.table.t, Err: j.table.err}
	if res.Err == nil && j.rec.Deal.Complete() {
		res.Par = parOf(j.rec, res.Table)
	}
	j.res = &res
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
			j.table.t, j.table.err = s.TableFrom(j.rec.Deal, j.guess)
		}
	}
}

// Put queues r, to be solved when solve is set, else passed on as it is
// (out gets a nil result), and hands on the records at the head of the
// queue that are ready. It returns out's first error.
func (q *DDQueue) Put(r *model.Record, solve bool) error {
	j := q.opt.job(r, solve)
	return q.q.Put(j, j.solve)
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
// table section, and the par's score and contracts. A
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
	rp := r.Par
	if par != nil {
		p := RecordPar(*par)
		if !r.Given(model.FactOptimumScore) {
			rp.Score = p.Score
		}
		if !r.Given(model.FactParContract) {
			rp.Contracts = p.Contracts
		}
	}
	if len(sec) == 0 && rp.Score == r.Par.Score && len(rp.Contracts) == len(r.Par.Contracts) {
		return r
	}
	c := *r
	c.Par = rp
	c.Sections = append(append([]model.Section(nil), r.Sections...), sec...)
	return &c
}

// RecordPar is p as a record states it, in BridgeComposer's form: the
// score by the side of the par contracts, "NS 620", "EW -100" (a
// sacrifice), "NS 0" when all pass; the contracts lowest first, clubs to
// no trump at one level, each by the one seat that makes it ("S 6N=") or
// by its side ("NS 4H="), a sacrifice doubled ("EW 5DX-1").
func RecordPar(p dd.Par) model.Par {
	score := model.ScorePart{Side: model.NS, Value: strconv.Itoa(p.Score)}
	if len(p.Contracts) > 0 && p.Contracts[0].Declarers[0].Side() == model.EW {
		score = model.ScorePart{Side: model.EW, Value: strconv.Itoa(-p.Score)}
	}
	out := model.Par{Score: model.Score{N: 1, Part: [2]model.ScorePart{score}}}
	cs := append([]dd.ParContract(nil), p.Contracts...)
	sortParContracts(cs)
	for _, c := range cs {
		pc := model.ParContract{Declarer: model.NoSeat, Side: c.Declarers[0].Side(), Level: int8(c.Level),
			Strain: c.Strain, Result: int8(c.Result)}
		if len(c.Declarers) == 1 {
			pc.Declarer = c.Declarers[0]
		}
		if c.Result < 0 {
			pc.Doubled = 1
		}
		out.Contracts = append(out.Contracts, pc)
	}
	return out
}

// ParContract is the par contracts as BridgeComposer's ParContract tag
// gives them (RecordPar): "NS 4H=; NS 4S=", "EW 5DX-1", "S 6N=".
func ParContract(p dd.Par) string { return RecordPar(p).Contracts.String() }

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
