package export_test

import (
	"net/url"
	"strings"
	"testing"

	"handrec/export"
)

// A board's handviewer link holds its single-board LIN, escaped, and the
// LIN read back from the link is the board.
func TestHandviewerURL(t *testing.T) {
	t.Parallel()
	doc := readDoc(t, "bbo_single.lin", []byte("pn|Bob,Cleo,Ann,Dan|st||md|3SQT65HK7642DAT7CJ,S932HJT5DQ932C875,SJ874HAQ983DCKT64,|rh||ah|Board 1|sv|0|mb|p|mb|1H|mb|p|mb|4H|mb|p|mb|p|mb|p|pc|S6|pc|S2|pc|SJ|pc|SA|mc|10|\n"))
	u, err := export.HandviewerURL(doc.Records[0])
	if err != nil {
		t.Fatal(err)
	}
	const prefix = "https://www.bridgebase.com/tools/handviewer.html?lin="
	if !strings.HasPrefix(u, prefix) || strings.ContainsAny(u[len(prefix):], "| \n") {
		t.Fatalf("link %q", u)
	}
	lin, err := url.QueryUnescape(u[len(prefix):])
	if err != nil {
		t.Fatal(err)
	}
	back := readDoc(t, "link.lin", []byte(lin))
	r := back.Records[0]
	if len(back.Records) != 1 || r.Board != 1 || r.Contract.String() != "4H" || r.Play.Claim != 10 || r.Player(0) != "Ann" {
		t.Errorf("link's LIN %q read back as board %d, %s, claim %d", lin, r.Board, r.Contract, r.Play.Claim)
	}
}
