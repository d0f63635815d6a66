package pipeline_test

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"handrec/archive"
	_ "handrec/archive/sqlite" // the engine of the corpus archive
	"handrec/export"
	"handrec/model"
	"handrec/parser"
	"handrec/pipeline"
)

// TestImportCorpus imports the whole shared corpus: every
// record check reads is kept but those with nothing usable, those with
// errors are found by the problems view, and the archive exported to PBN
// reads back with no error its sources did not have; exported to JSON (and
// the LIN records to LIN) it reads back as the same models.
func TestImportCorpus(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..", "shared", "corpus")
	files, err := pipeline.ExpandInputs([]string{root}, nil)
	if err != nil || testing.Short() {
		t.Skip("no corpus at", root)
	}
	ctx := context.Background()
	db, err := archive.Open(ctx, filepath.Join(t.TempDir(), "corpus.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	start := time.Now()
	var leftOut []string
	sum, err := pipeline.Import(ctx, db, files, pipeline.ImportOptions{ImportOptions: archive.ImportOptions{
		Scores: archive.AllScores,
		Problem: func(p model.Problem) {
			if strings.Contains(p.Message, " left out: ") {
				leftOut = append(leftOut, p.Message)
			}
		}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("import: %s in %v", sum, time.Since(start).Round(time.Millisecond))
	// check reads 21,790 records; 17 (of errors_10.pbn and errors_20.pbn,
	// pbnj's test files) hold nothing but a faulty tag: 99.922% are kept.
	if sum.Records != 21790 || sum.Bad != 17 || sum.Failed != 0 {
		t.Errorf("import: %s; want 21790 records, 17 left out, no file failed", sum)
	}
	for _, m := range leftOut {
		if !strings.HasSuffix(m, "nothing usable (no deal, auction, play, contract or table)") {
			t.Errorf("left out: %s", m)
		}
	}
	var faulty, withErrors int
	if err := db.SQL().QueryRow("SELECT count(DISTINCT record) FROM problems WHERE severity = 'error'").Scan(&faulty); err != nil {
		t.Fatal(err)
	}
	if err := db.SQL().QueryRow("SELECT count(*) FROM records WHERE errors > 0").Scan(&withErrors); err != nil {
		t.Fatal(err)
	}
	if faulty != withErrors || faulty == 0 {
		t.Errorf("problems view: %d records with errors, records view %d", faulty, withErrors)
	}
	t.Logf("%d records kept (%.3f%%), %d with errors", sum.Records-sum.Bad, 100*float64(sum.Records-sum.Bad)/float64(sum.Records), faulty)

	start = time.Now()
	var recs []*model.Record
	var lin []bool
	if err := db.Records(ctx, "", func(r *model.Record) error {
		recs = append(recs, r)
		lin = append(lin, strings.HasSuffix(strings.ToLower(r.File), ".lin"))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if n := corpusSame(t, "json", recs, export.WriteJSON); n > 0 {
		t.Logf("json: %d records differ", n)
	}
	// LIN is written file by file: a file's boards share its vg and rs.
	var linFiles [][]*model.Record
	for i, r := range recs {
		if !lin[i] {
			continue
		}
		if n := len(linFiles); n == 0 || linFiles[n-1][0].File != r.File {
			linFiles = append(linFiles, nil)
		}
		linFiles[len(linFiles)-1] = append(linFiles[len(linFiles)-1], r)
	}
	differ := 0
	for _, f := range linFiles {
		differ += corpusSame(t, "lin", f, export.WriteLIN)
	}
	t.Logf("lin: %d files, %d records differ", len(linFiles), differ)
	// Last: the PBN writer changes the records it is given (an alert's
	// explanation), which the comparisons above would see.
	corpusPBN(t, recs)
	t.Logf("export and read back: %v", time.Since(start).Round(time.Millisecond))
}

// errorSet is the messages of a record's errors, positions left out.
func errorSet(r *model.Record) map[string]bool {
	s := map[string]bool{}
	for _, p := range r.Problems {
		if p.Severity == model.SevError {
			s[p.Message] = true
		}
	}
	return s
}

// corpusPBN exports recs to PBN and reads them back: no record has an
// error its source did not have.
func corpusPBN(t *testing.T, recs []*model.Record) {
	var b bytes.Buffer
	if err := export.WritePBN(&b, &model.Document{Records: recs}, export.PBNOptions{}); err != nil {
		t.Fatal(err)
	}
	doc, err := parser.ReadAll("corpus.pbn", bytes.NewReader(b.Bytes()))
	if doc == nil || len(doc.Records) != len(recs) {
		t.Fatalf("PBN read back: %v, want %d records", err, len(recs))
	}
	bad := 0
	for i, r := range doc.Records {
		had := errorSet(recs[i])
		for m := range errorSet(r) {
			if had[m] {
				continue
			}
			bad++
			t.Errorf("PBN record %d (%s): new error %q", i+1, recs[i].File, m)
		}
	}
	t.Logf("PBN: %d records, %d new errors", len(recs), bad)
}

// corpusSame exports recs with write and reads them back: each is the
// record exported. It gives the number of records that differ.
func corpusSame(t *testing.T, name string, recs []*model.Record, write func(io.Writer, *model.Document) error) int {
	var b bytes.Buffer
	if err := write(&b, &model.Document{Records: recs}); err != nil {
		t.Fatal(err)
	}
	doc, err := parser.ReadAll("corpus."+name, bytes.NewReader(b.Bytes()))
	if doc == nil || len(doc.Records) != len(recs) {
		t.Fatalf("%s read back: %v, want %d records", name, err, len(recs))
	}
	differ := 0
	for i, r := range doc.Records {
		if d := model.Diff(r, recs[i]); len(d) > 0 {
			differ++
			if differ <= 3 {
				t.Errorf("%s record %d (%s): %s", name, i+1, recs[i].File, strings.Join(d, "; "))
			}
		}
	}
	return differ
}
