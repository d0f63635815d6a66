package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"handrec/model"
)

// A file's import into a PostgreSQL archive is one transaction, as into a
// SQLite file, and several importers may run at once, in processes or on
// machines of their own:
//
//   - the file's source row goes in first, INSERT ... ON CONFLICT
//     (sha256) DO NOTHING: a second importer of the same file waits for the
//     first to end, then finds the file there and skips it;
//   - a game's identity is its hash, a unique key: the games of a batch go
//     into a temporary table by COPY, then into game with INSERT ... SELECT
//     ... ON CONFLICT (hash) DO NOTHING RETURNING id, which says which are
//     new; a game another importer holds uncommitted is waited for, then
//     linked;
//   - ids come from the game table's identity, in file order, so that a
//     lone importer numbers the games as a SQLite archive does;
//   - every other row (hands, calls, tricks, links, ...) goes in by COPY.
//
// A killed importer's transaction is rolled back by the server: nothing
// of the file stays.

// pgImport is Import on a PostgreSQL archive.
func (d *DB) pgImport(ctx context.Context, src Source, r Reader, opt ImportOptions) (st FileStats, err error) {
	defer func() {
		if err != nil && ctx.Err() != nil {
			err = ctx.Err()
		}
	}()
	conn, err := d.db.Conn(ctx)
	if err != nil {
		return st, err
	}
	defer conn.Close()
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return st, err
	}
	defer tx.Rollback()
	sourceID, err := pgStartSource(ctx, tx, src, opt.Again, &st)
	if err != nil || st.Skipped {
		return st, err
	}
	w := &pgWriter{ctx: ctx, tx: tx, conn: conn, sourceID: sourceID, events: map[eventKey]int64{}}
	if _, err := tx.ExecContext(ctx, "CREATE TEMPORARY TABLE game_new ON COMMIT DROP AS SELECT * FROM game WITH NO DATA"); err != nil {
		return st, err
	}
	if st.Again {
		if err := w.readKnown(); err != nil {
			return st, err
		}
	}
	jobs := prepareRecords(r, opt)
	defer jobs.Wait()
	defer jobs.Close()
	for {
		b, err := jobs.Batch()
		if err == io.EOF {
			break
		}
		if err == nil {
			err = ctx.Err()
		}
		if err == nil {
			err = w.writeJobs(b, &st, opt.Problem)
		}
		if err != nil {
			return st, err
		}
		if opt.Progress != nil {
			opt.Progress(st.Records)
		}
	}
	if err := finishSource(ctx, tx, sourceID, src, r, st); err != nil {
		return st, err
	}
	if err := tx.Commit(); err != nil {
		return st, fmt.Errorf("commit: %w", err)
	}
	return st, nil
}

// pgStartSource adds the file's source row, or finds the file imported
// before (by this importer or another, which it waits for).
func pgStartSource(ctx context.Context, tx *sql.Tx, src Source, again bool, st *FileStats) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, "INSERT INTO source (path, size, sha256, format, imported_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (sha256) DO NOTHING RETURNING id",
		src.Path, src.Size, src.SHA256, src.Format, time.Now().UTC().Format(time.RFC3339)).Scan(&id)
	if err == nil {
		return id, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("insert source: %w", err)
	}
	var prevRecords, prevBad int
	if err := tx.QueryRowContext(ctx, "SELECT id, path, records, problems FROM source WHERE sha256 = ?", src.SHA256).Scan(&id, &st.Previous, &prevRecords, &prevBad); err != nil {
		return 0, err
	}
	if again {
		st.Again = true
		return id, nil
	}
	st.Skipped = true
	st.Records, st.Existing, st.Bad = prevRecords, prevRecords-prevBad, prevBad
	return id, nil
}

// pgWriter writes prepared records into a PostgreSQL archive.
type pgWriter struct {
	ctx      context.Context
	tx       *sql.Tx
	conn     *sql.Conn // the transaction's connection, for COPY
	sourceID int64
	events   map[eventKey]int64
	known    map[int]bool
}

func (w *pgWriter) readKnown() error {
	rows, err := w.tx.QueryContext(w.ctx, "SELECT idx FROM game_source WHERE source_id = ?", w.sourceID)
	if err != nil {
		return err
	}
	defer rows.Close()
	w.known = map[int]bool{}
	for rows.Next() {
		var idx int
		if err := rows.Scan(&idx); err != nil {
			return err
		}
		w.known[idx] = true
	}
	return rows.Err()
}

func (w *pgWriter) event(k eventKey) (int64, error) {
	if id, ok := w.events[k]; ok {
		return id, nil
	}
	var id int64
	err := w.tx.QueryRowContext(w.ctx, "INSERT INTO event (name, site, date) VALUES (?, ?, ?) ON CONFLICT (name, site, date) DO NOTHING RETURNING id",
		k.name, k.site, k.date).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		err = w.tx.QueryRowContext(w.ctx, "SELECT id FROM event WHERE name = ? AND site = ? AND date = ?", k.name, k.site, k.date).Scan(&id)
	}
	if err != nil {
		return 0, fmt.Errorf("event %q: %w", k.name, err)
	}
	w.events[k] = id
	return id, nil
}

