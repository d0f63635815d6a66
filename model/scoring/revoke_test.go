package scoring_test

import (
	"strings"
	"testing"

	"handrec/model"
	"handrec/model/scoring"
)

// revokeDeal: North holds the top cards; hearts: N AKQ, E JT98 (North-South
// hold simple honours).
const revokeDeal = "N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432"

// Play records, East leading (columns E S W N, as PBN writes them).
var revokePlays = map[string][]string{
	// North trumps the first spade while he holds spades, then leads.
	"declarer": {"S8 S5 S2 HA", "H8 H5 H2 HK"},
	// East ruffs North's second spade while he holds spades, then leads.
	"defender": {"S8 S5 S2 SA", "H8 S6 S3 SK", "H9 H5 H2 HA"},
	// Dummy (South) ruffs while he holds spades.
	"dummy": {"S8 H5 S2 SA", "S9 S7 S3 SK"},
	// North revokes, then East.
	"both": {"S8 S5 S2 HA", "H8 S6 S3 SA", "H9 H5 H4 HK"},
	// North's revoke in the only trick recorded: not established.
	"unestablished": {"S8 S5 S2 HA"},
}

func playRecord(t *testing.T, contract string, tricks int, play string, tags ...string) *model.Record {
	t.Helper()
	r := rec(t, dealWith(t, revokeDeal), contract, model.North, tricks, tags...)
	p := model.NewPlay(model.East)
	for _, row := range revokePlays[play] {
		var tr model.Trick
		for j, tok := range strings.Fields(row) {
			c, ok := model.ParseCard(tok)
			if !ok {
				t.Fatalf("bad card %q", tok)
			}
			tr[model.East.Add(j)] = model.PlayCard{Kind: model.Played, Card: c}
		}
		p.Tricks = append(p.Tricks, tr)
	}
	r.Play = p
	return r
}

