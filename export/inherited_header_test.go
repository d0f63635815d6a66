package export_test

import (
	"strings"
	"testing"

	"handrec/model"
)

// A table written with the header "#" (PBN 4.8) is written "#" again, its
// rows in the columns it took, through PBN and through JSON; once its
// columns are no longer the ones it took, its header is written whole
// (as any table's whose columns changed: without the widths read).
func TestInheritedHeaderWritten(t *testing.T) {
	t.Parallel()
	src := "[Board \"2\"]\r\n[ScoreTable \"Score_NS\\4R;Multiplicity\"]\r\n 500 2\r\n-100 1\r\n\r\n" +
		"[Board \"3\"]\r\n[ScoreTable \"#\"]\r\n 420 3\r\n -50 1\r\n\r\n" +
		"[Board \"4\"]\r\n[TotalScoreTable \"Rank\\2R;PairId\"]\r\n 1 \"7\"\r\n\r\n" +
		"[Board \"5\"]\r\n[TotalScoreTable \"#\"]\r\n 1 \"7\" 2 \"3\"\r\n"
	want := tablesOf(strings.Replace(src, " 1 \"7\" 2 \"3\"", " 1 \"7\"\r\n 2 \"3\"", 1))
	doc := readDoc(t, "t.pbn", []byte(src))
	if got := tablesOf(string(writeDoc(t, "pbn", doc))); got != want {
		t.Errorf("PBN:\n%s\nwant\n%s", got, want)
	}
	back := readDoc(t, "t.json", writeDoc(t, "json", doc))
	if got := tablesOf(string(writeDoc(t, "pbn", back))); got != want {
		t.Errorf("PBN through JSON:\n%s\nwant\n%s", got, want)
	}
	tr := doc.Records[1].Sections[0].Traveller
	tr.Columns = tr.Columns[:1]
	for i := range tr.Results {
		tr.Results[i].Multiplicity = model.NoInt
	}
	got := tablesOf(string(writeDoc(t, "pbn", doc)))
	if want := "[ScoreTable \"Score_NS\\4R;Multiplicity\"]\r\n 500 2\r\n-100 1\r\n" +
		"[ScoreTable \"Score_NS\"]\r\n420\r\n-50\r\n"; !strings.HasPrefix(got, want) {
		t.Errorf("a column less:\n%s\nwant\n%s...", got, want)
	}
}

// tablesOf is the tables of a PBN text: each from its tag to the line
// before the next tag or blank line.
func tablesOf(s string) string {
	var b strings.Builder
	in := false
	for _, l := range strings.SplitAfter(s, "\r\n") {
		switch {
		case strings.HasPrefix(l, "[ScoreTable ") || strings.HasPrefix(l, "[TotalScoreTable "):
			in = true
		case strings.HasPrefix(l, "[") || l == "\r\n":
			in = false
		}
		if in {
			b.WriteString(l)
		}
	}
	return b.String()
}
