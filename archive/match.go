package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"handrec/model"
)

// A team match a game belongs to (model.Match: a LIN vugraph segment's
// teams, carry-overs and boards; the segment is the record's Stage) is a
// row of match, shared by the games of one segment (game.match_id), as an
// event is (schema version 17). The matches view reads it.

// matchKey is what tells two matches apart, within an event.
type matchKey struct {
	segment                            any // NULL when not given
	first, last                        any
	home, homeCarry, visit, visitCarry string
}

// matchOf is the match r belongs to, nil for none.
func matchOf(r *model.Record) *matchKey {
	m := r.Match
	if m == nil {
		return nil
	}
	k := &matchKey{segment: factVal(r, model.FactStage), home: m.Home.Name, homeCarry: m.Home.Carry,
		visit: m.Visit.Name, visitCarry: m.Visit.Carry}
	if m.First > 0 {
		k.first = m.First
	}
	if m.Last > 0 {
		k.last = m.Last
	}
	return k
}

// matches finds or adds the match rows of games; one per transaction.
type matches struct {
	ctx      context.Context
	ids      map[matchID]int64
	get, add *sql.Stmt
}

type matchID struct {
	event any
	key   matchKey
}

func newMatches(ctx context.Context, tx *sql.Tx) (*matches, error) {
	m := &matches{ctx: ctx, ids: map[matchID]int64{}}
	var err error
	if m.get, err = tx.PrepareContext(ctx, `SELECT id FROM match WHERE event_id IS ? AND segment IS ? AND first IS ? AND last IS ?
	   AND home = ? AND home_carry = ? AND visit = ? AND visit_carry = ?`); err != nil {
		return nil, err
	}
	if m.add, err = tx.PrepareContext(ctx, `INSERT INTO match (event_id, segment, first, last, home, home_carry, visit, visit_carry)
	   VALUES (?, ?, ?, ?, ?, ?, ?, ?)`); err != nil {
		m.close()
		return nil, err
	}
	return m, nil
}

func (m *matches) close() {
	for _, st := range []**sql.Stmt{&m.get, &m.add} {
		if *st != nil {
			(*st).Close()
			*st = nil
		}
	}
}

// id is the id of match k of the event eventID (nil for none).
func (m *matches) id(eventID any, k *matchKey) (int64, error) {
	key := matchID{eventID, *k}
	if id, ok := m.ids[key]; ok {
		return id, nil
	}
	args := []any{eventID, k.segment, k.first, k.last, k.home, k.homeCarry, k.visit, k.visitCarry}
	var id int64
	err := m.get.QueryRowContext(m.ctx, args...).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		var res sql.Result
		if res, err = m.add.ExecContext(m.ctx, args...); err == nil {
			id, err = res.LastInsertId()
		}
	}
	if err != nil {
		return 0, fmt.Errorf("match: %w", err)
	}
	m.ids[key] = id
	return id, nil
}

// upgradeMatches gives each game of an older archive whose record belongs
// to a match its row of match (schema version 17), from its stored record.
func upgradeMatches(ctx context.Context, tx *sql.Tx) error {
	ms, err := newMatches(ctx, tx)
	if err != nil {
		return err
	}
	defer ms.close()
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
			id, err := ms.id(g.event, k)
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
	rows, err := tx.QueryContext(ctx, "SELECT g.id, g.event_id, g.record, "+rowColumns+" FROM game g WHERE g.id > ? ORDER BY g.id LIMIT ?", last, upgradeBatch)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var games []matchGame
	for rows.Next() {
		var g matchGame
		if err := scanWithRow(rows, &g.row, &g.id, &g.event, &g.blob); err != nil {
			return nil, err
		}
		games = append(games, g)
	}
	return games, rows.Err()
}

// matchColumn is the place of match_id in the game's row.
var matchColumn = colIndex(gameTable, "match_id")

// The places of the game's JSON columns in its row.
var (
	colCalls  = colIndex(gameTable, "calls")
	colScores = colIndex(gameTable, "scores")
	colTricks = colIndex(gameTable, "play")
	colTags   = colIndex(gameTable, "tags")
)
