package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"handrec/model"
	"handrec/model/scoring"
	"handrec/parser"
	"handrec/render"
)

func runScoreCLI(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = main1(append([]string{"handrec", "score"}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// The books' rubbers and the samples' own: handrec score --rubber gives
// every total, margin and settlement.
func TestScoreRubbersJSON(t *testing.T) {
	t.Parallel()
	code, out, errs := runScoreCLI("--rubber", "--format", "json",
		"samples/hoyle1904_rubber.pbn", "samples/bridge1899_rubber.pbn",
		"samples/pirate1916_rubber.pbn", "samples/auction1915_rubber.pbn")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &top); err != nil {
		t.Fatal(err)
	}
	if len(top) != 3 || top["code"] == nil || top["deals"] == nil || top["rubbers"] == nil {
		t.Errorf("top-level keys: %s", out[:min(len(out), 200)])
	}
	var rep struct {
		Code  string
		Deals []struct {
			File  string
			Board int
			Items []struct {
				Who    string
				Line   string
				Points int
				Label  string
			}
		}
		Rubbers []struct {
			Code       string
			Totals     map[string]int
			Winner     string
			Margin     int
			Games      map[string]int
			Settlement map[string]int
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Code != "by-record" || len(rep.Deals) != 23 || len(rep.Rubbers) != 4 {
		t.Fatalf("code %q, %d deals, %d rubbers", rep.Code, len(rep.Deals), len(rep.Rubbers))
	}
	if d := rep.Deals[0]; d.File != "samples/hoyle1904_rubber.pbn" || d.Board != 1 || len(d.Items) != 2 ||
		d.Items[1].Who != "NS" || d.Items[1].Line != "above" || d.Items[1].Points != 24 || d.Items[1].Label != "4 honours" {
		t.Errorf("first deal: %+v", d)
	}
	want := []struct {
		code, winner string
		margin       int
		totals       map[string]int
		settlement   map[string]int
	}{
		{"bridge1904", "NS", 26, map[string]int{"NS": 204, "EW": 178}, map[string]int{"N": 3, "S": 3, "E": -3, "W": -3}},
		{"bridge1895", "EW", 264, map[string]int{"NS": 94, "EW": 358}, map[string]int{"N": -26, "S": -26, "E": 26, "W": 26}},
		{"pirate1916", "N", 454, map[string]int{"N": 722, "E": 268, "S": 260, "W": 236}, map[string]int{"N": 13, "E": -3, "S": -3, "W": -7}},
		{"auction1915", "NS", 129, map[string]int{"NS": 671, "EW": 542}, nil},
	}
	for i, w := range want {
		rb := rep.Rubbers[i]
		if rb.Code != w.code || rb.Winner != w.winner || rb.Margin != w.margin {
			t.Errorf("rubber %d: %s %s by %d, want %s %s by %d", i+1, rb.Code, rb.Winner, rb.Margin, w.code, w.winner, w.margin)
		}
		for k, v := range w.totals {
			if rb.Totals[k] != v {
				t.Errorf("rubber %d total %s: %d, want %d", i+1, k, rb.Totals[k], v)
			}
		}
		for k, v := range w.settlement {
			if rb.Settlement[k] != v {
				t.Errorf("rubber %d settlement %s: %d, want %d", i+1, k, rb.Settlement[k], v)
			}
		}
	}
}

func TestScoreText(t *testing.T) {
	t.Parallel()
	code, out, _ := runScoreCLI("--rubber", "samples/bridge1899_rubber.pbn")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{
		"samples/bridge1899_rubber.pbn board 4 [bridge1895]: NT by S, 1 tricks (result), rubber 1\n  EW below    72  6 odd tricks (law 4)\n  EW above   100  4 aces in one hand (law 7)\n  EW above    20  little slam (law 9)\n  game to EW\n",
		"rubber 1 [bridge1895], finished: NS 94 (1 games) EW 358 (2 games); EW win by 264\n",
		"  settlement (units of 10): N -26 E +26 S -26 W +26\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	// --code re-scores under another code: the Hoyle rubber's records have
	// no level, which auction needs.
	code, _, errs := runScoreCLI("--code", "auction1915", "samples/hoyle1904_rubber.pbn")
	if code != 1 || !strings.Contains(errs, "board 1: cannot score: contract D has no level, which auction1915 needs") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

func TestScoreUsage(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"--code", "whist", "samples/hoyle1904_rubber.pbn"},
		{"--format", "xml", "samples/hoyle1904_rubber.pbn"},
		{"--rounding", "30", "samples/pirate1916_rubber.pbn"},
		{},
	} {
		if code, _, errs := runScoreCLI(args...); code != 2 || !strings.Contains(errs, "Try:") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}

func TestScoreContractJSON(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	f := filepath.Join(dir, "b.pbn")
	pbn := `[Event "x"]
[Board "3"]
[Dealer "S"]
[Vulnerable "EW"]
[Deal "N:AKQJT.AKQ.AKQ.AK 9876.JT98.JT9.QJ 543.765.8765.T98 2.432.432.765432"]
[Declarer "E"]
[Contract "4S"]
[Result "11"]
[Score "EW 650"]
`
	if err := os.WriteFile(f, []byte(pbn), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runScoreCLI("--format", "json", f)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep struct {
		Code  string
		Deals []map[string]any
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	d := rep.Deals[0]
	if rep.Code != "by-record" || d["ns_score"] != -650.0 || d["recorded_ns"] != -650.0 || d["board"] != 3.0 || d["code"] != "contract" {
		t.Errorf("json: %s", out)
	}
}

// TestScoreStreamsAsWhole: the streamed report (score keeps only the open
// rubber) is the report of a whole session, rendered at once.
func TestScoreStreamsAsWhole(t *testing.T) {
	t.Parallel()
	files := []string{"samples/hoyle1904_rubber.pbn", "samples/pirate1916_rubber.pbn", "samples/pirate1916_rubber.pbn",
		"samples/auction1915_rubber.pbn", "samples/bridge1899_rubber.pbn"}
	for _, rubber := range []bool{false, true} {
		s, err := scoring.NewScorer(scoring.Options{Rubber: rubber})
		if err != nil {
			t.Fatal(err)
		}
		players := map[int][4]string{}
		for _, f := range files {
			doc, err := parser.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range doc.Records {
				ds := s.Add(r)
				if _, ok := players[ds.Rubber]; !ok {
					players[ds.Rubber] = [4]string{r.Player(model.North), r.Player(model.East), r.Player(model.South), r.Player(model.West)}
				}
			}
		}
		rep := s.Finish()
		var want bytes.Buffer
		if err := render.WriteScoreText(&want, rep); err != nil {
			t.Fatal(err)
		}
		if rubber {
			want.WriteString("\n")
			render.WriteScoreBlocks(&want, rep, false, func(rb *scoring.Rubber) map[string]string {
				return render.BlockNames(rb.Code, players[rb.Number])
			})
		}
		args := append([]string{}, files...)
		if rubber {
			args = append([]string{"--rubber"}, args...)
		}
		code, out, errs := runScoreCLI(args...)
		if code != 0 || out != want.String() {
			t.Errorf("rubber %v: exit %d (%s), output differs from the whole report:\n%s\nwant\n%s", rubber, code, errs, out, want.String())
		}
		var js bytes.Buffer
		json.NewEncoder(&js).Encode(rep)
		if code, out, _ := runScoreCLI(append([]string{"--format", "json"}, args...)...); code != 0 || out != js.String() {
			t.Errorf("rubber %v: JSON differs from the whole report's", rubber)
		}
	}
}

// noSourceJSON holds two records that do not say where they were read
// (no "source"): the second has no contract.
const noSourceJSON = `{"handrec":2,"records":[
{"board":1,"dealer":"N","vul":"None","deal":"N:QT65.K7642.AT7.J 932.JT5.Q932.875 J874.AQ983..KT64 AK..KJ8654.AQ932","contract":"4H","declarer":"S","tricks":10},
{"board":2,"dealer":"E","vul":"NS"}
]}
`

// A JSON record without a source is where the JSON file has it: score
// names that file and the record's line and column in it, never ":0:0:",
// from the file and from the archive it was imported into (where the two
// records, index 0 both before, are records 1 and 2 of the file).
func TestScoreRecordWithoutSource(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	f := filepath.Join(dir, "nosource.json")
	if err := os.WriteFile(f, []byte(noSourceJSON), 0o644); err != nil {
		t.Fatal(err)
	}
	wantOut := f + " board 1 [contract]: 4H by S, 10 tricks (result)\n" +
		"  NS below   120  contract 4H\n  NS above   300  game\n  duplicate score NS 420\n" +
		f + " board 2 [contract]: \n  cannot score: no contract\n"
	wantErr := f + ":3:1: board 2: cannot score: no contract\n"
	code, out, errs := runCLI("score", f)
	if code != 1 || out != wantOut || errs != wantErr {
		t.Errorf("score: exit %d\nstdout %q\nstderr %q\nwant 1\n%q\n%q", code, out, errs, wantOut, wantErr)
	}
	db := filepath.Join(dir, "a.db")
	wantImport := "imported into " + db + ": 1 file (0 imported before, 0 the same as a file read above, 0 failed): 2 records, 2 new, 0 already there, 0 with errors, 0 left out, 0 with warnings\n"
	if code, _, errs := runCLI("import", "--db", db, f); code != 0 || errs != wantImport {
		t.Fatalf("import: exit %d, stderr %q; want 0, %q", code, errs, wantImport)
	}
	code, out, errs = runCLI("query", "--db", db, "--format", "csv", "SELECT record, idx, line, col FROM record_sources ORDER BY record")
	if want := "record,idx,line,col\n1,1,2,1\n2,2,3,1\n"; code != 0 || out != want {
		t.Errorf("record_sources: exit %d, %q (%s); want %q", code, out, errs, want)
	}
	code, out, errs = runCLI("score", "--db", db)
	if code != 1 || out != wantOut || errs != wantErr {
		t.Errorf("score --db: exit %d\nstdout %q\nstderr %q\nwant 1\n%q\n%q", code, out, errs, wantOut, wantErr)
	}
}

// Two PBN files converted into one JSON file hold two records 1: the
// import links each record to its place in the JSON file, where it
// failed on the second ("UNIQUE constraint failed: game_source.source_id,
// game_source.idx") and stored none.
func TestImportJSONOfTwoFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	j := filepath.Join(dir, "two.json")
	if code, _, errs := runCLI("convert", "--to", "json", "samples/full_play.pbn", "samples/end_position.pbn", "-o", j); code != 0 {
		t.Fatalf("convert: exit %d: %s", code, errs)
	}
	db := filepath.Join(dir, "a.db")
	want := "imported into " + db + ": 1 file (0 imported before, 0 the same as a file read above, 0 failed): 3 records, 3 new, 0 already there, 0 with errors, 0 left out, 0 with warnings\n"
	if code, _, errs := runCLI("import", "--db", db, j); code != 0 || errs != want {
		t.Fatalf("import: exit %d, stderr %q; want 0, %q", code, errs, want)
	}
	code, out, errs := runCLI("query", "--db", db, "--format", "csv", "SELECT record, idx FROM record_sources ORDER BY idx")
	if want := "record,idx\n1,1\n2,2\n3,3\n"; code != 0 || out != want {
		t.Errorf("record_sources: exit %d, %q (%s); want %q", code, out, errs, want)
	}
}
