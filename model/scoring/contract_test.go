package scoring_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"handrec/model"
	"handrec/model/scoring"
)

// refDuplicate scores a contract trick by trick, the way the printed
// scoring table reads, to check the closed forms of Duplicate.
func refDuplicate(level int, strain model.Strain, dbl int, vul bool, tricks int) int {
	need := level + 6
	mult := [3]int{1, 2, 4}[dbl]
	if tricks < need {
		s := 0
		for k := 1; k <= need-tricks; k++ {
			var v int
			switch {
			case dbl == 0 && vul:
				v = 100
			case dbl == 0:
				v = 50
			case vul && k == 1:
				v = 200
			case vul:
				v = 300
			case k == 1:
				v = 100
			case k <= 3:
				v = 200
			default:
				v = 300
			}
			if dbl == 2 {
				v *= 2
			}
			s -= v
		}
		return s
	}
	trick := 0
	for i := 1; i <= level; i++ {
		v := 30
		switch {
		case strain == model.StrainClubs || strain == model.StrainDiamonds:
			v = 20
		case strain == model.NoTrump && i == 1:
			v = 40
		}
		trick += v * mult
	}
	s := trick
	if trick >= 100 {
		s += map[bool]int{false: 300, true: 500}[vul]
	} else {
		s += 50
	}
	if level == 6 {
		s += map[bool]int{false: 500, true: 750}[vul]
	}
	if level == 7 {
		s += map[bool]int{false: 1000, true: 1500}[vul]
	}
	s += 50 * dbl
	for i := need + 1; i <= tricks; i++ {
		switch dbl {
		case 0:
			if strain == model.StrainClubs || strain == model.StrainDiamonds {
				s += 20
			} else {
				s += 30
			}
		case 1:
			s += map[bool]int{false: 100, true: 200}[vul]
		case 2:
			s += map[bool]int{false: 200, true: 400}[vul]
		}
	}
	return s
}

// TestDuplicateTable checks every level, strain, doubling, vulnerability and
// result: against published values, then against the trick-by-trick table.
func TestDuplicateTable(t *testing.T) {
	t.Parallel()
	type c struct {
		contract string
		vul      bool
		tricks   int
		want     int
	}
	published := []c{
		{"1NT", false, 7, 90}, {"1NT", false, 8, 120}, {"2C", false, 8, 90}, {"2H", false, 8, 110},
		{"2S", true, 9, 140}, {"3NT", false, 9, 400}, {"3NT", true, 9, 600}, {"3NT", false, 10, 430},
		{"3NT", true, 10, 630}, {"4H", false, 10, 420}, {"4H", true, 10, 620}, {"4S", false, 11, 450},
		{"4S", true, 11, 650}, {"5C", false, 11, 400}, {"5C", true, 11, 600}, {"5D", true, 12, 620},
		{"6S", false, 12, 980}, {"6S", true, 12, 1430}, {"6NT", false, 12, 990}, {"6NT", true, 12, 1440},
		{"7C", false, 13, 1440}, {"7C", true, 13, 2140}, {"7NT", false, 13, 1520}, {"7NT", true, 13, 2220},
		{"1CX", false, 7, 140}, {"1CX", true, 7, 140}, {"1CX", false, 8, 240}, {"1CX", true, 8, 340},
		{"1CXX", false, 7, 230}, {"1CXX", false, 8, 430}, {"1CXX", true, 8, 630}, {"2HX", false, 8, 470},
		{"2HX", true, 8, 670}, {"1NTX", false, 7, 180}, {"2NTXX", false, 8, 680}, {"2NTXX", true, 8, 880},
		{"7NTXX", false, 13, 2280}, {"7NTXX", true, 13, 2980},
		{"4S", false, 9, -50}, {"4S", true, 9, -100}, {"4SX", false, 7, -500}, {"4SX", true, 7, -800},
		{"4SX", false, 6, -800}, {"4SX", true, 6, -1100}, {"4SXX", false, 7, -1000}, {"4SXX", true, 7, -1600},
		{"7NTX", false, 0, -3500}, {"7NTX", true, 0, -3800}, {"7NTXX", false, 0, -7000}, {"7NTXX", true, 0, -7600},
	}
	for _, tc := range published {
		t.Run(fmt.Sprintf("%s vul=%v %d tricks", tc.contract, tc.vul, tc.tricks), func(t *testing.T) {
			k, _ := model.ParseContract(tc.contract)
			if got := scoring.Duplicate(int(k.Level), k.Strain, int(k.Doubled), tc.vul, tc.tricks); got != tc.want {
				t.Errorf("%s vul=%v %d tricks: got %d, want %d", tc.contract, tc.vul, tc.tricks, got, tc.want)
			}
		})
	}
	n := 0
	for level := 1; level <= 7; level++ {
		for strain := model.StrainClubs; strain <= model.NoTrump; strain++ {
			for dbl := 0; dbl <= 2; dbl++ {
				for _, vul := range []bool{false, true} {
					for tricks := 0; tricks <= 13; tricks++ {
						n++
						got := scoring.Duplicate(level, strain, dbl, vul, tricks)
						if want := refDuplicate(level, strain, dbl, vul, tricks); got != want {
							t.Errorf("%d%v dbl=%d vul=%v %d tricks: got %d, want %d", level, strain, dbl, vul, tricks, got, want)
						}
					}
				}
			}
		}
	}
	if n != 7*5*3*2*14 {
		t.Errorf("checked %d cases", n)
	}
}

