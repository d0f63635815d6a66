package export_test

import (
	"strings"
	"testing"

	"handrec/export"
	"handrec/model"
)

// interopDeal is a PBN board LIN readers trip on: a grand slam whose play
// stops after one trick, without "*".
const interopDeal = `[Board "1"]
[West "w"]
[North "n"]
[East "e"]
[South "s"]
%s[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432"]
[Declarer "N"]
[Contract "7N"]
[Result "13"]
[Auction "N"]
7NT Pass Pass Pass
[Play "E"]
S2 S5 SA S8
`

// TestLINFromPBNInterop holds the exact LIN written from PBN for the cases
// LIN readers trip on: a match's board whose play stops short gets its claim from
// the Result, and its header ends pn|...|pg||; team tags alone, or an empty Room tag, leave a single board,
// one a line.
func TestLINFromPBNInterop(t *testing.T) {
	t.Parallel()
	single := "pn|s,w,n,e|st||md|3S765H765D8765C876,S432H432D432C5432,SAKQJHAKQDAKQCAKQ,|rh||ah|Board 1|sv|o|" +
		"mb|7N|mb|p|mb|p|mb|p|pg||pc|S2|pc|S5|pc|SA|pc|S8|pg||mc|13|pg||\n"
	for _, tc := range []struct{ name, tags, want string }{
		{"match board cut short", "[Room \"Open\"]\n[HomeTeam \"Lions\"]\n[VisitTeam \"Tigers\"]\n",
			"vg|,,,1,1,Lions,0,Tigers,0|\r\nrs|7NN=,|\r\npn|s,w,n,e,s,w,n,e|pg||\r\n" +
				"qx|o1|st||md|3S765H765D8765C876,S432H432D432C5432,SAKQJHAKQDAKQCAKQ,ST98HJT98DJT9CJT9|sv|o|" +
				"mb|7N|mb|p|mb|p|mb|p|pc|s2|pc|s5|pc|sA|pc|s8|pg||\r\nmc|13|pg||\r\n"},
		{"teams alone", "[HomeTeam \"Lions\"]\n[VisitTeam \"Tigers\"]\n", single},
		{"empty room", "[Room \"\"]\n", single},
		{"no room", "", single},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(interopDeal, "%s", tc.tags, 1)
			in, want := src, tc.want
			if tc.want == single {
				// a later board stays single too
				in, want = src+"\n"+src, tc.want+tc.want
			}
			got := string(writeDoc(t, "lin", readDoc(t, "t.pbn", []byte(in))))
			if got != want {
				t.Errorf("got\n%q\nwant\n%q", got, want)
			}
		})
	}
}

// A PBN comment of several lines goes to a single board's LIN as one nt on
// the board's one line, its line breaks spaces, and the change is listed.
func TestLINSingleBoardOneLine(t *testing.T) {
	t.Parallel()
	src := "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n" +
		"[Deal \"N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432\"]\n" +
		"{line one\nline two}\n[Auction \"N\"]\n7NT Pass Pass Pass\n"
	doc := readDoc(t, "t.pbn", []byte(src))
	want := "pn|,,,|st||md|3S765H765D8765C876,S432H432D432C5432,SAKQJHAKQDAKQCAKQ,|nt|line one line two|pg||" +
		"rh||ah|Board 1|sv|o|mb|7N|mb|p|mb|p|mb|p|pg||\n"
	if got := string(writeDoc(t, "lin", doc)); got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
	losses := strings.Join(export.LINLosses(doc.Records[0], false), "\n")
	if !strings.Contains(losses, "line breaks in commentary") {
		t.Errorf("losses %q do not list the line breaks", losses)
	}
}

// An unknown call is written as read (mb|AC|), and listed.
func TestLINUnknownCallListed(t *testing.T) {
	t.Parallel()
	src := "[Board \"1\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n1C AC Pass Pass Pass\n"
	doc := readDoc(t, "t.pbn", []byte(src))
	got := export.LINLosses(doc.Records[0], false)
	if want := `call "AC" (no LIN call; written as read)`; strings.Join(got, "\n") != want {
		t.Errorf("losses %q, want %q", got, want)
	}
}

// A reader gives a single board without pn the players of the last pn in
// the file: a board without players gets an empty pn, pn|,,,|, so that the
// names of one do not pass to the other, and so that readers that split a
// file into boards at pn (endplay) find each board, the first too.
func TestLINNamesDoNotPass(t *testing.T) {
	t.Parallel()
	deal := "[Dealer \"N\"]\n[Vulnerable \"None\"]\n" +
		"[Deal \"N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432\"]\n\n"
	src := "[Board \"1\"]\n" + deal +
		"[Board \"2\"]\n[West \"w\"]\n[North \"n\"]\n[East \"e\"]\n[South \"s\"]\n" + deal +
		"[Board \"3\"]\n" + deal
	doc := readDoc(t, "t.pbn", []byte(src))
	hands := "md|3S765H765D8765C876,S432H432D432C5432,SAKQJHAKQDAKQCAKQ,|rh||ah|Board "
	want := "pn|,,,|st||" + hands + "1|sv|o|\n" +
		"pn|s,w,n,e|st||" + hands + "2|sv|o|\n" +
		"pn|,,,|st||" + hands + "3|sv|o|\n"
	out := writeDoc(t, "lin", doc)
	if string(out) != want {
		t.Fatalf("got\n%q\nwant\n%q", out, want)
	}
	back := readDoc(t, "t.lin", out)
	for i, wantN := range []string{"", "n", ""} {
		if got := back.Records[i].Player(model.North); got != wantN {
			t.Errorf("board %d read back: North %q, want %q", i+1, got, wantN)
		}
	}
}

// A LIN board read with no pn before it is written back without one (its
// layout keeps that: head no-pn), so that LIN -> LIN gives the bytes read;
// the same board from PBN, without players, has pn|,,,|.
func TestLINWithoutPnKept(t *testing.T) {
	t.Parallel()
	lin := "st||md|3S765H765D8765C876,S432H432D432C5432,SAKQJHAKQDAKQCAKQ,|rh||ah|Board 1|sv|o|mb|7N|mb|p|mb|p|mb|p|pg||\n"
	doc := readDoc(t, "t.lin", []byte(lin))
	if got := string(writeDoc(t, "lin", doc)); got != lin {
		t.Errorf("LIN -> LIN\n%q\nwant\n%q", got, lin)
	}
	pbn := readDoc(t, "t.pbn", writeDoc(t, "pbn", doc))
	if got := string(writeDoc(t, "lin", pbn)); got != "pn|,,,|"+lin {
		t.Errorf("LIN -> PBN -> LIN\n%q\nwant\n%q", got, "pn|,,,|"+lin)
	}
}
