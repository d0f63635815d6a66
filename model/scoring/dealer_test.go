package scoring

import (
	"strings"
	"testing"

	"handrec/model"
)

// dealerRecord is a bridge deal in no trumps where West (and so E-W) takes
// nine tricks if he plays: N ♠AK3 ♥QJ102 ♦987 ♣654, E ♠876 ♥987 ♦6543
// ♣KQJ, S ♠542 ♥654 ♦J102 ♣10987, W ♠QJ109 ♥AK3 ♦AKQ ♣A32.
func dealerRecord(dealer, declarer model.Seat, tricks int) *model.Record {
	r := model.NewRecord()
	r.Board, r.Dealer, r.Declarer = 1, dealer, declarer
	r.Deal, _ = model.ParseDeal("N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32")
	r.Contract = model.Contract{Kind: model.StrainOnly, Strain: model.NoTrump}
	r.Result = model.Result{Tricks: int8(tricks), Defenders: -1}
	return r
}

// TestDealerPlays: under the laws of bridge the dealer plays the hand (law
// 59): a record without a declarer is scored with the dealer playing, one
// that names another is scored as the law says, with the reading stated;
// under auction1915 the record's declarer plays.
func TestDealerPlays(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name               string
		code               Code
		dealer, declarer   model.Seat
		tricks             int
		wantDecl, wantNote string
		ns, ew             int
	}{
		{"no declarer: the dealer's tricks", Bridge1895, model.East, model.NoSeat, 9, "E",
			"law 59: the record names no declarer: the dealer (E) plays the hand, and the result is read as his tricks", 0, 36 + 30},
		{"the dealer's partner named", Bridge1904, model.East, model.West, 9, "E",
			"law 59: the dealer (E) plays the hand, not W whom the record names as declarer", 0, 36 + 30},
		{"an opponent named: his side's tricks", Bridge1895, model.North, model.West, 9, "N",
			"law 59: the dealer (N) plays the hand, not W whom the record names as declarer; the result's tricks are EW's, so NS took the rest", 0, 36 + 30},
		{"the dealer named: nothing to say", Bridge1895, model.West, model.West, 9, "W", "", 0, 36 + 30},
	} {
		t.Run(c.name, func(t *testing.T) {
			ds, err := Score(dealerRecord(c.dealer, c.declarer, c.tricks), Options{Code: c.code})
			if err != nil || ds.Err != "" {
				t.Fatalf("%s: %v %s", c.name, err, ds.Err)
			}
			notes := strings.Join(ds.Notes, "|")
			if ds.Declarer != c.wantDecl || notes != c.wantNote || ds.Total("NS") != c.ns || ds.Total("EW") != c.ew {
				t.Errorf("%s: declarer %s notes %q NS %d EW %d; want %s %q %d %d", c.name, ds.Declarer, notes,
					ds.Total("NS"), ds.Total("EW"), c.wantDecl, c.wantNote, c.ns, c.ew)
			}
		})
	}
	r := dealerRecord(model.North, model.NoSeat, 9)
	r.Dealer = model.NoSeat
	if ds, _ := Score(r, Options{Code: Bridge1895}); ds.Err != "no declarer, and no dealer to play the hand (law 59)" {
		t.Errorf("no dealer, no declarer: %q", ds.Err)
	}
	r = dealerRecord(model.North, model.West, 9)
	r.Contract = model.Contract{Kind: model.Bid, Level: 3, Strain: model.NoTrump}
	if ds, _ := Score(r, Options{Code: Auction1915}); ds.Declarer != "W" || ds.Total("EW") != 30+30 || len(ds.Notes) != 0 {
		t.Errorf("auction1915: declarer %s EW %d notes %q", ds.Declarer, ds.Total("EW"), ds.Notes)
	}
}

func TestLawProblems(t *testing.T) {
	t.Parallel()
	r := dealerRecord(model.North, model.West, 9)
	r.File, r.Pos = "f.pbn", model.Pos{Line: 3, Col: 1}
	r.Facts[model.FactDeclarer].Pos = model.Pos{Line: 7, Col: 12}
	got := LawProblems(r, Bridge1895)
	want := "f.pbn:7:12: warning: bridge1895: law 59: the dealer (North) plays the hand; the record names West as declarer, and is scored with North playing (its result, 9 tricks, read as EW's)"
	if len(got) != 1 || got[0].Error() != want {
		t.Errorf("got %v\nwant %s", got, want)
	}
	for _, code := range []Code{Auction1915, Pirate1916, Contract} {
		t.Run(string(code), func(t *testing.T) {
			if got := LawProblems(r, code); got != nil {
				t.Errorf("%s: %v", code, got)
			}
		})
	}
	if got := LawProblems(dealerRecord(model.West, model.West, 9), Bridge1904); got != nil {
		t.Errorf("dealer declares: %v", got)
	}
}
