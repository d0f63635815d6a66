package cli

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
	t.Parallel()
	p := filepath.Join(t.TempDir(), "law.pbn")
	if err := os.WriteFile(p, []byte(lawRecords), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI("check", "--code", "bridge1895", p)
	want := p + ":10:12: warning: bridge1895: law 59: the dealer (East) plays the hand; the record names West as declarer, and is scored with East playing\n" +
		p + ":17:12: warning: bridge1895: law 59: the dealer (South) plays the hand; the record names West as declarer, and is scored with South playing (its result, 9 tricks, read as EW's)\n"
	if code != 0 || out != want || errs != "1 file, 3 boards, 0 errors, 2 warnings\n" {
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

// TestScoreRubberRooms: score --rubber keeps a vugraph match's rooms
// apart, one rubber a room and pair of sides, each block under its own
// room's players, and says so.
func TestScoreRubberRooms(t *testing.T) {
	t.Parallel()
	code, out, _ := runCLI("score", "--rubber", "samples/vugraph_match.lin")
	want := "samples/vugraph_match.lin board 1 [contract]: 5CX by N, 8 tricks (result), rubber 1\n" +
		"  EW above   500  3 undertricks doubled\n" +
		"  duplicate score NS -500\n" +
		"samples/vugraph_match.lin board 1 [contract]: 4C by N, 8 tricks (result), rubber 2\n" +
		"  EW above   100  2 undertricks\n" +
		"  duplicate score NS -100\n" +
		"samples/vugraph_match.lin board 2 [contract]: 4S by W, 10 tricks (result), rubber 1\n" +
		"  EW below   120  contract 4S\n" +
		"  duplicate score NS -420\n" +
		"  game to EW\n" +
		"samples/vugraph_match.lin board 2 [contract]: 4S by W, 11 tricks (result), rubber 2\n" +
		"  EW below   120  contract 4S\n" +
		"  EW above    30  1 overtrick\n" +
		"  duplicate score NS -450\n" +
		"  game to EW\n" +
		"rubber 1 [contract], unfinished: NS 0 (0 games) EW 920 (1 games); EW win by 920\n" +
		"  EW above   300  game in an unfinished rubber\n" +
		"  note: Open room, N-S North & Jones, B against E-W East & West: a rubber sequence of its own (a match's rooms and pairs are kept apart)\n" +
		"rubber 2 [contract], unfinished: NS 0 (0 games) EW 550 (1 games); EW win by 550\n" +
		"  EW above   300  game in an unfinished rubber\n" +
		"  note: Closed room, N-S North2 & South against E-W East2 & Smith, A.: a rubber sequence of its own (a match's rooms and pairs are kept apart)\n" +
		"\n" +
		"Rubber 1 (contract)\n" +
		"\n" +
		"                               Jones, B & North │      East & West\n" +
		"                              ──────────────────┼──────────────────\n" +
		"Bonuses                                         │              500\n" +
		"                              ══════════════════╪══════════════════\n" +
		"Tricks                                          │              120\n" +
		"                              ──────────────────┼──────────────────\n" +
		"Total                                         0 │              620\n" +
		"Game in an unfinished rubber                    │              300\n" +
		"                              ──────────────────┼──────────────────\n" +
		"Total                                         0 │              920\n" +
		"Unfinished rubber\n" +
		"East & West win by 920\n" +
		"Note: Open room, N-S North & Jones, B against E-W East & West: a rubber sequence of its own (a match's rooms and pairs are kept apart)\n" +
		"\n" +
		"Rubber 2 (contract)\n" +
		"\n" +
		"                                  North2 & South │ East2 & Smith, A.\n" +
		"                              ───────────────────┼───────────────────\n" +
		"                                                 │                30\n" +
		"Bonuses                                          │               100\n" +
		"                              ═══════════════════╪═══════════════════\n" +
		"Tricks                                           │               120\n" +
		"                              ───────────────────┼───────────────────\n" +
		"Total                                          0 │               250\n" +
		"Game in an unfinished rubber                     │               300\n" +
		"                              ───────────────────┼───────────────────\n" +
		"Total                                          0 │               550\n" +
		"Unfinished rubber\n" +
		"East2 & Smith, A. win by 550\n" +
		"Note: Closed room, N-S North2 & South against E-W East2 & Smith, A.: a rubber sequence of its own (a match's rooms and pairs are kept apart)\n"
	if code != 0 || out != want {
		t.Errorf("exit %d:\n%s\nwant\n%s", code, out, want)
	}
}
