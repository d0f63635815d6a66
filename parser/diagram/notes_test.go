package diagram_test

import (
	"fmt"
	"strings"
	"testing"

	"handrec/model"
	"handrec/parser"
)

// noteFacts is what the footnotes of a text gave its records: each call
// or card with an explanation, a note, comments or an alert, and the
// problems.
func noteFacts(t *testing.T, src string) string {
	t.Helper()
	doc, err := parser.ReadAll("n.txt", strings.NewReader(src))
	if err != nil {
		return "error: " + err.Error()
	}
	var b strings.Builder
	annotated := func(what string, alert bool, expl string, a model.Annotations) {
		if !alert && expl == "" && a.Note == 0 && len(a.Comments) == 0 {
			return
		}
		fmt.Fprintf(&b, "%s:", what)
		if alert {
			b.WriteString(" alert")
		}
		if expl != "" {
			fmt.Fprintf(&b, " explained %q", expl)
		}
		if a.Note != 0 {
			fmt.Fprintf(&b, " note %d", a.Note)
		}
		for _, c := range a.Comments {
			fmt.Fprintf(&b, " %q", c.Text)
		}
		b.WriteByte('\n')
	}
	for _, r := range doc.Records {
		if a := r.Auction; a != nil {
			for i, c := range a.Calls {
				annotated(fmt.Sprintf("call %d %v", i+1, c), c.Alert, c.Explanation, c.Annotations)
			}
		}
		if p := r.Play; p != nil {
			for i, tr := range p.Tricks {
				for s, c := range tr {
					annotated(fmt.Sprintf("trick %d %v %v", i+1, model.Seat(s), c), false, "", c.Annotations)
				}
			}
		}
		for _, p := range r.Problems {
			fmt.Fprintf(&b, "%s\n", p.Error())
		}
	}
	return b.String()
}

// A cell's marks that run past ⁹ ("Pass⁸⁹¹⁰", as show prints a call with
// many comments) are notes 8, 9 and 10: the number to come moves on with
// each mark within the cell, so that ¹⁰ is the next note, not notes 1
// and 0 (footnote 0 was an error, and note 10 commentary).
func TestMarksPastNineInOneCell(t *testing.T) {
	t.Parallel()
	src := auctioned("West   North  East   South\n" +
		"                     1♣¹²³⁴⁵⁶⁷\n" +
		"Pass⁸⁹¹⁰  Pass   Pass\n\n" +
		"¹ a\n² b\n³ c\n⁴ d\n⁵ e\n⁶ f\n⁷ g\n⁸ h\n⁹ i\n¹⁰ j\n")
	want := `call 1 1C: explained "a" "b" "c" "d" "e" "f" "g"` + "\n" +
		`call 2 Pass: explained "h" "i" "j"` + "\n"
	if got := noteFacts(t, src); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// A mark alone under a table ("¹", as show prints an explanation that is
// blank, LIN's "an| |") is a note of no text: it opens the footnotes when
// it comes first, and its call or card keeps it as a note, the one form
// of a mark whose text is empty. It was commentary, the call's mark an
// error, and the mark lost at the next printing.
func TestNoteOfNoText(t *testing.T) {
	t.Parallel()
	src := auctioned("West   North  East   South\n" +
		"                     1♦¹\n" +
		"Pass   4♥²³   Pass   Pass\n" +
		"Pass\n\n" +
		"¹\n²\n³ x\n\n" +
		"Trick  Lead  West   North  East   South    N-S  E-W\n" +
		"    1  E     ♠Q¹*   ♠3     ♠6     ♠2         0    1\n\n" +
		"* won the trick\n¹\n")
	want := "call 1 1D: note 1\n" +
		"call 3 4H: note 2 \"x\"\n" +
		"trick 1 W SQ: note 1\n"
	if got := noteFacts(t, src); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
