// Package export writes hand records in their file formats: PBN, LIN,
// JSON and CSV (and the handviewer link, a LIN in a URL). It knows the
// model and the formats' layouts only; the printed forms are render's.
package export

import (
	"bufio"
	"bytes"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"handrec/layout"
	"handrec/model"
)

// PBNOptions configure the PBN writer.
type PBNOptions struct {
	// UTF8 writes UTF-8 throughout. By default a file is written in
	// Latin-1, as the standard says, unless it holds a character Latin-1
	// cannot represent: then the whole file is written in UTF-8.
	UTF8 bool
}

// PBNWriter writes games in PBN 2.1 export format: CRLF line ends, the
// mandatory tags in their order and then every other tag in its original
// order, four calls or cards a line, notes after their section, suffixes as
// NAGs, ranks in order. Commentary, escape lines and supplemental sections
// are written back where they belong.
type PBNWriter struct {
	w       *bufio.Writer
	opt     PBNOptions
	n       int
	games   int // games written
	header  bool
	hdrText bool // the header had comments
	buf     []byte
	dropped Drops  // what PBN could not carry of the records written
	pending []byte // text held until the file's encoding is known
	wide    bool   // pending holds a character beyond Latin-1
	fromPBN bool   // the header is a PBN file's: its reader said what PBN allows not
	tail    []byte // the last bytes written, up to four
}

// Dropped is what PBN could not carry of the records written so far.
func (pw *PBNWriter) Dropped() Drops { return pw.dropped }

// NewPBNWriter writes PBN to w; Close flushes it.
func NewPBNWriter(w io.Writer, opt PBNOptions) *PBNWriter {
	return &PBNWriter{w: bufio.NewWriterSize(w, 64<<10), opt: opt, buf: make([]byte, 0, 4096)}
}

// WriteHeader writes the file header: "% PBN 2.1", "% EXPORT" and the
// source's other escape lines and comments. Write calls it with an empty
// header if it has not been called.
func (pw *PBNWriter) WriteHeader(h model.Header) error {
	if pw.header {
		return nil
	}
	pw.header = true
	pw.fromPBN = h.Format == model.PBN
	b := pw.buf[:0]
	b = append(b, "% PBN 2.1\r\n% EXPORT\r\n"...)
	ph := layout.HeaderOf(h) // PBN's bookkeeping of a PBN file's header
	if ph == nil {
		ph = new(layout.PBNHeader)
	}
	for _, d := range ph.Directives {
		b = append(b, '%')
		b = append(b, d.Text...)
		b = append(b, "\r\n"...)
	}
	if len(h.Comments) > 0 || len(ph.Tags) > 0 {
		b = appendTagComments(b, h.Comments, indexSemis(h.Comments, ph.Semicolons))
		// a header block: "##" tags that every game inherits (PBN 4.8)
		for _, t := range ph.Tags {
			b = appendTag(b, t.Name, "##"+t.Value)
		}
		// a semi-empty line keeps them apart from the first game
		b = append(b, "\r\n"...)
		pw.n = 0
		pw.hdrText = true
	}
	pw.buf = b
	return pw.flush(b)
}

// Write writes one game. A record read from LIN is first readied for PBN
// (PrepareForPBN: explanations and alerts become notes, a claim becomes the
// Result, LIN commands become comments), on a copy: the caller's record is
// left as it was. What PBN still cannot carry is counted in Dropped.
func (pw *PBNWriter) Write(r *model.Record) error {
	if needsReadying(r) {
		r = r.Clone()
		for _, d := range PrepareForPBN(r) {
			if pw.dropped == nil {
				pw.dropped = Drops{}
			}
			pw.dropped.Add(d)
		}
	}
	sc := semis(layout.Semicolons(r))
	layout.EachComment(r, func(c *model.Comment) {
		switch form := commentForm(*c, sc[c]); {
		case form == 's' && holdsTagLine(c.Text):
			pw.drop("comment holding a line that opens like a tag pair, '[Name \"' (split into ';' comments, one a line)")
		case form == 's':
			pw.drop("comment holding '}' and line breaks (split into ';' comments, one a line)")
		}
	})
	if a := r.Auction; a != nil {
		for _, c := range a.Calls {
			switch {
			case c.Kind != model.Other:
			case strings.ContainsAny(c.Text, "\r\n"):
				pw.drop("line break in a call (written as a space)")
			case callWord(c.Text):
				pw.drop("call " + strconv.Quote(c.Text) + " that PBN does not define (written as read)")
			default:
				pw.drop("call " + strconv.Quote(c.Text) + " that PBN does not define (written as a string)")
			}
		}
	}
	pw.lineFeeds(r)
	if !pw.header {
		if err := pw.WriteHeader(model.Header{}); err != nil {
			return err
		}
	}
	b := pw.buf[:0]
	if pw.n > 0 {
		b = append(b, "\r\n"...)
	}
	pw.n++
	pw.games++
	start := len(b)
	b = appendPBN(b, r, sc)
	pw.longLines(b[start:])
	if !pw.fromPBN || linLayout(r) != nil {
		pw.controls(b[start:])
	}
	pw.buf = b
	return pw.flush(b)
}

