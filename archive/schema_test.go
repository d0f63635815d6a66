package archive_test

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"handrec/archive"
)

var update = flag.Bool("update", false, "write ../schema.sql, the schema the migrations make")

// schemaPath is today's schema, at the repository's root.
const schemaPath = "../schema.sql"

// TestSchemaSQL: schema.sql is the schema of a new archive, as the
// migrations make it, and it makes that schema: run into an empty
// database it gives the same tables, indexes, views, triggers and rows.
// With -update the test writes it; without, it fails when it is stale.
func TestSchemaSQL(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, _ := openTemp(t)
	want, err := dumpSchema(ctx, db.SQL())
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(schemaPath, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(schemaPath)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Fatalf("%s is stale: run go test ./archive -run TestSchemaSQL -update\n%s", schemaPath, firstDiff(string(got), want))
	}
	plain, err := sql.Open("sqlite3", filepath.Join(t.TempDir(), "plain.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	if _, err := plain.ExecContext(ctx, string(got)); err != nil {
		t.Fatalf("%s does not run: %v", schemaPath, err)
	}
	again, err := dumpSchema(ctx, plain)
	if err != nil {
		t.Fatal(err)
	}
	if again != want {
		t.Errorf("%s run into an empty database makes another schema:\n%s", schemaPath, firstDiff(again, want))
	}
}

// firstDiff shows the first line where got and want differ.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		if i >= len(g) || i >= len(w) || g[i] != w[i] {
			line := func(l []string) string {
				if i < len(l) {
					return l[i]
				}
				return "(end)"
			}
			return fmt.Sprintf("line %d: have %q, want %q", i+1, line(g), line(w))
		}
	}
	return ""
}

// schemaKinds are the kinds of schema objects, in the order schema.sql
// gives them.
var schemaKinds = []struct{ kind, title string }{
	{"table", "Tables"}, {"index", "Indexes"}, {"view", "Views"}, {"trigger", "Triggers"},
}

// dumpSchema writes the schema of db as schema.sql holds it: a header,
// then its tables, indexes, views and triggers, each kind in the order
// they were made (a view after those it reads), then the rows a new
// archive holds (its tables of codes).
func dumpSchema(ctx context.Context, db *sql.DB) (string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, `-- handrec archive schema, version %d: the tables, indexes, views and
-- triggers of a new archive, and the rows it holds, as the migrations
-- (archive/migrations/NNNN_name.sql) make them; SQLite's own text of each.
--
-- GENERATED from the migrations by archive's TestSchemaSQL: do not edit.
-- After adding a migration: go test ./archive -run TestSchemaSQL -update
-- docs/archive.md describes the tables and views.
`, archive.SchemaVersion())
	var tables []string
	for _, k := range schemaKinds {
		rows, err := db.QueryContext(ctx, `SELECT name, sql FROM sqlite_schema
 WHERE type = ? AND sql IS NOT NULL AND name NOT LIKE 'sqlite\_%' ESCAPE '\' ORDER BY rowid`, k.kind)
		if err != nil {
			return "", err
		}
		n := 0
		for rows.Next() {
			var name, text string
			if err := rows.Scan(&name, &text); err != nil {
				rows.Close()
				return "", err
			}
			if n == 0 {
				fmt.Fprintf(&b, "\n-- %s\n", k.title)
			}
			n++
			fmt.Fprintf(&b, "\n%s;\n", text)
			if k.kind == "table" {
				tables = append(tables, name)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return "", err
		}
		if n == 0 {
			fmt.Fprintf(&b, "\n-- %s: none\n", k.title)
		}
	}
	b.WriteString("\n-- Rows of a new archive\n")
	for _, table := range tables {
		if err := dumpRows(ctx, db, table, &b); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

// dumpRows writes the rows of table, if any, as one INSERT, in the
// order of its first column.
func dumpRows(ctx context.Context, db *sql.DB, table string, b *strings.Builder) error {
	rows, err := db.QueryContext(ctx, "SELECT * FROM "+table+" ORDER BY 1")
	if err != nil {
		return err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return err
	}
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	n := 0
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		if n == 0 {
			fmt.Fprintf(b, "\nINSERT INTO %s (%s) VALUES\n", table, strings.Join(cols, ", "))
		} else {
			b.WriteString(",\n")
		}
		n++
		lits := make([]string, len(vals))
		for i, v := range vals {
			lits[i] = sqlLiteral(v)
		}
		b.WriteString("    (" + strings.Join(lits, ", ") + ")")
	}
	if n > 0 {
		b.WriteString(";\n")
	}
	return rows.Err()
}

// sqlLiteral is v as an SQL literal.
func sqlLiteral(v any) string {
	switch x := v.(type) {
	case nil:
		return "NULL"
	case int64:
		return fmt.Sprint(x)
	case float64:
		return fmt.Sprint(x)
	case []byte:
		return fmt.Sprintf("x'%x'", x)
	case string:
		return "'" + strings.ReplaceAll(x, "'", "''") + "'"
	}
	return fmt.Sprint(v)
}
