package parquet

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// failingQuery gives every view one row of NULLs, but fails on the view
// fail, after its first row.
func failingQuery(fail string) Query {
	return func(ctx context.Context, query string, row func([]any) error) error {
		for _, v := range Views {
			if strings.Contains(query, " FROM "+v.Name+" ") {
				if err := row(make([]any, len(v.Columns))); err != nil {
					return err
				}
				if v.Name == fail {
					return errors.New("database disk image is malformed")
				}
			}
		}
		return nil
	}
}

// names are the names in dir, hidden ones included.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	sort.Strings(out)
	return out
}

// TestWriteAllOrNothing: an export that fails on a view after the first
// leaves no file of the views before it: the folder it made is gone, and
// a folder that held an earlier export holds it unchanged; an export that
// succeeds leaves the files and nothing else.
func TestWriteAllOrNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "out")
	if _, err := Write(ctx, dir, "handrec version test", failingQuery("plays")); err == nil || err.Error() != "plays: database disk image is malformed" {
		t.Fatalf("Write: %v, want plays: database disk image is malformed", err)
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the folder the failed export made: %v, want it gone", err)
	}

	files, err := Write(ctx, dir, "handrec version test", failingQuery(""))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for i, v := range Views {
		want = append(want, v.Name+".parquet")
		if files[i].Path != filepath.Join(dir, v.Name+".parquet") || files[i].Rows != 1 {
			t.Errorf("file %d: %+v", i, files[i])
		}
	}
	sort.Strings(want)
	if got := names(t, dir); !reflect.DeepEqual(got, want) {
		t.Errorf("after the export: %q, want %q", got, want)
	}
	before := map[string][]byte{}
	for _, n := range want {
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		before[n] = b
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	withNotes := append([]string{"notes.txt"}, want...)
	sort.Strings(withNotes)
	for _, fail := range []string{"records", "dd"} { // the first view, the last
		if _, err := Write(ctx, dir, "handrec version test", failingQuery(fail)); err == nil {
			t.Fatalf("Write failing on %s: no error", fail)
		}
		if got := names(t, dir); !reflect.DeepEqual(got, withNotes) {
			t.Errorf("after the export failed on %s: %q", fail, got)
		}
		for n, b := range before {
			if now, err := os.ReadFile(filepath.Join(dir, n)); err != nil || string(now) != string(b) {
				t.Errorf("after the export failed on %s: %s changed (%v)", fail, n, err)
			}
		}
	}
}
