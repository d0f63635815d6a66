package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// deferredIndexes are the indexes an import into an empty archive builds
// once at its end rather than keeps up row by row: SQLite builds an index
// over rows already there by sorting them, at a fraction of the cost of
// inserting each game's keys at random places into the game's indexes
// (the deal's alone a 69-byte key) and game_source's, and fills the
// pages where random inserts leave them partly empty. The hash's unique
// index stays: it finds the games met twice. The indexes are dropped and
// made again in the import's transaction, so that an import that fails
// leaves them as they were. Only for an empty archive: rebuilding an
// index over the games already there would cost more than a small
// file's inserts.
type deferredIndexes []string

// indexesOf are the statements that create the indexes SQL declared on
// tables (not those SQLite makes for a key or a UNIQUE constraint).
func indexesOf(ctx context.Context, tx *sql.Tx, tables ...string) (deferredIndexes, []string, error) {
	var sqls, names []string
	for _, t := range tables {
		rows, err := tx.QueryContext(ctx, "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name", t)
		if err != nil {
			return nil, nil, err
		}
		for rows.Next() {
			var name, s string
			if err := rows.Scan(&name, &s); err != nil {
				rows.Close()
				return nil, nil, err
			}
			names, sqls = append(names, name), append(sqls, s)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, nil, err
		}
	}
	return sqls, names, nil
}

// deferIndexes drops the indexes of game and game_source, in tx, when
// the archive holds no game (deferredIndexes), and gives the statements that make them
// again (nil when nothing was dropped).
func deferIndexes(ctx context.Context, tx *sql.Tx) (deferredIndexes, error) {
	if empty, err := noGames(ctx, tx); err != nil || !empty {
		return nil, err
	}
	sqls, names, err := indexesOf(ctx, tx, "game", "game_source")
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		if _, err := tx.ExecContext(ctx, "DROP INDEX "+quoteIdent(n)); err != nil {
			return nil, fmt.Errorf("defer index %s: %w", n, err)
		}
	}
	return sqls, nil
}

// build makes the deferred indexes again, before the commit.
func (d deferredIndexes) build(ctx context.Context, tx *sql.Tx) error {
	for _, s := range d {
		if _, err := tx.ExecContext(ctx, s); err != nil {
			return fmt.Errorf("build index: %w", err)
		}
	}
	return nil
}

// quoteIdent quotes an SQL identifier.
func quoteIdent(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// noGames reports whether the archive holds no game.
func noGames(ctx context.Context, tx *sql.Tx) (bool, error) {
	var none bool
	err := tx.QueryRowContext(ctx, "SELECT NOT EXISTS (SELECT 1 FROM game)").Scan(&none)
	return none, err
}