func (pw *PBNWriter) drop(what string) {
	if pw.dropped == nil {
		pw.dropped = Drops{}
	}
	pw.dropped.Add(what)
}

// longLines counts in Dropped the lines of a game longer than PBN allows
// (layout.PBNLineLong: 255 bytes with the CRLF, counted in UTF-8, the
// most the file takes), which the writer keeps whole rather than lose their
// text: a tag value (PBN cannot break one: a string does not cross a line,
// 3.2), a ";" comment, a word longer than a line. Real readers (endplay,
// the npm pbn tokenizer, bridgebots) read long lines; a dropped value is
// lost for all.
func (pw *PBNWriter) longLines(b []byte) {
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			i = len(b) - 1
		}
		line := bytes.TrimRight(b[:i+1], "\r\n")
		b = b[i+1:]
		if !layout.PBNLineLong(textBytes(line) + 2) {
			continue
		}
		if line[0] == '[' {
			name := line[1:]
			if k := bytes.IndexByte(name, ' '); k >= 0 {
				name = name[:k]
			}
			pw.drop("tag " + string(name) + " longer than a PBN line (kept whole: a tag value cannot be broken)")
		} else {
			pw.drop("line longer than PBN allows (kept whole: a ';' comment or a word cannot be broken)")
		}
	}
}

// WriteTrailer writes the comments that followed the last game, after
// the escape lines of its PBN layout.
func (pw *PBNWriter) WriteTrailer(t model.Trailer) error {
	ds, cs := layout.TrailerDirectives(t), t.Comments
	if len(ds) == 0 && len(cs) == 0 {
		return nil
	}
	b := pw.buf[:0]
	// a file without a game (a match's empty segment) has only what a
	// reader takes for the header: written as a header, it reads back
	// and writes again the same
	header := pw.games == 0 && !pw.hdrText && len(ds) == 0
	if !header {
		b = append(b, "\r\n"...)
	}
	for _, d := range ds {
		b = append(b, '%')
		b = append(b, d.Text...)
		b = append(b, "\r\n"...)
	}
	b = appendTagComments(b, cs, indexSemis(cs, layout.TrailerSemicolons(t)))
	if header {
		b = append(b, "\r\n"...)
	}
	pw.buf = b
	return pw.flush(b)
}

// Close ends the file with an empty line, writes what is held and
// flushes. The empty line ends the last game as it ends the others (PBN
// 3): readers that take a section a line at a time (bridgebots) read the
// last game's auction and play up to it, and misread it without.
func (pw *PBNWriter) Close() error {
	if pw.header && !bytes.HasSuffix(pw.tail, []byte("\r\n\r\n")) {
		if err := pw.flush([]byte("\r\n")); err != nil {
			return err
		}
	}
	if pw.pending != nil {
		if err := pw.writePending(); err != nil {
			return err
		}
	}
	return pw.w.Flush()
}

// flush writes b, or holds it: a file is written in one encoding, Latin-1
// (the standard's) unless it holds a character Latin-1 cannot represent, in
// which case the whole file is UTF-8 (PBN names no other encoding, and
// handrec's reader, like others, tells UTF-8 by its validity; no BOM).
// ASCII, the same in both, goes out at once; from the first game that is
// not ASCII the text is held until Close, which then knows the encoding.
func (pw *PBNWriter) flush(b []byte) error {
	pw.tail = append(pw.tail, b[max(0, len(b)-4):]...)
	pw.tail = pw.tail[max(0, len(pw.tail)-4):]
	if pw.opt.UTF8 {
		return pw.writeUTF8(b)
	}
	if pw.pending == nil && isASCII(b) {
		_, err := pw.w.Write(b)
		return err
	}
	pw.pending = append(pw.pending, b...)
	if !pw.wide {
		for i := 0; i < len(b); {
			r, n := utf8.DecodeRune(b[i:])
			if r > 0xFF && r != utf8.RuneError || r == utf8.RuneError && n == 3 {
				pw.wide = true
				break
			}
			i += n
		}
	}
	return nil
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// writePending writes the text held by flush, in UTF-8 if any of it needs
// it, else in Latin-1.
func (pw *PBNWriter) writePending() error {
	b := pw.pending
	pw.pending = nil
	if pw.wide {
		return pw.writeUTF8(b)
	}
	l1 := make([]byte, 0, len(b))
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		c := byte(r)
		if r == utf8.RuneError && n == 1 {
			c = b[i] // a byte that is not UTF-8 is a Latin-1 character
		}
		l1 = append(l1, c)
		i += n
	}
	if looksUTF8(l1) {
		// Latin-1 text such as "Ã©" (UTF-8 read as Latin-1 somewhere
		// before) would be taken for UTF-8 by a reader that tells the
		// encoding by validity: UTF-8 keeps it as it is
		return pw.writeUTF8(b)
	}
	_, err := pw.w.Write(l1)
	return err
}

