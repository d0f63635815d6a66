package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// sessionInputs are the session inputs of the tests: travellers, team
// matches, and tables' records (PBN and the BBO tournaments, in the
// corpus).
var sessionInputs = [][]string{
	{"samples/club_traveller.pbn"},
	{"testdata/session/wrong_scores.pbn"},
	{"testdata/session/mitchell.pbn"},
	{"testdata/session/mitchell.pbn", "testdata/session/wrong_scores.pbn"},
	{"testdata/session/tables"},
	{"testdata/session/multiplicity.pbn"},
	{"samples/vugraph_match.lin", "testdata/session/stanza2.lin"},
	{"testdata/session/teams_rooms.pbn"},
	{"testdata/session/teams_open.pbn", "testdata/session/teams_closed.pbn"},
	{"samples/vugraph_match.lin"},
	{skyDir},
	{wronieDir},
	{wronieDir, wronieMissing},
}

// convertStandings runs convert --to json --session-columns method
// --standings on input and reads the TotalScoreTable it adds, a line a
// pair as sessionLine writes one; nil when it adds none.
func convertStandings(t *testing.T, method string, input []string) []string {
	t.Helper()
	args := append([]string{"convert", "--to", "json", "--session-columns", method, "--standings"}, input...)
	code, out, errs := runCLI(args...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errs)
	}
	var doc struct {
		Records []struct {
			Tables []struct {
				Standings *struct {
					Rows []struct {
						Rank    *int
						Pair    string
						Boards  int
						MP      *float64 `json:"total_mp"`
						Percent *float64 `json:"total_percentage"`
						IMP     *float64 `json:"total_imp"`
						Other   []string
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	var lines []string
	for _, r := range doc.Records {
		for _, tb := range r.Tables {
			if tb.Standings == nil {
				continue
			}
			for _, s := range tb.Standings.Rows {
				rank, field, total, pct := "-", "", 0.0, 0.0
				if s.Rank != nil {
					rank = fmt.Sprint(*s.Rank)
				}
				if len(s.Other) > 0 {
					field = s.Other[0]
				}
				for _, v := range []*float64{s.MP, s.IMP} {
					if v != nil {
						total = *v
					}
				}
				if s.Percent != nil {
					pct = *s.Percent
				}
				lines = append(lines, sessionLine(rank, s.Pair, field, s.Boards, total, pct))
			}
		}
	}
	return lines
}

// sessionLine is a pair's line of standings, to compare: its rank
// (without the tie's "="), pair, field, boards, total and percentage.
func sessionLine(rank, pair, field string, boards int, total, pct float64) string {
	return fmt.Sprintf("%s %s %s %d %.2f %.2f", strings.TrimSuffix(rank, "="), pair, field, boards, total, pct)
}

// One computation, one answer: on every session input of the tests,
// under a matchpoint and an IMP method, convert --session-columns
// --standings writes the standings session prints, pair for pair.
func TestSessionAndConvertAgree(t *testing.T) {
	t.Parallel()
	for _, input := range sessionInputs {
		if _, err := os.Stat(input[0]); err != nil {
			t.Logf("%s: skipped: %v", input[0], err)
			continue
		}
		for _, method := range []string{"mp", "ximp"} {
			var want []string
			for _, s := range sessionStandings(t, append([]string{"--method", method}, input...)...) {
				want = append(want, sessionLine(s.Rank, s.Pair, s.Field, s.Boards, s.Total, s.Percentage))
			}
			got := convertStandings(t, method, input)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("%v %s: convert's standings\n%s\nsession's\n%s", input, method, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if len(want) == 0 && !strings.Contains(input[0], "team") && !strings.Contains(input[0], "vugraph") {
				t.Errorf("%v %s: no standings", input, method)
			}
		}
	}
}
