package parser

import (
	"fmt"
	"strings"

	"handrec/model"
)

// MaxItems bounds what one record may hold by count, as MaxRecord does by
// bytes: PBN tags, calls, cards, comments, notes and marks, or LIN
// commands. A few bytes of text can make a few hundred bytes of model
// ("{c}", a stray "|"), so that 32 MiB of them took gigabytes; the
// corpus's fullest record holds 673 LIN commands. What a record holds past
// it is not read, and a problem says where it was cut and how much.
const MaxItems = 10000

// itemCap counts a record's items and notes the first one past MaxItems.
type itemCap struct {
	n   int
	off int // offset of the first item not read in the record's text; -1 for none
	pos model.Pos
}

func newItemCap() itemCap { return itemCap{off: -1} }

// over counts an item at pos (offset off in the record's text) and reports
// whether it is past the cap, noting the first such.
func (c *itemCap) over(pos model.Pos, off int) bool {
	if c.off >= 0 {
		return true
	}
	c.n++
	if c.n <= MaxItems {
		return false
	}
	c.off, c.pos = off, pos
	return true
}

// cutAt notes a cut at off (none when it is negative), unless an earlier
// one is noted.
func (c *itemCap) cutAt(pos model.Pos, off int) {
	if off >= 0 && (c.off < 0 || off < c.off) {
		c.off, c.pos = off, pos
	}
}

// report gives rec the problem of a cut in text, the record's text: where,
// and what it left unread.
func (c *itemCap) report(rec *model.Record, text, what string) {
	if c.off < 0 || c.off > len(text) {
		return
	}
	rest := text[c.off:]
	last := c.pos.Line + strings.Count(rest, "\n")
	if strings.HasSuffix(rest, "\n") {
		last--
	}
	rec.ErrorfListed(c.pos, "%s", fmt.Sprintf("more than %s %s"+cutMark+"%s bytes (to line %s), is not read",
		thousands(MaxItems), what, thousands(len(rest)), thousands(last)))
}

// cutMark is what the problem of every cut says, which Cut looks for.
const cutMark = " in this record, the most one may hold; the rest of it, "

// Cut returns the problem that says r was cut at MaxItems, the rest of it
// not read, if it was: what a command that writes r out must say, as its
// output lacks that rest.
func Cut(r *model.Record) (model.Problem, bool) {
	for _, p := range r.Problems {
		if p.Severity == model.SevError && strings.Contains(p.Message, cutMark) {
			return p, true
		}
	}
	return model.Problem{}, false
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
