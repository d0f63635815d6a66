package cli

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"handrec/archive"
	"handrec/model"
	"handrec/parser"
	"handrec/pipeline"
)

// goodRecords reads a file as the import does: the records it keeps, those
// without errors and those with something usable.
func goodRecords(t *testing.T, path string) []*model.Record {
	t.Helper()
	doc, err := parser.ReadFile(path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var out []*model.Record
	for _, r := range doc.Records {
		bad := false
		for _, p := range r.Problems {
			bad = bad || p.Severity == model.SevError
		}
		if !bad || archive.Usable(r) {
			out = append(out, r)
		}
	}
	return out
}

// archiveRoundTrip imports dir, then checks for every file that the
// archive gives back its good records: the stored models exactly (loosely
// for a game met first in another file), and the same model again after
// an export to JSON and to the file's own format. It returns import's
// summary, the last line on stderr, with the archive's path cut to "DB".
func archiveRoundTrip(t *testing.T, dir string) (files, records int, sum string) {
	db := filepath.Join(t.TempDir(), "rt.db")
	code, out, errs := runCLI("import", "--db", db, dir)
	lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
	sum = strings.Replace(lines[len(lines)-1], db, "DB", 1)
	if code == exitUsage || out != "" || !strings.HasPrefix(sum, "imported into DB: ") {
		t.Fatalf("import %s: exit %d, stdout %q, stderr:\n%s", dir, code, out, errs)
	}
	paths, err := pipeline.ExpandInputs([]string{dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	a, err := archive.OpenReadOnly(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	for _, path := range paths {
		want := goodRecords(t, path)
		shared := map[int]bool{} // ordinals of games that other places share
		err := a.Query(ctx, `SELECT gs.idx FROM source s JOIN game_source gs ON gs.source_id = s.id
			WHERE s.path = ? AND (SELECT count(*) FROM game_source o WHERE o.game_id = gs.game_id) > 1`, []any{path},
			func(_ []string, v []any) error {
				shared[int(v[0].(int64))] = true
				return nil
			})
		if err != nil {
			t.Fatal(err)
		}
		var got []*model.Record
		if err := a.SourceRecords(ctx, path, func(r *model.Record) error {
			got = append(got, r)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Errorf("%s: %d records in the archive, %d good in the file", path, len(got), len(want))
			continue
		}
		files++
		records += len(got)
		for i := range want {
			// the record as read (model.Diff: JSON 2, which the archive
			// stores, keeps no position within a record), in its place in
			// the file, but for a game met first in another file
			if d := model.Diff(got[i], want[i]); len(d) > 0 {
				t.Errorf("%s: record %d differs in the archive: %s", path, i+1, strings.Join(d, "; "))
				break
			}
			if g, w := got[i], want[i]; !shared[w.Index] && (g.File != w.File || g.Index != w.Index || g.Pos != w.Pos) {
				t.Errorf("%s: record %d is %s #%d at %v in the archive", path, i+1, g.File, g.Index, g.Pos)
				break
			}
		}
		if len(shared) > 0 || (strings.Contains(path, "corpus") && files%4 != 0) {
			// The export below is in archive order, which is another
			// file's; and a quarter of the corpus is enough for it.
			continue
		}
		where := "id IN (SELECT record FROM record_sources WHERE file = '" + strings.ReplaceAll(path, "'", "''") + "')"
		format := "pbn"
		if strings.EqualFold(filepath.Ext(path), ".lin") {
			format = "lin"
		}
		for _, to := range []string{"json", format} {
			code, out, errs := runCLI("export", "--db", db, "--to", to, "--where", where)
			if code != 0 {
				t.Errorf("%s: export --to %s: exit %d: %s", path, to, code, errs)
				continue
			}
			doc, err := parser.ReadAll(path+" (exported)", strings.NewReader(out))
			if err != nil {
				t.Errorf("%s: re-read the %s export: %v", path, to, err)
				continue
			}
			if len(doc.Records) != len(want) {
				t.Errorf("%s: %s export has %d records, want %d", path, to, len(doc.Records), len(want))
				continue
			}
			for i := range want {
				if to == "pbn" && closingSection(want[i]) {
					// a book's closing paragraphs after its auction or play
					// (the diagram reader's Commentary section) have no place
					// in PBN, which allows no commentary after a section's
					// data (3.8): they come back as the comments of a
					// Commentary tag. JSON keeps the record whole.
					continue
				}
				if d := model.Diff(want[i], doc.Records[i]); len(d) > 0 {
					t.Errorf("%s: record %d changed through the archive and %s: %s", path, i+1, to, strings.Join(d, "; "))
					break
				}
			}
		}
	}
	return files, records, sum
}

// closingSection reports whether r holds a book's closing paragraphs
// after its tables: the diagram reader's Commentary section.
func closingSection(r *model.Record) bool {
	for _, s := range r.Sections {
		if s.Tag.Name == "Commentary" && len(s.Columns) == 0 && len(s.Rows) == 0 {
			return true
		}
	}
	return false
}

func TestArchiveRoundTripSamples(t *testing.T) {
	t.Parallel()
	files, records, sum := archiveRoundTrip(t, "samples")
	if files < 9 || records < 30 {
		t.Errorf("samples: %d files, %d records", files, records)
	}
	if want := "imported into DB: 13 files (0 imported before, 0 the same as a file read above, 0 failed): 64 records, 64 new, 0 already there, 1 with errors, 0 left out, 2 with warnings"; sum != want {
		t.Errorf("import samples/: %q\nwant %q", sum, want)
	}
}

func TestArchiveRoundTripCorpus(t *testing.T) {
	t.Parallel()
	const corpus = "../shared/corpus"
	if _, err := os.Stat(corpus); err != nil {
		t.Skip("no corpus at " + corpus)
	}
	if testing.Short() {
		t.Skip("the corpus takes a while")
	}
	files, records, sum := archiveRoundTrip(t, corpus)
	t.Logf("corpus: %d files, %d records through the archive", files, records)
	// TestImportCorpus counts the records and those left out.
	if want := ": 21790 records, "; !strings.Contains(sum, want) || !strings.Contains(sum, " 0 failed)") {
		t.Errorf("import corpus: %q; want %q, no file failed", sum, want)
	}
}

func TestImportQueryExportCLI(t *testing.T) {
	// Serial: it sets HANDREC_DB (t.Setenv), which every command of the
	// test binary reads when --db is not given.
	db := filepath.Join(t.TempDir(), "cli.db")
	// The summary is on stderr, as check's is: stdout carries data only.
	for _, want := range []string{
		"imported into " + db + ": 2 files (0 imported before, 0 the same as a file read above, 0 failed): 4 records, 4 new, 0 already there, 0 with errors, 0 left out, 0 with warnings\n",
		// Again: nothing new.
		"imported into " + db + ": 2 files (2 imported before, 0 the same as a file read above, 0 failed): 4 records, 0 new, 4 already there, 0 with errors, 0 left out, 0 with warnings\n",
	} {
		code, out, errs := runCLI("import", "--db", db, "samples/full_play.pbn", "samples/notes_commentary.pbn")
		if code != 0 || out != "" || errs != want {
			t.Fatalf("import: exit %d, stdout %q, stderr %q; want 0, \"\", %q", code, out, errs, want)
		}
	}
	n := len(goodRecords(t, "samples/full_play.pbn")) + len(goodRecords(t, "samples/notes_commentary.pbn"))

	cases := []struct {
		args []string
		code int
		out  string
		err  string
	}{
		{[]string{"query", "--db", db, "--format", "csv", "SELECT count(*) AS n FROM records"}, 0, "n\n" + strconv.Itoa(n) + "\n", ""},
		{[]string{"query", "--db", db, "--format", "json", "SELECT 1 AS a, 'x' AS b, NULL AS c, 2.5 AS d"}, 0, "[\n  {\"a\": 1, \"b\": \"x\", \"c\": null, \"d\": 2.5}\n]\n", ""},
		{[]string{"query", "--db", db, "SELECT 10 AS n, 'ab' AS s UNION ALL SELECT 7, NULL"}, 0, " n  s\n--  ----\n10  ab\n 7  NULL\n", ""},
		{[]string{"query", "--db", db, "DELETE FROM game"}, 2, "", "handrec: query: DELETE FROM game is not allowed: a query only reads the archive\n"},
		{[]string{"query", "--db", db, "SELEC 1"}, 2, "", "syntax error"},
		{[]string{"query", "--db", db}, 2, "", "give the SQL"},
		{[]string{"query", "--db", db, "--format", "xml", "SELECT 1"}, 2, "", "--format"},
		{[]string{"query", "--db", filepath.Join(t.TempDir(), "none.db"), "SELECT 1"}, 1, "", "no archive"},
		{[]string{"export", "--db", db, "--to", "pbn", "--where", "nonsense = 1"}, 2, "", "no such column: nonsense"},
		{[]string{"export", "--db", db}, 2, "", "--to"},
		{[]string{"import", "--db", db}, 2, "", "no file"},
		{[]string{"import", "--db", db, "no/such/file.pbn"}, 1, "", "no/such/file.pbn"}, // a missing input, not a usage error
	}
	for _, c := range cases {
		code, out, errs := runCLI(c.args...)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d (stderr %q)", c.args, code, c.code, errs)
		}
		if c.out != "" && out != c.out {
			t.Errorf("%v: stdout\n%q\nwant\n%q", c.args, out, c.out)
		}
		if !strings.Contains(errs, c.err) {
			t.Errorf("%v: stderr %q lacks %q", c.args, errs, c.err)
		}
	}

	// show, score and convert take records from the archive.
	where := "board = 2 AND file = 'samples/full_play.pbn'"
	for _, args := range [][]string{
		{"show", "--db", db, "--where", where},
		{"score", "--db", db, "--where", where},
		{"convert", "--to", "json", "--db", db, "--where", where},
	} {
		code, out, errs := runCLI(args...)
		if code != 0 || out == "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	_, show2, _ := runCLI("show", "--board", "2", "samples/full_play.pbn")
	if _, out, _ := runCLI("show", "--db", db, "--where", where); out != show2 {
		t.Errorf("show from the archive:\n%s\nwant, as from the file:\n%s", out, show2)
	}

	// HANDREC_DB names the archive when --db does not.
	t.Setenv("HANDREC_DB", db)
	code, out, _ := runCLI("query", "--format", "csv", "SELECT count(*) FROM records WHERE file = 'samples/full_play.pbn'")
	if want := "count(*)\n" + strconv.Itoa(len(goodRecords(t, "samples/full_play.pbn"))) + "\n"; code != 0 || out != want {
		t.Errorf("query with HANDREC_DB: exit %d, %q, want %q", code, out, want)
	}
	// Export writes a file with -o, its format from the extension.
	o := filepath.Join(t.TempDir(), "out.json")
	if code, _, errs := runCLI("export", "-o", o); code != 0 {
		t.Fatalf("export -o: exit %d: %s", code, errs)
	}
	b, err := os.ReadFile(o)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := parser.ReadAll(o, bytes.NewReader(b))
	if err != nil || len(doc.Records) != n {
		t.Errorf("export -o %s: %d records, %v", o, len(doc.Records), err)
	}
}

// readOnlyCommands are the commands that only read the archive, with the
// arguments that make them read it.
var readOnlyCommands = [][]string{
	{"query", "SELECT count(*) FROM records"},
	{"export", "--to", "json"},
	{"show"},
	{"sheet", "--format", "txt"},
	{"score"},
	{"convert", "--to", "pbn"},
}

// sumOf is the SHA-256 of a file's bytes, "absent" when there is none.
func sumOf(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return "absent"
	}
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%x", sha256.Sum256(b))
}

// allFilesIn names the files of dir, to see a -wal or -shm an open left.
func allFilesIn(t *testing.T, dir string) string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return strings.Join(names, " ")
}

// A command that only reads the archive refuses an archive of an older
// schema, which reading would upgrade, and leaves its bytes as they were;
// handrec upgrade upgrades it, once, and then it is read.
func TestReadOnlyCommandsRefuseOlderArchive(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	db := filepath.Join(dir, "old.db")
	a, err := archive.Open(ctx, db, archive.Options{Version: 1})
	if err != nil {
		t.Fatal(err)
	}
	a.Close()
	sum, files := sumOf(t, db), allFilesIn(t, dir)
	last := strconv.Itoa(lastVersion(t))
	want := "handrec: archive " + db + " has schema version 1, older than this handrec's " + last +
		": run \"handrec upgrade --db " + db + "\" to upgrade it (import and dd --db upgrade it too)\n"
	for _, args := range readOnlyCommands {
		args := append([]string{args[0], "--db", db}, args[1:]...)
		code, out, errs := runCLI(args...)
		if code != 1 || out != "" || errs != want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 1, \"\", %q", args, code, out, errs, want)
		}
		if s, f := sumOf(t, db), allFilesIn(t, dir); s != sum || f != files {
			t.Fatalf("%v changed the archive: sha256 %s, files %q; was %s, %q", args, s, f, sum, files)
		}
	}
	code, out, errs := runCLI("upgrade", "--db", db)
	if want := "handrec: upgraded the archive " + db + " from schema version 1 to " + last + "\n"; code != 0 || out != "" || errs != want {
		t.Errorf("upgrade: exit %d, stdout %q, stderr %q; want 0, \"\", %q", code, out, errs, want)
	}
	code, out, errs = runCLI("upgrade", "--db", db)
	if want := "handrec: the archive " + db + " is at schema version " + last + " already: nothing to upgrade\n"; code != 0 || out != "" || errs != want {
		t.Errorf("second upgrade: exit %d, stdout %q, stderr %q; want 0, \"\", %q", code, out, errs, want)
	}
	code, out, errs = runCLI("query", "--db", db, "--format", "csv", "SELECT count(*) AS n FROM plays")
	if code != 0 || out != "n\n0\n" || errs != "" {
		t.Errorf("query after upgrade: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// A file that is not an archive is refused by every
// command that only reads the archive, and by upgrade and dd --db, with
// one line that says what the file is, exit 1, and the file's bytes as
// they were: no journal mode switched, no archive made of an empty file.
func TestReadOnlyCommandsRefuseNonArchive(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	other := filepath.Join(dir, "other.db")
	sq, err := sql.Open("sqlite3", other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sq.Exec("CREATE TABLE t (a); INSERT INTO t VALUES (1)"); err != nil {
		t.Fatal(err)
	}
	sq.Close()
	empty, text := filepath.Join(dir, "empty.db"), filepath.Join(dir, "text.db")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(text, []byte("[Event \"x\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "none.db")
	cases := map[string]string{
		other:   "handrec: " + other + " is not a handrec archive: a SQLite database with other tables\n",
		empty:   "handrec: " + empty + " is not a handrec archive: an empty file\n",
		text:    "handrec: " + text + " is not a handrec archive: not a SQLite database\n",
		missing: "handrec: no archive at " + missing + "\nTry: handrec import --db " + missing + " FILE|DIR...\n",
	}
	commands := append(readOnlyCommands, []string{"upgrade"})
	for path, want := range cases {
		sum, files := sumOf(t, path), allFilesIn(t, dir)
		for _, args := range commands {
			args := append([]string{args[0], "--db", path}, args[1:]...)
			w := want
			if path == missing && args[0] == "upgrade" {
				w = "handrec: no archive at " + missing + "\n"
			}
			code, out, errs := runCLI(args...)
			if code != 1 || out != "" || errs != w {
				t.Errorf("%v: exit %d, stdout %q, stderr %q; want 1, \"\", %q", args, code, out, errs, w)
			}
			if s, f := sumOf(t, path), allFilesIn(t, dir); s != sum || f != files {
				t.Fatalf("%v changed %s: sha256 %s, files %q; was %s, %q", args, path, s, f, sum, files)
			}
		}
	}
	// dd --db names a missing archive its own way; it makes no archive of
	// an empty file either.
	if code, _, errs := runCLI("dd", "--db", empty); code != 1 || errs != "handrec: "+empty+" is not a handrec archive: an empty file\n" {
		t.Errorf("dd --db %s: exit %d, stderr %q", empty, code, errs)
	}
	if s := sumOf(t, empty); s != fmt.Sprintf("%x", sha256.Sum256(nil)) {
		t.Errorf("dd --db changed the empty file: %s", s)
	}
}
