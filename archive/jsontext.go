package archive

import (
	"strconv"
	"unicode/utf8"
)

// appendJSONString appends s to b as a JSON string, and reports whether
// it could: s must be valid UTF-8 (encoding/json, which the caller falls
// back on, writes U+FFFD for what is not). The game's JSON columns are
// written with it rather than with encoding/json, whose reflection was a
// tenth of the import's time (tags, scores).
func appendJSONString(b []byte, s string) ([]byte, bool) {
	if !utf8.ValidString(s) {
		return b, false
	}
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			b = append(b, '\\', 'u', '0', '0', "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
		}
		start = i + 1
	}
	return append(append(b, s[start:]...), '"'), true
}

// appendJSONInt appends n to b.
func appendJSONInt(b []byte, n int) []byte { return strconv.AppendInt(b, int64(n), 10) }
