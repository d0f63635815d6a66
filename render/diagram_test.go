package render_test

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"handrec/internal/golden"
	"handrec/model"
	"handrec/parser"
	"handrec/render"
)

// TestTextGolden prints every sample, and the test records under
// testdata/, in the text form and compares each with its golden file.
func TestTextGolden(t *testing.T) {
	t.Parallel()
	samples, err := filepath.Glob("../samples/*.pbn")
	if err != nil || len(samples) == 0 {
		t.Fatalf("no samples: %v", err)
	}
	type tc struct {
		file, golden string
		opt          render.TextOptions
		claim        int8
	}
	var cases []tc
	for _, s := range samples {
		name := strings.TrimSuffix(filepath.Base(s), ".pbn")
		cases = append(cases, tc{file: s, golden: name + ".txt", claim: -1})
	}
	cases = append(cases,
		tc{file: "../samples/notes_commentary.pbn", golden: "notes_commentary.ascii-book.txt", claim: -1,
			opt: render.TextOptions{Style: render.Style{ASCII: true, BookSeats: true}}},
		// the record names its players A, B, C, D: the letters are its own
		tc{file: "../samples/bridge1899_rubber.pbn", golden: "bridge1899_rubber.book.txt", claim: -1,
			opt: render.TextOptions{Style: render.Style{ASCII: true, BookSeats: true}}},
		tc{file: "../samples/full_play.pbn", golden: "full_play.ten-as-t.txt", claim: -1,
			opt: render.TextOptions{Style: render.Style{TenAsT: true}, NoAuction: true}},
		tc{file: "testdata/revoke.pbn", golden: "revoke_claim.txt", claim: 10},
		tc{file: "testdata/revoke.pbn", golden: "revoke_claim.narrow.txt", claim: 10,
			opt: render.TextOptions{Width: 30, NoPlay: true}},
	)
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) {
			t.Parallel()
			doc, err := parser.ReadFile(c.file)
			if err != nil {
				t.Fatal(err)
			}
			if c.claim >= 0 {
				doc.Records[0].Play.Claim = c.claim
			}
			var b strings.Builder
			if err := render.WriteText(&b, doc.Records, c.opt); err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", "text", c.golden), []byte(b.String()))
		})
	}
}

// TestDiagramAlone checks the diagram without the rest, cell by cell.
func TestDiagramAlone(t *testing.T) {
	t.Parallel()
	doc, err := parser.ReadFile("testdata/revoke.pbn")
	if err != nil {
		t.Fatal(err)
	}
	got := render.Diagram(doc.Records[0], render.Style{ASCII: true, TenAsT: true})
	want := `Board 3        B. North
Dealer South   S A K 3 2
Vul E-W        H Q 4
               D K J 7
               C A Q 5 4
A. West        +-------+  C. East
S T 9 8 7      |   N   |  S Q 6 5
H 7 2          | W   E |  H K 8 3
D 6 5 4 3      |   S   |  D Q T 9 8
C T 9 6        +-------+  C J 7 2
               D. South        Contract 4H by South
               S J 4           Result 10 tricks: made
               H A J T 9 6 5   Lead ST
               D A 2
               C K 8 3
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

var (
	bookDealer = regexp.MustCompile(`Dealer \S+`)
	bookVul    = regexp.MustCompile(`Vul \S+`)
	bookBox    = regexp.MustCompile(`\|([^|]*)\|`)
)

// TestBookSeats checks that --book-seats follows the letters the record
// gives its players, whatever the seating, and falls back on the Laws'
// A South, B North, C West, D East when the players have names.
func TestBookSeats(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		players [4]string // N E S W
		want    string
	}{
		{[4]string{"B", "D", "A", "C"}, "Dealer C|B|C D|A|Vul C-D"},
		{[4]string{"Y", "B", "Z", "A"}, "Dealer A|Y|A B|Z|Vul A-B"},
		{[4]string{"y", "b", "z", "a"}, "Dealer A|Y|A B|Z|Vul A-B"},
		{[4]string{"Nilsen", "Berg", "Håland", "Ødegård"}, "Dealer C|B|C D|A|Vul C-D"},
		{[4]string{"A", "A", "B", "C"}, "Dealer C|B|C D|A|Vul C-D"}, // a letter twice: not a seating
	} {
		t.Run(strings.Join(c.players[:], " "), func(t *testing.T) {
			doc, err := parser.ReadFile("../samples/bridge1899_rubber.pbn")
			if err != nil {
				t.Fatal(err)
			}
			r := doc.Records[0]
			r.Vul = model.VulEW
			for _, s := range model.Seats {
				r.SetFact(model.PlayerFact(s), c.players[s])
			}
			text := render.Diagram(r, render.Style{ASCII: true, BookSeats: true})
			parts := []string{bookDealer.FindString(text)}
			for _, m := range bookBox.FindAllStringSubmatch(text, -1) {
				parts = append(parts, strings.Join(strings.Fields(m[1]), " "))
			}
			parts = append(parts, bookVul.FindString(text))
			got := strings.Join(parts, "|")
			if got != c.want {
				t.Errorf("players %q: %q, want %q\n%s", c.players, got, c.want, text)
			}
		})
	}
}
