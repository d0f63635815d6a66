package render

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"handrec/export"
	"handrec/layout"
	"handrec/model"
)

// Style says how the printed forms (text diagrams, deal sheets) write
// cards and seats.
type Style struct {
	// ASCII writes S H D C for the suit symbols and plain ASCII for the
	// rules of the diagram and the footnote marks.
	ASCII bool
	// TenAsT writes the ten as T, as PBN does, rather than 10 as the books.
	TenAsT bool
	// BookSeats names the seats with the old books' letters. The letters
	// are the record's own when its four players are named by single
	// letters, as the book rubbers name them ([South "A"], [North "B"],
	// [West "C"], [East "D"]); otherwise the seating of the Laws of 1899
	// and Hoyle's of 1904: A South, B North, C West, D East.
	BookSeats bool

	letters *[4]string // the book letters by seat, when the record gives them
	bare    bool       // no commentary in the footnotes of calls and cards (a sheet's question)
}

// tableOrder is the order of the seat columns of auction and trick tables,
// West first as the books and today's sheets set them.
var tableOrder = [4]model.Seat{model.West, model.North, model.East, model.South}

// bookLetters are the books' letters by seat (N E S W) when the record
// gives none: A-B North-South, A the South player, as in the Laws of 1899.
var bookLetters = [4]string{"B", "D", "A", "C"}

// forRecord is st with the book letters r gives to its seats, when it
// names all four players by distinct single letters.
func (st Style) forRecord(r *model.Record) Style {
	st.letters = nil
	if !st.BookSeats {
		return st
	}
	var ls [4]string
	seen := map[string]bool{}
	for _, s := range model.Seats {
		n := strings.TrimSpace(r.Player(s))
		if len(n) != 1 || !export.IsLetter(n[0]) || seen[strings.ToUpper(n)] {
			return st
		}
		ls[s] = strings.ToUpper(n)
		seen[ls[s]] = true
	}
	st.letters = &ls
	return st
}

// bookLetter is seat s's letter in the books.
func (st Style) bookLetter(s model.Seat) string {
	if st.letters != nil {
		return st.letters[s]
	}
	return bookLetters[s]
}

func (st Style) suit(s model.Suit) string {
	if st.ASCII {
		return s.String()
	}
	return s.Symbol()
}

func (st Style) rank(r model.Rank) string {
	if r == model.Ten && !st.TenAsT {
		return "10"
	}
	return string(r.Letter())
}

func (st Style) card(c model.Card) string { return st.suit(c.Suit()) + st.rank(c.Rank()) }

func (st Style) strain(s model.Strain) string {
	if s == model.NoTrump {
		return "NT"
	}
	return st.suit(model.Suit(s))
}

// seatName is the seat's full name, or its letter in the books.
func (st Style) seatName(s model.Seat) string {
	if !s.Valid() {
		return ""
	}
	if st.BookSeats {
		return st.bookLetter(s)
	}
	return s.Name()
}

// seatLetter is N E S W, or the books' letter.
func (st Style) seatLetter(s model.Seat) string {
	if !s.Valid() {
		return ""
	}
	if st.BookSeats {
		return st.bookLetter(s)
	}
	return s.String()
}

// sideName is "N-S" or "E-W", or in the books the side's letters in
// alphabetical order: "A-B", "C-D".
func (st Style) sideName(d model.Side) string {
	a, b := st.seatLetter(model.North), st.seatLetter(model.South)
	if d == model.EW {
		a, b = st.seatLetter(model.East), st.seatLetter(model.West)
	}
	if st.BookSeats && b < a {
		a, b = b, a
	}
	return a + "-" + b
}

func (st Style) void() string {
	if st.ASCII {
		return "-"
	}
	return "—"
}

