package export_test

import (
	"bytes"
	"strings"
	"testing"

	"handrec/export"
	"handrec/layout"
	"handrec/model"
)

// TestFactsLiveOnce: every corpus file read as PBN (and LIN) gives records
// whose tags hold no fact (Board, Dealer, Vulnerable, Deal, Declarer,
// Contract, Result, Room: those are fields), read back from the PBN written
// of them too; and the PBN written back is byte-identical to the PBN
// written from the source.
func TestFactsLiveOnce(t *testing.T) {
	t.Parallel()
	files := corpusFiles(t)
	games, repeats, rooms := 0, 0, 0
	for _, f := range files {
		doc := readFileDoc(t, f)
		out := writeDoc(t, "pbn", doc)
		back := readDoc(t, f+".pbn", out)
		for _, d := range []*model.Document{doc, back} {
			for _, r := range d.Records {
				for _, tg := range r.Tags {
					if _, fact := model.FactNamed(tg.Name); fact {
						t.Errorf("%s: record %d: fact %s among the tags", f, r.Index, tg.Name)
					}
				}
			}
		}
		for _, r := range doc.Records {
			repeats += len(layout.RepeatsOf(r))
			if r.Given(model.FactRoom) {
				rooms++
			}
		}
		games += len(doc.Records)
		if again := writeDoc(t, "pbn", back); !bytes.Equal(out, again) {
			t.Errorf("%s: the PBN written back differs from the PBN written", f)
		}
	}
	t.Logf("%d files, %d games (%d with a room), %d repeated fact tags kept in the PBN layout", len(files), games, rooms, repeats)
}

// A fact's tag given again goes to the PBN layout and comes back where it
// stood; a fact whose value could not be read keeps its text; both with
// their comments.
func TestFactsRepeatedAndUnread(t *testing.T) {
	t.Parallel()
	src := "[Event \"E\"]\r\n[Board \"x7\"]\r\n{on the board}\r\n[Dealer \"N\"]\r\n[Site \"S\"]\r\n[Dealer \"S\"]\r\n{again}\r\n[Room \"Open\"]\r\n"
	doc := readDoc(t, "t.pbn", []byte(src))
	r := doc.Records[0]
	if len(r.Tags) != 0 || r.Event.Name != "E" || r.Event.Site != "S" {
		t.Fatalf("tags %+v, event %+v", r.Tags, r.Event)
	}
	if n := r.Facts[model.FactRoom]; r.Room != model.OpenRoom || n.Text != nil || n.Pos != (model.Pos{Line: 8, Col: 8}) {
		t.Errorf("room %v note %+v", r.Room, n)
	}
	if o := layout.TagOrder(r); o != nil {
		t.Errorf("tag order %q: the room stood where PBN exports it, after the tags", o)
	}
	if v, ok := r.FactValue(model.FactBoard); !ok || v != "x7" || r.Board != 0 {
		t.Errorf("board %q %v field %d", v, ok, r.Board)
	}
	if cs := r.Facts[model.FactBoard].Comments; len(cs) != 1 || cs[0].Text != "on the board" {
		t.Errorf("board comments %+v", cs)
	}
	if p := r.Facts[model.FactBoard].Pos; p != (model.Pos{Line: 2, Col: 9}) {
		t.Errorf("board at %v", p)
	}
	reps := layout.RepeatsOf(r)
	if len(reps) != 1 || reps[0].At != 0 || reps[0].Tag.Value != "S" || len(reps[0].Tag.Comments) != 1 {
		t.Fatalf("repeats %+v", reps)
	}
	var probs []string
	for _, p := range r.Problems {
		probs = append(probs, p.Error())
	}
	want := []string{`t.pbn:2:9: board: "x7" is not a positive number`, "t.pbn:6:1: warning: tag Dealer repeated; the first value counts"}
	if strings.Join(probs, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems %q, want %q", probs, want)
	}
	var b bytes.Buffer
	if err := export.WritePBN(&b, doc, export.PBNOptions{}); err != nil {
		t.Fatal(err)
	}
	const wantPBN = "% PBN 2.1\r\n% EXPORT\r\n[Event \"E\"]\r\n[Site \"S\"]\r\n[Date \"?\"]\r\n[Board \"x7\"]\r\n{on the board}\r\n" +
		"[West \"?\"]\r\n[North \"?\"]\r\n[East \"?\"]\r\n[South \"?\"]\r\n[Dealer \"N\"]\r\n[Vulnerable \"?\"]\r\n[Deal \"?\"]\r\n" +
		"[Scoring \"?\"]\r\n[Declarer \"?\"]\r\n[Contract \"?\"]\r\n[Result \"?\"]\r\n[Dealer \"S\"]\r\n{again}\r\n[Room \"Open\"]\r\n\r\n"
	if b.String() != wantPBN {
		t.Errorf("PBN\n%q\nwant\n%q", b.String(), wantPBN)
	}
}

