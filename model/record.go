package model

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Record is one game of a hand record: a deal with its identification, and
// optionally the auction, the play and supplemental sections.
//
// Facts live once: the board, dealer, vulnerability, deal, declarer,
// contract, result, room, event, players, recorded score and par are
// fields (Board, Dealer, Vul, Deal, Declarer, Contract, Result, Room,
// Event, Players, Recorded, Par), never tags; Facts keeps, for each, where it was read,
// its text as given when the field cannot hold it, and the commentary that
// follows it. Tags keeps every other tag as read, in its original order and
// with its original value, unknown tags included.
type Record struct {
	File  string `json:"file,omitempty"`
	Index int    `json:"index"` // 1-based ordinal of the game in its file
	Pos   Pos    `json:"pos"`   // where the game starts

	// Leading comments come before any tag of the game.
	Leading []Comment `json:"leading,omitempty"`
	// Tags are the identification tags in file order, the facts' left
	// out (see Facts).
	Tags []Tag `json:"tags"`

	Board    int      `json:"board,omitempty"` // 0 when absent or not a number
	Dealer   Seat     `json:"dealer"`
	Vul      Vul      `json:"vul"`
	Deal     Deal     `json:"deal"`
	Contract Contract `json:"contract"`
	Declarer Seat     `json:"declarer"`
	// DeclarerSwap marks the irregularity "declarer and dummy swapped"
	// (a "^" before the Declarer value).
	DeclarerSwap bool   `json:"declarer_swap,omitempty"`
	Result       Result `json:"result"`
	// Facts keeps, for each fact (FactBoard, ...), where it was read, the
	// text it was read from when its field cannot hold it, and the
	// commentary that follows it.
	Facts [NumFacts]FactNote `json:"facts,omitzero"`

	// Match is the team match the record belongs to, nil when the source
	// is not a match (LIN's vg makes one; PBN's HomeTeam and VisitTeam
	// alone do not, and stay tags); Room the room it was played in, a
	// fact (FactRoom): LIN's qx, PBN's Room tag.
	Match *Match `json:"match,omitempty"`
	Room  Room   `json:"room,omitempty"`

	// Event is the event the record was played in, nil when the source
	// names none; records of one event share it (see Event).
	Event *Event `json:"event,omitempty"`
	// Players are the names at the seats, by Seat; "" is unknown (PBN's
	// "?" and "-", LIN's empty name: the text as given stays in Facts).
	Players [4]string `json:"players,omitzero"`
	// Recorded is the score the source states.
	Recorded Recorded `json:"recorded,omitzero"`
	// Par is the par the source states: its score and contracts.
	Par Par `json:"par,omitzero"`

	Auction  *Auction  `json:"auction,omitempty"`
	Play     *Play     `json:"play,omitempty"`
	Sections []Section `json:"sections,omitempty"`

	// Problems found while reading or validating the record. The record is
	// kept whatever its problems.
	Problems []Problem `json:"problems,omitempty"`

	// Layout is what the source format's reader kept to write the record
	// back as it was read; nil for a record made by hand or converted.
	// Its JSON form is {"format": ..., "data": ...} (see MarshalLayout).
	Layout Layout `json:"-"`

	// unlisted counts the problems past MaxProblems; unlisted0 is 1 once
	// the last of Problems counts them.
	unlisted, unlisted0 int
}

// MarshalJSON writes the record with its layout, if any.
func (r *Record) MarshalJSON() ([]byte, error) {
	type plain Record
	if r.Layout == nil {
		return json.Marshal((*plain)(r))
	}
	lb, err := MarshalLayout(r.Layout)
	if err != nil {
		return nil, err
	}
	return json.Marshal(struct {
		*plain
		Layout json.RawMessage `json:"layout"`
	}{(*plain)(r), lb})
}

// UnmarshalJSON reads what MarshalJSON wrote.
func (r *Record) UnmarshalJSON(b []byte) error {
	type plain Record
	v := struct {
		*plain
		Layout json.RawMessage `json:"layout"`
	}{plain: (*plain)(r)}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	l, err := UnmarshalLayout(v.Layout)
	if err != nil {
		return err
	}
	r.Layout = l
	if err := adopt(recordLayout, &r.Layout, b); err != nil {
		return err
	}
	if p := r.Play; p != nil && len(p.Tricks) > 0 {
		// stored before the readers set the leader they assumed: its
		// tricks were laid out as if North led
		p.First = leaderOrNorth(p.First)
	}
	return nil
}

// NewRecord returns an empty record with every seat and vulnerability unknown.
func NewRecord() *Record {
	return &Record{
		Dealer:   NoSeat,
		Vul:      NoVul,
		Declarer: NoSeat,
		Result:   NoResult,
		Deal:     Deal{},
	}
}

