package archive

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"path/filepath"
	"testing"

	"handrec/layout"
	"handrec/model"
)

// An archive of version 21 stored a comment's kind in the game's JSON 2
// and took the hash over it: a game whose ";" comment made it a game of
// its own is, rederived, the game of the same record written in braces.
// The upgrade moves its link to that game with the link's layout naming
// the ";" comment, and the game goes; the other link keeps its layout.
// The dropped game's double-dummy table goes to the game it joins, which
// had none.
func TestRederiveMerges(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "kinds.db")
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	recs := parRecords(t)[:2]
	recs[0].Leading = []model.Comment{{Text: "c"}}
	recs[1].Board, recs[1].Leading = 1, []model.Comment{{Text: "other"}}
	src := Source{Path: "kinds.pbn", Size: 1, SHA256: "sha-kinds", Format: "pbn"}
	if _, err := db.Import(ctx, src, &parReader{recs: recs}, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	// the second game as version 21 stored the first's record read with
	// its comment written ";": whole, the kind in its JSON 2, no layout
	enc := newRecordEncoder()
	whole, err := enc.encode(recs[0], nil)
	if err != nil {
		t.Fatal(err)
	}
	var dec recordDecoder
	js, err := dec.in.inflate(whole.record)
	if err != nil {
		t.Fatal(err)
	}
	oldJS := bytes.Replace(js, []byte(`{"at":"start","text":"c"}`), []byte(`{"at":"start","text":"c","kind":"semicolon"}`), 1)
	if bytes.Equal(oldJS, js) {
		t.Fatalf("no leading comment in %s", js)
	}
	oldBlob, err := enc.comp.compress(oldJS)
	if err != nil {
		t.Fatal(err)
	}
	oldHash := sha256.Sum256(oldJS)
	var first, second int64
	if err := db.SQL().QueryRow("SELECT min(id), max(id) FROM game").Scan(&first, &second); err != nil || first == second {
		t.Fatalf("games %d, %d: %v", first, second, err)
	}
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{"UPDATE game SET record = ?, hash = ? WHERE id = ?", []any{oldBlob, oldHash[:16], second}},
		{"UPDATE game_source SET layout = NULL", nil},
		{"INSERT INTO ddtable (game_id, tricks, par_score, par) VALUES (?, '0123456789abcd012345', 420, 'NS 4S=')", []any{second}},
		{"PRAGMA user_version = 21", nil},
	} {
		if _, err := db.SQL().Exec(q.sql, q.args...); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()

	db, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if db.UpgradedFrom() != 21 {
		t.Errorf("upgraded from %d, want 21", db.UpgradedFrom())
	}
	var games int
	if err := db.SQL().QueryRow("SELECT count(*) FROM game").Scan(&games); err != nil || games != 1 {
		t.Fatalf("%d games (%v), want 1", games, err)
	}
	var blob []byte
	var row rowFacts
	if err := scanWithRow(db.SQL().QueryRow("SELECT g.record, "+rowColumns+" FROM game g WHERE id = ?", first), &row, &blob); err != nil {
		t.Fatal(err)
	}
	rows, err := db.SQL().Query("SELECT idx, game_id, layout FROM game_source ORDER BY idx")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var idx, game int64
		var lay sql.RawBytes
		if err := rows.Scan(&idx, &game, &lay); err != nil {
			t.Fatal(err)
		}
		n++
		if game != first {
			t.Errorf("link %d: game %d, want %d", idx, game, first)
		}
		var l []byte
		if lay != nil {
			l = bytes.Clone(lay)
		}
		r, err := dec.decode(blob, l, &row)
		if err != nil {
			t.Fatal(err)
		}
		semi := layout.Semicolons(r)
		if len(r.Leading) != 1 || r.Leading[0].Text != "c" || semi[&r.Leading[0]] != (idx == 2) {
			t.Errorf("link %d: leading %+v, ';' %v, layout %+v", idx, r.Leading, semi, r.Layout)
		}
	}
	if err := rows.Err(); err != nil || n != 2 {
		t.Errorf("%d links (%v), want 2", n, err)
	}
	var ddGame, score int64
	var tricks, par string
	if err := db.SQL().QueryRow("SELECT game_id, tricks, par_score, par FROM ddtable").Scan(&ddGame, &tricks, &score, &par); err != nil {
		t.Fatalf("ddtable: %v", err)
	}
	if ddGame != first || tricks != "0123456789abcd012345" || score != 420 || par != "NS 4S=" {
		t.Errorf("ddtable: game %d, %q, %d, %q; want %d, \"0123456789abcd012345\", 420, \"NS 4S=\"", ddGame, tricks, score, par, first)
	}
}
