package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"handrec/internal/indep"
)

// A Mitchell in PBN, one file a table and round (testdata/session/tables),
// worked by hand: N-S pairs stay N-S, so North-South and East-West are
// ranked apart. Board 1: 420 against 450; board 2: 600 twice; board 3:
// -110 against a pass-out (0); board 4: 500 at one table, not played at
// the other, which is average to both (1 of 2) while the one result is
// factored up to the two tables by Neuberg ((0+1)*2/1-1 = 1). Cid - Dee
// 2+1+2+1 = 6 of 8, Ann - Bob 0+1+0+1; Eve - Fay 2+1+0+1 = 4, Gus - Hal
// 0+1+2+1 = 4, a tie.
func TestSessionTablesPBN(t *testing.T) {
	t.Parallel()
	code, out, errs := runCLI("session", "testdata/session/tables")
	const want = `method: mp: matchpoints (2 a pair beaten, 1 a tie; Neuberg for fewer results), from the default (no --method, no Scoring tag naming one); a board with fewer results is factored up to 2
fields: two (no pair sat both North-South and East-West): North-South and East-West ranked apart

Board 1 (2 tables), vulnerable None
file                 pair_ns    pair_ew    contract  declarer  result  score_ns  mp_ns  mp_ew  percentage_ns  percentage_ew  note
round1_table1.pbn:3  Ann - Bob  Eve - Fay  4S        N         10      420       0.00   2.00   0.00           100.00
round1_table2.pbn:3  Cid - Dee  Gus - Hal  4S        N         11      450       2.00   0.00   100.00         0.00

Board 2 (2 tables), vulnerable NS
file                  pair_ns    pair_ew    contract  declarer  result  score_ns  mp_ns  mp_ew  percentage_ns  percentage_ew  note
round1_table1.pbn:16  Ann - Bob  Eve - Fay  3NT       S         9       600       1.00   1.00   50.00          50.00
round1_table2.pbn:16  Cid - Dee  Gus - Hal  3NT       S         9       600       1.00   1.00   50.00          50.00

Board 3 (2 tables), vulnerable EW
file                 pair_ns    pair_ew    contract  declarer  result  score_ns  mp_ns  mp_ew  percentage_ns  percentage_ew  note
round2_table1.pbn:3  Ann - Bob  Gus - Hal  2H        W         8       -110      0.00   2.00   0.00           100.00
round2_table2.pbn:3  Cid - Dee  Eve - Fay  Pass                        0         2.00   0.00   100.00         0.00

Board 4 (2 tables), vulnerable All
file                  pair_ns    pair_ew    contract  declarer  result  score_ns  mp_ns  mp_ew  percentage_ns  percentage_ew  note
round2_table1.pbn:16  Ann - Bob  Gus - Hal  4HX       E         8       500       1.00   1.00   50.00          50.00
round2_table2.pbn:14  Cid - Dee  Eve - Fay                              A/A       1.00   1.00   50.00          50.00  not played at this table (no call): average to both sides

Standings, North-South (ranked: a pair that played 3 boards or more, 70% of the 4 the most played; "-" is not ranked)
rank  pair       names  boards  total  top   percentage
1     Cid - Dee         4       6.00   8.00  75.00
2     Ann - Bob         4       2.00   8.00  25.00

Standings, East-West (ranked: a pair that played 3 boards or more, 70% of the 4 the most played; "-" is not ranked)
rank  pair       names  boards  total  top   percentage
1=    Eve - Fay         4       4.00   8.00  50.00
1=    Gus - Hal         4       4.00   8.00  50.00
`
	const wantErr = "testdata/session/tables/round2_table2.pbn:14:1: warning: board 4: not played at this table (no call): average to both sides; " +
		"a director may rule otherwise: --adjust round2_table2.pbn#2=TRICKS or =A+-\n4 boards scored, 0 team matches\n"
	if code != 0 || out != want || errs != wantErr {
		t.Errorf("exit %d, stderr %q\n got:\n%s\nwant:\n%s", code, errs, out, want)
	}
	// a record of a board with no player on a side is no table: said,
	// not scored
	dir := t.TempDir()
	for _, f := range []string{"round1_table1.pbn", "round1_table2.pbn", "round2_table1.pbn", "round2_table2.pbn"} {
		data, err := os.ReadFile(filepath.Join("testdata/session/tables", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "stray.pbn"), []byte("[Board \"1\"]\n[North \"Ann\"]\n[Contract \"3NT\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out2, errs := runCLI("session", dir)
	note := "session: warning: 1 record of no table (no player on a side, or a name at two seats), the first at " + filepath.Join(dir, "stray.pbn") + ":1:1: not scored\n"
	if code != 0 || !strings.HasPrefix(errs, note) || !strings.Contains(out2, "Cid - Dee         4       6.00   8.00  75.00") {
		t.Errorf("a stray record: exit %d, stderr %q", code, errs)
	}
	// the director rules the table that did not play: average plus to
	// N-S, average minus to E-W (60% and 40% of 2)
	code, out, _ = runCLI("session", "--adjust", "round2_table2.pbn#2=A+-", "testdata/session/tables")
	if w := "round2_table2.pbn:14  Cid - Dee  Eve - Fay                              A+/A-     1.20   0.80   60.00          40.00  artificial score given by the director (--adjust)\n"; code != 0 || !strings.Contains(out, w) {
		t.Errorf("--adjust: exit %d, no line %q in\n%s", code, w, out)
	}
}

// Sky Club's tables as a folder of PBN, one file each (converted from its
// LIN files), and as a mix, every other table PBN: the same standings,
// pair for pair, as the independent scorer's of the LIN files. And
// pbntools' own PBN of Wronie (735 records in one file, the unfinished
// play 28189972 left out): the independent scorer's of the LIN files but
// that one.
func TestSessionTablesPBNFolder(t *testing.T) {
	t.Parallel()
	needDir(t, skyDir)
	want := independently(t, indep.Options{}, skyDir)
	names, err := filepath.Glob(filepath.Join(skyDir, "*.lin"))
	if err != nil || len(names) != 44 {
		t.Fatalf("%d files, %v", len(names), err)
	}
	pbnDir, mixDir := t.TempDir(), t.TempDir()
	for i, n := range names {
		base := strings.TrimSuffix(filepath.Base(n), ".lin")
		if code, _, errs := runCLI("convert", "--to", "pbn", "-o", filepath.Join(pbnDir, base+".pbn"), n); code != 0 {
			t.Fatalf("convert %s: exit %d: %s", n, code, errs)
		}
		from, to := filepath.Join(pbnDir, base+".pbn"), filepath.Join(mixDir, base+".pbn")
		if i%2 == 0 {
			from, to = n, filepath.Join(mixDir, base+".lin")
		}
		data, err := os.ReadFile(from)
		if err == nil {
			err = os.WriteFile(to, data, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	agree(t, "PBN folder", sessionStandings(t, pbnDir), want)
	agree(t, "LIN and PBN mixed", sessionStandings(t, mixDir), want)

	const pbntools = "../shared/corpus/pbn/jarekczek-pbntools/test/test_8_bbo_wronie_20130824/wronie_9533_pairs_2720_przyjaciele_wronia.pbn"
	needDir(t, pbntools)
	tables, err := indep.ReadDir(wronieDir)
	if err != nil {
		t.Fatal(err)
	}
	kept := tables[:0]
	for _, tb := range tables {
		if tb.File != "28189972.lin" {
			kept = append(kept, tb)
		}
	}
	w, err := indep.Score(kept, indep.Options{})
	if err != nil {
		t.Fatal(err)
	}
	agree(t, "pbntools' PBN", sessionStandings(t, pbntools), w)
}

// A stanza's victory points. Cope - Lee's stanza 6
// of 8 alone (carry-over 127 - 37): its IMPs, 10 - 19, the running score
// 137 - 56, and no VPs. The sample's two stanzas (its own and stanza2.lin,
// which states the running score 1 - 10.5 as its carry-over): the second
// alone has no VPs; together they are the match, 11 - 20.5 over four
// boards, VP 5.20 - 14.80.
func TestSessionStanzas(t *testing.T) {
	t.Parallel()
	const stanza2 = "board  open_ns  closed_ns  difference  imps_home  imps_visitors  home  visitors\n" +
		"3      400      -50        450         10                        11    10.5\n" +
		"4      140      620        -480                   10             11    20.5\n" +
		"stanza Final 2 of 2: Oaks 10 - 10 Elms over 2 boards; running score Oaks 11 - 20.5 Elms\n"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"testdata/session/stanza2.lin"}, "Match Oaks - Elms (Sample Teams, Final 2 of 2), carry-over 1 - 10.5\n" + stanza2 +
			"total Oaks 11 - 20.5 Elms over 2 boards; no VPs: Final 2 of 2: its carry-over 1 - 10.5 is the IMPs of the stanzas before it, " +
			"which are not in the input; the victory points are for the match's total over all its boards\n"},
		{[]string{"samples/vugraph_match.lin", "testdata/session/stanza2.lin"}, "Match Oaks - Elms (Sample Teams, Final 1 of 2 to Final 2 of 2), carry-over 0 - 1.5\n" +
			"board  open_ns  closed_ns  difference  imps_home  imps_visitors  home  visitors\n" +
			"1      -500     -100       -400                   9              0     10.5\n" +
			"2      -420     -450       30          1                         1     10.5\n" +
			"stanza Final 1 of 2: Oaks 1 - 9 Elms over 2 boards; running score Oaks 1 - 10.5 Elms\n" + stanza2 +
			"total Oaks 11 - 20.5 Elms over 4 boards, VP 5.20 - 14.80 (WBF continuous scale, 4 boards)\n"},
		{[]string{"../shared/corpus/lin/eduucaldas-AlphaBridge/BBO/raw_lin_data/423/42393.lin"},
			"Match Cope - Lee (BGB British Gold Cup  2015   Semifinal A, Stanza 6 of 8), carry-over 127 - 37\n" +
				"board  open_ns  closed_ns  difference  imps_home  imps_visitors  home  visitors\n" +
				"41     -620     -170       -450                   10             127   47\n" +
				"42     -500     -100       -400                   9              127   56\n" +
				"43     170      170        0                                     127   56\n" +
				"44     630      630        0                                     127   56\n" +
				"45     380      -100       480         10                        137   56\n" +
				"46     -450     -450       0                                     137   56\n" +
				"47     50       50         0                                     137   56\n" +
				"48     430      430        0                                     137   56\n" +
				"stanza Stanza 6 of 8: Cope 10 - 19 Lee over 8 boards; running score Cope 137 - 56 Lee\n" +
				"total Cope 137 - 56 Lee over 8 boards; no VPs: Stanza 6 of 8: its carry-over 127 - 37 is the IMPs of the stanzas before it, " +
				"which are not in the input; the victory points are for the match's total over all its boards\n"},
	} {
		if _, err := os.Stat(c.args[0]); err != nil {
			t.Logf("skipped: %v", err)
			continue
		}
		code, out, errs := runCLI(append([]string{"session"}, c.args...)...)
		if code != 0 || out != c.want {
			t.Errorf("%v: exit %d, stderr %q\n got:\n%s\nwant:\n%s", c.args, code, errs, out, c.want)
		}
	}
}

// The least a pair plays to be ranked, and the
// multiplicity. Wronie's biew - robkar65 played 5 boards of 18 (70.64%):
// under the default 70% (13 boards) it is listed unranked after the 80
// pairs ranked; --min-boards 0 ranks it first, --min-boards 5 too, and
// --min-boards 6 not. A traveller row of multiplicity 8 (2S by S making
// 8, 110) shows it in a column of its own and counts as eight results:
// 7 of 18 (7 ties), 400 and 420 above it 16 and 18.
func TestSessionMinBoardsAndMultiplicity(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat(wronieDir); err == nil {
		for _, c := range []struct {
			min  string
			line string
		}{{"70%", "- biew - robkar65 5"}, {"0", "1 biew - robkar65 5"}, {"5", "1 biew - robkar65 5"}, {"6", "- biew - robkar65 5"}} {
			got := sessionStandings(t, "--min-boards", c.min, wronieDir)
			var ranked int
			line := ""
			for _, s := range got {
				if s.Rank != "-" {
					ranked++
				}
				if s.Pair == "biew - robkar65" {
					line = fmt.Sprintf("%s %s %d", s.Rank, s.Pair, s.Boards)
				}
			}
			if line != c.line {
				t.Errorf("--min-boards %s: %q, want %q", c.min, line, c.line)
			}
			if c.min == "70%" && (ranked != 80 || got[0].Pair != "czarnyg - marcepan" || got[80].Rank != "-") {
				t.Errorf("--min-boards 70%%: %d ranked, first %s; want 80, czarnyg - marcepan", ranked, got[0].Pair)
			}
		}
	}
	code, out, _ := runCLI("session", "testdata/session/multiplicity.pbn")
	const want = "pair_ns  pair_ew  contract  declarer  result  score_ns  multiplicity  mp_ns  mp_ew  percentage_ns  percentage_ew  note\n" +
		"                  2S        S         8       110       8             7.00   11.00  38.89          61.11\n" +
		"9        10       3NT       N         9       400                     16.00  2.00   88.89          11.11\n" +
		"11       12       4S        S         10      420                     18.00  0.00   100.00         0.00\n"
	if code != 0 || !strings.Contains(out, want) {
		t.Errorf("multiplicity: exit %d\n%s\nwant it to hold\n%s", code, out, want)
	}
	code, out, _ = runCLI("sheet", "--session", "--format", "txt", "testdata/session/multiplicity.pbn")
	const sheet = "NS  EW  Contract  By  Tricks  Score NS  Mult.  MP NS  MP EW    % NS   % EW\n" +
		"        2S        S        8       110      8   7.00  11.00   38.89  61.11\n"
	if code != 0 || !strings.Contains(out, sheet) {
		t.Errorf("sheet: exit %d\n%s\nwant it to hold\n%s", code, out, sheet)
	}
}
