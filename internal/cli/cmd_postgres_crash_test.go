package cli

import (
	"context"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"handrec/internal/pgtest"
)

// TestPostgresCrashKeepsImports: what an import's summary reports as
// stored is stored when the server crashes right after it (pg_ctl stop -m
// immediate): each file's commit waits for the server's log to be written
// out. The server's log writer is made to wait 10 s (wal_writer_delay),
// so that a commit that did not wait is lost in the crash, as the last
// 2,500 of 7,500 records were.
func TestPostgresCrashKeepsImports(t *testing.T) {
	t.Parallel()
	srv := pgtest.NewServer(t, "wal_writer_delay=10000")
	url := srv.URL(t)
	code, _, errs := runCLI("import", "--db", url, "samples/")
	m := regexp.MustCompile(`: (\d+) files \(.*\): (\d+) records, (\d+) new,`).FindStringSubmatch(errs)
	if code != 0 || m == nil {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	files, _ := strconv.Atoi(m[1])
	stored, _ := strconv.Atoi(m[3])
	srv.Crash(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var games, sources int
	if err := conn.QueryRow(ctx, "SELECT (SELECT count(*) FROM game), (SELECT count(*) FROM source)").Scan(&games, &sources); err != nil {
		t.Fatal(err)
	}
	if games != stored || sources != files {
		t.Errorf("after the crash: %d games of %d files; the import reported %d new of %d files", games, sources, stored, files)
	}
}