// looksUTF8 reports whether b holds a multi-byte UTF-8 sequence.
func looksUTF8(b []byte) bool {
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError || n > 1 {
			return true
		}
		i += n
	}
	return false
}

// writeUTF8 writes b in UTF-8: a byte of b that is not UTF-8 (text a
// reader kept as it found it) is taken for the Latin-1 character it is in
// Latin-1, so that the file is UTF-8 throughout.
func (pw *PBNWriter) writeUTF8(b []byte) error {
	if utf8.Valid(b) {
		_, err := pw.w.Write(b)
		return err
	}
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			r = rune(b[i])
		}
		if _, err := pw.w.WriteRune(r); err != nil {
			return err
		}
		i += n
	}
	return nil
}

// WritePBN writes a whole document.
func WritePBN(w io.Writer, doc *model.Document, opt PBNOptions) error {
	return WriteDocument(NewPBNWriter(w, opt), doc)
}

// DocumentWriter is what every format's writer offers.
type DocumentWriter interface {
	WriteHeader(model.Header) error
	Write(*model.Record) error
	WriteTrailer(model.Trailer) error
	Close() error
	// Dropped is what the format could not carry of the records written
	// so far: nothing is dropped silently.
	Dropped() Drops
}

// WriteDocument writes doc through w: its header, its records, its
// trailer; then it closes w.
func WriteDocument(w DocumentWriter, doc *model.Document) error {
	if err := w.WriteHeader(doc.Header); err != nil {
		return err
	}
	for _, r := range doc.Records {
		if err := w.Write(r); err != nil {
			return err
		}
	}
	if err := w.WriteTrailer(doc.Trailer); err != nil {
		return err
	}
	return w.Close()
}

// MandatoryValue is the export value of mandatory fact f: from its
// field, or as the source gave it when the field cannot hold it
// (model.Record.FactValue); "?" (unknown) when the record has neither, but
// for the Declarer and the Result of a deal passed out, which are empty:
// no one declares, no trick is won (PBN 3.4.13, 3.4.15). (A PBN source's
// "?" there is its text, written as given.)
func MandatoryValue(r *model.Record, f model.Fact) string {
	if v, ok := r.FactValue(f); ok {
		return v
	}
	if (f == model.FactDeclarer || f == model.FactResult) && r.Contract.Kind == model.PassedOut {
		return ""
	}
	return "?"
}

// AppendPBN appends one game in export format to b.
func AppendPBN(b []byte, r *model.Record) []byte {
	return appendPBN(b, r, layout.Semicolons(r))
}

// appendPBN appends r, whose comments sc were ";" comments.
func appendPBN(b []byte, r *model.Record, sc semis) []byte {
	b = appendTagComments(b, r.Leading, sc)
	first := true
	dirs := func() {
		if first {
			first = false
			// escape lines go after the first tag, so that the first game's
			// are not read back as the file's header
			for _, d := range layout.Directives(r) {
				b = append(b, '%')
				b = append(b, d.Text...)
				b = append(b, "\r\n"...)
			}
		}
	}
	for _, f := range model.MandatoryFacts {
		b = appendTag(b, f.String(), MandatoryValue(r, f))
		b = appendTagComments(b, r.Facts[f].Comments, sc)
		dirs()
	}
	b = appendOtherTags(b, r, sc)
	if v, ok := claimTag(r); ok {
		b = appendTag(b, "Claim", v)
	}
	if a := r.Auction; a != nil {
		b = appendTag(b, "Auction", layout.SectionSeat(r, "Auction"))
		b = appendTagComments(b, a.Comments, sc)
		b = appendAuction(b, a, sc)
		b = appendNotes(b, a.Notes, sc)
	}
	if p := r.Play; p != nil {
		b = appendTag(b, "Play", layout.SectionSeat(r, "Play"))
		b = appendTagComments(b, p.Comments, sc)
		b = appendPlay(b, p, CutShort(r), sc)
		b = appendNotes(b, p.Notes, sc)
	}
	for i := range r.Sections {
		b = appendSection(b, r, i, sc)
	}
	return b
}

// appendOtherTags appends the tags of r (the mandatory ones are facts,
// written already), the fact tags given again (its PBN layout's repeats)
// and the facts that are not mandatory (room, scores, ...), each where it
// stood in a PBN source (layout.PlaceFacts: by its PBN layout's tag
// order), else where PBN exports it.
func appendOtherTags(b []byte, r *model.Record, sc semis) []byte {
	tag := func(t *model.Tag) {
		b = appendTag(b, t.Name, t.Value)
		b = appendTagComments(b, t.Comments, sc)
	}
	others := layout.PlaceFacts(r)
	n := 0
	facts := func(upTo int) {
		for ; len(others) > 0 && others[0].Before <= upTo; others = others[1:] {
			f := others[0].Fact
			v, _ := r.FactValue(f)
			tag(&model.Tag{Name: f.String(), Value: v, Comments: r.Facts[f].Comments})
		}
	}
	reps := layout.RepeatsOf(r)
	for i := range r.Tags {
		for ; len(reps) > 0 && reps[0].At <= i; reps = reps[1:] {
			facts(n)
			n++
			tag(&reps[0].Tag)
		}
		facts(n)
		n++
		tag(&r.Tags[i])
	}
	for i := range reps {
		facts(n)
		n++
		tag(&reps[i].Tag)
	}
	facts(math.MaxInt)
	return b
}

