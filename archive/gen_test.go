package archive_test

import (
	"io"
	"math/rand/v2"
	"strconv"

	"handrec/layout"
	"handrec/model"
)

// gen makes random, consistent records as the PBN reader returns them:
// the tags and facts of a duplicate board, an auction to a random contract and, with
// play, a legal play of all 52 cards. It is deterministic for a seed.
type gen struct {
	rng  *rand.Rand
	play bool
	file string
	n    int
}

func newGen(seed uint64, play bool) *gen {
	return &gen{rng: rand.New(rand.NewPCG(seed, 1)), play: play, file: "gen.pbn"}
}

func (g *gen) deal() model.Deal {
	var cards [52]model.Card
	for i := range cards {
		cards[i] = model.NewCard(model.Suit(i/13), model.Rank(i%13+2))
	}
	g.rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	var d model.Deal
	for i, c := range cards {
		d.Hands[i/13] = d.Hands[i/13].With(c)
	}
	d.Known = [4]bool{true, true, true, true}
	return d
}

// next makes record number n+1.
func (g *gen) next() *model.Record {
	g.n++
	n := g.n
	r := model.NewRecord()
	r.File, r.Index = g.file, n
	line := 1 + (n-1)*30
	r.Pos = model.Pos{Line: line, Col: 1}
	tag := func(name, value string) {
		vp := model.Pos{Line: line, Col: len(name) + 4}
		if f, ok := model.FactNamed(name); ok {
			r.Facts[f].Pos = vp  // a fact lives in its field; its note says where
			r.ReadFact(f, value) // the event's, the players' (the others are set)
		} else {
			r.Tags = append(r.Tags, model.Tag{Name: name, Value: value, Pos: model.Pos{Line: line, Col: 1}, ValuePos: vp})
		}
		line++
	}
	r.Board = n
	r.Dealer = model.BoardDealer(n)
	r.Vul = model.BoardVul(n)
	r.Deal = g.deal()
	level := int8(1 + g.rng.IntN(7))
	strain := model.Strain(g.rng.IntN(5))
	r.Contract = model.Contract{Kind: model.Bid, Level: level, Strain: strain, Doubled: int8(g.rng.IntN(3))}
	r.Declarer = model.Seat(g.rng.IntN(4))
	tag("Event", "Synthetic")
	tag("Site", "Test")
	tag("Date", "2024.01.01")
	tag("Board", strconv.Itoa(n))
	for _, s := range []model.Seat{model.West, model.North, model.East, model.South} {
		tag(s.Name(), "Player "+strconv.Itoa(g.rng.IntN(50)))
	}
	tag("Dealer", r.Dealer.String())
	tag("Vulnerable", r.Vul.String())
	tag("Deal", r.Deal.PBN(r.Dealer))
	tag("Scoring", "IMP")
	tag("Declarer", r.Declarer.String())
	tag("Contract", r.Contract.String())

	a := &model.Auction{First: r.Dealer, Pos: model.Pos{Line: line, Col: 1}}
	seat := r.Dealer
	for seat != r.Declarer {
		a.Calls = append(a.Calls, model.Call{Kind: model.Pass})
		seat = seat.Next()
	}
	a.Calls = append(a.Calls, model.Call{Kind: model.BidCall, Level: level, Strain: strain, Alert: n%7 == 0})
	if r.Contract.Doubled > 0 {
		a.Calls = append(a.Calls, model.Call{Kind: model.Double})
	}
	if r.Contract.Doubled > 1 {
		a.Calls = append(a.Calls, model.Call{Kind: model.Redouble})
	}
	for i := 0; i < 3; i++ {
		a.Calls = append(a.Calls, model.Call{Kind: model.Pass})
	}
	if n%5 == 0 {
		a.Calls[len(a.Calls)-4].Note = 1
		a.Notes = []model.Note{{Index: 1, Text: "1:natural"}}
		a.Calls[0].Comments = []model.Comment{{Text: "a thought"}}
	}
	for i := range a.Calls {
		a.Calls[i].Pos = model.Pos{Line: line + 1 + i/4, Col: 1 + 5*(i%4)}
	}
	r.Auction = a
	line += 2 + len(a.Calls)/4

	tricks := int8(g.rng.IntN(14))
	if g.play {
		tricks = g.playOut(r, line)
	}
	r.Result = model.Result{Tricks: tricks, Defenders: -1}
	tag("Result", strconv.Itoa(int(tricks)))
	return r
}

// playOut plays the deal at random but legally and returns the declaring
// side's tricks.
func (g *gen) playOut(r *model.Record, line int) int8 {
	trump, hasTrump := r.Contract.Strain.Trump()
	hands := r.Deal.Hands
	leader := r.Declarer.Next()
	p := model.NewPlay(leader)
	p.Pos = model.Pos{Line: line, Col: 1}
	won := 0
	for t := 0; t < 13; t++ {
		var tr model.Trick
		var led model.Suit
		best, bestSeat := model.Card(0), leader
		for k := 0; k < 4; k++ {
			s := leader.Add(k)
			cards := hands[s].Cards()
			if k > 0 {
				var follow []model.Card
				for _, c := range cards {
					if c.Suit() == led {
						follow = append(follow, c)
					}
				}
				if len(follow) > 0 {
					cards = follow
				}
			}
			c := cards[g.rng.IntN(len(cards))]
			hands[s] = hands[s].Without(c)
			tr[s] = model.PlayCard{Kind: model.Played, Card: c, Pos: model.Pos{Line: line + 1 + t, Col: 1 + 3*k}}
			switch {
			case k == 0:
				led, best = c.Suit(), c
			case c.Suit() == best.Suit() && c.Rank() > best.Rank():
				best, bestSeat = c, s
			case hasTrump && c.Suit() == trump && best.Suit() != trump:
				best, bestSeat = c, s
			}
		}
		p.Tricks = append(p.Tricks, tr)
		if bestSeat.Side() == r.Declarer.Side() {
			won++
		}
		leader = bestSeat
	}
	if g.n%5 == 0 {
		// Annotations on the opening lead, and on the second trick's third card.
		lead := &p.Tricks[0][p.First]
		lead.Note = 1
		p.Notes = []model.Note{{Index: 1, Text: "attitude"}}
		p.Tricks[1][r.Declarer.Add(2)].NAGs = []int{1}
	}
	if g.n%9 == 0 {
		p.Tricks[5][r.Declarer].Revoke = true
	}
	r.Play = p
	return int8(won)
}

func (g *gen) records(n int) []*model.Record {
	out := make([]*model.Record, n)
	for i := range out {
		out[i] = g.next()
	}
	return out
}

// sliceReader serves records from memory, as a parser would.
type sliceReader struct {
	recs []*model.Record
	i    int
}

func (s *sliceReader) Next() (*model.Record, error) {
	if s.i >= len(s.recs) {
		return nil, io.EOF
	}
	s.i++
	return s.recs[s.i-1], nil
}

func (s *sliceReader) Header() model.Header {
	return model.Header{Format: model.PBN, Layout: &layout.PBNHeader{Version: "2.1"}}
}

func (s *sliceReader) Trailer() model.Trailer { return model.Trailer{} }

// genReader serves n generated records (n < 0: without end) without
// keeping them.
type genReader struct {
	g *gen
	n int
}

func (s *genReader) Next() (*model.Record, error) {
	if s.n == 0 {
		return nil, io.EOF
	}
	s.n--
	return s.g.next(), nil
}

func (s *genReader) Header() model.Header   { return model.Header{Format: model.PBN} }
func (s *genReader) Trailer() model.Trailer { return model.Trailer{} }
