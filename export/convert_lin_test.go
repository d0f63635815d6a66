package export_test

import (
	"strings"
	"testing"
)

// An md|| board (cards unknown) goes to PBN with the dealer and the
// vulnerability of its board number, which its auction was laid out by.
func TestLINUnknownCardsDealerToPBN(t *testing.T) {
	doc := readDoc(t, "t.lin", []byte("pn|s,w,n,e|st||md||rh||ah|Board 9|mb|p|mb|1N|mb|p|mb|p|mb|p|pg||\n"))
	pbn := string(writeDoc(t, "pbn", doc))
	for _, want := range []string{"[Dealer \"N\"]\r\n", "[Vulnerable \"EW\"]\r\n", "[Auction \"N\"]\r\n"} {
		if !strings.Contains(pbn, want) {
			t.Errorf("PBN lacks %q:\n%s", want, pbn)
		}
	}
}
