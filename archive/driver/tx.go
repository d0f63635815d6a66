package driver

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// IDs gives the ids of rows of one table in a transaction, by a key of
// theirs, adding those not there yet: a lookup and an insert prepared once,
// each id asked once. One per transaction (SQLite's import, and archive's
// upgrade); the rows have no unique key to insert against, or need none, as
// the transaction is the archive's one writer.
type IDs[K comparable] struct {
	ctx      context.Context
	ids      map[K]int64
	get, add *sql.Stmt
	args     func(K) []any // the values of get's and add's parameters
}

// NewIDs prepares get (which selects a row's id) and add (which inserts
// it) in tx; args gives both their parameters' values for a key.
func NewIDs[K comparable](ctx context.Context, tx *sql.Tx, get, add string, args func(K) []any) (*IDs[K], error) {
	c := &IDs[K]{ctx: ctx, ids: map[K]int64{}, args: args}
	var err error
	if c.get, err = tx.PrepareContext(ctx, get); err != nil {
		return nil, err
	}
	if c.add, err = tx.PrepareContext(ctx, add); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// Close closes the statements.
func (c *IDs[K]) Close() {
	for _, st := range []**sql.Stmt{&c.get, &c.add} {
		if *st != nil {
			(*st).Close()
			*st = nil
		}
	}
}

// ID is the id of the row of key k, added if it is not there.
func (c *IDs[K]) ID(k K) (int64, error) {
	if id, ok := c.ids[k]; ok {
		return id, nil
	}
	args := c.args(k)
	var id int64
	err := c.get.QueryRowContext(c.ctx, args...).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		var res sql.Result
		if res, err = c.add.ExecContext(c.ctx, args...); err == nil {
			id, err = res.LastInsertId()
		}
	}
	if err != nil {
		return 0, err
	}
	c.ids[k] = id
	return id, nil
}

// Texts gives the ids of problem texts in a transaction (IDs).
type Texts struct{ ids *IDs[ProblemText] }

// NewTexts prepares the statements of Texts in tx.
func NewTexts(ctx context.Context, tx *sql.Tx) (*Texts, error) {
	ids, err := NewIDs(ctx, tx, "SELECT id FROM problem_text WHERE text = ? AND severity = ?",
		"INSERT INTO problem_text (text, severity) VALUES (?, ?)",
		func(p ProblemText) []any { return []any{p.Text, p.Severity} })
	if err != nil {
		return nil, err
	}
	return &Texts{ids}, nil
}

// Close closes the statements.
func (t *Texts) Close() { t.ids.Close() }

// ID is the id of problem text p.
func (t *Texts) ID(p ProblemText) (int64, error) {
	id, err := t.ids.ID(p)
	if err != nil {
		return 0, fmt.Errorf("problem text: %w", err)
	}
	return id, nil
}

// Resolve puts in problem rows (as Prepared.Child lays them out) the id
// of each problem's text in its place.
func (t *Texts) Resolve(rows []any) error { return ResolveTexts(rows, t.ID) }

// Matches finds or adds the match rows of games in a SQLite transaction
// (IDs).
type Matches struct{ ids *IDs[MatchID] }

// NewMatches prepares the statements of Matches in tx.
func NewMatches(ctx context.Context, tx *sql.Tx) (*Matches, error) {
	ids, err := NewIDs(ctx, tx, `SELECT id FROM match WHERE event_id IS ? AND segment IS ? AND first IS ? AND last IS ?
	   AND home = ? AND home_carry = ? AND visit = ? AND visit_carry = ?`,
		`INSERT INTO match (event_id, segment, first, last, home, home_carry, visit, visit_carry)
	   VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		func(m MatchID) []any { return m.Key.Values(m.Event) })
	if err != nil {
		return nil, err
	}
	return &Matches{ids}, nil
}

// Close closes the statements.
func (m *Matches) Close() { m.ids.Close() }

// ID is the id of match k of the event eventID (nil for none).
func (m *Matches) ID(eventID any, k *MatchKey) (int64, error) {
	id, err := m.ids.ID(MatchID{Event: eventID, Key: *k})
	if err != nil {
		return 0, fmt.Errorf("match: %w", err)
	}
	return id, nil
}
