package archive_test

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"

	"handrec/archive"
	"handrec/model"
)

// dump reads a query's rows as strings, for comparing archives.
func dump(t *testing.T, db *sql.DB, query string) [][]any {
	t.Helper()
	rows, err := db.Query(query)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var out [][]any
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		out = append(out, vals)
	}
	return out
}

// An archive of schema version 1 (tags one row each, scores one row per
// side) is upgraded on open, and reads the same as one written now.
func TestMigrateFromVersion1(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cur, curPath := openTemp(t)
	recs := newGen(9, true).records(25)
	if _, err := cur.Import(ctx, archive.Source{Path: "gen.pbn", SHA256: "aa"}, &sliceReader{recs: recs},
		archive.ImportOptions{Scores: func(r *model.Record) []archive.Score {
			return []archive.Score{{Code: "contract", Who: "NS", Points: r.Board * 10}, {Code: "contract", Who: "EW", Points: -r.Board * 10},
				{Code: "pirate1916", Who: "N", Points: 1}, {Code: "pirate1916", Who: "E", Points: 2}, {Code: "pirate1916", Who: "S", Points: 3}, {Code: "pirate1916", Who: "W", Points: r.Board}}
		}}); err != nil {
		t.Fatal(err)
	}

	// Version 1, as the handrec of that schema wrote it.
	oldPath := filepath.Join(t.TempDir(), "v1.db")
	old, err := archive.Open(ctx, oldPath, archive.Options{Version: 1})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := old.Version(ctx); v != 1 {
		t.Fatalf("version = %d, want 1", v)
	}
	copyRows := []string{
		"ATTACH DATABASE '" + curPath + "' AS cur",
		"INSERT INTO source SELECT * FROM cur.source",
		"INSERT INTO event SELECT * FROM cur.event",
		`INSERT INTO game SELECT id, hash, event_id, board, room, date, dealer, vul, deal, north, east, south, west,
		        contract, level, strain, doubled, declarer, tricks, result, score, score_imp, score_mp, scoring, warnings, x''
		   FROM cur.game`,
		"INSERT INTO game_source SELECT source_id, idx, game_id, line, col FROM cur.game_source",
		"INSERT INTO hand SELECT record, seat, spades, hearts, diamonds, clubs, s_len, h_len, d_len, c_len, hcp FROM cur.hands",
		"INSERT INTO player SELECT * FROM cur.player",
		"INSERT INTO call SELECT record, seq, seat, call, level, strain, alert, explanation, note, nags, irregular FROM cur.calls",
		"INSERT INTO play SELECT record, seq, trick, seat, card, leader, winner, note, nags, irregular FROM cur.plays",
		"INSERT INTO comment SELECT * FROM cur.comment",
		"INSERT INTO tag SELECT record, seq, name, value, section FROM cur.tags",
		`INSERT INTO score SELECT * FROM (
		   SELECT game_id, code, w.who, CASE w.k WHEN 0 THEN ns WHEN 1 THEN ew WHEN 2 THEN n WHEN 3 THEN e WHEN 4 THEN s ELSE w END AS points
		     FROM (SELECT record AS game_id, code, ns, ew, n, e, s, w FROM cur.scores), (SELECT 'NS' AS who, 0 AS k UNION ALL SELECT 'EW', 1 UNION ALL SELECT 'N', 2
		                      UNION ALL SELECT 'E', 3 UNION ALL SELECT 'S', 4 UNION ALL SELECT 'W', 5) w)
		  WHERE points IS NOT NULL`,
	}
	conn, err := old.SQL().Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range copyRows {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	legacyModels(t, ctx, conn)
	conn.ExecContext(ctx, "DETACH DATABASE cur")
	conn.Close()
	if n := count(t, old, "SELECT count(*) FROM tag"); n != 25*15 {
		t.Fatalf("version 1 tags = %d", n)
	}
	old.Close()

	// A read-only open (handrec query) refuses it, and leaves it as it was.
	before := fileSum(t, oldPath)
	_, err = archive.OpenReadOnly(ctx, oldPath)
	var oe *archive.OldSchemaError
	last := archive.SchemaVersion()
	if !errors.As(err, &oe) || err.Error() != "archive "+oldPath+" has schema version 1, older than this handrec's "+strconv.Itoa(last) {
		t.Errorf("read-only open of version 1: %v", err)
	}
	if fileSum(t, oldPath) != before {
		t.Errorf("the read-only open changed the file")
	}
	up, err := archive.Open(ctx, oldPath)
	if err != nil {
		t.Fatal(err)
	}
	if up.UpgradedFrom() != 1 {
		t.Errorf("open: upgraded from %d, want 1", up.UpgradedFrom())
	}
	// the upgrade stores the records again, but not the games' rows: whole,
	// not in the row form (whose first byte is 0x20)
	if n := count(t, up, "SELECT count(*) FROM game WHERE substr(record, 1, 1) = x'20'"); n != 0 {
		t.Errorf("%d records stored in the row form by the upgrade", n)
	}
	up.Close()
	up, err = archive.Open(ctx, oldPath)
	if err != nil {
		t.Fatal(err)
	}
	defer up.Close()
	if up.UpgradedFrom() != 0 || cur.UpgradedFrom() != 0 {
		t.Errorf("upgraded from %d and %d on opens that had nothing to upgrade", up.UpgradedFrom(), cur.UpgradedFrom())
	}
	if v, _ := up.Version(ctx); v != last || last < 3 {
		t.Errorf("version after upgrade = %d, want %d", v, last)
	}
	for _, q := range []string{
		"SELECT * FROM tags ORDER BY record, seq",
		"SELECT * FROM scores ORDER BY record, code",
		"SELECT * FROM records ORDER BY id",
		"SELECT * FROM hands ORDER BY record, seat",
		"SELECT * FROM calls ORDER BY record, seq",
		"SELECT * FROM plays ORDER BY record, seq",
		"SELECT * FROM comments ORDER BY record, seq",
		"SELECT id, path, size, sha256, format, records, problems, games FROM sources",
		"SELECT name FROM sqlite_schema WHERE type IN ('table', 'view', 'index') AND name NOT LIKE 'sqlite_stat%' ORDER BY name",
	} {
		a, b := dump(t, up.SQL(), q), dump(t, cur.SQL(), q)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s after upgrade:\n got %v\nwant %v", q, a, b)
		}
	}
	if n := count(t, up, "SELECT count(*) FROM scores WHERE code = 'pirate1916' AND ns IS NULL AND w = record"); n != 25 {
		t.Errorf("pirate scores = %d", n)
	}
	for q, want := range map[string]int{
		"SELECT count(*) FROM plays WHERE note = 'attitude'":    5,
		"SELECT count(*) FROM plays WHERE nags = '$1'":          5,
		"SELECT count(*) FROM plays WHERE irregular = 'revoke'": 2,
		"SELECT count(*) FROM plays":                            25 * 52,
	} {
		if got := count(t, up, q); got != want {
			t.Errorf("%s = %d, want %d", q, got, want)
		}
	}
	sameRecords(t, exported(t, up, ""), recs)
}

// legacyModels stores in the attached archive's games (cur) the models of
// the games of the current one, in the form an archive made before schema
// version 10 stored them.
func legacyModels(t *testing.T, ctx context.Context, conn *sql.Conn) {
	t.Helper()
	rows, err := conn.QueryContext(ctx, `SELECT g.id, g.record, (SELECT layout FROM cur.game_source gs WHERE gs.game_id = g.id ORDER BY source_id, idx LIMIT 1), `+
		archive.RowColumns("cur")+` FROM cur.game g`)
	if err != nil {
		t.Fatal(err)
	}
	type game struct {
		id    int64
		model []byte
	}
	var games []game
	for rows.Next() {
		var g game
		var rec, lay []byte
		row := make([]any, 16)
		dest := []any{&g.id, &rec, &lay}
		for i := range row {
			dest = append(dest, &row[i])
		}
		if err := rows.Scan(dest...); err != nil {
			t.Fatal(err)
		}
		if g.model, err = archive.LegacyModel(rec, lay, row); err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	rows.Close()
	for _, g := range games {
		if _, err := conn.ExecContext(ctx, "UPDATE game SET model = ? WHERE id = ?", g.model, g.id); err != nil {
			t.Fatal(err)
		}
	}
}
