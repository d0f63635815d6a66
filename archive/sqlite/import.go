package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"handrec/archive/driver"
)

// A file's import into a SQLite archive: one write transaction, on a
// connection that does not check foreign keys (importTx); the indexes of
// an empty archive made at its end (deferIndexes); the rows written in
// file order, many to a statement, a new game's id the next after the last.

// sqliteImport is a file's import into a SQLite archive.
type sqliteImport struct {
	ctx      context.Context
	t        *sql.Tx
	done     func()
	deferred deferredIndexes
	w        *writer
}

func (e *sqliteEngine) BeginImport(ctx context.Context) (driver.FileImport, error) {
	tx, done, err := e.importTx(ctx)
	if err != nil {
		return nil, err
	}
	return &sqliteImport{ctx: ctx, t: tx, done: done}, nil
}

func (f *sqliteImport) Tx() *sql.Tx { return f.t }

func (f *sqliteImport) Writer(sourceID int64) (driver.RecordWriter, error) {
	var err error
	if f.deferred, err = deferIndexes(f.ctx, f.t); err != nil {
		return nil, err
	}
	// Statements run without ctx's cancellation: the driver would run
	// each on a goroutine of its own to watch it. A cancelled ctx still
	// stops the import between batches, and rolls the transaction back.
	if f.w, err = newWriter(context.WithoutCancel(f.ctx), f.t, sourceID); err != nil {
		return nil, err
	}
	return f.w, nil
}

