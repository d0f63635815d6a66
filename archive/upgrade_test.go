package archive_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"handrec/archive"
)

// v3Copy is a copy of testdata/v3-samples.db (samples/ imported by the
// handrec of schema version 3, at 649405d), changed by the statements
// given, run on it as it is.
func v3Copy(t *testing.T, stmts ...string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "v3-samples.db"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "v3.db")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	sqliteFile(t, path, stmts...)
	return path
}

// The upgrade to version 4 makes two stored games that are one game in the
// new model one game, found in the places of both.
func TestUpgradeMergesGames(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	// game 2 again, under another hash, as the 9th record of file 1
	path := v3Copy(t,
		`INSERT INTO game (id, hash, event_id, board, room, date, dealer, vul, deal, north, east, south, west,
		        contract, level, strain, doubled, declarer, tricks, result, score, score_imp, score_mp, scoring, warnings, model, tags)
		 SELECT 100, x'00', event_id, board, room, date, dealer, vul, deal, north, east, south, west,
		        contract, level, strain, doubled, declarer, tricks, result, score, score_imp, score_mp, scoring, warnings, model, tags
		   FROM game WHERE id = 2`,
		"INSERT INTO game_source (source_id, idx, game_id, line, col) VALUES (1, 9, 100, 1, 1)")
	db, err := archive.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if db.UpgradedFrom() != 3 {
		t.Errorf("upgraded from %d, want 3", db.UpgradedFrom())
	}
	got := dump(t, db.SQL(), "SELECT game_id, source_id, idx FROM game_source WHERE game_id IN (2, 100) ORDER BY idx")
	want := [][]any{{int64(2), int64(1), int64(2)}, {int64(2), int64(1), int64(9)}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("links %v, want %v", got, want)
	}
	if n := dump(t, db.SQL(), "SELECT count(*) FROM game")[0][0]; n != int64(33) {
		t.Errorf("%v games, want 33", n)
	}
}

// An upgrade that fails leaves the archive as it was: version 3, its
// models and rows untouched.
func TestUpgradeFailsWhole(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := v3Copy(t, "UPDATE game SET model = x'00ff' WHERE id = 20")
	before := v3Dump(t, path)
	_, err := archive.Open(ctx, path)
	if err == nil || !strings.Contains(err.Error(), "schema version 4: game 20: inflate model") {
		t.Fatalf("open: %v, want an error at game 20", err)
	}
	if after := v3Dump(t, path); !reflect.DeepEqual(after, before) {
		t.Errorf("the archive changed:\n%v\nwas\n%v", after, before)
	}
}

func v3Dump(t *testing.T, path string) [][]any {
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	out := dump(t, db, "PRAGMA user_version")
	for _, q := range []string{"SELECT id, hash, room, tags, model FROM game ORDER BY id", "SELECT * FROM comment ORDER BY game_id, seq", "SELECT id, header FROM source"} {
		out = append(out, dump(t, db, q)...)
	}
	return out
}

// leftOutV3 makes v3-samples.db an archive that left record 2 of
// samples/full_play.pbn out for its errors, as a handrec before schema
// version 5 did: the record's game and rows are not there, and the source
// counts it among its problems.
var leftOutV3 = []string{
	"DELETE FROM game_source WHERE source_id = 5 AND idx = 2",
	"DELETE FROM hand WHERE game_id = 16", "DELETE FROM player WHERE game_id = 16", "DELETE FROM call WHERE game_id = 16",
	"DELETE FROM comment WHERE game_id = 16", "DELETE FROM score WHERE game_id = 16", "DELETE FROM trick WHERE game_id = 16",
	"DELETE FROM game WHERE id = 16",
	"UPDATE source SET problems = 1 WHERE id = 5",
}

// The upgrade of an archive made before schema version 5 counts the files
// it left records with errors out of, and those records, once.
func TestUpgradeCountsLeftOut(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := v3Copy(t, append(leftOutV3, "UPDATE source SET problems = 2 WHERE id = 9")...)
	db, err := archive.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := db.LeftOutBefore5(), (archive.LeftOut{Files: 2, Records: 3}); got != want {
		t.Errorf("left out %+v, want %+v", got, want)
	}
	db.Close()
	db, err = archive.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if got := db.LeftOutBefore5(); got != (archive.LeftOut{}) {
		t.Errorf("second open: left out %+v, want none", got)
	}
	// An archive of schema version 5 or later kept its records with
	// errors: it has nothing to say.
	cur, _ := openTemp(t)
	if got := cur.LeftOutBefore5(); got != (archive.LeftOut{}) {
		t.Errorf("new archive: left out %+v", got)
	}
}