func TestIMPs(t *testing.T) {
	t.Parallel()
	// The IMP scale of RULES.md, at both ends of each band.
	bands := [][3]int{{0, 10, 0}, {20, 40, 1}, {50, 80, 2}, {90, 120, 3}, {130, 160, 4}, {170, 210, 5},
		{220, 260, 6}, {270, 310, 7}, {320, 360, 8}, {370, 420, 9}, {430, 490, 10}, {500, 590, 11},
		{600, 740, 12}, {750, 890, 13}, {900, 1090, 14}, {1100, 1290, 15}, {1300, 1490, 16},
		{1500, 1740, 17}, {1750, 1990, 18}, {2000, 2240, 19}, {2250, 2490, 20}, {2500, 2990, 21},
		{3000, 3490, 22}, {3500, 3990, 23}, {4000, 7600, 24}}
	for _, b := range bands {
		t.Run(fmt.Sprintf("%d to %d", b[0], b[1]), func(t *testing.T) {
			for _, d := range b[:2] {
				if got := scoring.IMPs(d); got != b[2] {
					t.Errorf("IMPs(%d) = %d, want %d", d, got, b[2])
				}
				if got := scoring.IMPs(-d); got != -b[2] {
					t.Errorf("IMPs(%d) = %d, want %d", -d, got, -b[2])
				}
			}
		})
	}
}

func TestContractDuplicateDeal(t *testing.T) {
	t.Parallel()
	base := dealWith(t, baseDeal)
	r := rec(t, base, "4S", model.East, 11, "Score", "EW 650")
	r.Vul = model.VulEW
	ds := score(t, r, scoring.Options{})
	if got, want := items(ds), "EW below 120 contract 4S; EW above 30 1 overtrick; EW above 500 game"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if ds.NSScore == nil || *ds.NSScore != -650 || ds.RecordedNS == nil || *ds.RecordedNS != -650 {
		t.Errorf("ns score %v recorded %v", ds.NSScore, ds.RecordedNS)
	}
	b, err := json.Marshal(ds)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if m["ns_score"] != -650.0 || m["recorded_ns"] != -650.0 || m["file"] != "" || m["board"] != 1.0 {
		t.Errorf("json: %s", b)
	}
	// Without a Score tag recorded_ns is null; a bare Score is the declarer's.
	r = rec(t, base, "3NT", model.South, 8)
	b, _ = json.Marshal(score(t, r, scoring.Options{}))
	m = nil
	json.Unmarshal(b, &m)
	if v, ok := m["recorded_ns"]; !ok || v != nil || m["ns_score"] != -50.0 {
		t.Errorf("json: %s", b)
	}
	if n, ok := scoring.ParseScoreTag("420", model.West); !ok || n != -420 {
		t.Errorf("bare score for West: %d %v", n, ok)
	}
	// The Scoring tag picks the code; PBN's own values mean contract.
	r.SetFact(model.FactScoring, "IMP")
	if c := scoring.CodeOf(r); c != scoring.Contract {
		t.Errorf("IMP: %s", c)
	}
	r.SetFact(model.FactScoring, "Bridge1904")
	if c := scoring.CodeOf(r); c != scoring.Bridge1904 {
		t.Errorf("Bridge1904: %s", c)
	}
}

func sessionOf(t *testing.T, opt scoring.Options, recs ...*model.Record) *scoring.Report {
	t.Helper()
	opt.Rubber = true
	s, err := scoring.NewScorer(opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if ds := s.Add(r); ds.Err != "" {
			t.Fatal(ds.Err)
		}
	}
	return s.Finish()
}

