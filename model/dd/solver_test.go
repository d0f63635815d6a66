package dd

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"testing"
	"unsafe"

	"handrec/model"
)

// bruteTricks is plain minimax over every legal card: the tricks
// North-South take with leader on lead.
func bruteTricks(h *[4]uint64, trump, leader int) int {
	if h[leader] == 0 {
		return 0
	}
	best := -1
	var rec func(pos int, led, winner, win int) int
	rec = func(pos int, led, winner, win int) int {
		if pos == 4 {
			r := bruteTricks(h, trump, winner)
			if winner&1 == 0 {
				r++
			}
			return r
		}
		p := (leader + pos) & 3
		legal := h[p]
		if pos > 0 {
			if f := h[p] & (0xffff << (16 * uint(led))); f != 0 {
				legal = f
			}
		}
		res := -1
		for m := legal; m != 0; m &= m - 1 {
			c := bits.TrailingZeros64(m)
			if pos == 0 {
				led = c >> 4
			}
			v := 0
			switch {
			case c>>4 == trump:
				v = 32 + c&15
			case c>>4 == led:
				v = c & 15
			}
			nw, nwin := winner, win
			if pos == 0 || v > win {
				nw, nwin = p, v
			}
			h[p] &^= 1 << uint(c)
			r := rec(pos+1, led, nw, nwin)
			h[p] |= 1 << uint(c)
			if res < 0 || (p&1 == 0 && r > res) || (p&1 == 1 && r < res) {
				res = r
			}
		}
		return res
	}
	best = rec(0, 0, leader, 0)
	return best
}

// randomEnd deals n cards to each hand from a random subset of the pack.
func randomEnd(r *rand.Rand, n int) model.Deal {
	var d model.Deal
	perm := r.Perm(52)
	for i := 0; i < 4*n; i++ {
		c := model.NewCard(model.Suit(perm[i]/13), model.Rank(perm[i]%13+2))
		d.Hands[i%4] = d.Hands[i%4].With(c)
	}
	d.Known = [4]bool{true, true, true, true}
	return d
}

func TestSolverMatchesBruteForce(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	s := NewSolver(1 << 20)
	for i := 0; i < 200; i++ {
		n := 1 + i%4
		d := randomEnd(r, n)
		tab, err := s.Table(d)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range Strains {
			trump := 4
			if su, ok := st.Trump(); ok {
				trump = int(su)
			}
			for _, decl := range model.Seats {
				h := [4]uint64{uint64(d.Hands[0]), uint64(d.Hands[1]), uint64(d.Hands[2]), uint64(d.Hands[3])}
				ns := bruteTricks(&h, trump, int(decl.Next()))
				want := ns
				if decl.Side() == model.EW {
					want = n - ns
				}
				if got := tab[decl][st]; got != want {
					t.Fatalf("deal %s, %s declaring %s: solver %d, brute force %d", d.PBN(model.North), decl, st, got, want)
				}
			}
		}
	}
}

// TestTableEndPosition checks a two-card ending worked by hand: North's
// spade ace-king against East's queen-jack, South's two small spades, and
// West's ace-king of hearts, which ruff spades when hearts are trumps.
func TestTableEndPosition(t *testing.T) {
	t.Parallel()
	d, errs := model.ParseDeal("N:AK... QJ... 32... .AK..")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	tab, err := NewSolver(1 << 16).Table(d)
	if err != nil {
		t.Fatal(err)
	}
	want := Table{ // C D H S NT
		model.North: {2, 2, 0, 2, 2},
		model.East:  {0, 0, 2, 0, 0},
		model.South: {0, 0, 0, 2, 0},
		model.West:  {0, 0, 2, 0, 0},
	}
	if tab != want {
		t.Errorf("table %v, want %v", tab, want)
	}
}

// TestTableRejects: a deal the solver cannot play is refused with why,
// a card in two hands as a short hand is: the search would play it twice.
func TestTableRejects(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ deal, want string }{
		{"N:AK... QJ... 32... .A..", "deal cannot be solved: the hands hold 2 and 1 cards"},
		{"N:AK... QJ... - .AK..", "deal cannot be solved: South's hand is not known"},
		{"N:... ... ... ...", "deal cannot be solved: no cards"},
		// samples/faulty_deal.pbn's board 2: SK to North and East, S3 to no one
		{"N:K8754.A3.KQ2.J96 KQT.K985.T76.A84 J92.QJ74.J985.K3 A6.T62.A43.QT752",
			"deal cannot be solved: SK is dealt twice, S3 to no one"},
		{"N:AKQJ.AKQ.AKQ.AKQ AKQJ.AKQ.AKQ.AKQ AKQJ.AKQ.AKQ.AKQ AKQJ.AKQ.AKQ.AKQ",
			"deal cannot be solved: SA is dealt 4 times (and 12 more cards more than once), 39 cards to no one"},
		// an end position has no cards to miss
		{"N:AK... AQ... 32... .AK..", "deal cannot be solved: SA is dealt twice"},
		{"N:AK... AQ... KQ... .AK..", "deal cannot be solved: SA is dealt twice (and 2 more cards more than once)"},
	} {
		t.Run(c.deal, func(t *testing.T) {
			d, _ := model.ParseDeal(c.deal)
			_, err := NewSolver(1 << 16).Table(d)
			if !errors.Is(err, ErrDeal) || err.Error() != c.want {
				t.Errorf("error %v, want %q", err, c.want)
			}
			if cerr := Check(d); cerr == nil || cerr.Error() != c.want {
				t.Errorf("Check: %v, want %q", cerr, c.want)
			}
		})
	}
	d, _ := model.ParseDeal("N:AK... QJ... 32... .AT..")
	if err := Check(d); err != nil {
		t.Errorf("an end position: %v", err)
	}
}

