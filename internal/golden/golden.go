// Package golden compares a test's output with its golden file under
// testdata/, as go/printer's tests do, and writes the file instead when
// the test runs with -update. The writers' tests (export) and the
// renderers' (render) share it.
package golden

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// update rewrites the golden files under testdata/ from the output.
var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// Check compares got with the golden file path, or writes it with -update.
func Check(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the package's tests with -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the output:\n--- want\n%s\n--- got\n%s", path, want, got)
	}
}
