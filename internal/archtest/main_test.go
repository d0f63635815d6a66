package archtest

import (
	"fmt"
	"os"
	"testing"

	"handrec/internal/roottest"
)

// TestMain runs the tests from the module's root, whose tree they walk
// by the paths its files have there (web/serve.go).
func TestMain(m *testing.M) {
	if err := roottest.Chdir(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}
