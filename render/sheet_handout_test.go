package render_test

import (
	"html"
	"os"
	"regexp"
	"strings"
	"testing"

	"handrec/model"
	"handrec/parser"
	"handrec/render"
)

// Handouts: sheet --hide E,W --answers, as a teacher gives it out. No
// spoiler on a question, the lead kept, the answers at the end and the
// contract from the auction each have a test with the exact text of the
// text sheet's pages; TestHandoutHiddenCards checks the PDF and the HTML.

// lesson is a board with every part a handout must keep from a question:
// a room, a double-dummy table and par, commentary that names a hidden
// card (after the Result, and on a call: a footnote), the result and
// score, and a play that shows hidden cards.
const lesson = `[Event "Lesson 3"]
[Board "7"]
[Dealer "S"]
[Vulnerable "All"]
[Deal "S:AKQ76.T.KQT.AQ54 82.98652.865.KJ2 93.Q7.AJ943.9763 JT54.AKJ43.72.T8"]
[Room "Open"]
[Declarer "S"]
[Contract "4S"]
[Result "10"]
{West kept the \CK guarded: the club finesse loses.}
[Score "NS 620"]
[OptimumScore "NS 620"]
[ParContract "NS 4S="]
[DoubleDummyTricks "8a5aa8a5ba4372343723"]
[Auction "S"]
1S Pass 2D {East has \HAK} Pass
2S Pass 4S AP
[Play "W"]
H9 H7 HA HT
H2 HQ HK S6
*
`

// readPBN reads records from PBN text, as every reader gives them
// (parser.ReadAll: with the contract the auction gives).
func readPBN(t *testing.T, src string) []*model.Record {
	t.Helper()
	doc, err := parser.ReadAll("t.pbn", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	return doc.Records
}

// sheetPages is the text sheet of recs, split at its form feeds.
func sheetPages(t *testing.T, recs []*model.Record, opt render.SheetOptions) []string {
	t.Helper()
	return strings.Split(string(writeSheet(t, "txt", recs, opt)), "\f")
}

// checkTextPages compares pages with the pages wanted, one by one.
func checkTextPages(t *testing.T, got []string, want ...string) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%d pages, want %d:\n%s", len(got), len(want), strings.Join(got, "\f"))
		return
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("page %d:\n%s\nwant:\n%s", i+1, got[i], want[i])
		}
	}
}

var hideEW = [4]bool{model.East: true, model.West: true}

// lessonQuestion is the lesson's board hiding East and West, as a
// question: the contract, the lead and the auction; no double-dummy
// table, par, commentary (nor the footnote of a comment on a call),
// play or result.
const lessonQuestion = `Lesson 3

Board 7        North
Dealer South   ♠ 9 3
Vul All        ♥ Q 7
               ♦ A J 9 4 3
               ♣ 9 7 6 3
West           ┌───────┐  East
               │   N   │
               │ W   E │
               │   S   │
               └───────┘
               South         Contract 4♠ by South
               ♠ A K Q 7 6   Lead ♥9
               ♥ 10
               ♦ K Q 10
               ♣ A Q 5 4

West   North  East   South
                     1♠
Pass   2♦     Pass   2♠
Pass   4♠     All Pass
`

// lessonAnswer is the lesson's board in full, as its answer.
const lessonAnswer = `Answers: Lesson 3

Board 7        North
Dealer South   ♠ 9 3
Vul All        ♥ Q 7
               ♦ A J 9 4 3
               ♣ 9 7 6 3
West           ┌───────┐  East
♠ 8 2          │   N   │  ♠ J 10 5 4
♥ 9 8 6 5 2    │ W   E │  ♥ A K J 4 3
♦ 8 6 5        │   S   │  ♦ 7 2
♣ K J 2        └───────┘  ♣ 10 8
               South         Contract 4♠ by South
               ♠ A K Q 7 6   Result 10 tricks: made
               ♥ 10          Lead ♥9
               ♦ K Q 10
               ♣ A Q 5 4

West kept the ♣K guarded: the club finesse loses.

West   North  East   South
                     1♠
Pass   2♦¹    Pass   2♠
Pass   4♠     All Pass

¹ East has ♥AK

Trick  Lead  West   North  East   South    N-S  E-W
    1  W     ♥9     ♥7     ♥A*    ♥10        0    1
    2  E     ♥2     ♥Q     ♥K     ♠6*        1    1

Claim: South takes 10 tricks in all
* won the trick

Double-dummy tricks
        NT   ♠   ♥   ♦   ♣
North    8  10   5  10  10
South    8  10   5  11  10
East     4   3   7   2   3
West     4   3   7   2   3
Par NS 620: NS 4♠=
`

