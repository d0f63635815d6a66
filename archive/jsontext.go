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

// appendJSONValue appends v to b as encoding/json (HTML not escaped)
// writes it, for the values the game's JSON columns are made of: nil,
// strings, ints, arrays of these and calls (callX); ok is false for any
// other value, or a string that is not valid UTF-8, and the caller then
// falls back on encoding/json.
func appendJSONValue(b []byte, v any) (_ []byte, ok bool) {
	switch v := v.(type) {
	case nil:
		return append(b, "null"...), true
	case string:
		return appendJSONString(b, v)
	case int:
		return appendJSONInt(b, v), true
	case []any:
		return appendJSONArray(b, v)
	case [4]any:
		return appendJSONArray(b, v[:])
	case callX:
		return appendCallX(b, &v)
	}
	return b, false
}

func appendJSONArray(b []byte, vs []any) (_ []byte, ok bool) {
	b = append(b, '[')
	for i, v := range vs {
		if i > 0 {
			b = append(b, ',')
		}
		if b, ok = appendJSONValue(b, v); !ok {
			return b, false
		}
	}
	return append(b, ']'), true
}

// appendCallX appends a call stored as an object, its fields in callX's
// order, those empty left out as omitempty leaves them.
func appendCallX(b []byte, x *callX) (_ []byte, ok bool) {
	b = append(b, `{"c":`...)
	if b, ok = appendJSONString(b, x.C); !ok {
		return b, false
	}
	if x.A != 0 {
		b = appendJSONInt(append(b, `,"a":`...), x.A)
	}
	for _, f := range []struct {
		key string
		v   string
		has bool
	}{{`,"e":`, x.E, x.E != ""}, {`,"n":`, deref(x.N), x.N != nil}, {`,"g":`, x.G, x.G != ""}, {`,"i":`, x.I, x.I != ""}} {
		if !f.has {
			continue
		}
		if b, ok = appendJSONString(append(b, f.key...), f.v); !ok {
			return b, false
		}
	}
	if x.L != nil {
		b = append(append(b, `,"l":`...), x.L...)
	}
	if x.S != nil {
		b = append(append(b, `,"s":`...), x.S...)
	}
	return append(b, '}'), true
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
