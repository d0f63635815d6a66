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

// File is an output being written. A regular file (or a new one) is
// written to a temporary file in the directory of its final name and
// renamed into place by Commit; until then the final name keeps what it
// held, and Abort (or a failed Commit) removes the temporary file, so that
// a failed command leaves no partial or empty output. A FIFO, a character
// device or an open descriptor (/dev/stdout, /dev/fd/3) is written in
// place: it cannot be renamed over, and renaming onto the file a
// descriptor is open on would replace what a shell redirected it to.
type File struct {
	*os.File
	final   string // the name Commit renames onto: a symlink's target; "" in place
	done    bool
	inPlace bool
}

// RefusedError is Create's error for an output it will not write: a file
// that belongs to an SQLite database, which only SQLite may write. It is
// the command line's mistake, as an output that is one of the inputs is.
type RefusedError struct {
	Path string // the output as given
	Why  string // "the write-ahead log of the SQLite database x.db"
}

func (e *RefusedError) Error() string { return e.Path + " is " + e.Why }

// Create starts the output path. When path is a symlink the file it
// points to is written and the link stays; a link that points to no file
// yet is written through, creating its target, as a shell's ">" does.
func Create(path string) (*File, error) {
	final, err := resolve(path)
	if err != nil {
		return nil, err
	}
	if why, ok := sqlitePart(final); ok {
		return nil, &RefusedError{Path: path, Why: why}
	}
	if descriptorName(final) != "" {
		return inPlace(final)
	}
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(final); err == nil {
		switch {
		case fi.Mode()&(fs.ModeNamedPipe|fs.ModeCharDevice) != 0:
			return inPlace(final)
		case !fi.Mode().IsRegular():
			return nil, fmt.Errorf("%s: not a regular file", path)
		}
		mode = fi.Mode().Perm()
	}
	f, err := os.CreateTemp(filepath.Dir(final), "."+filepath.Base(final)+".*.tmp")
	if errors.Is(err, fs.ErrNotExist) {
		// Say so without the temporary file's random name.
		if final != path {
			return nil, fmt.Errorf("%s: its target %s is in no directory that exists", path, final)
		}
		return nil, fmt.Errorf("%s: no directory %s", path, filepath.Dir(final))
	}
	if err != nil {
		return nil, err
	}
	track(f.Name())
	if err := f.Chmod(mode); err != nil {
		f.Close()
		untrack(f.Name(), true)
		return nil, err
	}
	return &File{File: f, final: final}, nil
}

// inPlace opens a FIFO, a device or a descriptor to write to it as it is.
// A descriptor is appended to: "-o /dev/stdout >> log" adds to the log.
func inPlace(path string) (*File, error) {
	flag := os.O_WRONLY
	if descriptorName(path) != "" {
		flag |= os.O_APPEND
	}
	f, err := os.OpenFile(path, flag, 0)
	if err != nil {
		return nil, err
	}
	return &File{File: f, inPlace: true}, nil
}

// Commit closes the file and renames it into place.
func (f *File) Commit() error {
	if f.done {
		return errors.New("output: committed twice")
	}
	f.done = true
	err := f.File.Close()
	if f.inPlace {
		return err
	}
	tmp := f.File.Name()
	mu.Lock()
	defer mu.Unlock()
	if _, ok := temps[tmp]; !ok {
		return errors.New("output: interrupted") // RemoveTemporary took it
	}
	if err == nil {
		err = os.Rename(tmp, f.final)
	}
	if err != nil {
		os.Remove(tmp)
	}
	delete(temps, tmp)
	return err
}

// Abort drops the file; after Commit it does nothing, so that it can be
// deferred. What went to a FIFO or a device stays written.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.File.Close()
	if !f.inPlace {
		untrack(f.File.Name(), true)
	}
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
