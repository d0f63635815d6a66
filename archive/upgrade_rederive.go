package archive

import (
	"bytes"
	"context"
	"database/sql"

	"errors"
	"handrec/archive/driver"
)

// rederive stores every game again through the current decoder and
// encoder (schema version 22): the record each game's stored JSON 2 and
// row give, and the layout each of its links gives it, are read as
// today's handrec reads them and written as it writes them. So a change
// of JSON 2 that moves something between the record and its layouts (a
// comment's kind, which JSON 2 gave each comment and the layouts hold
// now) reaches every stored game: the game's hash, taken over its JSON 2
// without the layout, is that of today's form, and importing the same
// file again finds the game. A record stored in the row form is stored in
// it again against the same row (which the upgrade does not change); one
// stored whole, whole. When two games become one, the second's links go
// to the first and it goes, as upgradePar does.
func rederive(ctx context.Context, tx *sql.Tx) error {
	u, err := newRederiver(ctx, tx)
	if err != nil {
		return err
	}
	defer u.close()
	return eachStoredBatch(u.read, func(g rederivedGame) int64 { return g.id }, u.game)
}

// rederiver holds what rederive needs from game to game.
type rederiver struct {
	ctx                             context.Context
	tx                              *sql.Tx
	dec                             recordDecoder
	enc                             *recordEncoder
	links, setLayout, other, update *sql.Stmt
}

func newRederiver(ctx context.Context, tx *sql.Tx) (*rederiver, error) {
	u := &rederiver{ctx: ctx, tx: tx, enc: newRecordEncoder()}
	var errs []error
	prep := func(q string) *sql.Stmt {
		st, err := tx.PrepareContext(ctx, q)
		errs = append(errs, err)
		return st
	}
	u.links = prep("SELECT source_id, idx, layout FROM game_source WHERE game_id = ? ORDER BY source_id, idx")
	u.setLayout = prep("UPDATE game_source SET layout = ? WHERE source_id = ? AND idx = ?")
	u.other = prep("SELECT id FROM game WHERE hash = ? AND id <> ?")
	u.update = prep("UPDATE game SET hash = ?, record = ? WHERE id = ?")
	if err := errors.Join(errs...); err != nil {
		u.close()
		return nil, err
	}
	return u, nil
}

func (u *rederiver) stmts() []*sql.Stmt {
	return []*sql.Stmt{u.links, u.setLayout, u.other, u.update}
}

func (u *rederiver) close() {
	for _, st := range u.stmts() {
		if st != nil {
			st.Close()
		}
	}
}

// rederivedGame is a game rederive stores again: its id, stored record,
// hash and row.
type rederivedGame struct {
	parGame
	hash []byte
}

// read reads the next games after id last, with their hashes and rows.
func (u *rederiver) read(last int64) ([]rederivedGame, error) {
	return driver.QueryAll(u.ctx, u.tx, func(rows *sql.Rows, g *rederivedGame) error {
		return scanWithRow(rows, &g.row, &g.id, &g.blob, &g.hash)
	}, `SELECT g.id, g.record, g.hash, `+rowColumns+` FROM game g
	 WHERE g.id > ? ORDER BY g.id LIMIT ?`, last, upgradeBatch)
}

// link is one of a game's links to its sources.
type link struct {
	source, idx int64
	layout      []byte
}

// game stores game g again: each link's layout, then the game's record
// and hash, or, when another game has that hash now, its links go there.
// The record is the one its first link gives (as the import that stored
// it read it), or, for a game without links, its record alone. What did
// not change is not written.
func (u *rederiver) game(g rederivedGame) error {
	row := &g.row
	if len(g.blob) == 0 || g.blob[0] != formRow {
		row = nil // stored whole: stored whole again
	}
	ls, err := u.readLinks(g.id)
	if err != nil {
		return err
	}
	var s storedRecord
	for i, l := range ls {
		r, err := u.dec.decode(g.blob, l.layout, &g.row)
		if err != nil {
			return err
		}
		st, err := u.enc.encode(r, row)
		if err != nil {
			return err
		}
		if i == 0 {
			s = st
		}
		if lay, _ := st.layout.([]byte); !bytes.Equal(lay, l.layout) {
			if _, err := u.setLayout.ExecContext(u.ctx, st.layout, l.source, l.idx); err != nil {
				return err
			}
		}
	}
	if len(ls) == 0 {
		r, err := u.dec.decode(g.blob, nil, &g.row)
		if err != nil {
			return err
		}
		if s, err = u.enc.encode(r, row); err != nil {
			return err
		}
	}
	if bytes.Equal(s.hash[:], g.hash) && bytes.Equal(s.record, g.blob) {
		return nil
	}
	var other int64
	switch err := u.other.QueryRowContext(u.ctx, s.hash[:], g.id).Scan(&other); err {
	case nil:
		return mergeGame(u.ctx, u.tx, other, g.id)
	case sql.ErrNoRows:
	default:
		return err
	}
	_, err = u.update.ExecContext(u.ctx, s.hash[:], s.record, g.id)
	return err
}

// readLinks reads the links of game id.
func (u *rederiver) readLinks(id int64) ([]link, error) {
	rows, err := u.links.QueryContext(u.ctx, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ls []link
	for rows.Next() {
		var l link
		if err := rows.Scan(&l.source, &l.idx, &l.layout); err != nil {
			return nil, err
		}
		ls = append(ls, l)
	}
	return ls, rows.Err()
}
