package archive_test

import (
	"bufio"
	"context"
	"fmt"
	neturl "net/url"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"handrec/archive"
	"handrec/internal/pgtest"
	"handrec/model"
)

func TestMain(m *testing.M) {
	code := m.Run()
	pgtest.Stop() // the PostgreSQL server the tests started, if any
	os.Exit(code)
}

// backends are the engines an archive test runs on: a SQLite file, and a
// database on a throwaway PostgreSQL server (the test skips there without
// the server's binaries).
var backends = []string{"sqlite", "postgres"}

// opener opens a new, empty archive and gives it with its name (a path or
// a URL).
type opener func(t testing.TB) (*archive.DB, string)

// forBackends runs test on each backend, the two at once: a test that
// sets one of the engines' hooks may not call it, since its deferred
// reset would run before the backends' subtests.
func forBackends(t *testing.T, test func(t *testing.T, open opener)) {
	for _, b := range backends {
		t.Run(b, func(t *testing.T) {
			t.Parallel()
			test(t, openerFor(b))
		})
	}
}

func openerFor(backend string) opener {
	if backend == "sqlite" {
		return openTemp
	}
	return func(t testing.TB) (*archive.DB, string) {
		t.Helper()
		url := pgtest.URL(t)
		db, err := archive.Open(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db, url
	}
}

// readerOf opens the archive name (a path, or the URL an opener gave)
// read-only, to run a caller's SQL on it: on a server as a role that is
// no superuser (pgtest.Reader), the only one a query may run as.
func readerOf(t testing.TB, name string) *archive.DB {
	t.Helper()
	if archive.IsURL(name) {
		name = pgtest.Reader(t, name)
	}
	db, err := archive.OpenReadOnly(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// Four importers, each with an archive of its own open on the same
// server, import overlapping sets of files at once: every file is
// imported once, every game is stored once, and each file's games are
// linked to it once.
func TestPostgresImportersAtOnce(t *testing.T) {
	t.Parallel()
	url := pgtest.URL(t)
	first, err := archive.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	g := newGen(7, true)
	const files, perFile = 8, 40
	recs := make([][]*model.Record, files)
	for f := range recs {
		recs[f] = g.records(perFile)
		// the files of one parity are the segments of one match, and
		// every game has a warning of three: the importers share match
		// rows and problem texts, which each adds outside its
		// transaction
		for i, r := range recs[f] {
			r.Match = &model.Match{First: 1, Last: 2, Home: model.Team{Name: fmt.Sprint("Home ", f%2), Carry: "0"}, Visit: model.Team{Name: "Visit"}}
			r.Problems = append(r.Problems, model.Problem{Severity: model.SevWarning, Message: fmt.Sprint("warning ", i%3)})
		}
	}
	sets := [4][]int{{0, 1, 2, 3, 4}, {2, 3, 4, 5, 6}, {4, 5, 6, 7, 0}, {6, 7, 0, 1, 2}}
	var wg sync.WaitGroup
	stats := make([][]archive.FileStats, len(sets))
	errs := make([]error, len(sets))
	for i, set := range sets {
		wg.Add(1)
		go func() {
			defer wg.Done()
			db, err := archive.Open(context.Background(), url)
			if err != nil {
				errs[i] = err
				return
			}
			defer db.Close()
			for _, f := range set {
				name := fmt.Sprintf("f%d.pbn", f)
				st, err := db.Import(context.Background(), archive.Source{Path: name, Size: 1, SHA256: "sha-" + name, Format: "pbn"},
					&sliceReader{recs: recs[f]}, archive.ImportOptions{})
				if err != nil {
					errs[i] = fmt.Errorf("%s: %w", name, err)
					return
				}
				stats[i] = append(stats[i], st)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	imported, skipped := 0, 0
	for _, sts := range stats {
		for _, st := range sts {
			switch {
			case st.Skipped && st.Records == perFile && st.Existing == perFile:
				skipped++
			case !st.Skipped && st.New == perFile && st.Existing == 0:
				imported++
			default:
				t.Errorf("a file's import: %+v", st)
			}
		}
	}
	if imported != files || skipped != 20-files {
		t.Errorf("%d files imported, %d skipped; want %d and %d", imported, skipped, files, 20-files)
	}
	for q, want := range map[string]int{
		"SELECT count(*) FROM records":                                           files * perFile,
		"SELECT count(DISTINCT deal) FROM records":                               files * perFile,
		"SELECT count(*) FROM sources":                                           files,
		"SELECT count(*) FROM record_sources":                                    files * perFile,
		"SELECT count(*) FROM (SELECT DISTINCT record FROM record_sources) AS x": files * perFile,
		"SELECT count(*) FROM hands":                                             files * perFile * 4,
		"SELECT count(*) FROM matches":                                           2,
		"SELECT sum(games) FROM matches":                                         files * perFile,
		"SELECT count(*) FROM problem_text":                                      3,
		"SELECT count(*) FROM problems":                                          files * perFile,
	} {
		if got := count(t, first, q); got != want {
			t.Errorf("%s = %d, want %d", q, got, want)
		}
	}
}

// gatedReader serves its records, waiting for gate before record at.
type gatedReader struct {
	sliceReader
	at   int
	gate chan struct{}
}

func (g *gatedReader) Next() (*model.Record, error) {
	if g.i+1 == g.at {
		<-g.gate
	}
	return g.sliceReader.Next()
}

// Two importers whose files hold two games in opposite orders, each
// game in another batch, deadlock: each has stored one game, uncommitted,
// and waits for the other's. The server ends one of them, whose import is
// an EConflict error that left nothing; the other completes, and the first
// file imported again completes too.
func TestPostgresImportConflict(t *testing.T) {
	// Serial: SetPGBatch and SetPGWrittenHook set the engine's hooks,
	// which every PostgreSQL import of the test binary reads.
	url := pgtest.URL(t)
	defer archive.SetPGBatch(64)() // a batch of a file's records written before the next is read
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	g := newGen(9, false)
	shared := g.records(2)
	a := append(append(append([]*model.Record{shared[0]}, g.records(70)...), shared[1]), g.records(5)...)
	b := append(append(append([]*model.Record{shared[1]}, g.records(70)...), shared[0]), g.records(5)...)
	// each importer's first batch, on the server: the importers write
	// one batch each before the gate
	written := make(chan struct{}, 2)
	defer archive.SetPGWrittenHook(func() {
		select {
		case written <- struct{}{}:
		default:
		}
	})()
	gate := make(chan struct{})
	go func() { <-written; <-written; close(gate) }()
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i, recs := range [][]*model.Record{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			db, err := archive.Open(context.Background(), url)
			if err != nil {
				errs[i] = err
				return
			}
			defer db.Close()
			name := fmt.Sprintf("%c.pbn", 'a'+i)
			_, errs[i] = db.Import(ctx, archive.Source{Path: name, Size: 1, SHA256: name, Format: "pbn"},
				&gatedReader{sliceReader{recs: recs}, 72, gate}, archive.ImportOptions{})
		}()
	}
	wg.Wait()
	failed := -1
	for i, err := range errs {
		switch {
		case err == nil:
		case archive.Code(err) == archive.EConflict && failed < 0:
			failed = i
		default:
			t.Fatalf("importer %d: %v", i, err)
		}
	}
	if failed < 0 {
		t.Fatal("no importer met the other: the test did not make the deadlock it is about")
	}
	db, err := archive.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if n := count(t, db, "SELECT count(*) FROM sources"); n != 1 {
		t.Errorf("%d sources after one import failed, want 1", n)
	}
	recs := [][]*model.Record{a, b}[failed]
	name := fmt.Sprintf("%c.pbn", 'a'+failed)
	st, err := db.Import(context.Background(), archive.Source{Path: name, Size: 1, SHA256: name, Format: "pbn"}, &sliceReader{recs: recs}, archive.ImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if want := (archive.FileStats{Records: 77, New: 75, Existing: 2}); st != want {
		t.Errorf("again: %+v, want %+v", st, want)
	}
	if n := count(t, db, "SELECT count(*) FROM records"); n != 152 {
		t.Errorf("%d records, want 152", n)
	}
}

// An import into a PostgreSQL archive killed with SIGKILL in the middle
// of a file, after it sent the server thousands of rows, leaves the
// archive as it was before that file: the server rolls its transaction
// back.
func TestPostgresKillDuringImport(t *testing.T) {
	t.Parallel()
	url := pgtest.URL(t)
	db, err := archive.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	importRecs(t, db, "first.pbn", newGen(10, true).records(30))
	const counts = "SELECT (SELECT count(*) FROM source), (SELECT count(*) FROM game), (SELECT count(*) FROM plays), (SELECT count(*) FROM hands), (SELECT count(*) FROM game_source)"
	before := dump(t, db.SQL(), counts)

	cmd := exec.Command(os.Args[0], "-test.run=^TestKillHelper$", "-test.v")
	cmd.Env = append(os.Environ(), "HANDREC_KILL_DB="+url)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait until the child has read 3,200 records (three batches sent),
	// then kill it.
	sc := bufio.NewScanner(out)
	lines := 0
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "records") {
			if lines++; lines == 5 {
				break
			}
		}
	}
	if lines < 5 {
		cmd.Process.Kill()
		t.Fatal("the child stopped before it imported enough")
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	// The server sees the connection gone and rolls back: wait for its
	// backend to end.
	for range 100 {
		if count(t, db, "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'handrec' AND pid <> pg_backend_pid() AND state <> 'idle'") == 0 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	after := dump(t, db.SQL(), counts)
	if fmt.Sprint(after) != fmt.Sprint(before) || fmt.Sprint(after) != "[[1 30 1560 120 30]]" {
		t.Errorf("counts after the kill = %v, before %v", after, before)
	}
	st, err := db.Import(context.Background(), archive.Source{Path: "endless.pbn", SHA256: "endless"}, &genReader{g: newGen(11, true), n: 40}, archive.ImportOptions{})
	if err != nil || st.New != 40 {
		t.Errorf("import after the kill: %+v, %v", st, err)
	}
}

// A PostgreSQL archive of a version before 18 is not upgraded (the data
// moves of versions 13 to 18 are written for SQLite only): opening it
// says so and changes nothing. One of version 18 is: it gets version 19's
// views.
func TestPostgresOldVersion(t *testing.T) {
	t.Parallel()
	url := pgtest.URL(t)
	db, err := archive.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	importRecs(t, db, "first.pbn", newGen(10, true).records(3))
	last := count(t, db, "SELECT version FROM handrec_archive")
	for _, q := range []string{"UPDATE handrec_archive SET version = 12", "DROP VIEW traveller_scores"} {
		if _, err := db.SQL().Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	_, err = archive.Open(context.Background(), url)
	want := fmt.Sprintf("%s: a PostgreSQL archive of schema version 12 cannot be upgraded to %d: import its files into a new database", archive.DisplayName(url), last)
	if err == nil || err.Error() != want {
		t.Fatalf("open at version 12: %v, want %s", err, want)
	}
	if n := count(t, db, "SELECT version FROM handrec_archive"); n != 12 {
		t.Errorf("version after the refused upgrade = %d, want 12", n)
	}

	// version 18's hands view, without version 20's table and version 21's column
	for _, q := range []string{"UPDATE handrec_archive SET version = 18", "DROP VIEW hands", "DROP TABLE hand_points", archive.PgHands13,
		"ALTER TABLE game_source DROP COLUMN row_pos"} {
		if _, err := db.SQL().Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	up, err := archive.Open(context.Background(), url)
	if err != nil {
		t.Fatalf("open at version 18: %v", err)
	}
	up.Close()
	if n := count(t, db, "SELECT version FROM handrec_archive"); n != last {
		t.Errorf("version after the upgrade = %d, want %d", n, last)
	}
	if n := count(t, db, "SELECT count(*) FROM pg_views WHERE viewname IN ('traveller_scores', 'match_boards') AND schemaname = current_schema()"); n != 2 {
		t.Errorf("session views after the upgrade = %d, want 2", n)
	}
	if n := count(t, db, "SELECT count(*) FROM hands WHERE hcp BETWEEN 0 AND 37 AND s_len + h_len + d_len + c_len = 13"); n != 12 {
		t.Errorf("hands after the upgrade = %d, want 12", n)
	}
}

// TestPostgresReaderRole: a caller's SQL (a query, a condition) runs only
// as a role that can read neither the server's files nor its other
// sessions nor its settings: a superuser is refused, and so is a role
// with the privileges of pg_read_server_files, each saying why; reading
// the records without a condition is not a caller's SQL, and works. As a
// plain role, the functions that reach beyond the archive are refused by
// name, and what the server itself refuses says so, not that the archive
// may not be changed.
func TestPostgresReaderRole(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, url := openerFor("postgres")(t)
	importRecs(t, db, "a.pbn", newGen(4, false).records(3))
	const how = ": a query or condition runs only as a role without such rights (docs/archive.md, \"A role to read with\")"
	super := "the archive is read as postgres, a superuser, who may read the server's files and end other sessions" + how
	none := func([]string, []any) error { return nil }
	var n int
	errs := []error{
		db.CheckReader(ctx),
		db.Query(ctx, "SELECT 1", nil, none),
		db.Records(ctx, "board = 1", func(*model.Record) error { return nil }),
		db.Records(ctx, "", func(*model.Record) error { n++; return nil }),
	}
	for i, want := range []string{super, super, super, ""} {
		got := ""
		if errs[i] != nil {
			got = errs[i].Error()
		}
		if got != want || want != "" && archive.Code(errs[i]) != archive.EDenied {
			t.Errorf("as the superuser, %d: %v (%s), want %q", i, errs[i], archive.Code(errs[i]), want)
		}
	}
	if n != 3 {
		t.Errorf("as the superuser, the records without a condition: %d, want 3", n)
	}

	reader := readerOf(t, url)
	for _, c := range []struct{ name, q, want string }{
		{"records", "SELECT count(*) FROM records", ""},
		{"pg_read_file", "SELECT pg_read_file('/etc/passwd', 0, 80)", "pg_read_file is not allowed: a query may not read the server's files"},
		{"pg_ls_dir", "SELECT pg_ls_dir('/')", "pg_ls_dir is not allowed: a query may not read the server's files"},
		{"lo_import", "SELECT lo_import('/etc/passwd')", "lo_import is not allowed: a query may not read the server's files"},
		{"pg_terminate_backend", "SELECT pg_terminate_backend(pg_backend_pid())", "pg_terminate_backend is not allowed: a query may not see or end the server's other sessions"},
		{"pg_reload_conf", "SELECT pg_reload_conf()", "pg_reload_conf is not allowed: a query may not change the server or read its settings"},
		{"pg_authid", "SELECT rolname FROM pg_authid", "pg_authid is not allowed: a query may not read the server's roles and passwords"},
		{"pg_advisory_lock", "SELECT pg_advisory_lock(1213351235)", "pg_advisory_lock is not allowed: a query may not take locks or leave state on its connection"},
		{"pg_statistic", "SELECT count(*) FROM pg_statistic", "the server refused it to the role the archive is read as: permission denied for table pg_statistic"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := ""
			if err := reader.Query(ctx, c.q, nil, none); err != nil {
				got = err.Error()
				if archive.Code(err) != archive.EDenied {
					t.Errorf("%s: code %q, want denied", c.q, archive.Code(err))
				}
			}
			if got != c.want {
				t.Errorf("as a plain role, %s: %q, want %q", c.q, got, c.want)
			}
		})
	}

	// a role that may read the server's files
	u, err := neturl.Parse(url)
	if err != nil {
		t.Fatal(err)
	}
	role := "reader_" + strings.TrimPrefix(u.Path, "/") // pgtest.Reader's
	if _, err := db.SQL().Exec("GRANT pg_read_server_files, pg_signal_backend TO " + role); err != nil {
		t.Fatal(err)
	}
	files := readerOf(t, url)
	err = files.Query(ctx, "SELECT 1", nil, none)
	want := "the archive is read as " + role + ", who has the privileges of pg_read_server_files, pg_signal_backend (may read the server's files, end other sessions)" + how
	if err == nil || err.Error() != want {
		t.Errorf("as a role with pg_read_server_files: %v, want %q", err, want)
	}
}
