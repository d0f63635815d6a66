package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"handrec/archive"
	"handrec/archive/driver"
)

// gameInserts names the columns a row gives a value, a statement a set of
// columns, and no more than maxGameInserts statements (then the others
// name every column): 64 games of 64 sets of NULL columns are stored
// with their values and their NULLs.
func TestGameInsertsColumns(t *testing.T) {
	ctx := context.Background()
	db, err := archive.Open(ctx, filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tx, err := db.SQL().BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	g := gameInserts{ctx: ctx, tx: tx, stmts: map[uint64]*sql.Stmt{}}
	defer g.close()
	cols := []string{"board", "room", "date", "dealer", "vul", "deal"}
	for i := 0; i < 64; i++ {
		row := make([]any, len(driver.GameTable.Cols))
		row[driver.ColIndex(driver.GameTable, "id")] = int64(i + 1)
		row[driver.ColIndex(driver.GameTable, "hash")] = []byte{byte(i)}
		row[driver.ColIndex(driver.GameTable, "record")] = []byte{1}
		row[driver.ColIndex(driver.GameTable, "tags")] = "[]"
		row[driver.ColIndex(driver.GameTable, "warnings")], row[driver.ColIndex(driver.GameTable, "errors")] = int64(0), int64(i%2)
		for k, c := range cols {
			if i&(1<<k) != 0 {
				row[driver.ColIndex(driver.GameTable, c)] = fmt.Sprint(c, i)
			}
		}
		if _, err := g.exec(row); err != nil {
			t.Fatalf("game %d: %v", i+1, err)
		}
	}
	if n := len(g.stmts); n != maxGameInserts+1 {
		t.Errorf("%d statements, want %d", n, maxGameInserts+1)
	}
	for i := 0; i < 64; i++ {
		var got string
		if err := tx.QueryRowContext(ctx, "SELECT concat_ws(',', "+strings.Join(cols, ", ")+", errors) FROM game WHERE id = ?", i+1).Scan(&got); err != nil {
			t.Fatal(err)
		}
		var want []string
		for k, c := range cols {
			if i&(1<<k) != 0 {
				want = append(want, fmt.Sprint(c, i))
			}
		}
		if w := strings.Join(append(want, fmt.Sprint(i%2)), ","); got != w {
			t.Errorf("game %d: %s, want %s", i+1, got, w)
		}
	}
}
