package pbn_test

import (
	"strconv"
	"strings"
	"testing"

	"handrec/layout"
	"handrec/model"
	"handrec/parser"
)

// PBN 4.8: "#" takes the previous game's value, "##" a value for every later
// game until the tag is given again; and the implicit kind some programs
// write: a second table that leaves out the deal's tags.
func TestInheritance(t *testing.T) {
	t.Parallel()
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
		doc, err := parser.ReadAll("t.pbn", strings.NewReader(src), parser.Workers(workers))
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
// that the same file always reads the same (the archive hashes games): the
// stage after a tag, PBN's tag order says so.
func TestInheritanceOrder(t *testing.T) {
	t.Parallel()
	src := "[Site \"##Oslo\"]\n[Annotator \"##Ann\"]\n[Stage \"##Final\"]\n[Board \"1\"]\n\n[Board \"2\"]\n"
	for k := 0; k < 20; k++ {
		doc, err := parser.ReadAll("t.pbn", strings.NewReader(src), parser.Workers(1))
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		r := doc.Records[1]
		r.EachTag(func(tg model.Tag) { names = append(names, tg.Name+"="+tg.Value) })
		if got := strings.Join(names, " "); got != "Site=Oslo Board=2 Stage=Final Annotator=Ann" || r.Board != 2 {
			t.Fatalf("read %d: board %d, %s", k, r.Board, got)
		}
		if got := strings.Join(layout.TagOrder(r), " "); got != "Board Site Annotator Stage" {
			t.Fatalf("read %d: tag order %s", k, got)
		}
	}
}

// A table whose header is "#" takes the header of the previous game's
// table of the same tag (PBN 4.8): its columns, its rows in them and, for
// a traveller, its data; "#" stays in the PBN layout. One with no table
// before it is warned of and kept one element to a row; one whose
// elements do not fill its last row is an error at that row.
func TestInheritedTableHeader(t *testing.T) {
	t.Parallel()
	src := "[Board \"1\"]\n[ScoreTable \"#\"]\n620\n\n" +
		"[Board \"2\"]\n[ScoreTable \"Score_NS\\4R;Multiplicity\"]\n 500 2\n-100 1\n\n" +
		"[Board \"3\"]\n[ScoreTable \"#\"]\n 420 3\n-50 1\n\n" +
		"[Board \"4\"]\n[ScoreTable \"#\"]\n 420 3\n-50\n"
	for _, workers := range []int{1, 2} {
		doc, err := parser.ReadAll("t.pbn", strings.NewReader(src), parser.Workers(workers))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range doc.Records {
			s := &r.Sections[0]
			line := strconv.Itoa(r.Board) + ": " + s.Tag.Value + " " + strings.Join(s.Columns, ",")
			if s.Traveller != nil {
				for _, c := range s.Traveller.Columns {
					line += c.Field.String() + ","
				}
				for _, res := range s.Traveller.Results {
					line += " " + strconv.Itoa(res.Score[model.NS]) + "x" + strconv.Itoa(res.Multiplicity)
				}
			} else {
				line += " rows " + strconv.Itoa(len(s.Rows))
			}
			for _, p := range r.Problems {
				line += " | " + p.Error()
			}
			got = append(got, line)
		}
		want := []string{
			`1: # # rows 1 | t.pbn:2:14: warning: table ScoreTable: header "#" with no ScoreTable in a game before it to take its columns from; its elements are kept one to a row`,
			"2:  score_ns,multiplicity, 500x2 -100x1",
			"3:  score_ns,multiplicity, 420x3 -50x1",
			`4: Score_NS\4R;Multiplicity Score_NS,Multiplicity rows 2 | t.pbn:18:1: table ScoreTable: the last row has 1 elements, not 2 (the columns of its header "#", taken from the table before it)`,
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("workers %d:\n%s\nwant\n%s", workers, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}
