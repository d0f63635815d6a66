package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// problemText is a problem's severity and message, stored once however
// many games have it (problem_text).
type problemText struct{ severity, text string }

// texts gives the ids of problem texts, adding those not there yet; one
// per transaction.
type texts struct {
	ctx      context.Context
	ids      map[problemText]int64
	get, add *sql.Stmt
}

func newTexts(ctx context.Context, tx *sql.Tx) (*texts, error) {
	t := &texts{ctx: ctx, ids: map[problemText]int64{}}
	var err error
	if t.get, err = tx.PrepareContext(ctx, "SELECT id FROM problem_text WHERE text = ? AND severity = ?"); err != nil {
		return nil, err
	}
	if t.add, err = tx.PrepareContext(ctx, "INSERT INTO problem_text (text, severity) VALUES (?, ?)"); err != nil {
		t.close()
		return nil, err
	}
	return t, nil
}

func (t *texts) close() {
	for _, st := range []**sql.Stmt{&t.get, &t.add} {
		if *st != nil {
			(*st).Close()
			*st = nil
		}
	}
}

// id is the id of problem text p.
func (t *texts) id(p problemText) (int64, error) {
	if id, ok := t.ids[p]; ok {
		return id, nil
	}
	var id int64
	err := t.get.QueryRowContext(t.ctx, p.text, p.severity).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		var res sql.Result
		if res, err = t.add.ExecContext(t.ctx, p.text, p.severity); err == nil {
			id, err = res.LastInsertId()
		}
	}
	if err != nil {
		return 0, fmt.Errorf("problem text: %w", err)
	}
	t.ids[p] = id
	return id, nil
}

// resolve puts in problem rows (as the encoder lays them out) the id of
// each problem's text in its place.
func (t *texts) resolve(rows []any) error {
	n := len(childTables[tProblem].cols)
	for i := n - 1; i < len(rows); i += n {
		p, ok := rows[i].(problemText)
		if !ok {
			continue
		}
		id, err := t.id(p)
		if err != nil {
			return err
		}
		rows[i] = id
	}
	return nil
}
