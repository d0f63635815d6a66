package export_test

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"handrec/model"
)

// playSlots is a play as its slots, trick by trick in seat order N E S W:
// a card, "-" for an unknown card, "." for none; then the claim.
func playSlots(p *model.Play) string {
	if p == nil {
		return "no play"
	}
	var b strings.Builder
	for _, t := range p.Tricks {
		for s, pc := range t {
			if s > 0 {
				b.WriteByte(' ')
			}
			switch pc.Kind {
			case model.NoCard:
				b.WriteByte('.')
			default:
				b.WriteString(pc.String())
			}
		}
		b.WriteString(" / ")
	}
	return b.String() + "claim " + strconv.Itoa(int(p.Claim))
}

// A play that stops converts to PBN and reads back with the same slots
// and the same claim: no "-" card where no card was played, no claim the
// source did not make.
func TestPlayCutShortToPBN(t *testing.T) {
	t.Parallel()
	const deal = "md|3S2345H2345D234C23,SJHJD9TJC56789TJQ,SAKQTHAKQTDAKQCAK,|"
	full, err := os.ReadFile("../samples/full_play.pbn")
	if err != nil {
		t.Fatal(err)
	}
	game := string(full[:strings.Index(string(full), "\nH2 D2 C6 DJ")])
	for _, c := range []struct {
		name, file, src string
		play            string // the section written, from its Play tag
		edit            func(r *model.Record)
	}{
		// the last card in the first column, played out of turn (North won
		// trick 1): the writer's padding after it is no card
		{"card out of turn", "o.pbn",
			"[Deal \"N:AKQT.AKQT.AKQ.AK 6789.6789.5678.45 2345.2345.234.23 J.J.JT9.QJT98765\"]\n" +
				"[Declarer \"N\"]\n[Contract \"1NT\"]\n[Play \"E\"]\nS6 S2 SJ SA\nH6\n",
			"[Play \"E\"]\r\nS6 S2 SJ SA\r\nH6 - - -\r\n*\r\n\r\n", nil},
		// no contract: the LIN reader lays the tricks out as at no trump
		// (South wins trick 2 with the club king), and the PBN reader reads
		// the last trick's dashes so
		{"no contract", "n.lin",
			"pn|S,W,N,E|st||md|3S478JH389QADC46TK,SKAHD4568JKC239QA,S56TQH2467KD7TACJ,|sv|o|" +
				"pc|S6|pc|S2|pc|SJ|pc|SA|pc|C9|pc|CJ|pc|C7|pc|CK|pc|S8|pg||\n",
			"[Play \"N\"]\r\nS6 S2 SJ SA\r\nCJ C7 CK C9\r\n- - S8 -\r\n*\r\n\r\n", nil},
		// rs gives the result, the play stops with no mc: [Claim "?"] keeps
		// the Result from reading back as a claim
		{"stop without mc", "v.lin",
			"vg|M,S,I,1,1,A,0,B,0|\nrs|1NN=,|\npn|S,W,N,E,S2,W2,N2,E2|pg||\nqx|o1|st||" + deal +
				"sv|o|mb|1N|mb|p|mb|p|mb|p|pc|s6|pc|s2|pc|sJ|pc|sA|pc|hT|pg||\n",
			"[Play \"E\"]\r\nS6 S2 SJ SA\r\n- - - HT\r\n*\r\n\r\n", nil},
		// a damaged play of 13 tricks and a card: closed with "*", so that
		// the dashes before the card in the columns are read by the
		// playing order (those after the trick's leader are no cards),
		// not taken for unknown cards as in a play that goes on
		{"fourteenth trick", "f.pbn", game + "\nH2 D2 C6 DJ\n",
			"[Play \"N\"]\r\nS6 S2 SJ SA\r\nCJ C7 CK C9\r\nST S9 S8 SK\r\nD7 D3 HQ D8\r\nH6 HT H9 DK\r\nDT DQ CT D4\r\nH4 HJ H8 CQ\r\n" +
				"DA D9 HA D5\r\nSQ S3 S4 D6\r\nH7 H5 H3 C2\r\nS5 C8 S7 CA\r\nHK C5 C4 C3\r\nH2 D2 C6 DJ\r\n- - SA -\r\n*\r\n\r\n",
			func(r *model.Record) {
				r.Play.Tricks = append(r.Play.Tricks, model.Trick{})
				r.Play.Tricks[13][model.South] = model.PlayCard{Kind: model.Played, Card: model.NewCard(model.Spades, model.Ace)}
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := readDoc(t, c.file, []byte(c.src))
			if c.edit != nil {
				c.edit(src.Records[0])
			}
			out := string(writeDoc(t, "pbn", src))
			if i := strings.Index(out, "[Play "); c.play != "" && (i < 0 || out[i:] != c.play) {
				t.Errorf("play written\n%s\nwant\n%s", out[max(i, 0):], c.play)
			}
			back := readDoc(t, "back.pbn", []byte(out)).Records[0]
			r := src.Records[0]
			if c.edit != nil {
				return // South plays out of turn after North's lead: its dashes are unknown cards
			}
			if got, want := playSlots(back.Play), playSlots(r.Play); got != want {
				t.Errorf("read back %s\nwant      %s", got, want)
			}
			if back.TagIndex("Claim") >= 0 || back.Result != r.Result {
				t.Errorf("read back tags %v, result %+v; want no Claim tag, result %+v", back.Tags, back.Result, r.Result)
			}
		})
	}
}
