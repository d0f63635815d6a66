package archive

import (
	"regexp"
	"strings"
	"testing"
)

// TestTagColumnsOnce: the tags view's list of the tags whose value is a
// column of the game is written once, in migration 15 (0015_compact_tags.sql): the
// PostgreSQL view takes it from there, and it names for each tag the
// column the import stores it in (tagColumn: the tags stored as 0).
func TestTagColumnsOnce(t *testing.T) {
	steps := migrations
	var list, pg string
	for _, st := range splitStatements(pgComment.ReplaceAllString(steps[14], "")) {
		if strings.HasPrefix(st, "CREATE VIEW tags") {
			list, pg = pgTagColumns(st), pgView(15, st)
		}
	}
	if list == "" || !strings.Contains(pg, "\n"+list) || strings.Contains(pg, tagColumnsMark) || strings.Count(pgTags, tagColumnsMark) != 1 {
		t.Fatalf("the list of version 15's tags view is not the PostgreSQL view's:\nlist:\n%s\nview:\n%s", list, pg)
	}
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
