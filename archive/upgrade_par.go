package archive

import (
	"context"
	"database/sql"

	"handrec/archive/driver"
	"handrec/model"
)

// upgradePar stores again each game whose tags name a par (schema version
// 11): JSON 2 gives the par as data ("par": its score and contracts) since
// then, where it gave the OptimumScore and ParContract tags, and the
// game's hash is taken over its JSON 2, so that importing the same file
// again must find the game under the new form's hash. A stored record of
// the older form reads back whole (its par tags are read into the par).
// The other rows do not change: the tags view lists the par as before.
// When two games become one, the second's links go to the first and it
// goes, as upgradeModels does.
func upgradePar(ctx context.Context, tx *sql.Tx) error {
	var dec recordDecoder
	enc := newRecordEncoder()
	for last := int64(0); ; {
		games, err := readParGames(ctx, tx, last)
		if err != nil || len(games) == 0 {
			return err
		}
		for _, g := range games {
			if err := restorePar(ctx, tx, &dec, enc, g); err != nil {
				return err
			}
		}
		last = games[len(games)-1].id
	}
}

// parGame is a game whose record upgradePar stores again.
type parGame struct {
	id   int64
	blob []byte
	row  rowFacts
}

// readParGames reads the next games after id last whose tags name a par.
func readParGames(ctx context.Context, tx *sql.Tx, last int64) ([]parGame, error) {
	return driver.QueryAll(ctx, tx, func(rows *sql.Rows, g *parGame) error { return scanWithRow(rows, &g.row, &g.id, &g.blob) },
		`SELECT g.id, g.record, `+rowColumns+` FROM game g
	 WHERE g.id > ? AND (g.tags LIKE '%["' || ? || '",%' OR g.tags LIKE '%["' || ? || '",%')
	 ORDER BY g.id LIMIT ?`, last, model.FactOptimumScore.String(), model.FactParContract.String(), upgradeBatch)
}

// restorePar stores game g's record again, with its hash.
func restorePar(ctx context.Context, tx *sql.Tx, dec *recordDecoder, enc *recordEncoder, g parGame) error {
	r, err := dec.decode(g.blob, nil, &g.row)
	if err != nil {
		return err
	}
	s, err := enc.encode(r, nil)
	if err != nil {
		return err
	}
	var other int64
	switch err := tx.QueryRowContext(ctx, "SELECT id FROM game WHERE hash = ? AND id <> ?", s.hash[:], g.id).Scan(&other); err {
	case nil:
		return mergeGame(ctx, tx, other, g.id)
	case sql.ErrNoRows:
	default:
		return err
	}
	_, err = tx.ExecContext(ctx, "UPDATE game SET hash = ?, record = ? WHERE id = ?", s.hash[:], s.record, g.id)
	return err
}