// TestHandoutNoSpoilers: a board that hides hands leaves what
// could tell a hidden card (the double-dummy table, the par, the
// commentary, the play, the result) and the room to its answer; --show
// asks for a part on the question, --omit leaves it off the question and
// the answer. A board that hides no hand prints what it always did.
func TestHandoutNoSpoilers(t *testing.T) {
	t.Parallel()
	recs := readPBN(t, lesson)
	t.Run("--hide E,W --answers", func(t *testing.T) {
		checkTextPages(t, sheetPages(t, recs, render.SheetOptions{Hide: hideEW, Answers: true}), lessonQuestion, lessonAnswer)
	})
	t.Run("--show dd,commentary --omit auction,play", func(t *testing.T) {
		opt := render.SheetOptions{Hide: hideEW, Answers: true, Show: render.PartDD | render.PartCommentary, Omit: render.PartAuction | render.PartPlay}
		question := strings.Replace(lessonQuestion[:strings.Index(lessonQuestion, "\nWest   North")], "               ♣ A Q 5 4\n",
			"               ♣ A Q 5 4\n\nWest kept the ♣K guarded: the club finesse loses.\n", 1) +
			"\n" + lessonAnswer[strings.Index(lessonAnswer, "Double-dummy"):]
		answer := lessonAnswer[:strings.Index(lessonAnswer, "West   North")] + lessonAnswer[strings.Index(lessonAnswer, "Double-dummy"):]
		checkTextPages(t, sheetPages(t, recs, opt), question, answer)
	})
	t.Run("every hand shown", func(t *testing.T) {
		want := lessonAnswer[len("Answers: "):strings.Index(lessonAnswer, "West   North")] + lessonAnswer[strings.Index(lessonAnswer, "Double-dummy"):]
		want = strings.NewReplacer("   Result 10 tricks: made", "", "          Lead ♥9", "", "         Contract 4♠ by South", "").Replace(want)
		checkTextPages(t, sheetPages(t, recs, render.SheetOptions{}), want)
	})
	t.Run("a bidding contest: the contract is the answer", func(t *testing.T) {
		// board 1 of the corpus's Challenges/pav_first120.pbn: East and
		// West hidden by the record, no auction, the contract and the
		// contest's scores in the commentary
		contest := readPBN(t, `[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AQ3.KJ97.A82.Q93 JT984.A65.93.K84 762.QT4.KQ7.JT76 K5.832.JT654.A52"]
[Scoring "Facit"]
{2n 10 2h 7 2c 6 3h 5 3c 4 3n 3 4h 2 4c 1 }
[Declarer "N"]
[Contract "2NT"]
[Result ""]
[Hidden "EW"]
`)
		checkTextPages(t, sheetPages(t, contest, render.SheetOptions{Answers: true}), `Board 1        North
Dealer North   ♠ A Q 3
Vul None       ♥ K J 9 7
               ♦ A 8 2
               ♣ Q 9 3
West           ┌───────┐  East
               │   N   │
               │ W   E │
               │   S   │
               └───────┘
               South
               ♠ 7 6 2
               ♥ Q 10 4
               ♦ K Q 7
               ♣ J 10 7 6
`, `Answers

Board 1        North
Dealer North   ♠ A Q 3
Vul None       ♥ K J 9 7
               ♦ A 8 2
               ♣ Q 9 3
West           ┌───────┐  East
♠ K 5          │   N   │  ♠ J 10 9 8 4
♥ 8 3 2        │ W   E │  ♥ A 6 5
♦ J 10 6 5 4   │   S   │  ♦ 9 3
♣ A 5 2        └───────┘  ♣ K 8 4
               South        Contract 2NT by North
               ♠ 7 6 2
               ♥ Q 10 4
               ♦ K Q 7
               ♣ J 10 7 6

2n 10 2h 7 2c 6 3h 5 3c 4 3n 3 4h 2 4c 1
`)
	})
	// the room: on a board that shows every hand, not on a question nor
	// on its answer
	for _, c := range []struct {
		name string
		opt  render.SheetOptions
		want int
	}{
		{"the room shown", render.SheetOptions{}, 1},
		{"not on a question nor its answer", render.SheetOptions{Hide: hideEW, Answers: true}, 0},
		{"--show room", render.SheetOptions{Hide: hideEW, Answers: true, Show: render.PartRoom}, 2},
		{"--omit room", render.SheetOptions{Omit: render.PartRoom}, 0},
	} {
		t.Run("rooms: "+c.name, func(t *testing.T) {
			if n := strings.Count(string(writeSheet(t, "html", recs, c.opt)), "Open room"); n != c.want {
				t.Errorf("show %v, omit %v: %d rooms in the HTML, want %d", c.opt.Show, c.opt.Omit, n, c.want)
			}
		})
	}
}