func TestRevokes(t *testing.T) {
	t.Parallel()
	bridge := func(choice string) scoring.Options {
		return scoring.Options{Code: scoring.Bridge1895, RevokeChoice: choice}
	}
	auction := func(choice string) scoring.Options {
		return scoring.Options{Code: scoring.Auction1915, RevokeChoice: choice}
	}
	pirate := scoring.Options{Code: scoring.Pirate1916}
	contract := scoring.Options{Code: scoring.Contract}
	tests := []struct {
		law, name string
		contract  string
		tricks    int
		play      string
		opt       scoring.Options
		want      string
	}{
		// Bridge 1895, law 87: three tricks, at the non-offending side's choice.
		{"bridge law 87", "take three tricks", "H", 9, "declarer", bridge("tricks"), "EW below 8 1 odd trick (3 tricks taken for revoke); NS above 16 simple honours"},
		{"bridge law 87", "add the value of three tricks", "H", 9, "declarer", bridge("add"), "NS below 24 3 odd tricks; EW below 24 revoke: value of 3 tricks added; NS above 16 simple honours"},
		{"bridge law 87", "deduct the value of three tricks", "H", 9, "declarer", bridge("deduct"), "NS below 24 3 odd tricks; NS below -24 revoke: value of 3 tricks deducted; NS above 16 simple honours"},
		{"bridge law 87", "best for the non-offending side (default)", "H", 9, "declarer", bridge(""), "EW below 8 1 odd trick (3 tricks taken for revoke); NS above 16 simple honours"},
		{"bridge law 87", "the value of three tricks is doubled with the hand", "HX", 9, "declarer", bridge("add"), "NS below 28 3 odd tricks doubled; NS above 20 tricks over 28 after a revoke; EW below 48 revoke: value of 3 tricks added; NS above 16 simple honours"},
		{"bridge law 87", "option: undoubled value", "HX", 9, "declarer", scoring.Options{Code: scoring.Bridge1895, RevokeChoice: "add", RevokeUndoubled: true}, "NS below 28 3 odd tricks doubled; NS above 20 tricks over 28 after a revoke; EW below 24 revoke: value of 3 tricks added; NS above 16 simple honours"},
		{"bridge law 87 V", "no more than 28 toward game; the excess kept above", "H", 11, "declarer", bridge("add"), "NS below 28 5 odd tricks; NS above 12 tricks over 28 after a revoke; EW below 24 revoke: value of 3 tricks added; NS above 16 simple honours"},
		{"bridge law 87 V", "option: the excess struck out", "H", 11, "declarer", scoring.Options{Code: scoring.Bridge1895, RevokeChoice: "add", StrikeExcess: true}, "NS below 28 5 odd tricks; EW below 24 revoke: value of 3 tricks added; NS above 16 simple honours"},
		{"bridge law 87 V", "a revoking side scores no slam", "H", 12, "declarer", bridge("add"), "NS below 28 6 odd tricks; NS above 20 tricks over 28 after a revoke; EW below 24 revoke: value of 3 tricks added; NS above 16 simple honours"},
		{"bridge law 87", "a defender's revoke: the declarers take three tricks", "H", 8, "defender", bridge("tricks"), "NS below 40 5 odd tricks (3 tricks taken for revoke); NS above 16 simple honours"},
		{"bridge law 66", "dummy cannot revoke", "H", 9, "dummy", bridge(""), "NS below 24 3 odd tricks; NS above 16 simple honours"},
		{"bridge law 88", "a revoke not established costs nothing", "H", 9, "unestablished", bridge(""), "NS below 24 3 odd tricks; NS above 16 simple honours"},
		{"bridge law 95", "both sides revoke: each punished, neither wins game", "H", 9, "both", bridge("add"), "NS below 24 3 odd tricks; NS below 4 revoke: value of 3 tricks added; NS above 20 tricks over 28 after a revoke; EW below 24 revoke: value of 3 tricks added; NS above 16 simple honours"},

		// Auction 1915, law 84.
		{"auction law 84a", "the declarer revokes: no trick score, 100 to the adversaries", "2H", 9, "declarer", auction(""), "NS above 16 simple honours; EW above 100 revoke by the declarer"},
		{"auction law 84a", "plus the undertricks", "2H", 6, "declarer", auction(""), "NS above 16 simple honours; EW above 100 revoke by the declarer; EW above 100 2 undertricks"},
		{"auction law 84b", "an adversary revokes: 100 to the declarer", "2H", 8, "defender", auction("100"), "NS above 16 simple honours; NS above 100 revoke by the adversaries; NS below 16 2 odd tricks"},
		{"auction law 84b", "or three tricks, which count toward the contract", "2H", 8, "defender", auction("tricks"), "NS above 16 simple honours; NS below 40 5 odd tricks"},
		{"auction law 84b", "best for the declarer (default)", "2H", 8, "defender", auction(""), "NS above 16 simple honours; NS above 100 revoke by the adversaries; NS below 16 2 odd tricks"},
		{"auction law 84", "revoking adversaries lose their undertricks", "2H", 6, "defender", auction("100"), "NS above 16 simple honours; NS above 100 revoke by the adversaries"},
		{"auction law 84b", "penalty tricks make the contract, without the double bonus", "2HX", 6, "defender", auction("tricks"), "NS above 16 simple honours; NS below 48 3 odd tricks doubled"},
		{"auction law 63", "dummy is not subject to the penalty", "2H", 9, "dummy", auction(""), "NS above 16 simple honours; NS below 24 3 odd tricks"},
		{"auction law 89", "both sides revoke: only honours", "2H", 9, "both", auction(""), "NS above 16 simple honours"},

		// Pirate 1916, laws 52-54, 60, 77.
		{"pirate law 53", "the declarer revokes: 50 to each adversary", "2H", 9, "declarer", pirate, "N below 24 3 odd tricks; N above 16 simple honours; E above 50 revoke penalty (1); W above 50 revoke penalty (1); S above 40 credit: the declarer's total (N)"},
		{"pirate law 53", "an adversary revokes: the declarer's 50 is credited", "2H", 8, "defender", pirate, "N below 16 2 odd tricks; N above 16 simple honours; N above 50 revoke penalty (1); S above 82 credit: the declarer's total (N)"},
		{"pirate law 54", "doubled with the contract", "2HX", 8, "defender", pirate, "N below 32 2 odd tricks doubled; N above 50 doubled contract made; N above 16 simple honours; N above 100 revoke penalty (1); N above 50 game; S above 248 credit: the declarer's total (N)"},
		{"pirate law 52", "dummy's revoke: no penalty", "2H", 9, "dummy", pirate, "N below 24 3 odd tricks; N above 16 simple honours; S above 40 credit: the declarer's total (N)"},
		{"pirate law 60", "both sides revoke: only the difference", "2H", 9, "both", pirate, "N below 24 3 odd tricks; N above 16 simple honours; S above 40 credit: the declarer's total (N)"},

		// Contract: the result stands.
		{"contract", "a revoke does not change the recorded result", "2H", 9, "declarer", contract, "NS below 60 contract 2H; NS above 30 1 overtrick; NS above 50 part-score"},
	}
	for _, tc := range tests {
		t.Run(tc.law+"/"+tc.name, func(t *testing.T) {
			r := playRecord(t, tc.contract, tc.tricks, tc.play)
			ds := score(t, r, tc.opt)
			if got := items(ds); got != tc.want {
				t.Errorf("got  %s\nwant %s\nnotes %v revokes %+v", got, tc.want, ds.Notes, ds.Revokes)
			}
		})
	}
}

