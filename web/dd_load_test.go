package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"handrec/archive"
	"handrec/ddsolve"
	"handrec/internal/cpuclock"
	"handrec/model"
	"handrec/pipeline"
)

// randomDeals writes n random full deals, boards 1 to n, with no table.
func randomDeals(t *testing.T, n int) string {
	rng := rand.New(rand.NewPCG(39, 3))
	var b strings.Builder
	for k := 1; k <= n; k++ {
		var d model.Deal
		for i, c := range rng.Perm(52) {
			d.Hands[i%4] = d.Hands[i%4].With(model.NewCard(model.Suit(c/13), model.Rank(c%13+2)))
		}
		d.Known = [4]bool{true, true, true, true}
		fmt.Fprintf(&b, "[Board \"%d\"]\n[Deal \"%s\"]\n\n", k, d.PBN(model.North))
	}
	p := filepath.Join(t.TempDir(), "deals.pbn")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// loadServer serves an archive of n random deals on 127.0.0.1 until the
// test ends (or, at the latest, 5 minutes): its base URL.
func loadServer(t *testing.T, n int) (*Server, string) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "a.db")
	db, err := archive.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pipeline.Import(ctx, db, []string{randomDeals(t, n)}, pipeline.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	ro, err := archive.OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(ro, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	sctx, stop := context.WithTimeout(ctx, 5*time.Minute) // stops by itself
	done := make(chan struct{})
	go func() { s.Serve(sctx, ln); close(done) }()
	t.Cleanup(func() { stop(); <-done; ro.Close() })
	return s, "http://" + ln.Addr().String()
}

// loadCounts are the answers of a flood of requests.
type loadCounts struct {
	mu                  sync.Mutex
	ok, busy, gone, bad int
	slowestBusy         time.Duration
}

func (c *loadCounts) add(resp *http.Response, err error, took time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case err != nil:
		c.gone++
	case resp.StatusCode == 200:
		c.ok++
	case resp.StatusCode == http.StatusServiceUnavailable && resp.Header.Get("Retry-After") != "":
		c.busy++
		c.slowestBusy = max(c.slowestBusy, took)
	default:
		c.bad++
	}
}

// TestDDLoad floods the viewer on loopback with 3,000 /api/board/ID
// requests for 3,000 deals without a table, 128 at a time, each client
// gone after 0.2 s: at most DefaultWaiting deals wait for the solver, a
// request beyond them is answered 503 with Retry-After at once, a deal
// whose client left is dropped unsolved, and every deal asked is solved,
// dropped or refused: once the flood has
// passed, the solver is idle after the deal it was solving (a minute at
// most), and a board is solved as soon as it is asked. The counts and times
// are logged (go test -run TestDDLoad -v ./web).
func TestDDLoad(t *testing.T) {
	const n, clients = 3000, 128
	s, base := loadServer(t, n+1)
	svc := s.dd.(*ddsolve.Service)
	client := &http.Client{Timeout: 200 * time.Millisecond, Transport: &http.Transport{MaxIdleConnsPerHost: clients}}
	var counts loadCounts
	ids := make(chan int, n)
	for id := 1; id <= n; id++ {
		ids <- id
	}
	close(ids)
	start, cpu0 := time.Now(), cpuclock.Used()
	var wg sync.WaitGroup
	for range clients {
		wg.Go(func() {
			for id := range ids {
				t0 := time.Now()
				resp, err := client.Get(base + "/api/board/" + strconv.Itoa(id))
				if err == nil {
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
				counts.add(resp, err, time.Since(t0))
			}
		})
	}
	wg.Wait()
	flood := time.Since(start)
	waitIdle(t, svc)
	st := svc.Stats()
	t.Logf("%d requests in %v, %d clients: %d answered, %d busy (503, the slowest in %v), %d clients gone; "+
		"the solver: %d solved (%v), %d dropped, %d refused, at most %d waiting; idle %v after the flood; %v of CPU (server and clients)",
		n, flood.Round(time.Millisecond), clients, counts.ok, counts.busy, counts.slowestBusy.Round(time.Millisecond), counts.gone,
		st.Solved, st.Took.Round(time.Millisecond), st.Dropped, st.Refused, st.MostWaiting, (time.Since(start) - flood).Round(time.Millisecond),
		(cpuclock.Used() - cpu0).Round(time.Millisecond))
	if counts.bad > 0 || counts.ok+counts.busy+counts.gone != n {
		t.Errorf("%d answers neither a board, busy, nor a client gone", counts.bad)
	}
	// a request whose client left before the board's other queries were
	// done asks for no deal: at most n were asked
	if st.Solved+st.Dropped+st.Refused > n || st.MostWaiting > ddsolve.DefaultWaiting || counts.busy > st.Refused {
		t.Errorf("stats %+v for %d deals asked, %d answered busy", st, n, counts.busy)
	}
	// after the flood, a board is solved when asked
	t0 := time.Now()
	resp, err := (&http.Client{Timeout: time.Minute}).Get(base + "/api/board/" + strconv.Itoa(n+1))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var board struct {
		Extra struct {
			DD *ddView `json:"dd"`
		} `json:"extra"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&board); err != nil || resp.StatusCode != 200 || board.Extra.DD == nil || board.Extra.DD.From != "solved" {
		t.Errorf("after the flood: %d %v %+v", resp.StatusCode, err, board.Extra.DD)
	}
	t.Logf("then a board solved in %v", time.Since(t0).Round(time.Millisecond))
}

// waitIdle waits until no deal waits for svc's solver and it solves
// none: the server has seen every client go.
func waitIdle(t *testing.T, svc *ddsolve.Service) {
	t.Helper()
	for end := time.Now().Add(time.Minute); ; time.Sleep(10 * time.Millisecond) {
		if st := svc.Stats(); st.Waiting == 0 && !st.Solving {
			return
		}
		if time.Now().After(end) {
			t.Fatalf("the solver still busy a minute after the flood: %+v", svc.Stats())
		}
	}
}
