package model

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// auctionOf builds an auction from first: a call a token, at column i+1
// of line 1; a suffix "^I" marks an insufficient bid, "^S" a skipped
// player.
func auctionOf(t *testing.T, first Seat, tokens string) *Auction {
	t.Helper()
	a := &Auction{First: first}
	for i, tok := range strings.Fields(tokens) {
		var c Call
		switch {
		case tok == "^S":
			c = Call{Kind: Skipped}
		default:
			var ok bool
			c, ok = ParseCall(strings.TrimSuffix(tok, "^I"))
			if !ok {
				t.Fatalf("bad call %q", tok)
			}
			c.Insufficient = strings.HasSuffix(tok, "^I")
		}
		c.Pos = Pos{Line: 1, Col: i + 1}
		a.Calls = append(a.Calls, c)
	}
	return a
}

// TestAuctionWalk replays auctions, good and bad, and checks what they
// decide, the seat to call next and each fault with its column.
func TestAuctionWalk(t *testing.T) {
	t.Parallel()
	cases := []struct {
		first    Seat
		calls    string
		complete bool
		contract string
		declarer Seat
		next     Seat
		faults   []string
	}{
		{North, "", false, "", NoSeat, North, nil},
		{North, "1H Pass 2H Pass Pass Pass", true, "2H", North, South, nil},
		{East, "Pass 1S Pass 2S Pass 4S Pass Pass Pass", true, "4S", South, South, nil},
		{North, "Pass Pass Pass Pass", true, "Pass", NoSeat, North, nil},
		{North, "Pass ^S Pass Pass", true, "Pass", NoSeat, North, nil},
		{South, "1NT AP", true, "1NT", South, North, nil},
		{North, "1H X Pass Pass Pass", true, "1HX", North, East, nil},
		{North, "1H X XX Pass Pass Pass", true, "1HXX", North, South, nil},
		{North, "1H Pass Pass 2C Pass Pass Pass", true, "2C", West, West, nil},
		{North, "1H Pass", false, "", NoSeat, South, nil},
		{West, "- - 1D Pass Pass Pass", true, "1D", East, East, nil},
		{North, "1H - Pass", false, "", NoSeat, West, []string{"2: auction: '-' after the first call"}},
		{North, "2H 1S Pass Pass Pass", true, "1S", East, East, []string{"2: auction: insufficient bid 1S after 2H"}},
		{North, "2H 1S^I Pass Pass Pass", true, "1S", East, East, nil},
		{North, "1H 2H^I Pass Pass Pass", true, "2H", East, East, []string{"2: auction: ^I marks 2H, which is sufficient"}},
		{North, "1C^I Pass Pass Pass", true, "1C", North, North, []string{"1: auction: ^I marks 1C, which is sufficient"}},
		{North, "X 1H Pass X X", false, "", NoSeat, East, []string{
			"1: auction: illegal double by North", "4: auction: illegal double by West", "5: auction: illegal double by North"}},
		{North, "1H XX X Pass XX XX", false, "", NoSeat, South, []string{
			"2: auction: illegal redouble by East", "3: auction: illegal double by South", "6: auction: illegal redouble by East"}},
		{North, "1H Pass Pass Pass 2H Pass", true, "1H", North, North, []string{"5: auction: 2H after the auction ended"}},
		{North, "1H Pass Pass Pass -", true, "1H", North, North, nil},
		{North, "1H Pass +", false, "", NoSeat, South, nil},
		{North, "1H + Pass", false, "", NoSeat, East, []string{"3: auction: Pass after '+'"}},
	}
	for _, c := range cases {
		name := c.first.String() + ": " + c.calls
		t.Run(name, func(t *testing.T) {
			a := auctionOf(t, c.first, c.calls)
			var faults []string
			out, next := a.walk(func(p Pos, msg string) { faults = append(faults, strconv.Itoa(p.Col)+": "+msg) })
			if out.Complete != c.complete || out.Contract.String() != c.contract || out.Declarer != c.declarer {
				t.Errorf("%s: complete %v, %q by %v; want %v, %q by %v", name, out.Complete, out.Contract, out.Declarer, c.complete, c.contract, c.declarer)
			}
			if next != c.next {
				t.Errorf("%s: next to call %v, want %v", name, next, c.next)
			}
			if !reflect.DeepEqual(faults, c.faults) {
				t.Errorf("%s: faults %q, want %q", name, faults, c.faults)
			}
			if got, _ := a.walk(nil); got != out {
				t.Errorf("%s: without a report %+v, with one %+v", name, got, out)
			}
		})
	}
}
