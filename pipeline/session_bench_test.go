package pipeline

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"handrec/internal/cpuclock"
	"handrec/model"
)

// A BBO pairs tournament made up: one LIN file a table and board, as BBO
// writes them (no newline at the end, files named by sequential ids,
// board by board). Every table plays a round's boards on the board's one
// deal; a round draws the tables and directions anew (one field, as BBO's
// pairs events); each table bids a random contract (passes to declarer,
// the bid, three passes) and plays at random but legally (following suit
// when it can; the trick's winner leads), and a share of them claims
// after some tricks (mc, declarer's total tricks).

const bboRanks = "23456789TJQKA"

// bboTourney writes tables x boards files to dir, rounds of perRound
// boards, from seed.
func bboTourney(dir string, tables, boards, perRound int, seed uint64) error {
	rng := rand.New(rand.NewPCG(seed, 1))
	id := 30000000
	var seats [][2]int
	for b := 1; b <= boards; b++ {
		if (b-1)%perRound == 0 {
			seats = drawTables(rng, tables)
		}
		hands := dealHands(rng)
		for _, pairs := range seats {
			text := bboTable(rng, b, hands, pairs)
			if err := os.WriteFile(filepath.Join(dir, strconv.Itoa(id)+".lin"), []byte(text), 0o644); err != nil {
				return err
			}
			id++
		}
	}
	return nil
}

// drawTables seats the 2T pairs at T tables: North-South and East-West.
func drawTables(rng *rand.Rand, tables int) [][2]int {
	p := rng.Perm(2 * tables)
	out := make([][2]int, tables)
	for t := range out {
		out[t] = [2]int{p[2*t], p[2*t+1]}
	}
	return out
}

