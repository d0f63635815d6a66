package render

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"handrec/model"
	"handrec/model/scoring"
)

// SheetOptions configure a deal sheet: boards with their diagram, dealer
// and vulnerability, their double-dummy table when the record has one,
// and their commentary; optionally the contract and result, the auction
// and the play.
type SheetOptions struct {
	Style
	// PerPage is the most boards a page takes (1 to MaxPerPage); a page
	// takes as many as fit, up to it. 0 means MaxPerPage. One board a
	// page is set across the page in large type, two are stacked, more
	// stand in two columns.
	PerPage int
	// Paper is "a4" (the default) or "letter".
	Paper string
	// Result, Auction and Play add the contract and result, the auction
	// table and the trick table to each board.
	Result, Auction, Play bool
	// Title heads every page; empty for the event, site and date of the
	// page's first board.
	Title string

	// For teachers: Hide hides the hands of those seats (by Seat), as a
	// record's [Hidden] tag does; NoAuction, NoPlay and NoCommentary leave
	// those parts off the boards. Answers adds after each page the same
	// boards in full on a page of their own: every hand, the auction, the
	// play, the commentary and the result.
	Hide                            [4]bool
	NoAuction, NoPlay, NoCommentary bool
	Answers                         bool

	// For historians: Code is the scoring code the records are read
	// under (empty: each record's own, from its Scoring tag); a code
	// without vulnerability (all but contract) prints none. Rubber scores
	// the records in order as games and rubbers, and prints the books'
	// scoring block after each game and each rubber.
	Code   scoring.Code
	Rubber bool

	// Session, when set, is the travellers and results of a scored
	// session: each board's traveller carries the computed columns, and
	// a results page follows the boards.
	Session *SheetSession
}

// MaxPerPage is the most boards a page can hold legibly: diagrams with
// their result, two columns of four.
const MaxPerPage = 8

// Check reports an option out of range, and gives Code its own spelling
// (scoring.ParseCode's: any case, the short aliases).
func (o *SheetOptions) Check() error {
	if o.Code != "" {
		code, ok := scoring.ParseCode(string(o.Code))
		if !ok {
			return fmt.Errorf("unknown code %q (try %s)", o.Code, codeList())
		}
		o.Code = code
	}
	if _, ok := papers[o.paper()]; !ok {
		return fmt.Errorf("paper %q: a4 or letter", o.Paper)
	}
	if o.PerPage < 0 || o.PerPage > MaxPerPage {
		return fmt.Errorf("boards a page: %d: give 1 to %d (a page takes as many as fit, up to that)", o.PerPage, MaxPerPage)
	}
	return nil
}

// codeList names the scoring codes.
func codeList() string {
	var cs []string
	for _, c := range scoring.Codes {
		cs = append(cs, string(c))
	}
	return strings.Join(cs, ", ")
}

