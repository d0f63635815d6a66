package lin

import (
	"io"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"handrec/model"
	"handrec/parser/internal/read"
)

// LIN is a stream of code|value| pairs. The lexer groups them into coarse
// tokens, so that a board is three tokens and not a hundred: a run of header
// commands (vg rs pn qx st md sv rh ah, with pauses), a run of calls (mb, an
// and pg pairs), a run of cards (pc and pg pairs), or one other pair
// together with the pg that follows it. The builder walks the
// pairs inside each token by hand.
const tokEOF lexer.TokenType = lexer.EOF

const (
	tokLinVg lexer.TokenType = -(iota + 100)
	tokLinRs
	tokLinPn
	tokLinQx
	tokLinSt
	tokLinMd
	tokLinSv
	tokLinRh
	tokLinAh
	tokLinCalls
	tokLinCards
	tokLinMc
	tokLinNt
	tokLinPg
	tokLinTeach
	tokLinOld
	tokLinOther
	tokLinHead // a run of header commands: vg rs pn qx st md sv rh ah
)

func isHeadType(t lexer.TokenType) bool { return t <= tokLinVg && t >= tokLinAh }

func linSymbols() map[string]lexer.TokenType {
	return map[string]lexer.TokenType{
		"EOF": tokEOF, "Vg": tokLinVg, "Rs": tokLinRs, "Pn": tokLinPn, "Qx": tokLinQx, "St": tokLinSt,
		"Md": tokLinMd, "Sv": tokLinSv, "Rh": tokLinRh, "Ah": tokLinAh, "Calls": tokLinCalls,
		"Cards": tokLinCards, "Mc": tokLinMc, "Nt": tokLinNt, "Pg": tokLinPg, "Teach": tokLinTeach,
		"Old": tokLinOld, "Other": tokLinOther, "Head": tokLinHead,
	}
}

// linCodeType is the token type a pair starts.
func linCodeType(code string) lexer.TokenType {
	if len(code) == 2 {
		switch lower2(code) {
		case "vg":
			return tokLinVg
		case "rs":
			return tokLinRs
		case "pn":
			return tokLinPn
		case "qx":
			return tokLinQx
		case "st":
			return tokLinSt
		case "md":
			return tokLinMd
		case "sv":
			return tokLinSv
		case "rh":
			return tokLinRh
		case "ah":
			return tokLinAh
		case "mb", "an":
			return tokLinCalls
		case "pc":
			return tokLinCards
		case "mc":
			return tokLinMc
		case "nt":
			return tokLinNt
		case "pg":
			return tokLinPg
		case "at", "ht", "cs", "cp", "cr", "cg", "cb", "bt", "mn", "pf", "va", "sa":
			return tokLinTeach
		case "pw", "mp", "bn":
			return tokLinOld
		}
	}
	return tokLinOther
}

// lower2 lowers a two-letter code without allocating when it is lower case.
func lower2(s string) string {
	if s[0] >= 'A' && s[0] <= 'Z' || s[1] >= 'A' && s[1] <= 'Z' {
		return strings.ToLower(s)
	}
	return s
}

// linPair is one code|value| pair of a text.
type linPair struct {
	code   string
	value  string
	off    int  // offset of the code
	voff   int  // offset of the value
	end    int  // offset past the pair
	closed bool // the value ends with "|"
	stray  bool // a "|" with no code before it
	bare   bool // text with no "|" after it, at the end
}

// IsBlank reports whether c is a blank around LIN's pairs: space, tab,
// CR, LF, FF or VT.
func IsBlank(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'
}

// scanLINPair reads the pair at s[i:], after blanks; ok is false at the end.
func scanLINPair(s string, i int) (p linPair, ok bool) {
	for i < len(s) && IsBlank(s[i]) {
		i++
	}
	if i >= len(s) {
		return p, false
	}
	p.off = i
	j := strings.IndexByte(s[i:], '|')
	switch {
	case j == 0:
		p.stray = true
		p.voff, p.end = i+1, i+1
		return p, true
	case j < 0:
		p.bare = true
		p.code = strings.TrimRight(s[i:], " \t\r\n\f\v")
		p.voff, p.end = len(s), len(s)
		return p, true
	}
	p.code = s[i : i+j]
	v := i + j + 1
	p.voff = v
	k := strings.IndexByte(s[v:], '|')
	if k < 0 {
		p.value = s[v:]
		p.end = len(s)
		return p, true
	}
	p.value = s[v : v+k]
	p.closed = true
	p.end = v + k + 1
	return p, true
}

type linLexerDef struct{}

func (linLexerDef) Symbols() map[string]lexer.TokenType { return linSymbols() }

func (d linLexerDef) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return newLINLexer(filename, string(b), 1, 1), nil
}

// linLex groups the pairs of one record's text into tokens. Lines and
// columns count from (line, col) at the start of the text.
type linLex struct {
	src string
	lines
	pos lexer.Position
	cap read.ItemCap // the commands read, at most read.MaxItems
}

func newLINLexer(filename, src string, line, col int) *linLex {
	return &linLex{src: src, lines: newLines(line, col), pos: lexer.Position{Filename: filename}, cap: read.NewItemCap()}
}

