package cli

import (
	"path/filepath"
	"testing"
)

// The events view counts each event's games and boards, and gives its
// games' first and last date; PBN's "?" for an unknown site is NULL.
func TestEventsView(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "e.db")
	if code, _, errs := runCLI("import", "--db", db, "samples/vugraph_match.lin", "samples/club_traveller.pbn", "samples/bridge1899_rubber.pbn"); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	code, out, errs := runCLI("query", "--db", db, "--format", "csv", "SELECT name, site, games, boards, first_date, last_date FROM events ORDER BY name")
	want := "name,site,games,boards,first_date,last_date\n" +
		"Club pairs,,1,1,2024.03.14,2024.03.14\n" +
		"Laws of Bridge 1899 scoring block,\"The Laws of Bridge, pp. 30-32\",6,6,1899.??.??,1899.??.??\n" +
		"Sample Teams,,4,2,,\n"
	if code != 0 || out != want {
		t.Errorf("events: exit %d (%s)\n%s\nwant\n%s", code, errs, out, want)
	}
}
