package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// akqjFile writes a board whose four hands are each AKQJ.AKQ.AKQ.AKQ:
// thirteen cards dealt four times, 39 to no one.
func akqjFile(t *testing.T) string {
	p := filepath.Join(t.TempDir(), "akqj.pbn")
	src := "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n" +
		"[Deal \"N:AKQJ.AKQ.AKQ.AKQ AKQJ.AKQ.AKQ.AKQ AKQJ.AKQ.AKQ.AKQ AKQJ.AKQ.AKQ.AKQ\"]\n"
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const (
	faultyBoard2 = "samples/faulty_deal.pbn:14:1: board 2: deal cannot be solved: SK is dealt twice, S3 to no one\n"
	akqjBoard1   = ":1:1: board 1: deal cannot be solved: SA is dealt 4 times (and 12 more cards more than once), 39 cards to no one\n"
)

// TestDDNotADeal: a deal with a card dealt twice (and so one to no one)
// cannot be solved, as a short hand cannot: dd says
// why at the record and exits 1, and prints the boards it could solve.
func TestDDNotADeal(t *testing.T) {
	t.Parallel()
	akqj := akqjFile(t)
	board1 := `samples/faulty_deal.pbn board 1 (#1)
      C  D  H  S NT
  N   6  8  5  8  7
  E   6  5  7  4  5
  S   6  8  5  8  7
  W   6  5  7  4  5
  par NS 110: NS 2S=
`
	// what the reading said of the deal comes first, as check says it, and
	// the summary of what was read last
	faultyRead := "samples/faulty_deal.pbn:20:27: deal: SK is dealt twice (again to East)\n"
	faultySum := "dd: read 1 file (0 failed): 2 records, 1 with errors (board 2 at samples/faulty_deal.pbn:14), 0 with warnings\n"
	var akqjRead strings.Builder
	for _, col := range []string{"27: deal: SA", "28: deal: SK", "29: deal: SQ", "30: deal: SJ", "32: deal: HA"} {
		akqjRead.WriteString(akqj + ":4:" + col + " is dealt twice (again to East)\n")
	}
	// the deal that cannot be solved is said after what its reading said,
	// before the file's kinds cut short
	akqjRead.WriteString(akqj + ":4:40: deal: and 29 more faults in this value\n" + akqj + akqjBoard1 +
		akqj + ": ... and 5 more of this kind: deal: SA is dealt twice (again to East)\n")
	akqjErrs := akqjRead.String() + "dd: read 1 file (0 failed): 1 record, 1 with errors (board 1 at " + akqj + ":1), 0 with warnings\n"
	for _, c := range []struct {
		name         string
		args         []string
		stdout, errs string
	}{
		{"faulty_deal", []string{"dd", "samples/faulty_deal.pbn"}, board1, faultyRead + faultyBoard2 + faultySum},
		{"akqj", []string{"dd", akqj}, "", akqjErrs},
		{"json", []string{"dd", "--format", "json", akqj}, "{\"deals\":[]}\n", akqjErrs},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := runCLI(c.args...)
			if code != exitInput || out != c.stdout || errs != c.errs {
				t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s\nwant exit 1, stdout:\n%s\nstderr:\n%s", code, out, errs, c.stdout, c.errs)
			}
		})
	}
}

// TestConvertDDNotADeal: --dd adds no table to a deal that cannot be
// solved, and one to the board beside it.
func TestConvertDDNotADeal(t *testing.T) {
	t.Parallel()
	_, out, _ := runCLI("convert", "--to", "pbn", "--dd", "samples/faulty_deal.pbn")
	if n := strings.Count(out, "[OptimumResultTable "); n != 1 || !strings.Contains(out, "[ParContract \"NS 2S=\"]") {
		t.Errorf("%d tables:\n%s", n, out)
	}
}

// TestImportDDNotADeal: import --dd keeps the records whose deal cannot
// be solved, with their problems, and stores no table for them; dd --db
// then says at each why it has none, and exits 1.
func TestImportDDNotADeal(t *testing.T) {
	t.Parallel()
	akqj := akqjFile(t)
	db := filepath.Join(t.TempDir(), "a.db")
	code, _, _ := runCLI("import", "--db", db, "--dd", "samples/faulty_deal.pbn", akqj)
	if code != 0 {
		t.Fatalf("import --dd: exit %d", code)
	}
	q := "SELECT (SELECT count(*) FROM records) AS records, (SELECT count(DISTINCT record) FROM dd) AS tables, " +
		"(SELECT count(*) FROM dd) AS dd, (SELECT group_concat(record) FROM par) AS par"
	if got := queryCSV(t, db, q); got != "records,tables,dd,par\n3,1,20,1\n" {
		t.Errorf("after import --dd: %s; want board 1 of faulty_deal.pbn alone solved", got)
	}
	code, out, errs := runCLI("dd", "--db", db)
	wantOut := "stored the tables of 0 games, 0 distinct deals solved, into " + db + " (the dd and par views)\n"
	wantErr := faultyBoard2 + akqj + akqjBoard1 + "handrec: dd: 2 of 2 games done, 0 distinct deals solved\n"
	if code != exitInput || out != wantOut || errs != wantErr {
		t.Errorf("dd --db: exit %d, stdout %q, stderr:\n%s\nwant exit 1, stdout %q, stderr:\n%s", code, out, errs, wantOut, wantErr)
	}
	if got := queryCSV(t, db, q); got != "records,tables,dd,par\n3,1,20,1\n" {
		t.Errorf("after dd --db: %s", got)
	}
}