// over counts the pair at off and reports whether it is past read.MaxItems.
func (l *linLex) over(off int) bool {
	if l.cap.Off >= 0 {
		return true
	}
	c := l.lines
	c.advance(l.src, off)
	return l.cap.Over(model.Pos{Line: c.line, Col: c.col(off)}, off)
}

// lines follows the line and column of offsets into a text, which must
// not go back: the lexer's and the builder's.
type lines struct {
	i         int // the offset reached
	line      int
	lineStart int // offset of the current line's start; negative on the first line
}

// newLines counts from (line, col) at the start of the text.
func newLines(line, col int) lines { return lines{line: line, lineStart: 1 - col} }

// advance moves the line count to offset to.
func (c *lines) advance(text string, to int) {
	for {
		k := strings.IndexByte(text[c.i:to], '\n')
		if k < 0 {
			break
		}
		c.line++
		c.i += k + 1
		c.lineStart = c.i
	}
	c.i = to
}

// col is the column of offset off on the line reached.
func (c *lines) col(off int) int { return off - c.lineStart + 1 }

func (l *linLex) position(off int) lexer.Position {
	p := l.pos
	p.Offset = off
	p.Line = l.line
	p.Column = l.col(off)
	return p
}

// Next returns the next token.
func (l *linLex) Next() (lexer.Token, error) {
	p, ok := scanLINPair(l.src, l.i)
	if !ok || l.over(p.off) {
		l.advance(l.src, len(l.src))
		return lexer.Token{Type: tokEOF, Pos: l.position(len(l.src))}, nil
	}
	l.advance(l.src, p.off)
	pos := l.position(p.off)
	start := p.off
	typ := tokLinOther
	if !p.stray {
		typ = linCodeType(p.code)
	}
	end := p.end
	switch typ {
	case tokLinVg, tokLinRs, tokLinPn, tokLinQx, tokLinSt, tokLinMd, tokLinSv, tokLinRh, tokLinAh:
		// a board's header commands make one token
		typ = tokLinHead
		for {
			q, ok := scanLINPair(l.src, end)
			if !ok || q.stray {
				break
			}
			t := linCodeType(q.code)
			if !isHeadType(t) && t != tokLinPg || l.over(q.off) {
				break
			}
			end = q.end
		}
	case tokLinCalls, tokLinCards:
		for {
			q, ok := scanLINPair(l.src, end)
			if !ok || q.stray {
				break
			}
			t := linCodeType(q.code)
			if t != typ && t != tokLinPg || l.over(q.off) {
				break
			}
			end = q.end
		}
	case tokLinPg:
	default:
		// the pause that follows a pair goes with it
		if q, ok := scanLINPair(l.src, end); ok && !q.stray && linCodeType(q.code) == tokLinPg && !l.over(q.off) {
			end = q.end
		}
	}
	l.advance(l.src, end)
	return lexer.Token{Type: typ, Value: l.src[start:end], Pos: pos}, nil
}

// linText is a LIN value as the splitter sees it (bytes) or the builder
// (a string): the tests below serve both, so that the two agree on what a
// call, a card or a claim is.
type linText interface{ ~string | ~[]byte }

// linTrim trims the blanks around a value.
func linTrim[T linText](v T) T {
	for len(v) > 0 && IsBlank(v[0]) {
		v = v[1:]
	}
	for len(v) > 0 && IsBlank(v[len(v)-1]) {
		v = v[:len(v)-1]
	}
	return v
}

// linCard reads a pc value: a suit and a rank in either case ("10" for the
// ten too), with blanks around.
func linCard[T linText](v T) (model.Card, bool) {
	v = linTrim(v)
	var rk byte
	switch {
	case len(v) == 2:
		rk = v[1]
	case len(v) == 3 && v[1] == '1' && v[2] == '0':
		rk = 'T'
	default:
		return 0, false
	}
	su, ok := model.ParseSuit(v[0])
	if !ok {
		return 0, false
	}
	r, ok := model.ParseRank(rk)
	if !ok {
		return 0, false
	}
	return model.NewCard(su, r), true
}

// linClaim reads an mc value: declarer's total tricks, 0 to 13, in one or
// two digits with blanks around.
func linClaim[T linText](v T) (int, bool) {
	v = linTrim(v)
	if len(v) == 0 || len(v) > 2 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(v); i++ {
		if v[i] < '0' || v[i] > '9' {
			return 0, false
		}
		n = n*10 + int(v[i]-'0')
	}
	return n, n <= 13
}

// linBody reports whether the pair code|v| (the code in lower case) is a
// call, a card or a claim the model holds as one: only these begin a
// board's body. An empty mb, a bad card or a bad claim is kept as written
// but begins no board, wherever the writer puts it back.
func linBody[T linText](code string, v T) bool {
	switch code {
	case "mb":
		return len(linTrim(v)) > 0
	case "pc":
		_, ok := linCard(v)
		return ok
	case "mc":
		_, ok := linClaim(v)
		return ok
	}
	return false
}
