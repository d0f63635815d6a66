package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"handrec/archive"
	"handrec/pipeline"
)

// ddBlock is the part of show's text from its double-dummy table on.
func ddBlocks(out string) []string {
	var blocks []string
	for _, part := range strings.Split(out, "Double-dummy tricks\n")[1:] {
		end := strings.Index(part, "\n\n")
		if end < 0 {
			end = len(part)
		}
		blocks = append(blocks, strings.TrimSuffix(part[:end], "\n"))
	}
	return blocks
}

// TestShowDD: --dd solves board 1, which has no table; board 2's own
// (wrong) DoubleDummyTricks is shown as it is, not solved again.
func TestShowDD(t *testing.T) {
	t.Parallel()
	p := ddFile(t)
	code, out, errs := runCLI("show", "--dd", "--ascii", p)
	want := []string{`        NT   S   H   D   C
North    0  13   0  13   0
South    0  13   0  13   0
East     0   0  13   0  13
West     0   0  13   0  13
Par NS 1510: NS 7S=`, `        NT   S   H   D   C
North    2   2   0   2   2
South    0   0   0   0   0
East     0   0   0   0   2
West     0   0   2   0   0`}
	got := ddBlocks(out)
	if code != 0 || errs != "" || strings.Join(got, "\n--\n") != strings.Join(want, "\n--\n") {
		t.Errorf("exit %d, stderr %q, tables:\n%s\nwant:\n%s", code, errs, strings.Join(got, "\n--\n"), strings.Join(want, "\n--\n"))
	}
	// without --dd only the recorded table is shown; --board solves only
	// the board shown
	if _, out, _ := runCLI("show", "--ascii", p); len(ddBlocks(out)) != 1 || ddBlocks(out)[0] != want[1] {
		t.Errorf("show without --dd: %q", ddBlocks(out))
	}
	if _, out, _ := runCLI("show", "--ascii", "--dd", "--board", "1", p); strings.Join(ddBlocks(out), "") != want[0] {
		t.Errorf("show --dd --board 1: %q", ddBlocks(out))
	}
}

// TestSheetDD: the sheet of every format carries the solved table and par.
func TestSheetDD(t *testing.T) {
	t.Parallel()
	p := ddFile(t)
	_, txt, _ := runCLI("sheet", "--format", "txt", "--ascii", "--dd", p)
	if !strings.Contains(txt, "Par NS 1510: NS 7S=") || strings.Count(txt, "Double-dummy tricks") != 2 {
		t.Errorf("text sheet:\n%s", txt)
	}
	if _, txt, _ := runCLI("sheet", "--format", "txt", "--ascii", p); strings.Count(txt, "Double-dummy tricks") != 1 {
		t.Errorf("text sheet without --dd:\n%s", txt)
	}
	_, html, _ := runCLI("sheet", "--format", "html", "--dd", p)
	if !strings.Contains(html, `<div class="par">Par NS 1510: NS 7♠=</div>`) || strings.Count(html, `<table class="dd">`) != 2 {
		t.Errorf("html sheet has no solved table:\n%s", html)
	}
	dir := t.TempDir()
	with, without := filepath.Join(dir, "with.pdf"), filepath.Join(dir, "without.pdf")
	if code, _, errs := runCLI("sheet", "--dd", "-o", with, p); code != 0 {
		t.Fatalf("pdf: exit %d: %s", code, errs)
	}
	runCLI("sheet", "-o", without, p)
	a, _ := os.ReadFile(with)
	b, _ := os.ReadFile(without)
	if !strings.HasPrefix(string(a), "%PDF") || len(a) <= len(b) {
		t.Errorf("pdf with --dd: %d bytes, without: %d", len(a), len(b))
	}
}

// camrose1 is board 1 of Camrose24_1.pbn (the shared corpus's pbn/lorserker-ben/
// demo) without the table and par BridgeComposer gave it from DDS.
const camrose1 = `[Event "Camrose 2024"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:T5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7"]
`

