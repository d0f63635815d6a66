package archive_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"handrec/archive"
	"handrec/model/scoring"
)

// scoringCases are calls of the session's SQL functions (docs/scoring.md)
// at their edges, with the value each gives: halves (imp rounds half away
// from zero, where PostgreSQL's round of a double rounds half to even),
// negative margins, every spelling of a vulnerability and a contract
// that model.ParseVul and ParseContract read, white space Go trims, a
// letter that folds (ſ) or lowers (İ) to ASCII, text where a number is
// read, and NULLs.
var scoringCases = []struct{ expr, want string }{
	{"imp(0)", "0"}, {"imp(10)", "0"}, {"imp(11)", "1"}, {"imp(10.4)", "0"}, {"imp(10.5)", "1"}, {"imp(-10.5)", "-1"},
	{"imp(-10.49)", "0"}, {"imp(40.5)", "2"}, {"imp(-40.5)", "-2"}, {"imp(2.5)", "0"}, {"imp(0.49999999999999994)", "0"},
	{"imp(-41)", "-2"}, {"imp(3990)", "23"}, {"imp(3990.5)", "24"}, {"imp(-100000)", "-24"},
	{"imp(1000000000)", "24"}, {"imp(1000000001)", "NULL"}, {"imp(-1000000000.5)", "NULL"},
	{"imp(NULL)", "NULL"}, {"imp('100')", "NULL"}, {"imp(620 - -100)", "12"},

	{"vp(0, 16)", "10"}, {"vp(-0.0, 16)", "10"}, {"vp(1, 16)", "10.31"}, {"vp(12.5, 16)", "13.4"}, {"vp(-12.5, 16)", "6.6"},
	{"vp(12, 16)", "13.28"}, {"vp(13, 16)", "13.52"}, {"vp(59, 16)", "19.93"}, {"vp(60, 16)", "20"}, {"vp(-1000, 16)", "0"},
	{"vp(0.5, 1)", "10.6"}, {"vp(3, 1)", "13.28"}, {"vp(7.25, 7)", "13.03"}, {"vp(33, 100)", "13.56"}, {"vp(-1, 10000)", "9.98"},
	{"vp(10, 16.0)", "12.8"}, {"vp(10, 16.5)", "NULL"}, {"vp(10, 0)", "NULL"}, {"vp(10, -16)", "NULL"}, {"vp(10, 10001)", "NULL"},
	{"vp(NULL, 16)", "NULL"}, {"vp(10, NULL)", "NULL"}, {"vp(NULL, NULL)", "NULL"}, {"vp('10', 16)", "NULL"}, {"vp(10, '16')", "NULL"},

	{"ns_score('4S', 'N', 10, 'None')", "420"}, {"ns_score('4S', 'E', 10, 'None')", "-420"}, {"ns_score('4s', 'w', 11, 'All')", "-650"},
	{"ns_score('3NT', 'S', 9, 'NS')", "600"}, {"ns_score('3N', 'S', 9, 'EW')", "400"}, {"ns_score('3nt', 's', 10, 'love')", "430"},
	{"ns_score('3NTX', 'N', 9, 'None')", "550"}, {"ns_score('3NXX', 'N', 9, 'None')", "800"}, {"ns_score('3NR', 'N', 9, 'None')", "800"},
	{"ns_score('3NTxX', 'N', 10, 'Both')", "1400"}, {"ns_score('3NTXXX', 'N', 9, 'None')", "NULL"}, {"ns_score('2HX', 'E', 9, 'None')", "-570"},
	{"ns_score('7NTXX', 'W', 13, 'All')", "-2980"}, {"ns_score('6C', 'N', 12, 'E-W')", "920"}, {"ns_score('6D', 'N', 12, 'N-S')", "1370"},
	{"ns_score('4HX', 'N', 6, 'None')", "-800"}, {"ns_score('4HXX', 'N', 6, 'All')", "-2200"}, {"ns_score('1C', 'S', 0, 'n/s')", "-700"},
	{"ns_score('2S', 'E', 7, 'e/w')", "100"}, {"ns_score('2S', 'E', 7, 'n')", "50"}, {"ns_score('2S', 'E', 7, 'e')", "100"},
	{"ns_score('2S', 'E', 7, 'b')", "100"}, {"ns_score('2S', 'E', 7, ' ALL ')", "100"}, {"ns_score('2S', 'E', 7, '-')", "50"},
	{"ns_score('2S', 'E', 7, 'o')", "50"}, {"ns_score('2S', 'E', 7, '0')", "50"}, {"ns_score('2S', 'E', 7, 'NIL')", "50"},
	{"ns_score('2S', 'E', 7, 'NİL')", "50"}, {"ns_score('2S', 'E', 7, 'BOTH')", "100"}, {"ns_score('2S', 'E', 7, 'x')", "NULL"},
	{"ns_score('2S', 'E', 7, '')", "NULL"}, {"ns_score('2S', 'E', 7, 'N S')", "NULL"}, {"ns_score('2S', 'E', 7, NULL)", "NULL"},
	{"ns_score('3NT', 'N', 9.5, 'None')", "400"}, {"ns_score('1C', 'N', 0.5, 'None')", "-350"}, {"ns_score('3NT', 'N', 13.5, 'None')", "NULL"},
	{"ns_score('3NT', 'N', -0.5, 'None')", "NULL"}, {"ns_score('3NT', 'N', 14, 'None')", "NULL"}, {"ns_score('3NT', 'N', -1, 'None')", "NULL"},
	{"ns_score('3NT', 'N', '9', 'None')", "NULL"}, {"ns_score('3NT', 'N', NULL, 'None')", "NULL"},
	{"ns_score(' 4S X ', 'N', 10, 'None')", "590"}, {"ns_score('\t4S\u00a0', 'N', 10, '\u3000None\u2003')", "420"},
	{"ns_score('4 S', 'N', 10, 'None')", "NULL"}, {"ns_score('4N T', 'N', 10, 'None')", "NULL"}, {"ns_score('4SX X', 'N', 10, 'None')", "NULL"},
	{"ns_score('4ſ', 'N', 10, 'None')", "NULL"}, {"ns_score('NT', 'N', 10, 'None')", "NULL"}, {"ns_score('8S', 'N', 10, 'None')", "NULL"},
	{"ns_score('4', 'N', 10, 'None')", "NULL"}, {"ns_score('', 'N', 10, 'None')", "NULL"}, {"ns_score(NULL, 'N', 10, 'None')", "NULL"},
	{"ns_score('4S', 'NS', 10, 'None')", "NULL"}, {"ns_score('4S', '', 10, 'None')", "NULL"}, {"ns_score('4S', 'X', 10, 'None')", "NULL"},
	{"ns_score('4S', NULL, 10, 'None')", "NULL"},
	{"ns_score('Pass', NULL, NULL, NULL)", "0"}, {"ns_score(' AP ', 'X', 'x', 'x')", "0"}, {"ns_score('p', 'N', 9, 'None')", "0"},
	{"ns_score('PAſS', NULL, NULL, NULL)", "0"}, {"ns_score('passed', NULL, NULL, NULL)", "NULL"},
}

