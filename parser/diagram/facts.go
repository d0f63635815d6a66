package diagram

import (
	"strings"

	"handrec/model"
)

// The facts a deal's text states in words (prose.go) are applied once
// the diagram has named its seats: a dealer "Z" is the seat the diagram
// gives Z. A contract, a lead and a result stated in a sentence wait for
// the auction, which gives the declarer they are counted from.

// stated is a fact a phrase stated, and where.
type stated struct {
	phrase
	pos model.Pos
}

// sideOf reads a side as a text names it: "North-South", "N.-S.", "NS",
// "both", "neither", "A-B" (the books' letters, seated by the diagram).
func (sr *seatResolver) sideOf(v string) (model.Vul, bool) {
	t := strings.ToLower(strings.TrimSpace(v))
	t = strings.Join(strings.Fields(t), " ")
	switch t {
	case "love", "love all", "nil", "neither", "neither side", "nobody", "none", "no one":
		return model.VulNone, true
	case "both", "both sides", "all", "game all":
		return model.VulAll, true
	case "north-south", "north south", "north and south", "ns", "n/s":
		return model.VulNS, true
	case "east-west", "east west", "east and west", "ew", "e/w":
		return model.VulEW, true
	}
	compact := strings.NewReplacer(".", "", " ", "").Replace(t)
	switch compact {
	case "n-s":
		return model.VulNS, true
	case "e-w":
		return model.VulEW, true
	}
	return sr.vul(strings.ReplaceAll(v, " and ", "-"))
}

// sideSeat is the seat of a result's subject ("West", "A", "the
// declarer", "A-B", "North-South"), one of its side's; defenders says the
// subject is the defending side.
func (bd *dgBuilder) sideSeat(v string) (s model.Seat, defenders, ok bool) {
	t := strings.ToLower(strings.TrimSpace(v))
	t = strings.TrimPrefix(t, "the ")
	switch t {
	case "declarer":
		return bd.r.Declarer, false, bd.r.Declarer.Valid()
	case "defenders":
		return bd.r.Declarer.Next(), true, bd.r.Declarer.Valid()
	case "north-south", "north south", "north and south", "n-s":
		return model.North, false, true
	case "east-west", "east west", "east and west", "e-w":
		return model.East, false, true
	}
	if s, ok := bd.seats.seat(strings.TrimSuffix(v, ".")); ok {
		return s, false, true
	}
	for _, sep := range []string{"-", " and "} {
		if a, _, found := strings.Cut(v, sep); found {
			if s, ok := bd.seats.seat(strings.TrimSpace(a)); ok {
				return s, false, true
			}
		}
	}
	return model.NoSeat, false, false
}

// applyPhrase states one phrase in the record: the heading's facts at
// once, a contract, a lead and a result once the auction is known
// (settle). After the diagram (not inHeading) the board, the date and the
// event are a heading's only, and a dealer, a vulnerability or a deal
// passed out fills a fact not given yet. It reports whether the phrase
// was taken.
func (bd *dgBuilder) applyPhrase(st stated, inHeading bool) bool {
	r := bd.r
	p := st.phrase
	switch p.kind {
	case phBoard:
		if !inHeading {
			return false
		}
		if r.Board == 0 {
			r.Board = p.n
			r.Facts[model.FactBoard].Pos = st.pos
		}
	case phDealer:
		if !inHeading && r.Dealer.Valid() {
			return true
		}
		s, ok := bd.seats.seat(strings.TrimSuffix(p.seat, "."))
		if !ok {
			r.Errorf(st.pos, "dealer %q: expected a seat (North, East, South, West, N E S W, or a player the diagram names)", p.seat)
			return true
		}
		bd.setDealer(s, st.pos)
	case phVul:
		if !inHeading && r.Vul.Valid() {
			return true
		}
		v, ok := bd.seats.sideOf(p.side)
		if !ok {
			r.Errorf(st.pos, "vulnerability %q: expected None, N-S, E-W or All (or the books' sides, A-B)", p.side)
			return true
		}
		if r.Vul.Valid() && r.Vul != v {
			r.Errorf(st.pos, "vulnerability %s: the deal is given as %s at %s", v, r.Vul, r.Facts[model.FactVul].Pos)
			return true
		}
		r.Vul = v
		r.Facts[model.FactVul].Pos = st.pos
	case phDate:
		if !inHeading {
			return false
		}
		r.ReadFact(model.FactDate, p.text)
		r.Facts[model.FactDate].Pos = st.pos
	case phSource:
		if _, ok := r.Tag("Source"); !ok {
			r.Tags = append(r.Tags, model.Tag{Name: "Source", Value: p.text, Pos: st.pos, ValuePos: st.pos})
		}
	case phPassedOut:
		if inHeading || r.Contract.Kind == model.NoContract { // after the diagram, "B22 passed out" may be another deal's
			r.Contract = model.Contract{Kind: model.PassedOut}
			r.Facts[model.FactContract].Pos = st.pos
		}
	case phDeclarer:
		bd.applyKey("Declarer", p.seat, st.pos)
	case phContract:
		if p.key {
			bd.setContract(st)
		} else if bd.contractSaid == nil {
			bd.contractSaid = &st
		}
	case phLead:
		if bd.leadSaid == nil || p.key && !bd.leadSaid.key {
			bd.leadSaid = &st
		}
	case phNoLead:
		if bd.leadSaid == nil {
			r.Warnf(st.pos, "lead %q names no card: the lead is not known", p.text)
			bd.leadSaid = &st
		}
	case phResult:
		if bd.resultSaid == nil || p.key && !bd.resultSaid.key {
			bd.resultSaid = &st
		}
	case phAuction:
		if bd.auctionSaid == nil {
			bd.auctionSaid = &st
		}
	}
	return true
}

