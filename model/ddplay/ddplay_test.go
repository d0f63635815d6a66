package ddplay

import (
	"errors"
	"reflect"
	"testing"

	"handrec/model"
	"handrec/model/dd"
)

// ending is a two-card ending at no trump, South on lead: South ♠A4,
// East ♠K3, North and West small cards. East must keep the ♠K to win
// the second trick; dropping it under the ace gives North-South both.
func ending(t *testing.T, east1, east2 string) *model.Record {
	r := model.NewRecord()
	d, errs := model.ParseDeal("N:..32. K3... A4... ...32")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	r.Deal, r.Declarer = d, model.South
	r.Contract = model.Contract{Kind: model.StrainOnly, Strain: model.NoTrump}
	card := func(s string) model.PlayCard {
		c, ok := model.ParseCard(s)
		if !ok {
			t.Fatalf("card %q", s)
		}
		return model.PlayCard{Kind: model.Played, Card: c}
	}
	trick := func(s, w, n, e string) model.Trick {
		var tr model.Trick
		tr[model.South], tr[model.West], tr[model.North], tr[model.East] = card(s), card(w), card(n), card(e)
		return tr
	}
	r.Play = &model.Play{First: model.South, Claim: -1, Tricks: []model.Trick{
		trick("SA", "C2", "D2", east1), trick("S4", "C3", "D3", east2)}}
	return r
}

func TestAnalyse(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name         string
		east1, east2 string
		values       [][5]int
		cost         [2][4]int // by trick and card in play order
	}{
		{"East drops the king", "SK", "S3", [][5]int{{1, 1, 1, 1, 2}, {2, 2, 2, 2, 2}}, [2][4]int{{0, 0, 0, 1}}},
		{"East keeps it", "S3", "SK", [][5]int{{1, 1, 1, 1, 1}, {1, 1, 1, 1, 1}}, [2][4]int{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, err := Analyse(dd.NewSolver(1<<20), ending(t, c.east1, c.east2))
			if err != nil {
				t.Fatal(err)
			}
			var values [][5]int
			var cost [2][4]int
			for i := range a.Tricks {
				values = append(values, a.Tricks[i].Value)
				for k := 0; k < 4; k++ {
					cost[i][k] = a.Tricks[i].Cost(model.South, k)
				}
			}
			if !reflect.DeepEqual(values, c.values) || cost != c.cost || a.Stopped != "" {
				t.Errorf("values %v, costs %v, stopped %q; want %v, %v", values, cost, a.Stopped, c.values, c.cost)
			}
		})
	}
}

func TestAnalyseStops(t *testing.T) {
	t.Parallel()
	r := ending(t, "SK", "S3")
	r.Play.Tricks[1][model.East] = model.PlayCard{Kind: model.Unknown}
	a, err := Analyse(dd.NewSolver(1<<20), r)
	if err != nil || len(a.Tricks) != 1 || a.Stopped != "trick 2: not every card is known" {
		t.Errorf("unknown card: %v, %d tricks, stopped %q", err, len(a.Tricks), a.Stopped)
	}
	r = ending(t, "SK", "S3")
	r.Play.Tricks[0][model.East], r.Play.Tricks[1][model.East] = r.Play.Tricks[1][model.East], r.Play.Tricks[0][model.East]
	r.Play.Tricks[0][model.West] = r.Play.Tricks[0][model.North]
	if a, _ := Analyse(dd.NewSolver(1<<20), r); a.Stopped != "trick 1: West plays D2, which is not in the hand" {
		t.Errorf("card not held: stopped %q", a.Stopped)
	}
	r.Play = nil
	if _, err := Analyse(dd.NewSolver(1<<20), r); !errors.Is(err, ErrNotPlayed) {
		t.Errorf("no play: %v", err)
	}
}

// options gives one card of each run of equal cards, following suit.
func TestOptions(t *testing.T) {
	t.Parallel()
	d, _ := model.ParseDeal("N:AKQ85.2.. JT9.3.. 7643.4.. 2.5..")
	for _, c := range []struct {
		name  string
		seat  model.Seat
		trick []string
		want  string
	}{
		{"North leads", model.North, nil, "SA S8 S5 H2"},              // A K Q are one card; 8 and 5 two (South holds 7 6)
		{"East follows", model.East, []string{"SA"}, "SJ"},            // J T 9 one card, following suit
		{"South follows", model.South, []string{"SA", "SJ"}, "S7 S4"}, // 7 6 together, 4 3 together
		{"West's one spade", model.West, []string{"SA", "SJ", "S3"}, "S2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var trick []model.Card
			for _, s := range c.trick {
				cd, _ := model.ParseCard(s)
				trick = append(trick, cd)
			}
			var got []string
			for _, cd := range options(d.Hands, c.seat, trick) {
				got = append(got, cd.String())
			}
			if s := join(got); s != c.want {
				t.Errorf("%s after %v: %s, want %s", c.seat, c.trick, s, c.want)
			}
		})
	}
}

func join(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out
}
