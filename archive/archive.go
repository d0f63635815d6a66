// Package archive keeps hand records in one SQLite file: relational tables
// for questions in SQL, and each record's whole model for a lossless export.
//
// The schema is the numbered migration files the package embeds
// (migrations.go), and Open brings an archive of any older version up to the
// last one. The archive imports only the model, database/sql and the SQLite
// driver: readers and writers are wired in by the command layer.
package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/mattn/go-sqlite3" // the "sqlite3" driver
)

// ApplicationID marks a SQLite file as a handrec archive (PRAGMA application_id).
const ApplicationID = 0x48524543 // "HREC"

// DB is an open archive.
type DB struct {
	db       *sql.DB
	wait     func() // called once when a write waits for another writer
	path     string
	readOnly bool
	upgraded int // the schema version this open upgraded the archive from, 0 for none
	leftOut  LeftOut
	pg       *pgState // a PostgreSQL archive's (pg.go); nil for a SQLite file
}

// keepsErrorsSince is the schema version since which import keeps a record
// with errors: an archive made before left such records out.
const keepsErrorsSince = 5

// LeftOut counts the files an archive made before schema version 5 left
// records with errors out of, and those records: importing the files
// again adds nothing (a file is known by its content), import with
// ImportOptions.Again does.
type LeftOut struct{ Files, Records int }

// LeftOutBefore5 is what this open found left out, when it upgraded an
// archive made before schema version 5; zero otherwise.
func (d *DB) LeftOutBefore5() LeftOut { return d.leftOut }

// UpgradedFrom is the schema version the archive had before this open
// upgraded it, or 0 when it was not upgraded: a command says so, since the
// file changed. (A read-only open never upgrades: it refuses an older
// archive.)
func (d *DB) UpgradedFrom() int { return d.upgraded }

// Path is the archive's file name (a PostgreSQL archive's URL, without its
// password).
func (d *DB) Path() string { return d.path }

// SQL gives the underlying database, for what this package does not cover.
func (d *DB) SQL() *sql.DB { return d.db }

// Close closes the archive. A writable archive folds its write-ahead log
// back into the main file first, so that the archive is one file at rest.
func (d *DB) Close() error {
	if !d.readOnly && d.pg == nil {
		_, _ = d.db.Exec("PRAGMA wal_checkpoint(TRUNCATE)")
		_, _ = d.db.Exec("PRAGMA optimize")
	}
	return d.db.Close()
}

// dsn builds the connection string: pragmas in the DSN reach every pooled
// connection, a one-off Exec would reach only one.
func dsn(path string, readOnly bool) string {
	var b strings.Builder
	b.WriteString(fileURI(path))
	b.WriteString("?_foreign_keys=on&_cache_size=-65536&_mutex=no")
	if readOnly {
		b.WriteString("&_busy_timeout=10000&mode=ro&_query_only=1")
	} else {
		// A writer waits a second for the lock, then Open and Import
		// say that they wait (Options.Wait) and keep waiting.
		b.WriteString("&_busy_timeout=1000&_journal_mode=WAL&_synchronous=NORMAL&_txlock=immediate")
	}
	return b.String()
}

