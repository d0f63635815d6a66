package ddsolve

import (
	"errors"
	"sync/atomic"

	"handrec/model"
	"handrec/model/dd"
)

// dealKey is a deal as the solver sees it: the cards of each hand. Two
// records with the same key (both rooms of a match, a board met again in
// another file) have the same table.
type dealKey [4]model.Hand

// maxCached bounds a Cache: past it, the deals seen so far are
// forgotten (about 200 bytes each), so that a run over millions of deals
// does not grow without end; deals met again are met mostly near each
// other, in the same file or event.
const maxCached = 1 << 20

// Cache remembers the tables of the deals met so far, so that each
// distinct deal is solved once. It is used from one goroutine (the one
// that puts records in a queue and takes their results in order): a deal
// met again takes the table of its first record, which is solved before
// the record met again is handed on.
type Cache struct {
	m      map[dealKey]*dealResult
	solved int
}

// dealResult is one deal's table, filled when the deal is solved;
// skipped when its queue stopped before the deal was begun (errStopped):
// a later claim solves it.
type dealResult struct {
	t       dd.Table
	err     error
	skipped atomic.Bool
}

// errStopped is the error of a deal its queue did not solve: the queue's
// output had failed.
var errStopped = errors.New("not solved: the output failed")

// NewCache returns an empty cache.
func NewCache() *Cache { return &Cache{m: map[dealKey]*dealResult{}} }

// Solved counts the deals the cache sent to be solved: the distinct deals
// met, less those whose table was known (Add).
func (c *Cache) Solved() int { return c.solved }

// Add makes t known as d's table: a table stored before.
func (c *Cache) Add(d *model.Deal, t dd.Table) {
	c.room()
	c.m[dealKey(d.Hands)] = &dealResult{t: t}
}

// room forgets every deal when the cache is full.
func (c *Cache) room() {
	if len(c.m) >= maxCached {
		clear(c.m)
	}
}

// claim returns the result d's table goes to and whether it is to be
// solved: false when d was met before (its first record's job solves it)
// and not skipped.
func (c *Cache) claim(d *model.Deal) (*dealResult, bool) {
	k := dealKey(d.Hands)
	if r, ok := c.m[k]; ok && !r.skipped.Load() {
		return r, false
	}
	c.room()
	r := &dealResult{}
	c.m[k] = r
	c.solved++
	return r, true
}

// recordedTable is the full table r carries, within the tricks its deal
// has. It is not taken on trust (files carry tables of other deals, BEN's
// demo Camrose24_1.pbn 128 of them): the solver proves each number with
// the two searches that pin it, where it would otherwise search for it.
func recordedTable(r *model.Record) (dd.Table, bool) {
	rec, ok := dd.RecordedTable(r)
	if !ok || !rec.Full() {
		return dd.Table{}, false
	}
	n := r.Deal.Hands[model.North].Len()
	for _, row := range rec.Tricks {
		for _, t := range row {
			if t > n {
				return dd.Table{}, false
			}
		}
	}
	return dd.Table(rec.Tricks), true
}
