package pipeline

import (
	"context"
	"sync"

	"handrec/archive"
	"handrec/ddsolve"
	"handrec/model"
)

// ddReader gives the records of an import's reader with their
// double-dummy rows solved ahead, on all cores, in order: the archive's
// ImportOptions.DD takes each record's row (row) as it stores it.
type ddReader struct {
	archive.Reader
	closer interface{ Close() }
	s      *ddsolve.Stream
	mu     sync.Mutex
	rows   map[*model.Record]*archive.DDRow
	done   bool
}

func newDDReader(rd interface {
	archive.Reader
	Close()
}, opt ddsolve.Options) *ddReader {
	return &ddReader{Reader: rd, closer: rd, rows: map[*model.Record]*archive.DDRow{},
		s: ddsolve.NewStream(opt, rd.Next)}
}

// Next is the next record, solved.
func (d *ddReader) Next() (*model.Record, error) {
	r, res, err := d.s.Next()
	if err != nil {
		return nil, err
	}
	if res != nil && res.Err == nil {
		d.mu.Lock()
		d.rows[r] = ddRow(res)
		d.mu.Unlock()
	}
	return r, nil
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
		d.s.Close()
		go func() {
			d.s.Wait()
			d.closer.Close()
		}()
	}
}

// ddRow is a result as the archive stores it.
func ddRow(res *ddsolve.Result) *archive.DDRow {
	row := &archive.DDRow{Tricks: res.Table}
	if res.Par != nil {
		row.HasPar, row.ParScore, row.Par = true, res.Par.Score, ddsolve.ParContract(*res.Par)
	}
	return row
}

// ddBatch is how many games SolveArchive stores a transaction.
const ddBatch = 64

// KnownDeals makes the deals that have a row in db known to c: they are
// not solved again.
func KnownDeals(ctx context.Context, db *archive.DB, c *ddsolve.Cache) error {
	return db.SolvedDeals(ctx, func(deal string, tricks [4][5]int) error {
		if d, errs := model.ParseDeal(deal); len(errs) == 0 {
			c.Add(&d, tricks)
		}
		return nil
	})
}

// knownCache is opt with a cache (its own, else a new one) that knows
// the deals db has a row of (KnownDeals).
func knownCache(ctx context.Context, db *archive.DB, opt ddsolve.Options) (ddsolve.Options, error) {
	if opt.Cache == nil {
		opt.Cache = ddsolve.NewCache()
	}
	return opt, KnownDeals(ctx, db, opt.Cache)
}

// DDStats counts what SolveArchive did: the games that got their row
// (of Games to do), the distinct deals it solved for them, and the games
// whose deal cannot be solved (a card dealt twice, a short hand).
type DDStats struct {
	Stored, Games, Solved, Failed int
}

// SolveArchive solves the deals of the archive's games that have no
// double-dummy row yet, in the order they were imported, on opt.Jobs
// goroutines, each distinct deal once (one the archive has a row of is
// not solved again), and stores their rows ddBatch games a transaction:
// an interrupted run keeps what it stored, and the next goes on from
// there. progress is called as each game is handed on, failed with each
// game whose deal cannot be solved (the record as first imported, and
// why), which keeps no row.
func SolveArchive(ctx context.Context, db *archive.DB, opt ddsolve.Options, progress func(st DDStats),
	failed func(r *model.Record, err error)) (DDStats, error) {
	var st DDStats
	ids, err := db.WithoutDD(ctx)
	if err != nil || len(ids) == 0 {
		return st, err
	}
	st.Games = len(ids)
	if opt, err = knownCache(ctx, db, opt); err != nil {
		return st, err
	}
	var bids []int64
	var rows []archive.DDRow
	flush := func() error {
		if len(bids) == 0 {
			return nil
		}
		// what was solved is stored, even when ctx was cancelled
		if err := db.StoreDD(context.WithoutCancel(ctx), bids, rows); err != nil {
			return err
		}
		st.Stored += len(bids)
		bids, rows = bids[:0], rows[:0]
		return nil
	}
	idOf := map[*model.Record]int64{}
	handed := 0
	q := ddsolve.NewQueue(opt, func(r *model.Record, res *ddsolve.Result) error {
		id := idOf[r]
		delete(idOf, r)
		handed++
		if res != nil && res.Err != nil {
			st.Failed++
			if failed != nil {
				failed(r, res.Err)
			}
		}
		if progress != nil {
			st.Solved = opt.Cache.Solved()
			progress(DDStats{Stored: handed, Games: st.Games, Solved: st.Solved, Failed: st.Failed})
		}
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
		return q.Put(r, true) // a deal that cannot be solved gets its error
	})
	if cerr := q.Close(); err == nil {
		err = cerr
	}
	if ferr := flush(); err == nil {
		err = ferr
	}
	st.Solved = opt.Cache.Solved()
	return st, err
}
