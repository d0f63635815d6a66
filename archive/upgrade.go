package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"handrec/archive/driver"
	"handrec/internal/legacy"
	"handrec/layout"
)

// goSteps are the upgrades SQL cannot make, by the schema version that
// needs them. They run on an archive that existed before (a new one has
// nothing to upgrade), after the SQL of every migration, in the same
// transaction, since they write rows as the last version has them; a step
// that several versions need runs once.
//
// Version 6 stores the models again too: models stored before the facts
// lived once keep each fact as a tag as well, which the decoder lifts out
// when it reads them, but their game's hash was taken over that older
// form, and importing the same file again must find the game. Version 7
// does it again for the room, a fact since then: a PBN record's Room tag
// leaves its tags for its field, and a model's facts are eight. Version 8
// does it again for the event, the players and the recorded score, facts
// since then. Version 9 makes the standing rows of the tables, data since
// then. Version 10 stores each game's record (JSON 2) in place of its
// model, and the layout with the game's links: the last time, since a
// record's stored form no longer follows the program's types. The SQL of
// version 10 leaves the model in game.record for this step to read.
// Version 11 stores again the records of the games with a par, which JSON
// 2 gives as data since then (upgradePar). Version 15 stores the tags in
// their compact form (upgradeTags), version 17 gives the games of a
// match their match (upgradeMatches). Version 22 stores every game and
// its links' layouts again through the current decoder and encoder
// (rederive): a comment's kind moved from JSON 2 into the layouts.
var goSteps = map[int]goStep{4: {"models", upgradeModels}, 5: {"models", upgradeModels}, 6: {"models", upgradeModels},
	7: {"models", upgradeModels}, 8: {"models", upgradeModels}, 9: {"models", upgradeModels},
	10: {"models", upgradeModels}, 11: {"par", upgradePar}, 15: {"tags", upgradeTags}, 17: {"matches", upgradeMatches},
	22: {"rederive", rederive}}

type goStep struct {
	name string
	run  func(context.Context, *sql.Tx) error
}

// runGoSteps runs the Go steps of the versions after from, up to to.
func runGoSteps(ctx context.Context, tx *sql.Tx, from, to int) error {
	if from == 0 {
		return nil
	}
	done := map[string]bool{}
	for n := from + 1; n <= to; n++ {
		s, ok := goSteps[n]
		if !ok || done[s.name] {
			continue
		}
		done[s.name] = true
		if err := s.run(ctx, tx); err != nil {
			return fmt.Errorf("schema version %d: %w", n, err)
		}
	}
	return nil
}

// upgradeBatch is how many games upgradeModels reads at a time.
const upgradeBatch = 256

// upgradeModels brings every stored model to the domain model in which nothing is named after LIN
// (schema version 4): a record read from LIN (a LIN source, or LIN names in
// its model) goes through legacy.FromLIN (a model of version 4 or 5
// through legacy.FromPausedPn: the pause after a vugraph pn is due now, no
// layout mark), and every record is stored
// again as the model writes it now ("line" comments are "semicolon"). The
// rows derived from the model that its LIN names reached (the game's room,
// tags and hash, the comments) are made again. The hash is taken from the
// new model, so that importing the same file again finds the game; when two
// games become one, the second's links go to the first and it goes.
func upgradeModels(ctx context.Context, tx *sql.Tx) error {
	u, err := newUpgrader(ctx, tx)
	if err != nil {
		return err
	}
	defer u.close()
	if err := eachStoredBatch(u.read, func(g storedGame) int64 { return g.id }, u.game); err != nil {
		return err
	}
	return upgradeHeaders(ctx, tx)
}

// eachStoredBatch runs do on every game that read gives, batch after batch
// (read gives the games after the id last, in order of id, none at the
// end), as the upgrades that store every game again walk them; an error
// names its game.
func eachStoredBatch[G any](read func(last int64) ([]G, error), id func(G) int64, do func(G) error) error {
	for last := int64(0); ; {
		games, err := read(last)
		if err != nil || len(games) == 0 {
			return err
		}
		for _, g := range games {
			if err := do(g); err != nil {
				return fmt.Errorf("game %d: %w", id(g), err)
			}
		}
		last = id(games[len(games)-1])
	}
}

type storedGame struct {
	id   int64
	blob []byte
	lin  bool
}

type upgrader struct {
	ctx                  context.Context
	tx                   *sql.Tx
	dec                  legacy.ModelDecoder
	enc                  *encoder
	other, move, update  *sql.Stmt
	layout               *sql.Stmt
	texts                *driver.Texts
	dropRows, insertRows [driver.NChild]*sql.Stmt // of the tables in remade
	stmts                []*sql.Stmt
}

// remade are the child tables whose rows the upgrade makes again: those
// the new model changes, and those the archive did not have.
var remade = []int{driver.TComment, driver.TProblem, driver.TResult, driver.TStanding}

