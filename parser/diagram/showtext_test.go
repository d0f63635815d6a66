package diagram_test

import "testing"

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
