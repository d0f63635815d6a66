package archive_test

import (
	"context"
	"fmt"
	"testing"

	"handrec/archive"
	"handrec/model"
)

// A Reading reads within one read of the archive: Game gives a record
// with every place it was imported from (the same three records in two
// files: each game twice, the first file's place first), Records the
// records a condition selects with their ids, Query the rows of a
// statement as DB.Query gives them; none finds a game that is not there. On PostgreSQL the statements share one transaction: now(),
// the transaction's start, is the same in each.
func TestReading(t *testing.T) {
	t.Parallel()
	forBackends(t, func(t *testing.T, open opener) {
		w, name := open(t)
		ctx := context.Background()
		recs := newGen(5, true).records(3)
		for _, name := range []string{"a.pbn", "b.pbn"} {
			for i, r := range recs {
				r.File, r.Index = name, i+1
			}
			if _, err := w.Import(ctx, archive.Source{Path: name, Size: 1, SHA256: "sha-" + name, Format: "pbn"},
				&sliceReader{recs: recs}, archive.ImportOptions{}); err != nil {
				t.Fatal(err)
			}
		}
		db := readerOf(t, name) // a caller's statements run as a role that is no superuser
		err := db.Read(ctx, func(rd *archive.Reading) error {
			rec, places, err := rd.Game(2)
			if err != nil {
				return err
			}
			if rec == nil || rec.File != "a.pbn" || rec.Index != 2 || rec.Board != recs[1].Board ||
				fmt.Sprint(places) != "[{a.pbn 2 31 1} {b.pbn 2 31 1}]" {
				t.Errorf("game 2: %v %+v", rec != nil, places)
			}
			if rec, places, err := rd.Game(99); rec != nil || places != nil || err != nil {
				t.Errorf("game 99: %v %v %v", rec, places, err)
			}
			var got []string
			err = rd.Query("SELECT id, board FROM records WHERE id > ? ORDER BY id", []any{int64(1)}, func(cols []string, vals []any) error {
				got = append(got, fmt.Sprint(cols, vals))
				return nil
			})
			if want := fmt.Sprint([]string{fmt.Sprint([]string{"id", "board"}, []any{int64(2), int64(recs[1].Board)}),
				fmt.Sprint([]string{"id", "board"}, []any{int64(3), int64(recs[2].Board)})}); fmt.Sprint(got) != want {
				t.Errorf("query: %s, want %s", got, want)
			}
			var ids []int64
			err = rd.Records("board = ? OR id = 3", []any{recs[0].Board}, func(id int64, r *model.Record) error {
				if r.File != "a.pbn" || r.Index != int(id) {
					t.Errorf("record %d from %s:%d", id, r.File, r.Index)
				}
				ids = append(ids, id)
				return nil
			})
			if err != nil || fmt.Sprint(ids) != "[1 3]" {
				t.Errorf("records: %v %v", ids, err)
			}
			if err := rd.Records("1) OR (1", nil, func(int64, *model.Record) error { return nil }); archive.Code(err) != archive.EInvalid {
				t.Errorf("a condition that leaves its parentheses: %v", err)
			}
			if err := rd.Query("SELECT 1; SELECT 2", nil, func([]string, []any) error { return nil }); archive.Code(err) != archive.EInvalid {
				t.Errorf("two statements: %v", err)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if !archive.IsURL(db.Path()) {
			return
		}
		var txids []string
		err = db.Read(ctx, func(rd *archive.Reading) error {
			for range 2 {
				if err := rd.Query("SELECT now()::text", nil,
					func(_ []string, vals []any) error {
						txids = append(txids, fmt.Sprint(vals[0]))
						return nil
					}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil || len(txids) != 2 || txids[0] != txids[1] {
			t.Errorf("two statements of one read: %v %v", txids, err)
		}
	})
}
