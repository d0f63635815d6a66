package export_test

import (
	"bytes"
	"strings"
	"testing"

	"handrec/export"
)

// The CSV export: a header, a row a record with the facts, the hands and
// their points, and what a row has no place for counted.
func TestCSVWriter(t *testing.T) {
	t.Parallel()
	doc := readDoc(t, "a.pbn", []byte("[Event \"Club\"]\n[Board \"3\"]\n[North \"Ann\"]\n[Dealer \"S\"]\n[Vulnerable \"EW\"]\n"+
		"[Deal \"N:QT65.K7642.AT7.J 932.JT5.Q932.875 J874.AQ983..KT64 AK..KJ8654.AQ932\"]\n[Declarer \"W\"]\n[Contract \"5D\"]\n[Result \"11\"]\n[Score \"NS -600\"]\n[Auction \"S\"]\n1D Pass 5D AP\n"))
	var b bytes.Buffer
	cw := export.NewCSVWriter(&b)
	for _, r := range doc.Records {
		if err := cw.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := cw.Close(); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	if lines[0] != strings.Join(export.CSVColumns, ",") {
		t.Errorf("header %q", lines[0])
	}
	const want = "a.pbn,1,3,Club,,,,S,EW,Ann,,,,5D,W,11,NS -600,,,,QT65.K7642.AT7.J,932.JT5.Q932.875,J874.AQ983..KT64,AK..KJ8654.AQ932,10,3,10,17,https://www.bridgebase.com/tools/handviewer.html?lin="
	if !strings.HasPrefix(lines[1], want) || len(lines) != 3 || lines[2] != "" {
		t.Errorf("row %q\nwant it to begin %q", lines[1], want)
	}
	if d := cw.Dropped(); d["auction"] != 1 || len(d) != 1 {
		t.Errorf("dropped %v", d)
	}
	// no record: the header alone
	b.Reset()
	cw = export.NewCSVWriter(&b)
	if err := cw.Close(); err != nil || b.String() != strings.Join(export.CSVColumns, ",")+"\n" {
		t.Errorf("empty: %q, %v", b.String(), err)
	}
}