func (f *sqliteImport) Commit() error {
	if f.w != nil {
		f.w.Close()
	}
	if err := f.deferred.build(f.ctx, f.t); err != nil {
		return err
	}
	if err := f.t.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

func (f *sqliteImport) Close() { f.done() }

// importTx begins the write transaction of an import on a connection of
// its own that does not check foreign keys: Import gives every row its ids
// itself, inside the transaction, so they hold by construction, and
// checking them would cost a lookup of the parent for each row. (The pragma
// cannot change inside a transaction.) done rolls back what was not
// committed and sets the connection back before it is reused.
func (e *sqliteEngine) importTx(ctx context.Context) (tx *sql.Tx, done func(), err error) {
	conn, err := e.db.Conn(ctx)
	if err != nil {
		return nil, nil, err
	}
	if _, err := conn.ExecContext(ctx, "PRAGMA foreign_keys = OFF"); err != nil {
		conn.Close()
		return nil, nil, err
	}
	done = func() {
		if tx != nil {
			tx.Rollback()
		}
		conn.ExecContext(context.Background(), "PRAGMA foreign_keys = ON")
		conn.Close()
	}
	if tx, err = e.beginWrite(ctx, func() (*sql.Tx, error) { return conn.BeginTx(ctx, nil) }); err != nil {
		done()
		return nil, nil, err
	}
	return tx, done, nil
}

// writer inserts prepared records in a transaction, many rows per statement.
type writer struct {
	ctx      context.Context
	tx       *sql.Tx
	sourceID int64
	nextID   int64
	events   *driver.IDs[driver.EventKey]
	addGame  gameInserts // a game, unless its hash is there already
	getGame  *sql.Stmt   // the id of a game by its hash
	link     *inserter
	child    [driver.NChild]*inserter
	addDD    *sql.Stmt // prepared at the first row
	texts    *driver.Texts
	matches  *driver.Matches
}

// storeDD stores a game's double-dummy row, if any, unless it has one.
func (w *writer) storeDD(id int64, r *driver.DDRow) error {
	if r == nil {
		return nil
	}
	if w.addDD == nil {
		var err error
		if w.addDD, err = w.tx.PrepareContext(w.ctx, driver.InsertDD); err != nil {
			return err
		}
	}
	t, score, par := r.Values()
	if _, err := w.addDD.ExecContext(w.ctx, id, t, score, par); err != nil {
		return fmt.Errorf("insert dd of game %d: %w", id, err)
	}
	return nil
}

func newWriter(ctx context.Context, tx *sql.Tx, sourceID int64) (*writer, error) {
	w := &writer{ctx: ctx, tx: tx, sourceID: sourceID}
	if err := tx.QueryRowContext(ctx, "SELECT coalesce(max(id), 0) FROM game").Scan(&w.nextID); err != nil {
		return nil, err
	}
	w.nextID++
	var err error
	if w.texts, err = driver.NewTexts(ctx, tx); err != nil {
		return nil, err
	}
	if w.matches, err = driver.NewMatches(ctx, tx); err != nil {
		return nil, err
	}
	w.link = newInserter(ctx, tx, driver.LinkTable)
	for i := range driver.ChildTables {
		w.child[i] = newInserter(ctx, tx, driver.ChildTables[i])
	}
	w.addGame = gameInserts{ctx: ctx, tx: tx, stmts: map[uint64]*sql.Stmt{}}
	if w.getGame, err = tx.PrepareContext(ctx, "SELECT id FROM game WHERE hash = ?"); err != nil {
		return nil, err
	}
	if w.events, err = driver.NewIDs(ctx, tx, "SELECT id FROM event WHERE name = ? AND site = ? AND date = ?",
		"INSERT INTO event (name, site, date) VALUES (?, ?, ?)",
		func(k driver.EventKey) []any { return []any{k.Name, k.Site, k.Date} }); err != nil {
		return nil, err
	}
	return w, nil
}

func (w *writer) Close() {
	w.link.close()
	w.texts.Close()
	w.matches.Close()
	w.events.Close()
	for _, in := range w.child {
		in.close()
	}
	w.addGame.close()
	for _, st := range []**sql.Stmt{&w.getGame, &w.addDD} {
		if *st != nil {
			(*st).Close()
			*st = nil
		}
	}
}

func (w *writer) EventID(k driver.EventKey) (int64, error) {
	id, err := w.events.ID(k)
	if err != nil {
		return 0, fmt.Errorf("event %q: %w", k.Name, err)
	}
	return id, nil
}

func (w *writer) MatchID(eventID any, k *driver.MatchKey) (int64, error) {
	return w.matches.ID(eventID, k)
}

// Add stores p, unless its game is there already (stored before, or
// earlier in this file), and links it to the file.
func (w *writer) Add(p *driver.Prepared, st *driver.FileStats) error {
	id := w.nextID
	p.Game[0] = id
	res, err := w.addGame.exec(p.Game)
	if err != nil {
		return fmt.Errorf("insert game: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		// stored before, or earlier in this file: linked only
		if err := w.getGame.QueryRowContext(w.ctx, p.Hash[:]).Scan(&id); err != nil {
			return fmt.Errorf("look up game: %w", err)
		}
		st.Existing++
	} else {
		st.New++
		w.nextID++
		for t := range p.Child {
			rows := p.Child[t]
			n := len(driver.ChildTables[t].Cols)
			for i := 0; i < len(rows); i += n {
				rows[i] = id
			}
			if t == driver.TProblem {
				if err := w.texts.Resolve(rows); err != nil {
					return err
				}
			}
			w.child[t].add(rows)
		}
	}
	// The link's place is the record's ordinal in this file: a JSON
	// file's records may say other files' places (two converted
	// files each have a record 1), or none.
	w.link.add([]any{w.sourceID, int64(st.Records), id, int64(p.Pos.Line), int64(p.Pos.Col), p.Layout, p.RowPos})
	return w.storeDD(id, p.DD)
}

// EndBatch writes the rows the batch's games gave.
func (w *writer) EndBatch() error {
	for _, in := range w.child {
		if err := in.flush(); err != nil {
			return err
		}
	}
	return w.link.flush()
}

// Finish has nothing to do: each batch is written at its end.
func (w *writer) Finish(*driver.FileStats) error { return nil }

// inserter buffers the rows of one table and inserts them many per
// statement.
type inserter struct {
	ctx   context.Context
	tx    *sql.Tx
	t     driver.Table
	chunk int // rows per full statement
	buf   []any
	stmts map[int]*sql.Stmt
}

// maxValues bounds the values bound in one statement.
const maxValues = 1000

func newInserter(ctx context.Context, tx *sql.Tx, t driver.Table) *inserter {
	chunk := max(1, maxValues/len(t.Cols))
	if t.OneRow {
		chunk = 1
	}
	return &inserter{ctx: ctx, tx: tx, t: t, chunk: chunk, stmts: map[int]*sql.Stmt{}}
}

func (in *inserter) add(vals []any) { in.buf = append(in.buf, vals...) }

func (in *inserter) stmt(rows int) (*sql.Stmt, error) {
	if s, ok := in.stmts[rows]; ok {
		return s, nil
	}
	s, err := in.tx.PrepareContext(in.ctx, driver.InsertSQL(in.t, rows))
	if err != nil {
		return nil, err
	}
	in.stmts[rows] = s
	return s, nil
}

func (in *inserter) flush() error {
	n := len(in.t.Cols)
	for off := 0; off < len(in.buf); {
		rows := min(in.chunk, (len(in.buf)-off)/n)
		s, err := in.stmt(rows)
		if err != nil {
			return fmt.Errorf("insert %s: %w", in.t.Name, err)
		}
		if _, err := s.ExecContext(in.ctx, in.buf[off:off+rows*n]...); err != nil {
			return fmt.Errorf("insert %s: %w", in.t.Name, err)
		}
		off += rows * n
	}
	clear(in.buf)
	in.buf = in.buf[:0]
	return nil
}

func (in *inserter) close() {
	for _, s := range in.stmts {
		s.Close()
	}
	in.stmts = map[int]*sql.Stmt{}
}

// gameInserts insert a game's row on its own, its hash's unique index
// telling whether the game is there already (no lookup beforehand),
// naming only the columns that have a value: a column NULL in the games
// of a file (the play of a file of auctions, the recorded scores)
// costs no binding, which is a call into C and a driver value a
// column. A statement a set of columns, prepared at its first game.
type gameInserts struct {
	ctx   context.Context
	tx    *sql.Tx
	stmts map[uint64]*sql.Stmt // by the columns named, a bit each
	args  []any
}

// maxGameInserts bounds the statements gameInserts prepares in an import.
const maxGameInserts = 32

// gameDefaults are the game's columns whose default is not NULL, a bit
// each: they are named even when NULL, so that a NULL fails as it did.
var gameDefaults = func() uint64 {
	if len(driver.GameTable.Cols) > 64 {
		panic("archive: more than 64 columns in game")
	}
	var set uint64
	for _, c := range []string{"warnings", "errors", "record", "tags"} {
		set |= 1 << driver.ColIndex(driver.GameTable, c)
	}
	return set
}()

func (g *gameInserts) exec(row []any) (sql.Result, error) {
	var set uint64
	g.args = g.args[:0]
	for i, v := range row {
		if v != nil || gameDefaults&(1<<i) != 0 {
			set |= 1 << i
			g.args = append(g.args, v)
		}
	}
	s, ok := g.stmts[set]
	if !ok && len(g.stmts) >= maxGameInserts {
		// games of many sets of columns: the others name them all
		set, g.args = 1<<len(row)-1, append(g.args[:0], row...)
		s, ok = g.stmts[set]
	}
	if !ok {
		var cols []string
		for i, c := range driver.GameTable.Cols {
			if set&(1<<i) != 0 {
				cols = append(cols, c)
			}
		}
		var err error
		if s, err = g.tx.PrepareContext(g.ctx, driver.InsertSQL(driver.Table{Name: driver.GameTable.Name, Cols: cols}, 1)+" ON CONFLICT (hash) DO NOTHING"); err != nil {
			return nil, err
		}
		g.stmts[set] = s
	}
	return s.ExecContext(g.ctx, g.args...)
}

func (g *gameInserts) close() {
	for _, s := range g.stmts {
		s.Close()
	}
	clear(g.stmts)
}
