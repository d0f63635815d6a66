package archive

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"handrec/internal/ordered"
	"handrec/layout"
	"handrec/model"
)

// Reader is what Import reads a file's records from; the parser's readers
// have these methods.
type Reader interface {
	// Next returns the next record, or io.EOF after the last.
	Next() (*model.Record, error)
	// Header and Trailer are complete once Next has returned io.EOF.
	Header() model.Header
	Trailer() model.Trailer
}

// Source describes a file being imported.
type Source struct {
	Path   string
	Size   int64
	SHA256 string // hex digest of the content: a file is imported once
	Format string // pbn, lin, json; "" to take it from the reader's header
}

// ImportOptions tune Import.
type ImportOptions struct {
	// Scores gives the scores a record is stored with (the scores table).
	Scores func(*model.Record) []Score
	// Problem is called with each error of a record, stored or left out,
	// and, for a record left out, with a problem that says so.
	Problem func(model.Problem)
	// SkipErrors leaves out every record with errors; else a record
	// with errors is stored with them (the problems view), and only one
	// with nothing usable (no deal, auction, play, contract or table) is left out.
	SkipErrors bool
	// Progress is called now and then with the records written so far.
	Progress func(records int)
	// Workers turn records into rows at once; 0 for GOMAXPROCS.
	Workers int
	// DD, when set, gives a record's double-dummy table and par (nil for
	// none), stored for its game unless the game has them already.
	DD func(*model.Record) *DDRow
	// Again reads a file imported before again (a file is known by its
	// content, and skipped otherwise), adding the records that are not
	// linked to it yet: those an archive made before schema version 5
	// left out for their errors. A record already there is not added
	// twice.
	Again bool
}

// FileStats sums up the import of one file.
type FileStats struct {
	// Skipped is set when the file was imported before (under Previous);
	// the counts are then those of that import.
	Skipped  bool
	Previous string
	// Again is set when the file was imported before and read again
	// (ImportOptions.Again): Existing counts the records linked before.
	Again    bool
	Records  int // games read
	New      int // stored for the first time
	Existing int // already in the archive, or met earlier in the file: linked only
	Bad      int // left out for their errors
	Errors   int // stored with errors
	Warnings int // stored with warnings, and no error
}

// FindSource looks a file up by its content.
func (d *DB) FindSource(ctx context.Context, sha string) (path string, records, bad int, ok bool, err error) {
	err = d.db.QueryRowContext(ctx, "SELECT path, records, problems FROM source WHERE sha256 = ?", sha).Scan(&path, &records, &bad)
	if errors.Is(err, sql.ErrNoRows) {
		return "", 0, 0, false, nil
	}
	return path, records, bad, err == nil, err
}

// batchSize is how many records travel and are written together.
const batchSize = 64

// job is a record and, once prepared, its rows.
type job struct {
	rec  *model.Record
	prep *prepared
	err  error
}

// startSource finds src among the files imported before, by its content,
// or adds it, and gives its id. A file imported before is Skipped, with
// that import's counts, unless again (then st.Again: its records are read
// again and those not linked to it yet added).
func startSource(ctx context.Context, tx *sql.Tx, src Source, again bool, st *FileStats) (int64, error) {
	var id int64
	var prevRecords, prevBad int
	err := tx.QueryRowContext(ctx, "SELECT id, path, records, problems FROM source WHERE sha256 = ?", src.SHA256).Scan(&id, &st.Previous, &prevRecords, &prevBad)
	switch {
	case err == nil && !again:
		st.Skipped = true
		st.Records, st.Existing, st.Bad = prevRecords, prevRecords-prevBad, prevBad
		return id, nil
	case err == nil:
		st.Again = true
		return id, nil
	case !errors.Is(err, sql.ErrNoRows):
		return 0, err
	}
	res, err := tx.ExecContext(ctx, "INSERT INTO source (path, size, sha256, format, imported_at) VALUES (?, ?, ?, ?, ?)",
		src.Path, src.Size, src.SHA256, src.Format, time.Now().UTC().Format(time.RFC3339))
	if err != nil {
		return 0, fmt.Errorf("insert source: %w", err)
	}
	return res.LastInsertId()
}

