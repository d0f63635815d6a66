package archive

import (
	"fmt"
	"strings"

	"handrec/archive/driver"
)

// sqlScan walks SQL text as SQLite's tokenizer does for what matters to
// keep a caller's SQL in its place: strings ('...'), quoted names ("...",
// `...`, [...]), comments (-- and /* */), parentheses and semicolons.
type sqlScan struct {
	statements int  // statements with some token in them
	semicolon  bool // a ; outside strings and comments
	depth      int  // open parentheses at the end
	err        string
	first      string // the first word, upper case
}

func scanSQL(s string) sqlScan {
	var sc sqlScan
	tokens := false // since the last ;
	for i := 0; i < len(s); {
		c := s[i]
		if next, skipped, err := skip(s, i); skipped {
			if err != "" {
				if sc.err == "" {
					sc.err = err
				}
				return sc
			}
			i = next
			continue
		}
		switch {
		case c == '\'' || c == '"' || c == '`' || c == '[':
			end, err := closeQuote(s, i)
			if err != "" {
				if sc.err == "" {
					sc.err = err
				}
				return sc
			}
			i = end
		case c == ';':
			sc.semicolon = true
			if tokens {
				sc.statements++
			}
			tokens = false
			i++
			continue
		case c == '(':
			sc.depth++
			i++
		case c == ')':
			sc.depth--
			if sc.depth < 0 && sc.err == "" {
				sc.err = "a ) closes more than was opened"
			}
			i++
		default:
			j := i
			for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || s[j] == '_') {
				j++
			}
			if j == i {
				j++
			} else if !tokens && sc.statements == 0 {
				sc.first = strings.ToUpper(s[i:j])
			}
			i = j
		}
		tokens = true
	}
	if tokens {
		sc.statements++
	}
	return sc
}

// skip passes white space or a comment at s[i]: the index after it, and
// whether there was one; err for a /* comment not closed.
func skip(s string, i int) (next int, skipped bool, err string) {
	switch c := s[i]; {
	case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
		return i + 1, true, ""
	case c == '-' && i+1 < len(s) && s[i+1] == '-':
		if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
			return i + j + 1, true, ""
		}
		return len(s), true, ""
	case c == '/' && i+1 < len(s) && s[i+1] == '*':
		j := strings.Index(s[i+2:], "*/")
		if j < 0 {
			return len(s), true, "a /* comment is not closed"
		}
		return i + j + 4, true, ""
	}
	return i, false, ""
}

// closeQuote passes the string or quoted name that opens at s[i] ('...',
// "...", `...`, [...]; a doubled quote is one quote in the text): the
// index after it, or err when it is not closed.
func closeQuote(s string, i int) (next int, err string) {
	c, end := s[i], s[i]
	if c == '[' {
		end = ']'
	}
	for j := i + 1; j < len(s); j++ {
		if s[j] != end {
			continue
		}
		if end != ']' && j+1 < len(s) && s[j+1] == end {
			j++
			continue
		}
		return j + 1, ""
	}
	return len(s), fmt.Sprintf("a %c is not closed", c)
}

// checkCondition makes sure cond is one expression that stays inside the
// parentheses it is put in: no ; and no ) closing what it did not open.
// SQLite then checks that it is an expression, when it is prepared.
func checkCondition(cond string) error {
	sc := scanSQL(cond)
	switch {
	case sc.err != "":
		return &Error{Code: EInvalid, Msg: sc.err}
	case sc.semicolon:
		return &Error{Code: EInvalid, Msg: "a condition is one expression: no ;"}
	case sc.depth > 0:
		return &Error{Code: EInvalid, Msg: "a ( is not closed"}
	case sc.statements == 0:
		return &Error{Code: EInvalid, Msg: "the condition is empty"}
	}
	return nil
}

// checkStatement makes sure query is one statement.
func checkStatement(query string) error {
	sc := scanSQL(query)
	switch {
	case sc.err != "":
		return &Error{Code: EInvalid, Msg: sc.err}
	case sc.statements == 0:
		return &Error{Code: EInvalid, Msg: "no SQL statement"}
	case sc.statements > 1:
		return &Error{Code: EInvalid, Msg: fmt.Sprintf("%d statements: give one at a time", sc.statements)}
	case sc.first == "VACUUM":
		// VACUUM INTO would create a file (the authorizer stops it only
		// as it runs, through the ATTACH it makes).
		return driver.Denied("VACUUM is not allowed: a query may not rewrite the archive or create files")
	}
	return nil
}
