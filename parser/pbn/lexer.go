package pbn

import (
	"fmt"
	"io"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"handrec/model"
	"handrec/parser/internal/read"
)

// PBN is lexed into coarse tokens so that a game is a score of tokens, not
// hundreds: a whole escape line, a whole tag pair, or a whole body of text
// between tags (section data and commentary), which the builder decodes by
// hand.
const (
	tokEOF    lexer.TokenType = lexer.EOF
	tokEscape lexer.TokenType = -(iota + 2)
	tokTag
	tokBody
)

type pbnLexerDef struct{}

var pbnLexer = pbnLexerDef{}

func (pbnLexerDef) Symbols() map[string]lexer.TokenType {
	return map[string]lexer.TokenType{"EOF": tokEOF, "Escape": tokEscape, "Tag": tokTag, "Body": tokBody}
}

func (d pbnLexerDef) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexString(filename, string(b))
}

func (pbnLexerDef) LexString(filename string, s string) (lexer.Lexer, error) {
	return newPBNLexer(filename, s, 1), nil
}

// pbnLex scans one game's text. Lines and columns count from line base.
type pbnLex struct {
	src       string
	i         int
	line      int
	lineStart int
	pos       lexer.Position
	cap       read.ItemCap // the tokens read, at most read.MaxItems
	cutTag    int          // the tag line the splitter ended the text's last brace comment before (0: the file's end)
	unclosed  []unclosedBrace
}

// unclosedBrace is a brace comment with no "}": where it opens, its last
// line, and the line of the tag pair that ended it (0: the file's end).
type unclosedBrace struct {
	open      model.Pos
	last, tag int
}

// message says what became of the comment: the lines it took and where it
// ended, which a reader needs to tell whether games were taken for it.
func (u unclosedBrace) message() string {
	lines := "1 line"
	if n := u.last - u.open.Line + 1; n != 1 {
		lines = fmt.Sprintf("%d lines", n)
	}
	if u.tag == 0 {
		return fmt.Sprintf("comment \"{\" not closed: it runs %s, to the end of the file", lines)
	}
	return fmt.Sprintf("comment \"{\" not closed: it runs %s, up to the tag pair on line %d, which ends it; the tags and games from there on are read", lines, u.tag)
}

// tagLine reports whether s starts with what opens a tag pair, `[Name "`:
// a line that does so ends a brace comment not closed before it, so that
// an unclosed "{" cannot take the games after it for its text. The
// splitter (Reader.readChunk) and the lexer (scanBrace) ask it alike; the
// body scan is given bodies the lexer ended there.
func tagLine[T string | []byte](s T) bool {
	if len(s) < 4 || s[0] != '[' || !isLetter(s[1]) {
		return false
	}
	i := 2
	for i < len(s) && (isLetter(s[i]) || s[i] >= '0' && s[i] <= '9' || s[i] == '_') {
		i++
	}
	j := i
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	return j > i && j < len(s) && s[j] == '"'
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func newPBNLexer(filename, src string, base int) *pbnLex {
	return &pbnLex{src: src, line: base, pos: lexer.Position{Filename: filename}, cap: read.NewItemCap()}
}

func (l *pbnLex) position() lexer.Position {
	p := l.pos
	p.Offset = l.i
	p.Line = l.line
	p.Column = l.i - l.lineStart + 1
	return p
}

func (l *pbnLex) newline(at int) {
	l.line++
	l.lineStart = at + 1
}

// Next returns the next token.
func (l *pbnLex) Next() (lexer.Token, error) {
	src := l.src
	// white space
	for l.i < len(src) {
		c := src[l.i]
		if c == '\n' {
			l.newline(l.i)
		} else if c != ' ' && c != '\t' && c != '\r' && c != '\v' && c != '\f' {
			break
		}
		l.i++
	}
	if l.i >= len(src) || l.cap.Over(model.Pos{Line: l.line, Col: l.i - l.lineStart + 1}, l.i) {
		return lexer.Token{Type: tokEOF, Pos: l.position()}, nil
	}
	pos := l.position()
	start := l.i
	switch {
	case src[l.i] == '%' && l.i == l.lineStart:
		end := l.i
		for end < len(src) && src[end] != '\n' {
			end++
		}
		l.i = end
		v := src[start+1 : end]
		if n := len(v); n > 0 && v[n-1] == '\r' {
			v = v[:n-1]
		}
		return lexer.Token{Type: tokEscape, Value: v, Pos: pos}, nil
	case src[l.i] == '[':
		// A run of tag pairs with only blanks between them, and the body
		// that follows the last of them (a section's data, a tag's
		// commentary), is one token: a game is two or three tokens.
		l.scanTagRun()
		end := l.scanBody()
		return lexer.Token{Type: tokTag, Value: src[start:end], Pos: pos}, nil
	}
	end := l.scanBody()
	return lexer.Token{Type: tokBody, Value: src[start:end], Pos: pos}, nil
}

// scanTagRun moves past tag pairs separated by blanks only, and returns the
// end of the last one. It stops before an escape line, a comment or a body.
func (l *pbnLex) scanTagRun() int {
	src := l.src
	for {
		l.scanTag()
		end := l.i
		i, line, lineStart := l.i, l.line, l.lineStart
		for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\r' || src[i] == '\n') {
			if src[i] == '\n' {
				line++
				lineStart = i + 1
			}
			i++
		}
		if i >= len(src) || src[i] != '[' {
			return end
		}
		l.i, l.line, l.lineStart = i, line, lineStart
	}
}

