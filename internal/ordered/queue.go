package ordered

// A Queue takes jobs on its caller's goroutine, does the work of those
// that need it on the workers, and hands every job, in the order put, to
// out on the caller's goroutine (within Put and Close). At most
// 2*Workers+1 jobs are in flight. The workers start at the first job that
// needs work. A Queue is not safe for concurrent use.
type Queue[J any] struct {
	opt     Options
	newWork func() func(*J)
	out     func(*J) error

	pool    *pool[J]
	pending []*batch[J]
	err     error
}

// NewQueue returns a queue that hands each job to out.
func NewQueue[J any](opt Options, newWork func() func(*J), out func(*J) error) *Queue[J] {
	opt.Workers = opt.workers()
	return &Queue[J]{opt: opt, newWork: newWork, out: out}
}

// Put queues j, to be worked on when work is set, else passed on as it
// is, and hands on the jobs at the head of the queue that are done. It
// returns out's first error.
func (q *Queue[J]) Put(j J, work bool) error {
	if q.err != nil {
		return q.err
	}
	b := newBatch[J](1)
	b.jobs = append(b.jobs, j)
	if work {
		if q.pool == nil {
			q.pool = startPool(q.opt.Workers, q.newWork)
		}
		q.pool.jobs <- b
	} else {
		close(b.done)
	}
	q.pending = append(q.pending, b)
	return q.drain(len(q.pending) > 2*q.opt.Workers)
}

// drain hands on the done jobs at the head of the queue; with wait, it
// waits for the head first.
func (q *Queue[J]) drain(wait bool) error {
	for len(q.pending) > 0 && q.err == nil {
		b := q.pending[0]
		if wait {
			<-b.done
			wait = false
		}
		select {
		case <-b.done:
		default:
			return nil
		}
		q.pending[0] = nil
		q.pending = q.pending[1:]
		q.err = q.out(&b.jobs[0])
	}
	return q.err
}

// Close waits for the jobs in flight, hands them on, and stops the
// workers. It returns out's first error.
func (q *Queue[J]) Close() error {
	for len(q.pending) > 0 && q.err == nil {
		q.drain(true)
	}
	if q.pool != nil {
		close(q.pool.jobs)
		// the workers end once the jobs in flight are done
		q.pool.wg.Wait()
		q.pool = nil
	}
	return q.err
}
