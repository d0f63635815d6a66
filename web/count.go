package web

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"time"
)

// maxCount is how far a search's hits are counted: "more than 10,000"
// beyond. A count walks the records the condition selects, which a page
// of them need not: the first 10,000 of a million cost a few milliseconds,
// all of them seconds.
const maxCount = 10000

// hitCount is the number of a search's hits, to maxCount (the server's
// countLimit).
type hitCount struct {
	N    int64 `json:"records"`
	More bool  `json:"more"` // more than N (N is the limit)
}

// countCache keeps the counts of the last searches: a search's pages
// share one count, made with its first page.
type countCache struct {
	mu     sync.Mutex
	counts map[string]countEntry
}

type countEntry struct {
	hitCount
	at time.Time
}

// maxCounts is how many searches' counts the cache keeps.
const maxCounts = 256

// hits counts the records cond selects, with its arguments, to the
// server's countLimit.
func (s *Server) hits(ctx context.Context, cond string, args []any) (hitCount, error) {
	limit := int64(s.countLimit)
	key := fmt.Sprintf("%d\x00%s\x00%#v", limit, cond, args)
	c := &s.counts.hits
	c.mu.Lock()
	e, ok := c.counts[key]
	c.mu.Unlock()
	if ok && time.Since(e.at) < eventsTTL {
		return e.hitCount, nil
	}
	where := ""
	if cond != "" {
		where = " WHERE " + cond
	}
	var n int64
	err := s.named(ctx, "SELECT count(*) AS n FROM (SELECT 1 FROM records"+where+" LIMIT "+strconv.FormatInt(limit+1, 10)+") AS hits", args,
		func(v namedRow) error {
			n = v.int("n")
			return nil
		})
	if err != nil {
		return hitCount{}, err
	}
	h := hitCount{N: min(n, limit), More: n > limit}
	c.mu.Lock()
	if c.counts == nil || len(c.counts) >= maxCounts {
		c.counts = map[string]countEntry{}
	}
	c.counts[key] = countEntry{hitCount: h, at: time.Now()}
	c.mu.Unlock()
	return h, nil
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
