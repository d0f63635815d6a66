package diagram_test

import (
	"fmt"
	"strings"
	"testing"

	"handrec/parser"
)

// show's line of the event over a deal whose date is BBO's, ISO with the
// time ("1538-1385205517, 2013-11-23 11:23"), names the event and the
// date, as a PBN date does: the line was the event's name whole over the
// first deal, and commentary over the next, so that the next deal had the
// first one's event and date (and show then printed no line over a deal
// of the same).
func TestShowEventLineISODate(t *testing.T) {
	t.Parallel()
	src := "1538-1385205517, 2013-11-23 11:23\n\n" + headed("Board 1") +
		"\n1538-1385205517, 2013-11-23 11:22\n\n" + headed("Board 2")
	want := deal1(1, "", "") + "event \"1538-1385205517\" 2013-11-23 11:23\n" +
		"#2 board 2 dealer  vul  deal " + dealPBN + "\nevent \"1538-1385205517\" 2013-11-23 11:22\n"
	if got := bookFacts(t, "d.txt", src); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// A suit's name alone on a line ("diamond", "diamonds." ending a comment
// that show wrapped) is a sentence's last word, not a hand's void: the
// paragraph was a diagram of one hand, a deal of its own with the next
// paragraph its trick table. A suit's name with its colon, and a table
// of hands headed by the suits' names, are hands still.
func TestSuitNameAloneEndsASentence(t *testing.T) {
	t.Parallel()
	src := headed("Board 1") + "\nfskoul: I think that 4H had a better chance if he played to establish a\ndiamond\n\n" +
		"vasmar: 3♦ is the contract in the other room\n"
	want := deal1(1, "", "") +
		"after \"fskoul: I think that 4H had a better chance if he played to establish a\\ndiamond\"\n" +
		"after \"vasmar: 3♦ is the contract in the other room\"\n"
	if got := bookFacts(t, "d.txt", src); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// "passed out" in a sentence after the diagram ("B22 passed out, so
// onwards to B23", a vugraph's comment on another deal) fills the
// contract only where none is given, as a dealer or a vulnerability in a
// sentence there does: it overrode show's "Contract 4♥ by East" beside
// the diagram, an error against the auction and the contract lost.
func TestPassedOutInASentenceAfter(t *testing.T) {
	t.Parallel()
	src := headed("Contract: 4♥ by East") + "\nB22 passed out, so onwards to B23\n"
	want := deal1(0, "", "") + "contract 4H by E\nafter \"B22 passed out, so onwards to B23\"\n"
	if got := bookFacts(t, "d.txt", src); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	// where no contract is given, the sentence gives it
	src = headed("Board 1") + "\nThe deal was passed out.\n"
	want = deal1(1, "", "") + "contract Pass by \nafter \"The deal was passed out.\"\n"
	if got := bookFacts(t, "d.txt", src); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// A player's name that reads as a holding, set above his hand as show
// sets a label ("Diamond", a void; "S2", the two of spades), is the
// hand's label: a fifth hand made the diagram unreadable, an error, and
// its four hands were lost with the players' names.
func TestPlayerNamedLikeAHolding(t *testing.T) {
	t.Parallel()
	const diagram = `Board 1        Platnick
Dealer North   ♠ 9 6 2
Vul None       ♥ 10 2
               ♦ K J 2
               ♣ Q 8 6 5 4
Weinstein      ┌───────┐  Levin
♠ A K          │   N   │  ♠ Q 8 7 5 4 3
♥ K J 9 3      │ W   E │  ♥ A Q 6 5
♦ A 8 5 4 3    │   S   │  ♦ —
♣ A 10         └───────┘  ♣ K J 3
               Diamond        Contract 6♥ by East
               ♠ J 10         Result 13 tricks: made, +1
               ♥ 8 7 4        Lead ♣2
               ♦ Q 10 9 7 6
               ♣ 9 7 2
`
	want := "#1 board 1 dealer N vul None deal N:962.T2.KJ2.Q8654 Q87543.AQ65..KJ3 JT.874.QT976.972 AK.KJ93.A8543.AT\n" +
		"contract 6H by E, tricks 13, lead C2 by S, players N=Platnick E=Levin S=%s W=Weinstein\n"
	for _, name := range []string{"Diamond", "S2", "S22"} {
		src := strings.Replace(diagram, "Diamond", fmt.Sprintf("%-7s", name), 1)
		if got, want := bookFacts(t, "d.txt", src), fmt.Sprintf(want, name); got != want {
			t.Errorf("%s: got:\n%s\nwant:\n%s", name, got, want)
		}
	}
}

// show's par line under the double-dummy table, "Par NS 620: NS 4♥=,
// NS 4♠=" (parText: the score, a colon, the contracts with the style's
// suits, parted by commas), gives the par score and contracts: the
// reader cut it at the first comma, as show once wrote it, so that the
// score held the contracts and the contracts were lost at the next
// printing.
func TestShowParLine(t *testing.T) {
	t.Parallel()
	dd := "\nDouble-dummy tricks\n        NT   ♠   ♥   ♦   ♣\nNorth    5   4   5   5   5\n" +
		"South    5   4   6   6   5\nEast     8   9   7   7   8\nWest     8   9   7   7   8\n"
	for _, c := range []struct{ line, score, contracts string }{
		{"Par NS 620: NS 4♥=, NS 4♠=", "NS 620", "NS 4H=; NS 4S="},
		{"Par EW 140: EW 1♠+2", "EW 140", "EW 1S+2"},
		{"Par NS 620, NS 4♥=", "NS 620", "NS 4H="}, // as show wrote it before
	} {
		doc, err := parser.ReadAll("d.txt", strings.NewReader(headed("Board 1")+dd+c.line+"\n"))
		if err != nil || len(doc.Records) != 1 {
			t.Fatalf("%s: %v", c.line, err)
		}
		r := doc.Records[0]
		if got := r.Par.Score.String() + " | " + r.Par.Contracts.String(); got != c.score+" | "+c.contracts {
			t.Errorf("%s: par %q, want %q", c.line, got, c.score+" | "+c.contracts)
		}
	}
}

// show's diagram of a deal whose hands are not known (a vugraph's board
// before its deal is given) names the players around the empty box:
// North's beside the board's title, over North's empty lines, West's and
// East's beside the box, South's under it. They are the players: the
// corner with North's name was heading text, and the other three were
// warned of as text not read, the players lost. A file of such deals
// alone is a diagram by show's box (Detect).
func TestPlayersAroundAnEmptyBox(t *testing.T) {
	t.Parallel()
	src := `Board 9        Donev
Dealer North
Vul E-W


Aronov         ┌───────┐  Damianova
               │   N   │
               │ W   E │
               │   S   │
               └───────┘
               Draganov   Contract 4♥ by North
                          Result 9 tricks: down 1
                          Lead ♦6
`
	want := "#1 board 9 dealer N vul EW deal N:- - - -\n" +
		"contract 4H by N, tricks 9, lead D6 by E, players N=Donev E=Damianova S=Draganov W=Aronov\n"
	if got := bookFacts(t, "d.txt", src); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// A line alone that gives one suit after a label ("JHikaru: ♥K", a
// vugraph's comment naming a card) is a comment, not a diagram of one
// hand: it opened a deal of its own, the next paragraphs its.
func TestCommentOfOneLabelledSuit(t *testing.T) {
	t.Parallel()
	src := headed("Board 1") + "\nJHikaru: ♥K\n\nJHikaru: the king wins\n"
	want := deal1(1, "", "") + "after \"JHikaru: ♥K\"\nafter \"JHikaru: the king wins\"\n"
	if got := bookFacts(t, "d.txt", src); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	// unlabelled, as show wraps a paragraph that ends with a suit's cards
	// (FuzzDiagram's d8399af7923e986a, kept as a seed)
	src = headed("Board 1") + "\nBoard:000000000000000000\n\n♦000\n"
	want = deal1(1, "", "") + "after \"Board:000000000000000000\"\nafter \"♦000\"\n"
	if got := bookFacts(t, "d.txt", src); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
