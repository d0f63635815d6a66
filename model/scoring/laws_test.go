package scoring_test

import (
	"fmt"
	"strings"
	"testing"

	"handrec/model"
	"handrec/model/scoring"
)

// The deal of the honours tests: North holds the five top spades, all four
// aces and the top hearts and diamonds; nobody is void in any suit.
const baseDeal = "N:AKQJT.AKQ.AKQ.AK 9876.JT98.JT9.QJ 543.765.8765.T98 2.432.432.765432"

// dealWith reads a deal and applies swaps "ST-S9": the holders of the two
// cards exchange them.
func dealWith(t *testing.T, v string, swaps ...string) model.Deal {
	t.Helper()
	d, errs := model.ParseDeal(v)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, sw := range swaps {
		a, _ := model.ParseCard(sw[:2])
		b, _ := model.ParseCard(sw[3:])
		ha, hb := d.HolderOf(a), d.HolderOf(b)
		if !ha.Valid() || !hb.Valid() {
			t.Fatalf("swap %s: card not dealt", sw)
		}
		d.Hands[ha] = d.Hands[ha].Without(a).With(b)
		d.Hands[hb] = d.Hands[hb].Without(b).With(a)
	}
	return d
}

// rec builds a record: contract in PBN form, declarer, declarer's tricks.
func rec(t *testing.T, d model.Deal, contract string, declarer model.Seat, tricks int, tags ...string) *model.Record {
	t.Helper()
	r := model.NewRecord()
	r.Board = 1
	r.Deal = d
	c, ok := model.ParseContract(contract)
	if !ok {
		t.Fatalf("bad contract %q", contract)
	}
	r.Contract = c
	r.Declarer = declarer
	r.Result = model.Result{Tricks: int8(tricks), Defenders: -1}
	r.Vul = model.VulNone
	for i := 0; i+1 < len(tags); i += 2 {
		if f, ok := model.FactNamed(tags[i]); ok {
			r.SetFact(f, tags[i+1])
		} else {
			r.SetTag(tags[i], tags[i+1])
		}
	}
	return r
}

// items renders a deal's items as "NS below 16 2 odd tricks; ...".
func items(ds *scoring.DealScore) string {
	if ds.Err != "" {
		return "error: " + ds.Err
	}
	var b []string
	for _, it := range ds.Items {
		b = append(b, fmt.Sprintf("%s %s %d %s", it.Who, it.Line, it.Points, it.Label))
	}
	return strings.Join(b, "; ")
}

