package export_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"handrec/export"
	"handrec/internal/golden"
	"handrec/parser"
)

// Each PBN sample exported as PBN (Latin-1, the default) and as JSON,
// against golden files under testdata/pbn (go test ./export -update
// rewrites them); exporting a golden PBN file gives it back byte for byte.
func TestPBNExportGolden(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("../samples/*.pbn")
	if len(files) == 0 {
		t.Fatal("no samples")
	}
	for _, f := range files {
		base := strings.TrimSuffix(filepath.Base(f), ".pbn")
		t.Run(base, func(t *testing.T) {
			t.Parallel()
			doc, err := parser.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var pbn, js bytes.Buffer
			if err := export.WritePBN(&pbn, doc, export.PBNOptions{}); err != nil {
				t.Fatal(err)
			}
			if err := export.WriteJSON(&js, doc); err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", "pbn", base+".pbn"), pbn.Bytes())
			golden.Check(t, filepath.Join("testdata", "pbn", base+".json"), js.Bytes())

			doc2, err := parser.ReadAll(base+".pbn", bytes.NewReader(pbn.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			var again bytes.Buffer
			if err := export.WritePBN(&again, doc2, export.PBNOptions{}); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(again.Bytes(), pbn.Bytes()) {
				t.Errorf("%s: exporting the export changes it", base)
			}
		})
	}
}
