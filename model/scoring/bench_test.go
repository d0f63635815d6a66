package scoring_test

import (
	"math/rand/v2"
	"testing"

	"handrec/model"
	"handrec/model/scoring"
)

// BenchmarkDuplicate: one modern duplicate score per op (target: 10
// million a second, 100 ns an op).
func BenchmarkDuplicate(b *testing.B) {
	type in struct {
		level, dbl, tricks int
		strain             model.Strain
		vul                bool
	}
	rng := rand.New(rand.NewPCG(1, 2))
	ins := make([]in, 1024)
	for i := range ins {
		ins[i] = in{1 + rng.IntN(7), rng.IntN(3), rng.IntN(14), model.Strain(rng.IntN(5)), rng.IntN(2) == 1}
	}
	b.ResetTimer()
	sum := 0
	for i := 0; i < b.N; i++ {
		x := &ins[i&1023]
		sum += scoring.Duplicate(x.level, x.strain, x.dbl, x.vul, x.tricks)
	}
	sink = sum
}

var sink int

// randomRecords makes n records with random full deals, contracts and
// results, under code.
func randomRecords(n int, code scoring.Code) []*model.Record {
	rng := rand.New(rand.NewPCG(3, 4))
	recs := make([]*model.Record, n)
	var cards [52]model.Card
	for i := range cards {
		cards[i] = model.NewCard(model.Suit(i/13), model.Rank(2+i%13))
	}
	for i := range recs {
		rng.Shuffle(52, func(a, b int) { cards[a], cards[b] = cards[b], cards[a] })
		r := model.NewRecord()
		r.Board = i + 1
		for s := 0; s < 4; s++ {
			for _, c := range cards[s*13 : s*13+13] {
				r.Deal.Hands[s] = r.Deal.Hands[s].With(c)
			}
			r.Deal.Known[s] = true
		}
		r.Contract = model.Contract{Kind: model.Bid, Level: int8(1 + rng.IntN(4)), Strain: model.Strain(rng.IntN(5)), Doubled: int8(rng.IntN(5) / 4)}
		if code == scoring.Bridge1895 {
			r.Contract.Kind = model.StrainOnly
		}
		r.Declarer = model.Seat(rng.IntN(4))
		r.Dealer = r.Declarer
		r.Vul = model.Vul(rng.IntN(4))
		r.Result = model.Result{Tricks: int8(5 + rng.IntN(6)), Defenders: -1}
		r.SetFact(model.FactScoring, string(code))
		recs[i] = r
	}
	return recs
}

// BenchmarkHistoricDeal: one historic deal scored on its own per op, with
// honours read from the deal (target: 1 million a second, 1 µs an op).
func BenchmarkHistoricDeal(b *testing.B) {
	for _, code := range []scoring.Code{scoring.Bridge1895, scoring.Auction1915, scoring.Pirate1916} {
		b.Run(string(code), func(b *testing.B) {
			recs := randomRecords(1024, code)
			opt := scoring.Options{Code: code}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				ds, _ := scoring.Score(recs[i&1023], opt)
				if ds.Err != "" {
					b.Fatal(ds.Err)
				}
			}
		})
	}
}

// BenchmarkRubberSequence: 100,000 deals scored as games and rubbers per op
// (target: well under a second).
func BenchmarkRubberSequence(b *testing.B) {
	for _, code := range []scoring.Code{scoring.Contract, scoring.Bridge1895, scoring.Auction1915, scoring.Pirate1916} {
		b.Run(string(code), func(b *testing.B) {
			recs := randomRecords(100_000, code)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s, err := scoring.NewScorer(scoring.Options{Code: code, Rubber: true})
				if err != nil {
					b.Fatal(err)
				}
				for _, r := range recs {
					s.Add(r)
				}
				rep := s.Finish()
				if len(rep.Deals) != len(recs) {
					b.Fatal("lost deals")
				}
			}
		})
	}
}
