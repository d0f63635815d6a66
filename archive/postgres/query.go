package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"handrec/archive/driver"
)

// On a PostgreSQL archive every read runs in a READ ONLY transaction
// that is rolled back, never committed, with statement_timeout,
// search_path and standard_conforming_strings set for it alone (SET
// LOCAL): the server refuses what writes, a setting the statement changes
// ends with it, a table of the user's, in another schema or a temporary
// one, cannot shadow a view, and a string is read as guard reads it. The
// connection is then reset before it goes back to the pool (release). A
// caller's statement must also begin with a word that reads (COPY ... TO a
// file, which a read-only transaction allows, is refused), run as a role
// that is no superuser (reader.go), and name none of the functions that
// reach beyond the archive (guard.go).

// pgReads are the first words of the statements a query may run.
var pgReads = map[string]bool{"SELECT": true, "WITH": true, "VALUES": true, "TABLE": true, "EXPLAIN": true, "SHOW": true}

// Read runs fn in a read-only transaction of its own, on a connection
// that is reset after it.
func (e *pgEngine) Read(ctx context.Context, fn func(q driver.Queryer) error) error {
	conn, err := e.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer release(conn)
	tx, err := conn.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	path := `"` + strings.ReplaceAll(e.schema, `"`, `""`) + `", pg_temp`
	if _, err := tx.ExecContext(ctx, `SELECT set_config('statement_timeout', ?, true), set_config('search_path', ?, true),
       set_config('standard_conforming_strings', 'on', true)`,
		strconv.FormatInt(StatementTimeout.Milliseconds(), 10), path); err != nil {
		return err
	}
	return fn(tx)
}

// Query runs a caller's statement, which must begin with a word that
// reads, in a read-only transaction.
func (e *pgEngine) Query(ctx context.Context, query, first string, args []any, header func(cols []string) error, row func(cols []string, vals []any) error) error {
	if err := e.checkQuery(ctx, query, first); err != nil {
		return err
	}
	return e.Read(ctx, func(q driver.Queryer) error { return queryOn(ctx, q, query, args, header, row) })
}

// QueryIn runs a caller's statement as Query does, on q, a read-only
// transaction of Read's.
func (e *pgEngine) QueryIn(ctx context.Context, q driver.Queryer, query, first string, args []any, header func(cols []string) error, row func(cols []string, vals []any) error) error {
	if err := e.checkQuery(ctx, query, first); err != nil {
		return err
	}
	return queryOn(ctx, q, query, args, header, row)
}

// checkQuery refuses a caller's statement that does not begin with a word
// that reads, or that checkCaller refuses.
func (e *pgEngine) checkQuery(ctx context.Context, query, first string) error {
	if !pgReads[first] {
		return driver.Denied(first + " is not allowed: a query only reads the archive")
	}
	return e.checkCaller(ctx, query)
}

// queryOn runs a statement on q and gives its rows as Query gives them.
func queryOn(ctx context.Context, q driver.Queryer, query string, args []any, header func(cols []string) error, row func(cols []string, vals []any) error) error {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return pgError(err)
	}
	defer rows.Close()
	types, err := rows.ColumnTypes()
	if err != nil {
		return err
	}
	conv := func(i int, v any) any { return pgValue(types[i].DatabaseTypeName(), v) }
	if err := driver.ScanRows(rows, header, row, conv); err != nil {
		return err
	}
	return pgError(rows.Err())
}

// pgValue gives a value of the server as Query gives values: nil, int64,
// float64, string or []byte, as SQLite gives them (JSON as its text, a
// NUMERIC as a float, a boolean as 0 or 1).
func pgValue(typ string, v any) any {
	switch x := v.(type) {
	case []byte:
		if typ == "JSON" || typ == "JSONB" {
			return string(x)
		}
	case string:
		if typ == "NUMERIC" {
			if f, err := strconv.ParseFloat(x, 64); err == nil {
				return f
			}
		}
	case bool:
		if x {
			return int64(1)
		}
		return int64(0)
	case int32:
		return int64(x)
	case float32:
		return float64(x)
	case time.Time:
		return x.UTC().Format(time.RFC3339Nano)
	case nil, int64, float64:
	default:
		return fmt.Sprint(x)
	}
	return v
}

// pgError gives an error of the server its code: the statement's own
// mistakes (class 42, a syntax error or an unknown name, and class 22, a
// bad value) are EInvalid, a write refused is EDenied, the statement
// timeout says so.
func pgError(err error) error {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		return err
	}
	switch {
	case pe.Code == "25006":
		verb := "changing the archive"
		if m := strings.TrimPrefix(pe.Message, "cannot execute "); m != pe.Message {
			verb, _, _ = strings.Cut(m, " in a read-only transaction")
		}
		if verb == "SELECT" || verb == "WITH" { // a write inside a query
			verb = "changing the archive"
		}
		return driver.Denied(verb + " is not allowed: a query only reads the archive")
	case pe.Code == "42501": // "permission denied for table x": the role's grants
		return driver.Denied("the server refused it to the role the archive is read as: " + pe.Message)
	case pe.Code == "0A000": // a function the archive does not have on PostgreSQL yet
		return errors.New(pe.Message)
	case pe.Code == "57014":
		return fmt.Errorf("the query ran longer than %s, the most one may (%s)", StatementTimeout, pe.Message)
	case strings.HasPrefix(pe.Code, "42"), strings.HasPrefix(pe.Code, "22"):
		return &driver.Error{Code: driver.EInvalid, Msg: pe.Message}
	}
	return err
}

// CheckCondition makes sure the server can read a --where condition
// over the records view.
func (e *pgEngine) CheckCondition(ctx context.Context, cond string) error {
	if err := e.checkCaller(ctx, cond); err != nil {
		return err
	}
	return e.Read(ctx, func(q driver.Queryer) error {
		rows, err := q.QueryContext(ctx, cond+" LIMIT 0")
		if err != nil {
			return pgError(err)
		}
		return rows.Close()
	})
}
