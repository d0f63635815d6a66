package diagram_test

import (
	"fmt"
	"strings"
	"testing"

	"handrec/model"
	"handrec/parser"
	"handrec/render"
)

// diagramSummary is what a test asserts of a diagram read: each record's
// facts, auction and play, and every problem with its position.
func diagramSummary(t *testing.T, src string) string {
	t.Helper()
	doc, err := parser.ReadAll("d.txt", strings.NewReader(src))
	if err != nil {
		return "error: " + err.Error()
	}
	var b strings.Builder
	for _, r := range doc.Records {
		fmt.Fprintf(&b, "#%d board %d dealer %v vul %v deal %s\n", r.Index, r.Board, r.Dealer, r.Vul, r.Deal.PBN(model.North))
		if r.Contract.Kind != model.NoContract || r.Result.Known() {
			fmt.Fprintf(&b, "contract %v by %v tricks %d\n", r.Contract, r.Declarer, r.Result.Tricks)
		}
		var ps []string
		for s, p := range r.Players {
			if p != "" {
				ps = append(ps, model.Seat(s).String()+"="+p)
			}
		}
		if len(ps) > 0 {
			fmt.Fprintf(&b, "players %s\n", strings.Join(ps, " "))
		}
		if a := r.Auction; a != nil {
			fmt.Fprintf(&b, "auction %v:", a.First)
			for _, c := range a.Calls {
				fmt.Fprintf(&b, " %v", c)
			}
			b.WriteByte('\n')
		}
		if p := r.Play; p != nil {
			fmt.Fprintf(&b, "play %v:", p.First)
			for _, tr := range p.Tricks {
				b.WriteString(" ")
				for _, c := range tr {
					b.WriteString(c.String())
				}
			}
			b.WriteByte('\n')
		}
		for _, c := range r.Leading {
			fmt.Fprintf(&b, "before %q\n", c.Text)
		}
		for _, c := range r.Facts[model.FactDeal].Comments {
			fmt.Fprintf(&b, "after %q\n", c.Text)
		}
		for _, p := range r.Problems {
			fmt.Fprintf(&b, "%s\n", p.Error())
		}
	}
	for _, c := range doc.Trailer.Comments {
		fmt.Fprintf(&b, "trailer %q\n", c.Text)
	}
	return b.String()
}

// The deal of most cases below, by seat:
//
//	North ♠AK3 ♥QJ102 ♦987 ♣654     East ♠876 ♥987 ♦6543 ♣KQJ
//	South ♠542 ♥654 ♦J102 ♣10987    West ♠QJ109 ♥AK3 ♦AKQ ♣A32
const dealPBN = "N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32"

// compassDiagram is that deal drawn as a diagram: North above, West and
// East beside each other, South below, a suit a line, 10 for the ten.
const compassDiagram = `                 North
                 ♠ A K 3
                 ♥ Q J 10 2
                 ♦ 9 8 7
                 ♣ 6 5 4
West                           East
♠ Q J 10 9                     ♠ 8 7 6
♥ A K 3                        ♥ 9 8 7
♦ A K Q                        ♦ 6 5 4 3
♣ A 3 2                        ♣ K Q J
                 South
                 ♠ 5 4 2
                 ♥ 6 5 4
                 ♦ J 10 2
                 ♣ 10 9 8 7
`