// TestHandoutLead: a question keeps the opening lead, a hidden
// hand's card though it is, unless --omit lead.
func TestHandoutLead(t *testing.T) {
	t.Parallel()
	recs := readPBN(t, lesson)
	checkTextPages(t, sheetPages(t, recs, render.SheetOptions{Hide: hideEW}), lessonQuestion)
	checkTextPages(t, sheetPages(t, recs, render.SheetOptions{Hide: hideEW, Omit: render.PartLead}),
		strings.Replace(lessonQuestion, "   Lead ♥9\n", "\n", 1))
	// a defence problem: South and West hidden, the lead is West's to find
	defence := sheetPages(t, recs, render.SheetOptions{Hide: [4]bool{model.South: true, model.West: true}, Omit: render.PartLead | render.PartAuction})
	checkTextPages(t, defence, `Lesson 3

Board 7        North
Dealer South   ♠ 9 3
Vul All        ♥ Q 7
               ♦ A J 9 4 3
               ♣ 9 7 6 3
West           ┌───────┐  East
               │   N   │  ♠ J 10 5 4
               │ W   E │  ♥ A K J 4 3
               │   S   │  ♦ 7 2
               └───────┘  ♣ 10 8
               South      Contract 4♠ by South




`)
}

// TestHandoutAnswersAtEnd: --answers puts the answers after
// all the boards, each under its board's title, on pages headed
// "Answers"; --answers=page (AnswersByPage) after each page, as before.
func TestHandoutAnswersAtEnd(t *testing.T) {
	t.Parallel()
	second := strings.NewReplacer(`[Board "7"]`, `[Board "8"]`).Replace(lesson)
	recs := readPBN(t, lesson+"\n"+second)
	q8 := strings.Replace(lessonQuestion, "Board 7 ", "Board 8 ", 1)
	a8 := strings.Replace(lessonAnswer, "Board 7 ", "Board 8 ", 1)
	opt := render.SheetOptions{PerPage: 1, Hide: hideEW, Answers: true}
	checkTextPages(t, sheetPages(t, recs, opt), lessonQuestion, q8, lessonAnswer, a8)
	opt.AnswersByPage = true
	checkTextPages(t, sheetPages(t, recs, opt), lessonQuestion, lessonAnswer, q8, a8)
	// two boards a page: the answers' page holds both, under one head
	opt = render.SheetOptions{PerPage: 2, Hide: hideEW, Answers: true}
	checkTextPages(t, sheetPages(t, recs, opt), lessonQuestion+"\n"+q8[len("Lesson 3\n\n"):],
		lessonAnswer+"\n"+a8[len("Answers: Lesson 3\n\n"):])
}