// lineFeeds counts as dropped each tag value of r holding a line feed,
// which appendTag writes as a space (a lone CR it writes as given).
func (pw *PBNWriter) lineFeeds(r *model.Record) {
	check := func(name, v string) {
		if strings.IndexByte(v, '\n') >= 0 {
			pw.drop("line break in tag " + name + " (written as a space)")
		}
	}
	for _, t := range r.Tags {
		check(t.Name, t.Value)
	}
	for _, f := range model.AllFacts {
		// its text as given, or a text field's value (a player's name)
		if v, ok := r.FactValue(f); ok {
			check(f.String(), v)
		}
	}
	var notes []model.Note
	if r.Auction != nil {
		notes = r.Auction.Notes
	}
	if r.Play != nil {
		notes = append(notes[:len(notes):len(notes)], r.Play.Notes...)
	}
	for _, n := range notes {
		check("Note", n.Text)
	}
	for i := range r.Sections {
		check(r.Sections[i].Tag.Name, r.Sections[i].Tag.Value)
	}
}

// controls counts in Dropped each tag value of a game written that holds
// a tab or another control character (a lone CR among them): written as
// given, which PBN allows not (2.2), and the reader warns of it. Write
// counts them for a record not read from a PBN file (from LIN or JSON, where
// it was no fault), so that the warning read back is one the conversion
// listed; a PBN file's reader warned of it already.
func (pw *PBNWriter) controls(b []byte) {
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			i = len(b) - 1
		}
		line := bytes.TrimSuffix(b[:i+1], []byte("\r\n"))
		b = b[i+1:]
		k := bytes.Index(line, []byte(` "`))
		if len(line) == 0 || line[0] != '[' || k < 0 {
			continue
		}
		name, v := string(line[1:k]), string(line[k+2:])
		if strings.ContainsAny(v, "\t\v") {
			pw.drop("tab in tag " + name + " (PBN allows none; written as given)")
		}
		if hasControl(v) {
			pw.drop("control character in tag " + name + " (PBN allows none; written as given)")
		}
	}
}

// hasControl reports a control character other than tab, as the PBN
// reader finds one (PBN 2.2): C0, DEL, or the range 128-159 that Latin-1
// leaves to controls.
func hasControl(v string) bool {
	for _, c := range v {
		if c < 0x20 && c != '\t' || c >= 0x7f && c <= 0x9f {
			return true
		}
	}
	return false
}

// appendTag writes a tag pair. A PBN value cannot hold a line feed (a
// string does not cross a line, PBN 3.2): one read from JSON or LIN
// becomes a space (CR LF one space); Write counts it as dropped. A lone CR
// is written as given: the reader takes it inside a value (with a
// warning), so a value it could not read for one (a deal with a stray CR)
// reads back byte for byte, with the faults it had and no new ones.
func appendTag(b []byte, name, value string) []byte {
	if strings.IndexByte(value, '\n') >= 0 {
		value = strings.NewReplacer("\r\n", " ", "\n", " ").Replace(value)
	}
	b = append(b, '[')
	b = append(b, name...)
	b = append(b, ' ', '"')
	b = appendEscaped(b, value)
	b = append(b, "\"]\r\n"...)
	return b
}

// appendEscaped writes a tag's value as a PBN string: a quote as \" and a
// backslash as two (PBN 2.1, 3.7), but for the two notations PBN itself
// writes with one: a suit (\S \H \D \C, 3.8) and a table column's width
// (Rank\2R, 5.2). The reader takes any other lone backslash as it stands,
// so what it reads back is the value either way; a strict reader reads the
// doubled one.
func appendEscaped(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			b = append(b, '\\', '"')
		case c == '\\' && i+1 < len(s) && loneBackslash(s[i+1]):
			b = append(b, '\\')
		case c == '\\':
			b = append(b, '\\', '\\')
		default:
			b = append(b, c)
		}
	}
	return b
}

// loneBackslash reports whether a backslash before c is one of PBN's own
// notations, written with one backslash: a suit letter or a width's digit.
func loneBackslash(c byte) bool {
	return c == 'S' || c == 'H' || c == 'D' || c == 'C' || c >= '0' && c <= '9'
}

// semis are the comments of what is being written that its PBN layout
// says were written ";" (layout.Semicolons), nil for none.
type semis map[*model.Comment]bool

