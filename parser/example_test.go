package parser_test

import (
	"fmt"
	"io"
	"strings"

	"handrec/parser"
)

func ExampleOpen() {
	src := `[Board "1"]
[Dealer "N"]
[Deal "N:AKQ2.KJ5.A73.Q85 T87.Q942.KJ4.J32 J543.A76.Q65.A97 96.T83.T982.KT64"]
[Auction "N"]
1NT Pass 3NT Pass
Pass Pass

[Board "2"]
[Dealer "E"]
[Deal "E:AK... QJ... AK... -"]
`
	rd, _ := parser.Open("club.pbn", strings.NewReader(src))
	defer rd.Close()
	for {
		rec, err := rd.Next()
		if err == io.EOF {
			break
		}
		fmt.Println("board", rec.Board, rec.Auction != nil)
		for _, p := range rec.Problems {
			fmt.Println(p)
		}
	}
	// Output:
	// board 1 true
	// board 2 false
	// club.pbn:10:22: deal: SA is dealt twice (again to West)
	// club.pbn:10:23: deal: SK is dealt twice (again to West)
}
