package pbn

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"

	"handrec/parser/internal/read"
)

// scanTokens is what the hand scanner reads in a section, as secToks.
func scanTokens(raw string) []secTok {
	starts := []int{0}
	for i := 0; i < len(raw); i++ {
		if raw[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	s := newBodyScan(raw, lexer.Position{Line: 1, Column: 1}, false)
	var out []secTok
	for {
		t, ok := s.next()
		if !ok {
			return out
		}
		out = append(out, secTok{t.kind, t.text, starts[t.pos.Line-1] + t.pos.Col - 1})
	}
}

// sameTokens compares the grammar's reading of raw with the hand
// scanner's, and says where they part.
func sameTokens(raw string) error {
	g, err := sectionTokens(raw)
	if err != nil {
		return fmt.Errorf("grammar: %v", err)
	}
	h := scanTokens(raw)
	for i := 0; i < len(g) || i < len(h); i++ {
		switch {
		case i >= len(g):
			return fmt.Errorf("token %d: the scanner reads %q, the grammar nothing", i+1, h[i].text)
		case i >= len(h):
			return fmt.Errorf("token %d: the grammar reads %q, the scanner nothing", i+1, g[i].text)
		case g[i] != h[i]:
			return fmt.Errorf("token %d: grammar %c %q at %d, scanner %c %q at %d", i+1, g[i].kind, g[i].text, g[i].off, h[i].kind, h[i].text, h[i].off)
		}
	}
	return nil
}

var sectionCases = []string{
	"1C 2NT =1= $3 ! Pass {why\nnot} X\r\nAP",
	"^I 1S ^S ; rest of line\r\nPass *",
	"HK =1= - H3 ^R D4\n* + - SA",
	"=12 $ $x =1=2 ==  !? ?? !!! ^ ^R\t\"str\\\" ing\" \"open",
	"4H* X {unterminated",
	"#{x} é 3H\v\f1C %",
	"\"a\\\n\" 1C",
	// FuzzSectionGrammar's finding: the scanner read "^" and the first byte
	// of "ξ" as a mark, the grammar the whole character
	"^ξ0",
}

func TestSectionGrammarCases(t *testing.T) {
	t.Parallel()
	for _, c := range sectionCases {
		if err := sameTokens(c); err != nil {
			t.Errorf("%q: %v", c, err)
		}
	}
	// the tree is the standard's: a call owns its annotations
	sec, err := sectionParser.ParseString("", "^I 1S =1= $2 {a} Pass")
	if err != nil {
		t.Fatal(err)
	}
	e := sec.Items[0].Element
	if len(sec.Items) != 2 || len(e.Marks) != 1 || e.Token.Text != "1S" || len(e.Annotations) != 3 || sec.Items[1].Element.Token.Text != "Pass" {
		t.Errorf("tree: %d items, first %+v", len(sec.Items), e)
	}
}

// pbnTestFiles are the PBN files of the samples and, when present, of the
// corpus.
func pbnTestFiles() []string {
	var files []string
	for _, dir := range []string{"../../samples", "../../../shared/corpus/pbn"} {
		filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
			if err == nil && !info.IsDir() && strings.EqualFold(filepath.Ext(p), ".pbn") {
				files = append(files, p)
			}
			return nil
		})
	}
	return files
}

// readFile reads the PBN file path to its end on one worker, so that the
// builder shows each section it reads to sectionSeen. parser.ReadFile,
// which these tests called before the reader had a package of its own,
// sends the same bytes to the same reader: every PBN file of the samples
// and the corpus is told PBN by its content, none of them ends its lines
// in CR alone, and the reader skips a byte-order mark as Open does.
func readFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	rd := NewReader(path, f, read.Workers(1))
	defer rd.Close()
	for {
		if _, err := rd.Next(); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
	}
}

// TestSectionGrammarCorpus: the grammar and the hand scanner read every
// auction and play section of the corpus and the samples alike.
func TestSectionGrammarCorpus(t *testing.T) {
	files := pbnTestFiles()
	var bodies []string
	sectionSeen = func(raw string) { bodies = append(bodies, raw) }
	defer func() { sectionSeen = nil }()
	for _, f := range files {
		if err := readFile(f); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
	}
	sectionSeen = nil
	bad := 0
	for _, b := range bodies {
		if err := sameTokens(b); err != nil {
			if bad++; bad <= 5 {
				t.Errorf("%q: %v", b[:min(len(b), 80)], err)
			}
		}
	}
	// the samples alone hold 8 sections; the corpus, when present, 20,000+
	want := 8
	if _, err := os.Stat("../../../shared/corpus/pbn"); err == nil {
		want = 20000
	}
	if len(bodies) < want {
		t.Fatalf("only %d sections read, want at least %d", len(bodies), want)
	}
	t.Logf("%d files, %d sections: grammar and scanner agree on %d", len(files), len(bodies), len(bodies)-bad)
}

// FuzzSectionGrammar: on any text the grammar and the hand scanner read
// the same tokens in the same places.
func FuzzSectionGrammar(f *testing.F) {
	for _, c := range sectionCases {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		if err := sameTokens(raw); err != nil {
			t.Fatalf("%q: %v", raw, err)
		}
	})
}

// The hand scanner against the grammar on the samples' sections: which
// reads by default and why (doc of sectionLexer).
func sampleSections(b *testing.B) []string {
	var bodies []string
	sectionSeen = func(raw string) { bodies = append(bodies, raw) }
	defer func() { sectionSeen = nil }()
	files, _ := filepath.Glob("../../samples/*.pbn")
	for _, f := range files {
		if err := readFile(f); err != nil {
			b.Fatal(err)
		}
	}
	return bodies
}

func BenchmarkSectionScanner(b *testing.B) {
	bodies := sampleSections(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, raw := range bodies {
			s := newBodyScan(raw, lexer.Position{Line: 1, Column: 1}, false)
			for _, ok := s.next(); ok; _, ok = s.next() {
			}
		}
	}
	b.ReportMetric(float64(len(bodies)*b.N)/b.Elapsed().Seconds(), "sections/s")
}

func BenchmarkSectionGrammar(b *testing.B) {
	bodies := sampleSections(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, raw := range bodies {
			if _, err := sectionParser.ParseString("", raw); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(bodies)*b.N)/b.Elapsed().Seconds(), "sections/s")
}
