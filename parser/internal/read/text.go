package read

import (
	"encoding/binary"
	"strings"
	"unicode/utf8"
)

// DecodeText decodes a stretch of a file: UTF-8 as it is, anything else as
// Latin-1. *ascii is true until a non-ASCII byte is met (and the check is
// skipped after); *latin1 becomes true when a stretch is not UTF-8.
func DecodeText(b []byte, ascii, latin1 *bool) string {
	if *ascii {
		if isASCII(b) {
			return string(b)
		}
		*ascii = false
	}
	if utf8.Valid(b) {
		return string(b)
	}
	*latin1 = true
	var sb strings.Builder
	sb.Grow(len(b) + 16)
	for _, c := range b {
		sb.WriteRune(rune(c))
	}
	return sb.String()
}

// isASCII checks eight bytes at a time.
func isASCII(b []byte) bool {
	for len(b) >= 8 {
		if binary.LittleEndian.Uint64(b)&0x8080808080808080 != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}
