package diagram_test

import (
	"slices"
	"strings"
	"testing"

	"handrec/parser/diagram"
)

// A traveller's column named with a leading + or - in show's text cannot
// keep it: PBN's column spec reads it as the sort order, and show never
// prints one. The name is read without it, with a warning at its column.
func TestTravellerNameSignDropped(t *testing.T) {
	t.Parallel()
	src := "♣\nTraveller\nPair  + 0  Score\n1     2    420\n"
	doc := readAllFrom(diagram.NewReader("t.txt", strings.NewReader(src)))
	if len(doc.Records) != 1 || len(doc.Records[0].Sections) != 1 {
		t.Fatalf("%d records", len(doc.Records))
	}
	r := doc.Records[0]
	if got := r.Sections[0].Columns; !slices.Equal(got, []string{"Pair", "0", "Score"}) {
		t.Errorf("columns %q", got)
	}
	var warned []string
	for _, p := range r.Problems {
		if strings.Contains(p.Error(), "traveller column") {
			warned = append(warned, p.Error())
		}
	}
	if want := `t.txt:3:7: warning: traveller column "+ 0": a name holds no \ or ; and begins with no + or - (PBN's column spec): read as "0"`; len(warned) != 1 || warned[0] != want {
		t.Errorf("warnings %q, want %q", warned, want)
	}
}

// A backslash or a semicolon in a traveller's column name in show's text
// is read away, with a warning: PBN's column spec parts columns by ";" and
// gives a width after "\".
func TestTravellerNameSpecCharsDropped(t *testing.T) {
	t.Parallel()
	doc := readAllFrom(diagram.NewReader("t.txt", strings.NewReader("♣\nTraveller\nPair  N\\S;x  Score\n1     2       420\n")))
	if len(doc.Records) != 1 || len(doc.Records[0].Sections) != 1 {
		t.Fatalf("%d records", len(doc.Records))
	}
	if got := doc.Records[0].Sections[0].Columns; !slices.Equal(got, []string{"Pair", "NSx", "Score"}) {
		t.Errorf("columns %q", got)
	}
}

// A column's name of signs alone ("+ ++", FuzzDiagram's) is no name once
// they are read away, however many blanks part them: the column is named
// by its place, with the warning, so that show prints a heading it can
// read back (an empty one lost the traveller at the second reading).
func TestTravellerNameOfSignsAlone(t *testing.T) {
	t.Parallel()
	doc := readAllFrom(diagram.NewReader("t.txt", strings.NewReader("♣\nTraveller\nPair  + ++  Score\n1     2     420\n")))
	if len(doc.Records) != 1 || len(doc.Records[0].Sections) != 1 {
		t.Fatalf("%d records", len(doc.Records))
	}
	r := doc.Records[0]
	if got := r.Sections[0].Columns; !slices.Equal(got, []string{"Pair", "Column2", "Score"}) {
		t.Errorf("columns %q", got)
	}
	var warned []string
	for _, p := range r.Problems {
		if strings.Contains(p.Error(), "traveller column") {
			warned = append(warned, p.Error())
		}
	}
	if want := `t.txt:3:7: warning: traveller column "+ ++": no name is left once the signs PBN's column spec reserves (+ or - first, \, ;) are read away: named "Column2" by its place`; len(warned) != 1 || warned[0] != want {
		t.Errorf("warnings %q, want %q", warned, want)
	}
}

// A traveller's cell is kept as a PBN string: a control character in it
// (show's "\x07", read back as the character) stays itself, where
// strconv.Quote made it Go's escape, text the cell never held; show then
// printed the escape and the next reading grew it (FuzzDiagram's
// 195f2f95da9856a9, kept as a seed). A quote and a backslash are escaped
// as PBN escapes them; a tab is a blank (3dfe65beff92136e: raw, it moved
// the columns at the next reading).
func TestTravellerCellKeepsItsText(t *testing.T) {
	t.Parallel()
	doc := readAllFrom(diagram.NewReader("t.txt", strings.NewReader("♣\nTraveller\nPair  Names\n1     A\\x07B \"C\\D\"\n")))
	if len(doc.Records) != 1 || len(doc.Records[0].Sections) != 1 {
		t.Fatalf("%d records", len(doc.Records))
	}
	if got, want := doc.Records[0].Sections[0].Rows, [][]string{{"1", "\"A\aB \\\"C\\\\D\\\"\""}}; !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("rows %q, want %q", got, want)
	}
}

// A traveller's column whose heading is blank (its cells stand where the
// heading has none) is named by its place, with a warning: a column of
// no name printed a heading of blanks whose width the next reading could
// not keep (FuzzDiagram's ae0847f8683c8e05, kept as a seed).
func TestTravellerColumnWithoutName(t *testing.T) {
	t.Parallel()
	doc := readAllFrom(diagram.NewReader("t.txt", strings.NewReader("♣\nTraveller\nPair        Score\n1     2     420\n")))
	if len(doc.Records) != 1 || len(doc.Records[0].Sections) != 1 {
		t.Fatalf("%d records", len(doc.Records))
	}
	r := doc.Records[0]
	if got := r.Sections[0].Columns; !slices.Equal(got, []string{"Pair", "Column2", "Score"}) {
		t.Errorf("columns %q", got)
	}
	var warned []string
	for _, p := range r.Problems {
		if strings.Contains(p.Error(), "traveller column") {
			warned = append(warned, p.Error())
		}
	}
	if want := `t.txt:3:7: warning: traveller column 2 has no name in the heading: named "Column2" by its place`; len(warned) != 1 || warned[0] != want {
		t.Errorf("warnings %q, want %q", warned, want)
	}
}