// cobolBoards are boards 1 and 5 of the corpus's cobol_book.pbn: board 1
// gives no contract nor declarer, but an auction to 5♣ by South; board 5
// a contract, no declarer, and West's lead.
const cobolBoards = `[Event ""]
[Site ""]
[Date ""]
[Board "1"]
[West ""]
[North ""]
[East ""]
[South ""]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:K94.93.K8765.AT4 8752.QT86.QJT.95 A3.K2.A43.KQJ763 QJT6.AJ754.92.82"]
[Scoring ""]
[Declarer ""]
[Contract ""]
[Result ""]
[BCFlags "1f"]
[Hidden ""]
[Auction "N"]
Pass Pass 1C Pass
1D Pass 3C Pass
5C AP
[Play "W"]
SQ

[Event ""]
[Site ""]
[Date ""]
[Board "5"]
[West ""]
[North ""]
[East ""]
[South ""]
[Dealer "N"]
[Vulnerable "NS"]
[Deal "N:J6532.AT2.Q75.72 KQT.K987.AJT43.5 A7.Q3.2.AKQJT863 984.J654.K986.94"]
[Scoring ""]
[Declarer ""]
[Contract "5C"]
[Result ""]
[BCFlags "1f"]
[Play "W"]
H4
`

// TestHandoutContractFromAuction: the reader takes the contract
// and declarer a record does not give from its auction, or the declarer
// from its lead, and the handout prints them.
func TestHandoutContractFromAuction(t *testing.T) {
	t.Parallel()
	recs := readPBN(t, cobolBoards)
	var probs []string
	for _, r := range recs {
		for _, p := range r.Problems {
			probs = append(probs, p.Error())
		}
	}
	if want := "t.pbn:14:12: warning: contract and declarer not given: taken from the auction, 5C by South\n" +
		"t.pbn:37:12: warning: declarer not given: South, on the right of West, who leads"; strings.Join(probs, "\n") != want {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(probs, "\n"), want)
	}
	checkTextPages(t, sheetPages(t, recs, render.SheetOptions{PerPage: 2, Hide: hideEW, Omit: render.PartAuction}), `Board 1        North
Dealer North   ♠ K 9 4
Vul None       ♥ 9 3
               ♦ K 8 7 6 5
               ♣ A 10 4
West           ┌───────┐  East
               │   N   │
               │ W   E │
               │   S   │
               └───────┘
               South           Contract 5♣ by South
               ♠ A 3           Lead ♠Q
               ♥ K 2
               ♦ A 4 3
               ♣ K Q J 7 6 3

Board 5        North
Dealer North   ♠ J 6 5 3 2
Vul N-S        ♥ A 10 2
               ♦ Q 7 5
               ♣ 7 2
West           ┌───────┐  East
               │   N   │
               │ W   E │
               │   S   │
               └───────┘
               South                Contract 5♣ by South
               ♠ A 7                Lead ♥4
               ♥ Q 3
               ♦ 2
               ♣ A K Q J 10 8 6 3
`)
}

// cardTokens are the cards a printed page names: a suit sign and a rank
// ("♣K", "♥10"), in the lead, the trick table, commentary and notes. A
// hand's holding ("♣ K J 2"), a bid ("5♣") and a table's head are none.
var cardTokens = regexp.MustCompile(`[♠♥♦♣](?:10|[AKQJ2-9])`)

// hiddenCards are the cards of the hands r's board hides on a question
// (hide, and its [Hidden] tag), but the opening lead, which a question
// prints: the cards no question page may name. The holdings are the
// hidden hands' suit lines that no hand shown has too.
func hiddenCards(r *model.Record, hide [4]bool) (cards map[string]bool, holdings []string) {
	if v, ok := r.Tag("Hidden"); ok {
		for i := 0; i < len(v); i++ {
			if s, ok := model.ParseSeat(v[i]); ok {
				hide[s] = true
			}
		}
	}
	lead := ""
	if p := r.Play; p != nil && len(p.Tricks) > 0 && p.First.Valid() && p.Tricks[0][p.First].Kind == model.Played {
		c := p.Tricks[0][p.First].Card
		lead = c.Suit().Symbol() + rankText(c.Rank())
	}
	cards = map[string]bool{}
	shown := map[string]bool{}
	for _, s := range model.Seats {
		if !r.Deal.Known[s] {
			continue
		}
		if !hide[s] {
			for _, l := range suitLines(r, s) {
				shown[l] = true
			}
			continue
		}
		for _, su := range model.SuitsDown {
			for rk := model.Two; rk <= model.Ace; rk++ {
				if c := model.NewCard(su, rk); r.Deal.Hands[s].Has(c) {
					if tok := su.Symbol() + rankText(rk); tok != lead {
						cards[tok] = true
					}
				}
			}
		}
		for _, l := range suitLines(r, s) {
			if !shown[l] && !strings.HasSuffix(l, "—") {
				holdings = append(holdings, l)
			}
		}
	}
	return cards, holdings
}

