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
// the server as a process on 127.0.0.1, sends 1,000 requests of each kind
// one after another from this client, and logs the median and the 99th
// percentile of the latency, the machine's load average before each kind,
// the server's CPU time a request (its process's: on PostgreSQL the
// server's own is not counted) and its memory (VmRSS, VmHWM). It runs
// only when HANDREC_SERVE_DB names the archive (a file, or a PostgreSQL
// archive's URL) and HANDREC_SERVE_RECORDS its number of records
// (docs/performance.md says how the figures were made):
//
//	HANDREC_SERVE_DB=big.db HANDREC_SERVE_RECORDS=1000000 go test -run TestServeFigures -v ./internal/cli
func TestServeFigures(t *testing.T) {
	t.Parallel()
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
	get := func(urls []string) (time.Duration, int, error) {
		start, size := time.Now(), 0
		for _, u := range urls {
			resp, err := client.Get(base + u)
			if err != nil {
				return 0, 0, err
			}
			n, err := io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if err != nil || resp.StatusCode != 200 {
				return 0, 0, fmt.Errorf("%s: %s %v", u, resp.Status, err)
			}
			size += int(n)
		}
		return time.Since(start), size, nil
	}
	kinds := serveKinds(records)
	for i := 0; i < 20; i++ { // warm the connection and the page cache a little
		get(kinds[0].urls())
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
	timeKinds(t, kinds, get, cmd.Process.Pid)
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

// timeKinds sends 1,000 requests of each kind with get, one after
// another, and logs their latency, size and the server's CPU time.
func timeKinds(t *testing.T, kinds []serveKind, get func([]string) (time.Duration, int, error), pid int) {
	t.Logf("%-36s %9s %9s %9s %9s %9s  %s", "requests (1,000 each)", "median", "p99", "max", "bytes", "serve CPU", "load before")
	for _, k := range kinds {
		load, _ := os.ReadFile("/proc/loadavg")
		cpu0 := processCPU(t, pid)
		var ds []time.Duration
		size := 0
		for i := 0; i < 1000; i++ {
			d, n, err := get(k.urls())
			if err != nil {
				t.Fatal(err)
			}
			ds = append(ds, d)
			size += n
		}
		cpu := processCPU(t, pid) - cpu0
		slices.Sort(ds)
		ms := func(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }
		t.Logf("%-36s %9s %9s %9s %9d %9s  %s", k.name, ms(ds[len(ds)/2]), ms(ds[len(ds)*99/100]), ms(ds[len(ds)-1]), size/len(ds),
			ms(cpu/1000), strings.Join(strings.Fields(string(load))[:3], " "))
	}
}

// serveKind is a kind of request TestServeFigures times: its URLs, one
// after another (a search page, then its count).
type serveKind struct {
	name string
	urls func() []string
}

// serveKinds are the requests over an archive of records records, ids
// drawn at random, the same each run.
func serveKinds(records int) []serveKind {
	rng := rand.New(rand.NewPCG(30, 1))
	id := func() int { return 1 + rng.IntN(records) }
	one := func(format string) func() []string {
		return func() []string { return []string{fmt.Sprintf(format, id())} }
	}
	return []serveKind{
		{"board page, a random record", one("/board/%d")},
		{"board page at trick 7", one("/board/%d?trick=7&card=4")},
		{"search, a page at a random depth", one("/search?after=%d")},
		{"search, contract and declarer", one("/search?contract=4S&declarer=N&after=%d")},
		{"search, hcp 20-22", one("/search?hcp=20-22&after=%d")},
		{"search, --where condition", one("/search?where=tricks+%%3E%%3D+level+%%2B+8&after=%d")},
		{"search, a new one, then its count", func() []string { // its hits counted each time
			q := fmt.Sprintf("where=id+%%3E+%d+AND+tricks+%%3D+9", id())
			return []string{"/search?" + q, "/api/count?" + q}
		}},
		{"event page at a random depth", one("/event/1?after=%d")},
		{"home page (events counted once)", func() []string { return []string{"/"} }},
		{"API board", one("/api/board/%d?dd=0")},
	}
}

// processCPU is the CPU time process pid has used (user and system).
func processCPU(t *testing.T, pid int) time.Duration {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	// the fields after the command's name, in parentheses: utime and
	// stime are the 14th and 15th of the line, in clock ticks (100 a
	// second)
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+2:]))
	var user, sys int64
	fmt.Sscan(f[11], &user)
	fmt.Sscan(f[12], &sys)
	return time.Duration(user+sys) * 10 * time.Millisecond
}
