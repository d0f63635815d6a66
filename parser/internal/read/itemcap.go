package read

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

// ItemCap counts a record's items and notes the first one past MaxItems.
type ItemCap struct {
	n   int
	Off int // offset of the first item not read in the record's text; -1 for none
	Pos model.Pos
}

// NewItemCap is a cap that has counted nothing.
func NewItemCap() ItemCap { return ItemCap{Off: -1} }

// Over counts an item at pos (offset off in the record's text) and reports
// whether it is past the cap, noting the first such.
func (c *ItemCap) Over(pos model.Pos, off int) bool {
	if c.Off >= 0 {
		return true
	}
	c.n++
	if c.n <= MaxItems {
		return false
	}
	c.Off, c.Pos = off, pos
	return true
}

// CutAt notes a cut at off (none when it is negative), unless an earlier
// one is noted.
func (c *ItemCap) CutAt(pos model.Pos, off int) {
	if off >= 0 && (c.Off < 0 || off < c.Off) {
		c.Off, c.Pos = off, pos
	}
}

// Report gives rec the problem of a cut in text, the record's text: where,
// and what it left unread.
func (c *ItemCap) Report(rec *model.Record, text, what string) {
	if c.Off < 0 || c.Off > len(text) {
		return
	}
	rest := text[c.Off:]
	last := c.Pos.Line + strings.Count(rest, "\n")
	if strings.HasSuffix(rest, "\n") {
		last--
	}
	rec.ErrorfListed(c.Pos, "%s", fmt.Sprintf("more than %s %s"+cutMark+"%s bytes (to line %s), is not read",
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
