package postgres

import (
	"testing"

	"handrec/archive/driver"
)

// TestGuard: the names that reach beyond the archive are refused wherever
// PostgreSQL reads them as names, with the reason; the same words in
// strings, comments and dollar quotes are not names, and text that
// PostgreSQL would read otherwise than the scan does is refused.
func TestGuard(t *testing.T) {
	for _, c := range []struct{ sql, want string }{
		{"SELECT count(*) FROM records", ""},
		{"SELECT 'pg_read_file' AS f, $$pg_ls_dir('/')$$, $x$ lo_import $x$ -- pg_reload_conf()\n", ""},
		{"SELECT 1 /* pg_read_file /* nested */ still a comment: set_config */", ""},
		{"SELECT E'\\'' || 'set_config' AS s", ""},
		{"SELECT x$$pg_read_file FROM t", ""}, // one name, as PostgreSQL reads it
		{"SELECT $1::text, count(*) FROM hands WHERE hcp > $2", ""},
		{"SELECT pg_read_file('/etc/passwd', 0, 80)", "pg_read_file is not allowed: a query may not read the server's files"},
		{"CAST(pg_read_file('/etc/passwd',0,80) AS int) = 1", "pg_read_file is not allowed: a query may not read the server's files"},
		{"SELECT * FROM pg_catalog.PG_LS_DIR('/')", "pg_ls_dir is not allowed: a query may not read the server's files"},
		{`SELECT "pg_catalog"."lo_import"('/etc/passwd')`, "lo_import is not allowed: a query may not read the server's files"},
		{"SELECT lo_get(lo_import('/etc/passwd'))", "lo_get is not allowed: a query may not read the server's files"},
		{"SELECT pg_terminate_backend(pid) FROM pg_stat_activity", "pg_terminate_backend is not allowed: a query may not see or end the server's other sessions"},
		{"SELECT query FROM pg_stat_activity", "pg_stat_activity is not allowed: a query may not see or end the server's other sessions"},
		{"SELECT pg_reload_conf()", "pg_reload_conf is not allowed: a query may not change the server or read its settings"},
		{"SELECT set_config('role', 'postgres', true)", "set_config is not allowed: a query may not change the server or read its settings"},
		{"SELECT rolpassword FROM pg_authid", "pg_authid is not allowed: a query may not read the server's roles and passwords"},
		{"pg_advisory_lock(1213351235) IS NULL", "pg_advisory_lock is not allowed: a query may not take locks or leave state on its connection"},
		{"pg_try_advisory_lock_shared(1) IS NULL", "pg_try_advisory_lock_shared is not allowed: a query may not take locks or leave state on its connection"},
		{"SELECT * FROM dblink('host=x', 'SELECT 1') AS t(a int)", "dblink is not allowed: a query may not connect to other servers"},
		{"SELECT query_to_xml('SELECT pg_read_file(''/etc/passwd'')', false, false, '')", "query_to_xml is not allowed: a query may not run SQL given as a string"},
		{"SELECT ts_stat('SELECT to_tsvector(x) FROM t')", "ts_stat is not allowed: a query may not run SQL given as a string"},
		// what the scan would read otherwise than PostgreSQL
		{"SELECT E'\\' , pg_read_file(' AS s", ""}, // one string: \' is a quote in it
		{"SELECT E'\\'', pg_read_file('x'), ''", "pg_read_file is not allowed: a query may not read the server's files"},
		{"SELECT $$'$$, pg_ls_dir('/'), '", "pg_ls_dir is not allowed: a query may not read the server's files"},
		{"SELECT 1 /* /* */ pg_read_file('x') */", ""}, // nested: a comment whole
		{"SELECT 1 /* /* */ pg_read_file('x')", "a /* comment is not closed"},
		{`SELECT U&"\0070g_read_file"('/etc/passwd')`, `a name written with Unicode escapes (U&"...") is not allowed: write it as it is`},
		{`SELECT 1 AS "x""pg_read_file"`, ""}, // one name, with a quote in it
		{`SELECT 1 AS "open`, `a " is not closed`},
		{"SELECT 'open", "a ' is not closed"},
		{"SELECT $a$ open", "a $ quote is not closed"},
	} {
		t.Run(c.sql, func(t *testing.T) {
			err := guard(c.sql)
			got := ""
			if err != nil {
				got = err.Error()
				if driver.Code(err) != driver.EDenied {
					t.Errorf("code %q, want %q", driver.Code(err), driver.EDenied)
				}
			}
			if got != c.want {
				t.Errorf("guard(%q) = %q, want %q", c.sql, got, c.want)
			}
		})
	}
}
