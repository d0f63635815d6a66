package export_test

import (
	"fmt"
	"strings"
	"testing"
)

// An md|| board (cards unknown, no dealer digit) goes to PBN with the
// vulnerability unknown, as the LIN says, and the dealer who called first,
// the seat the LIN reader laid the auction out from, which the Auction tag
// names: in export format the auction starts with the dealer, and a
// [Dealer "?"] beside it contradicts it (endplay stops on it).
// A vulnerability of the board number would be a fact the source did not
// have. Read back, the record has the same facts and no problem.
func TestLINUnknownCardsDealerToPBN(t *testing.T) {
	t.Parallel()
	doc := readDoc(t, "t.lin", []byte("pn|s,w,n,e|st||md||rh||ah|Board 9|mb|p|mb|1N|mb|p|mb|p|mb|p|pg||\n"))
	pbn := string(writeDoc(t, "pbn", doc))
	for _, want := range []string{"[Dealer \"N\"]\r\n", "[Vulnerable \"?\"]\r\n", "[Deal \"\"]\r\n", "[Auction \"N\"]\r\n"} {
		if !strings.Contains(pbn, want) {
			t.Errorf("PBN lacks %q:\n%s", want, pbn)
		}
	}
	r := readDoc(t, "t.pbn", []byte(pbn)).Records[0]
	got := fmt.Sprintf("board %d dealer %q vul %q auction from %v declarer %v contract %v problems %v",
		r.Board, r.Dealer, r.Vul, r.Auction.First, r.Declarer, r.Contract, r.Problems)
	const want = `board 9 dealer "N" vul "" auction from N declarer E contract 1NT problems []`
	if got != want {
		t.Errorf("read back %s\nwant      %s", got, want)
	}
}
