package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"handrec/archive"
	"handrec/model"
	"handrec/parser"
	"handrec/pipeline"
)

func importCommand() *cli.Command {
	return &cli.Command{
		Name:      "import",
		Usage:     "add hand records (PBN, LIN, JSON) to the SQLite archive",
		ArgsUsage: "FILE|DIR...",
		UsageText: "handrec import [--db PATH] FILE|DIR...\n\n" +
			"Examples:\n   handrec import samples/\n   handrec import --db club.db 2024/*.pbn",
		Description: "Reads each file (the format is told from the content; directories are walked for .pbn, .lin " +
			"and .json files) and adds its records to the archive, one transaction per file: an interrupted import " +
			"leaves the archive as it was before that file. Records with errors are left out and reported; a file " +
			"imported before adds nothing; a game already in the archive is linked to the new file, not stored again. " +
			"Exit status: 0 ok, 1 some record or file had problems, 2 usage error.",
		Flags:  []cli.Flag{dbFlag()},
		Action: runImport,
	}
}

// importSummary adds up the files of one import.
type importSummary struct {
	files, skipped, failed             int
	records, new, existing, bad, warns int
}

func (s *importSummary) add(st archive.FileStats) {
	s.files++
	if st.Skipped {
		// Its problems were reported when it was imported.
		s.skipped++
		s.records += st.Existing
		s.existing += st.Existing
		return
	}
	s.records += st.Records
	s.new += st.New
	s.existing += st.Existing
	s.bad += st.Bad
	s.warns += st.Warnings
}

func (s importSummary) String() string {
	return fmt.Sprintf("%d files (%d imported before, %d failed): %d records, %d new, %d already there, %d with problems left out, %d with warnings",
		s.files, s.skipped, s.failed, s.records, s.new, s.existing, s.bad, s.warns)
}

func runImport(c *cli.Context) error {
	if c.NArg() == 0 {
		return usagef("import: no file or directory given")
	}
	files, err := pipeline.ExpandInputs(c.Args().Slice())
	if err != nil {
		return usagef("import: %v", err)
	}
	ctx, cancel := commandContext(c)
	defer cancel()
	db, err := archive.Open(ctx, dbPath(c), schemaSQL, archive.Options{Wait: func() {
		fmt.Fprintf(c.App.ErrWriter, "handrec: another process is writing %s; waiting for it to finish (Ctrl-C to stop)\n", dbPath(c))
	}})
	if err != nil {
		return err
	}
	defer db.Close()
	noteUpgrade(c, db)

	var total int64
	for _, f := range files {
		if fi, err := os.Stat(f); err == nil {
			total += fi.Size()
		}
	}
	bar := newProgressBar(c.App.ErrWriter, total)
	var sum importSummary
	opt := archive.ImportOptions{
		Scores: archive.AllScores,
		Problem: func(p model.Problem) {
			bar.clear()
			fmt.Fprintln(c.App.ErrWriter, p.Error())
		},
	}
	for _, f := range files {
		bar.file(f)
		st, err := importFile(ctx, db, f, opt, bar)
		if ctx.Err() != nil {
			bar.clear()
			return interrupted(fmt.Sprintf("the import of %s was rolled back; the files before it stay imported", f))
		}
		if err != nil {
			bar.clear()
			fmt.Fprintf(c.App.ErrWriter, "%s: %v\n", f, err)
			sum.files++
			sum.failed++
			continue
		}
		sum.add(st)
	}
	bar.clear()
	fmt.Fprintf(c.App.Writer, "imported into %s: %s\n", db.Path(), sum)
	if sum.failed > 0 || sum.bad > 0 {
		return exitCode(exitInput)
	}
	return nil
}

// importFile imports one file: its content hash first, so that a file
// imported before is not read again. A file that cannot be read twice (a
// pipe) is copied aside as it is hashed, and read from the copy.
func importFile(ctx context.Context, db *archive.DB, path string, opt archive.ImportOptions, bar *progressBar) (archive.FileStats, error) {
	f, err := os.Open(path)
	if err != nil {
		return archive.FileStats{}, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeDevice != 0 { // /dev/zero would hash for ever
		return archive.FileStats{}, errors.New("a device, not a file: import reads a file whole, for its hash, before its records")
	}
	h := sha256.New()
	var size int64
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		size, err = io.Copy(h, f)
		if err == nil {
			_, err = f.Seek(0, io.SeekStart)
		}
		if err != nil {
			return archive.FileStats{}, err
		}
	} else {
		spool, err := os.CreateTemp("", "handrec-import-*")
		if err != nil {
			return archive.FileStats{}, err
		}
		defer os.Remove(spool.Name())
		defer spool.Close()
		if size, err = io.Copy(io.MultiWriter(h, spool), f); err == nil {
			_, err = spool.Seek(0, io.SeekStart)
		}
		if err != nil {
			return archive.FileStats{}, err
		}
		f = spool
	}
	src := archive.Source{Path: path, Size: size, SHA256: hex.EncodeToString(h.Sum(nil))}
	if prev, records, bad, ok, err := db.FindSource(ctx, src.SHA256); err != nil || ok {
		bar.add(int(size))
		return archive.FileStats{Skipped: ok, Previous: prev, Records: records, Existing: records - bad, Bad: bad}, err
	}
	var r io.Reader = f
	if bar != nil {
		r = countingReader{f, bar}
	}
	rd, err := parser.Open(path, r)
	if err != nil {
		return archive.FileStats{}, err
	}
	defer rd.Close()
	return db.Import(ctx, src, rd, opt)
}
