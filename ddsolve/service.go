package ddsolve

import (
	"context"
	"sync"
	"time"

	"handrec/model"
	"handrec/model/dd"
)

// Service solves the deals of the records it is asked for, for the
// viewer's pages, one at a time on a solver it keeps, and remembers the
// last results by the records' keys. A solve that outlasts its asker's
// wait goes on, and a later ask finds its result.
type Service struct {
	mu       sync.Mutex
	results  map[int64]Result
	inflight map[int64]chan struct{}
	max      int
	sem      chan struct{}
	solver   *dd.Solver
}

// NewService returns a service that remembers the results of the last
// max records (about; all are forgotten when it is full).
func NewService(max int) *Service {
	return &Service{results: map[int64]Result{}, inflight: map[int64]chan struct{}{}, max: max, sem: make(chan struct{}, 1)}
}

// Solve is the result of r, the record of key, waiting for it at most
// limit or until ctx ends; false when the wait ended first, and the solve
// goes on.
func (c *Service) Solve(ctx context.Context, key int64, r *model.Record, limit time.Duration) (Result, bool) {
	c.mu.Lock()
	if res, ok := c.results[key]; ok {
		c.mu.Unlock()
		return res, true
	}
	done, ok := c.inflight[key]
	if !ok {
		done = make(chan struct{})
		c.inflight[key] = done
		go c.run(key, r, done)
	}
	c.mu.Unlock()
	timer := time.NewTimer(limit)
	defer timer.Stop()
	select {
	case <-done:
		c.mu.Lock()
		defer c.mu.Unlock()
		return c.results[key], true
	case <-timer.C:
	case <-ctx.Done():
	}
	return Result{}, false
}

// Wait waits for the solve of key in flight, if there is one.
func (c *Service) Wait(key int64) {
	c.mu.Lock()
	done := c.inflight[key]
	c.mu.Unlock()
	if done != nil {
		<-done
	}
}

// run solves r on the service's solver and keeps its result.
func (c *Service) run(key int64, r *model.Record, done chan struct{}) {
	c.sem <- struct{}{}
	if c.solver == nil {
		c.solver = dd.NewSolver(0)
	}
	res := solveRecord(c.solver, r)
	<-c.sem
	c.mu.Lock()
	if len(c.results) >= c.max {
		clear(c.results)
	}
	c.results[key] = res
	delete(c.inflight, key)
	c.mu.Unlock()
	close(done)
}
