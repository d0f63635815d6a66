package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"handrec/archive/driver"
	"handrec/archive/internal/testhooks"
)

// A file's import into a PostgreSQL archive is one transaction, as into a
// SQLite file, and several importers may run at once, in processes or on
// machines of their own:
//
//   - the file's source row goes in first, INSERT ... ON CONFLICT
//     (sha256) DO NOTHING: a second importer of the same file waits for the
//     first to end, then finds the file there and skips it;
//   - a game's identity is its hash, a unique key: the games of a batch
//     that the archive does not hold are looked up, then sent by COPY with
//     ids taken from game's identity in file order (so that a lone
//     importer numbers them as a SQLite archive does); a game that another
//     importer stores meanwhile makes the COPY fail on the key, or two
//     importers that wait for each other's games deadlock: the server ends
//     the transaction, and Import says EConflict, after which the file
//     is imported again (pipeline.Import does);
//   - every row of a new game (hands, calls, tricks, ...) and the links go
//     in by COPY, about a thousand records at a time;
//   - an event is added in a transaction of its own, at once, so that
//     importers of one event's files do not wait for each other: a failed
//     import may leave an event with no game.
//
// A killed importer's transaction is rolled back by the server: nothing
// of the file stays (but an event, as said).

// pgImport is a file's import into a PostgreSQL archive: its transaction,
// on a connection of its own, which COPY writes on too.
type pgImport struct {
	ctx  context.Context
	e    *pgEngine
	conn *sql.Conn
	t    *sql.Tx
}

func (e *pgEngine) BeginImport(ctx context.Context) (driver.FileImport, error) {
	conn, err := e.db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		conn.Close()
		return nil, err
	}
	return &pgImport{ctx: ctx, e: e, conn: conn, t: tx}, nil
}

func (f *pgImport) Tx() *sql.Tx { return f.t }

func (f *pgImport) Writer(sourceID int64) (driver.RecordWriter, error) {
	w, err := f.e.newPGWriter(f.ctx, f.t, f.conn, sourceID)
	if err != nil {
		return nil, err
	}
	w.startWriting()
	return w, nil
}

