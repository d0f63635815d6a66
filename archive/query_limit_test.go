package archive_test

import (
	"context"
	"testing"

	"handrec/archive"
)

// TestQueryLimits: a read-only query may not make a value longer than
// MaxQueryValue (randomblob(700000000) allocated 700 MB), nor raise the
// limits with a pragma; a value under the limit is made.
func TestQueryLimits(t *testing.T) {
	t.Parallel()
	_, path := openTemp(t)
	ro, err := archive.OpenReadOnly(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	none := func([]string, []any) error { return nil }
	cases := []struct{ name, q, err string }{
		{"randomblob of 700 MB", "SELECT randomblob(700000000)", "the query makes a value longer than 64 MiB, the most one may hold (string or blob too big)"},
		{"zeroblob of 64 MiB and a byte", "SELECT length(zeroblob(67108865))", "the query makes a value longer than 64 MiB, the most one may hold (string or blob too big)"},
		{"zeroblob of 64 MiB", "SELECT length(zeroblob(67108864))", ""},
		{"hard_heap_limit", "PRAGMA hard_heap_limit = 0", "PRAGMA hard_heap_limit = 0 is not allowed: a query may only read the archive's settings"},
		{"soft_heap_limit", "PRAGMA soft_heap_limit = 0", "PRAGMA soft_heap_limit = 0 is not allowed: a query may only read the archive's settings"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := ro.Query(context.Background(), c.q, nil, none)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != c.err {
				t.Errorf("%s: error %q, want %q", c.q, got, c.err)
			}
		})
	}
}
