package dd

import (
	"strings"
	"testing"

	"handrec/model"
)

// position is the search of the end position v (a PBN Deal value) with
// trump (nt for no trump).
func position(t *testing.T, v string, trump int) *search {
	t.Helper()
	d, errs := model.ParseDeal(v)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	s := &search{trump: trump}
	for h := range s.hands {
		s.hands[h] = uint64(d.Hands[h])
	}
	return s
}

// cards turns "SA HK" into the cards' bits.
func cards(t *testing.T, v string) uint64 {
	t.Helper()
	var m uint64
	for _, f := range strings.Fields(v) {
		c, ok := model.ParseCard(f)
		if !ok {
			t.Fatalf("card %q", f)
		}
		m |= 1 << uint(c)
	}
	return m
}

// leadCard plays card c of leader's as the first card of a trick.
func (s *search) leadCard(leader, c int) trick {
	s.hands[leader] &^= 1 << uint(c)
	return trick{suit: c >> 4, winner: leader, win: s.value(c, c>>4), wcard: c, played: 1 << uint(c)}
}

// TestSecondHand checks the bound at the trick's second card on small
// endings, each worked by hand: West leads, North is second hand.
func TestSecondHand(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, deal string
		trump      int
		lead       string
		target     int
		ok, done   bool
		rel        string
	}{
		// North's ace beats the five led and East's king: one trick
		{"top card", "N:A2... K3... Q4... J5...", nt, "S5", 1, true, true, "SA"},
		// at no trump the ace's trick is not the two North-South need:
		// East's king tops the rest
		{"top card, two needed", "N:A2... K3... Q4... J5...", nt, "S5", 2, false, false, ""},
		// North's ace-king are the two top spades: North wins the trick
		// with one and cashes the other
		{"top two at no trump", "N:AK... 32... 54... 76...", nt, "S7", 2, true, true, "SA SK"},
		// and at no trump the heart ace North cashes on lead counts too
		{"other suit's top", "N:AK.A.. 32.2.. 54.3.. 76.4..", nt, "S7", 3, true, true, "SA SK HA"},
		// a suit only North holds counts by its length
		{"long suit", "N:A...32 K.54.. Q..54. J.3.3.", nt, "SJ", 3, true, true, "SA"},
		// South's queen, played last, beats West's jack and East's ten
		{"partner's top card", "N:2... T... Q... J...", nt, "SJ", 1, true, true, "SQ"},
		// West's jack beats everything North-South hold
		{"the lead holds", "N:2... T... 9... J...", nt, "SJ", 1, false, false, ""},
		// hearts trump: North ruffs West's spade, East follows
		{"ruff", "N:.2.. 3... 4... 5...", 2, "S5", 1, true, true, ""},
		// East overruffs nothing but can ruff first: no bound
		{"next hand ruffs", "N:.2.. .3.. 4... 5...", 2, "S5", 1, false, false, ""},
		// in a trump contract the bound takes only the trick in play
		{"trump, two needed", "N:AK... 32... 54... 76...", 2, "S7", 2, false, false, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := position(t, c.deal, c.trump)
			lc, _ := model.ParseCard(c.lead)
			tr := s.leadCard(3, int(lc))
			ok, rel, done := s.secondHand(0, &tr, c.target)
			want := uint64(0)
			if c.rel != "" {
				want = cards(t, c.rel)
			}
			if ok != c.ok || done != c.done || done && rel != want {
				t.Errorf("%s: ok %v done %v rel %#x, want %v %v %#x", c.name, ok, done, rel, c.ok, c.done, want)
			}
		})
	}
}

// TestSecondHandDefence checks the bound for East-West: North leads, East
// is second hand, and North-South need every trick.
func TestSecondHandDefence(t *testing.T) {
	t.Parallel()
	s := position(t, "N:K2... A3... Q4... J5...", nt)
	tr := s.leadCard(0, 3<<4|2)
	// East's ace wins the trick: North-South cannot take both
	if ok, rel, done := s.secondHand(1, &tr, 2); ok || !done || rel != cards(t, "SA") {
		t.Errorf("ok %v done %v rel %#x, want false true %#x", ok, done, rel, cards(t, "SA"))
	}
	// one trick for North-South is not settled by East's ace
	if _, _, done := s.secondHand(1, &tr, 1); done {
		t.Errorf("target 1 settled")
	}
}

// TestQuickTricksCrossing checks the quick tricks of North's side on small
// endings worked by hand, each with North to lead, and that every count
// that settles the question agrees with brute force.
func TestQuickTricksCrossing(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, deal string
		trump      int
		need       int
		ok         bool
		rel        string
	}{
		// South ruffs North's spade; the opponents follow
		{"partner ruffs", "N:2... 3... .2.. 4...", 2, 1, true, ""},
		// East ruffs low and South overruffs with the queen
		{"partner overruffs", "N:2... .3.. .Q.. 4...", 2, 1, true, "HQ"},
		// West, last to play, overruffs South's queen
		{"the last hand overruffs", "N:2... 4... .Q.. .K..", 2, 1, false, ""},
		// clubs trump: North cashes the spade ace, but East ruffs the
		// second spade, so the king is no entry for the heart ace
		{"Kx opposite Ax, ruffed", "N:A2.2.. Q.3..2 K3.A.. T9.4..", 0, 3, false, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := position(t, c.deal, c.trump)
			ok, rel := s.quickTricks(0, c.need)
			want := uint64(0)
			if c.rel != "" {
				want = cards(t, c.rel)
			}
			if ok != c.ok || ok && rel != want {
				t.Errorf("%s: ok %v rel %#x, want %v %#x", c.name, ok, rel, c.ok, want)
			}
			if h := s.hands; ok && bruteTricks(&h, c.trump, 0) < c.need {
				t.Errorf("%s: %d quick tricks, brute force %d", c.name, c.need, bruteTricks(&h, c.trump, 0))
			}
		})
	}
}
