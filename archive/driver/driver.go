// Package driver is what an archive's engine implements, and what the
// engines and the package archive share below it, as database/sql/driver
// is to database/sql: an engine's package (archive/sqlite,
// archive/postgres) registers its Driver for the archive names it serves,
// and archive, which holds what both engines share (the rows of a record,
// the record's codec, the checks of a caller's SQL, the flows of an import
// and of the migrations, the upgrade), asks the Engine of an open archive
// for what differs. The engine is chosen by the archive's name, as dbmate
// chooses its driver by the URL's scheme: a postgres:// or postgresql://
// URL names a PostgreSQL archive, anything else a SQLite file.
//
// Nothing but archive and the engines imports this package; users of
// archives import archive, and the command imports the engines.
package driver

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"sync"
)

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
	// Migrate brings the archive up to Last (archive's migrations'
	// flow); a Driver runs it once its engine is open for writing, and
	// gives its error as the error of Open.
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
	// BeginImport begins a file's import.
	BeginImport(ctx context.Context) (FileImport, error)
	// ImportError gives a failed import's error the engine's meaning (a
	// conflict with another importer is EConflict).
	ImportError(err error) error

	// Read runs fn on what reads stored rows: the pool, or a read-only
	// transaction.
	Read(ctx context.Context, fn func(Queryer) error) error
	// Query runs a caller's statement, which archive's checks passed
	// (its first word, upper case, is first), giving header its columns
	// and row each row's values (nil, int64, float64, string or []byte).
	Query(ctx context.Context, query, first string, args []any, header func([]string) error, row func([]string, []any) error) error
	// CheckCondition makes sure the engine can read cond, a query over
	// the records view that holds a caller's --where condition.
	CheckCondition(ctx context.Context, cond string) error
	// CheckReader refuses (EDenied) to run a caller's SQL on the
	// archive as it is connected to: on a server, as a role that may
	// reach beyond the archive (a superuser); nil when Query and
	// CheckCondition may.
	CheckReader(ctx context.Context) error
}

// InReadQueryer is an engine whose reads are transactions (Read's
// Queryer a transaction of its own): QueryIn runs a caller's statement as
// Query does, on q, the Queryer of a Read in progress, so that a reader's
// statements share its transaction. An engine without it runs each
// statement as Query does.
type InReadQueryer interface {
	QueryIn(ctx context.Context, q Queryer, query, first string, args []any, header func([]string) error, row func([]string, []any) error) error
}

// Migrator is an engine's part of the migrations' flow, in one
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

// FileImport is an engine's transaction of one file's import.
type FileImport interface {
	Tx() *sql.Tx
	// Writer starts writing the records of the file's source row.
	Writer(sourceID int64) (RecordWriter, error)
	// Commit commits the transaction, once every record is written.
	Commit() error
	// Close rolls back what was not committed, and releases the
	// transaction's connection.
	Close()
}

// RecordWriter writes a file's records, in file order.
type RecordWriter interface {
	// EventID and MatchID are the ids of an event and of a match of
	// event eventID (nil for none), added when not there yet.
	EventID(k EventKey) (int64, error)
	MatchID(eventID any, k *MatchKey) (int64, error)
	// Add stores record p, the st.Records-th of the file, or links it
	// to the game stored before (now or later: st counts it once it
	// knows).
	Add(p *Prepared, st *FileStats) error
	// EndBatch ends a batch of records.
	EndBatch() error
	// Finish writes what Add kept and counts it in st.
	Finish(st *FileStats) error
	// Close ends the writing, with nothing written after it.
	Close()
}

// Queryer is what reads need of a *sql.DB, *sql.Conn or *sql.Tx.
type Queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

var (
	driversMu sync.RWMutex
	drivers   = map[string]Driver{}
)

// Register makes d serve the archives named by URLs of scheme, or, for
// scheme "", by a path: an engine's package registers its driver in an
// init function, as database/sql's drivers do.
func Register(scheme string, d Driver) {
	driversMu.Lock()
	defer driversMu.Unlock()
	if _, dup := drivers[scheme]; dup {
		panic("archive/driver: Register called twice for scheme " + scheme)
	}
	drivers[scheme] = d
}

// Lookup is the driver registered for scheme.
func Lookup(scheme string) (Driver, bool) {
	driversMu.RLock()
	defer driversMu.RUnlock()
	d, ok := drivers[scheme]
	return d, ok
}

// ApplicationID marks a SQLite file as a handrec archive (PRAGMA
// application_id), and a PostgreSQL archive's version table.
const ApplicationID = 0x48524543 // "HREC"

// ErrNoArchive is an open's error when there is no archive.
var ErrNoArchive = errors.New("no archive")

// OldSchemaError is a read-only open's refusal of an archive an older
// handrec made: reading it would upgrade it, which changes the file.
type OldSchemaError struct {
	Path          string
	Version, Want int
}

func (e *OldSchemaError) Error() string {
	return fmt.Sprintf("archive %s has schema version %d, older than this handrec's %d", e.Path, e.Version, e.Want)
}

// CheckVersion checks an archive's schema version v and application id
// app (0 for none yet) against last, the version this handrec makes.
func CheckVersion(v, app, last int) error {
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

// ScanRows gives header the columns of rows, then row each row's values,
// conv(i, v) turning value v of column i into Query's form when not nil;
// rows.Err is the caller's to read.
func ScanRows(rows *sql.Rows, header func([]string) error, row func([]string, []any) error, conv func(int, any) any) error {
	cols, err := rows.Columns()
	if err != nil {
		return err
	}
	if header != nil {
		if err := header(cols); err != nil {
			return err
		}
	}
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		if conv != nil {
			for i := range vals {
				vals[i] = conv(i, vals[i])
			}
		}
		if err := row(cols, vals); err != nil {
			return err
		}
	}
	return nil
}

// Redact is the URL without its password, to name the archive in
// messages.
func Redact(name string) string {
	u, err := url.Parse(name)
	if err != nil {
		return "the PostgreSQL URL"
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.User(u.User.Username())
	}
	return u.String()
}

// QueryIDs gives the ids, one a row, that query lists.
func QueryIDs(ctx context.Context, q Queryer, query string, args ...any) ([]int64, error) {
	return QueryAll(ctx, q, func(rows *sql.Rows, id *int64) error { return rows.Scan(id) }, query, args...)
}

// QueryAll gives the rows query lists, each as scan reads it, in their
// order; the rows are closed when it returns.
func QueryAll[T any](ctx context.Context, q Queryer, scan func(*sql.Rows, *T) error, query string, args ...any) ([]T, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var all []T
	for rows.Next() {
		var v T
		if err := scan(rows, &v); err != nil {
			return nil, err
		}
		all = append(all, v)
	}
	return all, rows.Err()
}
