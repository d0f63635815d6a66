package archive

import (
	"context"
	"database/sql"
	"os"
	"strings"

	"handrec/archive/driver"
	"handrec/archive/internal/testhooks"
	"handrec/model"
)

// PgHands13 is the hands view of PostgreSQL archives of schema versions 13
// to 19, for tests that take an archive back to one of those versions: the
// PostgreSQL engine's file of it, without the comments that open it.
var PgHands13 = func() string {
	b, err := os.ReadFile("postgres/views/0013_hands.sql")
	if err != nil {
		panic(err)
	}
	s := string(b)
	for strings.HasPrefix(s, "--") {
		_, s, _ = strings.Cut(s, "\n")
	}
	return strings.TrimSuffix(strings.TrimSpace(s), ";")
}()

// Prepared is a record turned into rows, for the benchmark's baseline.
type Prepared = driver.Prepared

// PrepareAll turns records into rows as the import's workers do.
func PrepareAll(recs []*model.Record) ([]*Prepared, error) {
	e := newEncoder(nil, false)
	out := make([]*Prepared, 0, len(recs))
	for _, r := range recs {
		p, err := e.prepare(r)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// BareInsert writes prepared rows as plainly as can be: one INSERT per row,
// in one transaction, ids known in advance, on a connection set up as
// Import's (foreign keys not checked).
func BareInsert(db *DB, prep []*driver.Prepared) error {
	fi, err := db.eng.BeginImport(context.Background())
	if err != nil {
		return err
	}
	defer fi.Close()
	tx := fi.Tx()
	if _, err := tx.Exec("INSERT INTO source (id, path, size, sha256, format, imported_at) VALUES (1, 'bench.pbn', 0, 'x', 'pbn', '')"); err != nil {
		return err
	}
	if _, err := tx.Exec("INSERT INTO event (id, name, site, date) VALUES (1, 'Synthetic', 'Test', '')"); err != nil {
		return err
	}
	stmt := func(t driver.Table) *sql.Stmt {
		s, err := tx.Prepare(driver.InsertSQL(t, 1))
		if err != nil {
			panic(err)
		}
		return s
	}
	game, link := stmt(driver.GameTable), stmt(driver.LinkTable)
	var child [driver.NChild]*sql.Stmt
	for i, t := range driver.ChildTables {
		child[i] = stmt(t)
	}
	for i, p := range prep {
		id := int64(i + 1)
		p.Game[0], p.Game[2] = id, 1
		if _, err := game.Exec(p.Game...); err != nil {
			return err
		}
		for t, rows := range p.Child {
			n := len(driver.ChildTables[t].Cols)
			for k := 0; k < len(rows); k += n {
				rows[k] = id
				if _, err := child[t].Exec(rows[k : k+n]...); err != nil {
					return err
				}
			}
		}
		if _, err := link.Exec(1, p.Index, id, p.Pos.Line, p.Pos.Col, p.Layout); err != nil {
			return err
		}
	}
	return fi.Commit()
}

// WriteAll writes prepared rows as Import's serial writer does, batchSize
// records a statement batch, in one transaction: the writer's cost alone,
// without reading or preparing.
func WriteAll(db *DB, prep []*driver.Prepared) error {
	ctx := context.Background()
	fi, err := db.eng.BeginImport(ctx)
	if err != nil {
		return err
	}
	defer fi.Close()
	var st FileStats
	sourceID, err := startSource(ctx, fi.Tx(), Source{Path: "bench.pbn", SHA256: "x", Format: "pbn"}, false, &st)
	if err != nil {
		return err
	}
	w, err := fi.Writer(sourceID)
	if err != nil {
		return err
	}
	defer w.Close()
	jobs := make([]job, len(prep))
	for i, p := range prep {
		jobs[i].prep = p
	}
	for i := 0; i < len(jobs); i += batchSize {
		if err := writeBatch(w, jobs[i:min(i+batchSize, len(jobs))], nil, &st, nil); err != nil {
			return err
		}
	}
	if err := w.Finish(&st); err != nil {
		return err
	}
	return fi.Commit()
}

// SetPGBatch sets how many records go to a PostgreSQL server together,
// until the function it gives is called.
func SetPGBatch(n int) func() {
	old := testhooks.PGBatch
	testhooks.PGBatch = n
	return func() { testhooks.PGBatch = old }
}

// SetPGMatchHook makes the PostgreSQL engine call f inside its window
// between not finding a match and adding it; the function it gives puts
// back none.
func SetPGMatchHook(f func()) func() {
	testhooks.PGMatch = f
	return func() { testhooks.PGMatch = nil }
}

// SetPGWrittenHook makes the PostgreSQL import's writing goroutine call f
// after each batch it has written; the function it gives puts back none.
func SetPGWrittenHook(f func()) func() {
	testhooks.PGWritten = f
	return func() { testhooks.PGWritten = nil }
}