var diagramCases = []struct {
	name, src, want string
}{
	{"symbols, 10, seats by name, heading, auction, tricks", `Board 5
Dealer: South    Vulnerable: None

` + compassDiagram + `
South   West    North   East
Pass    1NT     Pass    3NT
All Pass

Trick 1: ♥Q ♥9 ♥4 ♥A
Trick 2: ♠Q ♠3 ♠6 ♠2
`, "#1 board 5 dealer S vul None deal " + dealPBN + "\n" +
		"contract 3NT by W tricks -1\n" +
		"auction S: Pass 1NT Pass 3NT AP\n" +
		"play N: HQH9H4HA S3S6S2SQ\n"},
	{"letters, T, the books' A B Y Z, Z deals", `Deal 1.  Z deals.

           Y
           S AK3
           H QJT2
           D 987
           C 654
A                   B
S QJT9              S 876
H AK3               H 987
D AKQ               D 6543
C A32               C KQJ
           Z
           S 542
           H 654
           D JT2
           C T987

Z      A      Y      B
Pass   1NT    Pass   Pass
Pass
`, "#1 board 1 dealer S vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\n" +
		"contract 1NT by W tricks -1\n" +
		"players N=Y E=B S=Z W=A\n" +
		"auction S: Pass 1NT Pass Pass Pass\n"},
	{"words, commas, one line a hand, three hands: the fourth derived", `North: Spades A, K, 3; Hearts Q, J, 10, 2; Diamonds 9, 8, 7; Clubs 6, 5, 4
East:  ♠876 ♥987 ♦6543 ♣KQJ
South: S 542 H 654 D J102 C 10987

The fourth hand is the rest of the pack.
`, "#1 board 0 dealer  vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\n" +
		"after \"The fourth hand is the rest of the pack.\"\n" +
		"d.txt:1:8: warning: West's hand is not given: derived as the rest of the pack (QJT9.AK3.AKQ.A32)\n"},
	{"voids as a dash, a rule and nothing; C D letters; contract and result", `Board 3        B
Dealer C       ♠ A K Q J 10 9 8
Vul A-B        ♥ —
               ♦ 9 8 7
               ♣ 6 5 4
C              ┌───────┐  D
♠ 7 6 5 4 3 2  │   B   │  ♠ —
♥ A K 3        │ C   D │  ♥ Q J 10 9 8 7 6 5 4 2
♦ A K Q        │   A   │  ♦ 6 5 4
♣ A            └───────┘  ♣ -
               A           Contract ♠ by C
               ♠
               ♥
               ♦ J 10 3 2
               ♣ K Q J 10 9 8 7 3 2
                           Result 9 tricks
`, "#1 board 3 dealer W vul NS deal N:AKQJT98..987.654 .QJT9876542.654. ..JT32.KQJT98732 765432.AK3.AKQ.A\n" +
		"contract S by W tricks 9\n" +
		"players N=B E=D S=A W=C\n"},
	{"a play a column a seat, the leader from the declarer", compassDiagram + `Contract 3NT by West

West   North  East   South
♥A     ♥Q*    ♥9     ♥4
♠Q     ♠3     ♠6     ♠2
`, "#1 board 0 dealer  vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\n" +
		"contract 3NT by W tricks -1\n" +
		"play N: HQH9H4HA S3S6S2SQ\n"},
	{"two deals, commentary between them, trailing text", `Board 1
N: ♠AK3 ♥QJT2 ♦987 ♣654
E: ♠876 ♥987 ♦6543 ♣KQJ
S: ♠542 ♥654 ♦JT2 ♣T987
W: ♠QJT9 ♥AK3 ♦AKQ ♣A32

West makes 3NT.

Board 2
N: ♠876 ♥987 ♦6543 ♣KQJ
E: ♠542 ♥654 ♦JT2 ♣T987
S: ♠QJT9 ♥AK3 ♦AKQ ♣A32
W: ♠AK3 ♥QJT2 ♦987 ♣654

The end.
`, "#1 board 1 dealer  vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\n" +
		"after \"West makes 3NT.\"\n" +
		"#2 board 2 dealer  vul  deal N:876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32 AK3.QJT2.987.654\n" +
		"after \"The end.\"\n"},
	{"OCR: l0 and 1O read as tens, a stray mark passed over, a y no rank", `N: ♠AK3 ♥QJl02 ♦987 ♣654
E: ♠876 ♥987 ♦6543 ♣KQJ
S: ♠542 ♥654 ♦J1O2 ♣10987'
W: ♠QJT9 ♥AK3 ♦AKQ ♣A3y
`, "#1 board 0 dealer  vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A3\n" +
		"d.txt:1:16: warning: \"l0\" read as 10 (a ten as OCR gives it)\n" +
		"d.txt:3:22: warning: \"1O\" read as 10 (a ten as OCR gives it)\n" +
		"d.txt:3:34: warning: stray mark \"'\" among the ranks passed over\n" +
		"d.txt:4:31: West's clubs: \"y\" is no rank: expected a rank (A K Q J 10 9 8 7 6 5 4 3 2)\n" +
		"d.txt:4:4: West holds 12 cards: expected 13; no hand holds ♣2\n"},
	{"a card twice, a hand of 12", `N: ♠AK3 ♥QJT2 ♦987 ♣654
E: ♠876 ♥987 ♦6543 ♣KQJ
S: ♠542 ♥654 ♦JT2 ♣T987
W: ♠QJT9 ♥AK3 ♦AKQ ♣A3
`, "#1 board 0 dealer  vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A3\n" +
		"d.txt:4:4: West holds 12 cards: expected 13; no hand holds ♣2\n"},
	{"a card given twice", `N: ♠AK3 ♥QJT2 ♦987 ♣654
E: ♠876 ♥987 ♦6543 ♣KQJ
S: ♠542 ♥654 ♦JT2 ♣T987
W: ♠QJT9 ♥AK3 ♦AKQ ♣A3K
`, "#1 board 0 dealer  vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.AK3\n" +
		"d.txt:4:31: ♣K is given twice: in West's hand here and in East's at 2:29\n"},
	{"a seat's label at another's place; a call that is none; a call out of its column", `                 South
                 ♠ A K 3
                 ♥ Q J 10 2
                 ♦ 9 8 7
                 ♣ 6 5 4
West                           East
♠ Q J 10 9                     ♠ 8 7 6
♥ A K 3                        ♥ 9 8 7
♦ A K Q                        ♦ 6 5 4 3
♣ A 3 2                        ♣ K Q J
                 ♠ 5 4 2
                 ♥ 6 5 4
                 ♦ J 10 2
                 ♣ 10 9 8 7

West   North  East   South
1NT    Pasz   3NT
       Pass
`, "#1 board 0 dealer  vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\n" +
		"auction W: 1NT Pasz 3NT\n" +
		"d.txt:1:18: the hand labelled \"South\" stands at North's place\n" +
		"d.txt:17:8: \"Pasz\" is no call: expected Pass, Dbl, Rdbl, a bid (1♣ to 7NT) or All Pass\n" +
		"d.txt:18:8: Pass stands under North: expected the call of South, the next in turn (a call missing, or a column out of line)\n"},
	{"a hand on one line without its seat; a fifth card in a trick; footnote not given", `♠AK3 ♥QJT2 ♦987 ♣654
E: ♠876 ♥987 ♦6543 ♣KQJ
S: ♠542 ♥654 ♦JT2 ♣T987
W: ♠QJT9 ♥AK3 ♦AKQ ♣A32
Contract 3NT by West

Trick 1: North ♥Q ♥9 ♥4 ♥A ♥2

West   North  East   South
1NT¹   Pass   3NT    All Pass
`, "#1 board 0 dealer  vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\n" +
		"contract 3NT by W tricks -1\n" +
		"auction W: 1NT Pass 3NT AP\n" +
		"play N: HQH9H4HA\n" +
		"d.txt:1:1: a hand on one line: expected its seat before it (\"North:\", \"N\", or a book's letter)\n" +
		"d.txt:1:1: warning: North's hand is not given: derived as the rest of the pack (AK3.QJT2.987.654)\n" +
		"d.txt:7:36: a fifth card in trick 1\n" +
		"d.txt:10:1: footnote 1 is marked but not given under the table\n"},
	{"stacked words and outlined signs, three hands, No bid and 1 NT, an opening lead alone, the books' sides", `Deal 3
Vulnerability: A-B

           Y
           Spades: A K 3
           Hearts: Q J 10 2
           Diamonds: 9 8 7
           Clubs: 6 5 4
A                   B
♤ QJT9              ♤ 876
♡ AK3               ♡ 987
♢ AKQ               ♢ 6543
♧ A32               ♧ KQJ

Z      A      Y      B
No bid 1 NT   No bid No bid
No bid

Opening lead: ♥Q
`, "#1 board 3 dealer  vul EW deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\n" +
		"contract 1NT by W tricks -1\n" +
		"players N=Y E=B W=A\n" +
		"auction S: Pass 1NT Pass Pass Pass\n" +
		"play N: HQ---\n" +
		"d.txt:5:12: warning: South's hand is not given: derived as the rest of the pack (542.654.JT2.T987)\n"},
	{"keys that say nothing known, a hand without a line for clubs, a footnote no cell marks", `Dealer: Black
Contract: 4Z by South
Result: 14

N: ♠AK3 ♥QJT2 ♦987 ♣654
E: ♠876 ♥987 ♦6543 ♣KQJ
S: ♠542 ♥654 ♦JT2 ♣T987
W: ♠QJT9 ♥AK3 ♦AKQ

West   North  East   South
1NT    Pass   3NT    All Pass

¹ a strong no trump
`, "#1 board 0 dealer  vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.\n" +
		"contract 3NT by W tricks -1\n" +
		"auction W: 1NT Pass 3NT AP\n" +
		"after \"a strong no trump\"\n" +
		"d.txt:8:4: West's hand has no line for clubs: expected four suits (a void as \"—\", \"-\" or nothing after the suit)\n" +
		"d.txt:8:4: West holds 10 cards: expected 13; no hand holds ♣A ♣3 ♣2\n" +
		"d.txt:1:1: dealer \"Black\": expected a seat (North, East, South, West, N E S W, or a player the diagram names)\n" +
		"d.txt:2:1: contract \"4Z by South\": expected a level and a strain (4♠, 3NT, 2H), X or XX when doubled, and \"by\" the declarer\n" +
		"d.txt:3:1: result \"14\": more than 13 tricks\n" +
		"d.txt:13:1: warning: footnote 1 is not marked in the table: kept as commentary\n"},
	{"a list of tricks with no leader and no declarer; hands that stand as no diagram", `♠ A K 3       ♠ 8 7 6       ♠ 5 4 2
♥ Q J 10 2    ♥ 9 8 7       ♥ 6 5 4
♦ 9 8 7       ♦ 6 5 4 3     ♦ J 10 2
♣ 6 5 4       ♣ K Q J       ♣ 10 9 8 7

Trick 1: ♥Q ♥9 ♥4 ♥A
`, "#1 board 0 dealer  vul  deal N:- - - -\n" +
		"d.txt:1:1: the 3 hands do not stand as a diagram's: expected North above, West and East beside each other, South below\n" +
		"d.txt:6:1: trick 1: who led is not known: expected the leader (\"Trick 1: West ♠K ...\") or the declarer\n"},
	// a paragraph that names no fact, but only marks ("}" a PBN file left
	// outside its comment, a rule), is commentary as it stands: it was
	// dropped as read whole, no phrase left unread in it
	{"paragraphs of marks alone stay commentary", "Board 2\n\n" + compassDiagram + "\nSome words.\n\n}\n\n...\n\n--\n",
		"#1 board 2 dealer  vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\n" +
			"after \"Some words.\"\nafter \"}\"\nafter \"...\"\nafter \"--\"\n"},
	{"no diagram at all", "Some text about bridge.\n", "error: d.txt:1:1: no hand record found: the file is not PBN, LIN, JSON or a deal diagram"},
}

