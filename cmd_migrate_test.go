package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"handrec/archive"
)

func lastVersion(t *testing.T) int {
	n, err := archive.SchemaVersion(schemaSQL)
	if err != nil {
		t.Fatal(err)
	}
	return n
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
// upgraded on open: no view names anything after LIN (the room of a board
// read from LIN is a fact, listed among the tags as the board's number
// is, not a tag the LIN reader made up), its games are those
// an import of the samples makes now (hash, room, tags, comments), and
// its export writes what converting the samples writes.
func TestUpgradeVersion3Archive(t *testing.T) {
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
	code, out, errs := runCLI("query", "--db", db, "--format", "csv", lin)
	if want := "handrec: upgraded the archive " + db + " from schema version 3 to " + strconv.Itoa(lastVersion(t)) + "\n"; code != 0 || out != "n\n0\n" || errs != want {
		t.Errorf("query: exit %d, stdout %q, stderr %q; want 0, %q, %q", code, out, errs, "n\n0\n", want)
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