func (w *pgWriter) writeJobs(jobs []job, st *FileStats, problem func(model.Problem)) error {
	prep := make([]*prepared, 0, len(jobs))
	for _, j := range jobs {
		if j.err != nil {
			return j.err
		}
		prep = append(prep, j.prep)
	}
	// what is kept, with its ordinal in the file
	var keep []*prepared
	var idx []int
	for _, p := range prep {
		st.Records++
		if w.known[st.Records] {
			st.Existing++
			continue
		}
		if problem != nil {
			for _, e := range p.errs {
				problem(e)
			}
		}
		if p.out {
			st.Bad++
			if problem != nil {
				problem(leftOut(p))
			}
			continue
		}
		switch {
		case len(p.errs) > 0:
			st.Errors++
		case p.warnings > 0:
			st.Warnings++
		}
		if p.hasEvent {
			eid, err := w.event(p.event)
			if err != nil {
				return err
			}
			p.game[2] = eid
		}
		keep = append(keep, p)
		idx = append(idx, st.Records)
	}
	if len(keep) == 0 {
		return nil
	}
	return w.write(keep, idx, st)
}

// write stores the games of keep that are new and links every one.
func (w *pgWriter) write(keep []*prepared, idx []int, st *FileStats) error {
	games := make([][]any, len(keep))
	for i, p := range keep {
		p.game[0] = i // the game's place in the batch, until it has its id
		games[i] = p.game
	}
	if err := w.copy("game_new", gameTable.cols, games); err != nil {
		return err
	}
	added, ids, err := w.addNew(keep)
	if err != nil {
		return err
	}
	var child [nChild][][]any
	var links, dd [][]any
	for i, p := range keep {
		h := string(p.hash[:])
		id := ids[h]
		if added[h] {
			delete(added, h) // a game given twice in the batch is new once
			st.New++
			for t := range p.child {
				n := len(childTables[t].cols)
				for r := 0; r < len(p.child[t]); r += n {
					row := p.child[t][r : r+n]
					row[0] = id
					child[t] = append(child[t], row)
				}
			}
		} else {
			st.Existing++ // stored before, or earlier in this file: linked only
		}
		links = append(links, []any{w.sourceID, idx[i], id, p.pos.Line, p.pos.Col, p.layout})
		if p.dd != nil {
			t, score, par := p.dd.values()
			dd = append(dd, []any{id, t, score, par})
		}
	}
	for t := range child {
		if err := w.copy(childTables[t].name, childTables[t].cols, child[t]); err != nil {
			return err
		}
	}
	if err := w.copy(linkTable.name, linkTable.cols, links); err != nil {
		return err
	}
	for _, row := range dd {
		if _, err := w.tx.ExecContext(w.ctx, insertDD, row...); err != nil {
			return fmt.Errorf("insert dd of game %d: %w", row[0], err)
		}
	}
	return nil
}

// addNew moves the batch's games from game_new into game, in file order,
// those whose hash is not there: their ids come from game's identity, in
// that order, as a SQLite archive numbers them. It gives the hashes added
// and the id of every hash of the batch.
func (w *pgWriter) addNew(keep []*prepared) (added map[string]bool, ids map[string]int64, err error) {
	cols := strings.Join(gameTable.cols[1:], ", ") // all but the id
	added, ids = map[string]bool{}, map[string]int64{}
	scan := func(query string, args []any, fn func(id int64, h string)) error {
		rows, err := w.tx.QueryContext(w.ctx, query, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			var h []byte
			if err := rows.Scan(&id, &h); err != nil {
				return err
			}
			fn(id, string(h))
		}
		return rows.Err()
	}
	if err := scan("INSERT INTO game ("+cols+") SELECT "+cols+" FROM game_new ORDER BY id ON CONFLICT (hash) DO NOTHING RETURNING id, hash", nil,
		func(id int64, h string) { added[h], ids[h] = true, id }); err != nil {
		return nil, nil, fmt.Errorf("insert game: %w", err)
	}
	var rest [][]byte
	for _, p := range keep {
		if _, ok := ids[string(p.hash[:])]; !ok {
			rest = append(rest, p.hash[:])
		}
	}
	if len(rest) > 0 {
		if err := scan("SELECT id, hash FROM game WHERE hash = ANY(?)", []any{rest}, func(id int64, h string) { ids[h] = id }); err != nil {
			return nil, nil, err
		}
	}
	if _, err := w.tx.ExecContext(w.ctx, "TRUNCATE game_new"); err != nil {
		return nil, nil, err
	}
	return added, ids, nil
}

// copy writes rows into table by COPY, on the transaction's connection.
func (w *pgWriter) copy(table string, cols []string, rows [][]any) error {
	if len(rows) == 0 {
		return nil
	}
	return w.conn.Raw(func(dc any) error {
		c, ok := dc.(*pgConn)
		if !ok {
			return fmt.Errorf("archive: unexpected driver connection %T", dc)
		}
		if _, err := c.Conn.Conn().CopyFrom(w.ctx, pgx.Identifier{table}, cols, pgx.CopyFromRows(rows)); err != nil {
			return fmt.Errorf("copy %s: %w", table, err)
		}
		return nil
	})
}
