package diagram

import "strings"

// handrec's output shows the control characters of a record's text as
// escapes (internal/output's Escape: "\x1b" for a C0 control but tab and
// newline, "\x7f", "\u0093" for a C1 control), after show has laid out
// its text: a C1 control in a LIN's mojibake ("â\u0080\u0093") counted
// one column when show wrapped a comment or padded a player's name beside
// the box. The reader reads them back as the characters they stand for,
// so that the text stands as show laid it out and the record keeps its
// text: read as written, the wrap moved and the box stood apart from the
// name. No other text writes these forms.

// escapeAt is where an escape stood on a line read back: its offset in
// the line as read and the bytes it took more than its character.
type escapeAt struct{ off, extra int }

// unescapeControls reads a line's escapes of control characters back;
// nil where it holds none.
func unescapeControls(s string) (string, []escapeAt) {
	if !strings.Contains(s, `\`) {
		return s, nil
	}
	var b strings.Builder
	b.Grow(len(s))
	var at []escapeAt
	for i := 0; i < len(s); {
		r, n := controlEscape(s[i:])
		if n == 0 {
			b.WriteByte(s[i])
			i++
			continue
		}
		at = append(at, escapeAt{off: b.Len(), extra: n - len(string(r))})
		b.WriteRune(r)
		i += n
	}
	if at == nil {
		return s, nil
	}
	return b.String(), at
}

// controlEscape reads an escape of a control character at the start of
// s, as Escape writes it (lower-case hex): the character and the
// escape's length, 0 where s starts with none.
func controlEscape(s string) (rune, int) {
	var hex string
	switch {
	case strings.HasPrefix(s, `\x`) && len(s) >= 4:
		hex = s[2:4]
	case strings.HasPrefix(s, `\u00`) && len(s) >= 6:
		hex = s[4:6]
	default:
		return 0, 0
	}
	v := 0
	for _, c := range []byte(hex) {
		switch {
		case c >= '0' && c <= '9':
			v = v<<4 | int(c-'0')
		case c >= 'a' && c <= 'f':
			v = v<<4 | int(c-'a'+10)
		default:
			return 0, 0
		}
	}
	r := rune(v)
	if s[1] == 'x' && (r < 0x20 && r != '\t' && r != '\n' || r == 0x7f) {
		return r, 4
	}
	if s[1] == 'u' && r >= 0x80 && r <= 0x9f {
		return r, 6
	}
	return 0, 0
}

// rawOffset is the offset in the line as written of an offset in line
// n as read: past each escape before it.
func rawOffset(esc map[int][]escapeAt, n, off int) int {
	raw := off
	for _, e := range esc[n] {
		if e.off < off {
			raw += e.extra
		}
	}
	return raw
}
