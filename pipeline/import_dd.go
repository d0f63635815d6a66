package pipeline

import (
	"context"
	"io"
	"sync"

	"handrec/archive"
	"handrec/model"
)

// ddReader gives the records of an import's reader with their
// double-dummy rows solved ahead, on all cores, in order: the archive's
// ImportOptions.DD takes each record's row (row) as it stores it.
type ddReader struct {
	archive.Reader
	closer interface{ Close() }
	ended  chan struct{} // closed when run returns
	next   chan ddNext
	stop   chan struct{}
	mu     sync.Mutex
	rows   map[*model.Record]*archive.DDRow
	done   bool
}

type ddNext struct {
	rec *model.Record
	err error
}

func newDDReader(rd interface {
	archive.Reader
	Close()
}, opt DDOptions) *ddReader {
	d := &ddReader{Reader: rd, closer: rd, ended: make(chan struct{}), next: make(chan ddNext),
		stop: make(chan struct{}), rows: map[*model.Record]*archive.DDRow{}}
	go d.run(opt)
	return d
}

// run reads, solves and hands on the records until the reader ends or
// close is called.
func (d *ddReader) run(opt DDOptions) {
	defer close(d.ended)
	defer close(d.next)
	q := NewDDQueue(opt, func(r *model.Record, res *DDResult) error {
		if res != nil && res.Err == nil {
			d.mu.Lock()
			d.rows[r] = ddRow(res)
			d.mu.Unlock()
		}
		select {
		case d.next <- ddNext{rec: r}:
			return nil
		case <-d.stop:
			return io.ErrClosedPipe
		}
	})
	var err error
	for err == nil {
		select {
		case <-d.stop:
			err = io.ErrClosedPipe
			continue
		default:
		}
		var r *model.Record
		if r, err = d.Reader.Next(); err == nil {
			err = q.Put(r, Solvable(r))
		}
	}
	if cerr := q.Close(); cerr != nil {
		return
	}
	select {
	case d.next <- ddNext{err: err}:
	case <-d.stop:
	}
}

// Next is the next record, solved.
func (d *ddReader) Next() (*model.Record, error) {
	n, ok := <-d.next
	if !ok {
		return nil, io.EOF
	}
	return n.rec, n.err
}

// row gives (and forgets) r's row, nil when it has none.
func (d *ddReader) row(r *model.Record) *archive.DDRow {
	d.mu.Lock()
	defer d.mu.Unlock()
	row := d.rows[r]
	delete(d.rows, r)
	return row
}

// close stops the reading and solving, and closes the reader once it is
// no longer read. It does not wait for the deals being solved, which
// cannot be stopped midway: their workers end as each deal does.
func (d *ddReader) close() {
	if !d.done {
		d.done = true
		close(d.stop)
		go func() {
			<-d.ended
			d.closer.Close()
		}()
	}
}

// ddRow is a result as the archive stores it.
func ddRow(res *DDResult) *archive.DDRow {
	row := &archive.DDRow{Tricks: res.Table}
	if res.Par != nil {
		row.HasPar, row.ParScore, row.Par = true, res.Par.Score, ParContract(*res.Par)
	}
	return row
}

// ddBatch is how many solved deals SolveArchive stores a transaction.
const ddBatch = 16

// SolveArchive solves the deals of the archive's games that have no
// double-dummy row yet, in the order they were imported, on opt.Jobs
// goroutines, and stores their rows ddBatch games a transaction: an
// interrupted run keeps what it stored, and the next goes on from there.
// progress is called after each transaction with the deals solved and
// the deals to solve. It returns the deals solved.
func SolveArchive(ctx context.Context, db *archive.DB, opt DDOptions, progress func(done, total int)) (int, error) {
	ids, err := db.WithoutDD(ctx)
	if err != nil || len(ids) == 0 {
		return 0, err
	}
	var bids []int64
	var rows []archive.DDRow
	done := 0
	flush := func() error {
		if len(bids) == 0 {
			return nil
		}
		// what was solved is stored, even when ctx was cancelled
		if err := db.StoreDD(context.WithoutCancel(ctx), bids, rows); err != nil {
			return err
		}
		done += len(bids)
		bids, rows = bids[:0], rows[:0]
		if progress != nil {
			progress(done, len(ids))
		}
		return nil
	}
	idOf := map[*model.Record]int64{}
	q := NewDDQueue(opt, func(r *model.Record, res *DDResult) error {
		id := idOf[r]
		delete(idOf, r)
		if res == nil || res.Err != nil {
			return nil
		}
		bids, rows = append(bids, id), append(rows, *ddRow(res))
		if len(bids) < ddBatch {
			return nil
		}
		return flush()
	})
	err = db.Games(ctx, ids, func(id int64, r *model.Record) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		idOf[r] = id
		return q.Put(r, Solvable(r))
	})
	if cerr := q.Close(); err == nil {
		err = cerr
	}
	if ferr := flush(); err == nil {
		err = ferr
	}
	return done, err
}
