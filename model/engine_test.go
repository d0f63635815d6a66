package model

import (
	"strings"
	"testing"
)

// The deal of the engine tests: North holds the top cards, so the play is
// easy to follow by hand.
const engineDeal = "N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432"

func mustDeal(t *testing.T, v string) Deal {
	t.Helper()
	d, errs := ParseDeal(v)
	if len(errs) > 0 {
		t.Fatalf("deal %q: %v", v, errs)
	}
	return d
}

// playOf builds a play record: each row holds four cards in PBN order,
// clockwise from first; "-" is an unknown card, "" no card, a suffix "^R"
// marks a revoke and "^L" a lead out of turn.
func playOf(t *testing.T, first Seat, rows ...string) *Play {
	t.Helper()
	p := NewPlay(first)
	for i, row := range rows {
		var tr Trick
		for j, tok := range strings.Fields(row) {
			s := first.Add(j)
			pc := PlayCard{Pos: Pos{Line: i + 1, Col: j + 1}}
			if strings.HasSuffix(tok, "^R") {
				pc.Revoke, tok = true, strings.TrimSuffix(tok, "^R")
			}
			if strings.HasSuffix(tok, "^L") {
				pc.LeadOutOfTurn, tok = true, strings.TrimSuffix(tok, "^L")
			}
			switch tok {
			case "-":
				pc.Kind = Unknown
			case ".":
				pc.Kind = NoCard
			default:
				c, ok := ParseCard(tok)
				if !ok {
					t.Fatalf("bad card %q", tok)
				}
				pc.Kind, pc.Card = Played, c
			}
			tr[s] = pc
		}
		p.Tricks = append(p.Tricks, tr)
	}
	return p
}

func TestReplayLeadersWinners(t *testing.T) {
	t.Parallel()
	d := mustDeal(t, engineDeal)
	// Hearts are trumps. East leads a club and North wins with the ace,
	// then North keeps the lead with top cards.
	p := playOf(t, East,
		// columns E S W N, as PBN writes them from the Play tag's seat
		"CJ C8 C5 CA",
		"S8 S5 S2 SA",
		"D9 D5 D2 DA",
		"S9 S6 S3 SK",
	)
	out := ReplayPlay(d, p, StrainHearts)
	want := []TrickPlay{
		{Leader: East, Winner: North, Cards: 4},
		{Leader: North, Winner: North, Cards: 4},
		{Leader: North, Winner: North, Cards: 4},
		{Leader: North, Winner: North, Cards: 4},
	}
	if len(out.Tricks) != len(want) {
		t.Fatalf("got %d tricks, want %d", len(out.Tricks), len(want))
	}
	for i := range want {
		if out.Tricks[i] != want[i] {
			t.Errorf("trick %d: got %+v, want %+v", i+1, out.Tricks[i], want[i])
		}
	}
	if out.Won != [4]int{4, 0, 0, 0} || out.Decided != 4 {
		t.Errorf("won %v decided %d, want [4 0 0 0] 4", out.Won, out.Decided)
	}
	if len(out.Revokes) != 0 || len(out.NotHeld) != 0 {
		t.Errorf("unexpected faults: %+v %+v", out.Revokes, out.NotHeld)
	}
	if _, ok := out.PairTricks(SidePair(NS)); ok {
		t.Errorf("four tricks without a claim should not decide the result")
	}
}

func TestReplayRuffAndPairs(t *testing.T) {
	t.Parallel()
	d := mustDeal(t, engineDeal)
	// Spades are trumps. North cashes three diamonds and the SJ, leads
	// the CA and the declarer claims twelve tricks in all mid-trick.
	p := playOf(t, North,
		"DA D9 D5 D2",
		"DK DT D6 D3",
		"DQ DJ D7 D4",
		"SJ ST S5 S2",
		"CA . . .",
	)
	p.Claim = 12
	out := ReplayPlay(d, p, StrainSpades)
	if out.Won[North] != 4 || out.Decided != 4 {
		t.Fatalf("won %v, decided %d", out.Won, out.Decided)
	}
	if out.Tricks[4].Complete() || out.Tricks[4].Winner != NoSeat || out.Tricks[4].Leader != North {
		t.Errorf("partial trick: %+v", out.Tricks[4])
	}
	if n, ok := out.PairTricks(SidePair(NS)); !ok || n != 12 {
		t.Errorf("claim mid-trick: got %d %v, want 12 true", n, ok)
	}
	// A pair of neighbours, as in Pirate: North and East.
	if n := out.TricksOf(Pair{North, East}); n != 4 {
		t.Errorf("North-East tricks: got %d, want 4", n)
	}
	if got := (Pair{North, East}).Other(); got != (Pair{South, West}) {
		t.Errorf("other pair: got %v", got)
	}
	if got := (Pair{West, North}).String(); got != "NW" {
		t.Errorf("pair string: got %q", got)
	}
}

func TestReplayTrumpWins(t *testing.T) {
	t.Parallel()
	d := mustDeal(t, engineDeal)
	// Clubs trumps. North leads three rounds of spades; West, with three
	// spades, follows. On the fourth round (SJ) West has no spade and ruffs
	// with the C2, East and South are out of spades too and discard.
	p := playOf(t, North,
		"SA S8 S5 S2",
		"SK S9 S6 S3",
		"SQ ST S7 S4",
		"SJ H8 H5 C2",
	)
	out := ReplayPlay(d, p, StrainClubs)
	if w := out.Tricks[3].Winner; w != West {
		t.Fatalf("trick 4 winner: got %v, want West (ruff)", w)
	}
	if len(out.Revokes) != 0 {
		t.Errorf("no revoke expected, got %+v", out.Revokes)
	}
	// At no trump the SJ wins.
	if w := ReplayPlay(d, p, NoTrump).Tricks[3].Winner; w != North {
		t.Errorf("NT trick 4 winner: got %v, want North", w)
	}
}

