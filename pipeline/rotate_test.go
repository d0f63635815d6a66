package pipeline

import (
	"bytes"
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
		"[ScoreMP \"7.5\"]\r\n"
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
