package parser

import (
	"strconv"
	"strings"
	"testing"

	"handrec/model"
)

// PBN 4.8: "#" takes the previous game's value, "##" a value for every later
// game until the tag is given again; and the implicit kind some programs
// write: a second table that leaves out the deal's tags.
func TestInheritance(t *testing.T) {
	src := `[Event "##Club night"]
[Site "Oslo"]
[Board "1"]
[Dealer "N"]
[Deal "N:QT65.K7642.AT7.J 932.JT5.Q932.875 J874.AQ983..KT64 AK..KJ8654.AQ932"]

[Site "#"]
[Board "2"]

[Event "Second half"]
[Site "#"]
[Board "3"]

[Board "4"]

[West "Other table"]
[Declarer "W"]
[Contract "5D"]
[Result "11"]
`
	for _, workers := range []int{1, 2} {
		doc, err := ReadAll("t.pbn", strings.NewReader(src), Workers(workers))
		if err != nil {
			t.Fatal(err)
		}
		got := []string{}
		for _, r := range doc.Records {
			ev, _ := r.FactValue(model.FactEvent)
			site, _ := r.FactValue(model.FactSite)
			board := strconv.Itoa(r.Board)
			deal := ""
			if !r.Deal.Empty() {
				deal = r.Deal.PBN(0)[:6]
			}
			got = append(got, ev+"|"+site+"|"+board+"|"+r.Dealer.String()+"|"+deal)
			for _, p := range r.Problems {
				t.Errorf("game %d: %v", r.Index, p)
			}
		}
		want := []string{
			"Club night|Oslo|1|N|N:QT65",
			"Club night|Oslo|2||",
			"Second half|Oslo|3||",
			"Second half||4||",
			"Second half||4||",
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("workers %d:\n%s\nwant\n%s", workers, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// "##" values reach later games in the order they were set, every time, so
// that the same file always reads the same (the archive hashes games).
func TestInheritanceOrder(t *testing.T) {
	src := "[Site \"##Oslo\"]\n[Event \"##Club\"]\n[Scoring \"##IMP\"]\n[Board \"1\"]\n\n[Board \"2\"]\n"
	for k := 0; k < 20; k++ {
		doc, err := ReadAll("t.pbn", strings.NewReader(src), Workers(1))
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		doc.Records[1].EachTag(func(tg model.Tag) { names = append(names, tg.Name+"="+tg.Value) })
		if got := strings.Join(names, " "); got != "Board=2 Site=Oslo Event=Club Scoring=IMP" || doc.Records[1].Board != 2 {
			t.Fatalf("read %d: board %d, %s", k, doc.Records[1].Board, got)
		}
	}
}
