package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"

	"handrec/archive"
	"handrec/ddsolve"
	"handrec/model"
	"handrec/parser"
)

// ImportOptions tune Import.
type ImportOptions struct {
	archive.ImportOptions
	// File is called as each file begins, Read with the bytes read of it
	// (for a progress bar); Failed with each file that could not be
	// imported (the next one is).
	File   func(path string)
	Read   func(n int)
	Failed func(path string, err error)
	// Stdin is what the path "-" reads.
	Stdin io.Reader
	// DD, when set, solves each deal (four known hands of one length) and
	// stores its table and par (the dd and par views).
	DD *ddsolve.Options
}

// ImportSummary adds up the files of one import.
type ImportSummary struct {
	// Skipped counts the files imported by an earlier run, Repeats those
	// whose content equals a file read earlier in this one: neither adds
	// anything. Again counts the files imported before and read again
	// (--again).
	Files, Skipped, Repeats, Failed    int
	Again                              int
	Records, New, Existing, Bad, Warns int
	// Errors counts the records stored with errors (the problems view);
	// Bad those left out.
	Errors int
}

func (s *ImportSummary) add(st archive.FileStats, thisRun map[string]bool) {
	s.Files++
	if st.Skipped {
		// Its problems were reported when it was imported.
		if thisRun[st.Previous] {
			s.Repeats++
		} else {
			s.Skipped++
		}
		s.Records += st.Existing
		s.Existing += st.Existing
		return
	}
	if st.Again {
		s.Again++
	}
	s.Records += st.Records
	s.New += st.New
	s.Existing += st.Existing
	s.Bad += st.Bad
	s.Errors += st.Errors
	s.Warns += st.Warnings
}

func (s ImportSummary) String() string {
	again := ""
	if s.Again > 0 {
		again = fmt.Sprintf(", %d read again", s.Again)
	}
	files, records := "files", "records"
	if s.Files == 1 {
		files = "file"
	}
	if s.Records == 1 {
		records = "record"
	}
	return fmt.Sprintf("%d %s (%d imported before, %d the same as a file read above%s, %d failed): %d %s, %d new, %d already there, %d with errors, %d left out, %d with warnings",
		s.Files, files, s.Skipped, s.Repeats, again, s.Failed, s.Records, records, s.New, s.Existing, s.Errors, s.Bad, s.Warns)
}

// Interrupted is Import's error when ctx was cancelled: the file in
// progress was rolled back, the files before it stay imported.
type Interrupted struct{ Path string }

func (e *Interrupted) Error() string {
	return fmt.Sprintf("the import of %s was rolled back; the files before it stay imported", e.Path)
}

// importTries is how often Import tries a file that a PostgreSQL server
// ended for a conflict with another importer (archive.EConflict).
const importTries = 5

// Import adds the files at paths to db, one transaction each.
func Import(ctx context.Context, db *archive.DB, paths []string, opt ImportOptions) (ImportSummary, error) {
	var sum ImportSummary
	thisRun := map[string]bool{} // the paths this run imported
	if opt.DD != nil {
		// one cache for every file, knowing the deals the archive has solved
		dd, err := knownCache(ctx, db, *opt.DD)
		if err != nil {
			return sum, err
		}
		opt.DD = &dd
	}
	for _, p := range paths {
		if opt.File != nil {
			opt.File(p)
		}
		st, err := importFile(ctx, db, p, opt)
		for try := 1; archive.Code(err) == archive.EConflict && try < importTries && ctx.Err() == nil; try++ {
			st, err = importFile(ctx, db, p, opt) // nothing of it was written
		}
		if ctx.Err() != nil {
			return sum, &Interrupted{Path: p}
		}
		if err != nil {
			sum.Files++
			sum.Failed++
			if opt.Failed != nil {
				opt.Failed(p, err)
			}
			continue
		}
		if !st.Skipped {
			thisRun[p] = true
		}
		sum.add(st, thisRun)
	}
	return sum, nil
}

