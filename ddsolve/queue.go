package ddsolve

import (
	"errors"
	"sync/atomic"

	"handrec/internal/ordered"
	"handrec/model"
	"handrec/model/dd"
)

// Options tune the double-dummy solving of a Queue or a Stream: dd,
// --dd of show, sheet, convert and export, import --dd and dd --db.
type Options struct {
	Jobs       int // deals solved at once; 0 for GOMAXPROCS
	TableBytes int // each solver's transposition table; 0 for DefaultTableBytes
	// Cache holds the deals solved so far, so that each distinct deal is
	// solved once; nil for a new cache of the queue's own. Give one to
	// share it between queues, or to count the deals solved.
	Cache *Cache
}

// withCache is opt with a cache: its own, else a new one.
func (opt Options) withCache() Options {
	if opt.Cache == nil {
		opt.Cache = NewCache()
	}
	return opt
}

// Queue solves records on several goroutines and hands them on, each
// with its result, in the order they were put: a window of records is in
// flight, so memory does not grow with the input. A deal met before (the
// queue's Cache) is not solved again: its record takes the table of
// the first. Put and Close call the out function on the caller's
// goroutine. A queue is not safe for concurrent use.
type Queue struct {
	q   *ordered.Queue[job]
	opt Options
	// err is out's first error; stopped says so to the workers, which
	// begin no deal after it: the command stops at once.
	err     error
	stopped atomic.Bool
}

// job is a record and where its deal's table is (nil for a record
// passed through); solve says the job solves it, res is the record's
// result, made as the job is handed on.
type job struct {
	rec   *model.Record
	solve bool
	table *dealResult
	guess *dd.Table // the table the record carries, to be proved
	res   *Result
}

// NewQueue returns a queue that gives each record to out.
// Once out fails, the deals not yet begun are not solved.
func NewQueue(opt Options, out func(r *model.Record, res *Result) error) *Queue {
	q := &Queue{opt: opt.withCache()}
	q.q = ordered.NewQueue(ordered.Options{Workers: opt.Jobs}, work(q.opt, &q.stopped), func(j *job) error {
		j.finish()
		if err := out(j.rec, j.res); err != nil {
			q.err = err
			q.stopped.Store(true)
			return err
		}
		return nil
	})
	return q
}

// job is the job of r, whose table is wanted or not: a record whose deal
// cannot be solved is solved alone (for its error), a deal met before
// takes the table of its first record, and a record carrying a full table
// has it proved (recordedTable), not solved from nothing.
func (opt *Options) job(r *model.Record, want bool) job {
	j := job{rec: r}
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
func (j *job) finish() {
	if j.table == nil || j.res != nil {
		return
	}
	res := Result{Table: j.table.t, Err: j.table.err}
	if res.Err == nil && j.rec.Deal.Complete() {
		res.Par = parOf(j.rec, res.Table)
	}
	j.res = &res
}

// work is a worker's solving of the jobs to solve: each worker has its
// solver, made at its first deal. Once stopped (when not nil) is set, it
// skips the deals and leaves the one it solves (errStopped).
func work(opt Options, stopped *atomic.Bool) func() func(*job) {
	return func() func(*job) {
		var s *dd.Solver
		return func(j *job) {
			if !j.solve {
				return
			}
			if stopped != nil && stopped.Load() {
				j.table.err = errStopped
				j.table.skipped.Store(true)
				return
			}
			if s == nil {
				s = dd.NewSolver(opt.TableBytes)
				if stopped != nil {
					s.StopWhen(stopped.Load)
				}
			}
			j.table.t, j.table.err = s.TableFrom(j.rec.Deal, j.guess)
			if errors.Is(j.table.err, dd.ErrStopped) {
				j.table.err = errStopped
				j.table.skipped.Store(true)
			}
		}
	}
}

// Put queues r, to be solved when solve is set, else passed on as it is
// (out gets a nil result), and hands on the records at the head of the
// queue that are ready. It returns out's first error.
func (q *Queue) Put(r *model.Record, solve bool) error {
	if q.err != nil {
		return q.err // and r's deal is not claimed in the cache
	}
	j := q.opt.job(r, solve)
	return q.q.Put(j, j.solve)
}

// Close waits for the records in flight, hands them on, and stops the
// workers. It returns out's first error.
func (q *Queue) Close() error { return q.q.Close() }

// Stream gives the records a reader gives, each solvable one solved
// ahead on Options.Jobs goroutines, in order: import --dd.
type Stream struct {
	s *ordered.Stream[job]
}

// NewStream returns the stream of the records next gives (io.EOF after
// the last), each whose deal Solvable solved.
func NewStream(opt Options, next func() (*model.Record, error)) *Stream {
	opt = opt.withCache()
	read := func() (job, int, error) {
		r, err := next()
		if err != nil {
			return job{}, 0, err
		}
		return opt.job(r, Solvable(r)), 0, nil
	}
	return &Stream{s: ordered.NewStream(ordered.Options{Workers: opt.Jobs}, read, work(opt, nil))}
}

// Next is the next record and its result (nil when it was not solved),
// or next's error.
func (s *Stream) Next() (*model.Record, *Result, error) {
	j, err := s.s.Next()
	if err != nil {
		return nil, nil, err
	}
	j.finish()
	return j.rec, j.res, nil
}

// Close stops the reading and the solving, without waiting for the deals
// being solved, which cannot be stopped midway (Wait waits for them).
func (s *Stream) Close() { s.s.Close() }

// Wait waits, after Close or the last record, for the deals being solved.
func (s *Stream) Wait() { s.s.Wait() }
