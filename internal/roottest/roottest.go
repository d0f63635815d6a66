// Package roottest runs a package's tests from the module's root, the
// directory a user of a checkout works in: the command's tests
// (internal/cli) name the samples, the docs and the README as the README
// does (samples/full_play.pbn), and their messages name them so; the
// architecture tests (internal/archtest) walk the tree by the paths its
// files have there (web/serve.go). A package's TestMain calls Chdir
// before m.Run.
package roottest

import (
	"errors"
	"os"
	"path/filepath"
)

// Dir is the module's root: the nearest directory at or above the
// working directory that holds go.mod.
func Dir() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("roottest: no go.mod at or above the working directory")
		}
		dir = up
	}
}

// Chdir makes the module's root the working directory.
func Chdir() error {
	dir, err := Dir()
	if err != nil {
		return err
	}
	return os.Chdir(dir)
}
