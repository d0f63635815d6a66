package cli

import (
	"database/sql"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"handrec/archive"
)

func lastVersion(t *testing.T) int {
	return archive.SchemaVersion()
}

// readSince are the samples that the readers read more of than the
// handrec that made testdata/v3-samples.db: what an archive keeps is what
// its reader understood, so their stored games differ from a fresh import
// by that, and their JSON export by exactly the text given (LIN and PBN
// export are not compared).
var readSince = map[string]string{
	// 6722335: a play cut short with a result is read as a claim
	"samples/notes_commentary.pbn": `,"claim":11`,
}

// An archive that the handrec of schema version 3 made from samples/
// (handrec import samples/ at 649405d, before the domain model in which
// nothing is named after LIN) is
// upgraded by handrec upgrade: no view names anything after LIN (the room of a board
// read from LIN is a fact, listed among the tags as the board's number
// is, not a tag the LIN reader made up), its games are those
// an import of the samples makes now (hash, room, tags, comments), and
// its export writes what converting the samples writes.
func TestUpgradeVersion3Archive(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join("archive", "testdata", "v3-samples.db"))
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "v3.db")
	if err := os.WriteFile(db, b, 0o644); err != nil {
		t.Fatal(err)
	}
	const lin = `SELECT (SELECT count(*) FROM tags t JOIN record_sources s USING (record)
	                      WHERE t.name LIKE 'lin%' OR s.file LIKE '%.lin' AND t.name IN ('HomeTeam', 'VisitTeam'))
	                  + (SELECT count(*) FROM comments WHERE kind LIKE 'lin%') AS n`
	code, out, errs := runCLI("upgrade", "--db", db)
	if want := "handrec: upgraded the archive " + db + " from schema version 3 to " + strconv.Itoa(lastVersion(t)) + "\n"; code != 0 || out != "" || errs != want {
		t.Errorf("upgrade: exit %d, stdout %q, stderr %q; want 0, \"\", %q", code, out, errs, want)
	}
	code, out, errs = runCLI("query", "--db", db, "--format", "csv", lin)
	if code != 0 || out != "n\n0\n" || errs != "" {
		t.Errorf("query: exit %d, stdout %q, stderr %q; want 0, %q, \"\"", code, out, errs, "n\n0\n")
	}

	// the samples the old archive was made from, in their order: those
	// added since are not in it
	_, held, _ := runCLI("query", "--db", db, "--format", "csv", "SELECT path FROM sources ORDER BY id")
	paths := strings.Fields(strings.TrimPrefix(held, "path\n"))
	fresh := filepath.Join(t.TempDir(), "new.db")
	if code, _, errs := runCLI(append([]string{"import", "--db", fresh}, paths...)...); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	const same = " WHERE record NOT IN (SELECT record FROM record_sources WHERE file = 'samples/notes_commentary.pbn')"
	for _, q := range []string{
		"SELECT id, hex(hash), room, tags, warnings FROM game WHERE id IN (SELECT record FROM record_sources" + same + ") ORDER BY id",
		"SELECT * FROM comments" + same + " ORDER BY record, seq",
		"SELECT * FROM problems" + same + " ORDER BY record, seq",
		"SELECT * FROM record_sources ORDER BY record, file",
	} {
		_, got, _ := runCLI("query", "--db", db, "--format", "csv", q)
		_, want, _ := runCLI("query", "--db", fresh, "--format", "csv", q)
		if got != want {
			t.Errorf("%s:\n%s\nwant, as imported now:\n%s", q, got, want)
		}
	}

	files, _ := filepath.Glob(filepath.Join("samples", "*"))
	compared := 0
	for _, f := range files {
		if !strings.Contains(held, "\n"+f+"\n") {
			continue
		}
		compared++
		for _, to := range []string{"lin", "pbn", "json"} {
			code, got, errs := runCLI("export", "--db", db, "--to", to, "--where", "file = '"+f+"'")
			if code != 0 {
				t.Errorf("export %s --to %s: exit %d: %s", f, to, code, errs)
			}
			_, want, _ := runCLI("convert", "--to", to, f)
			if more, ok := readSince[f]; ok {
				if to != "json" {
					continue
				}
				if !strings.Contains(want, more) {
					t.Errorf("convert %s --to json lacks %q: take it out of readSince", f, more)
				}
				want = strings.Replace(want, more, "", 1)
			}
			if got != want {
				t.Errorf("export %s --to %s:\n%.400s\nwant, as convert writes:\n%.400s", f, to, got, want)
			}
		}
	}
	if compared != 9 {
		t.Errorf("compared %d samples with the old archive's, want its 9 (sources: %q)", compared, held)
	}
}

