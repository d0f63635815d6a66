package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync/atomic"

	"handrec/archive"
	"handrec/model"
)

// A page reads the archive in one archive.Read, whose Reading its
// request's context carries: on PostgreSQL the page's statements share
// one read-only transaction (a page of the viewer made a dozen, each
// begun, set up and rolled back on its own).
type readingKey struct{}

// reading is the Reading of r's page, nil outside one.
func readingOf(ctx context.Context) *archive.Reading {
	rd, _ := ctx.Value(readingKey{}).(*archive.Reading)
	return rd
}

// readCounts count the reads of the archive a server made and the
// statements they ran (its tests check a page's), and the counts of the
// last searches' hits.
type readCounts struct {
	reads, statements atomic.Int64
	hits              countCache
}

// inRead runs fn with r's context carrying a Reading of the archive.
func (s *Server) inRead(r *http.Request, fn func(r *http.Request) error) error {
	s.counts.reads.Add(1)
	err := s.db.Read(r.Context(), func(rd *archive.Reading) error {
		return fn(r.WithContext(context.WithValue(r.Context(), readingKey{}, rd)))
	})
	return s.timedOut(r.Context(), err)
}

// timedOut is err, or errTimeout when ctx ran out of time.
func (s *Server) timedOut(ctx context.Context, err error) error {
	var he *httpError
	if err == nil || errors.Is(err, errTimeout) || errors.As(err, &he) || !errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return err
	}
	return fmt.Errorf("%w: the query ran past the limit of %v; narrow it", errTimeout, s.opt.QueryTimeout)
}

// query runs one read-only statement, in the page's Reading when there
// is one, and calls fn with each row's columns and values.
func (s *Server) query(ctx context.Context, query string, args []any, fn func(cols []string, vals []any) error) error {
	s.counts.statements.Add(1)
	if rd := readingOf(ctx); rd != nil {
		return rd.Query(query, args, fn)
	}
	return s.db.Query(ctx, query, args, fn)
}

// namedRow is a result row whose values are found by their columns'
// names.
type namedRow struct {
	idx  map[string]int
	vals []any
}

func (r namedRow) val(col string) any {
	i, ok := r.idx[col]
	if !ok {
		panic("web: the statement reads no column " + col)
	}
	return r.vals[i]
}

func (r namedRow) str(col string) string { return str(r.val(col)) }

func (r namedRow) num(col string) (int64, bool) { return num(r.val(col)) }

func (r namedRow) int(col string) int64 {
	n, _ := num(r.val(col))
	return n
}

// named runs one read-only statement over the archive's views, in the
// page's Reading when there is one, and calls fn with each row, named.
func (s *Server) named(ctx context.Context, query string, args []any, fn func(r namedRow) error) error {
	return s.timedOut(ctx, s.query(ctx, query, args, byName(fn)))
}

// byName is fn as a statement's row function: each row's values are
// given to fn by their columns' names.
func byName(fn func(r namedRow) error) func(cols []string, vals []any) error {
	var idx map[string]int
	return func(cols []string, vals []any) error {
		if idx == nil {
			idx = make(map[string]int, len(cols))
			for i, c := range cols {
				idx[c] = i
			}
		}
		return fn(namedRow{idx: idx, vals: vals})
	}
}

// reading runs fn, a statement of the page, in the page's Reading, or
// outside a page in a Read of its own.
func (s *Server) reading(ctx context.Context, fn func(rd *archive.Reading) error) error {
	s.counts.statements.Add(1)
	if rd := readingOf(ctx); rd != nil {
		return s.timedOut(ctx, fn(rd))
	}
	s.counts.reads.Add(1)
	return s.timedOut(ctx, s.db.Read(ctx, fn))
}

// game reads the record id and the places it was imported from; nil when
// there is no record id.
func (s *Server) game(ctx context.Context, id int64) (rec *model.Record, places []archive.Place, err error) {
	err = s.reading(ctx, func(rd *archive.Reading) (err error) {
		rec, places, err = rd.Game(id)
		return err
	})
	return rec, places, err
}

// readRecords calls fn with each record whose game satisfies where (a
// condition over the records view) and its id.
func (s *Server) readRecords(ctx context.Context, where string, args []any, fn func(id int64, r *model.Record) error) error {
	return s.reading(ctx, func(rd *archive.Reading) error { return rd.Records(where, args, fn) })
}

// countText writes a count with a comma every three digits: "1,000,000".
func countText(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
