package postgres

import (
	"os"
	"strings"
	"testing"
)

// TestTagColumnsOnce: the tags view's list of the tags whose value is a
// column of the game is written once, in migration 15
// (0015_compact_tags.sql): the PostgreSQL view takes it from there
// (archive's TestTagColumnsList checks the list against the import).
func TestTagColumnsOnce(t *testing.T) {
	m15, err := os.ReadFile("../migrations/0015_compact_tags.sql")
	if err != nil {
		t.Fatal(err)
	}
	var list, pg string
	for _, st := range splitStatements(pgComment.ReplaceAllString(string(m15), "")) {
		if strings.HasPrefix(st, "CREATE VIEW tags") {
			list, pg = pgTagColumns(st), pgView(15, st)
		}
	}
	if list == "" || !strings.Contains(pg, "\n"+list) || strings.Contains(pg, tagColumnsMark) || strings.Count(pgViews[15]["tags"], tagColumnsMark) != 1 {
		t.Fatalf("the list of version 15's tags view is not the PostgreSQL view's:\nlist:\n%s\nview:\n%s", list, pg)
	}
}
