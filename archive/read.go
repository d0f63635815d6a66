package archive

import (
	"context"
	"database/sql"
	"fmt"
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
	rows, err := r.q.QueryContext(r.ctx, `SELECT g.record, gs.layout, s.path, gs.idx, gs.line, gs.col, gs.row_pos, `+rowColumns+`
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
		var blob, lay []byte
		var p Place
		var rowPos sql.NullString
		var row rowFacts
		if err := scanWithRow(rows, &row, &blob, &lay, &p.File, &p.Index, &p.Line, &p.Col, &rowPos); err != nil {
			return nil, nil, err
		}
		places = append(places, p)
		if rec != nil {
			continue
		}
		if rec, err = dec.decode(blob, lay, &row); err != nil {
			return nil, nil, fmt.Errorf("%s: record %d: %w", p.File, p.Index, err)
		}
		placeRecord(rec, p.File, p.Index, p.Line, p.Col, rowPos)
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
	rows, err := r.q.QueryContext(r.ctx, `SELECT g.id, g.record, gs.layout, s.path, gs.idx, gs.line, gs.col, gs.row_pos, `+rowColumns+`
  FROM game g, game_source gs, source s
 WHERE gs.source_id = s.id AND gs.game_id = g.id
   AND (gs.source_id, gs.idx) = (SELECT source_id, idx FROM game_source f WHERE f.game_id = g.id ORDER BY source_id, idx LIMIT 1)
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
		var blob, lay []byte
		var p Place
		var rowPos sql.NullString
		var row rowFacts
		if err := scanWithRow(rows, &row, &id, &blob, &lay, &p.File, &p.Index, &p.Line, &p.Col, &rowPos); err != nil {
			return err
		}
		rec, err := dec.decode(blob, lay, &row)
		if err != nil {
			return fmt.Errorf("%s: record %d: %w", p.File, p.Index, err)
		}
		placeRecord(rec, p.File, p.Index, p.Line, p.Col, rowPos)
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

// placeRecord gives a record read back the place it was read from.
func placeRecord(rec *model.Record, path string, idx, line, col int, rowPos sql.NullString) {
	rec.File, rec.Index = path, idx
	rec.Pos = model.Pos{Line: line, Col: col}
	if rowPos.Valid {
		setRowPos(rec, rowPos.String)
	}
	for i := range rec.Problems {
		rec.Problems[i].File = path
	}
}
