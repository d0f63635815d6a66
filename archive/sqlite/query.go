package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/mattn/go-sqlite3"

	"handrec/archive/driver"
)

// Query runs a caller's statement on a connection of its own, which a
// read-only archive's authorizer watches.
func (e *sqliteEngine) Query(ctx context.Context, query, _ string, args []any, header func([]string) error, row func([]string, []any) error) error {
	stmt, denied, done, err := e.prepare(ctx, query)
	if err != nil {
		return err
	}
	defer done()
	rows, err := stmt.QueryContext(ctx, args...)
	if err != nil {
		if *denied != "" {
			return driver.Denied(*denied)
		}
		return stepError(limitError(err))
	}
	defer rows.Close()
	if err := driver.ScanRows(rows, header, row, nil); err != nil {
		return err
	}
	return stepError(limitError(rows.Err()))
}

// CheckReader has nothing to refuse: a read-only connection's authorizer
// (readonly.go) stands between a caller's SQL and what is beyond the
// archive.
func (e *sqliteEngine) CheckReader(context.Context) error { return nil }

// CheckCondition prepares cond, which SQLite checks.
func (e *sqliteEngine) CheckCondition(ctx context.Context, cond string) error {
	_, _, done, err := e.prepare(ctx, cond)
	if err != nil {
		return err
	}
	done()
	return nil
}

// stepError gives an error of SQLite running the caller's statement its
// code: an SQL error met as it runs (an integer overflow, malformed JSON)
// is the statement's, EInvalid, as one met preparing it is; asking a
// read-only archive to write, or for what the authorizer forbids, is
// EDenied. Other errors (a busy, damaged or missing file) stay as they
// are: the archive could not be read.
func stepError(err error) error {
	var se sqlite3.Error
	if !errors.As(err, &se) {
		return err
	}
	switch se.Code {
	case sqlite3.ErrError:
		return &driver.Error{Code: driver.EInvalid, Err: err}
	case sqlite3.ErrReadonly, sqlite3.ErrAuth, sqlite3.ErrPerm:
		return &driver.Error{Code: driver.EDenied, Err: err}
	}
	return err
}

// prepare prepares a caller's statement on a connection of its own; done
// releases both.
func (e *sqliteEngine) prepare(ctx context.Context, query string) (stmt *sql.Stmt, denied *string, done func(), err error) {
	conn, err := e.db.Conn(ctx)
	if err != nil {
		return nil, nil, nil, err
	}
	denied = new(string)
	if e.readOnly {
		// An authorizer of this call's own says what it denied.
		if err := authorize(conn, readOnlyAuthorizer(denied)); err != nil {
			conn.Close()
			return nil, nil, nil, err
		}
	}
	release := func() {
		if e.readOnly {
			authorize(conn, readOnlyAuthorizer(nil))
		}
		conn.Close()
	}
	stmt, err = conn.PrepareContext(ctx, query)
	if err != nil {
		release()
		if *denied != "" {
			return nil, nil, nil, driver.Denied(*denied)
		}
		return nil, nil, nil, &driver.Error{Code: driver.EInvalid, Err: err}
	}
	return stmt, denied, func() { stmt.Close(); release() }, nil
}

// authorize sets the authorizer of one connection.
func authorize(conn *sql.Conn, fn func(int, string, string, string) int) error {
	return conn.Raw(func(dc any) error {
		c, ok := dc.(*sqlite3.SQLiteConn)
		if !ok {
			return fmt.Errorf("archive: unexpected driver connection %T", dc)
		}
		c.RegisterAuthorizer(fn)
		return nil
	})
}
