package archive

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"sync"
)

// An archive's SQL engine (SQLite for a file, PostgreSQL for a server) is
// chosen by the archive's name, as dbmate chooses its driver by the URL's
// scheme: a postgres:// or postgresql:// URL names a PostgreSQL archive,
// anything else a SQLite file. What the engines share (the rows of a
// record, the record's codec, the checks of a caller's SQL, the flows of
// an import and of the migrations, the upgrade's Go steps) is written
// once, here; what differs is an Engine's.

// Driver opens the archives of one engine.
type Driver interface {
	// Open opens the archive name as req asks: it checks what name
	// holds, creates it unless req says it must exist, and, unless it
	// opens it read-only, runs req.Migrate on it.
	Open(ctx context.Context, name string, req OpenRequest) (Engine, error)
}

// OpenRequest is what Open asks of a Driver.
type OpenRequest struct {
	ReadOnly  bool
	MustExist bool   // a missing archive is ErrNoArchive: it is not created
	Wait      func() // called when a write waits for another writer
	// Last is the schema version the archive is to have: a newer one is
	// refused, and an older one refused read-only (*OldSchemaError).
	Last int
	// Migrate brings the archive up to Last (the migrations' flow,
	// migrate); a Driver runs it once its engine is open for writing,
	// and gives its error as the error of Open.
	Migrate func(context.Context, Engine) error
}

// Engine is an open archive's engine.
type Engine interface {
	// DB is the archive's pool of connections.
	DB() *sql.DB
	// Name is how messages name the archive: its path, or its URL
	// without the password.
	Name() string
	// Close closes the pool (a writable SQLite archive folds its log
	// back into its file first).
	Close() error
	// Version is the archive's schema version.
	Version(ctx context.Context) (int, error)

	Migrator

	// BeginWrite begins a write transaction, waiting for another writer.
	BeginWrite(ctx context.Context) (*sql.Tx, error)
	// BeginImport begins a file's import (Import).
	BeginImport(ctx context.Context) (FileImport, error)
	// ImportError gives a failed import's error the engine's meaning (a
	// conflict with another importer is EConflict).
	ImportError(err error) error

	// Read runs fn on what reads stored rows (Records): the pool, or a
	// read-only transaction.
	Read(ctx context.Context, fn func(Queryer) error) error
	// Query runs a caller's statement, which the shared checks passed
	// (its first word, upper case, is first): Query's engine part.
	Query(ctx context.Context, query, first string, args []any, header func([]string) error, row func([]string, []any) error) error
	// CheckCondition makes sure the engine can read cond, a query over
	// the records view that holds a caller's --where condition.
	CheckCondition(ctx context.Context, cond string) error
}

// Migrator is an engine's part of the migrations' flow (migrate), in one
// transaction.
type Migrator interface {
	// BeginMigrate begins the migrations' transaction, holding the
	// archive's lock.
	BeginMigrate(ctx context.Context) (*sql.Tx, error)
	// StoredVersion is the version of the archive tx sees, 0 or less for
	// none yet in a database that may hold one; an error when it holds
	// something else, or an archive that cannot be brought to version
	// last.
	StoredVersion(ctx context.Context, tx *sql.Tx, last int) (int, error)
	// Create makes what a new archive holds besides its migrations.
	Create(ctx context.Context, tx *sql.Tx) error
	// Migrate runs migration version, whose text is text, on a new
	// archive (fresh) or an older one.
	Migrate(ctx context.Context, tx *sql.Tx, version int, text string, fresh bool) error
	// SetVersion stores the archive's version.
	SetVersion(ctx context.Context, tx *sql.Tx, version int) error
}

// Queryer is what reads need of a *sql.DB, *sql.Conn or *sql.Tx.
type Queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

var (
	driversMu sync.RWMutex
	drivers   = map[string]Driver{}
)

// Register makes a driver serve the archives named by URLs of scheme, or,
// for scheme "", by a path: an engine's package registers its driver in
// an init function, as database/sql's drivers do.
func Register(scheme string, d Driver) {
	driversMu.Lock()
	defer driversMu.Unlock()
	if _, dup := drivers[scheme]; dup {
		panic("archive: Register called twice for scheme " + scheme)
	}
	drivers[scheme] = d
}

// driverFor is the driver of the archive name.
func driverFor(name string) (Driver, error) {
	scheme := ""
	if i := strings.Index(name, "://"); i > 0 && IsURL(name) {
		scheme = name[:i]
	}
	driversMu.RLock()
	d, ok := drivers[scheme]
	driversMu.RUnlock()
	if !ok {
		what := "a file"
		if scheme != "" {
			what = scheme + ":// URLs"
		}
		return nil, fmt.Errorf("archive: no engine for %s (its package is not imported)", what)
	}
	return d, nil
}
