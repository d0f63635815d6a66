package ddsolve

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"handrec/model"
	"handrec/model/dd"
)

// Defaults of ServiceOptions.
const (
	DefaultRemember = 256
	// DefaultWaiting lets a page's deal wait behind at most 16 others:
	// at a few tenths of a second a deal, within the viewer's 10 s.
	DefaultWaiting = 16
)

// ServiceOptions tune a Service.
type ServiceOptions struct {
	// Remember is how many results it keeps, by key; 0 for
	// DefaultRemember.
	Remember int
	// Waiting bounds the deals waiting for the solver, beside the one it
	// solves; 0 for DefaultWaiting. A deal asked for beyond it is refused
	// (BusyError) rather than queued.
	Waiting int
	// TableBytes is the solver's transposition table; 0 for
	// DefaultTableBytes.
	TableBytes int
}

// ErrPending is Solve's answer when its wait ended before the deal was
// solved: it goes on being solved, and a later Solve finds its result.
var ErrPending = errors.New("the deal is still being solved")

// BusyError is Solve's answer when as many deals as the service lets
// wait are waiting: the deal is not queued; ask again after RetryAfter.
type BusyError struct {
	Waiting int // the deals waiting
	// RetryAfter is when the deals waiting should be solved, at the
	// service's mean time a deal so far: one second at least.
	RetryAfter time.Duration
}

func (e *BusyError) Error() string {
	return fmt.Sprintf("the double-dummy solver is busy: %d deals are waiting to be solved", e.Waiting)
}

// ServiceStats counts what a Service did.
type ServiceStats struct {
	Solved  int // deals solved
	Dropped int // deals dropped unsolved: every asker left before the solver came to them
	Refused int // asks refused (BusyError)
	Waiting int // deals waiting now
	Solving bool
	// MostWaiting is the most deals that waited at once; Took the time
	// spent solving.
	MostWaiting int
	Took        time.Duration
}

// Service solves the deals of the records it is asked for, for the
// viewer's pages, one at a time on a solver it keeps, and remembers the
// last results by the records' keys. At most Waiting deals wait for the
// solver: beyond that it answers BusyError at once. A deal whose askers
// have all gone (their contexts ended) before the solver came to it is
// dropped; one whose asker's wait ran out (ErrPending, "come back") is
// solved, and a later ask finds its result.
type Service struct {
	opt     ServiceOptions
	mu      sync.Mutex
	results map[int64]Result
	asked   map[int64]*ask // waiting or being solved
	queue   []*ask         // waiting, in order
	working bool           // the worker runs
	took    time.Duration  // the mean time of a deal
	stats   ServiceStats
	solver  *dd.Solver
	solve   func(r *model.Record) Result // the worker's; tests put their own
}

// ask is a deal asked for: its askers wait for done.
type ask struct {
	key     int64
	rec     *model.Record
	askers  int  // waiting now
	keep    bool // an asker was told to come back: solved without askers
	started bool
	res     Result
	done    chan struct{} // closed when solved or dropped
}

// NewService returns a service with the options opt.
func NewService(opt ServiceOptions) *Service {
	if opt.Remember <= 0 {
		opt.Remember = DefaultRemember
	}
	if opt.Waiting <= 0 {
		opt.Waiting = DefaultWaiting
	}
	s := &Service{opt: opt, results: map[int64]Result{}, asked: map[int64]*ask{}}
	s.solve = func(r *model.Record) Result {
		if s.solver == nil {
			s.solver = dd.NewSolver(opt.TableBytes)
		}
		return solveRecord(s.solver, r)
	}
	return s
}

// Solve is the result of r, the record of key, waiting for it at most
// limit or until ctx ends. Its errors: ErrPending when limit passed first
// (the deal goes on being solved), ctx's when ctx ended first (the deal
// is dropped if no one else waits for it and the solver has not begun
// it), a *BusyError when the deal cannot wait.
func (s *Service) Solve(ctx context.Context, key int64, r *model.Record, limit time.Duration) (Result, error) {
	s.mu.Lock()
	if res, ok := s.results[key]; ok {
		s.mu.Unlock()
		return res, nil
	}
	a, err := s.join(key, r)
	if err != nil {
		s.mu.Unlock()
		return Result{}, err
	}
	if !s.working && len(s.queue) > 0 {
		s.working = true
		go s.work()
	}
	s.mu.Unlock()
	timer := time.NewTimer(limit)
	defer timer.Stop()
	select {
	case <-a.done:
		return a.res, nil
	case <-timer.C:
		err = ErrPending
	case <-ctx.Done():
		err = ctx.Err()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a.askers--
	select {
	case <-a.done: // solved as the wait ended
		return a.res, nil
	default:
	}
	if err == ErrPending {
		a.keep = true
	} else if a.askers == 0 && !a.keep && !a.started {
		s.drop(a)
	}
	return Result{}, err
}

// join adds an asker to the deal of key: asked already, or queued if
// there is room. The caller holds s.mu.
func (s *Service) join(key int64, r *model.Record) (*ask, error) {
	a := s.asked[key]
	if a == nil {
		if len(s.queue) >= s.opt.Waiting {
			s.stats.Refused++
			return nil, &BusyError{Waiting: len(s.queue), RetryAfter: s.retryAfter()}
		}
		a = &ask{key: key, rec: r, done: make(chan struct{})}
		s.asked[key] = a
		s.queue = append(s.queue, a)
		s.stats.MostWaiting = max(s.stats.MostWaiting, len(s.queue))
	}
	a.askers++
	return a, nil
}

// retryAfter is when the deals waiting, and the one being solved, should
// be solved: at the mean time a deal (a second before any is solved), a
// second at least. The caller holds s.mu.
func (s *Service) retryAfter() time.Duration {
	took := s.took
	if took == 0 {
		took = time.Second
	}
	return max(time.Second, time.Duration(len(s.queue)+1)*took)
}

// drop takes a out of the queue unsolved. The caller holds s.mu.
func (s *Service) drop(a *ask) {
	s.queue = slices.DeleteFunc(s.queue, func(q *ask) bool { return q == a })
	delete(s.asked, a.key)
	s.stats.Dropped++
	close(a.done)
}

// work solves the deals waiting, in order, until none is left.
func (s *Service) work() {
	for {
		s.mu.Lock()
		if len(s.queue) == 0 {
			s.working = false
			s.mu.Unlock()
			return
		}
		a := s.queue[0]
		s.queue = s.queue[1:]
		a.started = true
		s.mu.Unlock()
		start := time.Now()
		res := s.solve(a.rec)
		took := time.Since(start)
		s.mu.Lock()
		if s.stats.Solved == 0 {
			s.took = took
		} else {
			s.took = (3*s.took + took) / 4 // a mean of the last few
		}
		s.stats.Solved++
		s.stats.Took += took
		if len(s.results) >= s.opt.Remember {
			clear(s.results)
		}
		a.res = res
		s.results[a.key] = res
		delete(s.asked, a.key)
		close(a.done)
		s.mu.Unlock()
	}
}

// Stats counts what the service did so far.
func (s *Service) Stats() ServiceStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.stats
	st.Waiting, st.Solving = len(s.queue), s.working
	return st
}

// Wait waits until the deal of key is no longer waiting or being solved.
func (s *Service) Wait(key int64) {
	s.mu.Lock()
	a := s.asked[key]
	s.mu.Unlock()
	if a != nil {
		<-a.done
	}
}