// setContract states the contract a key gives ("Contract: 1♥ by South"),
// as the Contract key does.
func (bd *dgBuilder) setContract(st stated) {
	r := bd.r
	r.Contract = st.contract
	r.Facts[model.FactContract].Pos = st.pos
	if st.seat != "" {
		bd.applyKey("Declarer", strings.TrimSuffix(st.seat, "."), st.pos)
	}
}

// setDealer states the dealer, reporting a dealer given otherwise before.
func (bd *dgBuilder) setDealer(s model.Seat, p model.Pos) {
	r := bd.r
	if r.Dealer.Valid() && r.Dealer != s {
		r.Errorf(p, "dealer %s: the deal is given as %s's at %s", s.Name(), r.Dealer.Name(), r.Facts[model.FactDealer].Pos)
		return
	}
	r.Dealer = s
	r.Facts[model.FactDealer].Pos = p
}

// settleContract states the contract a sentence gives, where neither a
// key nor the auction gave one; one that differs from the auction's is
// reported.
func (bd *dgBuilder) settleContract() {
	r, st := bd.r, bd.contractSaid
	if st == nil {
		return
	}
	if r.Contract.Kind != model.NoContract {
		if r.Contract != st.contract && !(st.contract.Kind == model.StrainOnly && r.Contract.Strain == st.contract.Strain) {
			r.Errorf(st.pos, "contract %s: the deal's is %s", st.contract, r.Contract)
		}
		return
	}
	r.Contract = st.contract
	r.Facts[model.FactContract].Pos = st.pos
	switch {
	case st.dealerPlays:
		if r.Dealer.Valid() && !r.Declarer.Valid() {
			r.Declarer = r.Dealer
			r.Facts[model.FactDeclarer].Pos = st.pos
		}
	case st.seat != "":
		bd.applyKey("Declarer", strings.TrimSuffix(st.seat, "."), st.pos)
	}
}

// settleResult states the result a sentence gives (where no key gave
// one): the tricks of the declarer's side, counted from the subject's.
func (bd *dgBuilder) settleResult() {
	r, st := bd.r, bd.resultSaid
	if st == nil || r.Result.Known() {
		return
	}
	if !r.Declarer.Valid() && st.seat != "" && (st.res == resTricks || st.res == resOdd) {
		r.Warnf(st.pos, "result %q: the declarer is not known, so neither are his tricks", st.words)
		return
	}
	n := st.n
	switch st.res {
	case resTricks, resOdd:
		if st.res == resOdd {
			n += 6
		}
		if st.seat != "" {
			s, defenders, ok := bd.sideSeat(st.seat)
			if !ok {
				r.Warnf(st.pos, "result %q: %q is no seat of the deal", st.words, st.seat)
				return
			}
			if defenders || s.Side() != r.Declarer.Side() {
				n = 13 - n
			}
		}
	case resDown, resOver:
		c := st.contract
		if c.Kind != model.Bid {
			c = r.Contract
		}
		if c.Kind != model.Bid {
			r.Warnf(st.pos, "result %q: the contract is not known, so neither are the declarer's tricks", st.words)
			return
		}
		if st.res == resDown {
			n = int(c.Level) + 6 - n
		} else {
			n = int(c.Level) + 6 + n
		}
	}
	if n < 0 || n > 13 {
		r.Errorf(st.pos, "result %q: %d tricks", st.words, n)
		return
	}
	r.Result = model.Result{Tricks: int8(n), Defenders: -1}
	r.Facts[model.FactResult].Pos = st.pos
}