// Import adds the records of one file in one transaction: either the whole
// file is in the archive, or (on an error, a cancelled ctx, or the process
// killed) nothing of it. Records with errors are left out and reported to
// opt.Problem; a game already in the archive is linked to this file, not
// stored again; a file whose content was imported before is skipped.
//
// Reading, turning records into rows and writing overlap: Import reads r on
// one goroutine, prepares rows on several, and writes on the caller's, with
// a fixed number of records in flight whatever the size of the file.
func (d *DB) Import(ctx context.Context, src Source, r Reader, opt ImportOptions) (st FileStats, err error) {
	defer func() {
		// A cancelled ctx rolls the transaction back under the writes
		// in flight: say why they failed.
		if err != nil && ctx.Err() != nil {
			err = ctx.Err()
		}
	}()
	if d.readOnly {
		return st, errors.New("archive is open read-only")
	}
	if d.pg != nil {
		return d.pgImport(ctx, src, r, opt)
	}
	tx, done, err := d.importTx(ctx)
	if err != nil {
		return st, err
	}
	defer done()

	sourceID, err := startSource(ctx, tx, src, opt.Again, &st)
	if err != nil || st.Skipped {
		return st, err
	}
	deferred, err := deferIndexes(ctx, tx)
	if err != nil {
		return st, err
	}
	// Statements run without ctx's cancellation: the driver would run
	// each on a goroutine of its own to watch it. A cancelled ctx still
	// stops the import between batches, and rolls the transaction back.
	w, err := newWriter(context.WithoutCancel(ctx), tx, sourceID)
	if err != nil {
		return st, err
	}
	defer w.close()
	if st.Again {
		if err := w.readKnown(); err != nil {
			return st, err
		}
	}

	jobs, err := startPreparing(ctx, tx, r, opt)
	if err != nil {
		return st, err
	}
	defer jobs.Wait() // after Close, deferred below
	defer jobs.Close()
	if err := writeBatches(ctx, jobs, &st, opt, func(b []job) error {
		return w.writeJobs(b, &st, opt.Problem)
	}); err != nil {
		return st, err
	}
	if err := finishSource(ctx, tx, sourceID, src, r, st); err != nil {
		return st, err
	}
	w.close()
	if err := deferred.build(ctx, tx); err != nil {
		return st, err
	}
	if err := tx.Commit(); err != nil {
		return st, fmt.Errorf("commit: %w", err)
	}
	return st, nil
}

// startPreparing reads the archive's tag names and scoring codes, and
// starts preparing r's records with them (prepareRecords): the first
// steps of a file's import, into SQLite or PostgreSQL.
func startPreparing(ctx context.Context, q queryer, r Reader, opt ImportOptions) (*ordered.Stream[job], error) {
	codes, err := readTagCodes(ctx, q)
	if err != nil {
		return nil, err
	}
	scoreCodes, err := readCodes(ctx, q, "score_code")
	if err != nil {
		return nil, err
	}
	return prepareRecords(r, opt, codes, scoreCodes), nil
}

// writeBatches hands jobs' batches to write, in file order, up to the
// file's end, and reports opt.Progress after each; it stops at the first
// error, or when ctx is cancelled (between batches).
func writeBatches(ctx context.Context, jobs *ordered.Stream[job], st *FileStats, opt ImportOptions, write func([]job) error) error {
	for {
		b, err := jobs.Batch()
		if err == io.EOF {
			return nil
		}
		if err == nil {
			err = ctx.Err()
		}
		if err == nil {
			err = write(b)
		}
		if err != nil {
			return err
		}
		if opt.Progress != nil {
			opt.Progress(st.Records)
		}
	}
}

// preparedOf gives the prepared records of a batch, or the error of the
// first that could not be prepared.
func preparedOf(jobs []job) ([]*prepared, error) {
	prep := make([]*prepared, len(jobs))
	for i, j := range jobs {
		if j.err != nil {
			return nil, j.err
		}
		prep[i] = j.prep
	}
	return prep, nil
}

