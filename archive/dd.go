package archive

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"handrec/archive/driver"
	"handrec/model"
)

// WithoutDD lists, in order, the ids of the games with no ddtable row
// whose deal has four known hands (the hands view lists them).
func (d *DB) WithoutDD(ctx context.Context) ([]int64, error) {
	return driver.QueryIDs(ctx, d.db, `SELECT g.id FROM game g
 WHERE NOT EXISTS (SELECT 1 FROM ddtable t WHERE t.game_id = g.id)
   AND (SELECT count(*) FROM hands h WHERE h.record = g.id) = 4
 ORDER BY g.id`)
}

// Games calls fn with the records of the games ids, in that order, each
// with the place in the file it was first imported from.
func (d *DB) Games(ctx context.Context, ids []int64, fn func(id int64, r *model.Record) error) error {
	for _, id := range ids {
		var found bool
		err := d.records(ctx, `SELECT `+storedColumns+`
  FROM game g, game_source gs, source s
 WHERE g.id = ? AND gs.game_id = g.id AND s.id = gs.source_id
 ORDER BY gs.source_id, gs.idx LIMIT 1`, []any{id}, func(r *model.Record) error {
			found = true
			return fn(id, r)
		})
		if err != nil {
			return err
		}
		if !found {
			return fmt.Errorf("no game %d", id)
		}
	}
	return nil
}

// StoreDD stores the rows of the games ids in one transaction; a game
// that has its row already keeps it.
func (d *DB) StoreDD(ctx context.Context, ids []int64, rows []DDRow) error {
	if d.readOnly {
		return errors.New("archive is open read-only")
	}
	if len(ids) != len(rows) {
		return fmt.Errorf("store dd: %d games, %d rows", len(ids), len(rows))
	}
	tx, err := d.eng.BeginWrite(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	st, err := tx.PrepareContext(ctx, driver.InsertDD)
	if err != nil {
		return err
	}
	defer st.Close()
	for i := range rows {
		t, score, par := rows[i].Values()
		if _, err := st.ExecContext(ctx, ids[i], t, score, par); err != nil {
			return fmt.Errorf("store dd of game %d: %w", ids[i], err)
		}
	}
	return tx.Commit()
}

// SolvedDeals calls fn with each deal that has a ddtable row (in PBN's
// form, as the game's deal column holds it) and the tricks of that row:
// a deal met again needs no solving.
func (d *DB) SolvedDeals(ctx context.Context, fn func(deal string, tricks [4][5]int) error) error {
	rows, err := d.db.QueryContext(ctx, `SELECT g.deal, min(t.tricks) FROM ddtable t, game g
 WHERE g.id = t.game_id AND g.deal IS NOT NULL GROUP BY g.deal`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var deal, tricks string
		if err := rows.Scan(&deal, &tricks); err != nil {
			return err
		}
		t, ok := parseTricks(tricks)
		if !ok {
			continue // not a row this program wrote: solved again
		}
		if err := fn(deal, t); err != nil {
			return err
		}
	}
	return rows.Err()
}

// parseTricks reads ddtable.tricks: 20 hex digits, N E S W each C D H S NT.
func parseTricks(s string) (t [4][5]int, ok bool) {
	if len(s) != 20 {
		return t, false
	}
	for i := 0; i < 20; i++ {
		v := strings.IndexByte("0123456789abcd", s[i])
		if v < 0 {
			return t, false
		}
		t[model.Seats[i/5]][driver.DDStrainOrder[i%5]] = v
	}
	return t, true
}
