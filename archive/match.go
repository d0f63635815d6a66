package archive

import (
	"context"
	"database/sql"
	"fmt"

	"handrec/archive/driver"
	"handrec/model"
)

// A team match a game belongs to (model.Match: a LIN vugraph segment's
// teams, carry-overs and boards; the segment is the record's Stage) is a
// row of match, shared by the games of one segment (game.match_id), as an
// event is (schema version 17). The matches view reads it.

// matchOf is the match r belongs to, nil for none.
func matchOf(r *model.Record) *driver.MatchKey {
	m := r.Match
	if m == nil {
		return nil
	}
	k := &driver.MatchKey{Segment: factVal(r, model.FactStage), Home: m.Home.Name, HomeCarry: m.Home.Carry,
		Visit: m.Visit.Name, VisitCarry: m.Visit.Carry}
	if m.First > 0 {
		k.First = m.First
	}
	if m.Last > 0 {
		k.Last = m.Last
	}
	return k
}

// upgradeMatches gives each game of an older archive whose record belongs
// to a match its row of match (schema version 17), from its stored record.
func upgradeMatches(ctx context.Context, tx *sql.Tx) error {
	ms, err := driver.NewMatches(ctx, tx)
	if err != nil {
		return err
	}
	defer ms.Close()
	var dec recordDecoder
	for last := int64(0); ; {
		games, err := readMatchGames(ctx, tx, last)
		if err != nil || len(games) == 0 {
			return err
		}
		for _, g := range games {
			r, err := dec.decode(g.blob, nil, &g.row)
			if err != nil {
				return fmt.Errorf("game %d: %w", g.id, err)
			}
			k := matchOf(r)
			if k == nil {
				continue
			}
			id, err := ms.ID(g.event, k)
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, "UPDATE game SET match_id = ? WHERE id = ?", id, g.id); err != nil {
				return err
			}
		}
		last = games[len(games)-1].id
	}
}

type matchGame struct {
	id    int64
	event any
	blob  []byte
	row   rowFacts
}

func readMatchGames(ctx context.Context, tx *sql.Tx, last int64) ([]matchGame, error) {
	return driver.QueryAll(ctx, tx, func(rows *sql.Rows, g *matchGame) error {
		return scanWithRow(rows, &g.row, &g.id, &g.event, &g.blob)
	}, "SELECT g.id, g.event_id, g.record, "+rowColumns+" FROM game g WHERE g.id > ? ORDER BY g.id LIMIT ?", last, upgradeBatch)
}

// The places of the game's JSON columns in its row.
var (
	colCalls  = driver.ColIndex(driver.GameTable, "calls")
	colScores = driver.ColIndex(driver.GameTable, "scores")
	colTricks = driver.ColIndex(driver.GameTable, "play")
	colTags   = driver.ColIndex(driver.GameTable, "tags")
)