// prepareRecords reads r on one goroutine and turns its records into rows
// on opt.Workers others, giving them back in file order batchSize records
// a batch, the tag names and scoring codes codes and scoreCodes list by
// their ids. A read error is the last job: the batch that holds it is not
// written.
func prepareRecords(r Reader, opt ImportOptions, codes, scoreCodes tagCodes) *ordered.Stream[job] {
	ended := false
	read := func() (job, int, error) {
		if ended {
			return job{}, 0, io.EOF
		}
		rec, err := r.Next()
		if err != nil && err != io.EOF {
			ended = true
			return job{err: err}, 0, nil
		}
		return job{rec: rec}, 0, err
	}
	return ordered.NewStream(ordered.Options{Workers: opt.Workers, Batch: batchSize}, read, func() func(*job) {
		e := newEncoder(opt.Scores, opt.SkipErrors)
		e.dd = opt.DD
		e.codes, e.scoreCodes = codes, scoreCodes
		return func(j *job) {
			if j.err != nil {
				return
			}
			if j.prep, j.err = e.prepare(j.rec); j.err != nil {
				j.err = fmt.Errorf("%sencode record: %w", model.Prefix(j.rec.File, j.rec.Pos), j.err)
			}
			j.rec = nil
		}
	})
}

// finishSource stores what the file said around its records (read once
// the reader is at its end), with the counts of the import. A file read
// again keeps what was stored of it, but for the counts.
func finishSource(ctx context.Context, tx *sql.Tx, sourceID int64, src Source, r Reader, st FileStats) error {
	if st.Again {
		if _, err := tx.ExecContext(ctx, "UPDATE source SET records = ?, problems = ? WHERE id = ?", st.Records, st.Bad, sourceID); err != nil {
			return fmt.Errorf("update source: %w", err)
		}
		return nil
	}
	// the trailer's escape lines and ";" comments (PBN's trailer layout)
	// are stored under "trailer" and "trailer_semicolons", as the escape
	// lines were when the document held them itself
	t := r.Trailer()
	hdr := storedHeader{Header: r.Header(), Trailer: layout.TrailerDirectives(t), TrailerComments: t.Comments,
		TrailerSemicolons: layout.TrailerSemicolons(t)}
	hj, err := json.Marshal(hdr)
	if err != nil {
		return err
	}
	format := src.Format
	if format == "" {
		format = strings.ToLower(hdr.Header.Format.String())
	}
	if _, err := tx.ExecContext(ctx, "UPDATE source SET records = ?, problems = ?, header = ?, format = ? WHERE id = ?",
		st.Records, st.Bad, string(hj), format, sourceID); err != nil {
		return fmt.Errorf("update source: %w", err)
	}
	return nil
}

