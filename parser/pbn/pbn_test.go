package pbn_test

import (
	"fmt"
	"strings"
	"testing"

	"handrec/layout"
	"handrec/model"
	"handrec/parser"
)

func read1(t *testing.T, src string) *model.Record {
	t.Helper()
	doc, err := parser.ReadAll("t.pbn", strings.NewReader(src), parser.Workers(1))
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Records) != 1 {
		t.Fatalf("%d records, want 1", len(doc.Records))
	}
	return doc.Records[0]
}

func problems(r *model.Record) []string {
	out := make([]string, len(r.Problems))
	for i, p := range r.Problems {
		out[i] = p.Error()
	}
	return out
}

const deal1 = `[Deal "N:QT65.K7642.AT7.J 932.JT5.Q932.875 J874.AQ983..KT64 AK..KJ8654.AQ932"]`

// One table drives the grammar tests: each case is a game, what the reader
// must make of it, and the exact problems with their positions.
func TestPBNFeatures(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		src   string
		check func(*model.Record) string
		probs []string
	}{
		{"tag with blanks and tabs inside the brackets", "[ Auction \"E\"]\n[Dealer\t\"N\" ]\n", func(r *model.Record) string {
			return fmt.Sprint(r.Dealer, r.Auction.First)
		}, nil},
		{"bracket inside a value", `[Event "Random]"]`, func(r *model.Record) string { return r.Event.Name }, nil},
		{"escaped quote and backslash", `[Event "a \"b\" \\ \S"]`, func(r *model.Record) string { return r.Event.Name }, nil},
		{"vulnerability spellings", "[Vulnerable \"Both \"]", func(r *model.Record) string { return r.Vul.String() }, nil},
		{"contract R and N", "[Contract \"3NR\"]", func(r *model.Record) string { return r.Contract.String() }, nil},
		{"lowercase x", "[Contract \"2hx\"]", func(r *model.Record) string { return r.Contract.String() }, nil},
		{"deal from any seat, unsorted ranks", `[Deal "w:KA..8J465K.3A9Q2 T56Q.76K42.7TA.J 239.5TJ.239Q.758 78J4.389QA..6KT4"]`, func(r *model.Record) string {
			return r.Deal.PBN(model.North)
		}, nil},
		{"card dealt twice", `[Deal "N:AK... QJ... AK... -"]`, func(r *model.Record) string { return r.Deal.PBN(model.North) },
			[]string{"t.pbn:1:22: deal: SA is dealt twice (again to South)", "t.pbn:1:23: deal: SK is dealt twice (again to South)"}},
		{"hand of twelve", `[Deal "W:QT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4"]`, func(r *model.Record) string { return "" },
			[]string{"t.pbn:1:8: deal: West has 12 cards, the others 13"}},
		{"auction with notes, suffix, NAG and comments", "[Dealer \"N\"]\n[Auction \"N\"]\n1C =1= ! $20 {art} Pass\n[Note \"1:16+\"]\n",
			func(r *model.Record) string {
				c := r.Auction.Calls[0]
				return fmt.Sprintf("%v %v %v %v %v %v", c.String(), c.Note, c.NAGs, c.Comments[0].Text, c.Alert, r.Auction.Notes[0].Text)
			}, nil},
		{"insufficient bid", "[Dealer \"N\"]\n[Auction \"N\"]\n1D 1C\n", func(r *model.Record) string { return "" },
			[]string{"t.pbn:3:4: auction: insufficient bid 1C after 1D"}},
		{"insufficient bid marked ^I", "[Dealer \"N\"]\n[Auction \"N\"]\n1D ^I 1C\n", func(r *model.Record) string {
			return fmt.Sprint(r.Auction.Calls[1].Insufficient)
		}, nil},
		{"illegal double", "[Dealer \"N\"]\n[Auction \"N\"]\n1D Pass X\n", func(r *model.Record) string { return "" },
			[]string{"t.pbn:3:9: auction: illegal double by South"}},
		{"placeholders before the dealer", "[Dealer \"E\"]\n[Auction \"N\"]\n- 1C Pass\n", func(r *model.Record) string {
			return fmt.Sprint(r.Auction.First, len(r.Auction.Calls))
		}, nil},
		{"contract against the auction", "[Dealer \"N\"]\n[Contract \"2S\"]\n[Declarer \"N\"]\n[Auction \"N\"]\n1S Pass 2S X\nPass Pass Pass\n",
			func(r *model.Record) string { return "" }, []string{"t.pbn:2:12: contract 2S does not match the auction (2SX)"}},
		{"passed-out contract against a bid auction, with tricks", "[Dealer \"N\"]\n[Contract \"Pass\"]\n[Declarer \"\"]\n[Result \"9\"]\n[Auction \"N\"]\n1S Pass Pass Pass\n",
			func(r *model.Record) string { return "" }, []string{"t.pbn:2:12: contract Pass does not match the auction (1S)"}},
		{"passed out with tricks", "[Dealer \"N\"]\n[Contract \"Pass\"]\n[Result \"9\"]\n[Auction \"N\"]\nPass Pass Pass Pass\n",
			func(r *model.Record) string { return "" }, []string{"t.pbn:3:10: result: tricks for a deal that was passed out"}},
		{"cards their players hold", "[Dealer \"N\"]\n" + deal1 + "\n[Contract \"5D\"]\n[Declarer \"W\"]\n[Play \"N\"]\nHK H5 H3 SA\n",
			func(r *model.Record) string { return "" },
			nil},
		{"play notes, revoke mark, unknown card, star", "[Dealer \"N\"]\n" + deal1 + "\n[Contract \"5D\"]\n[Declarer \"W\"]\n[Play \"N\"]\nHK =1= - H3 ^R D4\n*\n[Note \"1:top\"]\n",
			func(r *model.Record) string {
				t0 := r.Play.Tricks[0]
				return fmt.Sprint(t0[model.North], " ", t0[model.East].Kind, " ", t0[model.West].Revoke, " ", r.Play.Star, " ", r.Play.Notes[0].Text)
			}, []string{"t.pbn:6:16: play: ^R marks D4 at trick 1, but West had no heart"}},
		{"revoke mark on a card that follows suit", "[Dealer \"N\"]\n" + deal1 + "\n[Contract \"5D\"]\n[Declarer \"W\"]\n[Play \"N\"]\nHK H5 ^R H3 D4\n",
			func(r *model.Record) string { return fmt.Sprint(r.Play.Tricks[0][model.South].Revoke) },
			[]string{"t.pbn:6:10: play: ^R marks H3, which follows suit at trick 1"}},
		// a called card not played is a revoke under the historic codes
		{"historic: revoke mark on a card that follows suit", "[Dealer \"N\"]\n" + deal1 + "\n[Scoring \"bridge1895\"]\n[Contract \"5D\"]\n[Declarer \"W\"]\n[Play \"N\"]\nHK H5 ^R H3 D4\n",
			func(r *model.Record) string { return fmt.Sprint(r.Play.Tricks[0][model.South].Revoke) }, nil},
		{"historic: revoke mark on a void player's discard", "[Dealer \"N\"]\n" + deal1 + "\n[Scoring \"pirate1916\"]\n[Contract \"5D\"]\n[Declarer \"W\"]\n[Play \"N\"]\nHK H5 H3 ^R D4\n",
			func(r *model.Record) string { return fmt.Sprint(r.Play.Tricks[0][model.West].Revoke) }, nil},
		{"tricks in playing order", "[Dealer \"N\"]\n" + deal1 + "\n[Contract \"5D\"]\n[Declarer \"W\"]\n[Play \"N\"]\nHK H5 H3 D4\nSA S5 S2 S4\n",
			func(r *model.Record) string { return r.Play.Tricks[1][model.West].Card.String() },
			[]string{"t.pbn:5:1: warning: play: tricks are written in playing order, not in seat columns; read as played"}},
		{"table with widths", "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\1R\"]\nN NT 4\nS S 5\n", func(r *model.Record) string {
			_, _, cols, rows := layout.SectionTable(r, 0)
			return fmt.Sprint(cols[2], " ", rows, " ", r.Sections[0].DD[model.South][model.StrainSpades])
		}, nil},
		{"glued star as alert", "[Dealer \"W\"]\n[Auction \"W\"]\n2H P 3H 3S\nP 4H* X 4S\nP P P\n", func(r *model.Record) string {
			c := r.Auction.Calls[5]
			return fmt.Sprintf("%v %v %v %v", c.String(), c.Alert, c.Note, len(r.Auction.Calls))
		}, []string{"t.pbn:4:5: warning: auction: '*' glued to 4H read as an alert"}},
		{"tag without value", "[Event]\n", func(r *model.Record) string { return "" }, []string{"t.pbn:1:1: tag Event has no value"}},
		{"bad dealer", "[Dealer \"Black\"]", func(r *model.Record) string { return "" }, []string{"t.pbn:1:10: dealer: bad seat \"Black\""}},
		{"result by sides", "[Declarer \"E\"]\n[Result \"NS 4 EW 9\"]", func(r *model.Record) string { return fmt.Sprint(r.Result.Tricks) }, nil},
		{"declarer swap names the dummy", "[Dealer \"S\"]\n[Declarer \"^S\"]\n[Contract \"1C\"]\n[Auction \"S\"]\n1C AP\n",
			func(r *model.Record) string { return "" }, []string{"t.pbn:2:12: declarer ^S: a swap names the auction's dummy, North, not South"}},
		{"tricks on a passed-out deal", "[Contract \"Pass\"]\n[Declarer \"\"]\n[Result \"1\"]\n",
			func(r *model.Record) string { return "" }, []string{"t.pbn:3:10: result: tricks for a deal that was passed out"}},
		{"a passed-out deal's 0 is filler", "[Contract \"Pass\"]\n[Declarer \"S\"]\n[Result \"0\"]\n",
			func(r *model.Record) string { return "" }, nil},
		{"^I on a sufficient bid", "[Dealer \"N\"]\n[Auction \"N\"]\n1D ^I 1S\n", func(r *model.Record) string { return "" },
			[]string{"t.pbn:3:7: auction: ^I marks 1S, which is sufficient"}},
		{"score percentage out of range", "[ScorePercentage \"-10\"]", func(r *model.Record) string { return "" },
			[]string{"t.pbn:1:19: warning: scorepercentage: bad value \"-10\""}},
		{"score percentages of both sides", "[ScorePercentage \"NS 58.06 EW 41.94\"]", func(r *model.Record) string { return "" }, nil},
		{"control character in a value", "[Description \"a\x7fb\"]", func(r *model.Record) string { return "" },
			[]string{"t.pbn:1:15: warning: tag Description: control character inside the value (PBN 2.2 allows none)"}},
		{"line too long", "{" + strings.Repeat("x", 253) + "}\n[Event \"\"]\n", func(r *model.Record) string { return "" },
			[]string{"t.pbn:1:255: warning: line longer than the 255 bytes PBN allows, its end included (2.3)"}},
		{"line just short enough", "{" + strings.Repeat("x", 252) + "}\n[Event \"\"]\n", func(r *model.Record) string { return "" }, nil},
		// the end as the file has it: CRLF is two bytes
		{"line too long with CRLF", "{" + strings.Repeat("x", 252) + "}\r\n[Event \"\"]\r\n", func(r *model.Record) string { return "" },
			[]string{"t.pbn:1:255: warning: line longer than the 255 bytes PBN allows, its end included (2.3)"}},
		{"line short enough with CRLF", "{" + strings.Repeat("x", 251) + "}\r\n[Event \"\"]\r\n", func(r *model.Record) string { return "" }, nil},
		// bytes, not characters: 127 two-byte characters and the braces
		// are 129 characters, 256 bytes
		{"line too long in bytes", "{" + strings.Repeat("é", 127) + "}\n[Event \"\"]\n", func(r *model.Record) string { return "" },
			[]string{"t.pbn:1:255: warning: line longer than the 255 bytes PBN allows, its end included (2.3)"}},
		{"'+' after the lead of a trick", "[Dealer \"N\"]\n" + deal1 + "\n[Contract \"5D\"]\n[Declarer \"W\"]\n[Play \"N\"]\nHK H5 H3 D4\n+ - - SA\n",
			func(r *model.Record) string { return "" }, nil},
		{"a card after '+'", "[Dealer \"N\"]\n" + deal1 + "\n[Contract \"5D\"]\n[Declarer \"W\"]\n[Play \"N\"]\nHK H5 H3 D4\n+ S2 - SA\n",
			func(r *model.Record) string { return "" },
			[]string{"t.pbn:7:3: play: S2 is played after '+', the card still to come, at trick 2"}},
		{"rubber history against the vulnerability", "[Vulnerable \"All\"]\n[ScoreRubberHistory \"NS 0 0 / 100 0 EW 0 0 / 0 0\"]\n",
			func(r *model.Record) string { return "" },
			[]string{"t.pbn:2:22: scorerubberhistory: the games won make the vulnerability NS, but Vulnerable says All"}},
		{"rubber history that agrees", "[Vulnerable \"All\"]\n[ScoreRubberHistory \"NS 0 0 / 100 0 0 EW 0 0 / 0 100 0\"]\n",
			func(r *model.Record) string { return "" }, nil},
		{"export format declared but not kept", "% EXPORT\n[Event \"x\"] [Site \"y\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n1NT Pass Pass 2H Pass Pass Pass\n",
			func(r *model.Record) string { return "" },
			[]string{"t.pbn:2:13: warning: export format: tag Site does not begin its own line",
				"t.pbn:5:18: warning: export format: more than four calls on a line"}},
		{"tricks without a declarer", "[Contract \"4S\"]\n[Declarer \"\"]\n[Result \"10\"]\n",
			func(r *model.Record) string { return "" }, []string{"t.pbn:3:10: result: tricks, but no declarer to have won them"}},
		{"tricks with a declarer unknown (as convert writes one not given)", "[Contract \"4S\"]\n[Declarer \"?\"]\n[Result \"10\"]\n",
			func(r *model.Record) string { return "" }, nil},
	}
	want := []string{"N E", "Random]", `a "b" \ \S`, "All", "3NTXX", "2HX",
		"N:QT65.K7642.AT7.J 932.JT5.Q932.875 J874.AQ983..KT64 AK..KJ8654.AQ932",
		"N:AK... QJ... AK... -", "", "1C 1 [1 20] art true 16+", "", "true", "", "E 2", "", "", "", "", "HK unknown true true top", "true", "true", "true", "SA",
		`Result\1R [[N NT 4] [S S 5]] 5`, "4H true 1 11", "", "", "9",
		// the later cases assert their problems only
		"", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", ""}
	if len(want) != len(cases) {
		t.Fatalf("%d expected values for %d cases", len(want), len(cases))
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := read1(t, c.src)
			if got := c.check(r); got != want[i] {
				t.Errorf("got %q, want %q", got, want[i])
			}
			got := problems(r)
			if strings.Join(got, "\n") != strings.Join(c.probs, "\n") {
				t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.probs, "\n"))
			}
		})
	}
}

