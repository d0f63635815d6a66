package archive

import (
	"context"
	"strings"

	"handrec/archive/driver"
	"handrec/model"
)

// Reading reads an archive within one Read: on PostgreSQL every statement
// runs in the one read-only transaction Read begins (one snapshot, and one
// transaction begun and set up, where each statement had its own); on
// SQLite each statement runs as DB.Query runs it, the records are read
// from the pool.
type Reading struct {
	ctx context.Context
	d   *DB
	q   driver.Queryer
}

// Read calls fn with a Reading of the archive, valid until fn returns. A
// setting that one of fn's statements changes for the rest of its
// transaction (set_config(..., true) in a condition) lasts until Read
// ends, no further: the transaction is rolled back.
func (d *DB) Read(ctx context.Context, fn func(*Reading) error) error {
	return d.eng.Read(ctx, func(q driver.Queryer) error { return fn(&Reading{ctx: ctx, d: d, q: q}) })
}

// Query runs a statement as DB.Query runs it (the same checks, the same
// values), within the Read.
func (r *Reading) Query(query string, args []any, row func(cols []string, vals []any) error) error {
	if err := checkStatement(query); err != nil {
		return err
	}
	first := strings.ToUpper(scanSQL(query).first)
	if in, ok := r.d.eng.(driver.InReadQueryer); ok {
		return in.QueryIn(r.ctx, r.q, query, first, args, nil, row)
	}
	return r.d.eng.Query(r.ctx, query, first, args, nil, row)
}

// Place is one of the places a record was imported from: the file, the
// record's ordinal in it and where it starts.
type Place struct {
	File      string
	Index     int
	Line, Col int
}

// Game reads the record of game id, with the place it was first imported
// from (as Games gives it), and every place it was imported from, in the
// order they were imported; nil when the archive has no game id.
func (r *Reading) Game(id int64) (*model.Record, []Place, error) {
	rows, err := r.q.QueryContext(r.ctx, `SELECT `+storedColumns+`
  FROM game g, game_source gs, source s
 WHERE g.id = ? AND gs.game_id = g.id AND s.id = gs.source_id
 ORDER BY gs.source_id, gs.idx`, id)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	var rec *model.Record
	var places []Place
	var dec recordDecoder
	for rows.Next() {
		var st storedRow
		if err := st.scan(rows); err != nil {
			return nil, nil, err
		}
		places = append(places, st.p)
		if rec != nil {
			continue
		}
		if rec, err = st.record(&dec); err != nil {
			return nil, nil, err
		}
	}
	return rec, places, rows.Err()
}

// Records calls fn with each record whose game satisfies where, a
// condition over the records view with its arguments (as Records takes
// it, checked as Records checks it), and its game's id, in the order the
// games were first imported.
func (r *Reading) Records(where string, args []any, fn func(id int64, rec *model.Record) error) error {
	if err := checkCondition(where); err != nil {
		return err
	}
	rows, err := r.q.QueryContext(r.ctx, `SELECT g.id, `+storedColumns+firstImports+`
   AND g.id IN (SELECT id FROM records WHERE (`+where+`
))
 ORDER BY g.id`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	var dec recordDecoder
	for rows.Next() {
		var id int64
		var st storedRow
		if err := st.scan(rows, &id); err != nil {
			return err
		}
		rec, err := st.record(&dec)
		if err != nil {
			return err
		}
		if err := fn(id, rec); err != nil {
			return err
		}
	}
	return rows.Err()
}

// SourceRecords calls fn with the records stored for the file imported
// as path, as DB.SourceRecords does, within the Read.
func (r *Reading) SourceRecords(path string, fn func(*model.Record) error) error {
	return readRecords(r.ctx, r.q, sourceRecords, []any{path}, fn)
}