// importTx begins the write transaction of an import on a connection of
// its own that does not check foreign keys: Import gives every row its ids
// itself, inside the transaction, so they hold by construction, and
// checking them would cost a lookup of the parent for each row. (The pragma
// cannot change inside a transaction.) done rolls back what was not
// committed and sets the connection back before it is reused.
func (d *DB) importTx(ctx context.Context) (tx *sql.Tx, done func(), err error) {
	conn, err := d.db.Conn(ctx)
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
	if tx, err = d.beginWrite(ctx, func() (*sql.Tx, error) { return conn.BeginTx(ctx, nil) }); err != nil {
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
	events   map[eventKey]int64
	addGame  gameInserts // a game, unless its hash is there already
	getGame  *sql.Stmt   // the id of a game by its hash
	link     *inserter
	child    [nChild]*inserter
	getEvent *sql.Stmt
	addEvent *sql.Stmt
	addDD    *sql.Stmt // prepared at the first row
	texts    *texts
	matches  *matches
	known    map[int]bool // a file read again: the places already linked
}

// readKnown reads the places of the file that are linked already, for a
// file read again.
func (w *writer) readKnown() (err error) {
	w.known, err = knownPlaces(w.ctx, w.tx, w.sourceID)
	return err
}

// knownPlaces are the places (game_source.idx) of source sourceID that
// are linked to a game already.
func knownPlaces(ctx context.Context, q queryer, sourceID int64) (map[int]bool, error) {
	rows, err := q.QueryContext(ctx, "SELECT idx FROM game_source WHERE source_id = ?", sourceID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	known := map[int]bool{}
	for rows.Next() {
		var idx int
		if err := rows.Scan(&idx); err != nil {
			return nil, err
		}
		known[idx] = true
	}
	return known, rows.Err()
}

// storeDD stores a game's double-dummy row, if any, unless it has one.
func (w *writer) storeDD(id int64, r *DDRow) error {
	if r == nil {
		return nil
	}
	if w.addDD == nil {
		var err error
		if w.addDD, err = w.tx.PrepareContext(w.ctx, insertDD); err != nil {
			return err
		}
	}
	t, score, par := r.values()
	if _, err := w.addDD.ExecContext(w.ctx, id, t, score, par); err != nil {
		return fmt.Errorf("insert dd of game %d: %w", id, err)
	}
	return nil
}

func newWriter(ctx context.Context, tx *sql.Tx, sourceID int64) (*writer, error) {
	w := &writer{ctx: ctx, tx: tx, sourceID: sourceID, events: map[eventKey]int64{}}
	if err := tx.QueryRowContext(ctx, "SELECT coalesce(max(id), 0) FROM game").Scan(&w.nextID); err != nil {
		return nil, err
	}
	w.nextID++
	var err error
	if w.texts, err = newTexts(ctx, tx); err != nil {
		return nil, err
	}
	if w.matches, err = newMatches(ctx, tx); err != nil {
		return nil, err
	}
	w.link = newInserter(ctx, tx, linkTable)
	for i := range childTables {
		w.child[i] = newInserter(ctx, tx, childTables[i])
	}
	w.addGame = gameInserts{ctx: ctx, tx: tx, stmts: map[uint64]*sql.Stmt{}}
	if w.getGame, err = tx.PrepareContext(ctx, "SELECT id FROM game WHERE hash = ?"); err != nil {
		return nil, err
	}
	if w.getEvent, err = tx.PrepareContext(ctx, "SELECT id FROM event WHERE name = ? AND site = ? AND date = ?"); err != nil {
		return nil, err
	}
	if w.addEvent, err = tx.PrepareContext(ctx, "INSERT INTO event (name, site, date) VALUES (?, ?, ?)"); err != nil {
		return nil, err
	}
	return w, nil
}

func (w *writer) close() {
	w.link.close()
	w.texts.close()
	w.matches.close()
	for _, in := range w.child {
		in.close()
	}
	w.addGame.close()
	for _, st := range []**sql.Stmt{&w.getGame, &w.getEvent, &w.addEvent, &w.addDD} {
		if *st != nil {
			(*st).Close()
			*st = nil
		}
	}
}

func (w *writer) event(k eventKey) (int64, error) {
	if id, ok := w.events[k]; ok {
		return id, nil
	}
	var id int64
	err := w.getEvent.QueryRowContext(w.ctx, k.name, k.site, k.date).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		var res sql.Result
		res, err = w.addEvent.ExecContext(w.ctx, k.name, k.site, k.date)
		if err == nil {
			id, err = res.LastInsertId()
		}
	}
	if err != nil {
		return 0, fmt.Errorf("event %q: %w", k.name, err)
	}
	w.events[k] = id
	return id, nil
}

// writeJobs writes a batch of prepared records, or returns the error of
// the first that could not be prepared (before writing any).
func (w *writer) writeJobs(jobs []job, st *FileStats, problem func(model.Problem)) error {
	prep, err := preparedOf(jobs)
	if err != nil {
		return err
	}
	return w.write(prep, st, problem)
}

// take counts record p, the next of its file, reports its problems, and
// says whether to store it: not a record of a file read again (known by
// its place; linked already), nor one left out for its errors.
func (st *FileStats) take(p *prepared, known map[int]bool, problem func(model.Problem)) bool {
	st.Records++
	if known[st.Records] {
		st.Existing++
		return false
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
		return false
	}
	switch {
	case len(p.errs) > 0:
		st.Errors++
	case p.warnings > 0:
		st.Warnings++
	}
	return true
}

func (w *writer) write(prep []*prepared, st *FileStats, problem func(model.Problem)) error {
	for _, p := range prep {
		if !st.take(p, w.known, problem) {
			continue
		}
		id := w.nextID
		p.game[0] = id
		if p.hasEvent {
			eid, err := w.event(p.event)
			if err != nil {
				return err
			}
			p.game[2] = eid
		}
		if p.match != nil {
			mid, err := w.matches.id(p.game[2], p.match)
			if err != nil {
				return err
			}
			p.game[matchColumn] = mid
		}
		res, err := w.addGame.exec(p.game)
		if err != nil {
			return fmt.Errorf("insert game: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			// stored before, or earlier in this file: linked only
			if err := w.getGame.QueryRowContext(w.ctx, p.hash[:]).Scan(&id); err != nil {
				return fmt.Errorf("look up game: %w", err)
			}
			st.Existing++
		} else {
			st.New++
			w.nextID++
			for t := range p.child {
				rows := p.child[t]
				n := len(childTables[t].cols)
				for i := 0; i < len(rows); i += n {
					rows[i] = id
				}
				if t == tProblem {
					if err := w.texts.resolve(rows); err != nil {
						return err
					}
				}
				w.child[t].add(rows)
			}
		}
		// The link's place is the record's ordinal in this file: a JSON
		// file's records may say other files' places (two converted
		// files each have a record 1), or none.
		w.link.add([]any{w.sourceID, int64(st.Records), id, int64(p.pos.Line), int64(p.pos.Col), p.layout, p.rowPos})
		if err := w.storeDD(id, p.dd); err != nil {
			return err
		}
	}
	for _, in := range w.child {
		if err := in.flush(); err != nil {
			return err
		}
	}
	return w.link.flush()
}

// leftOut is the problem that says a record was left out, and why.
func leftOut(p *prepared) model.Problem {
	why := "it has errors"
	if !p.usable {
		why = "nothing usable (no deal, auction, play, contract or table)"
	}
	file := ""
	if len(p.errs) > 0 {
		file = p.errs[0].File
	}
	return model.Problem{File: file, Pos: p.pos, Severity: model.SevError, Message: "record " + strconv.Itoa(p.index) + " left out: " + why}
}

// inserter buffers the rows of one table and inserts them many per
// statement.
type inserter struct {
	ctx   context.Context
	tx    *sql.Tx
	t     table
	chunk int // rows per full statement
	buf   []any
	stmts map[int]*sql.Stmt
}

// maxValues bounds the values bound in one statement.
const maxValues = 1000

func newInserter(ctx context.Context, tx *sql.Tx, t table) *inserter {
	chunk := max(1, maxValues/len(t.cols))
	if t.oneRow {
		chunk = 1
	}
	return &inserter{ctx: ctx, tx: tx, t: t, chunk: chunk, stmts: map[int]*sql.Stmt{}}
}

// insertSQL is the INSERT of rows rows into t.
func insertSQL(t table, rows int) string {
	var b strings.Builder
	b.WriteString("INSERT INTO ")
	b.WriteString(t.name)
	b.WriteString(" (")
	b.WriteString(strings.Join(t.cols, ", "))
	b.WriteString(") VALUES ")
	one := "(?" + strings.Repeat(",?", len(t.cols)-1) + ")"
	for i := 0; i < rows; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(one)
	}
	return b.String()
}

func (in *inserter) add(vals []any) { in.buf = append(in.buf, vals...) }

func (in *inserter) stmt(rows int) (*sql.Stmt, error) {
	if s, ok := in.stmts[rows]; ok {
		return s, nil
	}
	s, err := in.tx.PrepareContext(in.ctx, insertSQL(in.t, rows))
	if err != nil {
		return nil, err
	}
	in.stmts[rows] = s
	return s, nil
}

func (in *inserter) flush() error {
	n := len(in.t.cols)
	for off := 0; off < len(in.buf); {
		rows := min(in.chunk, (len(in.buf)-off)/n)
		s, err := in.stmt(rows)
		if err != nil {
			return fmt.Errorf("insert %s: %w", in.t.name, err)
		}
		if _, err := s.ExecContext(in.ctx, in.buf[off:off+rows*n]...); err != nil {
			return fmt.Errorf("insert %s: %w", in.t.name, err)
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
	if len(gameTable.cols) > 64 {
		panic("archive: more than 64 columns in game")
	}
	var set uint64
	for _, c := range []string{"warnings", "errors", "record", "tags"} {
		set |= 1 << colIndex(gameTable, c)
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
		for i, c := range gameTable.cols {
			if set&(1<<i) != 0 {
				cols = append(cols, c)
			}
		}
		var err error
		if s, err = g.tx.PrepareContext(g.ctx, insertSQL(table{name: gameTable.name, cols: cols}, 1)+" ON CONFLICT (hash) DO NOTHING"); err != nil {
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
