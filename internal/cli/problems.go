package cli

import (
	"fmt"
	"io"
	"strconv"

	"github.com/urfave/cli/v2"

	"handrec/model"
	"handrec/output"
)

// shownPerKind is how many problems of one kind check and import print for
// a file before they count the rest: one file of a championship's play
// records can hold 50,000 "plays a card it does not hold", which says no
// more than its first few. The full list stays in check --format json and
// in the archive's problems view.
const shownPerKind = 5

// problemFlags are check's and import's options for how many problems
// they print.
func problemFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "print no problem, only the closing summary"},
		&cli.BoolFlag{Name: "all", Usage: fmt.Sprintf("print every problem, not only the first %d of each kind a file and a count of the rest", shownPerKind)},
	}
}

// problemPrinter prints problems one a line, escaped for a terminal, and
// of each kind at most perKind a file (0: all); when the file's problems
// end (Flush, or a problem of another file) it says in one line a kind how
// many more it left out: "FILE: ... and 5,112 more of this kind: " and the
// kind's first message.
type problemPrinter struct {
	w       io.Writer
	perKind int
	quiet   bool

	file  string
	kinds map[string]*kindCount
	order []*kindCount // kinds in the order first met, for the closing lines
}

type kindCount struct {
	example string // the first message of the kind
	shown   int
	more    int
}

func newProblemPrinter(c *cli.Context, w io.Writer) *problemPrinter {
	pp := &problemPrinter{w: w, perKind: shownPerKind, quiet: c.Bool("quiet")}
	if c.Bool("all") {
		pp.perKind = 0
	}
	return pp
}

// Print prints p, or counts it when its file has shown enough of its kind.
func (pp *problemPrinter) Print(p model.Problem) {
	if pp.quiet {
		return
	}
	if p.File != pp.file || pp.kinds == nil {
		pp.Flush()
		pp.file = p.File
		pp.kinds = map[string]*kindCount{}
	}
	kind := p.KindOf()
	k := pp.kinds[kind]
	if k == nil {
		k = &kindCount{example: p.Message}
		pp.kinds[kind] = k
		pp.order = append(pp.order, k)
	}
	if pp.perKind > 0 && k.shown >= pp.perKind {
		k.more++
		return
	}
	k.shown++
	pp.line(p.Error())
}

// Flush says how many problems of each kind the current file left unshown.
func (pp *problemPrinter) Flush() {
	for _, k := range pp.order {
		if k.more > 0 {
			pp.line(fmt.Sprintf("%s: ... and %s more of this kind: %s", pp.file, thousands(k.more), k.example))
		}
	}
	pp.file, pp.kinds, pp.order = "", nil, nil
}

func (pp *problemPrinter) line(s string) {
	fmt.Fprintln(pp.w, output.Escape(s))
}

// thousands writes n with a comma between each group of three digits.
func thousands(n int) string {
	if n < 0 {
		return "-" + thousands(-n)
	}
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
