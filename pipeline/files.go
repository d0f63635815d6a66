// Package pipeline is what the commands share between reading records
// and writing them: the files read in order, the conversion to one
// format (convert and export), and the streamed score report. It joins
// parser and the writers (export, render), which do not know each other;
// the archive is wired in by the command as a Source.
package pipeline

import (
	"context"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"

	"handrec/model"
	"handrec/parser"
)

// Source gives its records to fn in order, and stops at fn's first error.
type Source func(fn func(*model.Record) error) error

// recordExts are the file names a directory walk picks up (a .txt file
// only when it starts as a deal diagram: isDiagram).
var recordExts = map[string]bool{".pbn": true, ".lin": true, ".json": true, ".txt": true}

// StdinName is the argument that names standard input, as Unix tools
// take it.
const StdinName = "-"

// openInput opens a file, or stdin for "-".
func openInput(ctx context.Context, stdin io.Reader, path string) (io.ReadCloser, error) {
	if path == StdinName {
		return io.NopCloser(stdin), nil
	}
	return openFile(ctx, path)
}

// openFile opens path. Opening a FIFO waits for a writer, for ever if
// none comes: it waits aside, so that a cancelled ctx (a signal) ends the
// wait, and the open left waiting is let through and closed. A directory
// (one ExpandInputs could not walk) fails as reading it fails.
func openFile(ctx context.Context, path string) (*os.File, error) {
	fi, err := os.Stat(path)
	if err == nil && fi.IsDir() {
		if _, err := os.ReadDir(path); err != nil {
			return nil, err
		}
		return nil, &fs.PathError{Op: "read", Path: path, Err: syscall.EISDIR}
	}
	if err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
		return os.Open(path)
	}
	type opened struct {
		f   *os.File
		err error
	}
	ch := make(chan opened, 1)
	go func() {
		f, err := os.Open(path)
		ch <- opened{f, err}
	}()
	select {
	case o := <-ch:
		return o.f, o.err
	case <-ctx.Done():
		// A writer that opens and closes at once lets the reader's open
		// return (and read nothing).
		if w, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
		go func() {
			if o := <-ch; o.f != nil {
				o.f.Close()
			}
		}()
		return nil, ctx.Err()
	}
}

// ExpandInputs turns FILE|DIR arguments into files: directories are walked
// recursively for hand-record files, in name order; files named on the
// command line are taken whatever their name (the format is read from the
// content), and "-" is standard input. A walk takes regular files (and
// links to them) only: a FIFO, a socket or a device named x.pbn would
// block the command or read forever, so it goes to skipped (if not nil)
// and is left out. Named on the command line, a FIFO is read: the user
// asked for it. A directory that cannot be read (its permissions) is
// given in its place among the files, so that reading it fails as an
// unreadable file does: the command reports it, in its own way, and
// goes on with the others.
func ExpandInputs(args []string, skipped func(path string)) ([]string, error) {
	var out []string
	for _, a := range args {
		if a == StdinName {
			out = append(out, a)
			continue
		}
		info, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			out = append(out, a)
			continue
		}
		found, err := walkRecords(a, skipped)
		if err != nil {
			return nil, err
		}
		out = append(out, found...)
	}
	return out, nil
}

// walkRecords is the hand-record files under dir, in name order.
func walkRecords(dir string, skipped func(path string)) ([]string, error) {
	var found []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil && d != nil && d.IsDir() {
			found = append(found, p) // its entries could not be read
			return filepath.SkipDir
		}
		if err != nil {
			return err
		}
		if d.IsDir() || !recordExts[strings.ToLower(filepath.Ext(p))] {
			return nil
		}
		if strings.EqualFold(filepath.Ext(p), ".txt") && !isDiagram(p) {
			return nil // a text that is no deal diagram: notes, a README
		}
		regular := d.Type().IsRegular()
		if d.Type()&fs.ModeSymlink != 0 {
			fi, err := os.Stat(p)
			regular = err == nil && fi.Mode().IsRegular()
		}
		if regular {
			found = append(found, p)
		} else if skipped != nil {
			skipped(p)
		}
		return nil
	})
	sort.Strings(found)
	return found, err
}

