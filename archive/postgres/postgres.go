// Package postgres is the engine of an archive on a PostgreSQL server,
// named by a URL, postgres://user@host:5432/db?sslmode=..., where a SQLite
// archive is named by a path: the same tables and views, the migrations
// translated (schema.go; views.go and scoring.go what the rules do not
// carry over), imported with COPY by several importers at once (import.go),
// read in read-only transactions (query.go). It registers itself for the
// schemes postgres and postgresql with package archive/driver; the command
// imports it.
package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"

	"handrec/archive/driver"
)

// ConnectTimeout is how long opening an archive on a server waits for
// it to answer, unless the URL says (connect_timeout).
const ConnectTimeout = 10 * time.Second

// StatementTimeout bounds a read-only query's time on the server.
const StatementTimeout = 5 * time.Minute

func init() {
	driver.Register("postgres", pgDriver{})
	driver.Register("postgresql", pgDriver{})
}

// pgDriver opens PostgreSQL archives.
type pgDriver struct{}

// pgEngine is an open PostgreSQL archive.
type pgEngine struct {
	db       *sql.DB
	path     string // the URL without its password
	readOnly bool
	schema   string // the schema the archive's tables are in, pinned in every read
	// asyncCommit: the connections' commits do not wait for the server's
	// log to be written out, but a file's import's does
	asyncCommit bool
	// the role's check (readerCheck), made once
	roleMu      sync.Mutex
	roleChecked bool
	roleRefusal string
}

// ConnectError is an archive server that could not be reached or refused
// the connection: its message is one line that names the server (without
// the password) and the reason.
type ConnectError struct {
	URL    string
	Reason string
}

func (e *ConnectError) Error() string { return "cannot connect to " + e.URL + ": " + e.Reason }

// connectError says in one line why connecting failed.
func connectError(name string, err error) error {
	var pe *pgconn.PgError
	var ne *net.OpError
	var de *net.DNSError
	reason := err.Error()
	switch {
	case errors.As(err, &pe):
		reason = pe.Message
	case errors.As(err, &de):
		reason = "no such host " + de.Name
	case errors.As(err, &ne):
		reason = ne.Err.Error()
		var se interface{ Timeout() bool }
		if errors.As(ne.Err, &se) && se.Timeout() {
			reason = "no answer"
		}
	case errors.Is(err, context.DeadlineExceeded) || strings.Contains(reason, "timeout"):
		reason = "no answer"
	}
	// pgconn's own text: "failed to connect to `user=... database=...`:"
	// and, a line each, what each address said
	if rest, ok := strings.CutPrefix(reason, "failed to connect to `"); ok {
		if _, after, ok := strings.Cut(rest, "`:"); ok {
			reason = after
		}
	}
	reason = strings.Join(strings.Fields(reason), " ")
	return &ConnectError{URL: driver.Redact(name), Reason: reason}
}

// Open connects to the archive at the URL name, and, unless req.ReadOnly,
// creates it (or brings it up to req.Last) in one transaction that holds
// the archive's lock (req.Migrate), so that two importers starting at once
// do not both create it.
func (pgDriver) Open(ctx context.Context, name string, req driver.OpenRequest) (driver.Engine, error) {
	readOnly := req.ReadOnly
	cfg, err := pgx.ParseConfig(name)
	if err != nil {
		msg := err.Error()
		if i := strings.LastIndex(msg, ": "); i >= 0 {
			msg = msg[i+2:]
		}
		return nil, &ConnectError{URL: driver.Redact(name), Reason: "not a valid URL: " + msg}
	}
	if !strings.Contains(name, "connect_timeout=") {
		cfg.ConnectTimeout = ConnectTimeout
	}
	cfg.RuntimeParams["application_name"] = "handrec"
	asyncCommit := false
	if _, set := cfg.RuntimeParams["synchronous_commit"]; !set && !readOnly {
		// A file's import commits once, but its new events, problem
		// texts and matches each commit at once (import.go), thousands
		// in the corpus, each a wait for the disk without this: they do
		// not wait, and the commit that ends a file does (pgImport's
		// settings), which writes out the log of those before it too.
		// What an import reports as stored survives a crash of the
		// server.
		cfg.RuntimeParams["synchronous_commit"] = "off"
		asyncCommit = true
	}
	db := sql.OpenDB(pgConnector{stdlib.GetConnector(*cfg)})
	e := &pgEngine{db: db, path: driver.Redact(name), readOnly: readOnly, asyncCommit: asyncCommit}
	pctx, cancel := context.WithTimeout(ctx, cfg.ConnectTimeout+time.Second)
	defer cancel()
	if err := db.QueryRowContext(pctx, "SELECT current_schema()").Scan(&e.schema); err != nil {
		db.Close()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, connectError(name, err)
	}
	v, err := e.pgVersion(ctx, db)
	switch {
	case err != nil:
	case v < 0 && (readOnly || req.MustExist):
		err = fmt.Errorf("%s: %w", e.path, driver.ErrNoArchive)
	case readOnly && v < req.Last:
		err = &driver.OldSchemaError{Path: e.path, Version: v, Want: req.Last}
	case readOnly:
		err = driver.CheckVersion(v, driver.ApplicationID, req.Last)
	default:
		err = req.Migrate(ctx, e)
	}
	if err != nil {
		db.Close()
		return nil, err
	}
	return e, nil
}

