package archive_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"handrec/model"
	"handrec/parser"
)

// The hands view of schema version 20 reads points and lengths from
// hand_points and gives the rows version 13's view counted from the deal:
// on the samples (an end position, hands not known) and generated deals,
// with a row a known hand, as many as version 13's.
func TestHandsFromPoints(t *testing.T) {
	t.Parallel()
	sch, err := os.ReadFile("migrations/0013_hands_from_deal.sql")
	if err != nil {
		t.Fatal(err)
	}
	v13 := regexp.MustCompile(`(?s)(CREATE VIEW hands AS\n.*?);`).FindSubmatch(sch)
	if v13 == nil {
		t.Fatal("no hands view in version 13")
	}
	old := strings.Replace(string(v13[1]), "CREATE VIEW hands AS", "CREATE TEMP VIEW hands13 AS", 1)
	db, _ := openTemp(t)
	var recs []*model.Record
	files, _ := os.ReadDir("../samples")
	for _, f := range files {
		if doc, err := parser.ReadFile("../samples/" + f.Name()); err == nil {
			recs = append(recs, doc.Records...)
		}
	}
	importRecs(t, db, "samples", recs)
	importRecs(t, db, "gen", newGen(7, false).records(200))
	conn, err := db.SQL().Conn(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(t.Context(), old); err != nil {
		t.Fatal(err)
	}
	var all, same, partial int
	q := `SELECT (SELECT count(*) FROM hands13),
	             (SELECT count(*) FROM hands13 o JOIN hands n USING (record, seat)
	               WHERE (o.spades, o.hearts, o.diamonds, o.clubs, o.hcp, o.s_len, o.h_len, o.d_len, o.c_len)
	                   IS (n.spades, n.hearts, n.diamonds, n.clubs, n.hcp, n.s_len, n.h_len, n.d_len, n.c_len)),
	             (SELECT count(*) FROM hands WHERE s_len + h_len + d_len + c_len < 13)`
	if err := conn.QueryRowContext(t.Context(), q).Scan(&all, &same, &partial); err != nil {
		t.Fatal(err)
	}
	if n := count(t, db, "SELECT count(*) FROM hands"); all < 800 || same != all || n != all || partial == 0 {
		t.Errorf("version 13: %d hands, %d the same in version 20's view of %d; %d of fewer than 13 cards", all, same, n, partial)
	}
}
