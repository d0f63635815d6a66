package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	pq "github.com/parquet-go/parquet-go"

	"handrec/archive"
	"handrec/internal/nodetest"
	"handrec/parquet"
)

// parquetReader is the node_modules that holds hyparquet and
// hyparquet-compressors (HANDREC_NODE_MODULES or NODE_PATH); the test
// skips without node or them.
func parquetReader(t *testing.T) string {
	abs, err := filepath.Abs(nodetest.Modules(t, "hyparquet", "hyparquet-compressors"))
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// TestExportParquetReadBack exports an archive as Parquet and reads the
// files back with hyparquet, a reader of its own (in node): its row
// counts, the columns' types, and the answers of some of the README's
// queries it computes from the files are those of the archive.
func TestExportParquetReadBack(t *testing.T) {
	t.Parallel()
	mods := parquetReader(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "a.db")
	for _, args := range [][]string{{"--dd", "samples/full_play.pbn"}, {"samples/"}} {
		if code, _, errs := runCLI(append([]string{"import", "--db", db}, args...)...); code != 0 {
			t.Fatalf("import %v: exit %d: %s", args, code, errs)
		}
	}
	out := filepath.Join(dir, "out")
	code, stdout, errs := runCLI("export", "--db", db, "--to", "parquet", "-o", out)
	if code != 0 || stdout != "" {
		t.Fatalf("export: exit %d, stdout %q, stderr %q", code, stdout, errs)
	}
	want := archiveAnswers(t, db)
	var lines []string
	for _, v := range parquet.Views {
		lines = append(lines, fmt.Sprintf("handrec: export: %s: %d rows, ", filepath.Join(out, v.Name+".parquet"), want.Rows[v.Name]))
	}
	got := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
	for i := range lines {
		if i >= len(got) || !strings.HasPrefix(got[i], lines[i]) || !strings.HasSuffix(got[i], " bytes") {
			t.Fatalf("export: stderr %q; want lines starting %q", errs, lines)
		}
	}

	// the reader runs beside a node_modules that is the one given
	if err := os.Symlink(mods, filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	script, err := os.ReadFile("testdata/parquet_read.mjs")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "read.mjs"), script, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", filepath.Join(dir, "read.mjs"), out)
	cmd.Stderr = os.Stderr
	js, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var read parquetAnswers
	if err := json.Unmarshal(js, &read); err != nil {
		t.Fatalf("node's answer %s: %v", js, err)
	}
	if !reflect.DeepEqual(read, want) {
		t.Errorf("hyparquet reads\n%+v\nthe archive answers\n%+v", read, want)
	}
	// and the archive's answers are those of the samples
	if w := map[string]int{"records": 64, "hands": 255, "calls": 105, "plays": 166, "travellers": 4, "dd": 40}; !reflect.DeepEqual(want.Rows, w) {
		t.Errorf("the archive's views hold %v rows, want %v", want.Rows, w)
	}
}

// parquetAnswers is what testdata/parquet_read.mjs prints.
type parquetAnswers struct {
	Rows    map[string]int      `json:"rows"`
	Types   map[string][]string `json:"types"`
	Strong  int                 `json:"strong"`
	ThreeNT map[string][2]int   `json:"threeNT"`
	Leads   map[string]int      `json:"leads"`
	DD      [][4]any            `json:"dd"`
	Alerts  int                 `json:"alerts"`
	ScoreNS float64             `json:"scoreNS"`
}

// archiveAnswers asks the archive what the reader computes from the files.
func archiveAnswers(t *testing.T, path string) parquetAnswers {
	t.Helper()
	ctx := context.Background()
	db, err := archive.OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	each := func(q string, fn func(v []any)) {
		t.Helper()
		if err := db.Query(ctx, q, nil, func(_ []string, v []any) error { fn(v); return nil }); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	one := func(q string) (n int) {
		each(q, func(v []any) { n = int(v[0].(int64)) })
		return n
	}
	a := parquetAnswers{Rows: map[string]int{}, Types: map[string][]string{}, ThreeNT: map[string][2]int{}, Leads: map[string]int{}, DD: [][4]any{}}
	kinds := map[parquet.Kind]string{parquet.Int: "INT64", parquet.Float: "DOUBLE", parquet.Text: "BYTE_ARRAY"}
	for _, v := range parquet.Views {
		a.Rows[v.Name] = one("SELECT count(*) FROM " + v.Name)
		for _, c := range v.Columns {
			a.Types[v.Name] = append(a.Types[v.Name], c.Name+":"+kinds[c.Kind]+":OPTIONAL")
		}
	}
	a.Strong = one("SELECT count(*) FROM hands h WHERE h.hcp >= 20 AND (h.s_len >= 5 OR h.h_len >= 5)")
	each("SELECT CASE WHEN declarer IN ('N', 'S') THEN 'NS' ELSE 'EW' END AS side, count(*), sum(CASE WHEN tricks >= 9 THEN 1 ELSE 0 END) "+
		"FROM records WHERE contract LIKE '3NT%' GROUP BY side", func(v []any) {
		a.ThreeNT[v[0].(string)] = [2]int{int(v[1].(int64)), int(v[2].(int64))}
	})
	each("SELECT card, count(*) FROM plays WHERE seq = 1 GROUP BY card", func(v []any) { a.Leads[v[0].(string)] = int(v[1].(int64)) })
	each("SELECT r.board, r.contract, r.tricks, d.tricks FROM records r JOIN dd d ON d.record = r.id AND d.declarer = r.declarer AND d.strain = r.strain",
		func(v []any) {
			a.DD = append(a.DD, [4]any{float64(v[0].(int64)), v[1], float64(v[2].(int64)), float64(v[3].(int64))})
		})
	// in the order of their JSON text, as the reader sorts them
	key := func(r [4]any) string { b, _ := json.Marshal(r); return string(b) }
	sort.Slice(a.DD, func(i, j int) bool { return key(a.DD[i]) < key(a.DD[j]) })
	a.Alerts = one("SELECT count(*) FROM calls WHERE alert = 1")
	each("SELECT coalesce(sum(score_ns), 0) FROM travellers", func(v []any) { a.ScoreNS = float64(v[0].(int64)) })
	return a
}

// TestParquetCreatedBy: a Parquet file's footer names its writer as
// --version names the build, in the form Parquet's readers parse; a build
// from a clone says "devel" and its commit, never "handrec version (build )".
func TestParquetCreatedBy(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		b    build
		want string
	}{
		{build{version: "devel"}, "handrec version devel"},
		{build{version: "devel", rev: "1917970abcde", at: "2025-11-28T23:00:00Z"}, "handrec version devel (build 1917970abcde)"},
		{build{version: "devel", rev: "1917970abcde", dirty: true}, "handrec version devel (build 1917970abcde, modified)"},
		{build{version: "v1.2.0"}, "handrec version v1.2.0"},
	} {
		if got := c.b.createdBy(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.b, got, c.want)
		}
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "a.db")
	if code, _, errs := runCLI("import", "--db", db, "samples/full_play.pbn"); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	out := filepath.Join(dir, "out")
	if code, _, errs := runCLI("export", "--db", db, "--to", "parquet", "-o", out); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	f, err := os.Open(filepath.Join(out, "records.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	pf, err := pq.OpenFile(f, st.Size())
	if err != nil {
		t.Fatal(err)
	}
	if got := pf.Metadata().CreatedBy; got != createdBy() || !strings.HasPrefix(got, "handrec version devel") {
		t.Errorf("created_by %q, want %q, which begins \"handrec version devel\" in a test", got, createdBy())
	}
}
