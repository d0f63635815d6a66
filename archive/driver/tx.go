package driver

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Texts gives the ids of problem texts in a transaction, adding those not
// there yet; one per transaction (SQLite's import, and archive's upgrade).
type Texts struct {
	ctx      context.Context
	ids      map[ProblemText]int64
	get, add *sql.Stmt
}

// NewTexts prepares the statements of Texts in tx.
func NewTexts(ctx context.Context, tx *sql.Tx) (*Texts, error) {
	t := &Texts{ctx: ctx, ids: map[ProblemText]int64{}}
	var err error
	if t.get, err = tx.PrepareContext(ctx, "SELECT id FROM problem_text WHERE text = ? AND severity = ?"); err != nil {
		return nil, err
	}
	if t.add, err = tx.PrepareContext(ctx, "INSERT INTO problem_text (text, severity) VALUES (?, ?)"); err != nil {
		t.Close()
		return nil, err
	}
	return t, nil
}

// Close closes the statements.
func (t *Texts) Close() {
	for _, st := range []**sql.Stmt{&t.get, &t.add} {
		if *st != nil {
			(*st).Close()
			*st = nil
		}
	}
}

// ID is the id of problem text p.
func (t *Texts) ID(p ProblemText) (int64, error) {
	if id, ok := t.ids[p]; ok {
		return id, nil
	}
	var id int64
	err := t.get.QueryRowContext(t.ctx, p.Text, p.Severity).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		var res sql.Result
		if res, err = t.add.ExecContext(t.ctx, p.Text, p.Severity); err == nil {
			id, err = res.LastInsertId()
		}
	}
	if err != nil {
		return 0, fmt.Errorf("problem text: %w", err)
	}
	t.ids[p] = id
	return id, nil
}

// Resolve puts in problem rows (as Prepared.Child lays them out) the id
// of each problem's text in its place.
func (t *Texts) Resolve(rows []any) error { return ResolveTexts(rows, t.ID) }

// Matches finds or adds the match rows of games in a SQLite transaction
// (SQLite's import, and archive's upgrade); one per transaction.
type Matches struct {
	ctx      context.Context
	ids      map[MatchID]int64
	get, add *sql.Stmt
}

// NewMatches prepares the statements of Matches in tx.
func NewMatches(ctx context.Context, tx *sql.Tx) (*Matches, error) {
	m := &Matches{ctx: ctx, ids: map[MatchID]int64{}}
	var err error
	if m.get, err = tx.PrepareContext(ctx, `SELECT id FROM match WHERE event_id IS ? AND segment IS ? AND first IS ? AND last IS ?
	   AND home = ? AND home_carry = ? AND visit = ? AND visit_carry = ?`); err != nil {
		return nil, err
	}
	if m.add, err = tx.PrepareContext(ctx, `INSERT INTO match (event_id, segment, first, last, home, home_carry, visit, visit_carry)
	   VALUES (?, ?, ?, ?, ?, ?, ?, ?)`); err != nil {
		m.Close()
		return nil, err
	}
	return m, nil
}

// Close closes the statements.
func (m *Matches) Close() {
	for _, st := range []**sql.Stmt{&m.get, &m.add} {
		if *st != nil {
			(*st).Close()
			*st = nil
		}
	}
}

// ID is the id of match k of the event eventID (nil for none).
func (m *Matches) ID(eventID any, k *MatchKey) (int64, error) {
	key := MatchID{Event: eventID, Key: *k}
	if id, ok := m.ids[key]; ok {
		return id, nil
	}
	args := k.Values(eventID)
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
