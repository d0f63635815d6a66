package archive

import (
	"testing"
	"testing/fstest"
)

// The migration files are read in the order of their numbers, which run
// 1, 2, 3 ... with no gap, each named NNNN_name.sql.
func TestReadMigrations(t *testing.T) {
	t.Parallel()
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	for _, c := range []struct {
		name  string
		files fstest.MapFS
		want  []string
		err   string
	}{
		{"in order", fstest.MapFS{"migrations/0002_b.sql": file("B;"), "migrations/0001_a.sql": file("A;")}, []string{"A;", "B;"}, ""},
		{"a gap", fstest.MapFS{"migrations/0001_a.sql": file("A;"), "migrations/0003_c.sql": file("C;")}, nil,
			"migration 0003_c.sql out of order (want version 2)"},
		{"a bad name", fstest.MapFS{"migrations/0001_a.sql": file("A;"), "migrations/2_b.sql": file("B;")}, nil,
			"migration 2_b.sql: not named NNNN_name.sql"},
		{"none", fstest.MapFS{}, nil, "no migration"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := readMigrations(c.files)
			if c.err != "" {
				if err == nil || err.Error() != c.err {
					t.Fatalf("err = %v, want %s", err, c.err)
				}
				return
			}
			if err != nil || len(got) != len(c.want) || got[0] != c.want[0] || got[1] != c.want[1] {
				t.Fatalf("got %q, %v; want %q", got, err, c.want)
			}
		})
	}
	if _, err := stepsUpTo(len(migrations) + 1); err == nil {
		t.Error("a version after the last is taken")
	}
	if steps, err := stepsUpTo(3); err != nil || len(steps) != 3 {
		t.Errorf("up to version 3: %d steps, %v", len(steps), err)
	}
}