func rankText(r model.Rank) string {
	if r == model.Ten {
		return "10"
	}
	return string(r.Letter())
}

// spoilers are what no question page prints: the double-dummy table's
// head and the par, the room, a trick table, the result.
var spoilers = []string{"Par ", "Open room", "Closed room", "Trick", "tricks: ", "Result "}

// checkQuestion reports a hidden card, a hidden hand's holding or a
// spoiler that the text of a question page about r prints.
func checkQuestion(t *testing.T, where string, r *model.Record, hide [4]bool, text string) {
	t.Helper()
	cards, holdings := hiddenCards(r, hide)
	for _, m := range cardTokens.FindAllString(text, -1) {
		if cards[m] {
			t.Errorf("%s: board %d's question names the hidden card %s", where, r.Board, m)
		}
	}
	for _, h := range holdings {
		if hasLine(text, h) {
			t.Errorf("%s: board %d's question prints a hidden hand's %q", where, r.Board, h)
		}
	}
	for _, s := range spoilers {
		if strings.Contains(text, s) {
			t.Errorf("%s: board %d's question prints %q", where, r.Board, s)
		}
	}
}

var (
	htmlHead    = regexp.MustCompile(`^[^>]*>\n<div class="head">(.*?)</div>`)
	htmlSection = regexp.MustCompile(`(?s)<section class="board[^"]*" data-board="\d+"( data-part="1")?>(.*?)</section>`)
	htmlTag     = regexp.MustCompile(`<[^>]*>`)
	htmlSpan    = regexp.MustCompile(`<span class="[hd]">|</span>`)
)

// TestHandoutHiddenCards: no question page of a handout (--hide E,W
// --answers) names a card of East or West but the opening lead, prints
// their holdings, or a spoiler, in the PDF (pdftotext) or in the HTML
// (its source: no data-hand, no handviewer link, and no card in its
// text), on the generated boards of testdata/sheet/handout12.pbn and on
// the corpus's two files the issue was found on; the answers print every
// hand.
func TestHandoutHiddenCards(t *testing.T) {
	t.Parallel()
	files := []string{"testdata/sheet/handout12.pbn",
		corpusBen + "Boards/Eamon/kantar_declare_defend.pbn", corpusBen + "Boards/Eamon/cobol_book.pbn"}
	for _, f := range files {
		t.Run(f[strings.LastIndexByte(f, '/')+1:], func(t *testing.T) {
			t.Parallel()
			if _, err := os.Stat(f); err != nil {
				t.Skip("corpus absent")
			}
			doc, err := parser.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			recs := doc.Records
			opt := render.SheetOptions{PerPage: 1, Hide: hideEW, Answers: true}
			checkHandoutPDF(t, recs, opt)
			checkHandoutHTML(t, recs, opt)
		})
	}
}

// checkHandoutPDF checks the question pages of a PDF of one board a page:
// the first len(recs), before the answers.
func checkHandoutPDF(t *testing.T, recs []*model.Record, opt render.SheetOptions) {
	t.Helper()
	pages := strings.Split(strings.TrimSuffix(pdfText(t, writeSheet(t, "pdf", recs, opt), "-raw"), "\f"), "\f")
	if len(pages) < 2*len(recs) {
		t.Fatalf("%d pages for %d boards and their answers", len(pages), len(recs))
	}
	for i, r := range recs {
		if strings.HasPrefix(pages[i], "Answers") {
			t.Fatalf("page %d is an answer, want board %d's question", i+1, r.Board)
		}
		checkQuestion(t, "PDF", r, opt.Hide, pages[i])
	}
	if !strings.HasPrefix(pages[len(recs)], "Answers") {
		t.Errorf("page %d: %.40q, want the first answer", len(recs)+1, pages[len(recs)])
	}
	first := recs[0]
	if west := suitLines(first, model.West)[0]; !hasLine(pages[len(recs)], west) {
		t.Errorf("board %d's answer does not print West's %q", first.Board, west)
	}
}

