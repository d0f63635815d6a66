package ordered

import "io"

// A Stream reads jobs in order on one goroutine, does their work on the
// workers, and gives them back from Next in the order read. At most
// 2*Workers+2 batches are in flight.
type Stream[J any] struct {
	opt     Options
	read    func() (J, int, error)
	newWork func() func(*J)

	pool  *pool[J]
	order chan *batch[J]
	stop  chan struct{}
	split chan struct{} // closed when the splitter has returned
	cur   *batch[J]     // the batch Next is handing out
	curI  int
	err   error // a read error, set before order is closed
}

// NewStream returns a Stream of the jobs read gives: the next job and its
// size (for Options.BatchBytes), io.EOF after the last, or an error that
// ends the stream after the jobs read before it. Nothing runs before the
// first call of Next or Batch.
func NewStream[J any](opt Options, read func() (J, int, error), newWork func() func(*J)) *Stream[J] {
	if opt.Batch < 1 {
		opt.Batch = 1
	}
	return &Stream[J]{opt: opt, read: read, newWork: newWork}
}

func (s *Stream[J]) start() {
	w := s.opt.workers()
	s.pool = startPool(w, s.newWork)
	s.order = make(chan *batch[J], 2*w+2)
	s.stop = make(chan struct{})
	s.split = make(chan struct{})
	go s.splitter()
}

// Next returns the next job, done, or the read error (io.EOF after the
// last job).
func (s *Stream[J]) Next() (*J, error) {
	for s.cur == nil || s.curI == len(s.cur.jobs) {
		if err := s.nextBatch(); err != nil {
			return nil, err
		}
	}
	j := &s.cur.jobs[s.curI]
	s.curI++
	return j, nil
}

// Batch returns the jobs of the next batch, done (those Next has not
// given yet of the current one), or the read error (io.EOF after the
// last). The slice is the caller's.
func (s *Stream[J]) Batch() ([]J, error) {
	if s.cur == nil || s.curI == len(s.cur.jobs) {
		if err := s.nextBatch(); err != nil {
			return nil, err
		}
	}
	jobs := s.cur.jobs[s.curI:]
	s.curI = len(s.cur.jobs)
	return jobs, nil
}

// nextBatch waits for the next batch to be done and makes it current.
func (s *Stream[J]) nextBatch() error {
	if s.order == nil {
		s.start()
	}
	b, ok := <-s.order
	if !ok {
		if s.err != nil {
			return s.err
		}
		return io.EOF
	}
	<-b.done
	s.cur, s.curI = b, 0
	return nil
}

// splitter reads the jobs into batches and keeps their order.
func (s *Stream[J]) splitter() {
	defer close(s.split)
	defer close(s.order)
	defer close(s.pool.jobs)
	b := newBatch[J](s.opt.Batch)
	size := 0
	for {
		j, n, err := s.read()
		if err != nil {
			if err != io.EOF {
				s.err = err
			}
			if len(b.jobs) > 0 {
				s.send(b)
			}
			return
		}
		b.jobs = append(b.jobs, j)
		size += n
		if len(b.jobs) == s.opt.Batch || s.opt.BatchBytes > 0 && size >= s.opt.BatchBytes {
			if !s.send(b) {
				return
			}
			b, size = newBatch[J](s.opt.Batch), 0
		}
	}
}

// send hands b to Next's queue and to the workers; false once stopped.
func (s *Stream[J]) send(b *batch[J]) bool {
	select {
	case s.order <- b:
	case <-s.stop:
		return false
	}
	select {
	case s.pool.jobs <- b:
	case <-s.stop:
		return false
	}
	return true
}

// Close stops the reading and the workers, without waiting for them: the
// splitter ends once its read returns, each worker once its batch is
// done. Close may be called more than once, and before Next.
func (s *Stream[J]) Close() {
	if s.stop == nil {
		return
	}
	select {
	case <-s.stop:
	default:
		close(s.stop)
	}
}

// Wait waits, after Close or the last job, for the splitter and the
// workers to end.
func (s *Stream[J]) Wait() {
	if s.split == nil {
		return
	}
	<-s.split
	s.pool.wg.Wait()
}
