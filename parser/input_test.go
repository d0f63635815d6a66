package parser

import (
	"io"
	"strings"
	"testing"

	"handrec/model"
)

// readInput reads src as file name and gives its records' problems and the
// reading error, each as printed.
func readInput(t *testing.T, name, src string) (records int, probs []string, errText string) {
	t.Helper()
	doc, err := ReadAll(name, strings.NewReader(src), Workers(1))
	if err != nil {
		errText = err.Error()
	}
	if doc != nil {
		for _, r := range doc.Records {
			records++
			probs = append(probs, problems(r)...)
		}
	}
	return records, probs, errText
}

// problems are r's problems, each as printed.
func problems(r *model.Record) []string {
	out := make([]string, len(r.Problems))
	for i, p := range r.Problems {
		out[i] = p.Error()
	}
	return out
}

// deal1 is a PBN deal, as the PBN reader's tests give it.
const deal1 = `[Deal "N:QT65.K7642.AT7.J 932.JT5.Q932.875 J874.AQ983..KT64 AK..KJ8654.AQ932"]`

const linBoard = "pn|a,b,c,d|md|1SAKQJHAKQDAKQCAKQ,ST987HJT9DJT9CJT9,S65H8765D876C8765,S432H432D5432C432|ah|Board 1|mb|p|mb|p|mb|p|mb|p|pg||\n"

// Odd input: what is no hand record, or one written oddly.
func TestReadOddInput(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, file, src string
		records         int
		probs           []string
		err             string
	}{
		{name: "CR-only line ends", file: "mac.pbn",
			src:     "[Board \"1\"]\r" + deal1 + "\r\r[Board \"2\"]\r[Dealer \"Q\"]\r",
			records: 2, probs: []string{`mac.pbn:5:10: dealer: bad seat "Q"`}},
		{name: "byte-order mark, LIN", file: "bom.lin", src: "\ufeff" + linBoard, records: 1},
		{name: "byte-order mark, JSON", file: "bom.json", src: "\ufeff" + `{"records":[{"board":1}]}`, records: 1},
		{name: "byte-order mark, PBN", file: "bom.pbn", src: "\ufeff[Board \"1\"]\n", records: 1},
		{name: "a text file", file: "notes.txt", src: "shopping list\neggs\n",
			err: "notes.txt:1:1: no hand record found: the file is not PBN, LIN, JSON or a deal diagram"},
		{name: "a text file named .pbn", file: "x.pbn", src: "hello\n",
			err: "x.pbn:1:1: no hand record found: the file is not PBN, LIN, JSON or a deal diagram"},
		{name: "NUL bytes", file: "x.bin", src: "ab\ncd\x00\x00",
			err: "x.bin:2:3: no hand record found: a NUL byte, so not a text file (PBN, LIN, JSON or a deal diagram)"},
		{name: "NUL after a PBN start", file: "x.pbn", src: "[Board \"1\"]\x00",
			err: "x.pbn:1:12: no hand record found: a NUL byte, so not a text file (PBN, LIN, JSON or a deal diagram)"},
		{name: "an empty file is an empty PBN file", file: "e.pbn", src: ""},
		{name: "mixed encodings", file: "m.pbn", src: "[Event \"Bj\xc3\xb8rn\"]\n[Site \"Malm\xf6\"]\n",
			records: 1, probs: []string{"m.pbn:2:12: warning: mixed encodings: this byte is not UTF-8, yet the game holds UTF-8 text; the whole game is read as Latin-1"}},
		{name: "Latin-1 alone is no warning", file: "l.pbn", src: "[Site \"Malm\xf6\"]\n", records: 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n, probs, err := readInput(t, c.file, c.src)
			if n != c.records || err != c.err || strings.Join(probs, "\n") != strings.Join(c.probs, "\n") {
				t.Errorf("%d records, problems %q, error %q\nwant %d, %q, %q", n, probs, err, c.records, c.probs, c.err)
			}
		})
	}
}

// The problems of one value and of one record are capped, the rest counted.
func TestProblemCaps(t *testing.T) {
	t.Parallel()
	bad := "[Board \"1\"]\n[Deal \"N:" + strings.Repeat("y", 5000) + "\"]\n"
	_, probs, _ := readInput(t, "d.pbn", bad)
	// 5,000 bad ranks, a hand of one suit, one hand of four: ten listed
	want := []string{
		`d.pbn:2:8: deal: no cards`,
		`d.pbn:2:10: deal: bad rank "y" in North's hand`,
		`d.pbn:2:11: deal: bad rank "y" in North's hand`,
	}
	if len(probs) != 13 || strings.Join(probs[:3], "\n") != strings.Join(want, "\n") ||
		probs[11] != `d.pbn:2:20: deal: and 4992 more faults in this value` {
		t.Errorf("%d problems: %q", len(probs), probs)
	}

	// 149 notes given twice, 150 not referred to: a hundred listed
	notes := "[Board \"1\"]\n[Dealer \"N\"]\n[Auction \"N\"]\nPass\n" + strings.Repeat("[Note \"1:x\"]\n", 150)
	_, probs, _ = readInput(t, "n.pbn", notes)
	if len(probs) != model.MaxProblems+1 || probs[0] != "n.pbn:6:1: note 1 given twice" ||
		probs[model.MaxProblems] != "n.pbn:106:1: and 199 more problems in this record, not listed" {
		t.Errorf("%d problems: %q ... %q", len(probs), probs[0], probs[len(probs)-1])
	}
}

// endless repeats s for ever: a record that never ends.
type endless struct {
	s string
	i int
}

func (e *endless) Read(p []byte) (int, error) {
	for k := range p {
		p[k] = e.s[e.i]
		e.i = (e.i + 1) % len(e.s)
	}
	return len(p), nil
}

// A record or a line that never ends stops the file with an error that
// names the limit; the records before it are kept.
func TestEndlessRecord(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, file, head, loop string
		records                int
		err                    string
	}{
		{"PBN record", "r.pbn", "[Board \"1\"]\n\n[Board \"2\"]\n", "{comment}\n", 1,
			"r.pbn:3:1: record longer than 32 MiB, the most one record may hold; the rest of the file is not read"},
		{"PBN line", "l.pbn", "[Board \"1\"]\n\n[Board \"2\"]\n", "{comment} ", 1,
			"l.pbn:4:1: line longer than 8 MiB, the most one line may hold; the rest of the file is not read"},
		{"LIN record", "r.lin", linBoard + "qx|o2|", "an|x|", 1,
			"r.lin:2:1: record longer than 32 MiB, the most one record may hold; the rest of the file is not read"},
		{"JSON record", "r.json", `{"records":[{"board":1},{"tags":[`, `{"name":"x","value":"y"},`, 1,
			"r.json:1:25: json: record 2: record longer than 32 MiB, the most one record may hold; the rest of the file is not read"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel() // each reads 32 MiB
			rd, err := Open(c.file, io.MultiReader(strings.NewReader(c.head), &endless{s: c.loop}), Workers(2))
			if err != nil {
				t.Fatal(err)
			}
			defer rd.Close()
			n := 0
			for {
				_, err = rd.Next()
				if err != nil {
					break
				}
				n++
			}
			if n != c.records || err == io.EOF || err.Error() != c.err {
				t.Errorf("%d records, %v\nwant %d, %s", n, err, c.records, c.err)
			}
		})
	}
}
