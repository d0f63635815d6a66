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
	// record's [Hidden] tag does. A board that hides a hand is a question:
	// it prints the contract (given with its auction or lead), the lead
	// and the auction, and leaves what could tell a hidden card to the
	// answers (parts). Show and Omit name
	// the parts every board prints or leaves off, whatever it is, the
	// answers too (Omit wins); Result, Auction and Play stand for Show's
	// contract, lead and result, auction and play, NoAuction, NoPlay and
	// NoCommentary for Omit's auction, play and commentary. Answers adds
	// the boards in full (every hand and part but the room), after all
	// the boards, or with AnswersByPage after each page, on pages of their
	// own.
	Hide                            [4]bool
	Show, Omit                      Part
	NoAuction, NoPlay, NoCommentary bool
	Answers, AnswersByPage          bool

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
	o.Answers = o.Answers || o.AnswersByPage
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
	hide := o.hidden(r)
	parts := o.parts(r, hide != [4]bool{})
	v := newBoardView(r, styleFor(o.Style, parts))
	if !o.hasVul(r) {
		v.Vul = ""
	}
	o.scoredTraveller(r, v)
	v.keep(parts)
	if hide != [4]bool{} {
		v.hide(hide)
	}
	return v
}

// answer is r's board view in full, for the answers page: every hand,
// every part but the room and those the options leave off.
func (o *SheetOptions) answer(r *model.Record) *boardView {
	parts := o.answerParts()
	v := newBoardView(r, styleFor(o.Style, parts))
	if !o.hasVul(r) {
		v.Vul = ""
	}
	o.scoredTraveller(r, v)
	v.keep(parts)
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

// hide leaves out the cards of the hidden seats' hands; the hand's name
// stays. What else shows their cards (the play, the traveller's lead
// column) a question leaves off unless asked for (parts); the opening
// lead it keeps: the problem starts from it.
func (v *boardView) hide(seats [4]bool) {
	for s, h := range seats {
		if h {
			v.Hands[s].Known = false
			v.Hands[s].Suits = [4]string{}
			v.HCP[s] = -1
		}
	}
	v.Hidden = true
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
// form feed between pages. With Answers the boards follow in full on
// pages of their own, headed "Answers", after all the boards or after
// each page, as in the PDF.
type TextSheet struct {
	w       *bufio.Writer
	opt     SheetOptions
	boards  textFlow        // the boards' pages
	answers textFlow        // the answers' pages
	held    []*model.Record // the boards whose answers are still to come
	rub     *sheetRubber    // with Rubber
	written bool            // a page has begun
}

// textFlow is a run of pages, of boards or of answers: the boards
// written, and the event line printed last.
type textFlow struct {
	answers bool
	n       int
	event   string
}

// NewTextSheet writes a text deal sheet to w.
func NewTextSheet(w io.Writer, opt SheetOptions) *TextSheet {
	opt.Answers = opt.Answers || opt.AnswersByPage
	s := &TextSheet{w: bufio.NewWriter(w), opt: opt, answers: textFlow{answers: true}}
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

// Add writes the next board, after the answers of the page before it
// with AnswersByPage.
func (s *TextSheet) Add(r *model.Record) error {
	if s.opt.AnswersByPage && s.boards.n%s.opt.perPage() == 0 {
		s.writeAnswers()
	}
	err := s.writeBoard(&s.boards, r, s.opt.view(r))
	if s.rub != nil {
		s.block(s.rub.add(r))
	}
	if s.opt.Answers {
		s.held = append(s.held, r)
	}
	return err
}

// writeBoard writes a board of flow f: a page opens with its running
// head (the title, else the board's event line; "Answers: " before it on
// an answers page), and the event line is printed again when the event
// changes, unless there is a title.
func (s *TextSheet) writeBoard(f *textFlow, r *model.Record, v *boardView) error {
	page := f.n%s.opt.perPage() == 0
	switch {
	case page && s.written:
		s.w.WriteString("\f")
	case !page:
		s.w.WriteString("\n")
	}
	s.written = true
	h := heading(r)
	head := ""
	switch {
	case page:
		head = s.opt.Title
		if head == "" {
			head = h
		}
		if f.answers {
			head = joinHead("Answers", head)
		}
	case s.opt.Title == "" && h != "" && h != f.event:
		head = h
	}
	if head != "" {
		s.w.WriteString(head + "\n\n")
	}
	f.event = h
	f.n++
	_, err := s.w.WriteString(textOf(v, TextOptions{Style: s.opt.Style, NoHeading: true}))
	return err
}

// writeAnswers writes the answers of the boards held, on pages of their
// own.
func (s *TextSheet) writeAnswers() {
	s.answers.n = 0
	for _, r := range s.held {
		s.writeBoard(&s.answers, r, s.opt.answer(r))
	}
	s.held = s.held[:0]
}

// joinHead is a running head put before another, as an answers page's
// "Answers" before its title: "Answers: Lesson 3", or either alone when
// the other is empty.
func joinHead(before, head string) string {
	switch {
	case before == "":
		return head
	case head == "":
		return before
	}
	return before + ": " + head
}

// Close writes the block of a rubber left open, and flushes the sheet.
func (s *TextSheet) Close() error {
	if s.rub != nil {
		s.block(s.rub.finish())
	}
	if b := s.opt.Session.resultsBlock(); b != nil {
		if s.opt.AnswersByPage {
			s.writeAnswers()
		}
		if s.written {
			s.w.WriteString("\f")
		}
		s.written = true
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
	s.writeAnswers()
	return s.w.Flush()
}
