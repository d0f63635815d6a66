package archive

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"handrec/archive/driver"
	"handrec/jsonrec"
	"handrec/layout"
	"handrec/model"
)

// Query runs one SQL statement and calls row for each result row with the
// column names and the values (nil, int64, float64, string or []byte). On
// an archive opened read-only the statement cannot change the archive nor
// create a file. Text that is not one statement, or that SQLite cannot
// prepare, is an EInvalid error; a statement the read-only archive does
// not allow is EDenied.
func (d *DB) Query(ctx context.Context, query string, args []any, row func(cols []string, vals []any) error) error {
	return d.QueryColumns(ctx, query, args, nil, row)
}

// QueryColumns is Query that first gives header the result's column
// names, rows or none: an empty result still has its columns.
func (d *DB) QueryColumns(ctx context.Context, query string, args []any, header func(cols []string) error, row func(cols []string, vals []any) error) error {
	if err := checkStatement(query); err != nil {
		return err
	}
	return d.eng.Query(ctx, query, strings.ToUpper(scanSQL(query).first), args, header, row)
}

// CheckReader refuses (EDenied, saying why) to run a caller's SQL on
// this archive as it is connected to: a PostgreSQL archive read as a
// superuser, or as a role that may read the server's files or act on its
// other sessions. Query and Records' conditions refuse it too; a command
// that runs a caller's SQL throughout (the viewer) asks first.
func (d *DB) CheckReader(ctx context.Context) error { return d.eng.CheckReader(ctx) }

// Records calls fn with each record whose game satisfies where, an SQL
// condition over the records view ("" for all), in the order they were
// first imported. Each record is rebuilt from its stored model, with the
// file, ordinal and position of its first import.
//
// where must be one expression: it is refused (EInvalid) when it holds a
// ; or closes a parenthesis it did not open, and when SQLite cannot
// prepare "SELECT id FROM records WHERE (where)". Whatever it says, only
// records of the records view are returned.
func (d *DB) Records(ctx context.Context, where string, fn func(*model.Record) error) error {
	query := `SELECT ` + storedColumns + firstImports
	if where != "" {
		cond := "SELECT id FROM records WHERE (" + where + "\n)"
		if err := checkCondition(where); err != nil {
			return err
		}
		if err := d.eng.CheckCondition(ctx, cond); err != nil {
			return err
		}
		query += "\n   AND g.id IN (" + cond + ")"
	}
	query += "\n ORDER BY g.id"
	return d.records(ctx, query, nil, fn)
}

// firstImports is the games' records, each at the place it was first
// imported from: the tables of storedColumns and their condition.
const firstImports = `
  FROM game g, game_source gs, source s
 WHERE gs.source_id = s.id AND gs.game_id = g.id
   AND (gs.source_id, gs.idx) = (SELECT source_id, idx FROM game_source f WHERE f.game_id = g.id ORDER BY source_id, idx LIMIT 1)`

// SourceRecords calls fn with the records stored for the file imported as
// path, in file order, each with its place in that file.
func (d *DB) SourceRecords(ctx context.Context, path string, fn func(*model.Record) error) error {
	return d.records(ctx, sourceRecords, []any{path}, fn)
}

// sourceRecords is SourceRecords' statement.
var sourceRecords = `SELECT ` + storedColumns + `
  FROM source s, game_source gs, game g
 WHERE s.path = ? AND gs.source_id = s.id AND g.id = gs.game_id
 ORDER BY s.id, gs.idx`

// records reads stored records as the engine reads them (on a PostgreSQL
// archive in a read-only transaction, as a caller's query, since query may
// hold a --where).
func (d *DB) records(ctx context.Context, query string, args []any, fn func(*model.Record) error) error {
	return d.eng.Read(ctx, func(q driver.Queryer) error { return readRecords(ctx, q, query, args, fn) })
}