// perPage is the most boards a page takes.
func (o *SheetOptions) perPage() int {
	if o.PerPage <= 0 {
		return MaxPerPage
	}
	return o.PerPage
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

// view is r's board view with the parts the options leave out removed,
// and the hands hidden that the options or the record's [Hidden] tag hide.
func (o *SheetOptions) view(r *model.Record) *boardView {
	v := newBoardView(r, o.Style)
	if !o.Result {
		v.Contract, v.Result, v.Lead, v.Score = "", "", "", ""
	}
	if !o.Auction || o.NoAuction {
		v.Auction = nil
	}
	if !o.Play || o.NoPlay {
		v.Play = nil
	}
	if o.NoCommentary {
		v.dropCommentary()
	}
	if !o.hasVul(r) {
		v.Vul = ""
	}
	o.scoredTraveller(r, v)
	if hide := o.hidden(r); hide != [4]bool{} {
		v.hide(hide)
	}
	return v
}

// answer is r's board view in full, for the answers page.
func (o *SheetOptions) answer(r *model.Record) *boardView {
	v := newBoardView(r, o.Style)
	if !o.hasVul(r) {
		v.Vul = ""
	}
	o.scoredTraveller(r, v)
	return v
}

// scoredTraveller puts in v, in place of the record's traveller, the
// one the options' session scored, when it scored r's.
func (o *SheetOptions) scoredTraveller(r *model.Record, v *boardView) {
	if o.Session == nil {
		return
	}
	if o.Session.Match != nil {
		if mb := o.Session.Match(r); mb != nil {
			// both rooms beside the diagram, in place of the one room's
			v.Travel = matchBoardViews(mb, v.st, o.NoAuction)
			v.Auction, v.Room = nil, ""
			v.Contract, v.Result, v.Lead, v.Score = "", "", "", ""
			v.seatLabels()
			return
		}
	}
	if o.Session.Traveller == nil {
		return
	}
	if t := o.Session.Traveller(r); t != nil {
		v.Travel = []*travellerView{t.view()}
		if t.EveryTable {
			v.Auction, v.Play = nil, nil
			v.Contract, v.Result, v.Lead, v.Score = "", "", "", ""
			v.seatLabels()
		}
	}
}

// seatLabels names the hands by their seats: the board stands for more
// than the one table whose record carries it.
func (v *boardView) seatLabels() {
	for _, s := range model.Seats {
		v.Hands[s].Label = v.st.seatName(s)
	}
}

// hidden is the seats whose hands the sheet hides: those of Hide and
// those the record's [Hidden] tag names.
func (o *SheetOptions) hidden(r *model.Record) [4]bool {
	h := o.Hide
	if v, ok := r.Tag("Hidden"); ok {
		for i := 0; i < len(v); i++ {
			if s, ok := model.ParseSeat(v[i]); ok {
				h[s] = true
			}
		}
	}
	return h
}

// hide leaves out the cards of the hidden seats' hands, and with them
// whatever shows their cards: the lead, the trick table and the
// travellers (their lead column). The hand's name stays.
func (v *boardView) hide(seats [4]bool) {
	for s, h := range seats {
		if h {
			v.Hands[s].Known = false
			v.Hands[s].Suits = [4]string{}
			v.HCP[s] = -1
		}
	}
	v.Lead, v.Play, v.Travel, v.Hidden = "", nil, nil, true
}

// dropCommentary leaves out every paragraph of commentary.
func (v *boardView) dropCommentary() {
	v.Before, v.After, v.End = nil, nil, nil
	if v.Auction != nil {
		a := *v.Auction
		a.Comments = nil
		v.Auction = &a
	}
	if v.Play != nil {
		p := *v.Play
		p.Comments = nil
		v.Play = &p
	}
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
	w     *bufio.Writer
	opt   SheetOptions
	n     int
	event string       // the event line printed last
	rub   *sheetRubber // with Rubber
}

// NewTextSheet writes a text deal sheet to w.
func NewTextSheet(w io.Writer, opt SheetOptions) *TextSheet {
	s := &TextSheet{w: bufio.NewWriter(w), opt: opt}
	if opt.Rubber {
		s.rub = newSheetRubber(scoring.Options{Code: opt.Code}, opt.ASCII)
	}
	return s
}

// block writes a scoring block after the board before it.
func (s *TextSheet) block(b *sheetBlock) {
	if b == nil {
		return
	}
	s.w.WriteString("\n" + b.title + "\n\n" + strings.Join(b.lines, "\n") + "\n")
}

// Add writes the next board: a page opens with the title, and the event
// line is printed once an event (and again at the top of a page when
// there is no title).
func (s *TextSheet) Add(r *model.Record) error {
	page := s.n%s.opt.perPage() == 0
	switch {
	case page && s.n > 0:
		s.w.WriteString("\f")
	case s.n > 0:
		s.w.WriteString("\n")
	}
	if page && s.opt.Title != "" {
		s.w.WriteString(s.opt.Title + "\n\n")
	}
	h := heading(r)
	if s.opt.Title == "" && h != "" && (h != s.event || page) {
		s.w.WriteString(h + "\n\n")
	}
	s.event = h
	s.n++
	topt := TextOptions{Style: s.opt.Style, NoAuction: !s.opt.Auction, NoPlay: !s.opt.Play, NoHeading: true}
	_, err := s.w.WriteString(textOf(s.opt.view(r), topt))
	if s.rub != nil {
		s.block(s.rub.add(r))
	}
	return err
}

// Close writes the block of a rubber left open, and flushes the sheet.
func (s *TextSheet) Close() error {
	if s.rub != nil {
		s.block(s.rub.finish())
	}
	if b := s.opt.Session.resultsBlock(); b != nil {
		if s.n > 0 {
			s.w.WriteString("\f")
		}
		if s.opt.Title != "" {
			s.w.WriteString(s.opt.Title + "\n\n") // the page's running head, as a page of boards has
		}
		s.w.WriteString(b.title + "\n")
		if len(b.lines) > 0 {
			s.w.WriteString("\n" + strings.Join(b.lines, "\n") + "\n")
		}
		for _, tv := range b.tables {
			s.w.WriteString("\n" + strings.Join(travellerLines(tv), "\n") + "\n")
		}
	}
	return s.w.Flush()
}
