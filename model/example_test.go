package model_test

import (
	"fmt"

	"handrec/model"
)

func ExampleParseDeal() {
	d, problems := model.ParseDeal("N:AKQ2.KJ5.A73.Q85 T87.Q942.KJ4.J32 J543.A76.Q65.A97 96.T83.T982.KT64")
	fmt.Println(len(problems), d.Hands[model.North].HCP(), d.Hands[model.West].SuitLen(model.Diamonds))
	fmt.Println(d.PBN(model.East))
	// Output:
	// 0 19 4
	// E:T87.Q942.KJ4.J32 J543.A76.Q65.A97 96.T83.T982.KT64 AKQ2.KJ5.A73.Q85
}

func ExampleAuction_Outcome() {
	a := &model.Auction{First: model.North}
	for _, tok := range []string{"1H", "X", "2H", "Pass", "4H", "X", "Pass", "Pass", "Pass"} {
		c, _ := model.ParseCall(tok)
		a.Calls = append(a.Calls, c)
	}
	out := a.Outcome()
	fmt.Println(out.Complete, out.Contract, out.Declarer.Name())
	// Output: true 4HX North
}

func ExampleDiff() {
	a, b := model.NewRecord(), model.NewRecord()
	a.SetTag("Event", "Club night")
	b.SetTag("Event", "Club night")
	b.Board = 3
	fmt.Println(model.Diff(a, b))
	// Output: [board 0 != 3]
}