// indexSemis are the comments of cs at the indexes ns.
func indexSemis(cs []model.Comment, ns []int) semis {
	if len(ns) == 0 {
		return nil
	}
	sc := make(semis, len(ns))
	for _, n := range ns {
		if n >= 0 && n < len(cs) {
			sc[&cs[n]] = true
		}
	}
	return sc
}

func appendTagComments(b []byte, cs []model.Comment, sc semis) []byte {
	for i := range cs {
		b = appendComment(b, cs[i], sc[&cs[i]])
		b = append(b, "\r\n"...)
	}
	return b
}

// appendComment writes a comment as it was written: "{text}", or ";text"
// when semi (its PBN layout says so). A brace comment whose text holds "}"
// cannot be written as one, nor a line comment holding a line break; each
// then takes the other form. A text holding both is written one ";"
// comment a line (Write counts it as split); a ";" comment ends its line.
func appendComment(b []byte, c model.Comment, semi bool) []byte {
	text := pbnSuits(c.Text)
	switch commentForm(c, semi) {
	case ';':
		b = append(b, ';')
		return append(b, text...)
	case '{':
		// a line break of the text's own after a space is written with
		// an empty line after it: the reader takes the first break for
		// a wrap and the second for the text's
		b = append(b, '{')
		b = appendWrapped(b, strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), " \n", " \n\n"))
		return append(b, '}')
	}
	for i, l := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if i > 0 {
			b = append(b, "\r\n"...)
		}
		b = append(b, ';')
		b = append(b, l...)
	}
	return b
}

var pbnSuitWriter = strings.NewReplacer("♠", `\S`, "♥", `\H`, "♦", `\D`, "♣", `\C`)

// pbnSuits writes the suit symbols of a comment or a note (LIN's "!S" of
// an explanation is read as "♠") as PBN's own suit escapes, \S \H \D \C
// (PBN 3.8), which stay within Latin-1: a file that holds no other
// character beyond it stays in the standard's encoding. The reader takes
// the escapes back for the symbols.
func pbnSuits(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return pbnSuitWriter.Replace(s)
		}
	}
	return s
}

// maxLine is the most bytes a PBN line holds before its CRLF, 255 with it
// (layout.MaxPBNLine). The writer counts a line's bytes in UTF-8 (lineBytes),
// the most a character takes in the file: in Latin-1 it takes one.
const maxLine = layout.MaxPBNLine - 2

// wrapWidth is the width, in characters, a brace comment too long for its
// line is wrapped to: PBN discourages lines of 80 characters or more (2.3).
const wrapWidth = 79

// column is the number of characters on b's last line.
func column(b []byte) int {
	return utf8.RuneCount(b[bytes.LastIndexByte(b, '\n')+1:])
}

// lineBytes is the number of bytes b's last line takes in the file (textBytes).
func lineBytes(b []byte) int {
	return textBytes(b[bytes.LastIndexByte(b, '\n')+1:])
}

// textBytes is the number of bytes b takes written in UTF-8: a byte that is
// not UTF-8 (a Latin-1 character a reader kept as it found it) takes two,
// as writeUTF8 writes it. Written in Latin-1, b takes no more.
func textBytes(b []byte) int {
	if utf8.Valid(b) {
		return len(b)
	}
	n := 0
	for i := 0; i < len(b); {
		r, k := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && k == 1 {
			k, n = 1, n+2
		} else {
			n += k
		}
		i += k
	}
	return n
}

// stringBytes is textBytes of a string.
func stringBytes(s string) int {
	if utf8.ValidString(s) {
		return len(s)
	}
	return textBytes([]byte(s))
}

// appendWrapped appends the text of a brace comment, its line breaks as
// CRLF. A line that would not fit the PBN line it is on is wrapped at its
// spaces to wrapWidth characters, and within maxLine bytes, each wrap
// written as a line that ends with the space: the reader takes a line
// break after a space in a brace comment for a wrap and leaves it out of
// the text, which reads back unchanged. (A text's own line break after a
// space reads back as a space; Write counts it.) A word longer than a line
// is not broken.
func appendWrapped(b []byte, text string) []byte {
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			b = append(b, "\r\n"...)
		}
		col, by := column(b), lineBytes(b)
		if by+stringBytes(line)+1 <= maxLine {
			b = append(b, line...)
			continue
		}
		for len(line) > 0 {
			k := strings.IndexByte(line, ' ')
			word := line
			if k >= 0 {
				word = line[:k+1] // the word and its space
			}
			n := utf8.RuneCountInString(strings.TrimSuffix(word, " "))
			over := col+n > wrapWidth || by+stringBytes(word)+1 > maxLine // (the space or the "}" after it)
			if col > 0 && n > 0 && over && b[len(b)-1] == ' ' && !strings.ContainsAny(word[:1], "%[{;") {
				// (a line that opens with one of these would be read
				// as an escape line, a tag or a comment by line-based
				// readers; a second space, a word of none, would make
				// a semi-empty line, which ends a game)
				b = append(b, "\r\n"...)
				col, by = 0, 0
			}
			b = append(b, word...)
			col += utf8.RuneCountInString(word)
			by += stringBytes(word)
			line = line[len(word):]
		}
	}
	return b
}

