package output

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// resolve follows path's symlinks, one at a time, to the name the output
// is written to: a file, a name that does not exist yet (a dangling
// link's target, created as a shell's ">" creates it), or a descriptor's
// name (/dev/stdout leads to /proc/self/fd/1, which leads to whatever a
// shell redirected it to: the descriptor is what is meant).
func resolve(path string) (string, error) {
	p := path
	for range 40 {
		if descriptorName(p) != "" {
			return p, nil
		}
		fi, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return p, nil
		}
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return p, err
		}
		t, err := os.Readlink(p)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(t) {
			t = filepath.Join(filepath.Dir(p), t)
		}
		p = t
	}
	return "", fmt.Errorf("%s: too many levels of symbolic links", path)
}

// descriptorName is the number of the open descriptor path names
// (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N), or "".
func descriptorName(path string) string {
	p := filepath.Clean(path)
	switch p {
	case "/dev/stdin":
		return "0"
	case "/dev/stdout":
		return "1"
	case "/dev/stderr":
		return "2"
	}
	for _, dir := range []string{"/dev/fd/", "/proc/self/fd/"} {
		if n, ok := strings.CutPrefix(p, dir); ok {
			if _, err := strconv.ParseUint(n, 10, 31); err == nil {
				return n
			}
		}
	}
	return ""
}

// Descriptor reports the open descriptor that path names, through its
// symlinks: 1 for /dev/stdout or a link to it. A command writes its own
// stdout and stderr there rather than open them again.
func Descriptor(path string) (int, bool) {
	p, err := resolve(path)
	if err != nil {
		return 0, false
	}
	n, err := strconv.Atoi(descriptorName(p))
	return n, err == nil
}

// sqliteParts are the files SQLite keeps beside a database NAME, named
// NAME-suffix, and what each is.
var sqliteParts = []struct{ suffix, what string }{
	{"-wal", "the write-ahead log"},
	{"-shm", "the shared-memory index"},
	{"-journal", "the rollback journal"},
}

// sqlitePart says what part of an SQLite database path is, when it is
// one: "the write-ahead log of the SQLite database x.db". Writing over it
// would corrupt the database, or lose what it has not yet checkpointed.
func sqlitePart(path string) (string, bool) {
	for _, p := range sqliteParts {
		db, ok := strings.CutSuffix(path, p.suffix)
		if ok && isSQLite(db) {
			return p.what + " of the SQLite database " + db, true
		}
	}
	return "", false
}

// isSQLite reports whether path is an SQLite database, by its header.
func isSQLite(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var head [16]byte
	_, err = io.ReadFull(f, head[:])
	return err == nil && string(head[:]) == "SQLite format 3\x00"
}

// temps are the temporary files of outputs being written, so that an
// interrupted process can remove them before it exits.
var (
	mu    sync.Mutex
	temps = map[string]struct{}{}
)

func track(name string) {
	mu.Lock()
	temps[name] = struct{}{}
	mu.Unlock()
}

// untrack forgets a temporary file, and removes it when remove is set.
func untrack(name string, remove bool) {
	mu.Lock()
	defer mu.Unlock()
	delete(temps, name)
	if remove {
		os.Remove(name)
	}
}

// RemoveTemporary removes the temporary file of every output neither
// committed nor aborted: what a process that a signal stops does before
// it exits. A Commit after it fails and puts nothing in place.
func RemoveTemporary() {
	mu.Lock()
	defer mu.Unlock()
	for name := range temps {
		os.Remove(name)
		delete(temps, name)
	}
}
