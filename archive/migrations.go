package archive

import (
	"embed"
	"fmt"
	"io/fs"
	"regexp"
	"strconv"
)

// The archive's schema is versioned, as dbmate and golang-migrate lay a
// schema out: each file migrations/NNNN_name.sql brings an archive of
// version NNNN-1 to version NNNN, and an archive's version (SQLite's PRAGMA
// user_version; a PostgreSQL archive's handrec_archive table) says which
// it ran last. A new archive runs every file in order, an older one only
// the files after its version, all in one transaction (Open); the Go steps
// SQL cannot make run after them (upgrade.go). Never edit a file that has
// been released: add the next. A PostgreSQL archive runs the same files,
// translated (archive/postgres/schema.go).
//
// Tables are singular (game, source, ...) and internal; users query the
// plural views (records, hands, calls, plays, scores, ...), which are kept
// stable. Seats are the letters N E S W, NULL when unknown. schema.sql, at
// the repository's root, is the schema all the files make: generated from
// them by a test, which fails when it is stale.

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migrations are the texts of the migration files, migrations[n-1] that
// of version n.
var migrations = mustReadMigrations(migrationFiles)

var migrationName = regexp.MustCompile(`^([0-9]{4})_[a-z0-9_]+\.sql$`)

// readMigrations reads the migration files of fsys, checking that they are
// numbered 1, 2, 3 ... with no gap.
func readMigrations(fsys fs.FS) ([]string, error) {
	names, err := fs.Glob(fsys, "migrations/*")
	if err != nil {
		return nil, err
	}
	var steps []string
	for i, path := range names { // fs.Glob gives them sorted
		name := path[len("migrations/"):]
		m := migrationName.FindStringSubmatch(name)
		if m == nil {
			return nil, fmt.Errorf("migration %s: not named NNNN_name.sql", name)
		}
		if n, _ := strconv.Atoi(m[1]); n != i+1 {
			return nil, fmt.Errorf("migration %s out of order (want version %d)", name, i+1)
		}
		b, err := fs.ReadFile(fsys, path)
		if err != nil {
			return nil, err
		}
		steps = append(steps, string(b))
	}
	if len(steps) == 0 {
		return nil, fmt.Errorf("no migration")
	}
	return steps, nil
}

func mustReadMigrations(fsys fs.FS) []string {
	steps, err := readMigrations(fsys)
	if err != nil {
		panic("archive: " + err.Error())
	}
	return steps
}

// SchemaVersion is the archive's schema version this handrec makes: the
// number of its last migration.
func SchemaVersion() int { return len(migrations) }

// stepsUpTo are the migrations up to version n (0 for the last).
func stepsUpTo(n int) ([]string, error) {
	if n == 0 {
		return migrations, nil
	}
	if n < 1 || n > len(migrations) {
		return nil, fmt.Errorf("schema has no version %d", n)
	}
	return migrations[:n], nil
}
