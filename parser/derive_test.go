package parser

import (
	"strings"
	"testing"

	"handrec/model"
)

// cobolBoard1 is board 1 of the corpus's cobol_book.pbn (BridgeComposer):
// no contract, no declarer, and a complete auction that bids 5♣ by South.
const cobolBoard1 = `[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:K94.93.K8765.AT4 8752.QT86.QJT.95 A3.K2.A43.KQJ763 QJT6.AJ754.92.82"]
[Declarer ""]
[Contract ""]
[Result ""]
[Auction "N"]
Pass Pass 1C Pass
1D Pass 3C Pass
5C AP
[Play "W"]
SQ
`

// TestContractFromAuction: every reader takes the contract and the
// declarer a record does not give from its complete auction, else the
// declarer from its opening lead, and says so when the record gave them
// as empty or unknown (model.DeriveContract, applied by Open).
func TestContractFromAuction(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, file, src string
		want            string // contract and declarer
		probs           []string
	}{
		{"cobol_book board 1: both empty", "t.pbn", cobolBoard1, "5C S",
			[]string{"t.pbn:6:12: warning: contract and declarer not given: taken from the auction, 5C by South"}},
		{"both unknown", "t.pbn", strings.NewReplacer(`[Declarer ""]`, `[Declarer "?"]`, `[Contract ""]`, `[Contract "?"]`).Replace(cobolBoard1), "5C S",
			[]string{"t.pbn:6:12: warning: contract and declarer not given: taken from the auction, 5C by South"}},
		{"no tags: PBN's import format leaves them to the auction", "t.pbn",
			strings.NewReplacer("[Declarer \"\"]\n", "", "[Contract \"\"]\n", "", "[Play \"W\"]\nSQ\n", "").Replace(cobolBoard1), "5C S", nil},
		{"the declarer alone", "t.pbn", strings.Replace(cobolBoard1, `[Contract ""]`, `[Contract "5C"]`, 1), "5C S",
			[]string{"t.pbn:5:12: warning: declarer not given: taken from the auction, South"}},
		{"the contract alone", "t.pbn", strings.Replace(cobolBoard1, `[Declarer ""]`, `[Declarer "S"]`, 1), "5C S",
			[]string{"t.pbn:6:12: warning: contract not given: taken from the auction, 5C"}},
		{"a contract not the auction's keeps its declarer unknown", "t.pbn", strings.Replace(cobolBoard1, `[Contract ""]`, `[Contract "4H"]`, 1), "4H -",
			[]string{"t.pbn:6:12: contract 4H does not match the auction (5C)"}},
		{"an auction not complete says nothing", "t.pbn", strings.Replace(cobolBoard1, "5C AP\n", "5C Pass Pass\n", 1), "- -", nil},
		{"cobol_book board 5: the contract and the lead, no auction", "t.pbn",
			"[Board \"5\"]\n[Dealer \"N\"]\n[Deal \"N:J6532.AT2.Q75.72 KQT.K987.AJT43.5 A7.Q3.2.AKQJT863 984.J654.K986.94\"]\n[Declarer \"\"]\n[Contract \"5C\"]\n[Result \"\"]\n[Play \"W\"]\nH4\n", "5C S",
			[]string{"t.pbn:4:12: warning: declarer not given: South, on the right of West, who leads"}},
		{"a lead and no contract say nothing", "t.pbn",
			"[Board \"5\"]\n[Dealer \"N\"]\n[Deal \"N:J6532.AT2.Q75.72 KQT.K987.AJT43.5 A7.Q3.2.AKQJT863 984.J654.K986.94\"]\n[Declarer \"\"]\n[Contract \"\"]\n[Play \"W\"]\nH4\n", "- -", nil},
		{"tricks with no declarer but the auction's are no fault", "t.pbn", strings.Replace(cobolBoard1, `[Result ""]`, `[Result "11"]`, 1), "5C S",
			[]string{"t.pbn:6:12: warning: contract and declarer not given: taken from the auction, 5C by South"}},
		{"passed out, as BEN writes it: without a word", "t.pbn",
			"[Board \"2\"]\n[Dealer \"N\"]\n[Declarer \"\"]\n[Contract \"\"]\n[Auction \"N\"]\nPass Pass Pass Pass\n", "Pass -", nil},
		{"JSON", "t.json", `{"handrec":2,"records":[{"board":1,"dealer":"N","tags":[{"name":"Contract","value":"?","unread":true}],` +
			`"auction":{"first":"N","calls":[{"call":"1S"},{"call":"Pass"},{"call":"4S"},{"call":"AP"}]}}]}`, "4S N",
			[]string{"t.json:1:25: warning: contract and declarer not given: taken from the auction, 4S by North"}},
		{"LIN: its reader takes the contract from the auction itself", "t.lin", linBoard, "Pass -", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc, err := ReadAll(c.file, strings.NewReader(c.src), Workers(1))
			if err != nil || len(doc.Records) != 1 {
				t.Fatalf("%v, %d records", err, len(doc.Records))
			}
			r := doc.Records[0]
			decl := "-"
			if r.Declarer.Valid() {
				decl = r.Declarer.String()
			}
			con := r.Contract.String()
			if r.Contract.Kind == model.NoContract {
				con = "-"
			}
			if got := con + " " + decl; got != c.want {
				t.Errorf("contract %q, want %q", got, c.want)
			}
			if got := problems(r); strings.Join(got, "\n") != strings.Join(c.probs, "\n") {
				t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.probs, "\n"))
			}
		})
	}
}
