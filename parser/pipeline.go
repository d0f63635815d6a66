package parser

import "io"

// pipeline reads jobs in file order on one goroutine, parses them on
// workers in batches, and hands them back in file order. A batch is the
// unit that crosses the channels, so the goroutine keeping the order pays
// for a channel operation every few dozen jobs; memory is bounded by the
// batches in flight. Both the PBN and the LIN reader run on it.
type pipeline[J any] struct {
	workers int
	read    func() (J, int, error) // the next job and its size in bytes; io.EOF at the end
	parse   func(*J)

	jobs, order chan *jobBatch[J]
	stop        chan struct{}
	cur         *jobBatch[J] // the batch next is handing out
	curI        int
	err         error // a read error, set before order is closed
}

type jobBatch[J any] struct {
	jobs []J
	done chan struct{}
}

// A batch closes at batchGames jobs or batchBytes of text.
const (
	batchGames = 64
	batchBytes = 256 << 10
)

// next returns the next job, parsed, or io.EOF after the last.
func (p *pipeline[J]) next() (*J, error) {
	if p.order == nil {
		p.jobs = make(chan *jobBatch[J], p.workers)
		p.order = make(chan *jobBatch[J], 2*p.workers+2)
		p.stop = make(chan struct{})
		for i := 0; i < p.workers; i++ {
			go func() {
				for b := range p.jobs {
					for k := range b.jobs {
						p.parse(&b.jobs[k])
					}
					close(b.done)
				}
			}()
		}
		go p.split()
	}
	for p.cur == nil || p.curI == len(p.cur.jobs) {
		b, ok := <-p.order
		if !ok {
			if p.err != nil {
				return nil, p.err
			}
			return nil, io.EOF
		}
		<-b.done
		p.cur, p.curI = b, 0
	}
	j := &p.cur.jobs[p.curI]
	p.curI++
	return j, nil
}

// split reads the jobs into batches and keeps their order.
func (p *pipeline[J]) split() {
	defer close(p.order)
	defer close(p.jobs)
	send := func(b *jobBatch[J]) bool {
		select {
		case p.order <- b:
		case <-p.stop:
			return false
		}
		select {
		case p.jobs <- b:
		case <-p.stop:
			return false
		}
		return true
	}
	b := &jobBatch[J]{jobs: make([]J, 0, batchGames), done: make(chan struct{})}
	size := 0
	for {
		j, n, err := p.read()
		if err != nil {
			if err != io.EOF {
				p.err = err
			}
			if len(b.jobs) > 0 {
				send(b)
			}
			return
		}
		b.jobs = append(b.jobs, j)
		size += n
		if len(b.jobs) == batchGames || size >= batchBytes {
			if !send(b) {
				return
			}
			b = &jobBatch[J]{jobs: make([]J, 0, batchGames), done: make(chan struct{})}
			size = 0
		}
	}
}

// close stops the workers and the splitter.
func (p *pipeline[J]) close() {
	if p.stop != nil {
		select {
		case <-p.stop:
		default:
			close(p.stop)
		}
	}
}
