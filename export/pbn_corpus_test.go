package export_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"handrec/export"
	"handrec/layout"
	"handrec/model"
	"handrec/parser"
)

// TestPBNCorpusOutput converts every corpus file (PBN and LIN) to PBN and
// checks what other readers need of it: no line over 255 bytes, one
// encoding a file, every play cut short filled with "-" to the end of its
// trick and closed with "*"; no auction or play line that opens with a
// comment, no line of spaces (what line-based readers such as the npm pbn
// tokenizer take for a section's or a game's end); and that every claim
// goes LIN -> PBN -> LIN.
func TestPBNCorpusOutput(t *testing.T) {
	t.Parallel()
	files := corpusFiles(t)
	var claims, claimsBack, claimsLIN, linClaims, short, long int
	for _, f := range files {
		doc := readFileDoc(t, f)
		src := make([]int8, len(doc.Records))
		for i, r := range doc.Records {
			src[i] = -1
			if r.Play != nil {
				src[i] = r.Play.Claim
			}
		}
		var buf bytes.Buffer
		pw := export.NewPBNWriter(&buf, export.PBNOptions{})
		if err := export.WriteDocument(pw, doc); err != nil {
			t.Fatal(err)
		}
		out := buf.Bytes()
		name := filepath.Base(f)
		reported := 0
		for what, n := range pw.Dropped() {
			if strings.Contains(what, "longer than") {
				reported += n
			}
		}
		lines := strings.Split(string(out), "\r\n")
		for _, l := range longLines(out) {
			long++
			t.Logf("%s.pbn: line %d of %d bytes kept whole: %.50q", name, l[0], l[1], lines[l[0]-1])
		}
		if text := string(writeUTF8(t, readFileDoc(t, f))); string(out) != text && latin1(out) != text {
			t.Errorf("%s.pbn: not in one encoding (read whole as UTF-8 or as Latin-1, it is not the text written in UTF-8)", name)
		}
		if n := len(longLines(out)); n != reported {
			t.Errorf("%s.pbn: %d lines over 255 bytes, %d reported in Dropped", name, n, reported)
		}
		for _, n := range sectionLinesOpeningComment(out) {
			t.Errorf("%s.pbn: line %d opens with a comment in an auction or a play (a line-based reader ends the section there): %.60q", name, n, lines[n-1])
		}
		for _, n := range loneBackslashes(out) {
			t.Errorf("%s.pbn: line %d has a backslash in a tag value that is not \\\\, \\\", a suit or a width: %.60q", name, n, lines[n-1])
		}
		for _, n := range linesOfSpaces(out) {
			t.Errorf("%s.pbn: line %d holds only spaces (a semi-empty line ends a game)", name, n)
		}
		for _, p := range playSections(out) {
			if n, ok := cutShortWritten(p); !ok {
				t.Errorf("%s.pbn: a play of %d cards not filled and closed with '*': %q", name, n, p)
			} else if n < 52 {
				short++
			}
		}
		back := readDoc(t, name+".pbn", out)
		if len(back.Records) != len(doc.Records) {
			t.Fatalf("%s: %d records, %d through PBN", f, len(doc.Records), len(back.Records))
		}
		lin := readDoc(t, name+".lin", writeDoc(t, "lin", back))
		for i, c := range src {
			if c < 0 {
				continue
			}
			claims++
			if p := back.Records[i].Play; p != nil && p.Claim == c {
				claimsBack++
			} else {
				t.Errorf("%s: record %d: claim %d lost through PBN", f, i+1, c)
			}
			isLIN := strings.EqualFold(filepath.Ext(f), ".lin")
			if isLIN {
				linClaims++
			}
			if i < len(lin.Records) && lin.Records[i].Play != nil && lin.Records[i].Play.Claim == c {
				claimsLIN++
			} else if isLIN {
				t.Errorf("%s: record %d: claim %d lost through PBN -> LIN", f, i+1, c)
			}
		}
	}
	t.Logf("%d files: %d claims (%d of LIN files), %d read back from PBN, %d after PBN -> LIN; %d plays cut short, all closed with '*'; %d lines over 255 bytes, all reported; no auction or play line opens with a comment after its first call or card; no line of spaces",
		len(files), claims, linClaims, claimsBack, claimsLIN, short, long)
}