// An archive made before schema version 5 left records with errors out,
// and importing their files again adds nothing, since a file is known by
// its content: the upgrade says so once, on stderr, and import --again
// adds them, each once. (The archive is testdata/v3-samples.db with
// record 2 of samples/full_play.pbn taken out as that handrec left a
// record out: its game, its rows and its link gone, the source's
// problems 1.)
// v3Samples are the samples testdata/v3-samples.db was made from.
var v3Samples = []string{"samples/auction1915_rubber.pbn", "samples/bbo_single.lin", "samples/bridge1899_rubber.pbn",
	"samples/end_position.pbn", "samples/full_play.pbn", "samples/hoyle1904_rubber.pbn", "samples/notes_commentary.pbn",
	"samples/pirate1916_rubber.pbn", "samples/vugraph_match.lin"}

func TestUpgradeFromBefore5LeftOut(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join("archive", "testdata", "v3-samples.db"))
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "v3.db")
	if err := os.WriteFile(db, b, 0o644); err != nil {
		t.Fatal(err)
	}
	sq, err := sql.Open("sqlite3", db)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		"DELETE FROM game_source WHERE source_id = 5 AND idx = 2",
		"DELETE FROM hand WHERE game_id = 16", "DELETE FROM player WHERE game_id = 16", "DELETE FROM call WHERE game_id = 16",
		"DELETE FROM comment WHERE game_id = 16", "DELETE FROM score WHERE game_id = 16", "DELETE FROM trick WHERE game_id = 16",
		"DELETE FROM game WHERE id = 16",
		"UPDATE source SET problems = 1 WHERE id = 5",
	} {
		if _, err := sq.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	sq.Close()
	last := strconv.Itoa(lastVersion(t))
	steps := []struct {
		args []string
		err  string
	}{
		{[]string{"upgrade"}, "handrec: upgraded the archive " + db + " from schema version 3 to " + last + "\n" +
			"handrec: " + db + ": imports before schema version 5 left 1 record with errors out of 1 file, which importing a file again does not add; " +
			"handrec import --again FILE... adds them (handrec query \"SELECT path FROM sources WHERE problems > 0\" lists the files)\n"},
		{[]string{"import", "samples/full_play.pbn"}, "imported into " + db + ": 1 file (1 imported before, 0 the same as a file read above, 0 failed): 1 record, 0 new, 1 already there, 0 with errors, 0 left out, 0 with warnings\n"},
		{append([]string{"import", "--again"}, v3Samples...), "imported into " + db + ": 9 files (0 imported before, 0 the same as a file read above, 9 read again, 0 failed): 33 records, 1 new, 32 already there, 0 with errors, 0 left out, 0 with warnings\n"},
		{append([]string{"import", "--again"}, v3Samples...), "imported into " + db + ": 9 files (0 imported before, 0 the same as a file read above, 9 read again, 0 failed): 33 records, 0 new, 33 already there, 0 with errors, 0 left out, 0 with warnings\n"},
		{[]string{"upgrade"}, "handrec: the archive " + db + " is at schema version " + last + " already: nothing to upgrade\n"},
	}
	for _, s := range steps {
		args := append([]string{s.args[0], "--db", db}, s.args[1:]...)
		if code, out, errs := runCLI(args...); code != 0 || out != "" || errs != s.err {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 0, \"\", %q", args, code, out, errs, s.err)
		}
	}
	const q = "SELECT (SELECT count(*) FROM records) AS records, (SELECT group_concat(record || ':' || idx, ' ') FROM record_sources WHERE file = 'samples/full_play.pbn') AS links, (SELECT count(*) FROM sources WHERE problems > 0) AS incomplete"
	want := "records,links,incomplete\n33,15:1 34:2,0\n"
	if code, out, errs := runCLI("query", "--db", db, "--format", "csv", q); code != 0 || out != want {
		t.Errorf("query: exit %d, stdout %q (%s); want %q", code, out, errs, want)
	}
}
