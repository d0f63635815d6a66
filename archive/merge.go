package archive

import (
	"context"
	"database/sql"
)

// mergeGame makes game into the game of game from's links when an
// upgrade finds that from's record, stored again, is into's, and drops
// from. The rows the import derives from the record (hands, tags, scores)
// are into's own, the same record's; the double-dummy table is not: dd
// --db or import --dd solved the one game or the other, so from's table
// goes to into when into has none, where the drop's cascade deleted it.
func mergeGame(ctx context.Context, tx *sql.Tx, into, from int64) error {
	for _, q := range []string{
		"UPDATE game_source SET game_id = ?1 WHERE game_id = ?2",
		"INSERT OR IGNORE INTO ddtable (game_id, tricks, par_score, par) SELECT ?1, tricks, par_score, par FROM ddtable WHERE game_id = ?2",
		"DELETE FROM game WHERE id = ?2",
	} {
		if _, err := tx.ExecContext(ctx, q, into, from); err != nil {
			return err
		}
	}
	return nil
}