// Tag returns the value of the first tag called name.
func (r *Record) Tag(name string) (string, bool) {
	for i := range r.Tags {
		if r.Tags[i].Name == name {
			return r.Tags[i].Value, true
		}
	}
	return "", false
}

// TagIndex returns the index of the first tag called name, or -1.
func (r *Record) TagIndex(name string) int {
	for i := range r.Tags {
		if r.Tags[i].Name == name {
			return i
		}
	}
	return -1
}

// SetTag sets the first tag called name, or appends it.
func (r *Record) SetTag(name, value string) {
	if i := r.TagIndex(name); i >= 0 {
		r.Tags[i].Value = value
		return
	}
	r.Tags = append(r.Tags, Tag{Name: name, Value: value})
}

// Player is the name of the player at seat s, "" when unknown.
func (r *Record) Player(s Seat) string {
	if !s.Valid() {
		return ""
	}
	return r.Players[s]
}

// Errorf records an error at p, its message formatted as fmt.Sprintf
// does.
func (r *Record) Errorf(p Pos, format string, args ...any) {
	r.addProblem(p, SevError, format, args)
}

// Warnf records a warning at p: something the reader understood although it
// does not follow the standard.
func (r *Record) Warnf(p Pos, format string, args ...any) {
	r.addProblem(p, SevWarning, format, args)
}

// MaxProblems bounds the problems a record lists: past it, one more problem,
// at the first one left out, counts the rest ("and N more problems"), so
// that a value with a fault in every character costs no more memory than
// its text.
const MaxProblems = 100

func (r *Record) addProblem(p Pos, sev Severity, format string, args []any) {
	if len(r.Problems) < MaxProblems+r.unlisted0 {
		msg := fmt.Sprintf(format, args...)
		r.Problems = append(r.Problems, Problem{File: r.File, Pos: p, Severity: sev, Message: msg})
		return
	}
	if r.unlisted == 0 {
		r.Problems = append(r.Problems, Problem{File: r.File, Pos: p, Severity: sev})
		r.unlisted0 = 1
	}
	r.unlisted++
	last := &r.Problems[len(r.Problems)-1]
	if sev == SevError {
		last.Severity = SevError
	}
	last.Message = "and " + strconv.Itoa(r.unlisted) + " more problems in this record, not listed"
}

// ErrorfListed records an error that is listed however many problems the
// record has (a record cut short says so): past MaxProblems it takes the
// place of the last problem listed, which is counted with the rest.
func (r *Record) ErrorfListed(p Pos, format string, args ...any) {
	if r.unlisted == 0 {
		r.Errorf(p, format, args...)
		return
	}
	msg := fmt.Sprintf(format, args...)
	r.Problems[len(r.Problems)-2] = Problem{File: r.File, Pos: p, Severity: SevError, Message: msg}
	r.unlisted++
	last := &r.Problems[len(r.Problems)-1]
	last.Message = "and " + strconv.Itoa(r.unlisted) + " more problems in this record, not listed"
}

// Tag is a tag pair: [Name "Value"].
type Tag struct {
	Name  string `json:"name"`
	Value string `json:"value"` // unescaped
	// Pos is the position of the tag's "[", ValuePos that of its first value character.
	Pos      Pos       `json:"pos"`
	ValuePos Pos       `json:"value_pos"`
	Comments []Comment `json:"comments,omitempty"` // comments that follow the tag
}

// Comment is commentary: a PBN comment (";" to the end of the line, or
// "{...}"), a LIN "nt" text. How its format wrote it is that format's
// layout (PBN's: which comments were ";" comments).
type Comment struct {
	Text string `json:"text"`
	Pos  Pos    `json:"pos"`
}

// Annotations are what may follow a call or a card: a note reference,
// numeric annotation glyphs (suffixes such as "!" are read as their NAG),
// and commentary.
type Annotations struct {
	Note     int       `json:"note,omitempty"` // note reference =N=, 0 for none
	NAGs     []int     `json:"nags,omitempty"` // ascending
	Comments []Comment `json:"comments,omitempty"`
}

// Note explains a note reference: [Note "N:text"].
type Note struct {
	Index    int       `json:"index"`
	Text     string    `json:"text"`
	Pos      Pos       `json:"pos"`
	Comments []Comment `json:"comments,omitempty"`
}

// Severity grades a problem.
type Severity string

const (
	// SevError is a real fault: the data is wrong or could not be read.
	SevError Severity = "error"
	// SevWarning is a deviation from the standard that was understood.
	SevWarning Severity = "warning"
)

// Problem is something wrong with a record, at a position in its file.
type Problem struct {
	File     string   `json:"file"`
	Pos      Pos      `json:"pos"`
	Severity Severity `json:"severity"`
	Message  string   `json:"message"`
}

