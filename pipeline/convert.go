package pipeline

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"handrec/ddsolve"
	"handrec/export"
	"handrec/model"
	"handrec/render"
)

// recordWriter is what every output format offers.
type recordWriter = export.DocumentWriter

// TargetFormat is the format to write: to, else the extension of out;
// NoFormat when neither says, an error for a format there is no writer
// for.
func TargetFormat(to, out string) (model.Format, error) {
	if to == "" && out != "" {
		to = strings.TrimPrefix(strings.ToLower(filepath.Ext(out)), ".")
	}
	if to == "" {
		return model.NoFormat, nil
	}
	if f, ok := model.ParseFormat(to); ok && to == strings.ToLower(to) {
		return f, nil
	}
	return model.NoFormat, fmt.Errorf("cannot write %q (pbn, lin, json, csv or txt)", to)
}

// Writer writes records in one format: the conversion that convert and
// export share. It carries what the target can express by its own means
// and counts what it cannot (Dropped).
type Writer struct {
	// Select, when set, chooses and turns the records written.
	Select *Selection
	// DD, when set, adds to each record chosen the double-dummy table
	// and par it lacks (ddsolve.Add), solved on DD.Jobs goroutines.
	DD *ddsolve.Options
	// Session, when set, adds to each traveller the columns its method
	// computes, and the standings to the last record (SessionColumns).
	Session *SessionColumns
	sess    *sessionColumns
	dd      *ddsolve.Queue
	format  model.Format
	rw      recordWriter
	headed  bool
	n       int // records written
	// lost counts what the records' layouts of another format held, that
	// the target's writer, reading fields alone, leaves out
	lost export.Drops
}

// NewWriter writes format (PBN for NoFormat) to w; utf8 writes PBN in
// UTF-8 rather than Latin-1.
func NewWriter(w io.Writer, format model.Format, utf8 bool) *Writer {
	var rw recordWriter
	switch format {
	case model.JSON:
		rw = export.NewJSONWriter(w)
	case model.LIN:
		rw = export.NewLINWriter(w)
	case model.CSV:
		rw = export.NewCSVWriter(w)
	case model.TXT:
		rw = render.NewTXTWriter(w)
	default:
		format = model.PBN
		rw = export.NewPBNWriter(w, export.PBNOptions{UTF8: utf8})
	}
	return &Writer{format: format, rw: rw}
}

// Header writes the output's header; only the first call counts.
func (w *Writer) Header(h model.Header) error {
	if w.headed {
		return nil
	}
	w.headed = true
	return w.rw.WriteHeader(h)
}

// Write writes r (after an empty header, when none was written), first
// moving what the target cannot express to the target's own means, and
// counts what still has no place.
func (w *Writer) Write(r *model.Record) error {
	if w.Select != nil {
		r2, ok := w.Select.Apply(r)
		if !ok {
			return nil
		}
		r = r2
	}
	if w.DD != nil {
		if w.dd == nil {
			w.dd = ddsolve.NewQueue(*w.DD, func(r *model.Record, res *ddsolve.Result) error { return w.write(ddsolve.Add(r, res)) })
		}
		return w.dd.Put(r, ddsolve.Needed(r))
	}
	return w.write(r)
}

// write writes r, with the session's columns when asked (holding the
// last record back for the standings).
func (w *Writer) write(r *model.Record) error {
	if w.Session == nil {
		return w.writeOne(r)
	}
	if w.sess == nil {
		w.sess = &sessionColumns{opt: *w.Session}
	}
	r2, ok, err := w.sess.apply(r)
	if err != nil {
		return err
	}
	if !ok {
		w.drop("computed columns of a traveller kept as written (an element that does not read as its column's value)")
	}
	if !w.Session.Standings {
		return w.writeOne(r2)
	}
	prev := w.sess.held
	w.sess.held = r2
	if prev == nil {
		return nil
	}
	return w.writeOne(prev)
}

