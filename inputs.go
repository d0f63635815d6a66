package main

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"handrec/model"
	"handrec/parser"
)

// recordExts are the file names a directory walk picks up.
var recordExts = map[string]bool{".pbn": true, ".lin": true, ".json": true}

// expandInputs turns FILE|DIR arguments into files: directories are walked
// recursively for hand-record files, in name order; files named on the
// command line are taken whatever their name (the format is read from the
// content).
func expandInputs(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		info, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			out = append(out, a)
			continue
		}
		var found []string
		err = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && recordExts[strings.ToLower(filepath.Ext(p))] {
				found = append(found, p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		sort.Strings(found)
		out = append(out, found...)
	}
	return out, nil
}

// eachRecord streams the records of one file to fn, and returns the file's
// header and trailer.
func eachRecord(path string, fn func(*model.Record) error) (model.Header, []model.Directive, []model.Comment, error) {
	return eachRecordWithHeader(path, nil, fn)
}

// eachRecordWithHeader is eachRecord that also gives the file's header to
// onHeader, once it is known (after the first record is read) and before
// that record goes to fn.
func eachRecordWithHeader(path string, onHeader func(model.Header) error, fn func(*model.Record) error) (model.Header, []model.Directive, []model.Comment, error) {
	f, err := os.Open(path)
	if err != nil {
		return model.Header{}, nil, nil, err
	}
	defer f.Close()
	rd, err := parser.Open(path, f)
	if err != nil {
		return model.Header{}, nil, nil, err
	}
	defer rd.Close()
	headed := onHeader == nil
	for {
		rec, err := rd.Next()
		if !headed && (err == nil || err == io.EOF) {
			headed = true
			if herr := onHeader(rd.Header()); herr != nil {
				return rd.Header(), nil, nil, herr
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return rd.Header(), nil, nil, err
		}
		if err := fn(rec); err != nil {
			return rd.Header(), nil, nil, err
		}
	}
	ds, cs := rd.Trailer()
	return rd.Header(), ds, cs, nil
}
