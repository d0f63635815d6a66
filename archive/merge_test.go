package archive

import (
	"context"
	"path/filepath"
	"testing"

	"handrec/model"
)

// mergeGame moves the dropped game's links to the game it joins, and its
// double-dummy table only when that game has none: a game that has one
// keeps its own.
func TestMergeGameKeepsOwnDD(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "merge.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	recs := parRecords(t)[:2]
	recs[0].Leading = []model.Comment{{Text: "a"}}
	recs[1].Leading = []model.Comment{{Text: "b"}}
	src := Source{Path: "merge.pbn", Size: 1, SHA256: "sha-merge", Format: "pbn"}
	if _, err := db.Import(ctx, src, &parReader{recs: recs}, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	var into, from int64
	if err := db.SQL().QueryRow("SELECT min(id), max(id) FROM game").Scan(&into, &from); err != nil || into == from {
		t.Fatalf("games %d, %d: %v", into, from, err)
	}
	for _, g := range []struct {
		id     int64
		tricks string
	}{{into, "00000000000000000000"}, {from, "11111111111111111111"}} {
		if _, err := db.SQL().Exec("INSERT INTO ddtable (game_id, tricks) VALUES (?, ?)", g.id, g.tricks); err != nil {
			t.Fatal(err)
		}
	}
	tx, err := db.SQL().BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := mergeGame(ctx, tx, into, from); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	var games, links, dds int
	var tricks string
	if err := db.SQL().QueryRow(`SELECT (SELECT count(*) FROM game), (SELECT count(*) FROM game_source WHERE game_id = ?),
		(SELECT count(*) FROM ddtable), (SELECT tricks FROM ddtable WHERE game_id = ?)`, into, into).Scan(&games, &links, &dds, &tricks); err != nil {
		t.Fatal(err)
	}
	if games != 1 || links != 2 || dds != 1 || tricks != "00000000000000000000" {
		t.Errorf("games %d, links %d, dd rows %d, tricks %q; want 1, 2, 1, \"00000000000000000000\"", games, links, dds, tricks)
	}
}