func score(t *testing.T, r *model.Record, opt scoring.Options) *scoring.DealScore {
	t.Helper()
	ds, err := scoring.Score(r, opt)
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

func TestBridge1895Laws(t *testing.T) {
	t.Parallel()
	base := dealWith(t, baseDeal)
	// A deal with spade voids: North holds all thirteen spades.
	voids := dealWith(t, "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
	opt := scoring.Options{Code: scoring.Bridge1895}
	tests := []struct {
		law, name string
		deal      model.Deal
		contract  string
		declarer  model.Seat
		tricks    int
		opt       scoring.Options
		want      string
	}{
		{"law 4", "spades 2 a trick", base, "S", model.North, 8, opt, "NS below 4 2 odd tricks; NS above 20 5 honours in one hand"},
		{"law 4", "clubs 4 a trick", base, "C", model.North, 8, opt, "NS below 8 2 odd tricks; NS above 8 simple honours"},
		{"law 4", "diamonds 6 a trick", base, "D", model.North, 8, opt, "NS below 12 2 odd tricks; NS above 12 simple honours"},
		{"law 4", "hearts 8 a trick", base, "H", model.North, 8, opt, "NS below 16 2 odd tricks; NS above 16 simple honours"},
		{"law 4", "no trumps 12 a trick", base, "NT", model.North, 8, opt, "NS below 24 2 odd tricks; NS above 100 4 aces in one hand"},
		{"law 4", "the odd tricks go to the side that wins them", base, "H", model.North, 4, opt, "EW below 24 3 odd tricks; NS above 16 simple honours"},
		{"law 53", "doubled", base, "NTX", model.North, 8, opt, "NS below 48 2 odd tricks doubled; NS above 100 4 aces in one hand"},
		{"law 53", "re-doubled", base, "NTXX", model.North, 8, opt, "NS below 96 2 odd tricks redoubled; NS above 100 4 aces in one hand"},
		{"law 53", "re-doubling without limit", base, "NTXXXXX", model.North, 8, opt, "NS below 768 2 odd tricks doubled 5 times; NS above 100 4 aces in one hand"},
		{"etiquette p. 23", "option: a trick worth at most 100", base, "NTXXXXX", model.North, 8, scoring.Options{Code: scoring.Bridge1895, TrickCap: 100}, "NS below 200 2 odd tricks doubled 5 times; NS above 100 4 aces in one hand"},
		{"law 6", "honours not doubled", base, "SXX", model.North, 7, opt, "NS below 8 1 odd trick redoubled; NS above 20 5 honours in one hand"},
		{"law 6 I", "5 honours in one hand 10t", base, "S", model.South, 7, opt, "NS below 2 1 odd trick; NS above 20 5 honours in one hand"},
		{"law 6 II", "4 in one hand, 5th in partner's 9t", dealWith(t, baseDeal, "ST-S5"), "S", model.North, 7, opt, "NS below 2 1 odd trick; NS above 18 4 honours in one hand, 5th in partner's"},
		{"law 6 II", "4 in one hand 8t", dealWith(t, baseDeal, "ST-S9"), "S", model.North, 7, opt, "NS below 2 1 odd trick; NS above 16 4 honours in one hand"},
		{"law 6 I", "5 honours between partners 5t", dealWith(t, baseDeal, "SJ-S5", "ST-S4"), "S", model.North, 7, opt, "NS below 2 1 odd trick; NS above 10 5 honours"},
		{"law 6 II", "4 honours between partners 4t", dealWith(t, baseDeal, "SJ-S5", "ST-S9"), "S", model.North, 7, opt, "NS below 2 1 odd trick; NS above 8 4 honours"},
		{"law 6 III", "3 honours between partners 2t", dealWith(t, baseDeal, "SJ-S9", "ST-S8"), "S", model.North, 7, opt, "NS below 2 1 odd trick; NS above 4 simple honours"},
		{"law 6", "honours to the holders, not the declarers", dealWith(t, baseDeal, "SQ-S9", "SJ-S8", "ST-S7"), "S", model.North, 7, opt, "NS below 2 1 odd trick; EW above 4 simple honours"},
		{"law 7 I", "4 aces between partners 40", dealWith(t, baseDeal, "HA-H7"), "NT", model.North, 7, opt, "NS below 12 1 odd trick; NS above 40 4 aces"},
		{"law 7 II", "3 aces between partners 30", dealWith(t, baseDeal, "CA-CQ"), "NT", model.North, 7, opt, "NS below 12 1 odd trick; NS above 30 3 aces"},
		{"law 7", "aces two and two: no honours", dealWith(t, baseDeal, "HA-HJ", "CA-CQ"), "NT", model.North, 7, opt, "NS below 12 1 odd trick"},
		{"law 8", "chicane 2t, not doubled", dealWith(t, baseDeal, "S2-CK"), "SX", model.North, 7, opt, "NS below 4 1 odd trick doubled; NS above 20 5 honours in one hand; EW above 4 chicane (West)"},
		{"law 8", "no chicane at no trumps", dealWith(t, baseDeal, "S2-CK"), "NT", model.North, 7, opt, "NS below 12 1 odd trick; NS above 100 4 aces in one hand"},
		{"law 8", "both partners void: once each (reading)", voids, "S", model.North, 7, opt, "NS below 2 1 odd trick; NS above 20 5 honours in one hand; EW above 4 chicane (East); NS above 4 chicane (South); EW above 4 chicane (West)"},
		{"law 8", "both partners void: once (option)", voids, "S", model.North, 7, scoring.Options{Code: scoring.Bridge1895, ChicaneOnce: true}, "NS below 2 1 odd trick; NS above 20 5 honours in one hand; EW above 4 chicane (East); NS above 4 chicane (South)"},
		{"law 9 I", "grand slam 40", base, "D", model.North, 13, opt, "NS below 42 7 odd tricks; NS above 12 simple honours; NS above 40 grand slam"},
		{"law 9 II", "little slam 20", base, "D", model.North, 12, opt, "NS below 36 6 odd tricks; NS above 12 simple honours; NS above 20 little slam"},
		{"law 9", "a slam for the side that takes the tricks", base, "D", model.North, 1, opt, "EW below 36 6 odd tricks; NS above 12 simple honours; EW above 20 little slam"},
	}
	for _, tc := range tests {
		t.Run(tc.law+"/"+tc.name, func(t *testing.T) {
			r := rec(t, tc.deal, tc.contract, tc.declarer, tc.tricks)
			if got := items(score(t, r, tc.opt)); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestAuction1915Laws(t *testing.T) {
	t.Parallel()
	base := dealWith(t, baseDeal)
	opt := scoring.Options{Code: scoring.Auction1915}
	tests := []struct {
		law, name string
		deal      model.Deal
		contract  string
		declarer  model.Seat
		tricks    int
		want      string
	}{
		{"law 3", "clubs 6", base, "1C", model.North, 8, "NS above 12 simple honours; NS below 12 2 odd tricks"},
		{"law 3", "diamonds 7", base, "1D", model.North, 8, "NS above 14 simple honours; NS below 14 2 odd tricks"},
		{"law 3", "hearts 8", base, "1H", model.North, 8, "NS above 16 simple honours; NS below 16 2 odd tricks"},
		{"law 3", "spades 9", base, "1S", model.North, 8, "NS above 90 5 honours in one hand; NS below 18 2 odd tricks"},
		{"law 3", "no trump 10", base, "1NT", model.North, 8, "NS above 100 4 aces in one hand; NS below 20 2 odd tricks"},
		{"law 48", "overtricks count below", base, "1H", model.North, 10, "NS above 16 simple honours; NS below 32 4 odd tricks"},
		{"law 48a", "undertricks 50 each above", base, "4H", model.North, 8, "NS above 16 simple honours; EW above 100 2 undertricks"},
		{"law 48a", "doubled 100 each", base, "4HX", model.North, 8, "NS above 16 simple honours; EW above 200 2 undertricks doubled"},
		{"law 48a", "redoubled 200 each", base, "4HXX", model.North, 8, "NS above 16 simple honours; EW above 400 2 undertricks redoubled"},
		{"p. 37", "2 NT doubled making five tricks costs 300", dealWith(t, baseDeal, "HA-HJ", "CA-CQ"), "2NTX", model.East, 5, "NS above 300 3 undertricks doubled"},
		{"law 53, 56", "doubled made: x2 below, 50 + 50 an overtrick", base, "2HX", model.North, 9, "NS above 16 simple honours; NS below 48 3 odd tricks doubled; NS above 100 doubled contract made, 1 over"},
		{"law 53, 56", "redoubled made: x4 below, 100 + 100 an overtrick", base, "2HXX", model.North, 10, "NS above 16 simple honours; NS below 128 4 odd tricks redoubled; NS above 300 redoubled contract made, 2 over"},
		{"law 6", "honours to the holders: 4 in one hand 8t to the defenders", dealWith(t, baseDeal, "ST-S9"), "1S", model.East, 7, "NS above 72 4 honours in one hand; EW below 9 1 odd trick"},
		{"law 7", "slam 100", base, "7D", model.North, 13, "NS above 14 simple honours; NS below 49 7 odd tricks; NS above 100 slam"},
		{"law 8", "little slam 50", base, "6D", model.North, 12, "NS above 14 simple honours; NS below 42 6 odd tricks; NS above 50 little slam"},
		{"law 8 note", "seven bid, twelve taken: still 50", base, "7D", model.North, 12, "NS above 14 simple honours; EW above 50 1 undertrick; NS above 50 little slam"},
		{"law 9", "slams not doubled", base, "6DX", model.North, 12, "NS above 14 simple honours; NS below 84 6 odd tricks doubled; NS above 50 doubled contract made; NS above 50 little slam"},
		{"law 7 (reading)", "a slam for the side that takes the tricks", base, "1D", model.North, 1, "NS above 14 simple honours; EW above 300 6 undertricks; EW above 50 little slam"},
	}
	for _, tc := range tests {
		t.Run(tc.law+"/"+tc.name, func(t *testing.T) {
			r := rec(t, tc.deal, tc.contract, tc.declarer, tc.tricks)
			if got := items(score(t, r, opt)); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestPirate1916Laws(t *testing.T) {
	t.Parallel()
	base := dealWith(t, baseDeal)
	opt := scoring.Options{Code: scoring.Pirate1916}
	tests := []struct {
		law, name string
		deal      model.Deal
		contract  string
		declarer  model.Seat
		acceptor  string
		tricks    int
		opt       scoring.Options
		want      string
	}{
		{"law 70", "the acceptor is credited the declarer's total", base, "2H", model.North, "", 8, opt,
			"N below 16 2 odd tricks; N above 16 simple honours; S above 32 credit: the declarer's total (N)"},
		{"law 16, 28", "an acceptor beside the declarer; 4 in one hand, 5th in partner's: 81 in spades (law 73)", dealWith(t, baseDeal, "ST-S9"), "1S", model.North, "E", 7, opt,
			"N below 9 1 odd trick; N above 81 4 honours in one hand, 5th in partner's; E above 90 credit: the declarer's total (N)"},
		{"law 69", "game: 50 above, credited", base, "4H", model.North, "", 10, opt,
			"N below 32 4 odd tricks; N above 16 simple honours; N above 50 game; S above 98 credit: the declarer's total (N)"},
		{"law 76", "undertricks: 50 to each adversary", base, "4H", model.North, "", 8, opt,
			"E above 100 2 undertricks; W above 100 2 undertricks; N above 16 simple honours; S above 16 credit: the declarer's total (N)"},
		{"law 76", "doubled 100, redoubled 200", base, "4HXX", model.North, "", 9, opt,
			"E above 200 1 undertrick redoubled; W above 200 1 undertrick redoubled; N above 16 simple honours; S above 16 credit: the declarer's total (N)"},
		{"law 75", "doubled made: 50 and 50 an overtrick, credited", base, "1HX", model.North, "", 8, opt,
			"N below 32 2 odd tricks doubled; N above 100 doubled contract made, 1 over; N above 16 simple honours; N above 50 game; S above 198 credit: the declarer's total (N)"},
		{"law 73 (reading)", "adversaries' honours: each scores them", dealWith(t, baseDeal, "SQ-S9", "SJ-S8", "ST-S7"), "1S", model.North, "", 7, opt,
			"N below 9 1 odd trick; E above 18 simple honours; W above 18 simple honours; S above 9 credit: the declarer's total (N)"},
		{"law 73 (option)", "adversaries' honours once", dealWith(t, baseDeal, "SQ-S9", "SJ-S8", "ST-S7"), "1S", model.North, "", 7, scoring.Options{Code: scoring.Pirate1916, PirateHonoursOnce: true},
			"N below 9 1 odd trick; E above 18 simple honours; S above 9 credit: the declarer's total (N)"},
		{"law 72", "grand slam 100, credited once", base, "7NT", model.North, "", 13, opt,
			"N below 70 7 odd tricks; N above 100 4 aces in one hand; N above 100 grand slam; N above 50 game; S above 320 credit: the declarer's total (N)"},
		{"law 72", "adversaries' little slam: 50 each", dealWith(t, baseDeal, "HA-HJ", "CA-CQ"), "1NT", model.North, "", 1, opt,
			"E above 300 6 undertricks; W above 300 6 undertricks; E above 50 little slam; W above 50 little slam"},
		{"law 18", "acceptor must not be the declarer", base, "1NT", model.North, "N", 7, opt, "error: acceptor \"N\" is not a seat other than the declarer's"},
	}
	for _, tc := range tests {
		t.Run(tc.law+"/"+tc.name, func(t *testing.T) {
			var tags []string
			if tc.acceptor != "" {
				tags = []string{"Acceptor", tc.acceptor}
			}
			r := rec(t, tc.deal, tc.contract, tc.declarer, tc.tricks, tags...)
			if got := items(score(t, r, tc.opt)); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestSettlement(t *testing.T) {
	t.Parallel()
	// Pirate Bridge, pp. 7-8 (law 79): A 158, B 380, C 792, D 420.
	if got := scoring.Settle([4]int{158, 380, 792, 420}, 100); got != [4]int{-10, -2, 14, -2} {
		t.Errorf("law 79: got %v, want [-10 -2 14 -2]", got)
	}
	// To the nearest 50 and 25 (p. 7); a total half way rounds up:
	// 150, 175, 0, 25 are 3, 4, 0, 1 fifties.
	if got := scoring.Settle([4]int{150, 175, 0, 25}, 50); got != [4]int{4, 8, -8, -4} {
		t.Errorf("nearest 50: got %v", got)
	}
	if got := scoring.Settle([4]int{12, 13, 37, 38}, 25); got != [4]int{-4, 0, 0, 4} {
		t.Errorf("nearest 25: got %v", got)
	}
	// Bridge, 1899 Guide pp. 32-33: drop the unit, a unit over 5 adds one.
	for _, c := range [][2]int{{264, 26}, {265, 26}, {266, 27}, {26, 3}, {4, 0}} {
		t.Run(fmt.Sprintf("DropUnit(%d)", c[0]), func(t *testing.T) {
			if got := scoring.DropUnit(c[0]); got != c[1] {
				t.Errorf("DropUnit(%d) = %d, want %d", c[0], got, c[1])
			}
		})
	}
}
