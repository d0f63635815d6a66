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

	"handrec/archive/driver"
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
	prep *driver.Prepared
	err  error
}

// startSource adds the file's source row, or finds the file imported
// before, by its content (on PostgreSQL, by this importer or another, which
// it waits for), and gives its id. A file imported before is Skipped, with
// that import's counts, unless again (then st.Again: its records are read
// again and those not linked to it yet added).
func startSource(ctx context.Context, tx *sql.Tx, src Source, again bool, st *FileStats) (int64, error) {
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

// An import's steps are the same on every engine (Import); what differs is
// the file's transaction (driver.FileImport) and how its records are written
// (driver.RecordWriter): on SQLite many rows to an INSERT, in the file's order,
// with ids counted from the last game's; on PostgreSQL by COPY, a batch of
// about a thousand records at a time, with ids reserved from game's
// identity, while the next batch is read (archive/postgres/import.go).

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
		} else if err != nil {
			err = d.eng.ImportError(err)
		}
	}()
	if d.readOnly {
		return st, errors.New("archive is open read-only")
	}
	fi, err := d.eng.BeginImport(ctx)
	if err != nil {
		return st, err
	}
	defer fi.Close()
	sourceID, err := startSource(ctx, fi.Tx(), src, opt.Again, &st)
	if err != nil || st.Skipped {
		return st, err
	}
	w, err := fi.Writer(sourceID)
	if err != nil {
		return st, err
	}
	defer w.Close() // before the transaction's rollback
	var known map[int]bool
	if st.Again {
		if known, err = knownPlaces(ctx, fi.Tx(), sourceID); err != nil {
			return st, err
		}
	}
	jobs, err := startPreparing(ctx, fi.Tx(), r, opt)
	if err != nil {
		return st, err
	}
	defer jobs.Wait() // after Close, deferred below
	defer jobs.Close()
	if err := writeBatches(ctx, jobs, &st, opt, func(b []job) error {
		return writeBatch(w, b, known, &st, opt.Problem)
	}); err != nil {
		return st, err
	}
	if err := w.Finish(&st); err != nil {
		return st, err
	}
	if err := finishSource(ctx, fi.Tx(), sourceID, src, r, st); err != nil {
		return st, err
	}
	return st, fi.Commit()
}

// writeBatch hands the records of a batch that are to be stored to w, with
// the ids of their events and matches, or returns the error of the first
// that could not be prepared (before writing any).
func writeBatch(w driver.RecordWriter, jobs []job, known map[int]bool, st *FileStats, problem func(model.Problem)) error {
	prep, err := preparedOf(jobs)
	if err != nil {
		return err
	}
	for _, p := range prep {
		if !take(st, p, known, problem) {
			continue
		}
		if p.HasEvent {
			eid, err := w.EventID(p.Event)
			if err != nil {
				return err
			}
			p.Game[2] = eid
		}
		if p.Match != nil {
			mid, err := w.MatchID(p.Game[2], p.Match)
			if err != nil {
				return err
			}
			p.Game[driver.MatchColumn] = mid
		}
		if err := w.Add(p, st); err != nil {
			return err
		}
	}
	return w.EndBatch()
}

// startPreparing reads the archive's tag names and scoring codes, and
// starts preparing r's records with them (prepareRecords): the first
// steps of a file's import, into SQLite or PostgreSQL.
func startPreparing(ctx context.Context, q driver.Queryer, r Reader, opt ImportOptions) (*ordered.Stream[job], error) {
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
func preparedOf(jobs []job) ([]*driver.Prepared, error) {
	prep := make([]*driver.Prepared, len(jobs))
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

// knownPlaces are the places (game_source.idx) of source sourceID that
// are linked to a game already.
func knownPlaces(ctx context.Context, q driver.Queryer, sourceID int64) (map[int]bool, error) {
	places, err := driver.QueryIDs(ctx, q, "SELECT idx FROM game_source WHERE source_id = ?", sourceID)
	if err != nil {
		return nil, err
	}
	known := make(map[int]bool, len(places))
	for _, idx := range places {
		known[int(idx)] = true
	}
	return known, nil
}

// take counts record p, the next of its file, reports its problems, and
// says whether to store it: not a record of a file read again (known by
// its place; linked already), nor one left out for its errors.
func take(st *FileStats, p *driver.Prepared, known map[int]bool, problem func(model.Problem)) bool {
	st.Records++
	if known[st.Records] {
		st.Existing++
		return false
	}
	if problem != nil {
		for _, e := range p.Errs {
			problem(e)
		}
	}
	if p.Out {
		st.Bad++
		if problem != nil {
			problem(leftOut(p))
		}
		return false
	}
	switch {
	case len(p.Errs) > 0:
		st.Errors++
	case p.Warnings > 0:
		st.Warnings++
	}
	return true
}

// leftOut is the problem that says a record was left out, and why.
func leftOut(p *driver.Prepared) model.Problem {
	why := "it has errors"
	if !p.Usable {
		why = "nothing usable (no deal, auction, play, contract or table)"
	}
	file := ""
	if len(p.Errs) > 0 {
		file = p.Errs[0].File
	}
	return model.Problem{File: file, Pos: p.Pos, Severity: model.SevError, Message: "record " + strconv.Itoa(p.Index) + " left out: " + why}
}
