package export_test

import (
	"path/filepath"
	"strings"
	"testing"

	"handrec/export"
	"handrec/model"
	"handrec/model/scoring"
	"handrec/parser"
)

// TestScoreBlockGolden draws the books' rubbers in samples/ as scoring
// blocks and compares them with their golden files; the books' own
// figures must stand in them.
func TestScoreBlockGolden(t *testing.T) {
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
			doc, err := parser.ReadFile(filepath.Join("..", "samples", c.sample+".pbn"))
			if err != nil {
				t.Fatal(err)
			}
			s, err := scoring.NewSession(scoring.Options{Rubber: true})
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
				"NS": export.PairNames(first.Player(model.North), first.Player(model.South)),
				"EW": export.PairNames(first.Player(model.East), first.Player(model.West)),
			}
			for _, seat := range model.Seats {
				names[seat.String()] = first.Player(seat)
			}
			got := export.ScoreBlock(rep, rep.Rubbers[0], export.BlockOptions{ASCII: c.ascii, Names: names})
			golden(t, filepath.Join("testdata", "blocks", name+".txt"), []byte(got))
			for _, m := range c.must {
				if !strings.Contains(got, m) {
					t.Errorf("the block lacks %q", m)
				}
			}
		})
	}
}

func TestPairNames(t *testing.T) {
	for _, c := range []struct{ a, b, want string }{
		{"B", "A", "A & B"},
		{"Helness, T.", "Helgemo, G.", "Helgemo, G. & Helness, T."},
		{"", "A", ""},
		{"?", "A", ""},
	} {
		if got := export.PairNames(c.a, c.b); got != c.want {
			t.Errorf("PairNames(%q, %q) = %q, want %q", c.a, c.b, got, c.want)
		}
	}
}
