package archive_test

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"handrec/archive"
	"handrec/model"
)

func openTemp(t testing.TB) (*archive.DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "test.db")
	db, err := archive.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, path
}

func importRecs(t testing.TB, db *archive.DB, name string, recs []*model.Record) archive.FileStats {
	t.Helper()
	st, err := db.Import(context.Background(), archive.Source{Path: name, Size: 1, SHA256: "sha-" + name, Format: "pbn"},
		&sliceReader{recs: recs}, archive.ImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func count(t testing.TB, db *archive.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := db.SQL().QueryRow(query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// sameRecords checks that got are the records want (model.Diff), each
// with its file, ordinal and position.
func sameRecords(t testing.TB, got, want []*model.Record) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d records, want %d", len(got), len(want))
	}
	for i := range want {
		if d := model.Diff(got[i], want[i]); len(d) > 0 {
			t.Errorf("record %d differs: %s", i+1, strings.Join(d, "; "))
		}
		if got[i].File != want[i].File || got[i].Index != want[i].Index || got[i].Pos != want[i].Pos {
			t.Errorf("record %d: %s #%d at %v, want %s #%d at %v", i+1, got[i].File, got[i].Index, got[i].Pos, want[i].File, want[i].Index, want[i].Pos)
		}
	}
}

func exported(t testing.TB, db *archive.DB, where string) []*model.Record {
	t.Helper()
	var out []*model.Record
	if err := db.Records(context.Background(), where, func(r *model.Record) error {
		out = append(out, r)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestImportExport(t *testing.T) {
	t.Parallel()
	forBackends(t, testImportExport)
}

func testImportExport(t *testing.T, open opener) {
	db, name := open(t)
	recs := newGen(1, true).records(40)
	bad := newGen(2, false).next()
	bad.File, bad.Index = "gen.pbn", 41
	bad.Errorf(model.Pos{Line: 1201, Col: 7}, "deal: SA is dealt twice")
	in := append(append([]*model.Record{}, recs...), bad)

	var problems []string
	st, err := db.Import(context.Background(), archive.Source{Path: "gen.pbn", Size: 1000, SHA256: "aa", Format: "pbn"},
		&sliceReader{recs: in}, archive.ImportOptions{SkipErrors: true, Problem: func(p model.Problem) { problems = append(problems, p.Error()) }})
	if err != nil {
		t.Fatal(err)
	}
	want := archive.FileStats{Records: 41, New: 40, Bad: 1}
	if st != want {
		t.Errorf("stats = %+v, want %+v", st, want)
	}
	if want := []string{"gen.pbn:1201:7: deal: SA is dealt twice", "gen.pbn:1:1: record 41 left out: it has errors"}; !reflect.DeepEqual(problems, want) {
		t.Errorf("problems = %q, want %q", problems, want)
	}
	calls, plays := 0, 0
	for _, r := range recs {
		calls += len(r.Auction.Calls)
		plays += 4 * len(r.Play.Tricks)
	}
	for q, want := range map[string]int{
		"SELECT count(*) FROM records":                          40,
		"SELECT count(*) FROM hands":                            160,
		"SELECT count(*) FROM calls":                            calls,
		"SELECT count(*) FROM plays":                            plays,
		"SELECT count(*) FROM tags":                             40 * 15,
		"SELECT count(*) FROM players":                          160,
		"SELECT count(*) FROM sources WHERE records = 41":       1,
		"SELECT count(*) FROM plays WHERE winner IS NULL":       0,
		"SELECT count(*) FROM comments WHERE anchor = 'call 1'": 8,
		"SELECT count(*) FROM calls WHERE note = '1:natural'":   8,
		"SELECT count(*) FROM event":                            1,
		"SELECT sum(CASE WHEN tricks = (SELECT count(*) FROM plays p WHERE p.record = r.id AND p.seq % 4 = 1 AND p.winner IN (r.declarer, substr('NESWNE', instr('NESW', r.declarer) + 2, 1))) THEN 1 ELSE 0 END) FROM records r": 40,
	} {
		if got := count(t, db, q); got != want {
			t.Errorf("%s = %d, want %d", q, got, want)
		}
	}

	// The readable fields of the first record.
	r := recs[0]
	var deal, contract, north, dealer string
	var board, hcp int
	if err := db.SQL().QueryRow("SELECT deal, contract, north, dealer, board FROM records WHERE id = 1").Scan(&deal, &contract, &north, &dealer, &board); err != nil {
		t.Fatal(err)
	}
	if deal != r.Deal.PBN(model.North) || contract != r.Contract.String() || north != r.Player(model.North) || dealer != "N" || board != 1 {
		t.Errorf("record 1 = %s %s %s %s %d", deal, contract, north, dealer, board)
	}
	if err := db.SQL().QueryRow("SELECT hcp FROM hands WHERE record = 1 AND seat = 'S'").Scan(&hcp); err != nil {
		t.Fatal(err)
	}
	if want := r.Deal.Hands[model.South].HCP(); hcp != want {
		t.Errorf("hcp = %d, want %d", hcp, want)
	}

	// Export rebuilds the very same records, each with the file and place
	// of its first import (positions within a record are not stored: JSON 2
	// has none).
	sameRecords(t, exported(t, db, ""), recs)
	// A condition over the records view.
	sel := exported(t, readerOf(t, name), "board IN (3, 5) AND file = 'gen.pbn'")
	if len(sel) != 2 || sel[0].Board != 3 || sel[1].Board != 5 {
		t.Errorf("where board IN (3, 5): %d records", len(sel))
	}
}

func TestReimportAndDuplicates(t *testing.T) {
	t.Parallel()
	forBackends(t, testReimportAndDuplicates)
}

func testReimportAndDuplicates(t *testing.T, open opener) {
	db, name := open(t)
	// one connection, so that the checks below see the one the imports
	// used (a PostgreSQL import adds events on a second)
	if !archive.IsURL(name) {
		db.SQL().SetMaxOpenConns(1)
	}
	g := newGen(3, false)
	recs := g.records(30)
	st := importRecs(t, db, "a.pbn", recs)
	if st.New != 30 {
		t.Fatalf("first import: %+v", st)
	}
	// The same content again adds nothing.
	st = importRecs(t, db, "a.pbn", recs)
	if want := (archive.FileStats{Skipped: true, Previous: "a.pbn", Records: 30, Existing: 30}); st != want {
		t.Errorf("again: %+v, want %+v", st, want)
	}
	// Another file with ten of the same games (at other places) and a game
	// twice: each game is stored once and linked to both files.
	var b []*model.Record
	for i, r := range recs[10:20] {
		c := *r
		c.File, c.Index = "b.pbn", i+1
		c.Pos = model.Pos{Line: 100 + i, Col: 1}
		c.Tags = slices.Clone(r.Tags) // nil stays nil: the stored model says null
		for k := range c.Tags {
			c.Tags[k].Pos.Line += 1000
		}
		for f := range c.Facts {
			if !c.Facts[f].Pos.IsZero() {
				c.Facts[f].Pos.Line += 1000
			}
		}
		b = append(b, &c)
	}
	for i := 11; i <= 12; i++ {
		r := g.next()
		r.File, r.Index = "b.pbn", i
		b = append(b, r)
	}
	dup := *b[len(b)-1]
	dup.Index = len(b) + 1
	b = append(b, &dup)
	st = importRecs(t, db, "b.pbn", b)
	if want := (archive.FileStats{Records: 13, New: 2, Existing: 11}); st != want {
		t.Errorf("b.pbn: %+v, want %+v", st, want)
	}
	for q, want := range map[string]int{
		"SELECT count(*) FROM records":                                                                      32,
		"SELECT count(*) FROM record_sources":                                                               43,
		"SELECT count(*) FROM record_sources WHERE file = 'b.pbn'":                                          13,
		"SELECT count(*) FROM (SELECT record FROM record_sources GROUP BY record HAVING count(*) = 2) AS x": 11,
		"SELECT count(*) FROM hands":                                                                        32 * 4,
		"SELECT count(*) FROM sources":                                                                      2,
	} {
		if got := count(t, db, q); got != want {
			t.Errorf("%s = %d, want %d", q, got, want)
		}
	}
	// Import into a SQLite file leaves foreign keys unchecked (it sets
	// the ids itself); they hold, and the archive's connections check them
	// again. (PostgreSQL checks them as it imports.)
	if !archive.IsURL(name) {
		if got := dump(t, db.SQL(), "PRAGMA foreign_key_check"); len(got) != 0 {
			t.Errorf("foreign_key_check: %v", got)
		}
		if got := dump(t, db.SQL(), "PRAGMA foreign_keys"); fmt.Sprint(got) != "[[1]]" {
			t.Errorf("foreign_keys after import = %v, want on", got)
		}
	}
	// The records of b.pbn come back in its order, with its places.
	var got []*model.Record
	if err := db.SourceRecords(context.Background(), "b.pbn", func(r *model.Record) error {
		got = append(got, r)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(got) != 13 {
		t.Fatalf("b.pbn: %d records", len(got))
	}
	for i := range got {
		if got[i].File != "b.pbn" || got[i].Index != i+1 || got[i].Pos != b[i].Pos || got[i].Board != b[i].Board {
			t.Errorf("b.pbn record %d: %s #%d at %s board %d", i+1, got[i].File, got[i].Index, got[i].Pos, got[i].Board)
		}
	}
}

func TestQueryReadOnly(t *testing.T) {
	t.Parallel()
	forBackends(t, testQueryReadOnly)
}

func testQueryReadOnly(t *testing.T, open opener) {
	db, path := open(t)
	importRecs(t, db, "a.pbn", newGen(4, false).records(10))
	ro := readerOf(t, path)
	for _, q := range []string{
		"DELETE FROM game",
		"UPDATE game SET board = 0",
		"CREATE TABLE x (a)",
		"DROP VIEW records",
		"PRAGMA user_version = 7",
	} {
		err := ro.Query(context.Background(), q, nil, func([]string, []any) error { return nil })
		if archive.Code(err) != archive.EDenied {
			t.Errorf("%s: err = %v, want an EDenied error", q, err)
		}
	}
	var rows [][]any
	err := ro.Query(context.Background(), "SELECT board, dealer FROM records WHERE board <= ? ORDER BY board", []any{2}, func(cols []string, vals []any) error {
		if !reflect.DeepEqual(cols, []string{"board", "dealer"}) {
			t.Errorf("cols = %q", cols)
		}
		rows = append(rows, append([]any{}, vals...))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := [][]any{{int64(1), "N"}, {int64(2), "E"}}; !reflect.DeepEqual(rows, want) {
		t.Errorf("rows = %v, want %v", rows, want)
	}
	if n := count(t, db, "SELECT count(*) FROM game"); n != 10 {
		t.Errorf("games = %d after the read-only attempts", n)
	}
	if _, err := archive.OpenReadOnly(context.Background(), filepath.Join(t.TempDir(), "none.db")); err == nil || !strings.Contains(err.Error(), "no archive") {
		t.Errorf("missing archive: err = %v", err)
	}
}

// blockingReader serves records, then waits for release before the rest.
type blockingReader struct {
	sliceReader
	at      int
	reached chan struct{}
	release chan struct{}
}

func (b *blockingReader) Next() (*model.Record, error) {
	if b.i == b.at {
		close(b.reached)
		<-b.release
	}
	return b.sliceReader.Next()
}

// A query runs while an import is in progress and sees the archive as it
// was before that import.
func TestQueryDuringImport(t *testing.T) {
	t.Parallel()
	db, path := openTemp(t)
	importRecs(t, db, "a.pbn", newGen(5, false).records(20))
	br := &blockingReader{sliceReader: sliceReader{recs: newGen(6, true).records(300)}, at: 250,
		reached: make(chan struct{}), release: make(chan struct{})}
	done := make(chan error)
	go func() {
		_, err := db.Import(context.Background(), archive.Source{Path: "b.pbn", SHA256: "bb"}, br, archive.ImportOptions{})
		done <- err
	}()
	<-br.reached
	ro, err := archive.OpenReadOnly(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	for i := 0; i < 2; i++ {
		n := 0
		err = ro.Query(context.Background(), "SELECT count(*) FROM records", nil, func(_ []string, v []any) error {
			n = int(v[0].(int64))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if want := []int{20, 320}[i]; n != want {
			t.Errorf("records seen = %d, want %d", n, want)
		}
		if i == 0 {
			close(br.release)
			if err := <-done; err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestImportCancelled(t *testing.T) {
	t.Parallel()
	db, _ := openTemp(t)
	importRecs(t, db, "a.pbn", newGen(7, false).records(5))
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	_, err := db.Import(ctx, archive.Source{Path: "b.pbn", SHA256: "bb"}, &genReader{g: newGen(8, true), n: -1},
		archive.ImportOptions{Progress: func(int) {
			if n++; n == 5 {
				cancel()
			}
		}})
	if err != context.Canceled {
		t.Fatalf("err = %v, want %v", err, context.Canceled)
	}
	for q, want := range map[string]int{"SELECT count(*) FROM game": 5, "SELECT count(*) FROM source": 1, "SELECT count(*) FROM plays": 0} {
		if got := count(t, db, q); got != want {
			t.Errorf("%s = %d, want %d", q, got, want)
		}
	}
}

func TestNotAnArchive(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "other.db")
	other, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.Exec("CREATE TABLE t (a)"); err != nil {
		t.Fatal(err)
	}
	other.Close()
	if _, err := archive.Open(context.Background(), path); err == nil || !strings.Contains(err.Error(), "not a handrec archive") {
		t.Errorf("another database: err = %v", err)
	}
	// An archive from a newer handrec.
	_, newer := openTemp(t)
	db, err := sql.Open("sqlite3", newer)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("PRAGMA user_version = 99"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, err := archive.Open(context.Background(), newer); err == nil || !strings.Contains(err.Error(), "newer") {
		t.Errorf("newer archive: err = %v", err)
	}
}