func (e *pgEngine) DB() *sql.DB  { return e.db }
func (e *pgEngine) Name() string { return e.path }
func (e *pgEngine) Close() error { return e.db.Close() }

func (e *pgEngine) Version(ctx context.Context) (int, error) { return e.pgVersion(ctx, e.db) }

func (e *pgEngine) BeginWrite(ctx context.Context) (*sql.Tx, error) { return e.db.BeginTx(ctx, nil) }

// pgVersion is the archive's schema version, -1 when the database holds
// no archive.
func (e *pgEngine) pgVersion(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}) (int, error) {
	var exists bool
	if err := q.QueryRowContext(ctx, "SELECT to_regclass('handrec_archive') IS NOT NULL").Scan(&exists); err != nil {
		return 0, err
	}
	if !exists {
		return -1, nil
	}
	var v, app int
	if err := q.QueryRowContext(ctx, "SELECT version, application_id FROM handrec_archive").Scan(&v, &app); err != nil {
		return 0, err
	}
	if app != driver.ApplicationID {
		return 0, errors.New("not a handrec archive (application id " + fmt.Sprint(app) + ")")
	}
	return v, nil
}

// pgOldest is the oldest schema version a PostgreSQL archive is upgraded
// from. Versions 13 to 18 move the data of an older archive with SQL in
// SQLite's dialect (json_quote, group_concat, GLOB) and with Go steps
// (upgradeTags, upgradeMatches) that read SQLite's JSON: none of them is
// translated, as no handrec that made PostgreSQL archives was released
// before version 19. The Go steps of later versions run on both engines.
const pgOldest = 18

// BeginMigrate begins the migrations' transaction under the archive's
// advisory lock.
func (e *pgEngine) BeginMigrate(ctx context.Context) (*sql.Tx, error) {
	tx, err := e.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(?)", driver.ApplicationID); err != nil {
		tx.Rollback()
		return nil, err
	}
	return tx, nil
}

func (e *pgEngine) StoredVersion(ctx context.Context, tx *sql.Tx, last int) (int, error) {
	v, err := e.pgVersion(ctx, tx)
	if err != nil {
		return 0, err
	}
	if err := driver.CheckVersion(max(v, 0), driver.ApplicationID, last); err != nil {
		return v, err
	}
	if v >= 0 && v < pgOldest {
		return v, fmt.Errorf("%s: a PostgreSQL archive of schema version %d cannot be upgraded to %d: import its files into a new database", e.path, v, last)
	}
	return v, nil
}

// Create makes the archive's functions and version table (pgPrelude) in
// a schema that holds nothing else.
func (e *pgEngine) Create(ctx context.Context, tx *sql.Tx) error {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'v', 'p', 'm', 'f')`).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return fmt.Errorf("%s is not a handrec archive: the schema %s holds other tables", e.path, e.schema)
	}
	if _, err := tx.ExecContext(ctx, pgPrelude); err != nil {
		return fmt.Errorf("schema prelude: %w", err)
	}
	_, err := tx.ExecContext(ctx, "INSERT INTO handrec_archive (application_id, version) VALUES (?, 0)", driver.ApplicationID)
	return err
}

// Migrate runs migration version as pgSection translates it.
func (e *pgEngine) Migrate(ctx context.Context, tx *sql.Tx, version int, text string, fresh bool) error {
	for _, st := range pgSection(version, text, fresh) {
		if _, err := tx.ExecContext(ctx, st); err != nil {
			return fmt.Errorf("schema version %d: %w\n%s", version, err, st)
		}
	}
	return nil
}

func (e *pgEngine) SetVersion(ctx context.Context, tx *sql.Tx, version int) error {
	_, err := tx.ExecContext(ctx, "UPDATE handrec_archive SET version = ?", version)
	return err
}