// checkHandoutHTML checks the HTML's question pages, board by board: its
// source, and its text (tags out, entities read).
func checkHandoutHTML(t *testing.T, recs []*model.Record, opt render.SheetOptions) {
	t.Helper()
	src := string(writeSheet(t, "html", recs, opt))
	var boards []string
	answers := 0
	for _, p := range strings.Split(src, `<div class="page"`)[1:] {
		head := htmlHead.FindStringSubmatch(p)
		if head == nil {
			t.Fatalf("a page without its head: %.80q", p)
		}
		if strings.HasPrefix(head[1], "Answers") {
			answers += len(htmlSection.FindAllString(p, -1))
			continue
		}
		for _, s := range htmlSection.FindAllStringSubmatch(p, -1) {
			boards = append(boards, s[2])
		}
	}
	if len(boards) != len(recs) || answers != len(recs) {
		t.Fatalf("%d questions and %d answers in the HTML, want %d of each", len(boards), answers, len(recs))
	}
	for i, r := range recs {
		b := boards[i]
		if m := regexp.MustCompile(`data-seat="[EW]" data-hand=`).FindString(b); m != "" {
			t.Errorf("HTML: board %d's question has %s", r.Board, m)
		}
		if strings.Contains(b, "handviewer") {
			t.Errorf("HTML: board %d's question links the handviewer, which shows every hand", r.Board)
		}
		// the red suits' spans go, so that "♥K" reads whole; every other
		// tag ends a word, as a table's cell does
		text := htmlSpan.ReplaceAllString(strings.ReplaceAll(b, "<br>", "\n"), "")
		text = html.UnescapeString(htmlTag.ReplaceAllString(text, " "))
		checkQuestion(t, "HTML", r, opt.Hide, text)
	}
}

// TestHandoutClaimAlone: a play of no trick, BridgeComposer's empty Play
// section with a Result (a claim, as the reader takes it), prints no
// trick table on a sheet, an answer's either: the result says it.
func TestHandoutClaimAlone(t *testing.T) {
	t.Parallel()
	recs := readPBN(t, `[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AJT875.A4.764.A4 KQ92.T6.AQJT5.32 4.KQJ32.32.KQ765 63.9875.K98.JT98"]
[Declarer "N"]
[Contract "2S"]
[Result "9"]
[Auction "N"]
1S 2D 2H Pass
2S Pass Pass Pass
[Play "E"]
*
`)
	if c := recs[0].Play; c == nil || c.Claim != 9 || len(c.Tricks) != 0 {
		t.Fatalf("play %+v, want a claim of 9 and no trick", c)
	}
	checkTextPages(t, sheetPages(t, recs, render.SheetOptions{Hide: hideEW, Answers: true, Omit: render.PartAuction}), `Board 1        North
Dealer North   ♠ A J 10 8 7 5
Vul None       ♥ A 4
               ♦ 7 6 4
               ♣ A 4
West           ┌───────┐  East
               │   N   │
               │ W   E │
               │   S   │
               └───────┘
               South         Contract 2♠ by North
               ♠ 4
               ♥ K Q J 3 2
               ♦ 3 2
               ♣ K Q 7 6 5
`, `Answers

Board 1        North
Dealer North   ♠ A J 10 8 7 5
Vul None       ♥ A 4
               ♦ 7 6 4
               ♣ A 4
West           ┌───────┐  East
♠ 6 3          │   N   │  ♠ K Q 9 2
♥ 9 8 7 5      │ W   E │  ♥ 10 6
♦ K 9 8        │   S   │  ♦ A Q J 10 5
♣ J 10 9 8     └───────┘  ♣ 3 2
               South         Contract 2♠ by North
               ♠ 4           Result 9 tricks: made, +1
               ♥ K Q J 3 2
               ♦ 3 2
               ♣ K Q 7 6 5
`)
}