// importFile imports one file: its content hash first, so that a file
// imported before is not read again.
func importFile(ctx context.Context, db *archive.DB, path string, opt ImportOptions) (archive.FileStats, error) {
	f, err := openImport(ctx, opt.Stdin, path)
	if err != nil {
		return archive.FileStats{}, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeDevice != 0 { // /dev/zero would hash for ever
		return archive.FileStats{}, errors.New("a device, not a file: import reads a file whole, for its hash, before its records")
	}
	r, src, done, err := hashed(f, path)
	if err != nil {
		return archive.FileStats{}, err
	}
	defer done()
	if prev, records, bad, ok, err := db.FindSource(ctx, src.SHA256); err != nil || ok && !opt.Again {
		if opt.Read != nil {
			opt.Read(int(src.Size))
		}
		return archive.FileStats{Skipped: ok, Previous: prev, Records: records, Existing: records - bad, Bad: bad}, err
	}
	if opt.Read != nil {
		r = countingReader{r, opt.Read}
	}
	rd, err := parser.Open(path, r)
	if err != nil {
		return archive.FileStats{}, err
	}
	if opt.DD == nil {
		defer rd.Close()
		st, err := db.Import(ctx, src, rd, opt.ImportOptions)
		reportTrailer(rd, err, opt.Problem)
		return st, err
	}
	dr := newDDReader(rd, *opt.DD)
	defer dr.close() // closes rd once it is no longer read
	iopt := opt.ImportOptions
	iopt.DD = dr.row
	st, err := db.Import(ctx, src, dr, iopt)
	reportTrailer(rd, err, opt.Problem)
	return st, err
}

// reportTrailer gives problem the faults rd found after its last record
// (no record holds them, so the archive has no row for them), once the
// file is imported.
func reportTrailer(rd parser.RecordReader, err error, problem func(model.Problem)) {
	if err != nil || problem == nil {
		return
	}
	for _, p := range parser.TrailerProblems(rd) {
		problem(p)
	}
}

// openImport opens a file to import; standard input ("-") is copied
// aside first, as a pipe is, since import reads a file twice.
func openImport(ctx context.Context, stdin io.Reader, path string) (*os.File, error) {
	if path != StdinName {
		return openFile(ctx, path)
	}
	spool, err := os.CreateTemp("", "handrec-stdin-*")
	if err != nil {
		return nil, err
	}
	os.Remove(spool.Name()) // the open file stays readable
	if _, err = io.Copy(spool, stdin); err == nil {
		_, err = spool.Seek(0, io.SeekStart)
	}
	if err != nil {
		spool.Close()
		return nil, err
	}
	return spool, nil
}

// hashed reads f to its end for its SHA-256 and gives a reader of it from
// the start. A file that cannot be read twice (a pipe) is copied aside as
// it is hashed, and read from the copy; done removes the copy.
func hashed(f *os.File, path string) (io.Reader, archive.Source, func(), error) {
	h := sha256.New()
	src := archive.Source{Path: path}
	var err error
	if fi, serr := f.Stat(); serr == nil && fi.Mode().IsRegular() {
		if src.Size, err = io.Copy(h, f); err == nil {
			_, err = f.Seek(0, io.SeekStart)
		}
		src.SHA256 = hex.EncodeToString(h.Sum(nil))
		return f, src, func() {}, err
	}
	spool, err := os.CreateTemp("", "handrec-import-*")
	if err != nil {
		return nil, src, nil, err
	}
	done := func() { spool.Close(); os.Remove(spool.Name()) }
	if src.Size, err = io.Copy(io.MultiWriter(h, spool), f); err == nil {
		_, err = spool.Seek(0, io.SeekStart)
	}
	if err != nil {
		done()
		return nil, src, nil, err
	}
	src.SHA256 = hex.EncodeToString(h.Sum(nil))
	return spool, src, done, nil
}

// countingReader reports the bytes read.
type countingReader struct {
	r    io.Reader
	read func(int)
}

func (c countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.read(n)
	return n, err
}
