package archive_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"handrec/archive"
	"handrec/internal/pgtest"
	"handrec/model"
)

// Two importers of two files of one team match add the match once: match
// has no unique key (its columns may be NULL), and an importer looks the
// match up and adds it under the archive's advisory lock for matches.
// The first importer is held inside that window (between not finding the
// match and adding it) until the second has either come to wait for the
// lock, as it should, or has gone through the same window itself, as it
// would without the lock; then both go on. With the lock, the second
// finds the match the first added: one match. Without it, both add it.
func TestPostgresMatchLock(t *testing.T) {
	// Serial: SetPGMatchHook sets the engine's hook, which every
	// PostgreSQL import of a team match in the test binary calls.
	url := pgtest.URL(t)
	first, err := archive.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	g := newGen(12, false)
	var files [2][]*model.Record
	for f := range files {
		files[f] = g.records(3)
		for _, r := range files[f] {
			r.Match = &model.Match{First: 1, Last: 6, Home: model.Team{Name: "Home", Carry: "0"}, Visit: model.Team{Name: "Visit"}}
		}
	}
	inside := make(chan struct{}, 2)
	release := make(chan struct{})
	defer archive.SetPGMatchHook(func() {
		inside <- struct{}{}
		<-release
	})()
	var wg sync.WaitGroup
	errs := make([]error, len(files))
	importFile := func(f int) {
		defer wg.Done()
		db, err := archive.Open(context.Background(), url)
		if err != nil {
			errs[f] = err
			return
		}
		defer db.Close()
		name := fmt.Sprintf("segment%d.pbn", f)
		_, errs[f] = db.Import(context.Background(), archive.Source{Path: name, Size: 1, SHA256: name, Format: "pbn"},
			&sliceReader{recs: files[f]}, archive.ImportOptions{})
	}
	wg.Add(2)
	go importFile(0)
	<-inside // the first importer has not found the match, and holds the lock
	go importFile(1)
	second := "waits for the lock"
	deadline := time.Now().Add(time.Minute)
wait:
	for {
		select {
		case <-inside:
			second = "went through the window" // no lock kept it out
			break wait
		default:
		}
		if count(t, first, "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = 17 AND objsubid = 2 AND NOT granted") > 0 {
			break
		}
		if time.Now().After(deadline) {
			close(release)
			t.Fatal("the second importer neither waits for the lock nor reaches the window")
		}
		time.Sleep(10 * time.Millisecond)
	}
	close(release)
	wg.Wait()
	for f, err := range errs {
		if err != nil {
			t.Fatalf("importer %d: %v", f, err)
		}
	}
	if got := count(t, first, "SELECT count(*) FROM match"); got != 1 || second != "waits for the lock" {
		t.Errorf("%d matches, and the second importer %s; want 1, and waits for the lock", got, second)
	}
	if got := count(t, first, "SELECT sum(games) FROM matches"); got != 6 {
		t.Errorf("the match has %d games, want 6", got)
	}
}