func TestReplayRevokes(t *testing.T) {
	t.Parallel()
	d := mustDeal(t, engineDeal)
	tests := []struct {
		name string
		play *Play
		want []Revoke
	}{
		{
			name: "West discards a club on a heart while holding hearts; West plays to the next trick",
			play: playOf(t, North,
				"HA H8 H5 C2",
				"HK H9 H6 H4",
			),
			want: []Revoke{{Trick: 1, Seat: West, Led: Hearts, Card: NewCard(Clubs, Two), Held: true, Quitted: true, Followed: [4]bool{true, true, true, true}, Pos: Pos{1, 4}}},
		},
		{
			name: "a revoke in the last trick recorded, not followed",
			play: playOf(t, North,
				"HA H8 H5 C2",
			),
			want: []Revoke{{Trick: 1, Seat: West, Led: Hearts, Card: NewCard(Clubs, Two), Held: true, Pos: Pos{1, 4}}},
		},
		{
			name: "a revoke judged from the cards already played: East's fourth heart",
			play: playOf(t, North,
				"HA H8 H5 H2",
				"HK H9 H6 H3",
				"HQ ST H7 H4", // East still holds HJ HT: revoke
			),
			want: []Revoke{{Trick: 3, Seat: East, Led: Hearts, Card: NewCard(Spades, Ten), Held: true, Pos: Pos{3, 2}}},
		},
		{
			name: "a card marked ^R counts although the deal does not show it",
			play: playOf(t, North,
				"SA S8 S5 S2^R",
				"SK S9 S6 S3",
			),
			want: []Revoke{{Trick: 1, Seat: West, Led: Spades, Card: NewCard(Spades, Two), Marked: true, Quitted: true, Followed: [4]bool{true, true, true, true}, Pos: Pos{1, 4}}},
		},
		{
			name: "no revoke once the suit is gone",
			play: playOf(t, North,
				"SA S8 S5 S2",
				"SK S9 S6 S3",
				"SQ ST S7 S4",
				"SJ H8 H5 H2",
			),
			want: nil,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := ReplayPlay(d, tc.play, NoTrump)
			if len(out.Revokes) != len(tc.want) {
				t.Fatalf("got %d revokes %+v, want %d", len(out.Revokes), out.Revokes, len(tc.want))
			}
			for i := range tc.want {
				if out.Revokes[i] != tc.want[i] {
					t.Errorf("revoke %d:\n got %+v\nwant %+v", i, out.Revokes[i], tc.want[i])
				}
			}
		})
	}
}

func TestRevokeEstablished(t *testing.T) {
	t.Parallel()
	// Bridge 1895 law 88, Auction 1915 law 83, Pirate 1916 law 52.
	r := Revoke{Seat: West}
	if r.Established(East) {
		t.Error("a revoke nobody played on is not established")
	}
	r.Followed[East] = true
	if !r.Established(East) {
		t.Error("the partner played to the next trick: established")
	}
	if r.Established(North) {
		t.Error("an opponent's play to the next trick does not establish it")
	}
	r = Revoke{Seat: West, Quitted: true}
	if !r.Established(NoSeat) {
		t.Error("trick turned and quitted: established")
	}
}

func TestReplayNotHeldAndOutOfTurn(t *testing.T) {
	t.Parallel()
	d := mustDeal(t, engineDeal)
	// East leads out of turn (^L) although North was to lead; North plays
	// the C2, which West holds, and West the HA, which North holds.
	p := playOf(t, North, "C2 C9^L C6 HA")
	out := ReplayPlay(d, p, NoTrump)
	if tp := out.Tricks[0]; tp.Leader != East || !tp.OutOfTurn {
		t.Errorf("leader: got %+v, want East out of turn", tp)
	}
	want := []NotHeld{
		{Trick: 1, Seat: North, Card: NewCard(Clubs, Two), Holder: West, Pos: Pos{1, 1}},
		{Trick: 1, Seat: West, Card: NewCard(Hearts, Ace), Holder: North, Pos: Pos{1, 4}},
	}
	if len(out.NotHeld) != len(want) {
		t.Fatalf("not held: got %+v", out.NotHeld)
	}
	for i := range want {
		if out.NotHeld[i] != want[i] {
			t.Errorf("not held %d: got %+v, want %+v", i, out.NotHeld[i], want[i])
		}
	}
}

func TestReplayUnknownCards(t *testing.T) {
	t.Parallel()
	d := mustDeal(t, engineDeal)
	p := playOf(t, North,
		"SA S8 S5 S2",
		"- - - -",
		"HA H8 H5 H2",
	)
	out := ReplayPlay(d, p, NoTrump)
	// After a trick of unknown cards nobody knows who leads the next.
	if out.Decided != 1 || out.Undecided != 2 || out.Tricks[2].Leader != NoSeat {
		t.Errorf("got decided %d undecided %d, trick 3 %+v", out.Decided, out.Undecided, out.Tricks[2])
	}
}

func TestValidateWarnsOfUnmarkedRevoke(t *testing.T) {
	t.Parallel()
	r := NewRecord()
	r.File = "x.pbn"
	r.Deal = mustDeal(t, engineDeal)
	r.Contract = Contract{Kind: Bid, Level: 3, Strain: NoTrump}
	r.Play = playOf(t, North, "HA H8 H5 C2", "HK H9 H6 H4")
	Validate(r)
	if len(r.Problems) != 1 {
		t.Fatalf("problems: %v", r.Problems)
	}
	want := "x.pbn:1:4: warning: play: West revokes at trick 1 (C2 on a heart lead), holding a heart"
	if got := r.Problems[0].Error(); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