// commentForm is how appendComment writes c, semi or not: '{', ';', or
// 's' for split into ";" comments, one a line.
func commentForm(c model.Comment, semi bool) byte {
	brace, multi := strings.IndexByte(c.Text, '}') >= 0 || holdsTagLine(c.Text), strings.ContainsAny(c.Text, "\r\n")
	switch {
	case brace && multi:
		return 's'
	case brace || semi && !multi:
		return ';'
	}
	return '{'
}

// holdsTagLine reports whether a line of text after its first opens like a
// tag pair, `[Name "`: the reader ends a brace comment there (an unclosed
// "{" must not take the games after it), so that such a text cannot be
// written in braces. (TestBraceTagLine holds it to the reader.)
func holdsTagLine(text string) bool {
	for rest := text; ; {
		n := strings.IndexByte(rest, '\n')
		if n < 0 {
			return false
		}
		rest = rest[n+1:]
		if len(rest) < 4 || rest[0] != '[' || !IsLetter(rest[1]) {
			continue
		}
		i := 2
		for i < len(rest) && (IsLetter(rest[i]) || rest[i] >= '0' && rest[i] <= '9' || rest[i] == '_') {
			i++
		}
		j := i
		for j < len(rest) && (rest[j] == ' ' || rest[j] == '\t') {
			j++
		}
		if j > i && j < len(rest) && rest[j] == '"' {
			return true
		}
	}
}

// IsLetter reports whether c is an ASCII letter: a PBN tag name begins
// with one, and a suit escape in text stands only before none (`\S` in
// `\Stop` is no spade: the diagrams' suit escapes).
func IsLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// endsLine reports whether c, written (semi or not), takes the rest of its
// line.
func endsLine(c model.Comment, semi bool) bool { return commentForm(c, semi) != '{' }

// unitWriter lays out calls or cards four to a line, a round (four calls
// from the dealer's, a trick from its leader's card) to a line: each starts
// a line, as PBN 3.5 and 3.6 ask. Within a round, a ";" comment ends the
// line it is on, and a unit that would not fit goes on the next.
type unitWriter struct {
	b     []byte
	sc    semis
	k     int  // units of the current round written
	open  bool // the current line holds something
	ended bool // the current line ended with a ";" comment
	wrap  int  // where a brace comment on the current line can wrap, or 0
}

func (u *unitWriter) sep() { u.sepFor(0) }

// sepFor separates the next unit, of n bytes, from the one before: a new
// line for a new round, after a ";" comment, or when it would not fit.
func (u *unitWriter) sepFor(n int) {
	if u.open && (u.k == 4 || u.ended || lineBytes(u.b)+1+n > maxLine) {
		u.b = append(u.b, "\r\n"...)
		u.ended, u.open = false, false
	}
	if u.k == 4 {
		u.k = 0
	}
	if u.open {
		u.b = append(u.b, ' ')
	}
	u.open = true
}

// unit writes one call or card of a round, with its annotations.
func (u *unitWriter) unit(tok string, a model.Annotations) {
	u.sepFor(len(tok) + annotationBytes(a))
	u.b = append(u.b, tok...)
	u.k++
	u.annotations(a)
}

// annotationBytes is the number of bytes of a's note reference and NAGs,
// which stay on their unit's line.
func annotationBytes(a model.Annotations) int {
	n := 0
	if a.Note != 0 {
		n += 3 + len(strconv.Itoa(int(a.Note)))
	}
	for _, g := range a.NAGs {
		n += 2 + len(strconv.Itoa(int(g)))
	}
	return n
}

func (u *unitWriter) annotations(a model.Annotations) {
	if a.Note != 0 {
		u.b = append(u.b, " ="...)
		u.b = strconv.AppendInt(u.b, int64(a.Note), 10)
		u.b = append(u.b, '=')
	}
	for _, n := range a.NAGs {
		u.b = append(u.b, " $"...)
		u.b = strconv.AppendInt(u.b, int64(n), 10)
	}
	for i := range a.Comments {
		c := a.Comments[i]
		semi := u.sc[&a.Comments[i]]
		// " {", the first word and the spaces after it (the line can
		// wrap after them), and the "}" or a space
		first := c.Text
		if k := strings.IndexAny(first, " \n"); k >= 0 {
			for k < len(first) && first[k] == ' ' {
				k++
			}
			first = first[:k]
		}
		need := 2 + stringBytes(first)
		if !strings.HasSuffix(first, " ") {
			need++
		}
		if u.ended || lineBytes(u.b)+need > maxLine && !u.rewrap(need) {
			// a ";" comment took the rest of the line, or the line has
			// no room left for the comment's first word and no brace
			// comment on it to wrap
			u.b = append(u.b, "\r\n"...)
		} else {
			u.b = append(u.b, ' ')
		}
		start := len(u.b)
		u.b = appendComment(u.b, c, semi)
		u.ended = endsLine(c, semi)
		if !u.ended {
			u.wrapPoint(start)
		}
	}
}

