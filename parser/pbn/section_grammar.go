package pbn

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The auction and play sections (PBN 3.5, 3.6) as a participle grammar
// that reads as the standard: a section is calls or cards, each perhaps
// preceded by irregularity marks (^I, ^S, ^R, ^L) and followed by its
// annotations (a note reference =N=, a NAG $N, a suffix, commentary); a
// "*" ends it. The hand scanner (bodyScan) reads sections by default: on
// the samples' sections it reads 1.1 million a second against the
// grammar's 2,500 (BenchmarkSectionScanner, BenchmarkSectionGrammar: some
// 450 times faster), and it gives the builder its tokens without a tree.
// This grammar is its oracle: TestSectionGrammarCorpus and
// FuzzSectionGrammar hold the two to the same tokens, in the same places,
// on every corpus file and every fuzz input, and its EBNF is golden
// (testdata/section.ebnf).
var sectionLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Blank", Pattern: `[ \t\r\n\v\f]+`},
	{Name: "Brace", Pattern: `\{[^}]*\}?`},
	{Name: "Semicolon", Pattern: `;[^\n]*`},
	{Name: "String", Pattern: `"(\\[^\n\r]?|[^"\\\n\r])*"?`},
	{Name: "NoteRef", Pattern: `=[0-9]+=`},
	{Name: "NAG", Pattern: `\$[0-9]+`},
	// a note reference or a NAG that is not one: the run of non-blanks up
	// to what opens a comment or a string, which ends any token (opensText)
	{Name: "BadMark", Pattern: `[=$][^ \t\r\n{;"]*`},
	{Name: "Suffix", Pattern: `[!?][!?]?`},
	{Name: "Irregular", Pattern: `\^[^ \t\r\n{;"]?`},
	{Name: "Star", Pattern: `\*`},
	{Name: "Plus", Pattern: `\+`},
	{Name: "Word", Pattern: `[A-Za-z0-9-]+`},
	{Name: "Bad", Pattern: `[^A-Za-z0-9 \t\r\n-][^A-Za-z0-9 \t\r\n{;"-]*`},
})

// auctionPlay is a section's data.
type auctionPlay struct {
	Items []*item `parser:"@@*"`
}

// item is commentary standing on its own, a call or card with its
// marks and annotations, the "*" that ends the section, or what the
// standard does not allow there.
type item struct {
	Pos     lexer.Position
	Comment *commentary `parser:"  @@"`
	Element *element    `parser:"| @@"`
	End     *sectionEnd `parser:"| @@"`
	Bad     *stray      `parser:"| @@"`
}

type commentary struct {
	Pos  lexer.Position
	Text string `parser:"@(Brace | Semicolon)"`
}

type sectionEnd struct {
	Pos  lexer.Position
	Text string `parser:"@Star"`
}

type stray struct {
	Pos  lexer.Position
	Text string `parser:"@(String | Bad | BadMark | NoteRef | NAG | Suffix)"`
}

// element is a call or a card (a word, or "+" for the one to come)
// after its irregularity marks, or marks alone (^S is a call of its own),
// and then its annotations.
type element struct {
	Marks       []*mark       `parser:"( @@+"`
	Token       *word         `parser:"  @@? | @@ )"`
	Annotations []*annotation `parser:"@@*"`
}

type mark struct {
	Pos  lexer.Position
	Text string `parser:"@Irregular"`
}

type word struct {
	Pos  lexer.Position
	Text string `parser:"@(Word | Plus)"`
}

// annotation is what may follow a call or a card.
type annotation struct {
	Pos     lexer.Position
	Note    *string     `parser:"  @NoteRef"`
	NAG     *string     `parser:"| @NAG"`
	Suffix  *string     `parser:"| @Suffix"`
	Comment *commentary `parser:"| @@"`
}

var sectionParser = participle.MustBuild[auctionPlay](
	participle.Lexer(sectionLexer),
	participle.Elide("Blank"),
	participle.UseLookahead(2),
)

// secTok is one token of a section as the hand scanner gives it (see
// bodyTok): its kind, its text, and its byte offset in the section.
type secTok struct {
	kind byte
	text string
	off  int
}

// sectionTokens reads a section with the grammar and lists its tokens in
// the hand scanner's terms.
func sectionTokens(raw string) ([]secTok, error) {
	sec, err := sectionParser.ParseString("", raw)
	if err != nil {
		return nil, err
	}
	var out []secTok
	for _, it := range sec.Items {
		switch {
		case it.Comment != nil:
			out = append(out, it.Comment.tok())
		case it.Element != nil:
			out = it.Element.tokens(out)
		case it.End != nil:
			out = append(out, secTok{'*', "*", it.End.Pos.Offset})
		case it.Bad != nil:
			out = append(out, badTok(it.Bad.Text, it.Bad.Pos.Offset))
		}
	}
	return out, nil
}

func (e *element) tokens(out []secTok) []secTok {
	for _, m := range e.Marks {
		out = append(out, secTok{'^', m.Text[1:], m.Pos.Offset})
	}
	if w := e.Token; w != nil {
		k := byte('w')
		if w.Text == "+" {
			k = '+'
		}
		out = append(out, secTok{k, w.Text, w.Pos.Offset})
	}
	for _, a := range e.Annotations {
		switch {
		case a.Note != nil:
			out = append(out, secTok{'=', (*a.Note)[1 : len(*a.Note)-1], a.Pos.Offset})
		case a.NAG != nil:
			out = append(out, secTok{'$', (*a.NAG)[1:], a.Pos.Offset})
		case a.Suffix != nil:
			out = append(out, secTok{'!', *a.Suffix, a.Pos.Offset})
		case a.Comment != nil:
			out = append(out, a.Comment.tok())
		}
	}
	return out
}

func (c *commentary) tok() secTok {
	if c.Text[0] == ';' {
		t := c.Text[1:]
		if n := len(t); n > 0 && t[n-1] == '\r' {
			t = t[:n-1]
		}
		return secTok{';', t, c.Pos.Offset}
	}
	t := c.Text[1:]
	if n := len(t); n > 0 && t[n-1] == '}' {
		t = t[:n-1]
	}
	return secTok{'{', t, c.Pos.Offset}
}

// badTok is a token standing where the standard allows none: a string,
// a mark with nothing to annotate, or what is no token at all.
func badTok(text string, off int) secTok {
	switch text[0] {
	case '"':
		return secTok{'s', text, off}
	case '!', '?':
		if len(text) <= 2 && (len(text) == 1 || text[1] == '!' || text[1] == '?') {
			return secTok{'!', text, off}
		}
	case '=':
		if len(text) > 2 && text[len(text)-1] == '=' && allDigits(text[1:len(text)-1]) {
			return secTok{'=', text[1 : len(text)-1], off}
		}
	case '$':
		if len(text) > 1 && allDigits(text[1:]) {
			return secTok{'$', text[1:], off}
		}
	}
	return secTok{'?', text, off}
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