// dealHands deals the 52 cards ("SA", "H7" ...) to N, E, S, W.
func dealHands(rng *rand.Rand) [4][]string {
	var deck []string
	for _, s := range "SHDC" {
		for _, r := range bboRanks {
			deck = append(deck, string(s)+string(r))
		}
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	var h [4][]string
	for s := range h {
		h[s] = deck[13*s : 13*s+13]
	}
	return h
}

// bboTable is one table's LIN of board b: pairs[0] North-South (North
// pNNNa, South pNNNb), pairs[1] East-West.
func bboTable(rng *rand.Rand, b int, hands [4][]string, pairs [2]int) string {
	dealer := (b - 1) % 4 // N E S W, as boards deal
	level, strain := 1+rng.IntN(7), "CDHSN"[rng.IntN(5)]
	decl := rng.IntN(4)
	var w strings.Builder
	name := func(p int, c byte) string { return fmt.Sprintf("p%03d%c", p+1, c) }
	fmt.Fprintf(&w, "pn|%s,%s,%s,%s|st||md|%d%s,%s,%s,|rh||ah|Board %d|sv|%s|", name(pairs[0], 'b'), name(pairs[1], 'b'),
		name(pairs[0], 'a'), name(pairs[1], 'a'), []int{3, 4, 1, 2}[dealer], linHand(hands[2]), linHand(hands[3]), linHand(hands[0]),
		b, []string{"o", "n", "e", "b"}[model.BoardVul(b)])
	for s := dealer; s != decl; s = (s + 1) % 4 {
		w.WriteString("mb|p|")
	}
	fmt.Fprintf(&w, "mb|%d%c|mb|p|mb|p|mb|p|pg||", level, strain)
	tricks, won := randomPlay(rng, hands, decl, strain)
	claim := -1
	if rng.Float64() < 0.35 {
		claim = 1 + rng.IntN(12)
	}
	for k, t := range tricks {
		if k == claim {
			break
		}
		for _, c := range t {
			fmt.Fprintf(&w, "pc|%s|", c)
		}
		w.WriteString("pg||")
	}
	if claim >= 0 {
		fmt.Fprintf(&w, "mc|%d|pg||", won)
	}
	return w.String()
}

// linHand is a hand as LIN's md gives it: S, H, D, C and their ranks.
func linHand(h []string) string {
	var b strings.Builder
	for _, s := range "SHDC" {
		b.WriteRune(s)
		for r := len(bboRanks) - 1; r >= 0; r-- {
			for _, c := range h {
				if c[0] == byte(s) && c[1] == bboRanks[r] {
					b.WriteByte(c[1])
				}
			}
		}
	}
	return b.String()
}

// randomPlay plays the 13 tricks at random, legally, declarer decl in
// strain ('N' no trump): each trick's cards in the order played, and
// declarer's side's tricks.
func randomPlay(rng *rand.Rand, hands [4][]string, decl int, strain byte) ([][4]string, int) {
	var held [4][]string
	for s := range hands {
		held[s] = append([]string(nil), hands[s]...)
	}
	leader, won := (decl+1)%4, 0
	tricks := make([][4]string, 13)
	for k := range tricks {
		best, bestSeat := "", leader
		for i := range 4 {
			s := (leader + i) % 4
			c := pickCard(rng, &held[s], tricks[k][0])
			tricks[k][i] = c
			if i == 0 || beats(c, best, tricks[k][0][0], strain) {
				best, bestSeat = c, s
			}
		}
		if bestSeat%2 == decl%2 {
			won++
		}
		leader = bestSeat
	}
	return tricks, won
}

// pickCard takes from h a card at random, of the suit of led when it
// holds one.
func pickCard(rng *rand.Rand, h *[]string, led string) string {
	var can []int
	for i, c := range *h {
		if led != "" && c[0] == led[0] {
			can = append(can, i)
		}
	}
	i := rng.IntN(len(*h))
	if len(can) > 0 {
		i = can[rng.IntN(len(can))]
	}
	c := (*h)[i]
	*h = append((*h)[:i], (*h)[i+1:]...)
	return c
}

// beats tells whether card a beats b, the suit led being led.
func beats(a, b string, led, strain byte) bool {
	switch {
	case a[0] == b[0]:
		return strings.IndexByte(bboRanks, a[1]) > strings.IndexByte(bboRanks, b[1])
	case a[0] == strain:
		return true
	case b[0] == strain:
		return false
	}
	return false
}

// The generator's tournament reads without a problem, every table's
// result legal, and scores as a session of 2T pairs in one field.
func TestBBOTourney(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := bboTourney(dir, 4, 6, 3, 1); err != nil {
		t.Fatal(err)
	}
	files, err := ExpandInputs([]string{dir}, nil)
	if err != nil || len(files) != 24 {
		t.Fatalf("%d files, %v", len(files), err)
	}
	src := Files(context.Background(), nil, files, func(p string, err error) { t.Errorf("%s: %v", p, err) })
	results := 0
	err = src(func(r *model.Record) error {
		for _, p := range r.Problems {
			t.Errorf("%s: %s", r.File, p.Message)
		}
		if r.Result.Known() {
			results++
		}
		return nil
	})
	if err != nil || results != 24 {
		t.Fatalf("%d results, %v", results, err)
	}
	var out strings.Builder
	rep, err := Session(&out, src, SessionOptions{})
	if err != nil || rep.Boards != 6 || rep.Tables != 4 || rep.Fields != 1 || strings.Count(out.String(), " - p0") != 24*2+8 {
		t.Errorf("%d boards, %d tables, %d fields, %v:\n%s", rep.Boards, rep.Tables, rep.Fields, err, out.String())
	}
}

// HANDREC_BBO_TOURNEY=DIR:TABLES:BOARDS writes the generator's tournament
// to DIR (for /usr/bin/time handrec session DIR; docs/performance.md).
func TestWriteBBOTourney(t *testing.T) {
	t.Parallel()
	spec := os.Getenv("HANDREC_BBO_TOURNEY")
	if spec == "" {
		t.Skip("HANDREC_BBO_TOURNEY=DIR:TABLES:BOARDS writes a tournament")
	}
	parts := strings.Split(spec, ":")
	if len(parts) != 3 {
		t.Fatalf("HANDREC_BBO_TOURNEY %q: DIR:TABLES:BOARDS", spec)
	}
	tables, _ := strconv.Atoi(parts[1])
	boards, _ := strconv.Atoi(parts[2])
	if err := os.MkdirAll(parts[0], 0o755); err != nil {
		t.Fatal(err)
	}
	if err := bboTourney(parts[0], tables, boards, 3, 1); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkSessionBBOTables scores a BBO pairs tournament of T tables and
// 27 boards, one file a table and board (2,700 files at 100 tables), as
// `handrec session DIR` does: the files read and parsed, the tables
// spooled, the boards made and scored, the report written. It reports the
// files a second, the process's CPU time, and the live heap at the end
// and at its peak (sampled), which do not grow with the files.
func BenchmarkSessionBBOTables(b *testing.B) {
	for _, tables := range []int{10, 100} {
		b.Run(strconv.Itoa(tables*27)+"files", func(b *testing.B) {
			dir := b.TempDir()
			if err := bboTourney(dir, tables, 27, 3, 1); err != nil {
				b.Fatal(err)
			}
			files, err := ExpandInputs([]string{dir}, nil)
			if err != nil {
				b.Fatal(err)
			}
			peak := heapPeak()
			b.ResetTimer()
			cpu := cpuclock.PerOp(b)
			for range b.N {
				src := Files(context.Background(), nil, files, func(p string, err error) { b.Fatal(p, err) })
				if _, err := Session(io.Discard, src, SessionOptions{}); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			cpu()
			b.ReportMetric(float64(len(files))*float64(b.N)/b.Elapsed().Seconds(), "files/s")
			b.ReportMetric(float64(peak())/(1<<20), "peak-heap-MiB")
			var ms runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&ms)
			b.ReportMetric(float64(ms.HeapAlloc)/(1<<20), "heap-MiB")
		})
	}
}

// heapPeak samples the live heap every millisecond until the function it
// returns is called, which gives the highest sample.
func heapPeak() func() uint64 {
	stop, done := make(chan struct{}), make(chan uint64)
	go func() {
		var most uint64
		var ms runtime.MemStats
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			runtime.ReadMemStats(&ms)
			most = max(most, ms.HeapAlloc)
			select {
			case <-stop:
				done <- most
				return
			case <-tick.C:
			}
		}
	}()
	return func() uint64 { close(stop); return <-done }
}

// A player who sat in a second partnership (a substitute) is told to
// Note with each partnership's boards, the pairs named as first spelled:
// the generator's first table of board 1 has Maxi for p???a in it.
func TestBBOPartnershipsNote(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := bboTourney(dir, 2, 3, 3, 1); err != nil {
		t.Fatal(err)
	}
	files, err := ExpandInputs([]string{dir}, nil)
	if err != nil || len(files) != 6 {
		t.Fatalf("%d files, %v", len(files), err)
	}
	text, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	seats := strings.Split(strings.SplitN(string(text), "|", 3)[1], ",")
	seats[2] = "Maxi"
	if err := os.WriteFile(files[0], []byte("pn|"+strings.Join(seats, ",")+string(text[strings.Index(string(text), "|st|"):])), 0o644); err != nil {
		t.Fatal(err)
	}
	var notes []string
	src := Files(context.Background(), nil, files, func(p string, err error) { t.Errorf("%s: %v", p, err) })
	if _, err := Session(io.Discard, src, SessionOptions{Note: func(m string) { notes = append(notes, m) }}); err != nil {
		t.Fatal(err)
	}
	want := seats[0] + " plays in 2 partnerships: Maxi - " + seats[0] + " (1 board), " + strings.TrimSuffix(seats[0], "b") + "a - " + seats[0] +
		" (2 boards): each is a pair of its own; --substitute SUB=PLAYER scores a substitute's boards for the pair they sat in for"
	if len(notes) != 1 || notes[0] != want {
		t.Errorf("notes %q,\nwant %q", notes, want)
	}
}
