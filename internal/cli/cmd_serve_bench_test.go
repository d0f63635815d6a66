package cli

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServeFigures measures handrec serve over a large archive: it runs
// the server as a process on 127.0.0.1, sends 1,000 requests of each
// kind one after another from this client, and logs the median and the
// 99th percentile of the latency and the server's memory (VmRSS, VmHWM).
// It runs only when HANDREC_SERVE_DB names the archive and
// HANDREC_SERVE_RECORDS its number of records (docs/serve.md says how
// the figures were made):
//
//	HANDREC_SERVE_DB=big.db HANDREC_SERVE_RECORDS=1000000 go test -run TestServeFigures -v ./internal/cli
func TestServeFigures(t *testing.T) {
	db := os.Getenv("HANDREC_SERVE_DB")
	var records int
	fmt.Sscan(os.Getenv("HANDREC_SERVE_RECORDS"), &records)
	if db == "" || records == 0 {
		t.Skip("set HANDREC_SERVE_DB and HANDREC_SERVE_RECORDS to measure serve over an archive")
	}
	cmd := handrecCmd("serve", "--db", db, "--addr", "127.0.0.1:0", "--dd-timeout", "0")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Signal(syscall.SIGINT)
		cmd.Wait()
	}()
	line, err := bufio.NewReader(stderr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`at (http://[^ ]+/) `).FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("first line %q", line)
	}
	base := strings.TrimSuffix(m[1], "/")
	client := &http.Client{Timeout: time.Minute}
	rng := rand.New(rand.NewPCG(30, 1))
	id := func() int { return 1 + rng.IntN(records) }
	kinds := []struct {
		name string
		url  func() string
	}{
		{"board page, a random record", func() string { return fmt.Sprintf("/board/%d", id()) }},
		{"board page at trick 7", func() string { return fmt.Sprintf("/board/%d?trick=7&card=4", id()) }},
		{"search, a page at a random depth", func() string { return fmt.Sprintf("/search?after=%d", id()) }},
		{"search, contract and declarer", func() string { return fmt.Sprintf("/search?contract=4S&declarer=N&after=%d", id()) }},
		{"search, hcp 20-22", func() string { return fmt.Sprintf("/search?hcp=20-22&after=%d", id()) }},
		{"search, --where condition", func() string {
			return fmt.Sprintf("/search?where=%s&after=%d", "tricks+%3E%3D+level+%2B+8", id())
		}},
		{"event page at a random depth", func() string { return fmt.Sprintf("/event/1?after=%d", id()) }},
		{"home page (events counted once)", func() string { return "/" }},
		{"API board", func() string { return fmt.Sprintf("/api/board/%d?dd=0", id()) }},
	}
	get := func(u string) (time.Duration, int, error) {
		start := time.Now()
		resp, err := client.Get(base + u)
		if err != nil {
			return 0, 0, err
		}
		n, err := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			return 0, 0, fmt.Errorf("%s: %s", u, resp.Status)
		}
		return time.Since(start), int(n), err
	}
	for i := 0; i < 20; i++ { // warm the connection and the page cache a little
		get(kinds[0].url())
	}
	for start := time.Now(); ; { // the home page waits while the events are counted
		resp, err := client.Get(base + "/api/events")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode == 200 {
			t.Logf("events counted in %v", time.Since(start).Round(time.Millisecond))
			break
		}
	}
	t.Logf("%-34s %9s %9s %9s %9s", "requests (1,000 each)", "median", "p99", "max", "bytes")
	for _, k := range kinds {
		var ds []time.Duration
		size := 0
		for i := 0; i < 1000; i++ {
			d, n, err := get(k.url())
			if err != nil {
				t.Fatal(err)
			}
			ds = append(ds, d)
			size += n
		}
		slices.Sort(ds)
		ms := func(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }
		t.Logf("%-34s %9s %9s %9s %9d", k.name, ms(ds[len(ds)/2]), ms(ds[len(ds)*99/100]), ms(ds[len(ds)-1]), size/len(ds))
	}
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", cmd.Process.Pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(status), "\n") {
		if strings.HasPrefix(l, "VmRSS") || strings.HasPrefix(l, "VmHWM") {
			t.Logf("server %s", strings.Join(strings.Fields(l), " "))
		}
	}
}
