package postgres

import (
	"context"
	"database/sql"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"

	"handrec/archive/driver"
	"handrec/internal/pgtest"
)

func TestMain(m *testing.M) {
	code := m.Run()
	pgtest.Stop() // the PostgreSQL server the tests started, if any
	os.Exit(code)
}

// readEngine is an engine on the database url names, with one
// connection in its pool, so that every read reuses it.
func readEngine(t *testing.T, url string) *pgEngine {
	t.Helper()
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	db := sql.OpenDB(pgConnector{stdlib.GetConnector(*cfg)})
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { db.Close() })
	return &pgEngine{db: db, path: url, readOnly: true, schema: "public"}
}

// TestReadLeavesNoSessionState: what a statement leaves on its session
// when its read-only transaction is rolled back (a session-level advisory
// lock, which blocks the importer that takes the same key; a temporary
// table EXPLAIN ANALYZE makes; a prepared statement) is gone before the
// connection serves another read: the lock released and the table
// dropped on the same connection, the connection that holds a prepared
// statement closed. (guard refuses these names in a caller's SQL: this
// is the reset behind it.)
func TestReadLeavesNoSessionState(t *testing.T) {
	url := pgtest.URL(t)
	other, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close(context.Background())
	for _, c := range []struct {
		name, stmt string
		samePID    bool // the connection is reset, not closed
	}{
		{"advisory lock", "SELECT pg_advisory_lock(1213351235), pg_advisory_lock_shared(7), set_config('work_mem', '77MB', false)", true},
		{"temporary table", "EXPLAIN ANALYZE CREATE TEMP TABLE left_behind AS SELECT 1", true},
		{"prepared statement", "PREPARE left_behind AS SELECT pg_advisory_lock(1213351235)", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := readEngine(t, url)
			ctx := context.Background()
			var before, during int
			if err := e.db.QueryRow("SELECT pg_backend_pid()").Scan(&before); err != nil {
				t.Fatal(err)
			}
			err := e.Read(ctx, func(q driver.Queryer) error {
				if err := q.(*sql.Tx).QueryRowContext(ctx, "SELECT pg_backend_pid()").Scan(&during); err != nil {
					return err
				}
				rows, err := q.QueryContext(ctx, c.stmt)
				if err != nil {
					return err
				}
				return rows.Close()
			})
			if err != nil {
				t.Fatal(err)
			}
			if during != before {
				t.Fatalf("the read ran on backend %d, the pool's connection is %d", during, before)
			}
			var got bool
			if err := other.QueryRow(ctx, "SELECT pg_try_advisory_lock(1213351235)").Scan(&got); err != nil || !got {
				t.Errorf("another session takes the importer's key: %v, %v; want true", got, err)
			}
			other.Exec(ctx, "SELECT pg_advisory_unlock_all()")
			var after, prepared, locks int
			var workMem string
			var temp bool
			if err := e.db.QueryRow(`SELECT pg_backend_pid(), current_setting('work_mem'), to_regclass('pg_temp.left_behind') IS NOT NULL,
			       (SELECT count(*) FROM pg_prepared_statements WHERE from_sql),
			       (SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid())`).Scan(&after, &workMem, &temp, &prepared, &locks); err != nil {
				t.Fatal(err)
			}
			if (after == before) != c.samePID || workMem != "4MB" || temp || prepared != 0 || locks != 0 {
				t.Errorf("after the read: backend %d (was %d, same wanted %v), work_mem %s, temporary table %v, %d prepared, %d advisory locks",
					after, before, c.samePID, workMem, temp, prepared, locks)
			}
		})
	}
}
