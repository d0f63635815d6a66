package ddsolve

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"handrec/model"
)

// heldService is a service whose solver takes the deals one by one as
// the test lets it: started says a deal was begun (its board number),
// release lets it end; solved lists the boards solved.
type heldService struct {
	*Service
	started chan int
	release chan struct{}
	mu      sync.Mutex
	solved  []int
}

func newHeldService(opt ServiceOptions) *heldService {
	h := &heldService{Service: NewService(opt), started: make(chan int, 16), release: make(chan struct{})}
	h.solve = func(r *model.Record) Result {
		h.started <- r.Board
		<-h.release
		h.mu.Lock()
		h.solved = append(h.solved, r.Board)
		h.mu.Unlock()
		return Result{}
	}
	return h
}

// answer is what one Solve returned.
type answer struct {
	res Result
	err error
}

// ask calls Solve for board k in a goroutine of its own, waiting limit.
func (h *heldService) ask(ctx context.Context, k int, limit time.Duration) chan answer {
	c := make(chan answer, 1)
	r := model.NewRecord()
	r.Board = k
	go func() {
		res, err := h.Solve(ctx, int64(k), r, limit)
		c <- answer{res, err}
	}()
	return c
}

// waitFor waits until cond holds (the asks' goroutines have joined).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("no %s after 10 s", what)
		}
	}
}

// TestServiceBounded: with two deals waiting behind the one being
// solved, a third is refused at once (BusyError, with when to ask
// again), a deal asked again joins its first ask, and a deal whose every
// asker has gone is dropped unsolved.
func TestServiceBounded(t *testing.T) {
	t.Parallel()
	h := newHeldService(ServiceOptions{Waiting: 2})
	bg := context.Background()
	first := h.ask(bg, 1, time.Hour)
	if k := <-h.started; k != 1 {
		t.Fatalf("began board %d", k)
	}
	second := h.ask(bg, 2, time.Hour)
	ctx3, leave3 := context.WithCancel(bg)
	third := h.ask(ctx3, 3, time.Hour)
	waitFor(t, "two deals waiting", func() bool { return h.Stats().Waiting == 2 })

	_, err := h.Solve(bg, 4, model.NewRecord(), time.Hour)
	var busy *BusyError
	if !errors.As(err, &busy) || busy.Waiting != 2 || busy.RetryAfter != 3*time.Second ||
		err.Error() != "the double-dummy solver is busy: 2 deals are waiting to be solved" {
		t.Fatalf("a third deal waiting: %v (%+v)", err, busy)
	}
	again := h.ask(bg, 2, time.Hour) // joins, though the queue is full
	leave3()
	if a := <-third; !errors.Is(a.err, context.Canceled) {
		t.Errorf("the asker who left: %v", a.err)
	}
	waitFor(t, "board 3 dropped", func() bool { return h.Stats().Dropped == 1 })
	h.release <- struct{}{}
	if k := <-h.started; k != 2 {
		t.Errorf("began board %d after board 1, want 2", k)
	}
	h.release <- struct{}{}
	for _, c := range []chan answer{first, second, again} {
		if a := <-c; a.err != nil {
			t.Errorf("an asker waiting: %v", a.err)
		}
	}
	h.Wait(2)
	waitFor(t, "the worker's end", func() bool { return !h.Stats().Solving })
	st := h.Stats()
	st.Took = 0
	want := ServiceStats{Solved: 2, Dropped: 1, Refused: 1, Waiting: 0, MostWaiting: 2}
	if st != want || !slices.Equal(h.solved, []int{1, 2}) {
		t.Errorf("stats %+v, solved %v; want %+v, [1 2]", st, h.solved, want)
	}
	// the mean time a deal is now known: Retry-After follows it, a
	// second at least
	if got := h.retryAfter(); got != time.Second {
		t.Errorf("retry after %v with nothing waiting and fast deals", got)
	}
}

// TestServicePending: an asker whose wait ran out is told the deal is
// still being solved, and it is: even with no one waiting for it, a later
// ask finds it remembered.
func TestServicePending(t *testing.T) {
	t.Parallel()
	h := newHeldService(ServiceOptions{})
	bg := context.Background()
	held := h.ask(bg, 1, time.Hour)
	<-h.started
	if a := <-h.ask(bg, 2, time.Nanosecond); !errors.Is(a.err, ErrPending) {
		t.Fatalf("a wait that ran out: %v", a.err)
	}
	ctx, leave := context.WithCancel(bg)
	gone := h.ask(ctx, 2, time.Hour) // comes back, then leaves: board 2 is kept
	waitFor(t, "the second ask", func() bool { h.Service.mu.Lock(); defer h.Service.mu.Unlock(); return h.asked[2].askers == 1 })
	leave()
	<-gone
	h.release <- struct{}{}
	<-held
	<-h.started
	h.release <- struct{}{}
	h.Wait(2)
	if st := h.Stats(); st.Solved != 2 || st.Dropped != 0 {
		t.Errorf("stats %+v: board 2 not solved", st)
	}
	r := model.NewRecord()
	r.Board = 2
	if _, err := h.Solve(bg, 2, r, time.Nanosecond); err != nil {
		t.Errorf("board 2 asked again: %v", err)
	}
}

// TestServiceSolves: the service's own solver, and what it remembers.
func TestServiceSolves(t *testing.T) {
	t.Parallel()
	s := NewService(ServiceOptions{TableBytes: 1 << 20})
	res, err := s.Solve(context.Background(), 7, record(t, 1, suitDeal), time.Hour)
	if err != nil || res.Err != nil || res.Par == nil || ParContract(*res.Par) != "NS 7S=" {
		t.Fatalf("%v %+v", err, res)
	}
	bad := record(t, 2, "")
	bad.Deal, _ = model.ParseDeal("N:AKQJ.AKQ.AKQ.AKQ AKQJ.AKQ.AKQ.AKQ AKQJ.AKQ.AKQ.AKQ AKQJ.AKQ.AKQ.AKQ") // kept with its faults
	res, err = s.Solve(context.Background(), 8, bad, time.Hour)
	want := "deal cannot be solved: SA is dealt 4 times (and 12 more cards more than once), 39 cards to no one"
	if err != nil || res.Err == nil || res.Err.Error() != want {
		t.Errorf("four hands alike: %v %v", err, res.Err)
	}
	if st := s.Stats(); st.Solved != 2 {
		t.Errorf("stats %+v", st)
	}
}
