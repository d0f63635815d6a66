package export

import (
	"bufio"
	"fmt"
	"io"

	"handrec/model"
)

// SheetOptions configure a deal sheet: several boards a page, each with
// its diagram, dealer and vulnerability, its double-dummy table when the
// record has one, and its commentary; optionally the contract and result,
// the auction and the play.
type SheetOptions struct {
	Style
	// PerPage is the number of boards a page; 0 means as many as fit
	// (Fits). The PDF divides the page into that many equal frames, in
	// two columns (one for a board a page).
	PerPage int
	// Paper is "a4" (the default) or "letter".
	Paper string
	// Result, Auction and Play add the contract and result, the auction
	// table and the trick table to each board.
	Result, Auction, Play bool
	// Title heads every page; empty for none.
	Title string
}

// MaxPerPage is the most boards a page can hold legibly: diagrams with
// their result, two columns of four. Fits tells how many fit with the
// auction or the play.
const MaxPerPage = 8

// Fits is the most boards a page holds with the parts the options add:
// 8 with the diagram and result alone, 6 with the auction, 4 with the play
// (its trick table is as tall as the diagram).
func (o *SheetOptions) Fits() int {
	switch {
	case o.Play:
		return 4
	case o.Auction:
		return 6
	}
	return MaxPerPage
}

// what names the parts that limit Fits, for a message.
func (o *SheetOptions) what() string {
	switch {
	case o.Play:
		return " with the play"
	case o.Auction:
		return " with auctions"
	}
	return ""
}

// Check reports an option out of range: among them more boards a page
// than fit one.
func (o *SheetOptions) Check() error {
	if _, ok := papers[o.paper()]; !ok {
		return fmt.Errorf("paper %q: a4 or letter", o.Paper)
	}
	if o.PerPage < 0 || o.PerPage > o.Fits() {
		return fmt.Errorf("boards a page: %d do not fit; a%s page holds 1 to %d boards%s",
			o.PerPage, map[string]string{"a4": "n A4", "letter": " Letter"}[o.paper()], o.Fits(), o.what())
	}
	return nil
}

// perPage is the boards a page: PerPage, else as many as fit.
func (o *SheetOptions) perPage() int {
	if o.PerPage <= 0 {
		return o.Fits()
	}
	return o.PerPage
}

// rows is how many rows of boards a page holds.
func (o *SheetOptions) rows() int {
	c := o.columns()
	return (o.perPage() + c - 1) / c
}

func (o *SheetOptions) paper() string {
	if o.Paper == "" {
		return "a4"
	}
	return o.Paper
}

// paperSize is a page's width and height in millimetres.
type paperSize struct{ w, h float64 }

var papers = map[string]paperSize{"a4": {210, 297}, "letter": {215.9, 279.4}}

// columns is how many boards stand side by side on a page.
func (o *SheetOptions) columns() int {
	if o.perPage() == 1 {
		return 1
	}
	return 2
}

// view is r's board view with the parts the options leave out removed.
func (o *SheetOptions) view(r *model.Record) *boardView {
	v := newBoardView(r, o.Style)
	if !o.Result {
		v.Contract, v.Result, v.Lead = "", "", ""
	}
	if !o.Auction {
		v.Auction = nil
	}
	if !o.Play {
		v.Play = nil
	}
	return v
}

// SheetWriter writes a deal sheet a record at a time.
type SheetWriter interface {
	Add(r *model.Record) error
	// Close ends the sheet and writes what is left; it does not close
	// the underlying writer.
	Close() error
}

// NewSheet returns a writer of the sheet in format "html", "pdf" or "txt".
func NewSheet(format string, w io.Writer, opt SheetOptions) (SheetWriter, error) {
	if err := opt.Check(); err != nil {
		return nil, err
	}
	switch format {
	case "html":
		return NewHTMLSheet(w, opt), nil
	case "pdf":
		return NewPDFSheet(w, opt), nil
	case "txt":
		return NewTextSheet(w, opt), nil
	}
	return nil, fmt.Errorf("sheet format %q: html, pdf or txt", format)
}

// TextSheet is the deal sheet as text: the text form of each board, a
// form feed between pages.
type TextSheet struct {
	w   *bufio.Writer
	opt SheetOptions
	n   int
}

// NewTextSheet writes a text deal sheet to w.
func NewTextSheet(w io.Writer, opt SheetOptions) *TextSheet {
	return &TextSheet{w: bufio.NewWriter(w), opt: opt}
}

// Add writes the next board.
func (s *TextSheet) Add(r *model.Record) error {
	switch {
	case s.n > 0 && s.n%s.opt.perPage() == 0:
		s.w.WriteString("\f")
		fallthrough
	case s.n == 0 && s.opt.Title != "":
		if s.opt.Title != "" {
			s.w.WriteString(s.opt.Title + "\n\n")
		}
	case s.n > 0:
		s.w.WriteString("\n")
	}
	s.n++
	topt := TextOptions{Style: s.opt.Style, NoAuction: !s.opt.Auction, NoPlay: !s.opt.Play}
	_, err := s.w.WriteString(textOf(s.opt.view(r), topt))
	return err
}

// Close flushes the sheet.
func (s *TextSheet) Close() error { return s.w.Flush() }