// BEN and BBO give a passed-out board as an empty Contract tag and four
// passes: the auction says the board was passed out.
func TestPassedOutByAuction(t *testing.T) {
	t.Parallel()
	r := read1(t, "[Board \"2\"]\n[Dealer \"E\"]\n[Declarer \"\"]\n[Contract \"\"]\n[Result \"\"]\n[Auction \"E\"]\nPass Pass Pass Pass\n")
	if r.Contract.Kind != model.PassedOut || len(r.Problems) != 0 {
		t.Errorf("contract %q (kind %d), problems %v", r.Contract, r.Contract.Kind, r.Problems)
	}
	// a contract the record gives is kept, even against the auction
	r = read1(t, "[Dealer \"E\"]\n[Contract \"1S\"]\n[Auction \"E\"]\nPass Pass Pass Pass\n")
	if r.Contract.String() != "1S" {
		t.Errorf("contract %q, want the record's 1S", r.Contract)
	}
}

// A token of an auction or play section that is no call, card or known
// mark is reported and kept as a comment on the element before it (on the
// section before the first), whole characters and all: nothing read is
// lost on the way to a writer.
func TestSectionStrayKept(t *testing.T) {
	t.Parallel()
	src := "[Dealer \"N\"]\n" + deal1 + "\n[Contract \"5D\"]\n[Declarer \"W\"]\n" +
		"[Auction \"N\"]\n^ξ0 Pass ^Q 1C #\n[Play \"N\"]\n^ξ HK H5 S1 H3 D4\n"
	r := read1(t, src)
	a, p := r.Auction, r.Play
	got := fmt.Sprintf("%q %q %q %q %q %d", commentTextsOf(a.Comments), commentTextsOf(a.Calls[1].Comments),
		commentTextsOf(a.Calls[2].Comments), commentTextsOf(p.Comments), commentTextsOf(p.Tricks[0][model.East].Comments), len(a.Calls))
	if want := `["^ξ"] ["^Q"] ["#"] ["^ξ"] ["S1"] 3`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	want := []string{
		"t.pbn:6:1: auction: bad irregularity ^ξ; kept as a comment",
		"t.pbn:6:4: auction: unknown call \"0\"; kept as written",
		"t.pbn:6:11: auction: bad irregularity ^Q; kept as a comment",
		"t.pbn:6:17: auction: unexpected \"#\"; kept as a comment",
		"t.pbn:8:1: play: bad irregularity ^ξ; kept as a comment",
		"t.pbn:8:11: play: bad card \"S1\"; kept as a comment",
	}
	if g := problems(r); strings.Join(g, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(g, "\n"), strings.Join(want, "\n"))
	}
}

