package render

import (
	"bufio"
	"io"

	"handrec/export"
	"handrec/model"
)

// TXTWriter writes records as text diagrams (convert --to txt): what
// handrec show prints, with the heading as key lines, which the diagram
// reader reads back to the same record.
type TXTWriter struct {
	w       *bufio.Writer
	n       int
	dropped export.Drops
}

// NewTXTWriter writes text diagrams to w.
func NewTXTWriter(w io.Writer) *TXTWriter {
	return &TXTWriter{w: bufio.NewWriterSize(w, 64<<10), dropped: export.Drops{}}
}

// WriteHeader writes nothing: a diagram file has no header.
func (tw *TXTWriter) WriteHeader(model.Header) error { return nil }

// Write writes one record's diagram, a blank line before all but the
// first.
func (tw *TXTWriter) Write(r *model.Record) error {
	if tw.n++; tw.n > 1 {
		tw.w.WriteByte('\n')
	}
	tw.drops(r)
	_, err := tw.w.WriteString(Text(r, TextOptions{Keys: true}))
	return err
}

// txtCarried are the tags the text form carries.
var txtCarried = map[string]bool{"Acceptor": true, "Source": true, "DoubleDummyTricks": true}

// drops counts what the diagram has no place for: tags other than those
// of its heading, facts it does not print, travellers (printed, read
// back as commentary).
func (tw *TXTWriter) drops(r *model.Record) {
	for _, t := range r.Tags {
		if !txtCarried[t.Name] {
			tw.dropped.Add("tag " + t.Name)
		}
	}
	for _, f := range []model.Fact{model.FactEventDate, model.FactStage, model.FactScore, model.FactScoreIMP, model.FactScoreMP, model.FactScorePercentage} {
		if _, ok := r.FactValue(f); ok {
			tw.dropped.Add("tag " + f.String())
		}
	}
	for i := range r.Sections {
		if r.Sections[i].DD == nil && len(r.Sections[i].Comments) == 0 {
			tw.dropped.Add("section " + r.Sections[i].Tag.Name + " (printed as a table, read back as commentary)")
		}
	}
}

// WriteTrailer writes the commentary after the last record.
func (tw *TXTWriter) WriteTrailer(t model.Trailer) error {
	var ps []string
	for _, c := range t.Comments {
		ps = append(ps, paragraphs(c.Text, Style{})...)
	}
	if len(ps) > 0 && tw.n > 0 {
		tw.w.WriteByte('\n')
	}
	for _, l := range wrapParagraphs(ps, 72) {
		tw.w.WriteString(l + "\n")
	}
	return nil
}

// Close flushes the output.
func (tw *TXTWriter) Close() error { return tw.w.Flush() }

// Dropped is what the diagrams could not carry.
func (tw *TXTWriter) Dropped() export.Drops { return tw.dropped }