// scanTag moves past a tag pair: "[", a name, a quoted value, "]". A quote
// inside the value ends it only when "]" or the line end follows (after
// blanks), so that real files' unescaped quotes and brackets ("Random]")
// are read as written. A value never crosses a line; after it only blanks
// and "]" may come, else the tag ends with its value (and lacks its "]").
func (l *pbnLex) scanTag() {
	src := l.src
	if e := plainTagEnd(src, l.i); e >= 0 {
		l.i = e
		return
	}
	l.scanTagBytes()
}

// scanTagBytes is scanTag byte by byte, for any tag.
func (l *pbnLex) scanTagBytes() {
	src := l.src
	i := l.i + 1
	inQuote, closed := false, false
	for i < len(src) {
		c := src[i]
		if closed && c != ']' && c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			// After the value only "]" may come: the tag ends where its
			// value did, and what follows is read as what it is.
			l.i = i
			return
		}
		switch {
		case c == '\n':
			if !inQuote {
				l.newline(i)
				break
			}
			// A value does not cross a line: the tag is broken here.
			l.i = i
			return
		case inQuote && c == '\\' && i+1 < len(src) && src[i+1] != '\n':
			i++
		case c == '"':
			if !inQuote {
				inQuote = true
				break
			}
			j := i + 1
			for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
				j++
			}
			if j < len(src) && (src[j] == ']' || src[j] == '\r' || src[j] == '\n') {
				inQuote, closed = false, true
			}
		case c == ']' && !inQuote:
			l.i = i + 1
			return
		}
		i++
	}
	l.i = i
}

// plainTagEnd is the end of the tag pair that starts at i when it is
// plain, as nearly every tag is: `[Name "value"]` on one line, without a
// backslash, the closing quote just before the bracket; -1 for any other,
// which scanTag reads byte by byte. It gives the end scanTag's loop would
// (TestPlainTagEnd), in a fraction of the time: a tag run is scanned twice
// (the lexer's token, then its tags apart), and tags are most of a file.
func plainTagEnd(src string, i int) int {
	j := i + 1
	for ; j < len(src) && src[j] != '"'; j++ {
		if c := src[j]; c == ']' || c == '\n' || c == '\\' {
			return -1
		}
	}
	for j++; j < len(src) && src[j] != '"'; j++ {
		if c := src[j]; c == '\\' || c == '\n' {
			return -1
		}
	}
	if j+1 < len(src) && src[j+1] == ']' {
		return j + 2
	}
	return -1
}

// scanBrace moves past the brace comment opened at i: to its "}", or, not
// closed, to the start of a tag line (tagLine), which ends it, or to the
// end of the text; it notes one not closed. It returns where it stopped.
func (l *pbnLex) scanBrace(i int) int {
	src := l.src
	open := model.Pos{Line: l.line, Col: i - l.lineStart + 1}
	for i++; i < len(src) && src[i] != '}'; i++ {
		if src[i] != '\n' {
			continue
		}
		l.newline(i)
		if tagLine(src[i+1:]) {
			l.unclosed = append(l.unclosed, unclosedBrace{open: open, last: l.line - 1, tag: l.line})
			return i + 1
		}
	}
	if i == len(src) {
		last := l.line
		if strings.HasSuffix(src, "\n") {
			last--
		}
		l.unclosed = append(l.unclosed, unclosedBrace{open: open, last: last, tag: l.cutTag})
	}
	return i
}

// scanBody moves to the next tag, escape line or end, past commentary and
// quoted strings, and returns the end of the body without trailing blanks.
func (l *pbnLex) scanBody() int {
	src := l.src
	i := l.i
	end := i
	for i < len(src) {
		c := src[i]
		switch c {
		case '\n':
			l.newline(i)
			if i+1 < len(src) && src[i+1] == '%' {
				l.i = i + 1
				return end
			}
			i++
			continue
		case ' ', '\t', '\r', '\v', '\f':
			i++
			continue
		case '[':
			l.i = i
			return end
		case '{':
			if i = l.scanBrace(i); i < len(src) && src[i] == '[' {
				l.i = i // ended before a tag line, whose line break it keeps
				return i
			}
		case ';':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			end = i
			if end > 0 && src[end-1] == '\r' {
				end--
			}
			continue
		case '"':
			for i++; i < len(src) && src[i] != '"' && src[i] != '\n' && src[i] != '\r'; i++ {
				if src[i] == '\\' && i+1 < len(src) && src[i+1] != '\n' && src[i+1] != '\r' {
					i++
				}
			}
			if i < len(src) && (src[i] == '\n' || src[i] == '\r') {
				end = i // unterminated: the string ends with its line
				continue
			}
		}
		i++
		end = i
	}
	l.i = i
	if end > len(src) {
		end = len(src)
	}
	return end
}
