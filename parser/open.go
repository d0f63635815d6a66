package parser

import (
	"io"
	"os"

	"handrec/model"
)

// RecordReader streams the records of one file, whatever its format.
type RecordReader interface {
	// Next returns the next record, or io.EOF after the last.
	Next() (*model.Record, error)
	// Header is what the file says before its first record.
	Header() model.Header
	// Trailer is what follows the last record.
	Trailer() ([]model.Directive, []model.Comment)
	// Close stops any work in progress.
	Close()
}

// Open returns a reader for src; name is used in positions. The format is
// told from the content.
func Open(name string, src io.Reader, opts ...Option) (RecordReader, error) {
	return NewReader(name, src, opts...), nil
}

// ReadAll reads a whole stream into a document.
func ReadAll(name string, src io.Reader, opts ...Option) (*model.Document, error) {
	rd, err := Open(name, src, opts...)
	if err != nil {
		return nil, err
	}
	defer rd.Close()
	doc := &model.Document{}
	for {
		rec, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return doc, err
		}
		doc.Records = append(doc.Records, rec)
	}
	doc.Header = rd.Header()
	doc.Trailer, doc.TrailerComments = rd.Trailer()
	return doc, nil
}

// ReadFile reads a whole file into a document.
func ReadFile(path string, opts ...Option) (*model.Document, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadAll(path, f, opts...)
}