// wrapPoint notes where the brace comment written from start can wrap: after
// its last space on the current line that a word follows. (A word that opens
// with one of "%[{;}" would start a line that line-based readers take for an
// escape line, a tag or a comment.)
func (u *unitWriter) wrapPoint(start int) {
	line := bytes.LastIndexByte(u.b, '\n') + 1
	from := max(start+1, line)
	for i := len(u.b) - 2; i >= from; i-- {
		if u.b[i] == ' ' && !strings.ContainsRune(" %[{;}", rune(u.b[i+1])) {
			u.wrap = i + 1
			return
		}
	}
}

// rewrap makes room for a comment of need bytes on the current line by
// wrapping the last brace comment written on it (the reader leaves out a line
// break after a space in a brace comment), so that the comment goes on after
// the wrapped words rather than open a line with "{": a line that opens with
// a comment ends a section for line-based readers such as the npm pbn
// tokenizer. It reports whether it did.
func (u *unitWriter) rewrap(need int) bool {
	line := bytes.LastIndexByte(u.b, '\n') + 1
	if u.wrap <= line || textBytes(u.b[u.wrap:])+need > maxLine {
		return false
	}
	tail := append([]byte("\r\n"), u.b[u.wrap:]...)
	u.b = append(u.b[:u.wrap], tail...)
	u.wrap = 0
	return true
}

func (u *unitWriter) mark(tok string) {
	u.sep()
	u.b = append(u.b, tok...)
}

func (u *unitWriter) end() []byte {
	if u.open {
		u.b = append(u.b, "\r\n"...)
	}
	return u.b
}

func appendAuction(b []byte, a *model.Auction, sc semis) []byte {
	u := unitWriter{b: b, sc: sc}
	for i := range a.Calls {
		c := &a.Calls[i]
		tok := c.String()
		if c.Kind == model.Other && !callWord(c.Text) {
			tok = otherCallString(c.Text)
		}
		if c.Insufficient {
			tok = "^I " + tok
		}
		u.unit(tok, c.Annotations)
	}
	if a.Star {
		u.mark("*")
	}
	return u.end()
}

// callWord reports whether an unknown call's text reads back from PBN as
// itself: one call token (PBN 3.2: letters, digits, "-") that is no call
// PBN defines.
func callWord(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	_, known := model.ParseCall(s)
	return !known
}

// otherCallString is the PBN form of an unknown call that is no call token
// ("p<mb", "4È", LIN's empty mb||): a string, which the reader takes
// in an auction for an unknown call kept as written. A string does not
// cross a line: a line break in it is written as a space (Write counts it
// as dropped).
func otherCallString(s string) string {
	s = strings.NewReplacer("\r\n", " ", "\r", " ", "\n", " ").Replace(s)
	return string(appendEscaped(append([]byte(nil), '"'), s)) + "\""
}

// appendPlay writes the play four cards a line. A play cut short (it ends
// with "*", or a claim ended it) is written as PBN 3.6 asks: every slot of
// its tricks, "-" for a card not played, then "*". Otherwise the slots after
// the last recorded card are left out.
func appendPlay(b []byte, p *model.Play, cut bool, sc semis) []byte {
	u := unitWriter{b: b, sc: sc}
	first := p.First
	if !first.Valid() {
		first = model.North
	}
	last := -1
	for i := range p.Tricks {
		for col := 0; col < 4; col++ {
			if p.Tricks[i][first.Add(col)].Kind != model.NoCard {
				last = 4*i + col
			}
		}
	}
	if cut && last >= 0 {
		last |= 3 // to the end of the last trick
	}
	for i := range p.Tricks {
		for col := 0; col < 4; col++ {
			if 4*i+col > last {
				break
			}
			pc := &p.Tricks[i][first.Add(col)]
			tok := pc.String()
			switch {
			case pc.Revoke && pc.LeadOutOfTurn:
				tok = "^R ^L " + tok
			case pc.Revoke:
				tok = "^R " + tok
			case pc.LeadOutOfTurn:
				tok = "^L " + tok
			}
			u.unit(tok, pc.Annotations)
		}
	}
	if cut {
		u.mark("*")
	}
	return u.end()
}

