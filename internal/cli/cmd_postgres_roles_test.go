package cli

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"handrec/internal/pgtest"
)

// superuserRefused is what a query or condition run as the test server's
// superuser is told.
const superuserRefused = "the archive is read as postgres, a superuser, who may read the server's files and end other sessions: " +
	"a query or condition runs only as a role without such rights (docs/archive.md, \"A role to read with\")"

// TestPostgresQueryRoles: query and --where run a caller's SQL as a role
// that is no superuser: as the superuser they are refused (exit 2, saying
// why) while export without a condition reads; as a plain role, the
// functions that reach the server's files, its other sessions and its
// settings are refused by name, each with its reason.
func TestPostgresQueryRoles(t *testing.T) {
	t.Parallel()
	admin := pgtest.URL(t)
	if code, _, errs := runCLI("import", "--db", admin, "samples/full_play.pbn"); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	reader := pgtest.Reader(t, admin)
	const try = "\nTry: handrec --help\n"
	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"query", "--db", admin, "SELECT 1"}, 2, "handrec: query: " + superuserRefused + try},
		{[]string{"query", "--db", admin, "SELECT pg_ls_dir('/')"}, 2, "handrec: query: " + superuserRefused + try},
		{[]string{"export", "--db", admin, "--to", "pbn", "--where", "board = 1"}, 2, "handrec: --where \"board = 1\": " + superuserRefused + try},
		{[]string{"serve", "--db", admin, "--addr", "127.0.0.1:0"}, 2, "handrec: serve: " + superuserRefused + try},
		{[]string{"export", "--db", admin, "--to", "pbn"}, 0, ""},
		{[]string{"query", "--db", reader, "SELECT count(*) FROM records"}, 0, ""},
		{[]string{"query", "--db", reader, "SELECT pg_read_file('/etc/passwd', 0, 80)"}, 2, "handrec: query: pg_read_file is not allowed: a query may not read the server's files" + try},
		{[]string{"query", "--db", reader, "SELECT pg_ls_dir('/')"}, 2, "handrec: query: pg_ls_dir is not allowed: a query may not read the server's files" + try},
		{[]string{"query", "--db", reader, "SELECT lo_import('/etc/passwd')"}, 2, "handrec: query: lo_import is not allowed: a query may not read the server's files" + try},
		{[]string{"query", "--db", reader, "SELECT pg_reload_conf()"}, 2, "handrec: query: pg_reload_conf is not allowed: a query may not change the server or read its settings" + try},
		{[]string{"query", "--db", reader, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"}, 2, "handrec: query: pg_terminate_backend is not allowed: a query may not see or end the server's other sessions" + try},
		{[]string{"query", "--db", reader, "SELECT rolpassword FROM pg_authid"}, 2, "handrec: query: pg_authid is not allowed: a query may not read the server's roles and passwords" + try},
		{[]string{"query", "--db", reader, "SELECT * FROM dblink('dbname=x', 'SELECT 1') AS t(a int)"}, 2, "handrec: query: dblink is not allowed: a query may not connect to other servers" + try},
		{[]string{"query", "--db", reader, "SELECT count(*) FROM pg_statistic"}, 2, "handrec: query: the server refused it to the role the archive is read as: permission denied for table pg_statistic" + try},
		{[]string{"export", "--db", reader, "--to", "pbn", "--where", "CAST(pg_read_file('/etc/passwd',0,80) AS int) = 1"}, 2,
			"handrec: --where \"CAST(pg_read_file('/etc/passwd',0,80) AS int) = 1\": pg_read_file is not allowed: a query may not read the server's files" + try},
	} {
		code, out, errs := runCLI(c.args...)
		if code != c.code || errs != c.err || c.code != 0 && out != "" {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q", c.args, code, errs, c.code, c.err)
		}
	}
}

// TestServePostgres: the viewer of a PostgreSQL archive, as a plain role.
// A search whose condition would take the importer's advisory lock on
// serve's pooled connection, or read a file into its error message, is
// refused (400, saying why), and an import then runs to its end rather
// than wait for ever; a request another site's page makes is refused
// (403) before it reaches the archive.
func TestServePostgres(t *testing.T) {
	t.Parallel()
	admin := pgtest.URL(t)
	if code, _, errs := runCLI("import", "--db", admin, "samples/full_play.pbn"); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	_, addr := startServe(t, "--db", pgtest.Reader(t, admin), "--addr", "127.0.0.1:0")
	apiError := func(path string, header ...string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest("GET", "http://"+addr+path, nil)
		if len(header) == 2 {
			req.Header.Set(header[0], header[1])
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		var e struct {
			Error string `json:"error"`
		}
		json.Unmarshal(body, &e)
		return resp.StatusCode, e.Error
	}
	where := func(cond string) string { return "/api/search?where=" + url.QueryEscape(cond) }
	for _, c := range []struct {
		path   string
		header []string
		code   int
		msg    string
	}{
		{where("pg_advisory_lock(1213351235) IS NULL"), nil, 400, "pg_advisory_lock is not allowed: a query may not take locks or leave state on its connection"},
		{where("CAST(pg_read_file('/etc/passwd',0,80) AS int) = 1"), nil, 400, "pg_read_file is not allowed: a query may not read the server's files"},
		{where("set_config('work_mem', '1GB', false) IS NULL"), nil, 400, "set_config is not allowed: a query may not change the server or read its settings"},
		{where("board = 1"), []string{"Origin", "https://evil.example"}, 403,
			"this server answers its own pages only, and this request came from another site's (Origin: https://evil.example): open the address from the viewer's pages, or type it in the address bar"},
		{where("board = 1"), []string{"Sec-Fetch-Site", "cross-site"}, 403,
			"this server answers its own pages only, and this request came from another site's (Sec-Fetch-Site: cross-site): open the address from the viewer's pages, or type it in the address bar"},
		{where("board = 1"), nil, 200, ""},
	} {
		if code, msg := apiError(c.path, c.header...); code != c.code || msg != c.msg {
			t.Errorf("%s %q: %d %q, want %d %q", c.path, c.header, code, msg, c.code, c.msg)
		}
	}
	// the team match's import takes the archive's advisory lock for
	// matches, which a lock left on serve's connection would hold
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	done := make(chan string, 1)
	go func() {
		code, _, errs := runCLI("import", "--db", admin, "samples/vugraph_match.lin")
		if code != 0 {
			errs = "exit " + strings.TrimSpace(errs)
		} else {
			errs = ""
		}
		done <- errs
	}()
	select {
	case err := <-done:
		if err != "" {
			t.Errorf("import after the searches: %s", err)
		}
	case <-ctx.Done():
		t.Fatal("the import after the searches did not end in 2 minutes")
	}
}
