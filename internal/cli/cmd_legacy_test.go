package cli

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	"handrec/archive"
)

// legacyArchive makes an archive of schema version (5 to 8) holding what
// the archive cur holds, stored as the handrec of that version stored it:
// each game's model (archive.LegacyModel, then given to edit when edit is
// not nil) in place of its record, no layout with the links.
func legacyArchive(t *testing.T, cur string, version int, edit func(model []byte) []byte) string {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	old, err := archive.Open(ctx, path, archive.Options{Version: version})
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	conn, err := old.SQL().Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	exec := func(q string, args ...any) {
		if _, err := conn.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	exec("PRAGMA foreign_keys = OFF")
	exec("ATTACH DATABASE ? AS cur", cur)
	for _, table := range tablesOf(t, conn, "main") {
		if table == "hand" { // a view since schema version 13
			exec("INSERT INTO main.hand SELECT record, seat, spades, hearts, diamonds, clubs, s_len, h_len, d_len, c_len, hcp FROM cur.hands")
			continue
		}
		if table == "call" { // the game's since schema version 16
			exec("INSERT INTO main.call SELECT record, seq, seat, call, level, strain, alert, explanation, note, nags, irregular FROM cur.calls")
			continue
		}
		if table == "score" { // the game's since schema version 16
			exec("INSERT INTO main.score SELECT record, code, ns, ew, n, e, s, w FROM cur.scores")
			continue
		}
		if table == "trick" { // the game's since schema version 18
			exec(`INSERT INTO main.trick SELECT record, trick, substr(s, 1, 1), NULLIF(substr(s, 2, 1), '?'),
			        NULLIF(substr(s, 3, 1), '?'), substr(s, 4), x -> '$[1]', x -> '$[2]', x -> '$[3]'
			   FROM (SELECT g.id AS record, j.key + 1 AS trick, CASE j.type WHEN 'array' THEN j.value ->> 0 ELSE j.value END AS s,
			                CASE j.type WHEN 'array' THEN j.value END AS x
			           FROM cur.game g, json_each(g.play) j)`)
			continue
		}
		if table == "problem" { // its messages apart since schema version 14
			exec("INSERT INTO main.problem SELECT record, seq, line, col, severity, message FROM cur.problems")
			continue
		}
		cols := strings.Join(commonColumns(t, conn, table), ", ")
		into, vals := cols, cols
		if table == "game" {
			into, vals = cols+", model", cols+", x''" // filled below
		}
		exec("INSERT INTO main." + table + " (" + into + ") SELECT " + vals + " FROM cur." + table)
	}
	models := map[int64][]byte{}
	rows, err := conn.QueryContext(ctx, `SELECT id, record, (SELECT layout FROM cur.game_source gs WHERE gs.game_id = g.id
	                                                          ORDER BY source_id, idx LIMIT 1), `+archive.RowColumns("cur")+` FROM cur.game g`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		var rec, lay []byte
		row := make([]any, 16)
		dest := []any{&id, &rec, &lay}
		for i := range row {
			dest = append(dest, &row[i])
		}
		if err := rows.Scan(dest...); err != nil {
			t.Fatal(err)
		}
		m, err := archive.LegacyModel(rec, lay, row)
		if err != nil {
			t.Fatal(err)
		}
		if edit != nil {
			m = edit(m)
		}
		models[id] = m
	}
	rows.Close()
	for id, m := range models {
		exec("UPDATE game SET model = ? WHERE id = ?", m, id)
	}
	exec("DETACH DATABASE cur")
	exec("PRAGMA foreign_keys = ON")
	return path
}

func tablesOf(t *testing.T, conn *sql.Conn, db string) []string {
	t.Helper()
	rows, err := conn.QueryContext(context.Background(), "SELECT name FROM "+db+".sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%'")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		rows.Scan(&n)
		names = append(names, n)
	}
	return names
}

// commonColumns are the columns of table in both main and cur.
func commonColumns(t *testing.T, conn *sql.Conn, table string) []string {
	t.Helper()
	rows, err := conn.QueryContext(context.Background(),
		"SELECT m.name FROM pragma_table_info(?, 'main') m JOIN pragma_table_info(?, 'cur') c USING (name) ORDER BY m.cid", table, table)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var cols []string
	for rows.Next() {
		var c string
		rows.Scan(&c)
		cols = append(cols, c)
	}
	return cols
}