func TestRevokeReport(t *testing.T) {
	t.Parallel()
	ds := score(t, playRecord(t, "H", 9, "both"), scoring.Options{Code: scoring.Bridge1895})
	want := []scoring.Revoke{
		{Trick: 1, Seat: "N", Established: true, Penalised: true},
		{Trick: 2, Seat: "E", Established: true, Penalised: true},
	}
	if len(ds.Revokes) != len(want) {
		t.Fatalf("revokes: %+v", ds.Revokes)
	}
	for i := range want {
		if ds.Revokes[i] != want[i] {
			t.Errorf("revoke %d: got %+v, want %+v", i, ds.Revokes[i], want[i])
		}
	}
	ds = score(t, playRecord(t, "H", 9, "dummy"), scoring.Options{Code: scoring.Bridge1895})
	if len(ds.Revokes) != 1 || ds.Revokes[0].Penalised || ds.Revokes[0].Note != "by dummy: no penalty (law 66)" {
		t.Errorf("dummy: %+v", ds.Revokes)
	}
}

func TestTricksFromPlay(t *testing.T) {
	t.Parallel()
	// No result: the play's claim gives the tricks.
	r := playRecord(t, "2H", -1, "declarer")
	r.Result = model.NoResult
	r.Play.Claim = 10
	ds := score(t, r, scoring.Options{Code: scoring.Contract})
	if ds.Tricks != 10 || ds.TricksFrom != "claim" {
		t.Errorf("got %d tricks from %q, want 10 from claim", ds.Tricks, ds.TricksFrom)
	}
	// Both: they disagree, the result is used and the notes say so.
	r.Result = model.Result{Tricks: 9, Defenders: -1}
	ds = score(t, r, scoring.Options{Code: scoring.Contract})
	if ds.Tricks != 9 || len(ds.Notes) != 1 || ds.Notes[0] != "the result gives 9 tricks, the claim 10; the result is used" {
		t.Errorf("got %d tricks, notes %q", ds.Tricks, ds.Notes)
	}
	// Neither.
	r.Result = model.NoResult
	r.Play = nil
	if ds = score(t, r, scoring.Options{Code: scoring.Contract}); ds.Err == "" {
		t.Errorf("no tricks: want an error")
	}
}

// Law 87 III: "deduct" takes from the score of the hand in which the
// revoke occurs only; the other reading, as an option, from the game's
// trick score so far.
func TestBridgeDeductThisHandOnly(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		opt  scoring.Options
		want string
	}{
		// 24 + 8 passes 28: 4 go toward game, 4 above the line (law 87 V)
		{"this hand only (law 87 III)", scoring.Options{}, "NS below 4 1 odd trick; NS below -4 revoke: value of 3 tricks deducted; NS above 4 tricks over 28 after a revoke; NS above 16 simple honours" +
			" | NS: the deduction takes from this hand's trick score only, not below zero (reading) (law 87 III)"},
		{"the whole game (option)", scoring.Options{DeductFromGame: true}, "NS below 4 1 odd trick; NS below -24 revoke: value of 3 tricks deducted; NS above 4 tricks over 28 after a revoke; NS above 16 simple honours" +
			" | NS: the deduction takes from the trick score of the whole game so far, not below zero (option) (law 87 III)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opt := tc.opt
			opt.Code, opt.Rubber, opt.RevokeChoice = scoring.Bridge1895, true, "deduct"
			s, err := scoring.NewScorer(opt)
			if err != nil {
				t.Fatal(err)
			}
			// NS first score 24 toward game, then revoke in a hand worth 8
			if got := items(s.Add(playRecord(t, "H", 9, "dummy"))); got != "NS below 24 3 odd tricks; NS above 16 simple honours" {
				t.Fatalf("%s: first deal %s", tc.name, got)
			}
			ds := s.Add(playRecord(t, "H", 7, "declarer"))
			got := items(ds)
			var notes []string
			for _, n := range ds.Notes {
				if strings.Contains(n, "deduction") {
					notes = append(notes, n)
				}
			}
			if got += " | " + strings.Join(notes, "; "); got != tc.want {
				t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.want)
			}
		})
	}
}