// camrose1DD is what convert --dd adds: BridgeComposer's numbers and par,
// in the form of the corpus's tables ("Result\2R").
const camrose1DD = "[OptimumScore \"EW 140\"]\r\n[ParContract \"EW 1S+2\"]\r\n" +
	"[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\r\n" +
	"N NT  5\r\nN  S  4\r\nN  H  5\r\nN  D  5\r\nN  C  5\r\n" +
	"S NT  5\r\nS  S  4\r\nS  H  6\r\nS  D  6\r\nS  C  5\r\n" +
	"E NT  8\r\nE  S  9\r\nE  H  7\r\nE  D  7\r\nE  C  8\r\n" +
	"W NT  8\r\nW  S  9\r\nW  H  7\r\nW  D  7\r\nW  C  8\r\n"

// TestConvertDD writes a real deal's table and par exactly as the DDS-based
// program did, and leaves a record with its own table as it was.
func TestConvertDD(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("solves a full deal: seconds")
	}
	p := filepath.Join(t.TempDir(), "c.pbn")
	os.WriteFile(p, []byte(camrose1), 0o644)
	code, out, errs := runCLI("convert", "--to", "pbn", "--dd", p)
	want := "% PBN 2.1\r\n% EXPORT\r\n[Event \"Camrose 2024\"]\r\n[Site \"?\"]\r\n[Date \"?\"]\r\n[Board \"1\"]\r\n" +
		"[West \"?\"]\r\n[North \"?\"]\r\n[East \"?\"]\r\n[South \"?\"]\r\n[Dealer \"N\"]\r\n[Vulnerable \"None\"]\r\n" +
		"[Deal \"N:T5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7\"]\r\n" +
		"[Scoring \"?\"]\r\n[Declarer \"?\"]\r\n[Contract \"?\"]\r\n[Result \"?\"]\r\n" + camrose1DD + "\r\n"
	if code != 0 || errs != "" || out != want {
		t.Fatalf("exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, errs, out, want)
	}
	// what convert --dd wrote, read again, is kept: nothing is solved twice
	q := filepath.Join(t.TempDir(), "d.pbn")
	os.WriteFile(q, []byte(out), 0o644)
	if _, again, _ := runCLI("convert", "--to", "pbn", "--dd", q); again != out {
		t.Errorf("converting the output again changed it:\n%s", again)
	}
}

