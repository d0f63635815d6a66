package pipeline

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"handrec/export"
	"handrec/model"
	"handrec/parser"
)

// Rotate turns the players and the recorded scores' sides with the seats:
// a board declared by West with Score "EW 110" turned once is declared by
// North with Score "NS 110"; the players move a seat clockwise; unknown
// players stay unknown, written as given; a bare score (the declarer's)
// stays as it is. Turned twice, the sides are the original ones again.
func TestRotatePlayersAndScore(t *testing.T) {
	t.Parallel()
	const src = "[Event \"Club\"]\r\n[Board \"1\"]\r\n[West \"Wes\"]\r\n[North \"?\"]\r\n[East \"Ed\"]\r\n[South \"-\"]\r\n" +
		"[Dealer \"W\"]\r\n[Vulnerable \"EW\"]\r\n" +
		"[Deal \"W:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432\"]\r\n" +
		"[Declarer \"W\"]\r\n[Contract \"1NT\"]\r\n[Result \"7\"]\r\n[Score \"EW 110\"]\r\n[ScoreIMP \"EW 3 NS -3\"]\r\n" +
		"[ScoreMP \"7.5\"]\r\n"
	doc, err := parser.ReadAll("r.pbn", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	r := doc.Records[0]
	pbn := func(k int) string {
		var b bytes.Buffer
		rot := Rotate(r, k)
		if err := export.WritePBN(&b, &model.Document{Records: []*model.Record{rot}}, export.PBNOptions{}); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	want1 := "% PBN 2.1\r\n% EXPORT\r\n[Event \"Club\"]\r\n[Site \"?\"]\r\n[Date \"?\"]\r\n[Board \"1\"]\r\n" +
		"[West \"-\"]\r\n[North \"Wes\"]\r\n[East \"?\"]\r\n[South \"Ed\"]\r\n[Dealer \"N\"]\r\n[Vulnerable \"NS\"]\r\n" +
		"[Deal \"N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432\"]\r\n[Scoring \"?\"]\r\n" +
		"[Declarer \"N\"]\r\n[Contract \"1NT\"]\r\n[Result \"7\"]\r\n[Score \"NS 110\"]\r\n[ScoreIMP \"NS 3 EW -3\"]\r\n" +
		"[ScoreMP \"7.5\"]\r\n\r\n"
	if got := pbn(1); got != want1 {
		t.Errorf("turned once:\n%s\nwant\n%s", got, want1)
	}
	rot := Rotate(r, 1)
	if rot.Players != [4]string{"Wes", "", "Ed", ""} || r.Players != [4]string{"", "Ed", "", "Wes"} {
		t.Errorf("players %q, original %q", rot.Players, r.Players)
	}
	if got := pbn(2); !strings.Contains(got, "[Score \"EW 110\"]\r\n[ScoreIMP \"EW 3 NS -3\"]") || !strings.Contains(got, "[Declarer \"E\"]") {
		t.Errorf("turned twice:\n%s", got)
	}
}

// Rotate turns the par: its score's side and its contracts' sides when
// the seats turn an odd number of places, a contract's one seat by the
// places turned. A par written loosely ("NS +620", contracts joined by
// ";" alone) turns too, written then as the field gives it; one that
// cannot be read ("Pass") stays as given.
func TestRotatePar(t *testing.T) {
	t.Parallel()
	const deal = "[Deal \"N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432\"]\r\n"
	src := "[Board \"1\"]\r\n" + deal + "[OptimumScore \"NS 620\"]\r\n[ParContract \"NS 4H=; NS 4S=\"]\r\n\r\n" +
		"[Board \"2\"]\r\n" + deal + "[OptimumScore \"NS +990\"]\r\n[ParContract \"S 6N=\"]\r\n\r\n" +
		"[Board \"3\"]\r\n" + deal + "[OptimumScore \"EW -100\"]\r\n[ParContract \"EW 5DX-1;NS 4S+1\"]\r\n\r\n" +
		"[Board \"4\"]\r\n" + deal + "[OptimumScore \"NS 0\"]\r\n[ParContract \"Pass\"]\r\n"
	doc, err := parser.ReadAll("r.pbn", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	par := func(r *model.Record) string {
		s, _ := r.FactValue(model.FactOptimumScore)
		c, _ := r.FactValue(model.FactParContract)
		return s + " / " + c
	}
	cases := []struct {
		board int
		k     int
		want  string
	}{
		{1, 1, "EW 620 / EW 4H=; EW 4S="},
		{1, 2, "NS 620 / NS 4H=; NS 4S="},
		{2, 1, "EW +990 / W 6N="},
		{2, 2, "NS +990 / N 6N="},
		{2, 3, "EW +990 / E 6N="},
		{2, 4, "NS +990 / S 6N="},
		{3, 1, "NS -100 / NS 5DX-1; EW 4S+1"},
		{4, 1, "EW 0 / Pass"},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("board %d turned %d", c.board, c.k), func(t *testing.T) {
			r := doc.Records[c.board-1]
			before := par(r)
			if got := par(Rotate(r, c.k)); got != c.want {
				t.Errorf("board %d turned %d: par %q, want %q", c.board, c.k, got, c.want)
			}
			if par(r) != before {
				t.Errorf("board %d: Rotate changed the original's par to %q", c.board, par(r))
			}
		})
	}
	var b bytes.Buffer
	if err := export.WritePBN(&b, &model.Document{Records: []*model.Record{Rotate(doc.Records[0], 1)}}, export.PBNOptions{}); err != nil {
		t.Fatal(err)
	}
	if want := "[OptimumScore \"EW 620\"]\r\n[ParContract \"EW 4H=; EW 4S=\"]\r\n"; !strings.Contains(b.String(), want) {
		t.Errorf("turned once, PBN:\n%s\nwant it to hold\n%s", b.String(), want)
	}
}