func newUpgrader(ctx context.Context, tx *sql.Tx) (*upgrader, error) {
	u := &upgrader{ctx: ctx, tx: tx, enc: newEncoder(nil, false)}
	// The upgrade stores the record again but not the game's row, which
	// the migrations' SQL made: the record is stored whole, not in the row
	// form, which the row must give back exactly.
	u.enc.whole = true
	prep := func(st **sql.Stmt, q string) error {
		var err error
		*st, err = tx.PrepareContext(ctx, q)
		if err == nil {
			u.stmts = append(u.stmts, *st)
		}
		return err
	}
	err := errors.Join(
		prep(&u.other, "SELECT id FROM game WHERE hash = ? AND id <> ?"),
		prep(&u.move, "UPDATE game_source SET layout = ? WHERE game_id = ?"),
		prep(&u.layout, "UPDATE game_source SET layout = ? WHERE game_id = ?"),
		prep(&u.update, "UPDATE game SET hash = ?, room = ?, warnings = ?, errors = ?, record = ?, tags = ? WHERE id = ?"))
	for _, t := range remade {
		err = errors.Join(err,
			prep(&u.dropRows[t], "DELETE FROM "+driver.ChildTables[t].Name+" WHERE game_id = ?"),
			prep(&u.insertRows[t], driver.InsertSQL(driver.ChildTables[t], 1)))
	}
	if err != nil {
		u.close()
		return nil, err
	}
	if u.texts, err = driver.NewTexts(ctx, tx); err != nil {
		u.close()
		return nil, err
	}
	if u.enc.codes, err = readTagCodes(ctx, tx); err != nil {
		u.close()
		return nil, err
	}
	return u, nil
}

func (u *upgrader) close() {
	for _, st := range u.stmts {
		st.Close()
	}
	u.stmts = nil
	if u.texts != nil {
		u.texts.Close()
	}
}

// read reads the next games after id last.
func (u *upgrader) read(last int64) ([]storedGame, error) {
	return queryGames(u.ctx, u.tx, `SELECT id, record,
	       EXISTS (SELECT 1 FROM game_source gs JOIN source s ON s.id = gs.source_id
	                WHERE gs.game_id = game.id AND lower(s.format) = 'lin')
	  FROM game WHERE id > ? ORDER BY id LIMIT ?`, last, upgradeBatch)
}

// queryGames reads the games query selects: each game's id, its stored
// record and whether it was read from LIN.
func queryGames(ctx context.Context, tx *sql.Tx, query string, args ...any) ([]storedGame, error) {
	return driver.QueryAll(ctx, tx, func(rows *sql.Rows, g *storedGame) error { return rows.Scan(&g.id, &g.blob, &g.lin) }, query, args...)
}

// game stores one game's model again, in the new form, with its rows.
func (u *upgrader) game(g storedGame) error {
	r, err := u.dec.Decode(g.blob)
	if err != nil {
		return err
	}
	if g.lin || legacy.LINNames(r) {
		// a model stored at version 4 or 5 has its LIN layout; one
		// stored before gets it from legacy.FromLIN, in today's form
		legacy.FromPausedPn(r)
		legacy.FromLIN(r)
	}
	layout.SettleKinds(r) // the kinds its comments had, into its layouts
	p, err := u.enc.prepare(r)
	if err != nil {
		return err
	}
	var other int64
	switch err := u.other.QueryRowContext(u.ctx, p.Hash[:], g.id).Scan(&other); err {
	case nil:
		if _, err := u.move.ExecContext(u.ctx, p.Layout, g.id); err != nil {
			return err
		}
		return mergeGame(u.ctx, u.tx, other, g.id)
	case sql.ErrNoRows:
	default:
		return err
	}
	col := func(name string) any { return p.Game[driver.ColIndex(driver.GameTable, name)] }
	if _, err := u.update.ExecContext(u.ctx, p.Hash[:], col("room"), col("warnings"), col("errors"), col("record"), col("tags"), g.id); err != nil {
		return err
	}
	if _, err := u.layout.ExecContext(u.ctx, p.Layout, g.id); err != nil {
		return err
	}
	for _, t := range remade {
		if _, err := u.dropRows[t].ExecContext(u.ctx, g.id); err != nil {
			return err
		}
		rows, n := p.Child[t], len(driver.ChildTables[t].Cols)
		if t == driver.TProblem {
			if err := u.texts.Resolve(rows); err != nil {
				return err
			}
		}
		for i := 0; i < len(rows); i += n {
			rows[i] = g.id
			if _, err := u.insertRows[t].ExecContext(u.ctx, rows[i:i+n]...); err != nil {
				return err
			}
		}
	}
	return nil
}

// upgradeHeaders gives the trailer comments of LIN sources (the commands
// of a file without a board) the form the LIN reader gives now.
func upgradeHeaders(ctx context.Context, tx *sql.Tx) error {
	type hdr struct {
		id int64
		js string
	}
	hs, err := driver.QueryAll(ctx, tx, func(rows *sql.Rows, h *hdr) error { return rows.Scan(&h.id, &h.js) },
		"SELECT id, header FROM source WHERE lower(format) = 'lin'")
	if err != nil {
		return err
	}
	for _, h := range hs {
		js, changed, err := legacy.LINHeader(h.js)
		if err != nil {
			return err
		}
		if !changed {
			continue
		}
		if _, err := tx.ExecContext(ctx, "UPDATE source SET header = ? WHERE id = ?", js, h.id); err != nil {
			return err
		}
	}
	return nil
}

// LegacyModel is what an archive made before schema version 10 stored for a
// game whose record this archive stores as record, with layout (nil for
// none) and the values of its game's row, as RowColumns selects them: the
// model's own JSON, DEFLATE-compressed (legacy.StoredModel). Tests make
// archives of older versions with it, to check their upgrade.
func LegacyModel(record, layout []byte, row []any) ([]byte, error) {
	var rf rowFacts
	if len(row) != len(rf) {
		return nil, fmt.Errorf("%d values of the row, want %d", len(row), len(rf))
	}
	copy(rf[:], row)
	r, err := new(recordDecoder).decode(record, layout, &rf)
	if err != nil {
		return nil, err
	}
	return legacy.StoredModel(r)
}
