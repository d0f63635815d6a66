package web

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// A search's hits are counted apart from its page: counting walks the
// records the condition selects, up to maxCount, where a page of them
// stops at its fiftieth (the first 10,000 of a million records take a
// few hundred milliseconds on a busy machine; a page, a few). The count
// runs in the background, one or two at a time; the page waits for it
// CountWait at most, and otherwise says that the records are being
// counted, and its script (static/count.js) asks /api/count for the
// count. The counts of the last searches are kept, so that a search's
// later pages say theirs at once.

// maxCount is how far a search's hits are counted: "more than 10,000"
// beyond.
const maxCount = 10000

// hitCount is the number of a search's hits, to the server's countLimit
// (maxCount).
type hitCount struct {
	N    int64 `json:"records"`
	More bool  `json:"more"` // more than N (N is the limit)
}

// Text says the count: "1 record", "1,234 records", "more than 10,000
// records".
func (h hitCount) Text() string {
	switch {
	case h.More:
		return "more than " + countText(h.N) + " records"
	case h.N == 1:
		return "1 record"
	}
	return countText(h.N) + " records"
}

// countCache keeps the counts of the last searches, and the counts
// under way.
type countCache struct {
	mu      sync.Mutex
	counts  map[string]countEntry
	running map[string]chan struct{}
	sem     chan struct{}
}

// maxPending is how many counts may wait for their turn: a page that
// finds as many waiting starts none of its own (its script asks for it).
const maxPending = 16

type countEntry struct {
	hitCount
	many bool // many's answer
	err  error
	at   time.Time
}

// known is many's answer kept under key.
func (c *countCache) known(key string) (many, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.counts[key]
	return e.many, ok && time.Since(e.at) < eventsTTL
}

// keep keeps many's answer under key.
func (c *countCache) keep(key string, many bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.store(key, countEntry{many: many, at: time.Now()})
}

// store keeps e under key, the cache emptied when full; c.mu is held.
func (c *countCache) store(key string, e countEntry) {
	if c.counts == nil || len(c.counts) >= maxCounts {
		c.counts = map[string]countEntry{}
	}
	c.counts[key] = e
}

const (
	// maxCounts is how many searches' counts the cache keeps.
	maxCounts = 256
	// countsAtOnce is how many counts run at a time.
	countsAtOnce = 2
	// countTimeout bounds a count.
	countTimeout = time.Minute
	// DefaultCountWait is how long a search page waits for its count.
	DefaultCountWait = 30 * time.Millisecond
)

// hits is the count of the records cond selects, with its arguments;
// false when it is not counted within wait (it goes on: a later call has
// it). A count is not begun when maxPending are under way, unless asked.
func (s *Server) hits(ctx context.Context, cond string, args []any, wait time.Duration, ask bool) (hitCount, bool, error) {
	limit := s.countLimit
	key := fmt.Sprintf("%d\x00%s\x00%#v", limit, cond, args)
	c := &s.counts.hits
	c.mu.Lock()
	if e, ok := c.counts[key]; ok && time.Since(e.at) < eventsTTL {
		c.mu.Unlock()
		return e.hitCount, true, e.err
	}
	if c.running == nil {
		c.running, c.sem = map[string]chan struct{}{}, make(chan struct{}, countsAtOnce)
	}
	done, ok := c.running[key]
	if !ok && !ask && len(c.running) >= maxPending {
		c.mu.Unlock()
		return hitCount{}, false, nil
	}
	if !ok {
		done = make(chan struct{})
		c.running[key] = done
		go s.count(key, cond, args, limit, done)
	}
	c.mu.Unlock()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case <-done:
	case <-timer.C:
		return hitCount{}, false, nil
	case <-ctx.Done():
		return hitCount{}, false, nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.counts[key]
	return e.hitCount, true, e.err
}

// count counts the records cond selects, to limit, and keeps the count.
func (s *Server) count(key, cond string, args []any, limit int, done chan struct{}) {
	c := &s.counts.hits
	c.sem <- struct{}{}
	ctx, cancel := context.WithTimeout(context.Background(), countTimeout)
	where := ""
	if cond != "" {
		where = " WHERE " + cond
	}
	var n int64
	err := s.db.Query(ctx, "SELECT count(*) AS n FROM (SELECT 1 FROM records"+where+" LIMIT "+strconv.Itoa(limit+1)+") AS hits", args,
		byName(func(v namedRow) error {
			n = v.int("n")
			return nil
		}))
	cancel()
	<-c.sem
	e := countEntry{hitCount: hitCount{N: min(n, int64(limit)), More: n > int64(limit)}, err: err, at: time.Now()}
	c.mu.Lock()
	c.store(key, e)
	delete(c.running, key)
	c.mu.Unlock()
	close(done)
}

// apiCount is /api/count?...: the count of a search's hits (the search
// page's parameters), waited for as long as the page's time limit.
func (s *Server) apiCount(r *http.Request) (any, error) {
	_, cond, args, err := s.searchOf(r)
	if err != nil {
		return nil, err
	}
	h, ok, err := s.hits(r.Context(), cond, args, s.opt.QueryTimeout, true)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &httpError{Code: http.StatusServiceUnavailable, Msg: "the records are still being counted; ask again in a moment"}
	}
	return map[string]any{"records": h.N, "more": h.More, "text": h.Text()}, nil
}