// sectionLinesOpeningComment lists the lines of an auction or a play, after
// its first line of calls or cards, that open with "{" or ";". (The
// comments of the Auction or Play tag itself come before, at the start of
// their lines, as PBN 3.8 asks.)
func sectionLinesOpeningComment(b []byte) []int {
	var out []int
	in, started := false, false
	for i, l := range strings.Split(string(b), "\r\n") {
		switch {
		case l == "" || l[0] == '[':
			in = strings.HasPrefix(l, "[Auction ") || strings.HasPrefix(l, "[Play ")
			started = false
		case in && (l[0] == '{' || l[0] == ';'):
			if started {
				out = append(out, i+1)
			}
		case in:
			started = true
		}
	}
	return out
}

// linesOfSpaces lists the lines that hold spaces and nothing else.
func linesOfSpaces(b []byte) []int {
	var out []int
	for i, l := range strings.Split(string(b), "\r\n") {
		if l != "" && strings.TrimLeft(l, " \t") == "" {
			out = append(out, i+1)
		}
	}
	return out
}

func readFileDoc(t *testing.T, path string) *model.Document {
	t.Helper()
	doc, err := parser.ReadFile(path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return doc
}

// loneBackslashes lists the tag lines of b whose value holds a backslash
// that PBN 2.1 (3.7) does not read as written: only \\ and \" escape, and
// PBN's own notations, a suit (\S, 3.8) and a column's width (\2R, 5.2),
// are written with one.
func loneBackslashes(b []byte) []int {
	var out []int
	for i, l := range strings.Split(string(b), "\r\n") {
		if !strings.HasPrefix(l, "[") || !strings.HasSuffix(l, "\"]") {
			continue
		}
		v := l[strings.IndexByte(l, '"')+1 : len(l)-2]
		for j := 0; j < len(v); j++ {
			if v[j] != '\\' {
				continue
			}
			if j+1 < len(v) && strings.IndexByte("\\\"SHDC0123456789", v[j+1]) >= 0 {
				j++
				continue
			}
			out = append(out, i+1)
			break
		}
	}
	return out
}

// longLines lists the lines (number, bytes with the line end) longer than
// PBN's 255 bytes, as check counts them (layout.PBNLineLong).
func longLines(b []byte) [][2]int {
	var out [][2]int
	for i, l := range bytes.SplitAfter(b, []byte("\n")) {
		if layout.PBNLineLong(len(l)) {
			out = append(out, [2]int{i + 1, len(l)})
		}
	}
	return out
}

// latin1 decodes b as Latin-1.
func latin1(b []byte) string {
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return string(r)
}

func writeUTF8(t *testing.T, doc *model.Document) []byte {
	var b bytes.Buffer
	if err := export.WritePBN(&b, doc, export.PBNOptions{UTF8: true}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// playSections returns the text of each play section of a PBN export: the
// lines after a Play tag up to the next tag or the end of the game.
func playSections(b []byte) []string {
	var out []string
	lines := strings.Split(string(b), "\r\n")
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "[Play ") {
			continue
		}
		var sb strings.Builder
		for i++; i < len(lines) && lines[i] != "" && !strings.HasPrefix(lines[i], "["); i++ {
			sb.WriteString(lines[i])
			sb.WriteByte('\n')
		}
		i--
		out = append(out, sb.String())
	}
	return out
}

// cutShortWritten counts the card slots of a play section and reports
// whether it is whole (52 slots) or filled to the end of its last trick and
// closed with "*", or holds the "+" of a play to be continued. Comments, notes, NAGs and irregularity marks are not slots.
func cutShortWritten(p string) (int, bool) {
	slots, star, plus := 0, false, false
	for len(p) > 0 {
		switch c := p[0]; {
		case c == '{':
			end := strings.IndexByte(p, '}')
			if end < 0 {
				return slots, false
			}
			p = p[end+1:]
			continue
		case c == ';':
			end := strings.IndexByte(p, '\n')
			if end < 0 {
				end = len(p) - 1
			}
			p = p[end+1:]
			continue
		case c == ' ' || c == '\n':
			p = p[1:]
			continue
		}
		end := strings.IndexAny(p, " \n{;")
		if end < 0 {
			end = len(p)
		}
		tok := p[:end]
		p = p[end:]
		switch {
		case tok == "*":
			star = true
		case tok == "+":
			plus = true // a play to be continued (PBN 3.6) has no "*"
			slots++
		case tok[0] == '=' || tok[0] == '$' || tok[0] == '^':
		default:
			slots++
		}
	}
	return slots, slots == 52 && !star || slots%4 == 0 && star || plus && !star
}
