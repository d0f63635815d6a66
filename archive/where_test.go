package archive_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"handrec/archive"
	"handrec/model"
)

// FuzzWhere: whatever the condition, Records returns only records of the
// archive, each once, and no file appears beside it. A refused condition
// is an EInvalid or EDenied error.
func FuzzWhere(f *testing.F) {
	for _, s := range []string{
		"board = 1", "1=1) OR (1=1", "1)) OR ((1", "1); ATTACH DATABASE 'x.db' AS e /*",
		"1); DELETE FROM game; /*", "1; VACUUM INTO 'y.db'", "id IN (SELECT record FROM hands WHERE hcp >= 20)",
		"board = 'a'')' OR 1", "\"x\") OR (1", "[a)] OR 1", "1 -- )\n OR 1", "1 /* ) */ OR 1",
		"(SELECT count(*) FROM game) > 0", "1 UNION SELECT id FROM game", "load_extension('x')",
	} {
		f.Add(s)
	}
	dir := f.TempDir()
	path := filepath.Join(dir, "w.db")
	db, err := archive.Open(context.Background(), path)
	if err != nil {
		f.Fatal(err)
	}
	importRecs(f, db, "a.pbn", newGen(11, false).records(6))
	db.Close()
	ro, err := archive.OpenReadOnly(context.Background(), path)
	if err != nil {
		f.Fatal(err)
	}
	defer ro.Close()
	all := map[int]bool{}
	if err := ro.Records(context.Background(), "", func(r *model.Record) error { all[r.Index] = true; return nil }); err != nil || len(all) != 6 {
		f.Fatalf("%d records: %v", len(all), err)
	}
	want := map[string]bool{"w.db": true, "w.db-shm": true, "w.db-wal": true}
	f.Fuzz(func(t *testing.T, where string) {
		seen := map[int]bool{}
		err := ro.Records(context.Background(), where, func(r *model.Record) error {
			if r.File != "a.pbn" || !all[r.Index] || seen[r.Index] {
				t.Fatalf("%q: record %s #%d is not the archive's, or twice", where, r.File, r.Index)
			}
			seen[r.Index] = true
			return nil
		})
		if code := archive.Code(err); err != nil && code != archive.EInvalid && code != archive.EDenied && where != "" {
			// A run-time failure (a bad cast, a function's error) is
			// SQLite's; it still returns no row outside records.
			t.Logf("%q: %v", where, err)
		}
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if !want[e.Name()] {
				t.Fatalf("%q created %s", where, e.Name())
			}
		}
	})
}
