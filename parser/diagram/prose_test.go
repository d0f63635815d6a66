package diagram_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"handrec/model"
	"handrec/parser"
)

var update = flag.Bool("update", false, "rewrite the golden summaries of testdata/pages")

// bookFacts is what the tests of books' forms assert of a text read:
// each record's facts, its auction and lead, its event and source, its
// commentary where it stands (before the diagram, after it, after the
// tables), and every problem with its position.
func bookFacts(t *testing.T, name, src string) string {
	t.Helper()
	doc, err := parser.ReadAll(name, strings.NewReader(src))
	if err != nil {
		return "error: " + err.Error()
	}
	var b strings.Builder
	for _, r := range doc.Records {
		fmt.Fprintf(&b, "#%d board %d dealer %v vul %v deal %s\n", r.Index, r.Board, r.Dealer, r.Vul, r.Deal.PBN(model.North))
		var facts []string
		if r.Contract.Kind != model.NoContract {
			facts = append(facts, fmt.Sprintf("contract %v by %v", r.Contract, r.Declarer))
		}
		if r.Result.Known() {
			facts = append(facts, fmt.Sprintf("tricks %d", r.Result.Tricks))
		}
		if p := r.Play; p != nil && len(p.Tricks) > 0 && p.First.Valid() {
			facts = append(facts, fmt.Sprintf("lead %v by %v", p.Tricks[0][p.First], p.First))
		}
		if r.Event != nil && (r.Event.Name != "" || r.Event.Date != "") {
			facts = append(facts, fmt.Sprintf("event %q %s", r.Event.Name, r.Event.Date))
		}
		if s, ok := r.Tag("Source"); ok {
			facts = append(facts, fmt.Sprintf("source %q", s))
		}
		var ps []string
		for s, p := range r.Players {
			if p != "" {
				ps = append(ps, model.Seat(s).String()+"="+p)
			}
		}
		if len(ps) > 0 {
			facts = append(facts, "players "+strings.Join(ps, " "))
		}
		if len(facts) > 0 {
			fmt.Fprintf(&b, "%s\n", strings.Join(facts, ", "))
		}
		if a := r.Auction; a != nil {
			fmt.Fprintf(&b, "auction %v:", a.First)
			for _, c := range a.Calls {
				fmt.Fprintf(&b, " %v", c)
			}
			b.WriteByte('\n')
		}
		for _, c := range r.Leading {
			fmt.Fprintf(&b, "before %q\n", c.Text)
		}
		for _, c := range r.Facts[model.FactDeal].Comments {
			fmt.Fprintf(&b, "after %q\n", c.Text)
		}
		if a := r.Auction; a != nil {
			for _, c := range a.Comments {
				fmt.Fprintf(&b, "over the auction %q\n", c.Text)
			}
		}
		for _, s := range r.Sections {
			for _, c := range s.Comments {
				fmt.Fprintf(&b, "end %q\n", c.Text)
			}
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

// A deal for the heading cases: the hands of dealPBN, stacked.
const plainDeal = compassDiagram

// The same deal, its hands under the whist books' letters: Y North, A
// West, B East, Z South.
const letterDiagram = `             Y
             ♠ A K 3
             ♥ Q J 10 2
             ♦ 9 8 7
             ♣ 6 5 4
A                          B
♠ Q J 10 9                 ♠ 8 7 6
♥ A K 3                    ♥ 9 8 7
♦ A K Q                    ♦ 6 5 4 3
♣ A 3 2                    ♣ K Q J
             Z
             ♠ 5 4 2
             ♥ 6 5 4
             ♦ J 10 2
             ♣ 10 9 8 7
`

// headed is the plain deal under a heading.
func headed(heading string) string { return heading + "\n\n" + plainDeal }

const dealLine = "#1 board %d dealer %s vul %s deal " + dealPBN + "\n"

func deal1(board int, dealer, vul string) string { return fmt.Sprintf(dealLine, board, dealer, vul) }

// A heading is free text in which the reader finds
// what it can name, in any order and punctuation; each phrase alone, then
// together, on one line or several.
var headingCases = []struct{ name, src, want string }{
	// the number
	{"Deal 2.", headed("Deal 2."), deal1(2, "", "")},
	{"Hand No. 12", headed("Hand No. 12"), deal1(12, "", "")},
	{"Board 7,", headed("Board 7,"), deal1(7, "", "")},
	{"No. 3", headed("No. 3"), deal1(3, "", "")},
	{"Example 4", headed("Example 4"), deal1(4, "", "")},
	{"HAND II. (roman)", headed("HAND II."), deal1(2, "", "")},
	{"PROBLEM No. 5.", headed("PROBLEM No. 5."), deal1(5, "", "")},
	{"Bd. 14", headed("Bd. 14"), deal1(14, "", "")},
	{"Board: 7 (show's key)", headed("Board: 7"), deal1(7, "", "")},
	// the dealer
	{"South deals", headed("South deals"), deal1(0, "S", "")},
	{"S. deals", headed("S. deals"), deal1(0, "S", "")},
	{"South dealer", headed("South dealer."), deal1(0, "S", "")},
	{"Dealer South", headed("Dealer South"), deal1(0, "S", "")},
	{"Dealer: S", headed("Dealer: S"), deal1(0, "S", "")},
	{"Dlr: S", headed("Dlr: S"), deal1(0, "S", "")},
	{"Dlr. E", headed("Dlr. E"), deal1(0, "E", "")},
	{"South, dealer.", headed("South, dealer."), deal1(0, "S", "")},
	{"Dealer, East.", headed("Dealer, East."), deal1(0, "E", "")},
	{"Z deals, the book's seating", "Z deals.\n\n" + letterDiagram,
		"#1 board 0 dealer S vul  deal " + dealPBN + "\nplayers N=Y E=B S=Z W=A\n"},
	{"A dealt, the book's seating", "A dealt.\n\n" + letterDiagram,
		"#1 board 0 dealer W vul  deal " + dealPBN + "\nplayers N=Y E=B S=Z W=A\n"},
	// the vulnerability
	{"Love all", headed("Love all."), deal1(0, "", "None")},
	{"Neither side vulnerable", headed("Neither side vulnerable."), deal1(0, "", "None")},
	{"Vul None", headed("Vul None"), deal1(0, "", "None")},
	{"Vul: Love All", headed("Vul: Love All"), deal1(0, "", "None")},
	{"Vulnerability: Neither", headed("Vulnerability: Neither"), deal1(0, "", "None")},
	{"Game all", headed("Game all."), deal1(0, "", "All")},
	{"Both sides vulnerable", headed("Both sides vulnerable."), deal1(0, "", "All")},
	{"Vul: All", headed("Vul: All"), deal1(0, "", "All")},
	{"Vul. Both", headed("Vul. Both"), deal1(0, "", "All")},
	{"all vul.", headed("all vul."), deal1(0, "", "All")},
	{"N-S game", headed("N-S game"), deal1(0, "", "NS")},
	{"North and South vulnerable", headed("North and South vulnerable"), deal1(0, "", "NS")},
	{"North-South vulnerable", headed("North-South vulnerable."), deal1(0, "", "NS")},
	{"N.-S. vul.", headed("N.-S. vul."), deal1(0, "", "NS")},
	{"Game to North-South", headed("Game to North-South."), deal1(0, "", "NS")},
	{"E-W Game", headed("E-W Game."), deal1(0, "", "EW")},
	{"Vul: E-W", headed("Vul: E-W"), deal1(0, "", "EW")},
	{"East-West only vulnerable", headed("East-West only vulnerable"), deal1(0, "", "EW")},
	{"Vulnerable: A-B (the book's sides)", "Vulnerable: A-B\n\n" + letterDiagram,
		"#1 board 0 dealer  vul EW deal " + dealPBN + "\nplayers N=Y E=B S=Z W=A\n"},
	// together, in any order and punctuation, on one line or several
	{"Deal 3. South deals; East and West vulnerable.", headed("Deal 3. South deals; East and West vulnerable."), deal1(3, "S", "EW")},
	{"Board 7. Dealer South. E-W Game.", headed("Board 7. Dealer South. E-W Game."), deal1(7, "S", "EW")},
	{"Board 4, Dealer West, Vul E-W", headed("Board 4, Dealer West, Vul E-W"), deal1(4, "W", "EW")},
	{"Dealer South. Love all.", headed("Dealer South. Love all."), deal1(0, "S", "None")},
	{"Love all. Dealer South.", headed("Love all. Dealer South."), deal1(0, "S", "None")},
	{"Dealer South, Game All", headed("Dealer South, Game All"), deal1(0, "S", "All")},
	{"Hand No. 12. West dealer. Neither side vulnerable.", headed("HAND No. 12. West dealer. Neither side vulnerable."), deal1(12, "W", "None")},
	{"Hand 7.—South dealt. Both vul.", headed("Hand 7.—South dealt. Both vul."), deal1(7, "S", "All")},
	{"Bd. 14 — Dlr. E — Vul. Both", headed("Bd. 14 — Dlr. E — Vul. Both"), deal1(14, "E", "All")},
	{"Board 23; dealer North; nobody vulnerable", headed("Board 23; dealer North; nobody vulnerable"), deal1(23, "N", "None")},
	{"No. 9 — S. deals, NS vul.", headed("No. 9 — S. deals, NS vul."), deal1(9, "S", "NS")},
	{"North-South vulnerable, West deals", headed("North-South vulnerable, West deals"), deal1(0, "W", "NS")},
	{"Game to North-South. Dealer, East.", headed("Game to North-South. Dealer, East."), deal1(0, "E", "NS")},
	{"N-S game; dealer South.", headed("N-S game; dealer South."), deal1(0, "S", "NS")},
	{"Score: love all. Dealer, East.", headed("Score: love all. Dealer, East."), deal1(0, "E", "None")},
	{"Score: North-South game.", headed("Score: North-South game."), deal1(0, "", "NS")},
	{"Score, game all; South deals", headed("Score, game all; South deals"), deal1(0, "S", "All")},
	{"Score: N-S 60 (a part score): no vulnerability, a line of commentary", headed("South deals.\nScore: N-S 60."),
		deal1(0, "S", "") + "before \"Score: N-S 60.\"\n"},
	{"Board 3 / South deals / East-West vulnerable", headed("Board 3\nSouth deals\nEast-West vulnerable"), deal1(3, "S", "EW")},
	{"Board 12 / Dlr: South / Vul: NS", headed("Board 12\nDlr: South\nVul: NS"), deal1(12, "S", "NS")},
	{"Dealer South / North-South vulnerable", headed("Dealer South\nNorth-South vulnerable"), deal1(0, "S", "NS")},
	{"South deals. / Love all.", headed("South deals.\nLove all."), deal1(0, "S", "None")},
	{"a heading set on the diagram, no blank line", "Board 5. Dealer North. Love all.\n" + plainDeal, deal1(5, "N", "None")},
	// what the heading names and what it does not
	{"Rubber 14, Hand 3: the rubber said once", headed("Rubber 14, Hand 3. South dealer. North-South vulnerable."),
		deal1(3, "S", "NS") + "before \"Rubber 14, Hand 3. South dealer. North-South vulnerable.\"\n" +
			"d.txt:1:1: warning: heading text not read: \"Rubber 14\"\n"},
	{"Z deals. No score.", "Z deals. No score.\n\n" + letterDiagram,
		"#1 board 0 dealer S vul  deal " + dealPBN + "\nplayers N=Y E=B S=Z W=A\nbefore \"Z deals. No score.\"\n" +
			"d.txt:1:10: warning: heading text not read: \"No score\"\n"},
	{"a sentence that names a board in passing is commentary", headed("The deal on board 4 was the hardest of the set."),
		deal1(0, "", "") + "before \"The deal on board 4 was the hardest of the set.\"\n"},
	{"a banner and its date: the date read, the banner kept", headed("CONTRACT BRIDGE\nBy A. Writer\nMonday, March 4, 1955") + "\nWest dealer.\n",
		deal1(0, "W", "") + "event \"\" 1955.03.04\nbefore \"CONTRACT BRIDGE\\nBy A. Writer\\nMonday, March 4, 1955\"\n"},
	{"Z deals, and makes it no trumps: bridge's dealer plays", "Z deals, and makes it no trumps.\n\n" + letterDiagram,
		"#1 board 0 dealer S vul  deal " + dealPBN + "\ncontract NT by S, players N=Y E=B S=Z W=A\nbefore \"Z deals, and makes it no trumps.\"\n"},
	{"Z passes the declaration to Y, who makes it hearts", "Z deals, and passes the declaration to Y, who makes it hearts.\n\n" + letterDiagram,
		"#1 board 0 dealer S vul  deal " + dealPBN + "\ncontract H by S, players N=Y E=B S=Z W=A\nbefore \"Z deals, and passes the declaration to Y, who makes it hearts.\"\n"},
	// bad forms: each reported where it stands
	{"Dealer: Black", headed("Dealer: Black"), deal1(0, "", "") +
		"d.txt:1:1: dealer \"Black\": expected a seat (North, East, South, West, N E S W, or a player the diagram names)\n"},
	{"Vul: Red", headed("Vul: Red"), deal1(0, "", "") +
		"d.txt:1:1: vulnerability \"Red\": expected None, N-S, E-W or All (or the books' sides, A-B)\n"},
	{"Board: seven", headed("Board: seven"), deal1(0, "", "") + "d.txt:1:1: board \"seven\": expected a number\n"},
	{"Deal: three", headed("Deal: three"), deal1(0, "", "") + "d.txt:1:1: deal \"three\": expected a number\n"},
	{"Q deals: no such player", headed("Q deals."), deal1(0, "", "") +
		"d.txt:1:1: dealer \"Q\": expected a seat (North, East, South, West, N E S W, or a player the diagram names)\n"},
	{"two dealers", headed("South deals.\nDealer North."), deal1(0, "S", "") + "d.txt:2:1: dealer North: the deal is given as South's at 1:1\n"},
	{"two vulnerabilities", headed("Love all.\nGame all."), deal1(0, "", "None") + "d.txt:2:1: vulnerability All: the deal is given as None at 1:1\n"},
}

func TestBookHeadings(t *testing.T) {
	for _, c := range headingCases {
		t.Run(c.name, func(t *testing.T) {
			if got := bookFacts(t, "d.txt", c.src); got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

// TestBookPages reads deals typed as books print them
// (testdata/pages/*.txt, in the layouts of books and columns of the
// 1890s-1960s) and compares what is read with the golden summary beside
// each (go test -update rewrites them): the headings, the hands, the
// auctions, the leads and results in sentences, the commentary on the
// deal it follows, the problems.
func TestBookPages(t *testing.T) {
	files, _ := filepath.Glob("testdata/pages/*.txt")
	if len(files) == 0 {
		t.Fatal("no pages")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			got := bookFacts(t, filepath.Base(f), string(src))
			golden := strings.TrimSuffix(f, ".txt") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("%s: got:\n%s\nwant:\n%s", f, got, want)
			}
		})
	}
}

// Hands in every common shape.
var handCases = []struct{ name, src, want string }{
	{"a hand a line, S. H. D. C. with blanks between the ranks", `North: S. A K 3  H. Q J 10 2  D. 9 8 7  C. 6 5 4
East: S. 8 7 6  H. 9 8 7  D. 6 5 4 3  C. K Q J
South: S. 5 4 2  H. 6 5 4  D. J 10 2  C. 10 9 8 7
West: S. Q J 10 9  H. A K 3  D. A K Q  C. A 3 2
`, deal1(0, "", "")},
	{"a hand a line, the seat apart, compact holdings", `North   ♠AK3 ♥QJ102 ♦987 ♣654
East    ♠876 ♥987 ♦6543 ♣KQJ
South   ♠542 ♥654 ♦J102 ♣10987
West    ♠QJ109 ♥AK3 ♦AKQ ♣A32
`, deal1(0, "", "")},
	{"a hand a line, symbol and compact holding apart", `North ♠ AK3 ♥ QJ102 ♦ 987 ♣ 654
East ♠ 876 ♥ 987 ♦ 6543 ♣ KQJ
South ♠ 542 ♥ 654 ♦ J102 ♣ 10987
West ♠ QJ109 ♥ AK3 ♦ AKQ ♣ A32
`, deal1(0, "", "")},
	{"the books' letter and a dash, suits in any order, a semicolon between", `Y—♥ Q J 10 2; ♣ 6 5 4; ♦ 9 8 7; ♠ A K 3
B—♥ 9 8 7; ♣ K Q J; ♦ 6 5 4 3; ♠ 8 7 6
Z—♥ 6 5 4; ♣ 10 9 8 7; ♦ J 10 2; ♠ 5 4 2
A—♥ A K 3; ♣ A 3 2; ♦ A K Q; ♠ Q J 10 9
`, deal1(0, "", "") + "players N=Y E=B S=Z W=A\n"},
	{"a letter and a hyphen, a void as Void", `              NORTH
              S-A K 3
              H-Q J 10 2
              D-9 8 7 6 5 4
              C-Void
WEST                          EAST
S-Q J 10 9                    S-8 7 6
H-A K 3                       H-9 8 7
D-A K Q                       D-3 2
C-A 3 2                       C-K Q J 5 4
              SOUTH
              S-5 4 2
              H-6 5 4
              D-J 10
              C-10 9 8 7 6
`, "#1 board 0 dealer  vul  deal N:AK3.QJT2.987654. 876.987.32.KQJ54 542.654.JT.T9876 QJT9.AK3.AKQ.A32\n"},
	{"words and commas, the old order, none for a void", `                  Y
                  Hearts—Q, J, 10, 2
                  Clubs—none
                  Diamonds—9, 8, 7, 6, 5, 4
                  Spades—A, K, 3
A                                       B
Hearts—A, K, 3                          Hearts—9, 8, 7
Clubs—A, 3, 2                           Clubs—K, Q, J, 5, 4
Diamonds—A, K, Q                        Diamonds—3, 2
Spades—Q, J, 10, 9                      Spades—8, 7, 6
                  Z
                  Hearts—6, 5, 4
                  Clubs—10, 9, 8, 7, 6
                  Diamonds—J, 10
                  Spades—5, 4, 2
`, "#1 board 0 dealer  vul  deal N:AK3.QJT2.987654. 876.987.32.KQJ54 542.654.JT.T9876 QJT9.AK3.AKQ.A32\nplayers N=Y E=B S=Z W=A\n"},
	{"seat letters inside the diagram, a compass without a box", `               ♠ A K 3
               ♥ Q J 10 2
               ♦ 9 8 7
               ♣ 6 5 4
♠ Q J 10 9       N             ♠ 8 7 6
♥ A K 3          W   E         ♥ 9 8 7
♦ A K Q          S             ♦ 6 5 4 3
♣ A 3 2                        ♣ K Q J
               ♠ 5 4 2
               ♥ 6 5 4
               ♦ J 10 2
               ♣ 10 9 8 7
`, deal1(0, "", "")},
	{"the books' letters as the compass: Z deals", `Z deals.

               ♠ A K 3
               ♥ Q J 10 2
               ♦ 9 8 7
               ♣ 6 5 4
♠ Q J 10 9         Y           ♠ 8 7 6
♥ A K 3            A     B     ♥ 9 8 7
♦ A K Q            Z           ♦ 6 5 4 3
♣ A 3 2                        ♣ K Q J
               ♠ 5 4 2
               ♥ 6 5 4
               ♦ J 10 2
               ♣ 10 9 8 7
`, deal1(0, "S", "")},
	{"the dealer marked on a hand's label", strings.Replace(plainDeal, "                 South\n", "                 SOUTH (dealer)\n", 1), deal1(0, "S", "")},
	{"x for a small card: kept, and said", `              North
              ♠ A K 3
              ♥ Q J 10 2
              ♦ 9 8 7
              ♣ 6 5 4
West                          East
♠ Q J 10 x                    ♠ 8 x x
♥ A K x                       ♥ 9 8 7
♦ A K Q                       ♦ x x x x
♣ A x x                       ♣ K Q J
              South
              ♠ 5 4 2
              ♥ 6 5 4
              ♦ J 10 2
              ♣ 10 9 8 7
`, "#1 board 0 dealer  vul  deal N:AK3.QJT2.987.654 8xx.987.xxxx.KQJ 542.654.JT2.T987 QJTx.AKx.AKQ.Axx\n" +
		"d.txt:2:15: warning: small cards given as x, not named (East 6, West 4): kept as cards of their suits not known\n"},
	{"a table of hands, a column a player", `            Y               A               B               Z
Hearts      Q, J, 10, 2     A, K, 3         9, 8, 7         6, 5, 4
Clubs       6, 5, 4         A, 3, 2         K, Q, J         10, 9, 8, 7
Diamonds    9, 8, 7         A, K, Q         6, 5, 4, 3      J, 10, 2
Spades      A, K, 3         Q, J, 10, 9     8, 7, 6         5, 4, 2
`, deal1(0, "", "") + "players N=Y E=B S=Z W=A\n"},
	{"a table of hands, a column a suit", `        Spades      Hearts      Diamonds    Clubs
North   A K 3       Q J 10 2    9 8 7       6 5 4
East    8 7 6       9 8 7       6 5 4 3     K Q J
South   5 4 2       6 5 4       J 10 2      10 9 8 7
West    Q J 10 9    A K 3       A K Q       A 3 2
`, deal1(0, "", "")},
	{"a card printed twice: reported, the deal kept as printed", strings.Replace(plainDeal, "♣ K Q J\n", "♣ K Q A\n", 1),
		"#1 board 0 dealer  vul  deal N:AK3.QJT2.987.654 876.987.6543.AKQ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\n" +
			"d.txt:10:42: ♣A is given twice: in East's hand here and in West's at 10:5\n"},
	{"a sentence with a card is no hand", headed("Board 1") + "\nSouth led the ♦J.\n", deal1(1, "", "") + "lead DJ by S\nafter \"South led the ♦J.\"\n"},
}

func TestBookHands(t *testing.T) {
	for _, c := range handCases {
		t.Run(c.name, func(t *testing.T) {
			if got := bookFacts(t, "d.txt", c.src); got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

// auctioned is the plain deal, South dealing, under an auction table.
func auctioned(table string) string { return headed("Dealer South") + "\n" + table }

// Auctions and leads as printed.
var auctionCases = []struct{ name, src, want string }{
	{"bids with a space: 1 ♥, 1 H, 2 NT, All pass ending a row", auctioned(`South     West      North     East
1 ♥       Pass      1 S       Pass
2 NT      Pass      3 NT      All pass
`), deal1(0, "S", "") + "contract 3NT by S\nauction S: 1H Pass 1S Pass 2NT Pass 3NT AP\n"},
	{"All pass on a row of its own, under no player", auctioned(`South     West      North     East
1 NT      Pass      3 NT
All pass
`), deal1(0, "S", "") + "contract 3NT by S\nauction S: 1NT Pass 3NT AP\n"},
	{"(all pass) after the last bid", auctioned(`South    West     North    East
1 ♠      Pass     4 ♠      (all pass)
`), deal1(0, "S", "") + "contract 4S by S\nauction S: 1S Pass 4S AP\n"},
	{"dashes as passes where the table prints no Pass", auctioned(`West    North   East    South
                        1♠
—       2♠      —       4♠
—       —       —
`), deal1(0, "S", "") + "contract 4S by S\nauction S: 1S Pass 2S Pass 4S Pass Pass Pass\n"},
	{"bids in words, run on into the next column", auctioned(`South        West         North        East
One heart    Pass         Two no trump Pass
Three no trumpPass         Pass         Pass
`), deal1(0, "S", "") + "contract 3NT by N\nauction S: 1H Pass 2NT Pass 3NT Pass Pass Pass\n"},
	{"No bid, N.T., Dble.", auctioned(`SOUTH    WEST     NORTH    EAST
1 N.T.   Dble.    No bid   No bid
No bid
`), deal1(0, "S", "") + "contract 1NTX by S\nauction S: 1NT X Pass Pass Pass\n"},
	{"The bidding: over the table", auctioned("The bidding:\nSouth     West      North     East\n1 NT      Pass      3 NT      All pass\n"),
		deal1(0, "S", "") + "contract 3NT by S\nauction S: 1NT Pass 3NT AP\nafter \"The bidding:\"\n"},
	// tables with bars: the cells counted between the bars, whatever their widths
	{"a table with bars, All pass in a cell", auctioned("WEST | NORTH | EAST | SOUTH |\n     |       |      | 1 NT  |\nPass | 3NT | All pass |\n"),
		deal1(0, "S", "") + "contract 3NT by S\nauction S: 1NT Pass 3NT AP\n"},
	{"a table with bars around every cell", auctioned("| South | West | North | East |\n| 1H | Pass | 2H | Pass |\n| 4H | All pass |\n"),
		deal1(0, "S", "") + "contract 4H by S\nauction S: 1H Pass 2H Pass 4H AP\n"},
	{"a table with bars whose first caller is not the dealer", auctioned("WEST | NORTH | EAST | SOUTH |\n1H | Pass | 2H | Pass |\n4H | All pass |\n"),
		deal1(0, "S", "") + "contract 4H by W\nauction W: 1H Pass 2H Pass 4H AP\n" +
			"d.txt:20:1: auction: the first call is West's, but South deals\n"},
	{"a bad call in a table with bars", auctioned("WEST | NORTH | EAST | SOUTH |\n     |       |      | 1 NT  |\nPasz | 3NT | All pass |\n"),
		deal1(0, "S", "") + "contract 3NT by S\nauction S: 1NT Pasz 3NT AP\n" +
			"d.txt:21:1: \"Pasz\" is no call: expected Pass, Dbl, Rdbl, a bid (1♣ to 7NT) or All Pass\n"},
	// the lead, in a key or a sentence
	{"Opening lead: jack of ♠", auctioned("South  West  North  East\n1 NT   Pass  3 NT   All pass\n\nOpening lead: jack of ♠\n"),
		deal1(0, "S", "") + "contract 3NT by S, lead SJ by W\nauction S: 1NT Pass 3NT AP\n"},
	{"Opening lead: ♣ J", auctioned("South  West  North  East\n1 NT   Pass  3 NT   All pass\n\nOpening lead: ♣ 3\n"),
		deal1(0, "S", "") + "contract 3NT by S, lead C3 by W\nauction S: 1NT Pass 3NT AP\n"},
	{"Opening lead—♠ Q: a dash as the key's colon", auctioned("South  West  North  East\n1 NT   Pass  3 NT   All pass\n\nOpening lead—♠ Q\n"),
		deal1(0, "S", "") + "contract 3NT by S, lead SQ by W\nauction S: 1NT Pass 3NT AP\n"},
	{"Lead – ♦ K: an en dash", auctioned("South  West  North  East\n1 NT   Pass  3 NT   All pass\n\nLead – ♦ K\n"),
		deal1(0, "S", "") + "contract 3NT by S, lead DK by W\nauction S: 1NT Pass 3NT AP\n"},
	{"West led the ♦K", auctioned("South  West  North  East\n1 NT   Pass  3 NT   All pass\n\nWest led the ♦K.\n"),
		deal1(0, "S", "") + "contract 3NT by S, lead DK by W\nauction S: 1NT Pass 3NT AP\nend \"West led the ♦K.\"\n"},
	{"West opened the king of diamonds", auctioned("South  West  North  East\n1 NT   Pass  3 NT   All pass\n\nWest opened the king of diamonds, and South won.\n"),
		deal1(0, "S", "") + "contract 3NT by S, lead DK by W\nauction S: 1NT Pass 3NT AP\nend \"West opened the king of diamonds, and South won.\"\n"},
	{"A leads the king of hearts", "Z deals.\n\n" + letterDiagram + "\nZ      A      Y      B\n1 NT   Pass   3 NT   All pass\n\nA leads the king of hearts.\n",
		"#1 board 0 dealer S vul  deal " + dealPBN + "\ncontract 3NT by S, lead HK by W, players N=Y E=B S=Z W=A\nauction S: 1NT Pass 3NT AP\nend \"A leads the king of hearts.\"\n"},
	{"a contract and a lead in sentences, no auction", headed("South plays in four spades. West leads the queen of diamonds."),
		deal1(0, "", "") + "contract 4S by S, lead DQ by W\nbefore \"South plays in four spades. West leads the queen of diamonds.\"\n"},
	{"the lead in a key wins over a sentence", auctioned("South  West  North  East\n1 NT   Pass  3 NT   All pass\n\nWest led the ♦K.\n\nLead: ♥A\n"),
		deal1(0, "S", "") + "contract 3NT by S, lead HA by W\nauction S: 1NT Pass 3NT AP\nend \"West led the ♦K.\"\n"},
	// bad forms
	{"a lead that names no card", auctioned("South  West  North  East\n1 NT   Pass  3 NT   All pass\n\nWest led a small club.\n"),
		deal1(0, "S", "") + "contract 3NT by S\nauction S: 1NT Pass 3NT AP\nend \"West led a small club.\"\n" +
			"d.txt:22:1: warning: lead \"West led a small club\" names no card: the lead is not known\n"},
	{"Opening lead: ?", auctioned("South  West  North  East\n1 NT   Pass  3 NT   All pass\n\nOpening lead: ?\n"),
		deal1(0, "S", "") + "contract 3NT by S\nauction S: 1NT Pass 3NT AP\nend \"Opening lead: ?\"\n" +
			"d.txt:22:1: warning: lead \"Opening lead: ?\" names no card: the lead is not known\n"},
	{"a lead by the wrong player", auctioned("South  West  North  East\n1 NT   Pass  3 NT   All pass\n\nEast led the ♦6.\n"),
		deal1(0, "S", "") + "contract 3NT by S\nauction S: 1NT Pass 3NT AP\nend \"East led the ♦6.\"\n" +
			"d.txt:22:1: lead ♦6: East leads it, but the declarer's left-hand opponent is West\n"},
	{"a lead in a dingbat font", auctioned("South  West  North  East\n1 NT   Pass  3 NT   All pass\n\nOpening lead: Ace of u\n"),
		deal1(0, "S", "") + "contract 3NT by S\nauction S: 1NT Pass 3NT AP\n" +
			"d.txt:22:1: lead \"Ace of u\": expected a card (♥K, HK)\n"},
	{"a bid that is none", auctioned("South  West  North  East\n1 NT   Pass  8 NT   All pass\n"),
		deal1(0, "S", "") + "contract 1NT by S\nauction S: 1NT Pass 8 NT AP\n" +
			"d.txt:20:14: \"8 NT\" is no call: expected Pass, Dbl, Rdbl, a bid (1♣ to 7NT) or All Pass\n"},
	{"a stated contract the auction does not give", auctioned("South  West  North  East\n1 NT   Pass  3 NT   All pass\n\nSouth plays in four spades.\n"),
		deal1(0, "S", "") + "contract 3NT by S\nauction S: 1NT Pass 3NT AP\nend \"South plays in four spades.\"\n" +
			"d.txt:22:1: contract 4S: the deal's is 3NT\n"},
}

func TestBookAuctions(t *testing.T) {
	for _, c := range auctionCases {
		t.Run(c.name, func(t *testing.T) {
			if got := bookFacts(t, "d.txt", c.src); got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

// Results as books state them, counted for the declarer's side.
var resultCases = []struct{ name, src, want string }{
	{"Result: 9 tricks.", auctioned("South  West  North  East\n1 NT   Pass  3 NT   All pass\n\nResult: 9 tricks.\n"),
		deal1(0, "S", "") + "contract 3NT by S, tricks 9\nauction S: 1NT Pass 3NT AP\n"},
	{"Result: East made nine tricks: the defenders' count", auctioned("South  West  North  East\n1 NT   Pass  3 NT   All pass\n\nResult: West made four tricks.\n"),
		deal1(0, "S", "") + "contract 3NT by S, tricks 9\nauction S: 1NT Pass 3NT AP\nend \"Result: West made four tricks.\"\n"},
	{"the declarer made seven tricks", auctioned("South  West  North  East\n1 NT   Pass  3 NT   All pass\n\nThe declarer made seven tricks.\n"),
		deal1(0, "S", "") + "contract 3NT by S, tricks 7\nauction S: 1NT Pass 3NT AP\nend \"The declarer made seven tricks.\"\n"},
	{"Result: 3NT -2", auctioned("South  West  North  East\n1 NT   Pass  3 NT   All pass\n\nResult: 3NT -2\n"),
		deal1(0, "S", "") + "contract 3NT by S, tricks 7\nauction S: 1NT Pass 3NT AP\n"},
	{"Result: 3NTX -2, the X run on", auctioned("South  West  North  East\n1 NT   Pass  3 NT   Dbl\nAll pass\n\nResult: 3NTX -2\n"),
		deal1(0, "S", "") + "contract 3NTX by S, tricks 7\nauction S: 1NT Pass 3NT X AP\n"},
	{"Result: 4SXX =", auctioned("South  West  North  East\n1 S    Pass  4 S    Dbl\nRdbl   All pass\n\nResult: 4SXX =\n"),
		deal1(0, "S", "") + "contract 4SXX by S, tricks 10\nauction S: 1S Pass 4S X XX AP\n"},
	{"North finished one trick short", auctioned("South  West  North  East\n1 NT   Pass  3 NT   All pass\n\nSouth finished one trick short.\n"),
		deal1(0, "S", "") + "contract 3NT by S, tricks 8\nauction S: 1NT Pass 3NT AP\nend \"South finished one trick short.\"\n"},
	{"Down two", auctioned("South  West  North  East\n1 NT   Pass  3 NT   All pass\n\nDown two.\n"),
		deal1(0, "S", "") + "contract 3NT by S, tricks 7\nauction S: 1NT Pass 3NT AP\nend \"Down two.\"\n"},
	{"A makes five odd", "Z deals.\n\n" + letterDiagram + "\nZ      A      Y      B\nPass   1 NT   Pass   3 NT\nAll pass\n\nA makes five odd.\n",
		"#1 board 0 dealer S vul  deal " + dealPBN + "\ncontract 3NT by W, tricks 11, players N=Y E=B S=Z W=A\nauction S: Pass 1NT Pass 3NT AP\nend \"A makes five odd.\"\n"},
	{"Y-Z win three by cards; A-B the odd trick", "Z deals, and makes it hearts.\n\n" + letterDiagram + "\nA-B win the odd trick.\n",
		"#1 board 0 dealer S vul  deal " + dealPBN + "\ncontract H by S, tricks 6, players N=Y E=B S=Z W=A\nbefore \"Z deals, and makes it hearts.\"\nafter \"A-B win the odd trick.\"\n"},
	{"A is set for two tricks", "Z deals.\n\n" + letterDiagram + "\nZ      A      Y      B\nPass   4 H    All pass\n\nA is set for two tricks.\n",
		"#1 board 0 dealer S vul  deal " + dealPBN + "\ncontract 4H by W, tricks 8, players N=Y E=B S=Z W=A\nauction S: Pass 4H AP\nend \"A is set for two tricks.\"\n"},
	{"made his contract: no count", auctioned("South  West  North  East\n1 NT   Pass  3 NT   All pass\n\nSouth made his contract, and the contract came home.\n"),
		deal1(0, "S", "") + "contract 3NT by S\nauction S: 1NT Pass 3NT AP\nend \"South made his contract, and the contract came home.\"\n"},
	{"a subject with no declarer known", headed("South made nine tricks."),
		deal1(0, "", "") + "before \"South made nine tricks.\"\nd.txt:1:1: warning: result \"South made nine tricks\": the declarer is not known, so neither are his tricks\n"},
}

func TestBookResults(t *testing.T) {
	for _, c := range resultCases {
		t.Run(c.name, func(t *testing.T) {
			if got := bookFacts(t, "d.txt", c.src); got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

// Text belongs to the deal it follows. Deal 1's
// Result and its closing paragraph stay with it; deal 2, which gives no
// result of its own, has none, and no event.
func TestBookTextStaysWithItsDeal(t *testing.T) {
	src := headed("Board 1. Dealer South.") + `
South  West  North  East
1 NT   Pass  3 NT   All pass

Result: 9

The declarer took nine tricks.

` + headed("Board 2. Dealer South.") + `
South  West  North  East
1 NT   Pass  3 NT   All pass

The End.
`
	want := deal1(1, "S", "") + "contract 3NT by S, tricks 9\nauction S: 1NT Pass 3NT AP\nend \"The declarer took nine tricks.\"\n" +
		strings.Replace(deal1(2, "S", ""), "#1", "#2", 1) + "contract 3NT by S\nauction S: 1NT Pass 3NT AP\nend \"The End.\"\n"
	if got := bookFacts(t, "d.txt", src); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// An event's line heads the deals after it until another's; a source
// in brackets after a deal is that deal's; a paragraph that names the
// deal to come opens it.
func TestBookEventsAndSources(t *testing.T) {
	src := "SPRING FOURSOMES, 1962\nFinal, first session\n\n" + headed("Board 1. Dealer South.") + `
(From The Bridge World, March 1965.)

` + headed("Board 2. Dealer West.") + `
That was an easy one. The next deal was harder.

` + "AUTUMN PAIRS, 1963\n\n" + headed("Board 3")
	want := deal1(1, "S", "") + "event \"SPRING FOURSOMES\" 1962, source \"The Bridge World, March 1965\"\nbefore \"SPRING FOURSOMES, 1962\\nFinal, first session\"\n" +
		strings.Replace(deal1(2, "W", ""), "#1", "#2", 1) + "event \"SPRING FOURSOMES\" 1962\n" +
		strings.Replace(deal1(3, "", ""), "#1", "#3", 1) + "event \"AUTUMN PAIRS\" 1963\nbefore \"That was an easy one. The next deal was harder.\"\n"
	if got := bookFacts(t, "d.txt", src); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// An auction a book gives in a sentence is the deal's where no table
// gives one; a sentence that wraps is read whole.
var wordsCases = []struct{ name, src, want string }{
	{"Z passes, A bids one no trump, ... and all pass", "Z deals.\n\n" + letterDiagram +
		"\nZ passes, A bids one no trump, Y passes, B two no trump, Z passes, A three\nno trump, and all pass.\n\nA makes four odd.\n",
		"#1 board 0 dealer S vul  deal " + dealPBN + "\ncontract 3NT by W, tricks 10, players N=Y E=B S=Z W=A\nauction S: Pass 1NT Pass 2NT Pass 3NT AP\n" +
			"after \"Z passes, A bids one no trump, Y passes, B two no trump, Z passes, A three\\nno trump, and all pass.\"\nafter \"A makes four odd.\"\n"},
	{"Z deals and bids one heart, which all pass", "Z deals and bids one heart, which all pass.\n\n" + letterDiagram,
		"#1 board 0 dealer S vul  deal " + dealPBN + "\ncontract 1H by S, players N=Y E=B S=Z W=A\nauction S: 1H AP\nbefore \"Z deals and bids one heart, which all pass.\"\n"},
	{"a player out of turn: not read, and said", "Z deals.\n\n" + letterDiagram + "\nZ passes, Y bids one heart, and all pass.\n",
		"#1 board 0 dealer S vul  deal " + dealPBN + "\nplayers N=Y E=B S=Z W=A\nafter \"Z passes, Y bids one heart, and all pass.\"\n" +
			"d.txt:19:1: warning: auction in words \"Z passes, Y bids one heart, and all pass\": North calls out of turn: not read\n"},
	{"The bidding: West, pass; North, 1 spade; ...; all pass", auctioned("The bidding: South, 1 no trump; West, pass; North, 3 no trump; all pass.\n\nDeclarer just made his contract.\n"),
		deal1(0, "S", "") + "contract 3NT by S, tricks 9\nauction S: 1NT Pass 3NT AP\n" +
			"after \"The bidding: South, 1 no trump; West, pass; North, 3 no trump; all pass.\"\nafter \"Declarer just made his contract.\"\n"},
	{"a player alone, no call after him: not an auction", auctioned("South, the declarer; West, pass.\n"),
		deal1(0, "S", "") + "after \"South, the declarer; West, pass.\"\n"},
	{"a lead and a result whose sentence wraps", auctioned("South  West  North  East\n1 NT   Pass  3 NT   All pass\n\nThe defence began well: West led the\njack of spades, and the declarer took\nnine tricks.\n"),
		deal1(0, "S", "") + "contract 3NT by S, tricks 9, lead SJ by W\nauction S: 1NT Pass 3NT AP\nend \"The defence began well: West led the\\njack of spades, and the declarer took\\nnine tricks.\"\n"},
}

func TestBookWords(t *testing.T) {
	for _, c := range wordsCases {
		t.Run(c.name, func(t *testing.T) {
			if got := bookFacts(t, "d.txt", c.src); got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

// A table's heading may mark the dealer; a book marks a call with an
// asterisk and gives its footnote under the table, which stays text.
func TestBookTableMarks(t *testing.T) {
	src := auctioned("South (D)  West   North  East\n1 NT       Pass   2 ♣*   Pass\n2 ♦        Pass   3 NT   All pass\n\n* Stayman, asking for a major.\n")
	want := deal1(0, "S", "") + "contract 3NT by S\nauction S: 1NT Pass 2C Pass 2D Pass 3NT AP\nend \"* Stayman, asking for a major.\"\n"
	if got := bookFacts(t, "d.txt", src); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// A call with its note's mark alone on the first row ("2♦¹") is a call,
// not the card it would read as: the table stays an auction (show's text
// of 179 corpus files read it as a trick table, "Pass" no card).
func TestBookMarkedCallFirstRow(t *testing.T) {
	t.Parallel()
	src := auctioned("West   North  East   South\n                     2♦¹\n2♠     3♦     3♥     Pass\n3♠     Pass   Pass   Pass\n\n¹ weak\n")
	want := deal1(0, "S", "") + "contract 3S by W\nauction S: 2D 2S 3D 3H Pass 3S Pass Pass Pass\n"
	if got := bookFacts(t, "d.txt", src); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// A card in words: the rank in words or figures, "of", the suit as a
// letter, a word or a sign; in the lead's key and in sentences.
var cardWordCases = []struct{ lead, want string }{
	{"Opening lead: Queen of S", "lead SQ by W"},
	{"Opening lead: Ten of hearts", "lead HT by W"},
	{"Opening lead: the 4 of H.", "lead H4 by W"},
	{"Opening lead: King of ♣", "lead CK by W"},
	{"Opening lead: 10 of D", "lead DT by W"},
	{"West led the queen of spades.", "lead SQ by W"},
	{"West led the ace of diamonds.", "lead DA by W"},
}

func TestBookCardsInWords(t *testing.T) {
	for _, c := range cardWordCases {
		t.Run(c.lead, func(t *testing.T) {
			src := auctioned("South  West  North  East\n1 NT   Pass  3 NT   All pass\n\n" + c.lead + "\n")
			got := bookFacts(t, "d.txt", src)
			lines := strings.SplitN(got, "\n", 3)
			if len(lines) < 2 || lines[1] != "contract 3NT by S, "+c.want {
				t.Errorf("got:\n%s\nwant the line %q", got, "contract 3NT by S, "+c.want)
			}
		})
	}
	// a card in words that names no suit is the key's error, at its line
	src := auctioned("South  West  North  East\n1 NT   Pass  3 NT   All pass\n\nOpening lead: Queen of u\n")
	want := deal1(0, "S", "") + "contract 3NT by S\nauction S: 1NT Pass 3NT AP\n" +
		"d.txt:22:1: lead \"Queen of u\": expected a card (♥K, HK)\n"
	if got := bookFacts(t, "d.txt", src); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// The whist and auction books narrate a deal under its diagram, in the
// past tense: who dealt, the calls, the contract and declarer, the lead
// and the tricks won. "Z dealt." there is that deal's dealer, not the
// heading of the next; a paragraph that tells who dealt opens the next
// deal only once the deal before has its dealer.
func TestBookPastTenseNarration(t *testing.T) {
	src := "HAND I.\n\n" + letterDiagram + "\nZ dealt.\n\nY played the hand at four hearts. B led the five of diamonds. Y won ten tricks.\n\n" +
		"A dealt. A passed, Y passed, B passed, Z bid one heart, A passed, Y passed, B passed.\n\n" + letterDiagram +
		"\nY-Z made game.\n\n" + letterDiagram + "\nA dealt and passed, Y passed, B bid one spade, Z passed, A passed, Y passed.\n\nThe declarer took nine tricks. A led the king of hearts.\n\n" +
		"Z dealt.\n\n" + letterDiagram + "\nY passed, A bid one heart, Z passed, B passed, Y passed.\n"
	want := `#1 board 1 dealer S vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32
contract 4H by N, tricks 10, lead D5 by E, players N=Y E=B S=Z W=A
after "Y played the hand at four hearts. B led the five of diamonds. Y won ten tricks."
#2 board 0 dealer W vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32
contract 1H by S, players N=Y E=B S=Z W=A
auction W: Pass Pass Pass 1H Pass Pass Pass
before "A dealt. A passed, Y passed, B passed, Z bid one heart, A passed, Y passed, B passed."
after "Y-Z made game."
#3 board 0 dealer W vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32
contract 1S by E, tricks 9, players N=Y E=B S=Z W=A
auction W: Pass Pass 1S Pass Pass Pass
after "A dealt and passed, Y passed, B bid one spade, Z passed, A passed, Y passed."
after "The declarer took nine tricks. A led the king of hearts."
d.txt:61:32: lead ♥K: West leads it, but the declarer's left-hand opponent is South
#4 board 0 dealer S vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32
players N=Y E=B S=Z W=A
after "Y passed, A bid one heart, Z passed, B passed, Y passed."
d.txt:81:1: warning: auction in words "Y passed, A bid one heart, Z passed, B passed, Y passed": North calls first, but the dealer is South: not read
`
	got := bookFacts(t, "d.txt", src)
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// A newspaper column whose gutters collapsed: West's and East's lines of
// a suit on one line, one space between, under a line of the seats'
// names; voids as "Void", "—" or "None".
const collapsedColumn = `NORTH
S-A K 3
H-Q J 10 2
D-9 8 7
C-6 5 4
WEST EAST
S-Q J 10 9 S-8 7 6
H-A K 3 H-9 8 7
D-A K Q D-6 5 4 3
C-A 3 2 C-K Q J
SOUTH (dealer)
S-5 4 2
H-6 5 4
D-J 10 2
C-10 9 8 7
`

func TestBookCollapsedColumns(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"the four hands by their labels", collapsedColumn, deal1(0, "S", "")},
		{"a void as Void, — and None", `NORTH
S-A K Q J 10 9 8 7 6
H-Void
D-—
C-5 4 3 2
WEST EAST
S-5 4 S-3 2
H-A K Q J 10 H-9 8 7 6 5 4
D-A K D-Q J 10
C-A K Q J C-7 6
SOUTH
S-None
H-3 2
D-9 8 7 6 5 4 3 2
C-10 9 8
`, "#1 board 0 dealer  vul  deal N:AKQJT9876...5432 32.987654.QJT.76 .32.98765432.T98 54.AKQJT.AK.AKQJ\n"},
		{"a card twice across the collapsed line", strings.Replace(collapsedColumn, "C-A 3 2 C-K Q J", "C-A 3 2 C-K Q A", 1),
			"#1 board 0 dealer S vul  deal N:AK3.QJT2.987.654 876.987.6543.AKQ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\n" +
				"d.txt:10:3: ♣A is given twice: in West's hand here and in East's at 10:15\n"},
		{"a line of one suit under two seats: said, not guessed", strings.Replace(collapsedColumn, "D-A K Q D-6 5 4 3", "D-A K Q 6 5 4 3", 1),
			"#1 board 0 dealer S vul  deal N:AK3.QJT2.987.654 876.987..KQJ 542.654.JT2.T987 QJT9.AK3..A32\n" +
				"d.txt:9:1: \"D-A K Q 6 5 4 3\" stands under two hands but gives no suit twice: expected the left-hand hand's line, a blank, and the right-hand hand's (not read)\n" +
				"d.txt:7:12: East's hand has no line for diamonds: expected four suits (a void as \"—\", \"-\" or nothing after the suit)\n" +
				"d.txt:7:1: West's hand has no line for diamonds: expected four suits (a void as \"—\", \"-\" or nothing after the suit)\n" +
				"d.txt:7:12: East holds 9 cards: expected 13; West holds 10 (at 7:1); no hand holds ♦A ♦K ♦Q ♦6 ♦5 ♦4 ...\n" +
				"d.txt:7:1: West holds 10 cards: expected 13; East holds 9 (at 7:12); no hand holds ♦A ♦K ♦Q ♦6 ♦5 ♦4 ...\n" +
				"d.txt:1:1: deal: East has 9 cards, the others 13\nd.txt:1:1: deal: West has 10 cards, the others 13\n"},
		{"after a heading, with an auction with bars and a lead in words", "Deal 4. South deals. Love all.\n\n" + collapsedColumn +
			"\nWEST | NORTH | EAST | SOUTH |\n     |       |      | 1 NT  |\nPass | 3 NT | All pass |\n\nOpening lead: Queen of S\n\nThe declarer took nine tricks.\n",
			deal1(4, "S", "None") + "contract 3NT by S, tricks 9, lead SQ by W\nauction S: 1NT Pass 3NT AP\nend \"The declarer took nine tricks.\"\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := bookFacts(t, "d.txt", c.src); got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

// Text after a deal's play is that deal's: its result in a sentence, and
// a paragraph that names a fact in passing ("Both sides were vulnerable
// on this deal") is commentary, not the next deal's heading, so that
// nothing after it moves on.
func TestBookTextAfterPlayStays(t *testing.T) {
	src := auctioned("South  West  North  East\n1 NT   Pass  3 NT   All pass\n") +
		"\nTrick 1: West ♠Q ♠3 ♠6 ♠2\n\nThe declarer took nine tricks.\n\nBoth sides were vulnerable on this deal, as it happens.\n\nSouth made nine tricks again.\n\n" +
		headed("Dealer West") + "\nWest  North  East  South\n1 NT  Pass  3 NT  All pass\n"
	want := deal1(0, "S", "All") + "contract 3NT by S, tricks 9, lead SQ by W\nauction S: 1NT Pass 3NT AP\n" +
		"end \"The declarer took nine tricks.\"\nend \"Both sides were vulnerable on this deal, as it happens.\"\nend \"South made nine tricks again.\"\n" +
		strings.Replace(deal1(0, "W", ""), "#1", "#2", 1) + "contract 3NT by W\nauction W: 1NT Pass 3NT AP\n"
	if got := bookFacts(t, "d.txt", src); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// A column as typed or OCR'd sets no blank line between a deal's parts:
// a part ends at the first line that is no part of it (a table's heading
// under a hand, a caption, a key, a sentence; a key or a sentence under a
// table's rows), which is read as what it is, at its own line.
func TestBookPartsWithoutBlankLines(t *testing.T) {
	const table = "WEST | NORTH | EAST | SOUTH |\n     |       |      | 1 NT  |\nPass | 3 NT | All pass |\n"
	const stacked = "South  West  North  East\n1 NT   Pass  3 NT   All pass\n"
	column := strings.Replace(collapsedColumn, "SOUTH (dealer)", "SOUTH", 1)
	cases := []struct{ name, src, want string }{
		{"(a) a column's table under South's last line", collapsedColumn + table + "\nOpening lead: Queen of S\n\nThe declarer took nine tricks.\n",
			"#1 board 0 dealer S vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\ncontract 3NT by S, tricks 9, lead SQ by W\nauction S: 1NT Pass 3NT AP\nend \"The declarer took nine tricks.\"\n"},
		{"(a) The bidding: between the diagram and the table", collapsedColumn + "The bidding:\n" + table + "\nOpening lead: Queen of S\n",
			"#1 board 0 dealer S vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\ncontract 3NT by S, lead SQ by W\nauction S: 1NT Pass 3NT AP\nafter \"The bidding:\"\n"},
		{"(b) the lead under the table's last row", collapsedColumn + "\n" + table + "Opening lead: Queen of S\n\nThe declarer took nine tricks.\n",
			"#1 board 0 dealer S vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\ncontract 3NT by S, tricks 9, lead SQ by W\nauction S: 1NT Pass 3NT AP\nend \"The declarer took nine tricks.\"\n"},
		{"(a)(b) a column with no blank line at all", "Deal 6. South deals. Love all.\n" + column + table + "Opening lead: Queen of S\nThe declarer took nine tricks.\n",
			"#1 board 6 dealer S vul None deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\ncontract 3NT by S, tricks 9, lead SQ by W\nauction S: 1NT Pass 3NT AP\nend \"The declarer took nine tricks.\"\n"},
		{"(c) a stacked diagram and its table", "Dealer South\n\n" + compassDiagram + stacked + "\nOpening lead: Queen of S\n",
			"#1 board 0 dealer S vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\ncontract 3NT by S, lead SQ by W\nauction S: 1NT Pass 3NT AP\n"},
		{"(c) a stacked diagram and the lead", "Dealer South\nContract: 3NT by South\n\n" + compassDiagram + "Opening lead: Queen of S\n",
			"#1 board 0 dealer S vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\ncontract 3NT by S, lead SQ by W\n"},
		{"(c) a stacked diagram and a paragraph", "Dealer South\n\n" + compassDiagram + "South drew trumps and took the rest.\nThe defence had no chance.\n",
			"#1 board 0 dealer S vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\nafter \"South drew trumps and took the rest.\\nThe defence had no chance.\"\n"},
		{"(c) a paragraph set on the diagram", "An old rule says that the declarer should look for the worst.\n" + compassDiagram,
			"#1 board 0 dealer  vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\nbefore \"An old rule says that the declarer should look for the worst.\"\n"},
		{"(c) a heading directly above NORTH", "North-South vulnerable, West deals\n" + column,
			"#1 board 0 dealer W vul NS deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\n"},
		{"(c) a hand a line and The bidding:", "Board 2, Dealer East, Vul N-S\n\nNorth: S. A K 3  H. Q J 10 2  D. 9 8 7  C. 6 5 4\nEast: S. 8 7 6  H. 9 8 7  D. 6 5 4 3  C. K Q J\nSouth: S. 5 4 2  H. 6 5 4  D. J 10 2  C. 10 9 8 7\nWest: S. Q J 10 9  H. A K 3  D. A K Q  C. A 3 2\nThe bidding:\nEast      South     West      North\nPass      1 NT      Pass      3 NT\nAll pass\n",
			"#1 board 2 dealer E vul NS deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\ncontract 3NT by S\nauction E: Pass 1NT Pass 3NT AP\nafter \"The bidding:\"\n"},
		{"(a) a bad call under the diagram: said at its own line", collapsedColumn + strings.Replace(table, "3 NT", "3 NX", 1),
			"#1 board 0 dealer S vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\ncontract 1NT by S\nauction S: 1NT Pass 3 AP\nd.txt:18:8: \"3\" is no call: expected Pass, Dbl, Rdbl, a bid (1♣ to 7NT) or All Pass\nd.txt:18:10: \"NX\" is no call: expected Pass, Dbl, Rdbl, a bid (1♣ to 7NT) or All Pass\nd.txt:18:10: NX stands under North: expected the call of East, the next in turn (a call missing, or a column out of line)\n"},
		{"(b) a bad lead under the table: said at its own line", collapsedColumn + "\n" + table + "Opening lead: Queen of u\n",
			"#1 board 0 dealer S vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\ncontract 3NT by S\nauction S: 1NT Pass 3NT AP\nd.txt:20:1: lead \"Queen of u\": expected a card (♥K, HK)\n"},
		{"(c) a result under the diagram: said at its own line", compassDiagram + "South made nine tricks.\n",
			"#1 board 0 dealer  vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\nafter \"South made nine tricks.\"\nd.txt:16:1: warning: result \"South made nine tricks\": the declarer is not known, so neither are his tricks\n"},
		{"a sentence among the hands stays the diagram's", strings.Replace(compassDiagram, "                 South\n", "                 The declarer sat here.\n                 South\n", 1),
			"#1 board 0 dealer  vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\nd.txt:11:18: warning: text in the diagram not read: \"The declarer sat here.\"\n"},
		{"a result, then the next deal's heading", "Dealer South\n\n" + compassDiagram + "\n" + stacked + "Result: 9 tricks.\nBoard 2, Dealer East\n" + compassDiagram,
			"#1 board 0 dealer S vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\ncontract 3NT by S, tricks 9\nauction S: 1NT Pass 3NT AP\n#2 board 2 dealer E vul  deal N:AK3.QJT2.987.654 876.987.6543.KQJ 542.654.JT2.T987 QJT9.AK3.AKQ.A32\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := bookFacts(t, "d.txt", c.src); got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

// Show's title of a board over a diagram ("Deal 2   Y") opens the next
// deal: a diagram of one hand under it is not the rest of the diagram of
// one hand before it. The two read as one, so that show -> read -> show
// did not settle (FuzzDiagram; the input, show's text of two deals of a
// hand each, is kept as its seed 39ed149a51798253).
func TestShowTitleOpensTheNextDiagram(t *testing.T) {
	box := "         │   N   │\n         │ W   E │\n         │   S   │\n         └───────┘\n         South\n"
	src := "Deal 1   North\n\n\n\n\nC        ┌───────┐  East\n♠ —      │   N   │\n♥ —      │ W   E │\n♦ —      │   S   │\n♣ 2      └───────┘\n         South\n\n\n" +
		"Deal 2   Y\n         ♠ 2\n         ♥ —\n         ♦ —\n         ♣ —\nWest     ┌───────┐  East\n" + box
	got := bookFacts(t, "d.txt", src)
	// the seats' names around the box, over hands not known, are read
	// as show's labels (labelFrame), not left as text
	want := "#1 board 0 dealer  vul  deal N:- - - ...2\nplayers W=C\n" +
		"#2 board 0 dealer  vul  deal N:2... - - -\nplayers N=Y\n"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// A source or a result stated as a key under a deal, a paragraph of its
// own, is that deal's, though a date in it ("June 1967") reads like a
// heading's: the next deal opens with its own heading below it.
func TestBookClosingKeysStay(t *testing.T) {
	t.Parallel()
	src := auctioned("South  West  North  East\n1 NT   Pass  3 NT   All pass\n") +
		"\nWhat should East play to the first trick?\n\nSource: Contract Bridge Journal, June 1967\n\n" +
		headed("Dealer West") + "\nWest  North  East  South\n1 NT  Pass  3 NT  All pass\n\nResult: 9 tricks\n\nSource: Contract Bridge Journal, July 1967\n"
	want := deal1(0, "S", "") + "contract 3NT by S, source \"Contract Bridge Journal, June 1967\"\nauction S: 1NT Pass 3NT AP\n" +
		"end \"What should East play to the first trick?\"\n" +
		strings.Replace(deal1(0, "W", ""), "#1", "#2", 1) + "contract 3NT by W, tricks 9, source \"Contract Bridge Journal, July 1967\"\nauction W: 1NT Pass 3NT AP\n"
	if got := bookFacts(t, "d.txt", src); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// A title that names an event (a year, a contest's word) between one
// deal's text and the next deal's heading heads the deals from there on;
// a last line of commentary that does not end as a sentence does, and
// names no event, stays with the deal it follows.
func TestBookEventTitleMidPage(t *testing.T) {
	t.Parallel()
	src := "From the Bermuda Bowl, 1955: Great Britain v. United States\n\n" + headed("Board 1. Dealer South.") +
		"\nPlayed at the Cavendish Club (see the note)\n\n" +
		"From the Masters Individual, Chicago, 1956: second session\n\n" + headed("Board 2. Dealer West.") +
		"\nThe bidding was simple.\n\n" + headed("Board 3. Dealer North.")
	want := deal1(1, "S", "") + "event \"From the Bermuda Bowl, 1955: Great Britain v. United States\" \n" +
		"after \"Played at the Cavendish Club (see the note)\"\n" +
		strings.Replace(deal1(2, "W", ""), "#1", "#2", 1) + "event \"From the Masters Individual, Chicago, 1956: second session\" \n" +
		"after \"The bidding was simple.\"\n" +
		strings.Replace(deal1(3, "N", ""), "#1", "#3", 1) + "event \"From the Masters Individual, Chicago, 1956: second session\" \n"
	if got := bookFacts(t, "d.txt", src); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// A typed diagram may squeeze its widest line against the box, a single
// blank between ("♦ A K Q 10 9 8 +-----+"): the box's edge is no part of
// the holding.
func TestBookBoxSqueezed(t *testing.T) {
	t.Parallel()
	src := `Dealer South

                NORTH
                ♠ A K 3
                ♥ Q J 10 2
                ♦ 9 8 7
                ♣ 6 5 4
WEST           +-----+          EAST
♠ Q J 10 9     |     |          ♠ 8 7 6
♥ A K 3        |     |          ♥ 9 8 7
♦ A K Q +-----+                 ♦ 6 5 4 3
♣ A 3 2                         ♣ K Q J
                SOUTH
                ♠ 5 4 2
                ♥ 6 5 4
                ♦ J 10 2
                ♣ 10 9 8 7
`
	if got, want := bookFacts(t, "d.txt", src), deal1(0, "S", ""); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// A book's break between parts, asterisks alone, is text: no footnote
// (it was "footnotes with no table above them", an error) and no line
// of the diagram above it, with a blank line over it or none.
func TestBookPartBreak(t *testing.T) {
	t.Parallel()
	for _, gap := range []string{"\n", ""} {
		src := headed("Board 1. Dealer South.") + gap + "* * *\n\n" + headed("Board 2. Dealer West.") + "\n***\n"
		want := deal1(1, "S", "") + "after \"* * *\"\n" + strings.Replace(deal1(2, "W", ""), "#1", "#2", 1) + "after \"***\"\n"
		if got := bookFacts(t, "d.txt", src); got != want {
			t.Errorf("gap %q: got:\n%s\nwant:\n%s", gap, got, want)
		}
	}
}

// A sentence wrapped so that its last line is a suit's sign and cards, or
// a suit's name alone ("♦ 9 8 7", "diamonds."), is the sentence's: one
// suit's holding under a sentence, with no line of a diagram under it,
// is no diagram (it opened an empty deal, "the 1 hands do not stand as
// a diagram's", in show's text of two BBO vugraph files and FuzzDiagram's).
func TestBookWrappedSuitLine(t *testing.T) {
	t.Parallel()
	for _, last := range []string{"♦ 9 8 7", "diamonds."} {
		src := headed("Board 1. Dealer South.") + "\nNorth kept his winners for the end and threw his small\n" + last + "\n"
		want := deal1(1, "S", "") + "after \"North kept his winners for the end and threw his small\\n" + last + "\"\n"
		if got := bookFacts(t, "d.txt", src); got != want {
			t.Errorf("%q: got:\n%s\nwant:\n%s", last, got, want)
		}
	}
}

// A paragraph of one suit's cards alone ("JHikaru: ♥K", a vugraph's
// comment as show prints it; "♦ 9 8 7") is text, not a diagram of one
// line: it opened a deal of no hands (FuzzDiagram, and show's text of a
// BBO vugraph file).
func TestBookOneSuitParagraph(t *testing.T) {
	t.Parallel()
	for _, para := range []string{"JHikaru: ♥K", "♦ 9 8 7"} {
		src := headed("Board 1. Dealer South.") + "\n" + para + "\n"
		want := deal1(1, "S", "") + "after \"" + para + "\"\n"
		if got := bookFacts(t, "d.txt", src); got != want {
			t.Errorf("%q: got:\n%s\nwant:\n%s", para, got, want)
		}
	}
}

// A table's heading names four players, each once: a line of one letter
// four times ("A A A A", an event's name as show prints it) is text, not
// a heading of a table with no rows, which lost the line
// (FuzzDiagram's ad68216d2ab69635, kept as a seed).
func TestTableHeadingNamesFourPlayers(t *testing.T) {
	t.Parallel()
	src := headed("Board 1. Dealer South.") + "\nA A A A\n"
	want := deal1(1, "S", "") + "after \"A A A A\"\n"
	if got := bookFacts(t, "d.txt", src); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
