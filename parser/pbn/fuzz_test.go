package pbn_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"handrec/export"
	"handrec/model"
	"handrec/parser"
	"handrec/parser/internal/readtest"
)

// FuzzPBN: any input reads without a panic (an internal error is a
// recovered panic), and parse, export, parse is stable: the second export
// equals the first byte for byte.
func FuzzPBN(f *testing.F) {
	files, _ := filepath.Glob("../../samples/*.pbn")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("[Event \"x\"]\n{unterminated"))
	// the tables read as data: a traveller, standings, BBO Helper's table
	f.Add([]byte("[Board \"1\"]\n[ScoreTable \"Round\\1R;PairId_NS\\2R;PairId_EW;Contract\\4L;Declarer;Result;Score_NS\\5R;Score_EW;IMP_NS;Names_NS;X\"]\n" +
		"1  1 8 \"4H\" S 11 650 - 12.5 \"A - B\" x\n2 3 6 5DX W 9 - 500 -3 - \"\"\n" +
		"[TotalScoreTable \"Rank\\3R;PairId;Names\\20;TotalMP;NrBoards;Center\"]\n 1 581 \"Ann;Bob\" 1449.8 20 OMS\n" +
		"[OptimumResultTable \"Declarer Suit Tricks\"]\nN\nNT\n9\ns\nC\n12\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := parser.ReadAll("fuzz.pbn", bytes.NewReader(data), parser.Workers(1))
		if err != nil {
			return
		}
		readtest.NoInternalError(t, doc)
		var out1, out2 bytes.Buffer
		if err := export.WritePBN(&out1, doc, export.PBNOptions{UTF8: true}); err != nil {
			t.Fatal(err)
		}
		doc2, err := parser.ReadAll("fuzz2.pbn", bytes.NewReader(out1.Bytes()), parser.Workers(1))
		if err != nil {
			t.Fatal(err)
		}
		if err := export.WritePBN(&out2, doc2, export.PBNOptions{UTF8: true}); err != nil {
			t.Fatal(err)
		}
		doc3, _ := parser.ReadAll("fuzz3.pbn", bytes.NewReader(out2.Bytes()), parser.Workers(1))
		if len(doc3.Records) != len(doc2.Records) {
			t.Fatalf("records %d then %d", len(doc2.Records), len(doc3.Records))
		}
		for i := range doc2.Records {
			if d := model.Diff(doc2.Records[i], doc3.Records[i]); len(d) > 0 {
				t.Fatalf("game %d unstable: %v\n%s", i+1, d, out1.String())
			}
		}
	})
}