func TestDiagramForms(t *testing.T) {
	for _, c := range diagramCases {
		t.Run(c.name, func(t *testing.T) {
			if got := diagramSummary(t, c.src); got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

// An event given once stands for the deals after it until another is
// given: show (render.TextSeq) prints the event line once an event.
func TestDiagramEventCarriesOver(t *testing.T) {
	pbn := ""
	for i, ev := range []string{"Club pairs", "Club pairs", "Teams"} {
		pbn += fmt.Sprintf("[Event %q]\n[Date \"2024.03.14\"]\n[Board \"%d\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n"+
			"[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.T987.T987.T98 6.J6.J6.J765 5432.5432.5432.432\"]\n\n", ev, i+1)
	}
	doc, err := parser.ReadAll("e.pbn", strings.NewReader(pbn))
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	if err := render.WriteText(&text, doc.Records, render.TextOptions{}); err != nil {
		t.Fatal(err)
	}
	back, err := parser.ReadAll("d.txt", strings.NewReader(text.String()))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range back.Records {
		e := "none"
		if r.Event != nil {
			e = r.Event.Name + " " + r.Event.Date
		}
		got = append(got, fmt.Sprintf("%d: %s", r.Board, e))
	}
	if want := "1: Club pairs 2024.03.14|2: Club pairs 2024.03.14|3: Teams 2024.03.14"; strings.Join(got, "|") != want {
		t.Errorf("events %q, want %q\n%s", strings.Join(got, "|"), want, text.String())
	}
}

// Footnotes no cell marks are said, and kept as commentary, in the order
// of their numbers, the same at every read: the reader holds a table's
// notes in a map, whose order changes from run to run (the warnings and
// the comments of show's text of a camrose file came out in another order
// at each convert).
func TestUnmarkedNotesInOrder(t *testing.T) {
	src := `N: ♠AK3 ♥QJT2 ♦987 ♣654
E: ♠876 ♥987 ♦6543 ♣KQJ
S: ♠542 ♥654 ♦JT2 ♣T987
W: ♠QJT9 ♥AK3 ♦AKQ ♣A32

West   North  East   South
1NT    Pass   3NT    All Pass

¹ one
² two
³ three
⁴ four
⁵ five
`
	want := "#1 board 0 dealer  vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\n" +
		"contract 3NT by W tricks -1\n" +
		"auction W: 1NT Pass 3NT AP\n" +
		"after \"one\"\nafter \"two\"\nafter \"three\"\nafter \"four\"\nafter \"five\"\n" +
		"d.txt:9:1: warning: footnote 1 is not marked in the table: kept as commentary\n" +
		"d.txt:10:1: warning: footnote 2 is not marked in the table: kept as commentary\n" +
		"d.txt:11:1: warning: footnote 3 is not marked in the table: kept as commentary\n" +
		"d.txt:12:1: warning: footnote 4 is not marked in the table: kept as commentary\n" +
		"d.txt:13:1: warning: footnote 5 is not marked in the table: kept as commentary\n"
	for range 20 {
		if got := diagramSummary(t, src); got != want {
			t.Fatalf("got:\n%s\nwant:\n%s", got, want)
		}
	}
}
