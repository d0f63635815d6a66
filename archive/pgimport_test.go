package archive_test

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"handrec/archive"
	"handrec/internal/pgtest"
)

// A role that is not a superuser imports as the superuser does: the
// import's transaction leaves the foreign keys checked for it (turning
// them off is a superuser's setting, which it may not change), and the
// archive it makes holds the same rows.
func TestPostgresImportAsPlainRole(t *testing.T) {
	t.Parallel()
	admin := pgtest.URL(t)
	db, err := archive.Open(context.Background(), admin)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	u, err := url.Parse(admin)
	if err != nil {
		t.Fatal(err)
	}
	role := "importer_" + strings.TrimPrefix(u.Path, "/") // a role is the server's: one a test database
	for _, q := range []string{"CREATE ROLE " + role + " LOGIN PASSWORD 'imp'", "CREATE DATABASE " + role + " OWNER " + role} {
		if _, err := db.SQL().Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	u.User, u.Path = url.UserPassword(role, "imp"), "/"+role
	plain, err := archive.Open(context.Background(), u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	recs := newGen(13, true).records(50)
	for _, a := range []*archive.DB{db, plain} {
		if st := importRecs(t, a, "a.pbn", recs); st.New != 50 {
			t.Errorf("%+v, want 50 new", st)
		}
	}
	const q = "SELECT count(*) FROM records WHERE contract IS NOT NULL"
	if got, want := count(t, plain, q), count(t, db, q); got != want || want == 0 {
		t.Errorf("%s: %d as a plain role, %d as a superuser", q, got, want)
	}
	if n := count(t, plain, "SELECT count(*) FROM pg_roles WHERE rolname = current_user AND NOT rolsuper"); n != 1 {
		t.Errorf("the plain role is a superuser")
	}
}

// The connections of an archive opened to write do not wait for the disk
// at each commit (SQLite's synchronous=NORMAL): handrec asks it when it
// connects (the setting's source is the client), unless the URL says
// otherwise; a reader's are left as the server has them (the test
// server's own setting comes from its command line).
func TestPostgresSynchronousCommit(t *testing.T) {
	t.Parallel()
	url := pgtest.URL(t)
	for _, c := range []struct {
		name     string
		url      string
		readOnly bool
		want     string
	}{
		{"a writer", url, false, "off client"},
		{"a reader", url, true, "off command line"},
		{"a writer whose URL sets it", url + "&synchronous_commit=local", false, "local client"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var db *archive.DB
			var err error
			if c.readOnly {
				db, err = archive.OpenReadOnly(context.Background(), c.url)
			} else {
				db, err = archive.Open(context.Background(), c.url)
			}
			if err != nil {
				t.Fatal(err)
			}
			var setting, source string
			if err := db.SQL().QueryRow("SELECT setting, source FROM pg_settings WHERE name = 'synchronous_commit'").Scan(&setting, &source); err != nil {
				t.Fatal(err)
			}
			db.Close()
			if got := setting + " " + source; got != c.want {
				t.Errorf("%s (read-only %v): synchronous_commit %s, want %s", c.url, c.readOnly, got, c.want)
			}
		})
	}
}
