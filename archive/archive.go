// Package archive keeps hand records in an archive: relational tables for
// questions in SQL, and each record's whole model for a lossless export, in
// a SQLite file or on a PostgreSQL server.
//
// Here is what both engines share: the rows a record is turned into
// (rows.go), the record's stored form (record.go, rowform.go), the checks
// of a caller's SQL (sqltext.go, condition.go), the flows of an import
// (import.go) and of the migrations (migrate, below), the upgrade's Go
// steps (upgrade*.go) and the reads. An engine (archive/sqlite,
// archive/postgres) implements package driver's interfaces for what
// differs, and registers itself for the archive names it serves, as
// database/sql's drivers do: the command imports both, and Open chooses by
// the name (a postgres:// or postgresql:// URL, else a path).
//
// The schema is the numbered migration files the package embeds
// (migrations.go), and Open brings an archive of any older version up to the
// last one. The archive imports only the model, the formats' layouts and
// codec, and database/sql: readers and writers are wired in by the command
// layer.
package archive

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"handrec/archive/driver"
)

// DB is an open archive.
type DB struct {
	eng      driver.Engine
	db       *sql.DB
	path     string
	readOnly bool
	upgraded int // the schema version this open upgraded the archive from, 0 for none
	leftOut  LeftOut
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

// Damage is what opening the archive read-only found wrong with its file
// without reading it all (a SQLite file cut short of the pages its header
// counts), "" for nothing: the archive is read all the same, and the
// command warns. (Open refuses a damaged SQLite file: PRAGMA quick_check
// runs before anything is written.)
func (d *DB) Damage() string {
	if e, ok := d.eng.(interface{ Damage() string }); ok {
		return e.Damage()
	}
	return ""
}

// SQL gives the underlying database, for what this package does not cover.
func (d *DB) SQL() *sql.DB { return d.db }

// Close closes the archive. A writable SQLite archive folds its write-ahead
// log back into the main file first, so that the archive is one file at
// rest.
func (d *DB) Close() error { return d.eng.Close() }

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

// Open opens the archive at path (a PostgreSQL archive's URL), creating
// it when it does not exist and upgrading it when its schema is older than
// the last version.
func Open(ctx context.Context, path string, opts ...Options) (*DB, error) {
	var opt Options
	if len(opts) > 0 {
		opt = opts[0]
	}
	steps, err := stepsUpTo(opt.Version)
	if err != nil {
		return nil, err
	}
	drv, err := driverFor(path)
	if err != nil {
		return nil, err
	}
	d := &DB{}
	eng, err := drv.Open(ctx, path, driver.OpenRequest{MustExist: opt.MustExist, Wait: opt.Wait, Last: len(steps),
		Migrate: func(ctx context.Context, e driver.Engine) error {
			from, err := d.migrate(ctx, e, steps)
			if err == nil && from > 0 && from < len(steps) {
				d.upgraded = from
			}
			return err
		}})
	if err != nil {
		return nil, err
	}
	d.eng, d.db, d.path = eng, eng.DB(), eng.Name()
	return d, nil
}

// OpenReadOnly opens an existing archive for reading only: no statement run
// on it can change the file, and opening it changes nothing either. A file
// that is not an archive is refused (*sqlite.NotArchiveError), and so is an
// archive of an older schema (*OldSchemaError): reading it would need the
// upgrade that Open makes, which rewrites the file.
func OpenReadOnly(ctx context.Context, path string) (*DB, error) {
	drv, err := driverFor(path)
	if err != nil {
		return nil, err
	}
	eng, err := drv.Open(ctx, path, driver.OpenRequest{ReadOnly: true, Last: len(migrations)})
	if err != nil {
		return nil, err
	}
	return &DB{eng: eng, db: eng.DB(), path: eng.Name(), readOnly: true}, nil
}

// Version is the archive's schema version.
func (d *DB) Version(ctx context.Context) (int, error) { return d.eng.Version(ctx) }

// migrate runs, in one transaction, every migration after the archive's
// version (on a new archive, every one, after what the engine creates),
// then the Go steps of the versions it crossed, and gives the version it
// found (0 or less for a new archive).
func (d *DB) migrate(ctx context.Context, e driver.Engine, steps []string) (int, error) {
	tx, err := e.BeginMigrate(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	v, err := e.StoredVersion(ctx, tx, len(steps))
	if err != nil || v == len(steps) {
		return v, err
	}
	fresh := v <= 0
	if fresh {
		if err := e.Create(ctx, tx); err != nil {
			return v, err
		}
	}
	for n := max(v, 0) + 1; n <= len(steps); n++ {
		if err := e.Migrate(ctx, tx, n, steps[n-1], fresh); err != nil {
			return v, err
		}
	}
	if !fresh {
		if err := runGoSteps(ctx, tx, v, len(steps)); err != nil {
			return v, err
		}
	}
	if v > 0 && v < keepsErrorsSince {
		if err := tx.QueryRowContext(ctx, "SELECT count(*), coalesce(sum(problems), 0) FROM source WHERE problems > 0").
			Scan(&d.leftOut.Files, &d.leftOut.Records); err != nil {
			return v, err
		}
	}
	if err := e.SetVersion(ctx, tx, len(steps)); err != nil {
		return v, err
	}
	return v, tx.Commit()
}

// driverFor is the driver of the archive name: the one registered for its
// URL's scheme, for a postgres:// or postgresql:// URL (IsURL), else the
// one registered for a path.
func driverFor(name string) (driver.Driver, error) {
	scheme := ""
	if i := strings.Index(name, "://"); i > 0 && IsURL(name) {
		scheme = name[:i]
	}
	d, ok := driver.Lookup(scheme)
	if !ok {
		what := "a file"
		if scheme != "" {
			what = scheme + ":// URLs"
		}
		return nil, fmt.Errorf("archive: no engine for %s (import its package: handrec/archive/sqlite, handrec/archive/postgres)", what)
	}
	return d, nil
}