// claimTag is the value of the Claim tag that carries a claim the Result
// cannot: PBN writes a claim as a play cut short ("*") and the Result,
// which a reader takes back as the claim when the play stops before its
// thirteenth trick is complete and the Result gives the same tricks. A
// claim after the last trick, or one the Result contradicts (a score
// adjusted after the claim), goes in handrec's own tag, [Claim "9"], which
// other readers pass over. A play cut short with a Result and no claim
// (LIN's play that stops with no mc, in a board whose rs gives the result)
// has [Claim "?"], no claim known, which the reader takes for no claim:
// the Result would read back as a claim the source did not make.
func claimTag(r *model.Record) (string, bool) {
	p := r.Play
	if p == nil {
		return "", false
	}
	if p.Claim < 0 {
		if r.PlayCutShort() && r.Result.Known() && !r.Result.Irregular && r.TagIndex("Claim") < 0 {
			return "?", true
		}
		return "", false
	}
	if r.PlayCutShort() && r.Result.Known() && !r.Result.Irregular && r.Result.Tricks == p.Claim {
		return "", false
	}
	return strconv.Itoa(int(p.Claim)), true
}

// CutShort reports whether the PBN writer closes r's play with "*" (PBN 3.6): it
// was read with one, a claim ended it, or it stops before its thirteenth
// trick with no "+" for the card to come, or (a damaged play of more than
// 13 tricks) in the middle of its last trick: the reader takes the dashes
// of the last trick of a play cut short as cards not played, and those of
// any other as unknown cards, which the play did not have.
func CutShort(r *model.Record) bool {
	p := r.Play
	return p != nil && (p.Star || p.Claim >= 0 || r.PlayCutShort() || midTrick(p))
}

// midTrick reports whether p's last trick has a card and a slot with none.
func midTrick(p *model.Play) bool {
	if len(p.Tricks) == 0 {
		return false
	}
	none, some := false, false
	for _, pc := range p.Tricks[len(p.Tricks)-1] {
		switch pc.Kind {
		case model.NoCard:
			none = true
		case model.Next:
			return false // the card to come: the play goes on
		default:
			some = true
		}
	}
	return none && some
}

func appendNotes(b []byte, notes []model.Note, sc semis) []byte {
	for _, n := range notes {
		v := pbnSuits(n.Text) // a note whose index could not be read keeps its value as written
		if n.Index >= 0 {
			v = strconv.Itoa(n.Index) + ":" + v
		}
		b = appendTag(b, "Note", v)
		b = appendTagComments(b, n.Comments, sc)
	}
	return b
}

// openString reports whether a section token is a string its line ended
// (a quote not closed): a reader takes the rest of a line for such a
// string, so nothing may follow it on its line. Rows are read by count,
// not by line, so a row may go on on the next.
func openString(tok string) bool {
	if !strings.HasPrefix(tok, "\"") {
		return false
	}
	for i := 1; i < len(tok); i++ {
		switch tok[i] {
		case '\\':
			i++
		case '"':
			return false
		}
	}
	return true
}

// appendCell writes the table element of column i, padded with spaces to
// the column's minimum width, as export format asks (PBN 5.2): before it
// when the column is aligned right, else after it, but not at the end of
// its line.
func appendCell(b []byte, cell string, cols []layout.Column, i int, last bool) []byte {
	b = escapeFree(b, cell)
	pad := 0
	if i < len(cols) {
		pad = cols[i].Width - utf8.RuneCountInString(cell)
	}
	if pad <= 0 {
		return append(b, cell...)
	}
	if cols[i].Align == 'R' {
		return append(append(b, strings.Repeat(" ", pad)...), cell...)
	}
	b = append(b, cell...)
	if last || openString(cell) {
		return b
	}
	return append(b, strings.Repeat(" ", pad)...)
}

// escapeFree adds a space to b when it ends a line and token t starts
// with "%", which at the start of a line opens an escape line (PBN 3.8):
// a stray "%" the reader found within a line keeps its place among the
// section's data rather than read back as a directive.
func escapeFree(b []byte, t string) []byte {
	if strings.HasPrefix(t, "%") && (len(b) == 0 || b[len(b)-1] == '\n') {
		return append(b, ' ')
	}
	return b
}

// appendSection writes r's section i: a table held as data in PBN's
// table syntax, as its layout keeps it (layout.SectionTable).
func appendSection(b []byte, r *model.Record, i int, sc semis) []byte {
	s := &r.Sections[i]
	name, header, cols, rows := layout.SectionTable(r, i)
	b = appendTag(b, name, header)
	b = appendTagComments(b, s.Tag.Comments, sc)
	b = appendTagComments(b, s.Comments, sc)
	for _, row := range rows {
		for i, cell := range row {
			if i > 0 {
				if openString(row[i-1]) {
					b = append(b, "\r\n"...)
				} else {
					b = append(b, ' ')
				}
			}
			b = appendCell(b, cell, cols, i, i == len(row)-1)
		}
		b = append(b, "\r\n"...)
	}
	n := 0
	for i, t := range s.Tokens {
		if n > 0 && (n+len(t) >= 79 || openString(s.Tokens[i-1])) {
			b = append(b, "\r\n"...)
			n = 0
		} else if i > 0 {
			b = append(b, ' ')
			n++
		}
		b = append(escapeFree(b, t), t...)
		n += len(t)
	}
	if len(s.Tokens) > 0 {
		b = append(b, "\r\n"...)
	}
	return b
}