// KindOf is what kind of fault p is, whatever its values: its severity
// and its message with the quoted text ("_"), irregularities (^_), cards
// (CARD), bids (BID), seats (SEAT), suits (SUIT) and numbers (N) replaced
// by placeholders ("error: play: SEAT plays CARD, which SEAT holds").
// check and import count problems of one kind together. It scans the
// message once: a file can hold tens of thousands of problems.
func (p Problem) KindOf() string {
	m := p.Message
	b := make([]byte, 0, len(p.Severity)+2+len(m))
	b = append(b, p.Severity...)
	b = append(b, ": "...)
	for i := 0; i < len(m); {
		c := m[i]
		switch {
		case c == '"':
			if j := quotedEnd(m, i); j > 0 {
				b = append(b, `"_"`...)
				i = j
				continue
			}
		case c == '^' && i+1 < len(m) && !isSpace(m[i+1]):
			b = append(b, "^_"...)
			for i++; i < len(m) && !isSpace(m[i]); i++ {
			}
			continue
		case isWordByte(c) && (i == 0 || !isWordByte(m[i-1])):
			j := i
			for j < len(m) && isWordByte(m[j]) {
				j++
			}
			w := m[i:j]
			if k := wordKind(w); k != "" {
				b = append(b, k...)
			} else if b = appendDigitsAsN(b, w); isDigit(w[len(w)-1]) {
				for j < len(m) && (isDigit(m[j]) || m[j] == ',') {
					j++ // "10,000" is one number
				}
			}
			i = j
			continue
		}
		b = append(b, c)
		i++
	}
	return string(b)
}

// quotedEnd is the end of the quoted text (and a "..." after it) that
// opens at i, as model and parser quote values (%q, quoteShort); 0 when
// the quote is not closed.
func quotedEnd(m string, i int) int {
	for j := i + 1; j < len(m); j++ {
		switch m[j] {
		case '\\':
			j++
		case '"':
			j++
			if strings.HasPrefix(m[j:], "...") {
				j += 3
			}
			return j
		}
	}
	return 0
}

// wordKind is the placeholder of a word that is a card, a bid, a seat or
// a suit; "" for another word.
func wordKind(w string) string {
	switch {
	case isCard(w):
		return "CARD"
	case isBid(w):
		return "BID"
	}
	for _, s := range Seats {
		if w == s.Name() || w == s.String() {
			return "SEAT"
		}
	}
	switch w {
	case "spades", "hearts", "diamonds", "clubs", "spade", "heart", "diamond", "club":
		return "SUIT"
	}
	return ""
}

