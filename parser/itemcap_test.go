package parser

import (
	"strings"
	"testing"
)

// TestItemCap: a record that holds more than MaxItems items (PBN tags,
// calls, cards, comments, notes, marks; LIN commands) is read up to the
// cap, and one error, listed however many problems come before it, says
// where it was cut and how much of it was not read; the records after it
// are read whole.
func TestItemCap(t *testing.T) {
	t.Parallel()
	n := MaxItems + 5
	head := "[Event \"x\"]\n[Board \"1\"]\n[Dealer \"N\"]\n" + deal1 + "\n"
	next := "\n[Board \"2\"]\n[Dealer \"E\"]\n"
	cases := []struct {
		name, file, src string
		records         int
		last            string // the first record's last problem
	}{
		{name: "comments", file: "c.pbn", src: head + strings.Repeat("{c}\n", n) + next, records: 2,
			// 4 tags, then 9,996 comments: the 9,997th, on line 5 + 9,996, is cut
			last: "c.pbn:10001:1: more than 10,000 items (tags, calls, cards, comments, notes, marks) in this record, the most one may hold; the rest of it, 36 bytes (to line 10,009), is not read"},
		{name: "comments on one line", file: "c1.pbn", src: head + strings.Repeat("{c}", n) + "\n" + next, records: 2,
			last: "c1.pbn:5:29989: more than 10,000 items (tags, calls, cards, comments, notes, marks) in this record, the most one may hold; the rest of it, 28 bytes (to line 5), is not read"},
		{name: "tags", file: "t.pbn", src: head + strings.Repeat("[X \"y\"]\n", n) + next, records: 2,
			last: "t.pbn:10001:1: more than 10,000 items (tags, calls, cards, comments, notes, marks) in this record, the most one may hold; the rest of it, 72 bytes (to line 10,009), is not read"},
		{name: "LIN stray bars", file: "s.lin", src: "md|" + strings.Repeat("|", n) + "\n" + linBoard, records: 2,
			last: "s.lin:1:10004: more than 10,000 commands in this record, the most one may hold; the rest of it, 6 bytes (to line 1), is not read"},
		// commands before a board's head are its record's: the board is cut too
		{name: "LIN notes", file: "n.lin", src: strings.Repeat("nt|c|", n) + "\n" + linBoard, records: 1,
			last: "n.lin:1:50001: more than 10,000 commands in this record, the most one may hold; the rest of it, 149 bytes (to line 2), is not read"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			records, probs, err := readInput(t, c.file, c.src)
			if err != "" || records != c.records {
				t.Errorf("%s: %d records, error %q; want %d, none", c.name, records, err, c.records)
			}
			found := false
			for _, p := range probs {
				found = found || p == c.last
			}
			if !found {
				t.Errorf("%s: problems lack\n  %s\nhave (%d) ...%q", c.name, c.last, len(probs), probs[max(0, len(probs)-3):])
			}
		})
	}
}

// TestCut: Cut finds the problem of a record cut at MaxItems, and of no
// other record.
func TestCut(t *testing.T) {
	t.Parallel()
	src := "[Board \"1\"]\n" + strings.Repeat("{c}\n", MaxItems+1) + "\n[Board \"2\"]\n{more than 10,000 items in this record}\n"
	doc, err := ReadAll("c.pbn", strings.NewReader(src), Workers(1))
	if err != nil || len(doc.Records) != 2 {
		t.Fatalf("%v, %d records", err, len(doc.Records))
	}
	p, ok := Cut(doc.Records[0])
	if want := "c.pbn:10001:1: more than 10,000 items (tags, calls, cards, comments, notes, marks) in this record, the most one may hold; the rest of it, 8 bytes (to line 10,002), is not read"; !ok || p.Error() != want {
		t.Errorf("%v %q, want %q", ok, p.Error(), want)
	}
	if p, ok := Cut(doc.Records[1]); ok {
		t.Errorf("record 2 cut: %v", p)
	}
}