func (f *pgImport) Commit() error {
	if err := f.t.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

func (f *pgImport) Close() {
	f.t.Rollback()
	f.conn.Close()
}

// ImportError says why a file's import failed: EConflict for a
// deadlock, a serialization failure or a game stored meanwhile by another
// importer (the file is to be imported again). (A cancelled ctx is Import's
// to say.)
func (e *pgEngine) ImportError(err error) error {
	var pe *pgconn.PgError
	switch {
	case errors.As(err, &pe) && (pe.Code == "40P01" || pe.Code == "40001" || pe.Code == "23505" && pe.ConstraintName == "game_hash_key"):
		return &driver.Error{Code: driver.EConflict, Err: err}
	}
	return err
}

// newPGWriter makes the writer of a file's records, on transaction tx
// (on connection conn) whose source row is sourceID, and sets tx up for
// it (pgImportSettings).
func (e *pgEngine) newPGWriter(ctx context.Context, tx *sql.Tx, conn *sql.Conn, sourceID int64) (*pgWriter, error) {
	w := &pgWriter{ctx: ctx, db: e.db, tx: tx, conn: conn, sourceID: sourceID, events: map[driver.EventKey]int64{}, ids: map[string]int64{},
		texts: map[driver.ProblemText]int64{}, matches: map[driver.MatchID]int64{}}
	if err := tx.QueryRowContext(ctx, pgImportSettings, e.asyncCommit).Scan(&w.gameKey, new(sql.NullString), new(sql.NullString)); err != nil {
		return nil, err
	}
	return w, nil
}

// pgImportSettings sets up a file's transaction, and says whether the
// archive has a game_key table. Its commit waits for the server's log to
// be written out (synchronous_commit on, when handrec turned it off for
// the connection: Open), so that a crash of the server right after loses
// no file import reported as stored. As SQLite's import connection is
// set up (archive/sqlite/import.go: foreign keys not checked), with
// session_replication_role replica, for a superuser only (the setting is
// theirs), the foreign keys are not checked row by row. The importer
// gives every row the id of a game it stored or found in the same
// transaction, as SQLite's import does with its checks off; the checks
// were nearly half the server's time of a COPY (perf: the keys'
// triggers, an executor started for each row). Another role's import
// keeps them.
const pgImportSettings = `SELECT to_regclass('game_key') IS NOT NULL,
       CASE WHEN current_setting('is_superuser') = 'on' THEN set_config('session_replication_role', 'replica', true) END,
       CASE WHEN ? THEN set_config('synchronous_commit', 'on', true) END`

// pgWriter writes prepared records into a PostgreSQL archive.
type pgWriter struct {
	ctx      context.Context
	db       *sql.DB // for the events, added outside the file's transaction
	tx       *sql.Tx
	conn     *sql.Conn // the transaction's connection, for COPY
	sourceID int64
	events   map[driver.EventKey]int64
	texts    map[driver.ProblemText]int64 // problem_text's ids, by text
	matches  map[driver.MatchID]int64
	ids      map[string]int64   // the id of each game of the file met so far, by hash
	keep     []*driver.Prepared // records to write, and their places in the file
	idx      []int
	// the batches handed to the goroutine that writes them (send), so
	// that the server stores one batch while the next is read and
	// prepared; the first error of a write, failed closed once it is set
	batches  chan pgBatchRows
	written  chan struct{}
	failed   chan struct{}
	writeErr error
	newGames int // the games stored, and those only linked, by the writing goroutine
	linked   int
	// gameKey: the games' hashes are kept unique in a table of their own,
	// game_key (hash, game_id), which the importer fills, not in game
	// (scripts/postgres/scale.sql: a partitioned or distributed game)
	gameKey bool
}

// pgBatch is about how many records go to the server together (a test
// may say otherwise: testhooks.PGBatch).
func pgBatch() int {
	if n := testhooks.PGBatch; n > 0 {
		return n
	}
	return 1024
}

// pgBatchRows is a batch of records to write, with their places in the
// file.
type pgBatchRows struct {
	keep []*driver.Prepared
	idx  []int
}

// startWriting starts the goroutine that writes the batches send gives
// it, one after another, on the file's transaction: the client's reading
// and preparing of a batch overlaps the server's storing of the one
// before, where they took turns (the records in flight, a few hundred,
// are fewer than a batch). A batch is written whole before the next is
// begun, so a game met again in a later batch is found among those
// written.
func (w *pgWriter) startWriting() {
	batches, written := make(chan pgBatchRows, 1), make(chan struct{})
	w.batches, w.written, w.failed = batches, written, make(chan struct{})
	go func() {
		defer close(written)
		for b := range batches {
			if w.writeErr != nil {
				continue
			}
			if err := w.write(b); err != nil {
				w.writeErr = err
				close(w.failed)
			} else if hook := testhooks.PGWritten; hook != nil {
				hook()
			}
		}
	}()
}

// send hands the records kept so far to the writing goroutine; it gives
// the error of a write that failed.
func (w *pgWriter) send() error {
	select {
	case <-w.failed:
		return w.writeErr
	default:
	}
	if len(w.keep) > 0 {
		w.batches <- pgBatchRows{w.keep, w.idx}
		w.keep, w.idx = nil, nil
	}
	return nil
}

// endWriting waits for the batches sent to be written, and gives the
// first error; a second call gives it again.
func (w *pgWriter) endWriting() error {
	if w.batches != nil {
		close(w.batches)
		w.batches = nil
		<-w.written
	}
	return w.writeErr
}

func (w *pgWriter) event(k driver.EventKey) (int64, error) {
	if id, ok := w.events[k]; ok {
		return id, nil
	}
	id, err := w.addOrFind("INSERT INTO event (name, site, date) VALUES (?, ?, ?) ON CONFLICT (name, site, date) DO NOTHING RETURNING id",
		"SELECT id FROM event WHERE name = ? AND site = ? AND date = ?", k.Name, k.Site, k.Date)
	if err != nil {
		return 0, fmt.Errorf("event %q: %w", k.Name, err)
	}
	w.events[k] = id
	return id, nil
}

func (w *pgWriter) EventID(k driver.EventKey) (int64, error) { return w.event(k) }

func (w *pgWriter) MatchID(eventID any, k *driver.MatchKey) (int64, error) {
	return w.match(eventID, k)
}

// Add keeps p, with its problems' texts, for the batch that writes it.
func (w *pgWriter) Add(p *driver.Prepared, st *driver.FileStats) error {
	if err := driver.ResolveTexts(p.Child[driver.TProblem], w.textID); err != nil {
		return err
	}
	w.keep = append(w.keep, p)
	w.idx = append(w.idx, st.Records)
	return nil
}

// EndBatch sends the records kept once they are about a batch.
func (w *pgWriter) EndBatch() error {
	if len(w.keep) >= pgBatch() {
		return w.send()
	}
	return nil
}

// Finish sends the records kept and waits for every batch to be written.
func (w *pgWriter) Finish(st *driver.FileStats) error {
	if err := w.send(); err != nil {
		return err
	}
	if err := w.endWriting(); err != nil {
		return err
	}
	st.New, st.Existing = st.New+w.newGames, st.Existing+w.linked
	return nil
}

func (w *pgWriter) Close() { w.endWriting() }

// write stores the games of batch b that are new and links every one.
func (w *pgWriter) write(b pgBatchRows) error {
	newGames, err := w.lookUp(b.keep)
	if err != nil {
		return err
	}
	ids, err := w.reserve(len(newGames))
	if err != nil {
		return err
	}
	games := make([][]any, len(newGames))
	keys := make([][]any, len(newGames))
	for i, p := range newGames {
		p.Game[0] = ids[i]
		w.ids[string(p.Hash[:])] = ids[i]
		games[i] = p.Game
		keys[i] = []any{p.Hash[:], ids[i]}
	}
	if err := w.copy(driver.GameTable.Name, driver.GameTable.Cols, games); err != nil {
		return err
	}
	if w.gameKey {
		// a game another importer is storing meets its key here, named
		// game_hash_key as game's own is without the table
		if err := w.copy("game_key", []string{"hash", "game_id"}, keys); err != nil {
			return err
		}
	}
	var child [driver.NChild][][]any
	var links, dd [][]any
	for i, p := range b.keep {
		id := w.ids[string(p.Hash[:])]
		if p.Game[0] == id {
			p.Game[0] = nil // a game given twice is new once
			w.newGames++
			for t := range p.Child {
				n := len(driver.ChildTables[t].Cols)
				for r := 0; r < len(p.Child[t]); r += n {
					row := p.Child[t][r : r+n]
					row[0] = id
					child[t] = append(child[t], row)
				}
			}
		} else {
			w.linked++ // stored before, or earlier in this file: linked only
		}
		links = append(links, []any{w.sourceID, b.idx[i], id, p.Pos.Line, p.Pos.Col, p.Layout, p.RowPos})
		if p.DD != nil {
			t, score, par := p.DD.Values()
			dd = append(dd, []any{id, t, score, par})
		}
	}
	for t := range child {
		if err := w.copy(driver.ChildTables[t].Name, driver.ChildTables[t].Cols, child[t]); err != nil {
			return err
		}
	}
	if err := w.copy(driver.LinkTable.Name, driver.LinkTable.Cols, links); err != nil {
		return err
	}
	for _, row := range dd {
		if _, err := w.tx.ExecContext(w.ctx, driver.InsertDD, row...); err != nil {
			return fmt.Errorf("insert dd of game %d: %w", row[0], err)
		}
	}
	return nil
}

// lookUp finds the ids of the games of keep that the archive holds, and
// gives the others, each hash once, in file order.
func (w *pgWriter) lookUp(keep []*driver.Prepared) ([]*driver.Prepared, error) {
	var ask [][]byte
	for _, p := range keep {
		p.Game[0] = nil
		if _, ok := w.ids[string(p.Hash[:])]; !ok {
			ask = append(ask, p.Hash[:])
		}
	}
	if len(ask) > 0 {
		rows, err := w.tx.QueryContext(w.ctx, "SELECT id, hash FROM game WHERE hash = ANY(?)", ask)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			var h []byte
			if err := rows.Scan(&id, &h); err != nil {
				return nil, err
			}
			w.ids[string(h)] = id
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	var out []*driver.Prepared
	seen := map[string]bool{}
	for _, p := range keep {
		h := string(p.Hash[:])
		if _, ok := w.ids[h]; !ok && !seen[h] {
			seen[h] = true
			out = append(out, p)
		}
	}
	return out, nil
}

// reserve takes n ids from game's identity.
func (w *pgWriter) reserve(n int) ([]int64, error) {
	if n == 0 {
		return nil, nil
	}
	return driver.QueryIDs(w.ctx, w.tx, "SELECT nextval(pg_get_serial_sequence('game', 'id')) FROM generate_series(1, ?) ORDER BY 1", n)
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

// textID is the id of a problem's text, added, as an event is, outside
// the file's transaction, so that importers of files with the same
// problems do not wait for each other (a failed import may leave a text
// no problem has).
func (w *pgWriter) textID(p driver.ProblemText) (int64, error) {
	if id, ok := w.texts[p]; ok {
		return id, nil
	}
	id, err := w.addOrFind("INSERT INTO problem_text (text, severity) VALUES (?, ?) ON CONFLICT (text, severity) DO NOTHING RETURNING id",
		"SELECT id FROM problem_text WHERE text = ? AND severity = ?", p.Text, p.Severity)
	if err != nil {
		return 0, fmt.Errorf("problem text: %w", err)
	}
	w.texts[p] = id
	return id, nil
}

// addOrFind is the id of a row added outside the file's transaction (an
// event, a problem's text): insert, which adds it unless its unique key
// holds it already and gives its id, else find, which looks it up; both
// take args.
func (w *pgWriter) addOrFind(insert, find string, args ...any) (int64, error) {
	var id int64
	err := w.db.QueryRowContext(w.ctx, insert, args...).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		err = w.db.QueryRowContext(w.ctx, find, args...).Scan(&id)
	}
	return id, err
}

// match is the id of match k of the event eventID (nil for none), added
// as an event is, outside the file's transaction. match has no unique
// key (its columns may be NULL): a short transaction holding the
// archive's advisory lock for matches looks it up and adds it, so that
// two importers of one match's files store it once.
func (w *pgWriter) match(eventID any, k *driver.MatchKey) (int64, error) {
	key := driver.MatchID{Event: eventID, Key: *k}
	if id, ok := w.matches[key]; ok {
		return id, nil
	}
	id, err := w.addMatch(eventID, k)
	if err != nil {
		return 0, fmt.Errorf("match: %w", err)
	}
	w.matches[key] = id
	return id, nil
}

func (w *pgWriter) addMatch(eventID any, k *driver.MatchKey) (int64, error) {
	tx, err := w.db.BeginTx(w.ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(w.ctx, "SELECT pg_advisory_xact_lock(?, 17)", driver.ApplicationID); err != nil {
		return 0, err
	}
	args := k.Values(eventID)
	var id int64
	err = tx.QueryRowContext(w.ctx, `SELECT id FROM match WHERE event_id IS NOT DISTINCT FROM ?::bigint AND segment IS NOT DISTINCT FROM ?::text
   AND first IS NOT DISTINCT FROM ?::bigint AND last IS NOT DISTINCT FROM ?::bigint
   AND home = ? AND home_carry = ? AND visit = ? AND visit_carry = ? ORDER BY id LIMIT 1`, args...).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		if hook := testhooks.PGMatch; hook != nil {
			hook() // TestPostgresMatchLock
		}
		err = tx.QueryRowContext(w.ctx, `INSERT INTO match (event_id, segment, first, last, home, home_carry, visit, visit_carry)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, args...).Scan(&id)
	}
	if err != nil {
		return 0, err
	}
	return id, tx.Commit()
}