func commentTextsOf(cs []model.Comment) []string {
	out := []string{}
	for _, c := range cs {
		out = append(out, c.Text)
	}
	return out
}

// A string in an auction is an unknown call kept as written, its escapes
// resolved (the PBN writer's form of a call that is no call token: LIN's
// "p<mb", "4È", an empty mb||); one whose quote is not closed is no call.
func TestAuctionStringIsUnknownCall(t *testing.T) {
	t.Parallel()
	r := read1(t, "[Dealer \"N\"]\n[Auction \"N\"]\nPass \"p<mb\" \"\" =1= \"a\\\"b\\\\\"\n\"Pass\" \"open\n[Note \"1:empty\"]\n")
	var got []string
	for _, c := range r.Auction.Calls {
		got = append(got, fmt.Sprintf("%d %q note %d", c.Kind, c.Text, c.Note))
	}
	want := `0 "" note 0|8 "p<mb" note 0|8 "" note 1|8 "a\"b\\" note 0|8 "Pass" note 0`
	if g := strings.Join(got, "|"); g != want {
		t.Errorf("calls %s, want %s", g, want)
	}
	wantP := []string{
		"t.pbn:3:6: auction: unknown call \"p<mb\"; kept as written",
		"t.pbn:3:13: auction: unknown call \"\"; kept as written",
		"t.pbn:3:20: auction: unknown call \"a\\\"b\\\\\"; kept as written",
		"t.pbn:4:1: auction: unknown call \"Pass\"; kept as written",
		"t.pbn:4:8: auction: unexpected \"\\\"open\"; kept as a comment",
	}
	if g := problems(r); strings.Join(g, "\n") != strings.Join(wantP, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(g, "\n"), strings.Join(wantP, "\n"))
	}
}

