// Package sqlite is the engine of an archive in a SQLite file, named by
// its path (github.com/mattn/go-sqlite3, which needs cgo): one writer at a
// time (a second waits for the first), readers beside it (WAL), the schema
// version in PRAGMA user_version and the archive's mark in application_id;
// imported many rows to a statement (import.go), read through an
// authorizer that lets only reads through (readonly.go), with the scoring
// functions registered on every connection (scoring.go). It registers
// itself for paths with package archive/driver; the command imports it.
package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mattn/go-sqlite3" // the "sqlite3" driver

	"handrec/archive/driver"
)

func init() { driver.Register("", sqliteDriver{}) }

// sqliteDriver opens SQLite archives.
type sqliteDriver struct{}

// sqliteEngine is an open SQLite archive.
type sqliteEngine struct {
	db       *sql.DB
	path     string
	readOnly bool
	wait     func() // called once when a write waits for another writer
	damage   string // what a read-only open found wrong with the file
}

func (sqliteDriver) Open(ctx context.Context, path string, req driver.OpenRequest) (driver.Engine, error) {
	if req.ReadOnly {
		return openSQLiteReadOnly(ctx, path, req.Last)
	}
	// What the file holds is read before it is opened for writing: the
	// writer's connection sets the journal mode, which rewrites the
	// header of a database that is not an archive before it is refused.
	s, err := inspect(ctx, path)
	switch {
	case errors.Is(err, driver.ErrNoArchive) && !req.MustExist:
		// a new archive
		if err := createFile(ctx, path); err != nil {
			return nil, fmt.Errorf("create archive %s: %w", path, err)
		}
	case err != nil:
		return nil, err
	case !s.isArchive() && (req.MustExist || !s.blank()):
		return nil, notArchive(path, s)
	case s.empty:
		if err := createFile(ctx, path); err != nil {
			return nil, fmt.Errorf("create archive %s: %w", path, err)
		}
	case s.isArchive():
		if err := driver.CheckVersion(s.version, s.appID, req.Last); err != nil {
			return nil, fmt.Errorf("open archive %s: %w", path, err)
		}
		// nothing is written to a damaged file (an upgrade, or the
		// statistics Close leaves, would build on what is broken)
		if err := quickCheck(ctx, path); err != nil {
			return nil, err
		}
	}
	db, err := sql.Open(writeDriver, dsn(path, false))
	if err != nil {
		return nil, err
	}
	e := &sqliteEngine{db: db, path: path, wait: req.Wait}
	if err := req.Migrate(ctx, e); err != nil {
		db.Close()
		return nil, fmt.Errorf("open archive %s: %w", path, err)
	}
	return e, nil
}

// openSQLiteReadOnly opens the archive at path read-only, refusing a file
// that is not an archive, and an archive older than last.
func openSQLiteReadOnly(ctx context.Context, path string, last int) (driver.Engine, error) {
	s, err := inspect(ctx, path)
	if err != nil {
		return nil, err
	}
	if !s.isArchive() {
		return nil, notArchive(path, s)
	}
	if err := driver.CheckVersion(s.version, s.appID, last); err != nil {
		return nil, fmt.Errorf("open archive %s: %w", path, err)
	}
	if s.version < last {
		return nil, &driver.OldSchemaError{Path: path, Version: s.version, Want: last}
	}
	db, err := sql.Open(readOnlyDriver, dsn(path, true))
	if err != nil {
		return nil, err
	}
	return &sqliteEngine{db: db, path: path, readOnly: true, damage: s.damage(path)}, nil
}

func (e *sqliteEngine) DB() *sql.DB  { return e.db }
func (e *sqliteEngine) Name() string { return e.path }

// Damage is what opening the archive read-only found wrong with its
// file, "" for nothing (fileState.damage): it is read all the same.
func (e *sqliteEngine) Damage() string { return e.damage }

func (e *sqliteEngine) Close() error {
	if !e.readOnly {
		_, _ = e.db.Exec("PRAGMA wal_checkpoint(TRUNCATE)")
		_, _ = e.db.Exec("PRAGMA optimize")
	}
	return e.db.Close()
}

func (e *sqliteEngine) Version(ctx context.Context) (int, error) {
	var v int
	err := e.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v)
	return v, err
}

func (e *sqliteEngine) BeginMigrate(ctx context.Context) (*sql.Tx, error) { return e.BeginWrite(ctx) }

func (e *sqliteEngine) StoredVersion(ctx context.Context, tx *sql.Tx, last int) (int, error) {
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
		return 0, nil
	}
	return v, driver.CheckVersion(v, app, last)
}

// Create has nothing to make: a file's version is in its header.
func (e *sqliteEngine) Create(context.Context, *sql.Tx) error { return nil }

func (e *sqliteEngine) Migrate(ctx context.Context, tx *sql.Tx, version int, text string, _ bool) error {
	if _, err := tx.ExecContext(ctx, text); err != nil {
		return fmt.Errorf("schema version %d: %w", version, err)
	}
	return nil
}

func (e *sqliteEngine) SetVersion(ctx context.Context, tx *sql.Tx, version int) error {
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", version)); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA application_id = %d", driver.ApplicationID))
	return err
}

func (e *sqliteEngine) BeginWrite(ctx context.Context) (*sql.Tx, error) {
	return e.beginWrite(ctx, func() (*sql.Tx, error) { return e.db.BeginTx(ctx, nil) })
}

func (e *sqliteEngine) ImportError(err error) error { return err }

func (e *sqliteEngine) Read(_ context.Context, fn func(driver.Queryer) error) error { return fn(e.db) }

// beginWrite begins a write transaction with begin, waiting for another
// writer as long as it writes: a second import waits for the first,
// rather than fail after a timeout with "database is locked".
func (e *sqliteEngine) beginWrite(ctx context.Context, begin func() (*sql.Tx, error)) (*sql.Tx, error) {
	said := false
	for {
		tx, err := begin()
		var se sqlite3.Error
		if err == nil || !errors.As(err, &se) || se.Code != sqlite3.ErrBusy {
			return tx, err
		}
		if !said && e.wait != nil {
			e.wait()
		}
		said = true
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
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
