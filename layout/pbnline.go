package layout

// MaxPBNLine is the most bytes a line of PBN holds, its end included: PBN
// 2.3 allows 255 characters with the end-of-line indicator, which export
// format writes as the CRLF pair, two bytes. A reader that reads a line into
// 256 bytes (255 and C's NUL) reads every such line whole. The PBN writer
// keeps its lines to it (253 bytes before CRLF), and check warns of a line
// over it, both through PBNLineLong.
const MaxPBNLine = 255

// PBNLineLong reports whether a line of PBN that takes n bytes, its end
// included as the file has it (CRLF two, LF or CR one), is longer than PBN
// allows. Bytes, not characters: a character beyond ASCII takes two to four
// bytes in UTF-8.
func PBNLineLong(n int) bool { return n > MaxPBNLine }