// TestScoringFunctions gives imp, vp and ns_score the same edge cases on
// both engines: on SQLite they are the Go functions (archive/sqlite/scoring.go), on
// PostgreSQL the archive's own (archive/postgres/scoring.go).
func TestScoringFunctions(t *testing.T) {
	t.Parallel()
	forBackends(t, func(t *testing.T, open opener) {
		_, name := open(t)
		db := readerOf(t, name)
		for _, c := range scoringCases {
			if got := queryOne(t, db, "SELECT "+c.expr); got != c.want {
				t.Errorf("%s = %s, want %s", c.expr, got, c.want)
			}
		}
	})
}

// TestPostgresVPScale compares the WBF scale the PostgreSQL archive
// builds for vp with scoring.VPScale, entry by entry, for matches of 1 to
// 120 boards and some longer ones, up to the longest (10,000 boards).
func TestPostgresVPScale(t *testing.T) {
	t.Parallel()
	_, name := openerFor("postgres")(t)
	db := readerOf(t, name)
	boards := []int{150, 256, 1000, 2500, 9999, 10000}
	for b := 1; b <= 120; b++ {
		boards = append(boards, b)
	}
	for _, b := range boards {
		t.Run(fmt.Sprintf("%d boards", b), func(t *testing.T) {
			var want []string
			for _, v := range scoring.VPScale(b) {
				want = append(want, strconv.Itoa(v))
			}
			if got := queryOne(t, db, fmt.Sprintf("SELECT array_to_string(handrec_vp_scale(%d), ',')", b)); got != strings.Join(want, ",") {
				t.Errorf("%d boards: the scale is\n%s\nwant\n%s", b, got, strings.Join(want, ","))
			}
		})
	}
}

// queryOne is the value of a query's one column of its one row, as
// text: NULL, an integer, or a float in its shortest form.
func queryOne(t *testing.T, db *archive.DB, q string) string {
	t.Helper()
	got := "no row"
	err := db.Query(context.Background(), q, nil, func(_ []string, vals []any) error {
		switch v := vals[0].(type) {
		case nil:
			got = "NULL"
		case float64:
			got = strconv.FormatFloat(v, 'g', -1, 64)
		default:
			got = fmt.Sprint(v)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return got
}
