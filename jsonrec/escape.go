package jsonrec

// EscapeC1 escapes the C1 controls (U+0080 to U+009F) of JSON text b as
// \u0080 to \u009f, which encoding/json leaves raw although a terminal
// acts on them (U+009B is CSI), so that every JSON handrec prints has its
// control characters escaped, as the C0 ones already are. b must be
// valid UTF-8, as json.Marshal writes it: there 0xC2 always begins a
// character, and a C1 control can stand only inside a string. It returns
// b itself when it holds none.
func EscapeC1(b []byte) []byte {
	i := indexC1(b)
	if i < 0 {
		return b
	}
	out := make([]byte, 0, len(b)+16)
	for i >= 0 {
		c := b[i+1]
		out = append(out, b[:i]...)
		out = append(out, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
		b = b[i+2:]
		i = indexC1(b)
	}
	return append(out, b...)
}

const hexDigits = "0123456789abcdef"

// indexC1 is the offset of the first C1 control's UTF-8 form in b, or -1.
func indexC1(b []byte) int {
	for i := 0; i+1 < len(b); i++ {
		if b[i] == 0xc2 && b[i+1] >= 0x80 && b[i+1] <= 0x9f {
			return i
		}
	}
	return -1
}