// holding is the ranks held in s, high to low, spaced as the books set
// them: "A K 10 3", or a dash for a void.
func (st Style) holding(h model.Hand, s model.Suit) string {
	m := h.SuitBits(s)
	if m == 0 {
		return st.void()
	}
	var b strings.Builder
	for r := model.Ace; r >= model.Two; r-- {
		if m&(1<<uint(r)) == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(st.rank(r))
	}
	return b.String()
}

var superscripts = [10]string{"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"}

// mark is footnote n's mark in a table cell: a superscript number, or
// "(n)" in ASCII.
func (st Style) mark(n int) string {
	s := strconv.Itoa(n)
	if st.ASCII {
		return "(" + s + ")"
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteString(superscripts[s[i]-'0'])
	}
	return b.String()
}

// suitEscapes turns the suit escapes that hand-record text carries (PBN
// "\S", BBO and LIN "!S", vugraph "@S") into the style's suit signs.
func (st Style) suitEscapes(s string) string {
	if !strings.ContainsAny(s, `\!@`) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c == '\\' || c == '!' || c == '@') && i+1 < len(s) {
			if su, ok := escapeSuit(s[i+1]); ok && escapeEnds(s, i+2) {
				b.WriteString(st.suit(su))
				i++
				continue
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

func escapeSuit(c byte) (model.Suit, bool) {
	switch c {
	case 'S', 's':
		return model.Spades, true
	case 'H', 'h':
		return model.Hearts, true
	case 'D', 'd':
		return model.Diamonds, true
	case 'C', 'c':
		return model.Clubs, true
	}
	return 0, false
}

// escapeEnds reports whether a suit escape whose letter ends before i
// stands on its own: at the end of a word, or before ranks that end one
// ("\SQ", "!SAK", "@HT9"), not inside a word ("!Stop", "@Home").
func escapeEnds(s string, i int) bool {
	for i < len(s) && strings.IndexByte("AKQJT", s[i]) >= 0 {
		i++
	}
	return i == len(s) || !export.IsLetter(s[i])
}

// width is the number of columns s takes in a fixed-pitch font: one a
// character (suit symbols and box rules included).
func width(s string) int { return utf8.RuneCountInString(s) }

// nagSuffix is the suffix form of the first NAG that has one: "!", "?",
// "!!", "??", "!?", "?!" (calls: $1-$6, cards: $7-$12).
func nagSuffix(nags []int) string {
	for _, n := range nags {
		if n >= 7 && n <= 12 {
			n -= 6
		}
		if n >= 1 && n <= 6 {
			return [...]string{"!", "?", "!!", "??", "!?", "?!"}[n-1]
		}
	}
	return ""
}

// boardView is one record as the printed forms show it, written once in
// a Style and then laid out as text, HTML or PDF.
type boardView struct {
	st      Style
	Title   string // "Board 7"
	Heading string // event, site and date, when given
	// Keys are the heading as key lines ("Event: ...", "Scoring: ..."),
	// each value as given.
	Keys   []string
	Dealer string // "North"
	Vul    string // "None", "N-S", "E-W", "All"
	Hands  [4]handView
	Box    [4]string // the compass letters, by seat
	HCP    [4]int    // high-card points by seat, -1 for a hand not known
	Room   string    // "Open room", "Closed room" on a team match's board

	Contract string // "4♥X by North", "Passed out"
	Result   string // "10 tricks: made", "8 tricks: two down"
	Lead     string // "♠Q"
	Score    string // the score the record gives: "Score NS 620", "Score EW -100 (62.5%)"
	Hidden   bool   // some hand is hidden from the reader

	Before []string // commentary before the diagram
	After  []string // commentary after it, before the auction

	Auction *auctionView
	Play    *playView
	DD      *ddView
	Travel  []*travellerView // the ScoreTables: every table's result
	End     []string         // commentary after everything else
}

func (v *boardView) style() Style { return v.st }

// handView is one seat's hand: its label and its four holdings, spades
// first. An unknown hand has Known false and empty holdings.
type handView struct {
	Label string
	Known bool
	Suits [4]string
}

// auctionView is the auction as a table: rows of four calls, West first.
type auctionView struct {
	Head     [4]string
	Rows     [][4]string
	Notes    []string // footnotes, in the order of their marks
	Comments []string // commentary before the table
}

// playView is the play as a trick table.
type playView struct {
	Head     [4]string // seat columns, West first
	Sides    [2]string // running-count columns: "N-S", "E-W"
	Rows     []trickRow
	Claim    string
	Notes    []string
	Comments []string
}

// trickRow is one trick: the leader, the four cards in seat columns
// (West first), the column of the winning card (-1 when not known), and
// the running count of tricks each side has won.
type trickRow struct {
	N      int
	Leader string
	Cards  [4]string
	Win    int
	Count  [2]string
}

// ddView is a double-dummy table: tricks by declarer (N E S W) and strain
// (C D H S NT), -1 where the record does not say.
type ddView struct {
	Tricks [4][5]int
	Rows   []model.Seat // declarers the table gives, in N S E W order
	Par    string
}

// footnotes numbers the notes of one table in the order their marks appear.
type footnotes struct {
	st    Style
	notes []string
	byRef map[string]int
}

// add returns the mark for text, reusing the number of an earlier note
// with the same key ("" for a note of its own).
func (f *footnotes) add(key, text string) string {
	if key != "" {
		if n, ok := f.byRef[key]; ok {
			return f.st.mark(n)
		}
	}
	f.notes = append(f.notes, text)
	n := len(f.notes)
	if key != "" {
		if f.byRef == nil {
			f.byRef = map[string]int{}
		}
		f.byRef[key] = n
	}
	return f.st.mark(n)
}

// lines is the footnotes as printed under a table: "¹ text" or "(1) text".
func (f *footnotes) lines() []string {
	out := make([]string, len(f.notes))
	for i, t := range f.notes {
		out[i] = f.st.mark(i+1) + " " + t
	}
	return out
}

// newBoardView writes r in style st.
func newBoardView(r *model.Record, st Style) *boardView {
	st = st.forRecord(r)
	v := &boardView{st: st}
	if r.Board > 0 {
		v.Title = "Board " + strconv.Itoa(r.Board)
	} else {
		v.Title = "Deal " + strconv.Itoa(r.Index)
	}
	v.Heading = heading(r)
	v.Keys = headingKeys(r)
	if r.Room != model.NoRoom {
		v.Room = r.Room.String() + " room"
	}
	if r.Dealer.Valid() {
		v.Dealer = st.seatName(r.Dealer)
	}
	switch r.Vul {
	case model.VulNone:
		v.Vul = "None"
	case model.VulNS:
		v.Vul = st.sideName(model.NS)
	case model.VulEW:
		v.Vul = st.sideName(model.EW)
	case model.VulAll:
		v.Vul = "All"
	}
	v.setHands(r, st)
	v.Contract, v.Result = contractLines(r, st)
	v.Score = recordedScore(r)
	strain, strainKnown := model.PlayStrain(r)
	for _, c := range r.Leading {
		v.Before = append(v.Before, paragraphs(c.Text, st)...)
	}
	r.EachTag(func(t model.Tag) {
		for _, c := range t.Comments {
			v.After = append(v.After, paragraphs(c.Text, st)...)
		}
	})
	if r.Auction != nil && len(r.Auction.Calls) > 0 {
		v.Auction = newAuctionView(r, st)
	}
	if r.Play != nil && (len(r.Play.Tricks) > 0 || r.Play.Claim >= 0) {
		v.Play = newPlayView(r, st, strain, strainKnown)
		if len(r.Play.Tricks) > 0 {
			if f := r.Play.First; f.Valid() && r.Play.Tricks[0][f].Kind == model.Played {
				v.Lead = st.card(r.Play.Tricks[0][f].Card)
			}
		}
	}
	v.DD = newDDView(r, st)
	v.Travel = newTravellers(r)
	for i := range r.Sections {
		for _, c := range r.Sections[i].Comments {
			v.End = append(v.End, paragraphs(c.Text, st)...)
		}
	}
	return v
}

// recordedScore is the score the record gives (its Score tag), with its
// percentage (ScorePercentage) when given: "Score NS 620 (62.5%)".
func recordedScore(r *model.Record) string {
	score, _ := r.FactValue(model.FactScore)
	pct, _ := r.FactValue(model.FactScorePercentage)
	score, pct = strings.TrimSpace(score), strings.TrimSpace(pct)
	switch {
	case layout.Meaningful(score) && layout.Meaningful(pct):
		return "Score " + score + " (" + pct + "%)"
	case layout.Meaningful(score):
		return "Score " + score
	case layout.Meaningful(pct):
		return "Score " + pct + "%"
	}
	return ""
}

// heading is r's event, site and date, those given, joined by commas.
func heading(r *model.Record) string {
	var head []string
	for _, t := range []string{"Event", "Site", "Date"} {
		s, _ := export.TagOrFact(r, t)
		if t == "Date" {
			s = dateText(s)
		}
		if layout.Meaningful(s) {
			head = append(head, strings.TrimSpace(s))
		}
	}
	return strings.Join(head, ", ")
}

// setHands writes the four hands, their labels (the player's name, else
// the seat's), their high-card points and the compass letters.
func (v *boardView) setHands(r *model.Record, st Style) {
	for _, s := range model.Seats {
		h := &v.Hands[s]
		v.Box[s] = st.seatLetter(s)
		h.Label = st.seatName(s)
		if name := strings.TrimSpace(r.Player(s)); layout.Meaningful(name) {
			h.Label = name
		}
		h.Known = r.Deal.Known[s]
		v.HCP[s] = -1
		if !h.Known {
			continue
		}
		v.HCP[s] = r.Deal.Hands[s].HCP()
		for i, su := range model.SuitsDown {
			h.Suits[i] = st.holding(r.Deal.Hands[s], su)
			if n := int(r.Deal.Small[s][su]); n > 0 { // spot cards a book gives as x
				x := strings.TrimSpace(strings.Repeat("x ", n))
				if r.Deal.Hands[s].SuitBits(su) == 0 {
					h.Suits[i] = x
				} else {
					h.Suits[i] += " " + x
				}
			}
		}
	}
}

// dateText drops the unknown parts at the end of a PBN date:
// "1904.??.??" is 1904.
func dateText(s string) string {
	parts := strings.Split(strings.TrimSpace(s), ".")
	for len(parts) > 0 && strings.Trim(parts[len(parts)-1], "?") == "" {
		parts = parts[:len(parts)-1]
	}
	return strings.Join(parts, ".")
}

// contractLines are the contract ("4♥X by North") and the result
// ("10 tricks: made").
func contractLines(r *model.Record, st Style) (string, string) {
	c := r.Contract
	var con string
	switch c.Kind {
	case model.PassedOut:
		return "Passed out", ""
	case model.Bid:
		con = strconv.Itoa(int(c.Level)) + st.strain(c.Strain)
	case model.StrainOnly:
		con = st.strain(c.Strain)
	default:
		return "", ""
	}
	con += strings.Repeat("X", int(c.Doubled))
	if r.Declarer.Valid() {
		con += " by " + st.seatName(r.Declarer)
	}
	if !r.Result.Known() {
		return con, ""
	}
	n := int(r.Result.Tricks)
	res := strconv.Itoa(n) + " tricks"
	if n == 1 {
		res = "1 trick"
	}
	if c.Kind == model.Bid {
		need := 6 + int(c.Level)
		switch d := n - need; {
		case d == 0:
			res += ": made"
		case d > 0:
			res += ": made, +" + strconv.Itoa(d)
		default:
			res += ": down " + strconv.Itoa(-d)
		}
	}
	return con, res
}

func newAuctionView(r *model.Record, st Style) *auctionView {
	a := r.Auction
	av := &auctionView{}
	for i, s := range tableOrder {
		av.Head[i] = st.seatName(s)
	}
	for _, c := range a.Comments {
		av.Comments = append(av.Comments, paragraphs(c.Text, st)...)
	}
	notes := noteTexts(a.Notes, st)
	fn := footnotes{st: st}
	col := columnOf(a.First)
	if col < 0 {
		col = 0
	}
	var row [4]string
	used := false
	for _, c := range a.Calls {
		row[col] = callCell(c, st, &fn, notes)
		used = true
		col++
		if col == 4 {
			av.Rows = append(av.Rows, row)
			row, col, used = [4]string{}, 0, false
		}
	}
	if used {
		av.Rows = append(av.Rows, row)
	}
	av.Notes = fn.lines()
	return av
}

// columnOf is the column of seat s in tableOrder, -1 for no seat.
func columnOf(s model.Seat) int {
	for i, t := range tableOrder {
		if t == s {
			return i
		}
	}
	return -1
}

// noteTexts maps a note number to its text, with suit escapes written.
func noteTexts(ns []model.Note, st Style) map[int]string {
	m := make(map[int]string, len(ns))
	for _, n := range ns {
		m[n.Index] = oneLine(st.suitEscapes(n.Text))
	}
	return m
}

func callCell(c model.Call, st Style, fn *footnotes, notes map[int]string) string {
	var s string
	switch c.Kind {
	case model.Pass:
		s = "Pass"
	case model.Double:
		s = "Dbl"
	case model.Redouble:
		s = "Rdbl"
	case model.BidCall:
		s = strconv.Itoa(int(c.Level)) + st.strain(c.Strain)
	case model.AllPass:
		s = allPass
	case model.NotYet:
		return ""
	case model.Skipped:
		s = st.void()
	case model.Continue:
		s = "?"
	default:
		s = c.Text
	}
	s += nagSuffix(c.NAGs)
	s += annotationMarks(c.Annotations, c.Alert, c.Explanation, st, fn, notes)
	if c.Insufficient {
		s += fn.add("", "insufficient bid, accepted")
	}
	return s
}

// annotationMarks adds the footnotes of one call or card: its alert or
// explanation, its note, its commentary. It returns their marks.
func annotationMarks(a model.Annotations, alert bool, expl string, st Style, fn *footnotes, notes map[int]string) string {
	var marks strings.Builder // a call may hold many comments: += would be quadratic
	switch {
	case expl != "":
		marks.WriteString(fn.add("", oneLine(st.suitEscapes(expl))))
	case alert && a.Note == 0:
		marks.WriteString(fn.add("", "alerted"))
	}
	if a.Note != 0 {
		text, ok := notes[a.Note]
		if !ok {
			text = "note " + strconv.Itoa(a.Note) + " (not given)"
		}
		marks.WriteString(fn.add("note "+strconv.Itoa(a.Note), text))
	}
	for _, cm := range a.Comments {
		if t := oneLine(st.suitEscapes(cm.Text)); t != "" && !st.bare {
			marks.WriteString(fn.add("", t))
		}
	}
	return marks.String()
}

func newPlayView(r *model.Record, st Style, strain model.Strain, strainKnown bool) *playView {
	p := r.Play
	pv := &playView{Sides: [2]string{st.sideName(model.NS), st.sideName(model.EW)}}
	for i, s := range tableOrder {
		pv.Head[i] = st.seatName(s)
	}
	for _, c := range p.Comments {
		pv.Comments = append(pv.Comments, paragraphs(c.Text, st)...)
	}
	notes := noteTexts(p.Notes, st)
	fn := footnotes{st: st}
	if !strainKnown && len(p.Tricks) > 0 {
		fn.notes = append(fn.notes, "the contract is not given: tricks are reckoned at no trump")
	}
	out := model.ReplayPlay(r.Deal, p, strain)
	type key struct{ trick, seat int }
	extra := map[key][]string{}
	for _, rv := range out.Revokes {
		t := "revoke, as the record marks it"
		if rv.Held {
			t = "revoke: " + st.seatName(rv.Seat) + " still held a " + suitNouns[rv.Led]
		}
		extra[key{rv.Trick, int(rv.Seat)}] = append(extra[key{rv.Trick, int(rv.Seat)}], t)
	}
	for _, nh := range out.NotHeld {
		t := st.seatName(nh.Seat) + " was not dealt " + st.card(nh.Card)
		extra[key{nh.Trick, int(nh.Seat)}] = append(extra[key{nh.Trick, int(nh.Seat)}], t)
	}
	var won [2]int
	for i := range p.Tricks {
		t := &p.Tricks[i]
		tp := out.Tricks[i]
		row := trickRow{N: i + 1, Win: -1}
		row.Leader = st.seatLetter(tp.Leader)
		for col, s := range tableOrder {
			pc := t[s]
			var c string
			switch pc.Kind {
			case model.Played:
				c = st.card(pc.Card)
			case model.Unknown:
				c = st.void()
			case model.Next:
				c = "?"
			}
			c += nagSuffix(pc.NAGs)
			c += annotationMarks(pc.Annotations, false, "", st, &fn, notes)
			if pc.LeadOutOfTurn {
				c += fn.add("", "led out of turn")
			}
			for _, x := range extra[key{i + 1, int(s)}] {
				c += fn.add("", x)
			}
			row.Cards[col] = c
		}
		if tp.Winner.Valid() {
			row.Win = columnOf(tp.Winner)
			won[tp.Winner.Side()]++
		}
		if tp.Complete() {
			if tp.Winner.Valid() {
				row.Count = [2]string{strconv.Itoa(won[0]), strconv.Itoa(won[1])}
			} else {
				row.Count = [2]string{"?", "?"}
			}
		}
		pv.Rows = append(pv.Rows, row)
	}
	if p.Claim >= 0 {
		who := "declarer"
		if r.Declarer.Valid() {
			who = st.seatName(r.Declarer)
		}
		pv.Claim = "Claim: " + who + " takes " + strconv.Itoa(int(p.Claim)) + " tricks in all"
	}
	pv.Notes = fn.lines()
	return pv
}

const allPass = "All Pass"

var suitNouns = [4]string{"club", "diamond", "heart", "spade"}

// oneLine folds text onto one line: runs of white space become one space,
// and PBN's literal "\n" too.
func oneLine(s string) string {
	s = strings.ReplaceAll(s, `\n`, " ")
	return strings.Join(strings.Fields(s), " ")
}

// paragraphs splits commentary into paragraphs: an empty line or PBN's
// literal "\n" ends one; inside a paragraph white space folds to one
// space.
func paragraphs(s string, st Style) []string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, `\n`, "\n\n")
	var out []string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			out = append(out, st.suitEscapes(strings.Join(cur, " ")))
			cur = cur[:0]
		}
	}
	for _, line := range strings.Split(s, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			flush()
			continue
		}
		cur = append(cur, f...)
	}
	flush()
	return out
}

// keyFacts and keyTags are what a heading of keys gives, in its order.
var (
	keyFacts = []string{"Event", "Site", "Date", "Scoring", "Room"}
	keyTags  = []string{"Acceptor", "Source"}
)

// headingKeys is the heading as key lines, each value as given.
func headingKeys(r *model.Record) []string {
	var out []string
	for _, k := range keyFacts {
		if s, ok := export.TagOrFact(r, k); ok && layout.Meaningful(s) {
			out = append(out, k+": "+strings.TrimSpace(s))
		}
	}
	for _, k := range keyTags {
		if s, ok := r.Tag(k); ok && layout.Meaningful(s) {
			out = append(out, k+": "+strings.TrimSpace(s))
		}
	}
	return out
}