// flushSession writes the record held back, with the standings (when
// the input held a session), and checks that the conversion read what
// the session read.
func (w *Writer) flushSession() error {
	if w.sess == nil {
		return nil
	}
	scored := w.Session.scored
	if scored != nil {
		if err := scored.Done(); err != nil {
			return err
		}
	}
	if w.sess.held == nil {
		return nil
	}
	r := w.sess.held
	w.sess.held = nil
	if scored != nil && scored.Report.Boards > 0 {
		r = r.Clone()
		r.Sections = append(r.Sections, model.Section{Standings: w.sess.standings()})
	}
	return w.writeOne(r)
}

func (w *Writer) drop(what string) {
	if w.lost == nil {
		w.lost = export.Drops{}
	}
	w.lost.Add(what)
}

// writeOne writes r; the target's writer counts what it cannot carry of it.
func (w *Writer) writeOne(r *model.Record) error {
	if err := w.Header(model.Header{}); err != nil {
		return err
	}
	w.n++
	if l, ok := r.Layout.(model.Lossy); ok && r.Layout.Format() != w.format && w.format != model.JSON { // JSON keeps every layout
		for _, what := range l.Lost() {
			w.drop(what)
		}
	}
	return w.rw.Write(r)
}

// Written is the number of records written.
func (w *Writer) Written() int { return w.n }

// Close writes the trailer and ends the output.
func (w *Writer) Close(trailer model.Trailer) error {
	if w.dd != nil {
		if err := w.dd.Close(); err != nil {
			return err
		}
	}
	if err := w.flushSession(); err != nil {
		return err
	}
	if err := w.Header(model.Header{}); err != nil {
		return err
	}
	if err := w.rw.WriteTrailer(trailer); err != nil {
		return err
	}
	return w.rw.Close()
}

// Dropped lists what the conversion dropped, with counts: nothing is
// dropped silently.
func (w *Writer) Dropped() []string {
	all := export.Drops{}
	for what, n := range w.rw.Dropped() {
		all[what] += n
	}
	for what, n := range w.lost {
		all[what] += n
	}
	return all.List()
}

// Format is the format written.
func (w *Writer) Format() model.Format { return w.format }

// ConvertFiles writes the records of paths to w: the header of the first
// file read (a file that cannot be read gives none), every record, and the
// trailers of all files, telling h what it reads (Hooks). A file that
// cannot be read goes to h.Failed and the others are written. A record
// the reader cut at parser.MaxItems is
// written as far as it was read: its problem says so, which the command
// reports (ReadTally). A cancelled ctx stops it with ctx's error.
func ConvertFiles(ctx context.Context, w *Writer, stdin io.Reader, paths []string, h Hooks) error {
	var trailer model.Trailer
	write := func(path string, r *model.Record) error {
		if h.Record != nil {
			h.Record(r)
		}
		return w.Write(r)
	}
	// w.Header writes the first header only
	err := eachFile(ctx, stdin, paths, h.Failed, w.Header, write, func(f File) {
		trailer = trailer.Join(f.Trailer)
		if h.Done != nil {
			h.Done(f)
		}
	})
	if err != nil {
		return err
	}
	return w.Close(trailer)
}

// ConvertSource writes the records of src to w (the archive's, for
// export): with the header of the first record's file and, when every
// record comes from that file, its trailer. fileOf gives what a file had
// around its records.
func ConvertSource(w *Writer, src Source, fileOf func(path string) (File, error)) error {
	first, oneFile := "", true
	err := src(func(r *model.Record) error {
		if first == "" {
			first = r.File
			f, err := fileOf(r.File)
			if err != nil {
				return err
			}
			if err := w.Header(f.Header); err != nil {
				return err
			}
		}
		oneFile = oneFile && r.File == first
		return w.Write(r)
	})
	if err != nil {
		return err
	}
	if first == "" || !oneFile {
		return w.Close(model.Trailer{})
	}
	f, err := fileOf(first)
	if err != nil {
		return err
	}
	return w.Close(f.Trailer)
}
