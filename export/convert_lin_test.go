package export_test

import (
	"fmt"
	"strings"
	"testing"
)

// An md|| board (cards unknown, no dealer digit) goes to PBN with the
// dealer and the vulnerability unknown, as the LIN says, and the auction
// from the seat the LIN reader laid it out from: a dealer and a
// vulnerability of the board number were facts the source did not have,
// and the PBN read back stated them as if it had. Read back, the record
// has the same facts and no problem.
func TestLINUnknownCardsDealerToPBN(t *testing.T) {
	doc := readDoc(t, "t.lin", []byte("pn|s,w,n,e|st||md||rh||ah|Board 9|mb|p|mb|1N|mb|p|mb|p|mb|p|pg||\n"))
	pbn := string(writeDoc(t, "pbn", doc))
	for _, want := range []string{"[Dealer \"?\"]\r\n", "[Vulnerable \"?\"]\r\n", "[Deal \"\"]\r\n", "[Auction \"N\"]\r\n"} {
		if !strings.Contains(pbn, want) {
			t.Errorf("PBN lacks %q:\n%s", want, pbn)
		}
	}
	r := readDoc(t, "t.pbn", []byte(pbn)).Records[0]
	got := fmt.Sprintf("board %d dealer %q vul %q auction from %v declarer %v contract %v problems %v",
		r.Board, r.Dealer, r.Vul, r.Auction.First, r.Declarer, r.Contract, r.Problems)
	const want = `board 9 dealer "" vul "" auction from N declarer E contract 1NT problems []`
	if got != want {
		t.Errorf("read back %s\nwant      %s", got, want)
	}
}
