package render

import (
	"io"
	"strconv"
	"strings"

	"handrec/model"
)

// TextOptions configure the text form of a record (handrec show).
type TextOptions struct {
	Style
	// Width is where commentary and footnotes wrap; 0 means 72.
	Width int
	// NoAuction and NoPlay leave out the auction and the trick table.
	NoAuction, NoPlay bool
	// Keys writes the heading as lines of a key and its value (Event:,
	// Site:, Date:, Scoring:, Room:, Acceptor:, Source:), each as given,
	// rather than show's one line of event, site and date: the form
	// convert --to txt writes, which the diagram reader reads back whole.
	Keys bool
	// NoHeading leaves out the event line, which a caller printing many
	// records prints once an event.
	NoHeading bool
}

func (o TextOptions) width() int {
	if o.Width <= 0 {
		return 72
	}
	return o.Width
}

// Text is record r as the books set it: a heading, the deal diagram (the
// four hands around a compass, with the board, dealer and vulnerability
// in the corner above and the contract, result and lead in the corner
// below), the auction as a table with its alerts and notes as footnotes,
// the play as a trick table, the double-dummy table when the record has
// one, and the commentary where the record puts it. Every line ends in
// "\n"; no line has trailing blanks.
func Text(r *model.Record, opt TextOptions) string {
	return textOf(newBoardView(r, opt.Style), opt)
}