// The last trick of a play cut short is read from the leader the play was
// played with: the winner of the trick before at the trumps of the
// auction's contract when the auction is complete, as the LIN reader lays
// the tricks out, though the Contract tag says another strain. Here South
// ruffs trick 2 in spades and leads; at no trump West would have won it,
// and the "-" before South's card would be unknown cards.
func TestCutShortLeaderFromAuction(t *testing.T) {
	t.Parallel()
	src := "[Dealer \"S\"]\n[Deal \"S:JT98753.5.Q842.A A642.KT6.KJ6.J85 Q.Q8742.T97.Q942 K.AJ93.A53.KT763\"]\n" +
		"[Declarer \"W\"]\n[Contract \"3NT\"]\n[Auction \"S\"]\n3S Pass Pass Pass\n" +
		"[Play \"W\"]\nH6 H2 H3 H5\nHK H4 H9 S3\n- - - D2\n*\n"
	r := read1(t, src)
	var got []string
	for i, tr := range r.Play.Tricks {
		for s, c := range tr {
			if c.Kind != model.NoCard {
				got = append(got, fmt.Sprintf("%d%v:%s", i+1, model.Seat(s), c.String()))
			}
		}
	}
	if g, want := strings.Join(got, " "), "1N:H2 1E:H3 1S:H5 1W:H6 2N:H4 2E:H9 2S:S3 2W:HK 3S:D2"; g != want {
		t.Errorf("cards %s, want %s", g, want)
	}
}
