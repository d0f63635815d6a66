package lin

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// linGame is one record's text: runs of header commands (vg rs pn qx st md
// sv rh ah), of calls and of cards, the claim, commentary, pauses, the
// teaching-file and old tournament commands, and any other command, which is
// kept where it stands.
type linGame struct {
	Items []linItem `parser:"@@*"`
}

type linItem struct {
	Pos   lexer.Position
	Cards *linRaw `parser:"  @Cards"`
	Calls *linRaw `parser:"| @Calls"`
	Head  *linRaw `parser:"| @Head"`
	Note  *linRaw `parser:"| @Nt"`
	Pause *linRaw `parser:"| @Pg"`
	Claim *linRaw `parser:"| @Mc"`
	Teach *linRaw `parser:"| @Teach"`
	Old   *linRaw `parser:"| @Old"`
	Other *linRaw `parser:"| @Other"`
}

// linRaw is a token's text: one or more code|value| pairs, which the
// builder reads pair by pair.
type linRaw struct {
	Raw string
}

func (r *linRaw) Capture(values []string) error {
	r.Raw = values[0]
	return nil
}

func (it *linItem) raw() *linRaw {
	switch {
	case it.Head != nil:
		return it.Head
	case it.Calls != nil:
		return it.Calls
	case it.Cards != nil:
		return it.Cards
	case it.Claim != nil:
		return it.Claim
	case it.Note != nil:
		return it.Note
	case it.Teach != nil:
		return it.Teach
	case it.Old != nil:
		return it.Old
	case it.Pause != nil:
		return it.Pause
	}
	return it.Other
}

var linParser = participle.MustBuild[linGame](
	participle.Lexer(linLexerDef{}),
	participle.UseLookahead(1),
)