func textOf(v *boardView, opt TextOptions) string {
	var blocks [][]string
	add := func(lines []string) {
		if len(lines) > 0 {
			blocks = append(blocks, lines)
		}
	}
	switch {
	case opt.Keys:
		add(v.Keys)
	case v.Heading != "" && !opt.NoHeading:
		add([]string{v.Heading})
	}
	add(wrapParagraphs(v.Before, opt.width()))
	add(diagramLines(v, v.style()))
	add(wrapParagraphs(v.After, opt.width()))
	if v.Auction != nil && !opt.NoAuction {
		add(wrapParagraphs(v.Auction.Comments, opt.width()))
		add(auctionLines(v.Auction, opt.width()))
	}
	if v.Play != nil && !opt.NoPlay {
		add(wrapParagraphs(v.Play.Comments, opt.width()))
		add(playLines(v.Play, opt.width()))
	}
	if v.DD != nil {
		add(ddLines(v.DD, v.style()))
	}
	for _, tv := range v.Travel {
		add(travellerLines(tv))
	}
	add(wrapParagraphs(v.End, opt.width()))
	var b strings.Builder
	for i, bl := range blocks {
		if i > 0 {
			b.WriteByte('\n')
		}
		for _, l := range bl {
			b.WriteString(strings.TrimRight(l, " "))
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// TextSeq gives records' text one after another as show prints them: a
// blank line between two, the event line once an event, and again before
// a board that opens with commentary, which would otherwise read back as
// the commentary after the board before it. The Keys form gives each
// record its heading keys.
type TextSeq struct {
	Opt   TextOptions
	n     int
	event string
}

// Next is the text of r, the next record.
func (q *TextSeq) Next(r *model.Record) string {
	var b strings.Builder
	if q.n++; q.n > 1 {
		b.WriteByte('\n')
	}
	opt := q.Opt
	if !opt.Keys && !opt.NoHeading {
		if h := heading(r); h != q.event || h != "" && len(r.Leading) > 0 {
			q.event = h
			if h != "" {
				b.WriteString(h + "\n\n")
			}
		}
		opt.NoHeading = true
	}
	b.WriteString(Text(r, opt))
	return b.String()
}

// WriteText writes records one after another in the text form, as TextSeq
// gives them.
func WriteText(w io.Writer, recs []*model.Record, opt TextOptions) error {
	q := TextSeq{Opt: opt}
	for _, r := range recs {
		if _, err := io.WriteString(w, q.Next(r)); err != nil {
			return err
		}
	}
	return nil
}

// Diagram is the deal diagram alone, as in Text.
func Diagram(r *model.Record, st Style) string {
	var b strings.Builder
	v := newBoardView(r, st)
	for _, l := range diagramLines(v, v.style()) {
		b.WriteString(strings.TrimRight(l, " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// handLines is a hand as five lines: its label, then spades to clubs.
func handLines(h handView, st Style) []string {
	out := make([]string, 5)
	out[0] = h.Label
	if !h.Known {
		return out
	}
	for i, su := range model.SuitsDown {
		out[i+1] = st.suit(su) + " " + h.Suits[i]
	}
	return out
}

// boxLines is the compass in the middle of the diagram.
func boxLines(letters [4]string, st Style) []string {
	n, e, s, w := letters[model.North], letters[model.East], letters[model.South], letters[model.West]
	if st.ASCII {
		return []string{
			"+-------+",
			"|   " + n + "   |",
			"| " + w + "   " + e + " |",
			"|   " + s + "   |",
			"+-------+",
		}
	}
	return []string{
		"┌───────┐",
		"│   " + n + "   │",
		"│ " + w + "   " + e + " │",
		"│   " + s + "   │",
		"└───────┘",
	}
}

// diagramLines lays out the diagram in three bands of five lines: North
// with the board's particulars on its left; West, the compass and East;
// South with the contract and result on its right.
func diagramLines(v *boardView, st Style) []string {
	north := handLines(v.Hands[model.North], st)
	east := handLines(v.Hands[model.East], st)
	south := handLines(v.Hands[model.South], st)
	west := handLines(v.Hands[model.West], st)
	topLeft := make([]string, 0, 5)
	topLeft = append(topLeft, v.Title)
	if v.Dealer != "" {
		topLeft = append(topLeft, "Dealer "+v.Dealer)
	}
	if v.Vul != "" {
		topLeft = append(topLeft, "Vul "+v.Vul)
	}
	bottomRight := make([]string, 0, 5)
	if v.Contract != "" {
		if v.Contract == "Passed out" {
			bottomRight = append(bottomRight, v.Contract)
		} else {
			bottomRight = append(bottomRight, "Contract "+v.Contract)
		}
	}
	if v.Result != "" {
		bottomRight = append(bottomRight, "Result "+v.Result)
	}
	if v.Lead != "" {
		bottomRight = append(bottomRight, "Lead "+v.Lead)
	}
	box := boxLines(v.Box, st)
	col1 := max(maxWidth(west), maxWidth(topLeft)) + 3
	col2 := col1 + width(box[0]) + 2
	col3 := max(col2, col1+maxWidth(south)+3)
	at := func(s []string, i int) string {
		if i < len(s) {
			return s[i]
		}
		return ""
	}
	out := make([]string, 0, 15)
	for i := 0; i < 5; i++ {
		out = append(out, pad(at(topLeft, i), col1)+north[i])
	}
	for i := 0; i < 5; i++ {
		out = append(out, pad(west[i], col1)+pad(box[i], col2-col1)+east[i])
	}
	for i := 0; i < 5; i++ {
		out = append(out, pad("", col1)+pad(south[i], col3-col1)+at(bottomRight, i))
	}
	return out
}

func maxWidth(lines []string) int {
	m := 0
	for _, l := range lines {
		m = max(m, width(l))
	}
	return m
}

// pad fills s with blanks to n columns.
func pad(s string, n int) string {
	if w := width(s); w < n {
		return s + strings.Repeat(" ", n-w)
	}
	return s
}

// padLeft right-aligns s in n columns.
func padLeft(s string, n int) string {
	if w := width(s); w < n {
		return strings.Repeat(" ", n-w) + s
	}
	return s
}

// auctionLines is the auction table with its footnotes under it.
func auctionLines(av *auctionView, wrapAt int) []string {
	w := maxWidth(av.Head[:])
	for _, row := range av.Rows {
		for _, c := range row {
			if c != allPass { // the last call: it may run past its column
				w = max(w, width(c))
			}
		}
	}
	w += 2
	out := make([]string, 0, len(av.Rows)+2+len(av.Notes))
	out = append(out, tableRow(av.Head, w))
	for _, row := range av.Rows {
		out = append(out, tableRow(row, w))
	}
	if len(av.Notes) > 0 {
		out = append(out, "")
		out = append(out, wrapNotes(av.Notes, wrapAt)...)
	}
	return out
}

func tableRow(cells [4]string, w int) string {
	var b strings.Builder
	for i, c := range cells {
		if i < 3 {
			b.WriteString(pad(c, w))
		} else {
			b.WriteString(c)
		}
	}
	return b.String()
}

// playLines is the trick table: the trick's number, its leader, the four
// cards (West first) with "*" on the winning card, and the running count
// of each side's tricks; then the claim and the footnotes.
func playLines(pv *playView, wrapAt int) []string {
	cells := make([][4]string, len(pv.Rows))
	w := maxWidth(pv.Head[:])
	marked := false
	for i, row := range pv.Rows {
		cells[i] = row.Cards
		if row.Win >= 0 {
			cells[i][row.Win] += "*"
			marked = true
		}
		w = max(w, maxWidth(cells[i][:]))
	}
	w += 2
	cw := max(width(pv.Sides[0]), width(pv.Sides[1]), 2) + 2
	line := func(n, lead string, c [4]string, count [2]string) string {
		var b strings.Builder
		b.WriteString(padLeft(n, 5))
		b.WriteString("  ")
		b.WriteString(pad(lead, 6))
		for _, x := range c {
			b.WriteString(pad(x, w))
		}
		b.WriteString(padLeft(count[0], cw))
		b.WriteString(padLeft(count[1], cw))
		return b.String()
	}
	out := make([]string, 0, len(pv.Rows)+4+len(pv.Notes))
	out = append(out, line("Trick", "Lead", pv.Head, pv.Sides))
	for i, row := range pv.Rows {
		out = append(out, line(strconv.Itoa(row.N), row.Leader, cells[i], row.Count))
	}
	var tail []string
	if pv.Claim != "" {
		tail = append(tail, pv.Claim)
	}
	if marked {
		tail = append(tail, "* won the trick")
	}
	tail = append(tail, wrapNotes(pv.Notes, wrapAt)...)
	if len(tail) > 0 {
		out = append(out, "")
		out = append(out, tail...)
	}
	return out
}

// ddLines is the double-dummy table: tricks for each declarer and strain.
func ddLines(dd *ddView, st Style) []string {
	lw := 0
	for _, s := range dd.Rows {
		lw = max(lw, width(st.seatName(s)))
	}
	lw += 1
	var head strings.Builder
	head.WriteString(pad("", lw))
	for _, s := range model.DDStrains {
		head.WriteString(padLeft(st.strain(s), 4))
	}
	out := []string{"Double-dummy tricks", head.String()}
	for _, s := range dd.Rows {
		var b strings.Builder
		b.WriteString(pad(st.seatName(s), lw))
		for _, str := range model.DDStrains {
			t := "-"
			if n := dd.Tricks[s][str]; n >= 0 {
				t = strconv.Itoa(n)
			}
			b.WriteString(padLeft(t, 4))
		}
		out = append(out, b.String())
	}
	if dd.Par != "" {
		out = append(out, "Par "+dd.Par)
	}
	return out
}

// wrapParagraphs wraps paragraphs at n columns, an empty line between two.
func wrapParagraphs(ps []string, n int) []string {
	var out []string
	for i, p := range ps {
		if i > 0 {
			out = append(out, "")
		}
		out = append(out, wrap(p, n, "")...)
	}
	return out
}

// wrapNotes wraps footnotes, their continuation lines indented under the text.
func wrapNotes(notes []string, n int) []string {
	var out []string
	for _, t := range notes {
		ind := strings.IndexByte(t, ' ') + 1
		out = append(out, wrap(t, n, strings.Repeat(" ", width(t[:ind])))...)
	}
	return out
}

// wrap breaks s into lines of at most n columns at blanks (a longer word
// stands alone); lines after the first begin with indent.
func wrap(s string, n int, indent string) []string {
	var out []string
	var cur strings.Builder
	cw, words := 0, 0
	for _, word := range strings.Fields(s) {
		ww := width(word)
		if words > 0 && cw+1+ww > n {
			out = append(out, cur.String())
			cur.Reset()
			cur.WriteString(indent)
			cw, words = width(indent), 0
		}
		if words > 0 {
			cur.WriteByte(' ')
			cw++
		}
		cur.WriteString(word)
		cw += ww
		words++
	}
	if words > 0 {
		out = append(out, cur.String())
	}
	return out
}
