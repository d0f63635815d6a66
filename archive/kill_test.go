package archive_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"handrec/archive"
)

// TestKillHelper is the child process of TestKillDuringImport: it imports
// records without end until it is killed.
func TestKillHelper(t *testing.T) {
	t.Parallel()
	path := os.Getenv("HANDREC_KILL_DB")
	if path == "" {
		t.Skip("run by TestKillDuringImport")
	}
	db, err := archive.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	// One connection with a small page cache, so that the transaction
	// spills pages into the write-ahead log long before it commits.
	if !archive.IsURL(path) {
		db.SQL().SetMaxOpenConns(1)
		if _, err := db.SQL().Exec("PRAGMA cache_size = 50"); err != nil {
			t.Fatal(err)
		}
	}
	n := 0
	_, err = db.Import(context.Background(), archive.Source{Path: "endless.pbn", SHA256: "endless"},
		&genReader{g: newGen(11, true), n: -1}, archive.ImportOptions{Progress: func(records int) {
			if n++; n%10 == 0 {
				fmt.Println("records", records)
			}
		}})
	t.Fatalf("import of an endless file ended: %v", err)
}

// An import killed with SIGKILL in the middle of a file leaves the archive
// exactly as it was before that file.
func TestKillDuringImport(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "kill.db")
	db, err := archive.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	importRecs(t, db, "first.pbn", newGen(10, true).records(30))
	before := dump(t, db.SQL(), "SELECT (SELECT count(*) FROM source), (SELECT count(*) FROM game), (SELECT count(*) FROM plays), (SELECT count(*) FROM hands), (SELECT count(*) FROM game_source)")
	db.Close()

	cmd := exec.Command(os.Args[0], "-test.run=^TestKillHelper$", "-test.v")
	cmd.Env = append(os.Environ(), "HANDREC_KILL_DB="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait until the child has written a good part of its transaction
	// into the log, then kill it.
	sc := bufio.NewScanner(out)
	deadline := time.Now().Add(30 * time.Second)
	for sc.Scan() {
		if fi, err := os.Stat(path + "-wal"); err == nil && fi.Size() > 2<<20 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("the log did not grow")
		}
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	fi, err := os.Stat(path + "-wal")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("killed with %d bytes in the log", fi.Size())

	db, err = archive.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if got := dump(t, db.SQL(), "PRAGMA integrity_check"); fmt.Sprint(got) != "[[ok]]" {
		t.Errorf("integrity_check = %v", got)
	}
	if got := dump(t, db.SQL(), "PRAGMA foreign_key_check"); len(got) != 0 {
		t.Errorf("foreign_key_check = %v", got)
	}
	after := dump(t, db.SQL(), "SELECT (SELECT count(*) FROM source), (SELECT count(*) FROM game), (SELECT count(*) FROM plays), (SELECT count(*) FROM hands), (SELECT count(*) FROM game_source)")
	if fmt.Sprint(after) != fmt.Sprint(before) || fmt.Sprint(after) != "[[1 30 1560 120 30]]" {
		t.Errorf("counts after the kill = %v, before %v", after, before)
	}
	// The archive takes the next import as if nothing had happened.
	st, err := db.Import(context.Background(), archive.Source{Path: "endless.pbn", SHA256: "endless"}, &genReader{g: newGen(11, true), n: 40}, archive.ImportOptions{})
	if err != nil || st.New != 40 {
		t.Errorf("import after the kill: %+v, %v", st, err)
	}
}
