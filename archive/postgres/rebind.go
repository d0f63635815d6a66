package postgres

import (
	"context"
	sqldriver "database/sql/driver"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/stdlib"
)

// The archive's own statements are written with SQLite's "?" parameters,
// which PostgreSQL spells $1, $2 ...: a PostgreSQL archive's connections
// rewrite them (rebind), so that one text of each statement serves both
// engines. A statement run without arguments is left as it is: a caller's
// query may hold a "?" of its own (PostgreSQL's JSON operators).

// pgConnector gives the connections of a PostgreSQL archive.
type pgConnector struct{ sqldriver.Connector }

func (c pgConnector) Connect(ctx context.Context) (sqldriver.Conn, error) {
	dc, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &pgConn{dc.(*stdlib.Conn)}, nil
}

// pgConn is pgx's connection with its statements rebound; Conn (pgx's own
// connection, for COPY) and the driver's other methods are pgx's.
type pgConn struct{ *stdlib.Conn }

func (c *pgConn) Prepare(query string) (sqldriver.Stmt, error) { return c.Conn.Prepare(rebind(query)) }

func (c *pgConn) PrepareContext(ctx context.Context, query string) (sqldriver.Stmt, error) {
	return c.Conn.PrepareContext(ctx, rebind(query))
}

func (c *pgConn) ExecContext(ctx context.Context, query string, args []sqldriver.NamedValue) (sqldriver.Result, error) {
	if len(args) > 0 {
		query = rebind(query)
	}
	return c.Conn.ExecContext(ctx, query, args)
}

func (c *pgConn) QueryContext(ctx context.Context, query string, args []sqldriver.NamedValue) (sqldriver.Rows, error) {
	if len(args) > 0 {
		query = rebind(query)
	}
	return c.Conn.QueryContext(ctx, query, args)
}

// rebind numbers the "?" parameters of query $1, $2 ..., leaving those in
// strings, quoted names and comments.
func rebind(query string) string {
	if !strings.Contains(query, "?") {
		return query
	}
	var b strings.Builder
	n := 0
	for i := 0; i < len(query); {
		switch c := query[i]; {
		case c == '\'' || c == '"':
			j := i + 1
			for j < len(query) && query[j] != c {
				j++
			}
			b.WriteString(query[i:min(j+1, len(query))])
			i = j + 1
		case c == '-' && strings.HasPrefix(query[i:], "--"):
			j := strings.IndexByte(query[i:], '\n')
			if j < 0 {
				j = len(query) - i
			}
			b.WriteString(query[i : i+j])
			i += j
		case c == '?':
			n++
			b.WriteString("$" + strconv.Itoa(n))
			i++
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String()
}