// fileURI is the URI of the file at path.
func fileURI(path string) string {
	var b strings.Builder
	b.WriteString("file:")
	for i := 0; i < len(path); i++ {
		switch c := path[i]; c {
		case '?', '#', '%':
			fmt.Fprintf(&b, "%%%02X", c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// pageSize is the page size of a new archive. A game's row is some
// hundreds of bytes: on pages of 8 KiB less of each page is left unused
// than on SQLite's 4 KiB (on the corpus, 2.6% of the file).
const pageSize = 8192

// createFile makes a new, empty database at path with the archive's page
// size, which must be set before the writer's connection puts the file in
// WAL mode: a database in WAL mode keeps its page size.
func createFile(ctx context.Context, path string) error {
	db, err := sql.Open(writeDriver, fileURI(path))
	if err != nil {
		return err
	}
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	_, err = conn.ExecContext(ctx, fmt.Sprintf("PRAGMA page_size = %d", pageSize))
	if err == nil {
		_, err = conn.ExecContext(ctx, "PRAGMA journal_mode = WAL")
	}
	return err
}

// Options tune Open.
type Options struct {
	// Wait is called when a write finds another process writing the
	// archive, before it waits for that writer to end (as long as it
	// runs, or until the context is cancelled).
	Wait func()
	// MustExist refuses to create the archive: a missing file is
	// ErrNoArchive, and an empty one is not an archive.
	MustExist bool
	// Version, when not 0, makes or upgrades the archive up to that
	// schema version only, as the handrec of that version did: tests
	// build archives of older versions with it, to check their upgrade.
	Version int
}

// Open opens the archive at path, creating it when it does not exist and
// upgrading it when its schema is older than the last version.
func Open(ctx context.Context, path string, opts ...Options) (*DB, error) {
	var opt Options
	if len(opts) > 0 {
		opt = opts[0]
	}
	steps, err := stepsUpTo(opt.Version)
	if err != nil {
		return nil, err
	}
	if IsURL(path) {
		return openPG(ctx, path, steps, opt, false)
	}
	return open(ctx, path, steps, opt)
}

func open(ctx context.Context, path string, steps []string, opt Options) (*DB, error) {
	// What the file holds is read before it is opened for writing: the
	// writer's connection sets the journal mode, which rewrites the
	// header of a database that is not an archive before it is refused.
	s, err := inspect(ctx, path)
	switch {
	case errors.Is(err, ErrNoArchive) && !opt.MustExist:
		// a new archive
		if err := createFile(ctx, path); err != nil {
			return nil, fmt.Errorf("create archive %s: %w", path, err)
		}
	case err != nil:
		return nil, err
	case !s.isArchive() && (opt.MustExist || !s.blank()):
		return nil, notArchive(path, s)
	case s.empty:
		if err := createFile(ctx, path); err != nil {
			return nil, fmt.Errorf("create archive %s: %w", path, err)
		}
	case s.isArchive():
		if err := checkVersion(s.version, s.appID, len(steps)); err != nil {
			return nil, fmt.Errorf("open archive %s: %w", path, err)
		}
	}
	db, err := sql.Open(writeDriver, dsn(path, false))
	if err != nil {
		return nil, err
	}
	d := &DB{db: db, path: path, wait: opt.Wait}
	from, err := d.migrate(ctx, steps)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open archive %s: %w", path, err)
	}
	if from > 0 && from < len(steps) {
		d.upgraded = from
	}
	return d, nil
}

// ErrNoArchive is returned by OpenReadOnly when there is no archive file.
var ErrNoArchive = errors.New("no archive")

// OpenReadOnly opens an existing archive for reading only: no statement run
// on it can change the file, and opening it changes nothing either. A file
// that is not an archive is refused (*NotArchiveError), and so is an
// archive of an older schema (*OldSchemaError): reading it would need the
// upgrade that Open makes, which rewrites the file.
func OpenReadOnly(ctx context.Context, path string) (*DB, error) {
	steps := migrations
	if IsURL(path) {
		return openPG(ctx, path, steps, Options{}, true)
	}
	s, err := inspect(ctx, path)
	if err != nil {
		return nil, err
	}
	if !s.isArchive() {
		return nil, notArchive(path, s)
	}
	if err := checkVersion(s.version, s.appID, len(steps)); err != nil {
		return nil, fmt.Errorf("open archive %s: %w", path, err)
	}
	if s.version < len(steps) {
		return nil, &OldSchemaError{Path: path, Version: s.version, Want: len(steps)}
	}
	db, err := sql.Open(readOnlyDriver, dsn(path, true))
	if err != nil {
		return nil, err
	}
	return &DB{db: db, path: path, readOnly: true}, nil
}

func (d *DB) version(ctx context.Context) (v, app int, err error) {
	if d.pg != nil {
		v, err = d.pgVersion(ctx, d.db)
		return v, ApplicationID, err
	}
	if err = d.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return
	}
	err = d.db.QueryRowContext(ctx, "PRAGMA application_id").Scan(&app)
	return
}

func checkVersion(v, app, last int) error {
	if app != 0 && app != ApplicationID {
		return errors.New("not a handrec archive (application id " + strconv.Itoa(app) + ")")
	}
	if v > last {
		return fmt.Errorf("archive schema version %d is newer than this handrec knows (%d): upgrade handrec", v, last)
	}
	if v > 0 && app != ApplicationID {
		return errors.New("not a handrec archive")
	}
	return nil
}

// Version is the archive's schema version.
func (d *DB) Version(ctx context.Context) (int, error) {
	v, _, err := d.version(ctx)
	return v, err
}

// migrate runs, in one transaction, every migration after the
// archive's version, and gives the version it found.
func (d *DB) migrate(ctx context.Context, steps []string) (int, error) {
	tx, err := d.beginWrite(ctx, func() (*sql.Tx, error) { return d.db.BeginTx(ctx, nil) })
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	var v, app int
	if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return 0, err
	}
	if err := tx.QueryRowContext(ctx, "PRAGMA application_id").Scan(&app); err != nil {
		return 0, err
	}
	if v == 0 && app == 0 {
		var n int
		if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_schema").Scan(&n); err != nil {
			return 0, err
		}
		if n > 0 {
			return 0, errors.New("not a handrec archive: the file holds other tables")
		}
	} else if err := checkVersion(v, app, len(steps)); err != nil {
		return v, err
	}
	if v == len(steps) {
		return v, nil
	}
	for n := v + 1; n <= len(steps); n++ {
		if _, err := tx.ExecContext(ctx, steps[n-1]); err != nil {
			return v, fmt.Errorf("schema version %d: %w", n, err)
		}
	}
	if err := runGoSteps(ctx, tx, v, len(steps)); err != nil {
		return v, err
	}
	if v > 0 && v < keepsErrorsSince {
		if err := tx.QueryRowContext(ctx, "SELECT count(*), coalesce(sum(problems), 0) FROM source WHERE problems > 0").
			Scan(&d.leftOut.Files, &d.leftOut.Records); err != nil {
			return v, err
		}
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", len(steps))); err != nil {
		return v, err
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA application_id = %d", ApplicationID)); err != nil {
		return v, err
	}
	return v, tx.Commit()
}

// beginWrite begins a write transaction with begin, waiting for another
// writer as long as it writes: a second import waits for the first,
// rather than fail after a timeout with "database is locked".
func (d *DB) beginWrite(ctx context.Context, begin func() (*sql.Tx, error)) (*sql.Tx, error) {
	said := false
	for {
		tx, err := begin()
		var se sqlite3.Error
		if err == nil || !errors.As(err, &se) || se.Code != sqlite3.ErrBusy {
			return tx, err
		}
		if !said && d.wait != nil {
			d.wait()
		}
		said = true
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}
