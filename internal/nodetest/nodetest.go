// Package nodetest finds the npm packages that tests run in node as
// independent checks (a third-party PBN reader, a scorer, a Parquet
// reader): the node_modules folder that HANDREC_NODE_MODULES (or
// NODE_PATH) names, which .ci/run fills.
package nodetest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Modules is the node_modules folder that holds every one of pkgs; the
// test skips, saying why, without node, without the folder or without a
// package in it.
func Modules(t testing.TB, pkgs ...string) string {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node not installed")
	}
	mods := os.Getenv("HANDREC_NODE_MODULES")
	if mods == "" {
		mods = os.Getenv("NODE_PATH")
	}
	names := "npm " + strings.Join(pkgs, ", ")
	if mods == "" {
		t.Skip(names + " not found: set HANDREC_NODE_MODULES to a node_modules holding it")
	}
	for _, p := range pkgs {
		if _, err := os.Stat(filepath.Join(mods, p)); err != nil {
			t.Skip("npm " + p + " not installed in " + mods)
		}
	}
	return mods
}
