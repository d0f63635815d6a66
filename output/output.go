// Package output is where the commands write: files that appear only
// once written whole, writers that remember their first error, and text
// made safe to show on a terminal. It imports only the standard library.
package output

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// File is an output being written: a temporary file in the directory of
// its final name, renamed into place by Commit. Until then the final name
// keeps what it held; Abort (or a failed Commit) removes the temporary
// file, so that a failed command leaves no partial or empty output.
type File struct {
	*os.File
	final string // the name Commit renames onto: a symlink's target
	done  bool
}

// Create starts the output path. When path is a symlink the file it
// points to is replaced, and the link stays.
func Create(path string) (*File, error) {
	final := path
	mode := fs.FileMode(0o644)
	if fi, err := os.Lstat(path); err == nil {
		if fi.Mode()&fs.ModeSymlink != 0 {
			if t, err := filepath.EvalSymlinks(path); err == nil {
				final = t
			}
		}
		if fi, err := os.Stat(final); err == nil {
			if !fi.Mode().IsRegular() {
				return nil, fmt.Errorf("%s: not a regular file", path)
			}
			mode = fi.Mode().Perm()
		}
	}
	f, err := os.CreateTemp(filepath.Dir(final), "."+filepath.Base(final)+".*.tmp")
	if err != nil {
		return nil, err
	}
	if err := f.Chmod(mode); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return &File{File: f, final: final}, nil
}

// Commit closes the file and renames it into place.
func (f *File) Commit() error {
	if f.done {
		return errors.New("output: committed twice")
	}
	f.done = true
	err := f.File.Close()
	if err == nil {
		err = os.Rename(f.File.Name(), f.final)
	}
	if err != nil {
		os.Remove(f.File.Name())
	}
	return err
}

// Abort drops the file; after Commit it does nothing, so that it can be
// deferred.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.File.Close()
	os.Remove(f.File.Name())
}

// SameAs returns the first of inputs that is the file out (or its
// target), and whether there is one. A command refuses to write over its
// own input: the output is written before the input is read to its end.
func SameAs(out string, inputs []string) (string, bool) {
	oi, err := os.Stat(out)
	if err != nil {
		return "", false
	}
	for _, in := range inputs {
		if ii, err := os.Stat(in); err == nil && os.SameFile(oi, ii) {
			return in, true
		}
	}
	return "", false
}

// Checked is a writer that keeps the first error a write returned and
// fails every write after it: a command checks Err once at the end
// rather than every Fprintf.
type Checked struct {
	W   io.Writer
	err error
}

func (c *Checked) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.W.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	if err != nil {
		c.err = err
	}
	return n, err
}

// Err is the first write error, or nil.
func (c *Checked) Err() error { return c.err }
