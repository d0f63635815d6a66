package main

import (
	"os"
	"path/filepath"
	"testing"
)

// lawRecords are bridge deals: board 1 names no declarer, board 2 the
// dealer's partner, board 3 an opponent of the dealer.
const lawRecords = `[Board "1"]
[Dealer "N"]
[Deal "N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32"]
[Contract "NT"]
[Result "9"]

[Board "2"]
[Dealer "E"]
[Deal "N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32"]
[Declarer "W"]
[Contract "NT"]
[Result "9"]

[Board "3"]
[Dealer "S"]
[Deal "N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32"]
[Declarer "W"]
[Contract "NT"]
[Result "9"]
`

// TestCheckCodeDealerPlays: check --code bridge1895 warns of a declarer who
// is not the dealer (law 59), at the Declarer tag; other codes do not.
func TestCheckCodeDealerPlays(t *testing.T) {
	p := filepath.Join(t.TempDir(), "law.pbn")
	if err := os.WriteFile(p, []byte(lawRecords), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI("check", "--code", "bridge1895", p)
	want := p + ":10:12: warning: bridge1895: law 59: the dealer (East) plays the hand; the record names West as declarer, and is scored with East playing\n" +
		p + ":17:12: warning: bridge1895: law 59: the dealer (South) plays the hand; the record names West as declarer, and is scored with South playing (its result, 9 tricks, read as EW's)\n"
	if code != 0 || out != want || errs != "1 files, 3 boards, 0 errors, 2 warnings\n" {
		t.Errorf("exit %d\nstdout %s\nstderr %s\nwant stdout %s", code, out, errs, want)
	}
	if code, out, _ := runCLI("check", "--code", "auction1915", p); code != 0 || out != "" {
		t.Errorf("auction1915: exit %d, %q", code, out)
	}
	if code, _, errs := runCLI("check", "--code", "whist", p); code != 2 || errs != "handrec: check: unknown code \"whist\" (try contract, bridge1895, bridge1904, auction1915, pirate1916)\nTry: handrec --help\n" {
		t.Errorf("bad code: exit %d, %q", code, errs)
	}
	// score no longer stops at a record without a declarer: the dealer plays
	code, out, _ = runCLI("score", "--code", "bridge1895", p)
	wantScore := p + " board 1 [bridge1895]: NT by N, 9 tricks (result)\n" +
		"  NS below    36  3 odd tricks (law 4)\n" +
		"  EW above    30  3 aces (law 7)\n" +
		"  note: law 59: the record names no declarer: the dealer (N) plays the hand, and the result is read as his tricks\n" +
		p + " board 2 [bridge1895]: NT by E, 9 tricks (result)\n" +
		"  EW below    36  3 odd tricks (law 4)\n" +
		"  EW above    30  3 aces (law 7)\n" +
		"  note: law 59: the dealer (E) plays the hand, not W whom the record names as declarer\n" +
		p + " board 3 [bridge1895]: NT by S, 4 tricks (result)\n" +
		"  EW below    36  3 odd tricks (law 4)\n" +
		"  EW above    30  3 aces (law 7)\n" +
		"  note: law 59: the dealer (S) plays the hand, not W whom the record names as declarer; the result's tricks are EW's, so NS took the rest\n"
	if code != 0 || out != wantScore {
		t.Errorf("score: exit %d\n%s\nwant\n%s", code, out, wantScore)
	}
}