func TestContractRubber(t *testing.T) {
	t.Parallel()
	base := dealWith(t, baseDeal)
	rep := sessionOf(t, scoring.Options{Code: scoring.Contract},
		rec(t, base, "4S", model.North, 10), // NS game; 5 honours in North's hand
		rec(t, base, "4H", model.East, 10),  // EW game
		rec(t, base, "2S", model.East, 6),   // EW vulnerable: 2 down 200
		rec(t, base, "1NT", model.South, 7), // NS 40; four aces in one hand
		rec(t, base, "3NT", model.South, 9), // NS game and rubber, 2-1
		rec(t, base, "2C", model.West, 8),   // a new rubber: EW 40
	)
	want := []string{
		"NS below 120 contract 4S; NS above 150 5 honours in one hand",
		"EW below 120 contract 4H",
		"NS above 200 2 undertricks; NS above 150 5 honours in one hand",
		"NS below 40 contract 1NT; NS above 150 4 aces in one hand",
		"NS below 100 contract 3NT; NS above 150 4 aces in one hand",
		"EW below 40 contract 2C",
	}
	for i, w := range want {
		if got := items(rep.Deals[i]); got != w {
			t.Errorf("deal %d: got  %s\nwant %s", i+1, got, w)
		}
	}
	if len(rep.Rubbers) != 2 {
		t.Fatalf("got %d rubbers", len(rep.Rubbers))
	}
	r1, r2 := rep.Rubbers[0], rep.Rubbers[1]
	if r1.Totals["NS"] != 1560 || r1.Totals["EW"] != 120 || r1.Winner != "NS" || r1.Margin != 1440 || !r1.Finished {
		t.Errorf("rubber 1: %+v", r1)
	}
	if len(r1.Bonuses) != 1 || r1.Bonuses[0].Label != "rubber 2-1" || r1.Bonuses[0].Points != 500 {
		t.Errorf("rubber 1 bonuses: %+v", r1.Bonuses)
	}
	// Unfinished: 100 for a part-score in an unfinished game.
	if r2.Finished || r2.Totals["EW"] != 140 || r2.Winner != "EW" || len(r2.Bonuses) != 1 || r2.Bonuses[0].Points != 100 {
		t.Errorf("rubber 2: %+v", r2)
	}

	// 2-0: 700; an unfinished rubber with a game up: 300.
	rep = sessionOf(t, scoring.Options{Code: scoring.Contract},
		rec(t, base, "4H", model.North, 10),
		rec(t, base, "4H", model.North, 10),
		rec(t, base, "4H", model.East, 10),
	)
	if b := rep.Rubbers[0].Bonuses; len(b) != 1 || b[0].Points != 700 || b[0].Who != "NS" {
		t.Errorf("2-0: %+v", b)
	}
	if b := rep.Rubbers[1].Bonuses; len(b) != 1 || b[0].Points != 300 || b[0].Label != "game in an unfinished rubber" {
		t.Errorf("game up: %+v", b)
	}
}

func TestChicago(t *testing.T) {
	t.Parallel()
	base := dealWith(t, baseDeal)
	dealt := func(r *model.Record, dealer model.Seat) *model.Record { r.Dealer = dealer; return r }
	rep := sessionOf(t, scoring.Options{Code: scoring.Contract, Chicago: true},
		dealt(rec(t, base, "1H", model.North, 7), model.North), // none vulnerable
		dealt(rec(t, base, "4H", model.East, 10), model.East),  // dealer's side: EW vulnerable
		dealt(rec(t, base, "2C", model.North, 8), model.South), // dealer's side: NS vulnerable
		dealt(rec(t, base, "1NT", model.East, 6), model.West),  // both vulnerable
	)
	want := []string{
		"NS below 30 contract 1H",
		"EW below 120 contract 4H; EW above 500 game",
		"NS below 40 contract 2C",
		"NS above 100 1 undertrick; NS above 150 4 aces in one hand",
	}
	for i, w := range want {
		if got := items(rep.Deals[i]); got != w {
			t.Errorf("deal %d: got  %s\nwant %s", i+1, got, w)
		}
	}
	rb := rep.Rubbers[0]
	if rb.Totals["NS"] != 420 || rb.Totals["EW"] != 620 || rb.Winner != "EW" || rb.Margin != 200 || !rb.Finished {
		t.Errorf("chicago: %+v", rb)
	}
}

// A passed-out board scores nothing under every code, and is no error: a
// BEN or BBO record gives it as an empty Contract tag and four passes.
func TestPassedOutEveryCode(t *testing.T) {
	t.Parallel()
	r := model.NewRecord()
	r.Board = 2
	r.Auction = &model.Auction{First: model.East, Calls: []model.Call{{Kind: model.Pass}, {Kind: model.Pass}, {Kind: model.Pass}, {Kind: model.Pass}}}
	model.DerivePassedOut(r)
	if r.Contract.Kind != model.PassedOut {
		t.Fatalf("contract %v, want passed out", r.Contract)
	}
	for _, code := range scoring.Codes {
		t.Run(string(code), func(t *testing.T) {
			ds, err := scoring.Score(r, scoring.Options{Code: code})
			if err != nil || ds.Err != "" || len(ds.Items) != 0 {
				t.Errorf("%s: err %v %q, items %v", code, err, ds.Err, ds.Items)
			}
			if code == scoring.Contract && (ds.NSScore == nil || *ds.NSScore != 0) {
				t.Errorf("contract: NS score %v, want 0", ds.NSScore)
			}
		})
	}
	// an auction not yet over says nothing of the contract
	r2 := model.NewRecord()
	r2.Auction = &model.Auction{First: model.East, Calls: []model.Call{{Kind: model.Pass}, {Kind: model.Pass}, {Kind: model.Pass}}}
	model.DerivePassedOut(r2)
	if r2.Contract.Kind != model.NoContract {
		t.Errorf("three passes: contract %v", r2.Contract)
	}
}
