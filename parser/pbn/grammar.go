package pbn

import (
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"handrec/parser/internal/read"
)

// pbnGame is one game: escape lines, tag pairs, and the bodies that follow
// them (section data and commentary). A body before the first tag holds the
// game's leading commentary.
type pbnGame struct {
	Items []pbnItem `parser:"@@*"`
}

type pbnItem struct {
	Pos    lexer.Position
	Escape *string  `parser:"  @Escape"`
	Tags   *pbnTags `parser:"| @Tag"`
	Body   *pbnBody `parser:"| @Body"`
}

// pbnTag is a whole tag pair token, split into its name and value on capture.
type pbnTag struct {
	Raw      string
	Name     string
	Value    string // unescaped
	ValueOff int    // offset of the value's first character in Raw
	Err      string // what is wrong with the tag pair, if anything
	Off      int    // offset of the tag in its run
}

// pbnBody is the raw text between two tags; the builder decodes it once it
// knows which section it belongs to.
type pbnBody struct {
	Raw string
}

func (b *pbnBody) Capture(values []string) error {
	b.Raw = values[0]
	return nil
}

// pbnTags is a run of tag pairs with only blanks between them and the body
// that follows the last of them, split on capture; each tag keeps its
// offset in the run, and the body its own, for their positions.
type pbnTags struct {
	Raw     string
	Tags    []pbnTag
	Body    string
	BodyOff int
	CutOff  int // offset of the first tag past read.MaxItems, not split; -1 for none
}

func (ts *pbnTags) Capture(values []string) error {
	raw := values[0]
	ts.Raw = raw
	ts.Tags = make([]pbnTag, 0, min(strings.Count(raw, "\n[")+1, read.MaxItems)) // a tag a line, mostly
	ts.CutOff = -1
	i := 0
	for i < len(raw) {
		for i < len(raw) && isBlank(raw[i]) {
			i++
		}
		if i >= len(raw) {
			break
		}
		if raw[i] != '[' {
			ts.Body, ts.BodyOff = raw[i:], i
			break
		}
		start := i
		if len(ts.Tags) == read.MaxItems {
			ts.CutOff = start
			break
		}
		i = tagEnd(raw, i)
		ts.Tags = append(ts.Tags, pbnTag{Off: start})
		splitTag(&ts.Tags[len(ts.Tags)-1], raw[start:i])
	}
	return nil
}

// tagEnd is the end of the tag pair that starts at i, by the lexer's rule.
func tagEnd(raw string, i int) int {
	l := pbnLex{src: raw, i: i}
	l.scanTag()
	return l.i
}

var pbnParser = participle.MustBuild[pbnGame](
	participle.Lexer(pbnLexer),
	participle.UseLookahead(1),
)

// splitTag splits "[Name "value"]" leniently: blanks anywhere between the
// tokens, a missing closing bracket, and unescaped quotes are understood and
// reported in Err where the standard is broken.
func splitTag(t *pbnTag, raw string) {
	t.Raw = raw
	i := 1
	for i < len(raw) && isBlank(raw[i]) {
		i++
	}
	ns := i
	for i < len(raw) && isNameChar(raw[i]) {
		i++
	}
	t.Name = raw[ns:i]
	if t.Name == "" {
		t.Err = "tag without a name"
	}
	for i < len(raw) && isBlank(raw[i]) {
		i++
	}
	if i >= len(raw) || raw[i] != '"' {
		if t.Err == "" {
			if i < len(raw) && raw[i] != ']' {
				t.Err = "bad character " + quoteByte(raw[i]) + " in tag name"
			} else {
				t.Err = "tag " + t.Name + " has no value"
			}
		}
		t.ValueOff = i
		return
	}
	i++
	t.ValueOff = i
	// The value ends at the last quote before the closing bracket.
	end := len(raw) - 1
	closed := end > 0 && raw[end] == ']'
	if closed {
		end--
	}
	for end >= i && isBlank(raw[end]) {
		end--
	}
	if end < i || raw[end] != '"' {
		if t.Err == "" {
			t.Err = "tag " + t.Name + ": unterminated value"
		}
		end = len(raw)
		if closed {
			end--
		}
		t.Value = unescape(strings.TrimRight(raw[i:end], "\r\n"))
		return
	}
	if !closed && t.Err == "" {
		t.Err = "tag " + t.Name + ": missing ]"
	}
	t.Value = unescape(raw[i:end])
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

func isNameChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

func quoteByte(c byte) string { return "'" + string(rune(c)) + "'" }

// unescape resolves \" and \\; any other backslash is kept as written (real
// files use \S \H \D \C for suit symbols).
func unescape(s string) string {
	j := -1
	for k := 0; k < len(s); k++ {
		if s[k] == '\\' {
			j = k
			break
		}
	}
	if j < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	b = append(b, s[:j]...)
	for k := j; k < len(s); k++ {
		c := s[k]
		if c == '\\' && k+1 < len(s) && (s[k+1] == '"' || s[k+1] == '\\') {
			k++
			c = s[k]
		}
		b = append(b, c)
	}
	return string(b)
}
