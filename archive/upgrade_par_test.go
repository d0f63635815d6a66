package archive

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"io"
	"path/filepath"
	"testing"

	"handrec/model"
)

type parReader struct {
	recs []*model.Record
	i    int
}

func (s *parReader) Next() (*model.Record, error) {
	if s.i >= len(s.recs) {
		return nil, io.EOF
	}
	s.i++
	return s.recs[s.i-1], nil
}
func (s *parReader) Header() model.Header   { return model.Header{Format: model.PBN} }
func (s *parReader) Trailer() model.Trailer { return model.Trailer{} }

// parRecords are two boards with a par and one without.
func parRecords(t *testing.T) []*model.Record {
	deal, errs := model.ParseDeal("N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var recs []*model.Record
	for i, par := range [][2]string{{"NS 620", "NS 4H=; NS 4S="}, {"EW -100", "S 6N="}, {}} {
		r := model.NewRecord()
		r.Board, r.Deal, r.Index = i+1, deal, i+1
		if par[0] != "" {
			r.SetFact(model.FactOptimumScore, par[0])
			r.SetFact(model.FactParContract, par[1])
		}
		recs = append(recs, r)
	}
	return recs
}

// An archive of version 10 stored a game's par as its tags in the
// record's JSON 2 and took the hash over that: the upgrade stores it as
// data, under the hash of the new form, so that the same file imported
// again finds its games; the game without a par is not touched.
func TestUpgradePar(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "par.db")
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	src := Source{Path: "par.pbn", Size: 1, SHA256: "sha-par", Format: "pbn"}
	if _, err := db.Import(ctx, src, &parReader{recs: parRecords(t)}, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	want := map[int64][]byte{}
	plain := oldParForm(t, db)
	for id, h := range plain {
		want[id] = h
	}
	// back to version 10: what the sections after it made goes too
	for _, q := range []string{
		`UPDATE game SET tags = (SELECT json_group_array(json_array(name, value, section))
		                           FROM (SELECT * FROM tags t WHERE t.record = game.id ORDER BY seq))`,
		"DROP VIEW tags", "DROP TABLE tag_name", "CREATE VIEW tags AS SELECT 1",
		"CREATE TABLE call AS SELECT record AS game_id, seq, seat, call, level, strain, alert, explanation, note, nags, irregular FROM calls",
		"DROP VIEW calls", "ALTER TABLE game DROP COLUMN calls", "CREATE VIEW calls AS SELECT * FROM call",
		"CREATE TABLE score AS SELECT record AS game_id, code, ns, ew, n, e, s, w FROM scores",
		"DROP VIEW scores", "ALTER TABLE game DROP COLUMN scores", "DROP TABLE score_code", "CREATE VIEW scores AS SELECT * FROM score",
		"DROP VIEW matches", "DROP INDEX game_match", "ALTER TABLE game DROP COLUMN match_id", "DROP TABLE match",
		"CREATE TABLE trick (game_id INTEGER, trick INTEGER, first TEXT, leader TEXT, winner TEXT, cards TEXT, notes TEXT, nags TEXT, irregular TEXT)",
		"ALTER TABLE game_source DROP COLUMN row_pos",
		"DROP VIEW plays", "ALTER TABLE game DROP COLUMN play", "CREATE VIEW plays AS SELECT * FROM trick",
		"DROP VIEW events", "DROP VIEW hands", "DROP TABLE hand_points", "CREATE TABLE hand (game_id INTEGER)", "CREATE VIEW hands AS SELECT game_id FROM hand",
		"DROP VIEW problems", "DROP TABLE problem", "DROP TABLE problem_text",
		"CREATE TABLE problem (game_id INTEGER, seq INTEGER, line INTEGER, col INTEGER, severity TEXT, message TEXT)",
		"CREATE VIEW problems AS SELECT * FROM problem"} {
		if _, err := db.SQL().Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.SQL().Exec("PRAGMA user_version = 10"); err != nil {
		t.Fatal(err)
	}
	db.Close()

	db, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if db.UpgradedFrom() != 10 {
		t.Errorf("upgraded from %d, want 10", db.UpgradedFrom())
	}
	rows, err := db.SQL().Query("SELECT g.id, g.hash, g.record, " + rowColumns + " FROM game g ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	var dec recordDecoder
	enc := newRecordEncoder()
	n := 0
	for rows.Next() {
		var id int64
		var hash, blob []byte
		var row rowFacts
		if err := scanWithRow(rows, &row, &id, &hash, &blob); err != nil {
			t.Fatal(err)
		}
		r, err := dec.decode(blob, nil, &row)
		if err != nil {
			t.Fatal(err)
		}
		whole, err := enc.encode(r, nil)
		if err != nil {
			t.Fatal(err)
		}
		js, err := dec.in.inflate(whole.record)
		if err != nil {
			t.Fatal(err)
		}
		first, _, _ := bytes.Cut(js, []byte("\n"))
		sum := sha256.Sum256(first)
		if !bytes.Equal(hash, sum[:16]) || bytes.Contains(first, []byte(`"OptimumScore"`)) {
			t.Errorf("game %d: stored %s, hash %x", id, first, hash)
		}
		if old, ok := want[id]; ok && bytes.Equal(old, hash) {
			t.Errorf("game %d: hash of the old form kept", id)
		}
		n++
	}
	if err := rows.Close(); err != nil || n != 3 {
		t.Fatalf("%d games, %v", n, err)
	}
	src.SHA256 = "sha-par-again"
	st, err := db.Import(ctx, src, &parReader{recs: parRecords(t)}, ImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if st.New != 0 || st.Existing != 3 {
		t.Errorf("imported again: %+v, want the 3 games found", st)
	}
}

// oldParForm stores the records of db's games with a par as version 10
// did, the par as tags, with the hash over that form; it gives the
// hashes by game.
func oldParForm(t *testing.T, db *DB) map[int64][]byte {
	rows, err := db.SQL().Query("SELECT g.id, g.record, " + rowColumns + " FROM game g")
	if err != nil {
		t.Fatal(err)
	}
	var games []parGame
	for rows.Next() {
		var g parGame
		if err := scanWithRow(rows, &g.row, &g.id, &g.blob); err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	rows.Close()
	var dec recordDecoder
	var comp compressor
	enc := newRecordEncoder()
	out := map[int64][]byte{}
	for _, g := range games {
		r, err := dec.decode(g.blob, nil, &g.row)
		if err != nil {
			t.Fatal(err)
		}
		whole, err := enc.encode(r, nil)
		if err != nil {
			t.Fatal(err)
		}
		js, err := dec.in.inflate(whole.record)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(js, &m); err != nil {
			t.Fatal(err)
		}
		par, ok := m["par"].(map[string]any)
		if !ok {
			continue
		}
		delete(m, "par")
		cs := []string{}
		for _, c := range par["contracts"].([]any) {
			cs = append(cs, c.(string))
		}
		m["tags"] = []map[string]string{{"name": "OptimumScore", "value": par["score"].(string)},
			{"name": "ParContract", "value": joinPar(cs)}}
		old, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(old)
		blob, err := comp.compress(old)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.SQL().Exec("UPDATE game SET hash = ?, record = ? WHERE id = ?", sum[:16], blob, g.id); err != nil {
			t.Fatal(err)
		}
		out[g.id] = sum[:16]
	}
	if len(out) != 2 {
		t.Fatalf("%d games with a par, want 2", len(out))
	}
	return out
}

func joinPar(cs []string) string {
	var b bytes.Buffer
	for i, c := range cs {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(c)
	}
	return b.String()
}