func readRecords(ctx context.Context, q driver.Queryer, query string, args []any, fn func(*model.Record) error) error {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	var dec recordDecoder
	for rows.Next() {
		var st storedRow
		if err := st.scan(rows); err != nil {
			return err
		}
		rec, err := st.record(&dec)
		if err != nil {
			return err
		}
		if err := fn(rec); err != nil {
			return err
		}
	}
	return rows.Err()
}

// storedColumns are the columns a stored record is read from, of game g,
// game_source gs and source s (storedRow).
var storedColumns = "g.record, gs.layout, s.path, gs.idx, gs.line, gs.col, gs.row_pos, " + rowColumns

// storedRow is a row of storedColumns: a stored record and its place.
type storedRow struct {
	blob, lay []byte
	p         Place
	rowPos    sql.NullString
	row       rowFacts
}

// scan reads a row of lead's columns, then storedColumns.
func (st *storedRow) scan(rows *sql.Rows, lead ...any) error {
	return scanWithRow(rows, &st.row, append(lead, &st.blob, &st.lay, &st.p.File, &st.p.Index, &st.p.Line, &st.p.Col, &st.rowPos)...)
}

// record is the row's record, given back the place it was read from.
func (st *storedRow) record(dec *recordDecoder) (*model.Record, error) {
	rec, err := dec.decode(st.blob, st.lay, &st.row)
	if err != nil {
		return nil, fmt.Errorf("%s: record %d: %w", st.p.File, st.p.Index, err)
	}
	rec.File, rec.Index = st.p.File, st.p.Index
	rec.Pos = model.Pos{Line: st.p.Line, Col: st.p.Col}
	if st.rowPos.Valid {
		setRowPos(rec, st.rowPos.String)
	}
	for i := range rec.Problems {
		rec.Problems[i].File = st.p.File
	}
	return rec, nil
}

// Stats counts what the archive holds.
type Stats struct {
	Sources, Games, Links, Hands, Calls, Plays, Tags int
}

// Count counts the rows of the main tables.
func (d *DB) Count(ctx context.Context) (Stats, error) {
	var s Stats
	err := d.db.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM source), (SELECT count(*) FROM game),
       (SELECT count(*) FROM game_source), (SELECT count(*) FROM hands), (SELECT count(*) FROM calls),
       (SELECT count(*) FROM plays), (SELECT count(*) FROM tags)`).Scan(&s.Sources, &s.Games, &s.Links, &s.Hands, &s.Calls, &s.Plays, &s.Tags)
	return s, err
}

// SourceHeader returns what the file imported as path said before its
// first record and after its last (its escape lines there in PBN's
// trailer layout).
func (d *DB) SourceHeader(ctx context.Context, path string) (model.Header, model.Trailer, error) {
	var js string
	var hdr storedHeader
	if err := d.db.QueryRowContext(ctx, "SELECT header FROM source WHERE path = ? ORDER BY id LIMIT 1", path).Scan(&js); err != nil {
		return hdr.Header, model.Trailer{}, fmt.Errorf("header of %s: %w", path, err)
	}
	if err := json.Unmarshal([]byte(js), &hdr); err != nil {
		return hdr.Header, model.Trailer{}, fmt.Errorf("header of %s: %w", path, err)
	}
	semis := hdr.TrailerSemicolons
	if semis == nil {
		// stored before the trailer's layout held them: the comments' kinds
		var old struct {
			TrailerComments []jsonrec.Comment `json:"trailer_comments"`
		}
		if json.Unmarshal([]byte(js), &old) == nil {
			semis = layout.TrailerSemicolons(jsonrec.Trailer{Comments: old.TrailerComments}.ToTrailer())
		}
	}
	return hdr.Header, layout.NewTrailer(hdr.Trailer, hdr.TrailerComments, semis), nil
}

// storedHeader is a source's header as the archive stores it (source.header).
type storedHeader struct {
	Header            model.Header       `json:"header"`
	Trailer           []layout.Directive `json:"trailer,omitempty"`
	TrailerComments   []model.Comment    `json:"trailer_comments,omitempty"`
	TrailerSemicolons []int              `json:"trailer_semicolons,omitempty"`
}
