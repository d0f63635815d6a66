package postgres

import (
	"context"
	"database/sql"
	sqldriver "database/sql/driver"
	"errors"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"handrec/archive/driver"
)

// A caller's SQL runs as the role the archive's URL connects as, and only
// when that role cannot read the server's files, see or end its other
// sessions, or read its settings: a superuser is refused, and so is a
// role that holds the privileges of one of privilegedRoles. The archive
// does not switch to a role of its own inside a superuser's session
// instead: a session may set its role back (SET ROLE, RESET ROLE,
// set_config('role', ...)), so the switch would hold only as long as no
// way to that is overlooked, where a login role the server itself limits
// holds whatever the statement says.

// privilegedRoles are the server's predefined roles whose privileges a
// role that runs a caller's SQL may not hold, and what each allows.
var privilegedRoles = []struct{ name, what string }{
	{"pg_read_server_files", "read the server's files"},
	{"pg_write_server_files", "write the server's files"},
	{"pg_execute_server_program", "run programs on the server"},
	{"pg_signal_backend", "end other sessions"},
	{"pg_read_all_settings", "read all the server's settings"},
	{"pg_read_all_stats", "see the statements of other sessions"},
}

// readerCheck says whether the role the archive connects as may run a
// caller's SQL: "" when it may, else why not. The role is asked once.
func (e *pgEngine) readerCheck(ctx context.Context) (string, error) {
	e.roleMu.Lock()
	defer e.roleMu.Unlock()
	if e.roleChecked {
		return e.roleRefusal, nil
	}
	names := make([]any, len(privilegedRoles))
	for i, r := range privilegedRoles {
		names[i] = r.name
	}
	var role string
	var super bool
	var held []string
	err := e.db.QueryRowContext(ctx, "SELECT current_user, rolsuper FROM pg_roles WHERE rolname = current_user").Scan(&role, &super)
	if err == nil {
		held, err = heldRoles(ctx, e.db, names)
	}
	if err != nil {
		return "", err
	}
	e.roleChecked = true
	const how = ": a query or condition runs only as a role without such rights (docs/archive.md, \"A role to read with\")"
	switch {
	case super:
		e.roleRefusal = "the archive is read as " + role + ", a superuser, who may read the server's files and end other sessions" + how
	case len(held) > 0:
		var what []string
		for _, h := range held {
			for _, r := range privilegedRoles {
				if h == r.name {
					what = append(what, r.what)
				}
			}
		}
		e.roleRefusal = "the archive is read as " + role + ", who has the privileges of " + strings.Join(held, ", ") +
			" (may " + strings.Join(what, ", ") + ")" + how
	}
	return e.roleRefusal, nil
}

// heldRoles are those of names whose privileges the current role has.
func heldRoles(ctx context.Context, db *sql.DB, names []any) ([]string, error) {
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(names)), ", ")
	return driver.QueryAll(ctx, db, func(rows *sql.Rows, r *string) error { return rows.Scan(r) },
		"SELECT rolname FROM pg_roles WHERE rolname IN ("+marks+") AND pg_has_role(current_user, oid, 'USAGE') ORDER BY rolname", names...)
}

// CheckReader refuses a role that may not run a caller's SQL (EDenied).
func (e *pgEngine) CheckReader(ctx context.Context) error {
	why, err := e.readerCheck(ctx)
	if err != nil {
		return err
	}
	if why != "" {
		return driver.Denied(why)
	}
	return nil
}

// checkCaller refuses a caller's SQL before it is sent: the role
// (CheckReader), then the names guard refuses.
func (e *pgEngine) checkCaller(ctx context.Context, sql string) error {
	if err := e.CheckReader(ctx); err != nil {
		return err
	}
	return guard(sql)
}

// A read leaves its connection as it found it: the read's transaction is
// rolled back, which undoes what a statement set for the session
// (set_config(..., false)) and ends its LISTEN, and then sessionReset
// drops what a rollback leaves (session-level advisory locks, cursors
// held, temporary tables, settings) before the connection goes back to
// the pool; a connection with a prepared statement the SQL made (PREPARE),
// or that could not be reset, is closed, not pooled. The names guard
// refuses already keep a caller's SQL from most of this; the reset is for
// what they miss. The statements handrec prepares itself (pgx's cache)
// are kept: they are not made by SQL (from_sql is false).
const sessionReset = `CLOSE ALL; UNLISTEN *; SELECT pg_advisory_unlock_all(); DISCARD TEMP; RESET ALL;
SELECT count(*) FROM pg_prepared_statements WHERE from_sql`

// resetTimeout bounds sessionReset, which runs after the read's own
// context may have ended.
const resetTimeout = 5 * time.Second

// release resets conn (sessionReset) and gives it back to the pool, or
// closes it when it could not be reset.
func release(conn *sql.Conn) {
	ctx, cancel := context.WithTimeout(context.Background(), resetTimeout)
	defer cancel()
	conn.Raw(func(dc any) error {
		pc, ok := dc.(*pgConn)
		if !ok {
			return nil
		}
		if err := resetSession(ctx, pc.Conn.Conn()); err != nil {
			return sqldriver.ErrBadConn // database/sql closes the connection
		}
		return nil
	})
	conn.Close()
}

// errLeftState is a connection that holds what sessionReset does not
// drop.
var errLeftState = errors.New("the connection holds prepared statements made by SQL")

func resetSession(ctx context.Context, c *pgx.Conn) error {
	if c.PgConn().TxStatus() != 'I' {
		return errors.New("the connection is in a transaction")
	}
	results, err := c.PgConn().Exec(ctx, sessionReset).ReadAll()
	if err != nil {
		return err
	}
	last := results[len(results)-1]
	if len(last.Rows) != 1 || string(last.Rows[0][0]) != "0" {
		return errLeftState
	}
	return nil
}