// File is what ReadFile found around a file's records.
type File struct {
	Header  model.Header
	Trailer model.Trailer
	// Problems are the faults found after the last record, which no
	// record holds.
	Problems []model.Problem
}

// ReadFile streams the records of one file to fn; the path "-" reads
// stdin (the command's standard input). onHeader (if not nil)
// gets the file's header once it is known: after the first record is
// read, before that record goes to fn.
// A cancelled ctx stops it before the next record, with ctx's error.
func ReadFile(ctx context.Context, stdin io.Reader, path string, onHeader func(model.Header) error, fn func(*model.Record) error) (File, error) {
	f, err := openInput(ctx, stdin, path)
	if err != nil {
		return File{}, err
	}
	defer f.Close()
	rd, err := parser.Open(path, f)
	if err != nil {
		return File{}, err
	}
	defer rd.Close()
	headed := onHeader == nil
	for {
		rec, err := rd.Next()
		if !headed && (err == nil || err == io.EOF) {
			headed = true
			if herr := onHeader(rd.Header()); herr != nil {
				return File{Header: rd.Header()}, herr
			}
		}
		if err == io.EOF {
			break
		}
		if err == nil {
			err = ctx.Err()
		}
		if err != nil {
			return File{Header: rd.Header()}, err
		}
		if err := fn(rec); err != nil {
			return File{Header: rd.Header()}, err
		}
	}
	return File{Header: rd.Header(), Trailer: rd.Trailer(), Problems: parser.TrailerProblems(rd)}, nil
}

// Files is a Source of the records of files in order ("-" reads stdin).
// A file that cannot be read goes to onErr, and the next one is read: one
// bad file does not stop the others. An error of fn, or a cancelled ctx,
// stops all.
func Files(ctx context.Context, stdin io.Reader, paths []string, onErr func(path string, err error)) Source {
	return FilesWith(ctx, stdin, paths, Hooks{Failed: onErr})
}

// Hooks are told what reading files meets, for a command that reports it:
// Failed a file that cannot be read (the next one is read), Record (if
// not nil) each record as it is read, before it goes on, and Done (if not
// nil) what a file had around its records once they are read: its
// header, its trailer, the problems found after its last record.
type Hooks struct {
	Failed func(path string, err error)
	Record func(r *model.Record)
	Done   func(File)
}

// FilesWith is Files, telling h what it reads.
func FilesWith(ctx context.Context, stdin io.Reader, paths []string, h Hooks) Source {
	return func(fn func(*model.Record) error) error {
		return eachFile(ctx, stdin, paths, h.Failed, nil, func(_ string, r *model.Record) error {
			if h.Record != nil {
				h.Record(r)
			}
			return fn(r)
		}, h.Done)
	}
}

// eachFile is the reading Files and ConvertFiles share: each file of
// paths in order, its header to onHeader (if not nil; a file that cannot
// be read has none), its records to fn with its path, and what it had
// around them to onFile (if not nil). A file that cannot be read goes to onErr and the next is read; an
// error of onHeader or fn, or a cancelled ctx, stops all.
func eachFile(ctx context.Context, stdin io.Reader, paths []string, onErr func(path string, err error),
	onHeader func(h model.Header) error, fn func(path string, r *model.Record) error, onFile func(File)) error {
	for _, p := range paths {
		var stop error
		var header func(model.Header) error
		if onHeader != nil {
			header = func(h model.Header) error { stop = onHeader(h); return stop }
		}
		f, err := ReadFile(ctx, stdin, p, header, func(r *model.Record) error { stop = fn(p, r); return stop })
		if stop != nil {
			return stop
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			onErr(p, err)
		}
		if onFile != nil {
			onFile(f)
		}
	}
	return nil
}

// isDiagram reports whether the file at p starts as a deal diagram: a
// walk takes a .txt file only then.
func isDiagram(p string) bool {
	f, err := os.Open(p)
	if err != nil {
		return true // the reader reports what is wrong with it
	}
	defer f.Close()
	head := make([]byte, 4096)
	n, _ := io.ReadFull(f, head)
	return parser.Format(p, head[:n]) == model.TXT
}
