// Package ordered runs work on jobs on several goroutines and gives the
// jobs back in the order they came, with a bounded number in flight, so
// that memory does not grow with the input. The readers of parser, the
// archive's import and the double-dummy solving of pipeline all run on it.
//
// Two front ends share its workers: a Stream pulls its jobs from a read
// function on a goroutine of its own and gives them back from Next; a
// Queue takes the jobs its caller puts and hands them back, done, to an
// out function on the caller's goroutine.
package ordered

import (
	"runtime"
	"sync"
)

// Options tune a Stream or a Queue.
type Options struct {
	// Workers is the number of goroutines doing the work; 0 for
	// GOMAXPROCS.
	Workers int
	// A Stream's batch closes at Batch jobs (0 for 1) or, when BatchBytes
	// is set, once its jobs' sizes reach BatchBytes. A batch is the unit
	// that crosses the channels: the goroutine keeping the order pays for
	// a channel operation a batch, not a job. A Queue's batch is one job.
	Batch, BatchBytes int
}

func (o Options) workers() int {
	if o.Workers <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return o.Workers
}

// batch is jobs that travel together, done once done is closed.
type batch[J any] struct {
	jobs []J
	done chan struct{}
}

func newBatch[J any](n int) *batch[J] {
	return &batch[J]{jobs: make([]J, 0, n), done: make(chan struct{})}
}

// pool is the workers: each makes its work function with newWork (so
// that it can hold a state of its own, made at its first job if costly)
// and applies it to every job of the batches it takes.
type pool[J any] struct {
	jobs chan *batch[J]
	wg   sync.WaitGroup
}

func startPool[J any](workers int, newWork func() func(*J)) *pool[J] {
	p := &pool[J]{jobs: make(chan *batch[J], workers)}
	for i := 0; i < workers; i++ {
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			work := newWork()
			for b := range p.jobs {
				for k := range b.jobs {
					work(&b.jobs[k])
				}
				close(b.done)
			}
		}()
	}
	return p
}
