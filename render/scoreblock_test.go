package render_test

import (
	"path/filepath"
	"strings"
	"testing"

	"handrec/internal/golden"
	"handrec/model"
	"handrec/model/scoring"
	"handrec/parser"
	"handrec/render"
)

// TestScoreBlockGolden draws the books' rubbers in samples/ as scoring
// blocks and compares them with their golden files; the books' own
// figures must stand in them.
func TestScoreBlockGolden(t *testing.T) {
	t.Parallel()
	cases := []struct {
		sample string
		ascii  bool
		must   []string
	}{
		{"hoyle1904_rubber", false, []string{"Total         104 │    178", "Rubber        100 │", "A & B win by 26"}},
		{"bridge1899_rubber", false, []string{"Total          94 │    258", "Total          94 │    358", "C & D win by 264; settled at 26 a head"}},
		{"bridge1899_rubber", true, []string{"========+========", "C & D win by 264"}},
		{"pirate1916_rubber", false, []string{"Settlement", "Rounded", "Net"}},
		{"auction1915_rubber", false, []string{"Rubber"}},
	}
	for _, c := range cases {
		name := c.sample
		if c.ascii {
			name += ".ascii"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			doc, err := parser.ReadFile(filepath.Join("..", "samples", c.sample+".pbn"))
			if err != nil {
				t.Fatal(err)
			}
			s, err := scoring.NewScorer(scoring.Options{Rubber: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range doc.Records {
				if ds := s.Add(r); ds.Err != "" {
					t.Fatalf("board %d: %s", r.Board, ds.Err)
				}
			}
			rep := s.Finish()
			if len(rep.Rubbers) != 1 {
				t.Fatalf("%d rubbers, want 1", len(rep.Rubbers))
			}
			first := doc.Records[0]
			names := map[string]string{
				"NS": render.PairNames(first.Player(model.North), first.Player(model.South)),
				"EW": render.PairNames(first.Player(model.East), first.Player(model.West)),
			}
			for _, seat := range model.Seats {
				names[seat.String()] = first.Player(seat)
			}
			got := render.ScoreBlock(rep, rep.Rubbers[0], render.BlockOptions{ASCII: c.ascii, Names: names})
			golden.Check(t, filepath.Join("testdata", "blocks", name+".txt"), []byte(got))
			for _, m := range c.must {
				if !strings.Contains(got, m) {
					t.Errorf("the block lacks %q", m)
				}
			}
		})
	}
}

func TestPairNames(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ a, b, want string }{
		{"B", "A", "A & B"},
		{"Helness, T.", "Helgemo, G.", "Helgemo, G. & Helness, T."},
		{"", "A", ""},
		{"?", "A", ""},
	} {
		t.Run(c.a+" & "+c.b, func(t *testing.T) {
			if got := render.PairNames(c.a, c.b); got != c.want {
				t.Errorf("PairNames(%q, %q) = %q, want %q", c.a, c.b, got, c.want)
			}
		})
	}
}

// TestScoreBlockCases draws made-up rubbers for what the books' rubbers
// do not show: unnamed columns, a contract rubber's bonuses, an item of
// no column, a tie, an unfinished rubber with notes, and a Pirate row
// where one column rules while another has a number.
func TestScoreBlockCases(t *testing.T) {
	t.Parallel()
	above, below := scoring.Above, scoring.Below
	cases := []struct {
		name string
		rep  *scoring.Report
		want string
	}{
		{
			name: "contract tie unfinished",
			rep: &scoring.Report{
				Deals: []*scoring.DealScore{
					{GameWon: "NS", Items: []scoring.Item{
						{Who: "NS", Points: 120, Line: below, Game: 1},
						{Who: "NS", Points: 150, Line: above},
						{Who: "", Points: 999, Line: above},
					}},
					{Items: []scoring.Item{
						{Who: "EW", Points: 60, Line: below},
						{Who: "EW", Points: 30, Line: below, Game: 1},
						{Who: "EW", Points: 40, Line: below, Game: 2},
						{Who: "EW", Points: 100, Line: above},
						{Who: "EW", Points: 50, Line: above},
					}},
				},
				Rubbers: []*scoring.Rubber{{
					Code: scoring.Contract, Deals: []int{0, 1},
					Bonuses: []scoring.Item{{Who: "NS", Points: 300, Label: "one game in an unfinished rubber"}},
					Totals:  map[string]int{"NS": 570, "EW": 280},
					Games:   map[string]int{"NS": 1},
					Notes:   []string{"first note", "second note"},
				}},
			},
			want: `                                      N-S │    E-W
                                  ────────┼────────
                                          │     50
Bonuses                               150 │    100
                                  ════════╪════════
Tricks                                120 │     60
                                          │     30
                                  ────────┼────────
                                          │     40
                                  ────────┼────────
Total                                 270 │    280
One game in an unfinished rubber      300 │
                                  ────────┼────────
Total                                 570 │    280
Unfinished rubber
A tie
Note: first note
Note: second note
`,
		},
		{
			name: "pirate rule beside a number",
			rep: &scoring.Report{
				Deals: []*scoring.DealScore{
					{GameWon: "N", Items: []scoring.Item{
						{Who: "N", Points: 30, Line: below, Game: 1},
						{Who: "E", Points: 10, Line: below, Game: 1},
						{Who: "E", Points: 20, Line: below, Game: 1},
						{Who: "S", Points: 8, Line: above},
					}},
				},
				Rubbers: []*scoring.Rubber{{
					Code: scoring.Pirate1916, Deals: []int{0}, Finished: true,
					Totals:     map[string]int{"N": 30, "E": 30, "S": 8},
					Games:      map[string]int{"N": 1},
					Winner:     "N",
					Settlement: map[string]int{"N": 0, "E": 0, "S": 0, "W": 0},
				}},
			},
			want: `            North │   Mr E │  South │   West
          ────────┼────────┼────────┼────────
Honours           │        │      8 │
          ════════╪════════╪════════╪════════
Tricks         30 │     10 │        │
          ────────┤        │        │
                  │     20 │        │
          ────────┼────────┼────────┼────────
Total          30 │     30 │      8 │      0

Settlement   North    Mr E   South    West
Total           30      30       8       0
Rounded          0       0       0       0
with North               0       0       0
with Mr E        0               0       0
with South       0       0               0
with West        0       0       0
Net              0       0       0       0
In units of 100; a total half way rounds up.
`,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := render.ScoreBlock(c.rep, c.rep.Rubbers[0], render.BlockOptions{Names: map[string]string{"E": "Mr E"}})
			if got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}
