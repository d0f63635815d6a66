package archive

import (
	"regexp"
	"strings"
	"testing"
)

// TestTagColumnsList: the tags view's list of the tags whose value is a
// column of the game (migration 15, which the PostgreSQL view takes it
// from: postgres's TestTagColumnsOnce) names for each tag the column the
// import stores it in (tagColumn: the tags stored as 0).
func TestTagColumnsList(t *testing.T) {
	t.Parallel()
	// the lines after the Deal's own CASE, up to the END of the CASE of
	// the tag's name
	listOf := regexp.MustCompile(`(?s)\n[ \t]*WHEN 'Deal' THEN\n.*?\n[ \t]*END\n(.*?\n)[ \t]*END\n[ \t]*WHEN 'array'`)
	m := listOf.FindStringSubmatch(migrations[14])
	if m == nil {
		t.Fatal("no list of tag columns in migration 15's tags view")
	}
	list := m[1]
	want := map[string]string{}
	for tag, col := range tagColumn {
		if tag != dealTag { // the view reads the deal in its own CASE
			want[tag] = col
		}
	}
	pair := regexp.MustCompile(`WHEN '(\w+)' THEN (?:CAST\()?([ge])\.(\w+)( AS TEXT\))?`)
	got := map[string]string{}
	for _, m := range pair.FindAllStringSubmatch(list, -1) {
		got[m[1]] = map[string]string{"g": "", "e": "event."}[m[2]] + m[3]
	}
	if rest := pair.ReplaceAllString(list, ""); strings.TrimSpace(rest) != "" {
		t.Errorf("the list holds more than tags and columns: %q", rest)
	}
	if len(got) != len(want) {
		t.Errorf("%d tags in the view's list, %d stored as a column: %v, %v", len(got), len(want), got, want)
	}
	for tag, col := range want {
		if got[tag] != col {
			t.Errorf("%s: the view reads %q, the import stores it in %q", tag, got[tag], col)
		}
	}
}