// A PBN Room tag is the record's room: the field holds "Open" and
// "Closed"; another spelling, or a value that names no room, is kept as
// given, with the field set or not, and each is written back where it
// stood, with its comments.
func TestRoomIsAFact(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, value string
		room        model.Room
		text        bool
	}{
		{"Open", "Open", model.OpenRoom, false},
		{"Closed", "Closed", model.ClosedRoom, false},
		{"closed in lower case", "closed", model.ClosedRoom, true},
		{"empty", "", model.NoRoom, true},
		{"Both, no room", "Both", model.NoRoom, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := "[Event \"E\"]\r\n[Room \"" + c.value + "\"]\r\n{where}\r\n[HomeTeam \"H\"]\r\n[Board \"1\"]\r\n"
			doc := readDoc(t, "t.pbn", []byte(src))
			r := doc.Records[0]
			if len(r.Tags) != 1 || r.Tags[0].Name != "HomeTeam" || r.Event.Name != "E" {
				t.Errorf("%q: tags %+v", c.value, r.Tags)
			}
			n := r.Facts[model.FactRoom]
			if r.Room != c.room || (n.Text != nil) != c.text || len(n.Comments) != 1 || r.Match != nil {
				t.Errorf("%q: room %v note %+v match %v", c.value, r.Room, n, r.Match)
			}
			// the room stood before a tag: PBN's tag order says so
			const order = "Event Room HomeTeam Board"
			if o := strings.Join(layout.TagOrder(r), " "); o != order {
				t.Errorf("%q: tag order %q, want %q", c.value, o, order)
			}
			if v, ok := r.FactValue(model.FactRoom); !ok || v != c.value {
				t.Errorf("%q: room as written %q %v", c.value, v, ok)
			}
			want := "% PBN 2.1\r\n% EXPORT\r\n[Event \"E\"]\r\n[Site \"?\"]\r\n[Date \"?\"]\r\n[Board \"1\"]\r\n" +
				"[West \"?\"]\r\n[North \"?\"]\r\n[East \"?\"]\r\n[South \"?\"]\r\n[Dealer \"?\"]\r\n[Vulnerable \"?\"]\r\n[Deal \"?\"]\r\n" +
				"[Scoring \"?\"]\r\n[Declarer \"?\"]\r\n[Contract \"?\"]\r\n[Result \"?\"]\r\n[Room \"" + c.value + "\"]\r\n{where}\r\n[HomeTeam \"H\"]\r\n\r\n"
			if got := string(writeDoc(t, "pbn", doc)); got != want {
				t.Errorf("%q: PBN\n%q\nwant\n%q", c.value, got, want)
			}
			back := readDoc(t, "t.json", writeDoc(t, "json", doc)).Records[0]
			if bn := back.Facts[model.FactRoom]; back.Room != c.room || (bn.Text != nil) != c.text || len(back.Tags) != 1 ||
				strings.Join(layout.TagOrder(back), " ") != "Event Room HomeTeam Board" {
				t.Errorf("%q: from JSON room %v note %+v tags %+v order %q", c.value, back.Room, bn, back.Tags, layout.TagOrder(back))
			}
		})
	}
}