// TestConvertDDTargets: JSON carries the table as data, tricks by
// declarer and strain, and the par as data, its score and contracts;
// LIN says what it cannot carry.
func TestConvertDDTargets(t *testing.T) {
	t.Parallel()
	p := ddFile(t)
	_, js, _ := runCLI("convert", "--to", "json", "--dd", "--boards", "1", p)
	for _, s := range []string{
		`"par":{"score":"NS 1510","contracts":["NS 7S="]},"tables":`,
		`"tables":[{"dd":{"E":{"C":13,"D":0,"H":13,"NT":0,"S":0},"N":{"C":0,"D":13,"H":0,"NT":0,"S":13},"S":{"C":0,"D":13,"H":0,"NT":0,"S":13},"W":{"C":13,"D":0,"H":13,"NT":0,"S":0}}}]`,
	} {
		if !strings.Contains(js, s) {
			t.Errorf("json lacks %s:\n%s", s, js)
		}
	}
	if code, out, errs := runCLI("convert", "--to", "csv", "--dd", p); code != 2 || out != "" || !strings.Contains(errs, "--dd adds a table and tags that CSV has no column for") {
		t.Errorf("csv: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, _, errs := runCLI("convert", "--to", "lin", "--dd", p)
	want := "handrec: dropped (no place in LIN):\n  1× section OptimumResultTable\n  1× tag DoubleDummyTricks\n  1× tag OptimumScore\n  1× tag ParContract\n"
	if code != 0 || errs != want {
		t.Errorf("lin: exit %d, stderr:\n%s\nwant:\n%s", code, errs, want)
	}
}

// ddRows is the SQL the archive tests ask of the dd and par views.
const ddRows = `SELECT record, declarer, strain, tricks FROM dd
 WHERE tricks > 0 OR declarer = 'N' AND strain = 'H' ORDER BY record, declarer, strain`

// ddWant is ddRows' answer for ddFile: board 1, each hand a whole suit;
// board 2, the two-card ending (its own DoubleDummyTricks is wrong, and
// the archive keeps the solver's numbers).
const ddWant = `record,declarer,strain,tricks
1,E,C,13
1,E,H,13
1,N,D,13
1,N,H,0
1,N,S,13
1,S,D,13
1,S,S,13
1,W,C,13
1,W,H,13
2,E,H,2
2,N,C,2
2,N,D,2
2,N,H,0
2,N,NT,2
2,N,S,2
2,S,S,2
2,W,H,2
`

const parRows = "SELECT * FROM par ORDER BY record"

const parWant = "record,score,contracts\n1,1510,NS 7S=\n2,,\n"

func queryCSV(t *testing.T, db, q string) string {
	t.Helper()
	code, out, errs := runCLI("query", "--db", db, "--format", "csv", q)
	if code != 0 {
		t.Fatalf("query %s: exit %d: %s", q, code, errs)
	}
	return out
}

// TestImportDD: import --dd fills the dd and par views; without --dd they
// stay empty.
func TestImportDD(t *testing.T) {
	t.Parallel()
	p := ddFile(t)
	db := filepath.Join(t.TempDir(), "a.db")
	if code, _, errs := runCLI("import", "--db", db, "--dd", p); code != 0 {
		t.Fatalf("import --dd: exit %d: %s", code, errs)
	}
	if got := queryCSV(t, db, ddRows); got != ddWant {
		t.Errorf("dd view:\n%s\nwant:\n%s", got, ddWant)
	}
	if got := queryCSV(t, db, parRows); got != parWant {
		t.Errorf("par view:\n%s\nwant:\n%s", got, parWant)
	}
	if got := queryCSV(t, db, "SELECT count(*) AS n FROM dd"); got != "n\n40\n" {
		t.Errorf("dd rows: %s", got)
	}
	plain := filepath.Join(t.TempDir(), "b.db")
	runCLI("import", "--db", plain, p)
	if got := queryCSV(t, plain, "SELECT (SELECT count(*) FROM dd) + (SELECT count(*) FROM par) AS n"); got != "n\n0\n" {
		t.Errorf("import without --dd: %s", got)
	}
}

// TestDDArchive: handrec dd --db upgrades an archive of schema version 5,
// solves its deals, says how far it is on stderr, and the next run has
// nothing left to do.
func TestDDArchive(t *testing.T) {
	// Serial: it sets HANDREC_DB (t.Setenv), which every command of the
	// test binary reads when --db is not given.
	p := ddFile(t)
	cur := filepath.Join(t.TempDir(), "cur.db")
	a, err := archive.Open(context.Background(), cur)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pipeline.Import(context.Background(), a, []string{p}, pipeline.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	a.Close()
	db := legacyArchive(t, cur, 5, nil)
	code, out, errs := runCLI("dd", "--db", db)
	wantErr := "handrec: upgraded the archive " + db + " from schema version 5 to " + strconv.Itoa(lastVersion(t)) + "\nhandrec: dd: 2 of 2 games done, 2 distinct deals solved\n"
	if code != 0 || out != "stored the tables of 2 games, 2 distinct deals solved, into "+db+" (the dd and par views)\n" || errs != wantErr {
		t.Fatalf("dd --db: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if got := queryCSV(t, db, ddRows); got != ddWant {
		t.Errorf("dd view:\n%s\nwant:\n%s", got, ddWant)
	}
	if got := queryCSV(t, db, parRows); got != parWant {
		t.Errorf("par view:\n%s\nwant:\n%s", got, parWant)
	}
	// export --dd writes the table of a record of the archive that has none
	_, pbn, _ := runCLI("export", "--db", db, "--dd", "--to", "pbn", "--where", "board = 1")
	if !strings.Contains(pbn, "[OptimumScore \"NS 1510\"]\r\n[ParContract \"NS 7S=\"]\r\n"+
		"[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\r\nN NT  0\r\nN  S 13\r\n") {
		t.Errorf("export --dd:\n%s", pbn)
	}
	t.Setenv("HANDREC_DB", db)
	if code, out, errs := runCLI("dd", "--db"); code != 0 || out != "stored the tables of 0 games, 0 distinct deals solved, into "+db+" (the dd and par views)\n" || errs != "" {
		t.Errorf("dd --db again: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	// $HANDREC_DB does not turn dd FILE into a run on the archive
	if code, out, _ := runCLI("dd", p); code != 0 || !strings.HasPrefix(out, p+" board 1 (#1)\n") {
		t.Errorf("dd FILE with $HANDREC_DB: exit %d, %q", code, out)
	}
	none := filepath.Join(t.TempDir(), "none.db")
	if code, _, errs := runCLI("dd", "--db", none); code != 1 || !strings.Contains(errs, "dd: no archive at "+none) {
		t.Errorf("dd --db with no archive: exit %d, %q", code, errs)
	}
	if _, err := os.Stat(none); err == nil {
		t.Error("dd --db made an archive")
	}
	if code, _, errs := runCLI("dd", "--db", db, p); code != 2 || !strings.Contains(errs, "give no FILE beside it") {
		t.Errorf("dd --db FILE: exit %d, %q", code, errs)
	}
}

// TestImportDDInterrupted: an import --dd interrupted in its second file
// keeps the first with its tables and leaves nothing of the second.
func TestImportDDInterrupted(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "a.db")
	big := filepath.Join(dir, "big.pbn")
	var b strings.Builder
	b.WriteString("[Board \"1\"]\n[Deal \"N:AKQJT9876543... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n")
	for k := 2; k < 300; k++ {
		b.WriteString("\n[Board \"" + itoa(k) + "\"]\n[Deal \"" + "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432" + "\"]\n")
	}
	os.WriteFile(big, []byte(b.String()), 0o644)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// the 12-card hand of board 1 is reported as the first batch is
	// written: the interrupt comes then
	errw := &signalWriter{mark: "big.pbn:", hit: make(chan struct{}), do: cancel}
	var out bytes.Buffer
	code := runOne(ctx, []string{"handrec", "import", "--dd", "--db", db, ddFile(t), big}, strings.NewReader(""), &out, errw)
	if code != exitInterrupted {
		t.Fatalf("exit %d, stderr %s", code, errw.String())
	}
	q := "SELECT (SELECT count(*) FROM sources) AS files, (SELECT count(*) FROM records) AS records, (SELECT count(*) FROM dd) AS dd"
	if got := queryCSV(t, db, q); got != "files,records,dd\n1,2,40\n" {
		t.Errorf("after the interrupt: %s; want the first file only", got)
	}
}

// TestShowAnalyse: show --analyse follows the trick table with the
// analysis; East's king dropped under the ace gives away a trick.
func TestShowAnalyse(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "a.pbn")
	os.WriteFile(p, []byte(`[Board "1"]
[Dealer "S"]
[Vulnerable "None"]
[Deal "N:..32. K3... A4... ...32"]
[Declarer "S"]
[Contract "NT"]
[Result "2"]
[Play "S"]
SA C2 D2 SK
S4 C3 D3 S3
`), 0o644)
	code, out, errs := runCLI("show", "--analyse", "--ascii", p)
	want := `* won the trick

Double-dummy analysis: N-S's tricks in all, won and still to take
Trick  Lead  West   North  East   South  N-S
    1  S     C2     D2     SK?    SA     1 -> 2
    2  S     C3     D3     S3     S4     2 -> 2
trick 1: East's SK cost 1 trick (N-S 1 before it, 2 after)
`
	if code != 0 || errs != "" || !strings.HasSuffix(out, want) {
		t.Errorf("exit %d, stderr %q, stdout:\n%s\nwant it to end:\n%s", code, errs, out, want)
	}
	if _, out, _ := runCLI("show", "--ascii", p); strings.Contains(out, "Double-dummy analysis") {
		t.Error("show without --analyse analyses")
	}
}