// TestTableStops: a solver told to stop leaves the table between two
// searches, and solves the next deal as a new solver would.
func TestTableStops(t *testing.T) {
	t.Parallel()
	d, _ := model.ParseDeal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
	want, _ := NewSolver(1 << 16).Table(d)
	s := NewSolver(1 << 16)
	asked := 0
	s.StopWhen(func() bool { asked++; return asked > 3 })
	if _, err := s.Table(d); err != ErrStopped || asked != 4 {
		t.Fatalf("error %v after %d asks, want ErrStopped after 4", err, asked)
	}
	s.StopWhen(nil)
	if got, err := s.Table(d); err != nil || got != want {
		t.Errorf("after the stop: %v %v, want %v", got, err, want)
	}
}

// reRank deals the cards of each suit of d again, with ranks drawn at
// random, each hand keeping its suit lengths.
func reRank(r *rand.Rand, d model.Deal) model.Deal {
	var out model.Deal
	out.Known = d.Known
	for su := 0; su < 4; su++ {
		ranks := r.Perm(13)
		k := 0
		for h := 0; h < 4; h++ {
			for range bits.OnesCount64(uint64(d.Hands[h]) >> (16 * uint(su)) & 0xffff) {
				out.Hands[h] = out.Hands[h].With(model.NewCard(model.Suit(su), model.Rank(ranks[k]+2)))
				k++
			}
		}
	}
	return out
}

// TestTableSharedAcrossDeals solves many random endings in one strain
// without clearing the transposition table, so that positions of one deal
// match entries stored by others (same lengths, same owners of the cards
// that won by rank, other small cards), and requires every answer, and
// every bound the table gives for the starting positions, to agree with
// brute force.
func TestTableSharedAcrossDeals(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 4))
	for trump := 0; trump <= nt; trump += 2 {
		s := NewSolver(1 << 20)
		hits := 0
		var base model.Deal
		for i := 0; i < 400; i++ {
			n := 3 + i/10%2
			if i%10 == 0 {
				base = randomEnd(r, n)
			}
			d := reRank(r, base)
			se := &search{trump: trump, tt: s.tt}
			for h := range se.hands {
				se.hands[h] = uint64(d.Hands[h])
			}
			for leader := 0; leader < 4; leader++ {
				h := se.hands
				want := bruteTricks(&h, trump, leader)
				for target := 1; target <= n; target++ {
					p := se.pattern(leader)
					if found, v, _, _ := s.tt.lookup(&p, target); found {
						hits++
						if v >= target && want < v || v < target && want > v {
							t.Fatalf("%s, trump %d, %s leads: asked for %d tricks the table answers %d, brute force %d",
								d.PBN(model.North), trump, model.Seat(leader), target, v, want)
						}
					}
				}
				if got := se.nsTricks(leader, n, 1); got != want {
					t.Fatalf("%s, trump %d, %s leads: solver %d, brute force %d", d.PBN(model.North), trump, model.Seat(leader), got, want)
				}
			}
		}
		t.Logf("trump %d: %d starting positions answered by entries stored earlier", trump, hits)
		if hits < 100 {
			t.Errorf("trump %d: %d starting positions answered by entries stored earlier, want 100 or more", trump, hits)
		}
	}
}

// TestBucketLines checks that a bucket is the whole number of cache lines
// bucketBytes says, so that no group or entry straddles two lines.
func TestBucketLines(t *testing.T) {
	t.Parallel()
	if n := unsafe.Sizeof(bucket{}); n != bucketBytes || n%64 != 0 || unsafe.Sizeof(group{}) != 64 || unsafe.Sizeof(entry{}) != 32 {
		t.Errorf("bucket %d bytes (bucketBytes %d), group %d, entry %d", n, bucketBytes, unsafe.Sizeof(group{}), unsafe.Sizeof(entry{}))
	}
}

// TestTableGrows: a table too small for the deal grows, strain by strain,
// up to the cap and no further, and the answers stay those of a large one.
func TestTableGrows(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 4))
	d := randomEnd(r, 9)
	s := newSolver(bucketBytes, 4*bucketBytes)
	got, err := s.Table(d)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := NewSolver(1 << 20).Table(d)
	if got != want {
		t.Errorf("table %v, want %v", got, want)
	}
	if s.TableBytes() != 4*bucketBytes {
		t.Errorf("table of %d bytes, want %d: grown twice, to the cap", s.TableBytes(), 4*bucketBytes)
	}
}
