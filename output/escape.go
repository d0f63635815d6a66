package output

import (
	"io"
	"strings"
	"unicode/utf8"
)

// control reports whether the rune is a control character that a
// terminal would act on: C0 but tab and newline, DEL, and C1.
func control(r rune) bool {
	return r < 0x20 && r != '\t' && r != '\n' || r == 0x7f || r >= 0x80 && r <= 0x9f
}

const hexDigits = "0123456789abcdef"

// Escape shows the control characters of s as escapes: \x1b for ESC,
// \u009b for a C1 control. Tab and newline stay as they are, so that
// text keeps its lines; nothing in s can move the cursor, set a title or
// change colours once escaped.
func Escape(s string) string {
	i := strings.IndexFunc(s, control)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for s = s[i:]; s != ""; {
		r, n := utf8.DecodeRuneInString(s)
		if !control(r) {
			b.WriteString(s[:n]) // bytes that are not UTF-8 pass as they are
			s = s[n:]
			continue
		}
		s = s[n:]
		if r < 0x80 {
			b.WriteString(`\x`)
		} else {
			b.WriteString(`\u00`)
		}
		b.WriteByte(hexDigits[r>>4&15])
		b.WriteByte(hexDigits[r&15])
	}
	return b.String()
}

// Escaper is a writer that escapes control characters (as Escape does)
// on their way to W. A UTF-8 sequence split between two writes is held
// until it is whole. With Pages, a form feed passes as it is: the page
// break of a text meant for a printer (a text deal sheet).
type Escaper struct {
	W     io.Writer
	Pages bool
	hold  []byte
}

// Write writes p escaped; it counts p's bytes as written.
func (e *Escaper) Write(p []byte) (int, error) {
	buf := append(e.hold, p...)
	// Keep back a lead byte 0xC2 at the end: it may begin a C1 control.
	cut := len(buf)
	if cut > 0 && buf[cut-1] == 0xc2 {
		cut--
	}
	e.hold = append(e.hold[:0:0], buf[cut:]...)
	text := string(buf[:cut])
	if e.Pages {
		pages := strings.Split(text, "\f")
		for i := range pages {
			pages[i] = Escape(pages[i])
		}
		text = strings.Join(pages, "\f")
	} else {
		text = Escape(text)
	}
	if _, err := io.WriteString(e.W, text); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes a byte held back.
func (e *Escaper) Flush() error {
	if len(e.hold) == 0 {
		return nil
	}
	_, err := e.W.Write(e.hold)
	e.hold = nil
	return err
}

// escapeC1 escapes the C1 controls of JSON text as \u0080 to \u009f,
// which encoding/json leaves raw (it escapes C0 alone). It is
// jsonrec's EscapeC1 for a package that imports only the standard
// library: in json.Marshal's valid UTF-8, a C1 control stands only inside
// a string, and Escape writes it just as JSON does.
func escapeC1(b []byte) string {
	s := string(b)
	if !strings.Contains(s, "\xc2") {
		return s
	}
	var out strings.Builder
	for s != "" {
		r, n := utf8.DecodeRuneInString(s)
		if r >= 0x80 && r <= 0x9f {
			out.WriteString(Escape(s[:n]))
		} else {
			out.WriteString(s[:n])
		}
		s = s[n:]
	}
	return out.String()
}
