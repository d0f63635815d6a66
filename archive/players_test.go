package archive_test

import (
	"strings"
	"testing"

	"handrec/parser"
)

// An unknown player (PBN's "?" and "-", an empty name) is NULL in the
// records view and has no row in the players view; a name is both.
func TestUnknownPlayersNull(t *testing.T) {
	t.Parallel()
	src := "[Event \"Club\"]\r\n[Board \"1\"]\r\n[West \"Wes\"]\r\n[North \"?\"]\r\n[East \"-\"]\r\n[South \"\"]\r\n" +
		"[Dealer \"N\"]\r\n[Vulnerable \"None\"]\r\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432\"]\r\n" +
		"[Score \"NS 110\"]\r\n"
	doc, err := parser.ReadAll("p.pbn", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	db, _ := openTemp(t)
	importRecs(t, db, "p.pbn", doc.Records)
	var north, east, south, west, score, event any
	if err := db.SQL().QueryRow("SELECT north, east, south, west, score, event FROM records").Scan(&north, &east, &south, &west, &score, &event); err != nil {
		t.Fatal(err)
	}
	if north != nil || east != nil || south != nil || west != "Wes" || score != "NS 110" || event != "Club" {
		t.Errorf("north %v east %v south %v west %v score %v event %v", north, east, south, west, score, event)
	}
	if n := count(t, db, "SELECT count(*) FROM players"); n != 1 {
		t.Errorf("%d players, want 1 (Wes)", n)
	}
	if n := count(t, db, "SELECT count(*) FROM tags WHERE name IN ('North', 'East', 'South', 'West')"); n != 4 {
		t.Errorf("%d player tags, want 4: the tags view lists each as written", n)
	}
}