// appendDigitsAsN appends w with each run of digits as N.
func appendDigitsAsN(b []byte, w string) []byte {
	for i := 0; i < len(w); i++ {
		switch {
		case !isDigit(w[i]):
			b = append(b, w[i])
		case i == 0 || !isDigit(w[i-1]):
			b = append(b, 'N')
		}
	}
	return b
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isCard(w string) bool {
	return len(w) == 2 && strings.IndexByte("SHDC", w[0]) >= 0 && strings.IndexByte("23456789TJQKA", w[1]) >= 0
}

// isBid reports whether w is a bid: [1-7](NT|[SHDC])X{0,2}.
func isBid(w string) bool {
	if len(w) < 2 || w[0] < '1' || w[0] > '7' {
		return false
	}
	w = w[1:]
	if strings.HasPrefix(w, "NT") {
		w = w[2:]
	} else if strings.IndexByte("SHDC", w[0]) >= 0 {
		w = w[1:]
	} else {
		return false
	}
	return w == "" || w == "X" || w == "XX"
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

func (p Problem) Error() string {
	var b strings.Builder
	b.WriteString(Prefix(p.File, p.Pos))
	if p.Severity == SevWarning {
		b.WriteString("warning: ")
	}
	b.WriteString(p.Message)
	return b.String()
}

// Section is a supplemental section: a tag followed by data. A table the
// reader knows is data: DD (the double-dummy table), Traveller or
// Standings holds it, its Tag gives only its place and comments, and how
// the source wrote it is the source format's layout. Another table keeps
// its tag (whose value is its header as written: PBN's column widths,
// alignments and sorting), its Columns' names and Rows as read; another
// section its Tokens.
type Section struct {
	Tag       Tag        `json:"tag"`
	DD        *DDTable   `json:"dd,omitempty"`
	Traveller *Traveller `json:"traveller,omitempty"`
	Standings *Standings `json:"standings,omitempty"`

	Columns []string   `json:"columns,omitempty"` // the names of a table's columns
	Rows    [][]string `json:"rows,omitempty"`    // raw elements, quotes kept
	Tokens  []string   `json:"tokens,omitempty"`  // for a section that is not a table
	// Comments met among the section's data, in order.
	Comments []Comment `json:"comments,omitempty"`
	// RowPos is where each row of a table starts in its source, when the
	// reader knows (PBN's); a row's checks report there.
	RowPos []Pos `json:"-"`
}

// UnmarshalJSON reads a section, and the columns of one stored by an
// older handrec, which gave each as an object with its name and PBN's
// width and alignment (its tag's value still gives those).
func (s *Section) UnmarshalJSON(b []byte) error {
	type plain Section
	v := struct {
		*plain
		Columns json.RawMessage `json:"columns"`
	}{plain: (*plain)(s)}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	if len(v.Columns) == 0 || string(v.Columns) == "null" {
		return nil
	}
	err := json.Unmarshal(v.Columns, &s.Columns)
	if err == nil {
		return nil
	}
	var old []struct {
		Name string `json:"name"`
	}
	if json.Unmarshal(v.Columns, &old) != nil {
		return err
	}
	s.Columns = make([]string, len(old))
	for i, c := range old {
		s.Columns[i] = c.Name
	}
	return nil
}

// Header is what a file says about itself before its first game.
type Header struct {
	// Comments before the first game that stand apart from it.
	Comments []Comment `json:"comments,omitempty"`
	// Encoding of the source: "utf-8", "latin-1" or "ascii".
	Encoding string `json:"encoding,omitempty"`
	// Format of the source: PBN, LIN or JSON (its JSON: "PBN", ...; an
	// archive's older headers say "pbn", which reads the same).
	Format Format `json:"format,omitzero"`
	// Layout is what the source format's reader kept of the file's own
	// bookkeeping, for its writer alone (PBN's: its version line,
	// "% EXPORT", its other escape lines, a header block of "##" tags);
	// nil for none. Its JSON form is that of a record's (MarshalLayout).
	Layout Layout `json:"-"`
}

// MarshalJSON writes the header with its layout, if any.
func (h Header) MarshalJSON() ([]byte, error) {
	type plain Header
	if h.Layout == nil {
		return json.Marshal(plain(h))
	}
	lb, err := MarshalLayout(h.Layout)
	if err != nil {
		return nil, err
	}
	return json.Marshal(struct {
		plain
		Layout json.RawMessage `json:"layout"`
	}{plain(h), lb})
}

// UnmarshalJSON reads what MarshalJSON wrote, and a header stored by an
// older handrec, which held its format's bookkeeping itself (Adopter).
func (h *Header) UnmarshalJSON(b []byte) error {
	type plain Header
	v := struct {
		*plain
		Layout json.RawMessage `json:"layout"`
	}{plain: (*plain)(h)}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	l, err := UnmarshalHeaderLayout(v.Layout)
	if err != nil {
		return err
	}
	h.Layout = l
	return adopt(headerLayout, &h.Layout, b)
}

// Document is a whole file: its header, its records, and whatever follows
// the last game.
type Document struct {
	Header  Header    `json:"header"`
	Records []*Record `json:"records"`
	Trailer Trailer   `json:"trailer"`
}

// Trailer is what follows a file's last game: commentary, and what the
// source format's reader kept there of its own bookkeeping (PBN's escape
// lines), in its layout, for its writer alone.
type Trailer struct {
	// Comments are the commentary after the last game.
	Comments []Comment `json:"comments,omitempty"`
	// Layout is the source format's bookkeeping after the last game, nil
	// for none; every writer but its format's ignores it.
	Layout Layout `json:"-"`
}

// A Joiner is a trailer's layout that takes in the trailer layout of a
// file read after its own (convert writes the trailers of all the files
// it reads): Join returns the two as one, the receiver the layout of a
// trailer of n comments, changing neither; After is the layout as that of
// a trailer that follows n comments (a layout may name its comments by
// their index).
type Joiner interface {
	Join(n int, next Layout) Layout
	After(n int) Layout
}

// Join is t followed by u, the trailer of a file read after t's: their
// commentary in turn, and their layouts joined (Joiner) when both have
// one; a layout that cannot take the other keeps its own. It changes
// neither.
func (t Trailer) Join(u Trailer) Trailer {
	out := Trailer{Comments: append(append([]Comment(nil), t.Comments...), u.Comments...), Layout: t.Layout}
	switch j, ok := t.Layout.(Joiner); {
	case t.Layout == nil:
		out.Layout = u.Layout
		if j, ok := u.Layout.(Joiner); ok {
			out.Layout = j.After(len(t.Comments))
		}
	case u.Layout != nil && ok:
		out.Layout = j.Join(len(t.Comments), u.Layout)
	}
	if len(out.Comments) == 0 {
		out.Comments = nil
	}
	return out
}
