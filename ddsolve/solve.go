package ddsolve

import (
	"sort"
	"strconv"

	"handrec/model"
	"handrec/model/dd"
)

// DefaultTableBytes is the most memory a solver's transposition table
// grows to on a hard deal when Options.TableBytes is 0.
const DefaultTableBytes = dd.DefaultTableBytes

// Result is the solver's answer for one record.
type Result struct {
	Table dd.Table
	// Par is nil for an end position, or a deal whose dealer and
	// vulnerability neither the record nor its board number gives.
	Par *dd.Par
	Err error
}

// Check is why the solver cannot play r's deal, nil when it can: a hand
// not known, hands of different lengths, no cards, or a card dealt to two
// hands (and so, in a full deal, one to none), as an error that wraps
// dd.ErrDeal ("deal cannot be solved: SK is dealt twice, S3 to no one").
func Check(r *model.Record) error { return dd.Check(r.Deal) }

// Solvable reports whether the solver can play r's deal (Check): four
// known hands of the same length, not empty, no card in two of them.
func Solvable(r *model.Record) bool { return Check(r) == nil }

// Needed reports whether --dd solves r: its deal can be solved and it
// carries no table of its own (OptimumResultTable or DoubleDummyTricks).
func Needed(r *model.Record) bool {
	if !Solvable(r) {
		return false
	}
	_, ok := dd.RecordedTable(r)
	return !ok
}

// solveRecord solves r's deal with s, and its par when the deal is full
// and its dealer and vulnerability are known (from the board number when
// the record does not say).
func solveRecord(s *dd.Solver, r *model.Record) Result {
	var res Result
	res.Table, res.Err = s.Table(r.Deal)
	if res.Err == nil && r.Deal.Complete() {
		res.Par = parOf(r, res.Table)
	}
	return res
}

// parOf is the par of a full deal with table t, nil when the dealer or
// the vulnerability is not known.
func parOf(r *model.Record, t dd.Table) *dd.Par {
	dealer, vul := r.Dealer, r.Vul
	if !dealer.Valid() && r.Board > 0 {
		dealer = model.BoardDealer(r.Board)
	}
	if !vul.Valid() && r.Board > 0 {
		vul = model.BoardVul(r.Board)
	}
	if !dealer.Valid() || !vul.Valid() {
		return nil
	}
	p := dd.ParOf(t, dealer, vul)
	return &p
}

// Add is r with what res solved that r does not carry: a double-dummy
// table section, and the par's score and contracts. A
// record with a full table of its own and no par gets the par of that
// table. r is not changed: the result is a copy when anything is added,
// else r. A failed or missing result adds nothing of its own.
func Add(r *model.Record, res *Result) *model.Record {
	var sec []model.Section
	var par *dd.Par
	if res != nil && res.Err == nil {
		if _, ok := dd.RecordedTable(r); !ok {
			t := model.DDTable(res.Table)
			sec = append(sec, model.Section{DD: &t})
		}
		par = res.Par
	} else if rec, ok := dd.RecordedTable(r); ok && rec.Full() && r.Deal.Complete() {
		par = parOf(r, dd.Table(rec.Tricks))
	}
	rp := r.Par
	if par != nil {
		p := RecordPar(*par)
		if !r.Given(model.FactOptimumScore) {
			rp.Score = p.Score
		}
		if !r.Given(model.FactParContract) {
			rp.Contracts = p.Contracts
		}
	}
	if len(sec) == 0 && rp.Score == r.Par.Score && len(rp.Contracts) == len(r.Par.Contracts) {
		return r
	}
	c := *r
	c.Par = rp
	c.Sections = append(append([]model.Section(nil), r.Sections...), sec...)
	return &c
}

// RecordPar is p as a record states it, in BridgeComposer's form: the
// score by the side of the par contracts, "NS 620", "EW -100" (a
// sacrifice), "NS 0" when all pass; the contracts lowest first, clubs to
// no trump at one level, each by the one seat that makes it ("S 6N=") or
// by its side ("NS 4H="), a sacrifice doubled ("EW 5DX-1").
func RecordPar(p dd.Par) model.Par {
	score := model.ScorePart{Side: model.NS, Value: strconv.Itoa(p.Score)}
	if len(p.Contracts) > 0 && p.Contracts[0].Declarers[0].Side() == model.EW {
		score = model.ScorePart{Side: model.EW, Value: strconv.Itoa(-p.Score)}
	}
	out := model.Par{Score: model.Score{N: 1, Part: [2]model.ScorePart{score}}}
	cs := append([]dd.ParContract(nil), p.Contracts...)
	sortParContracts(cs)
	for _, c := range cs {
		pc := model.ParContract{Declarer: model.NoSeat, Side: c.Declarers[0].Side(), Level: int8(c.Level),
			Strain: c.Strain, Result: int8(c.Result)}
		if len(c.Declarers) == 1 {
			pc.Declarer = c.Declarers[0]
		}
		if c.Result < 0 {
			pc.Doubled = 1
		}
		out.Contracts = append(out.Contracts, pc)
	}
	return out
}

// ParContract is the par contracts as BridgeComposer's ParContract tag
// gives them (RecordPar): "NS 4H=; NS 4S=", "EW 5DX-1", "S 6N=".
func ParContract(p dd.Par) string { return RecordPar(p).Contracts.String() }

// sortParContracts puts contracts in bidding order: by level, then
// clubs, diamonds, hearts, spades, no trump (dd.Strains' order).
func sortParContracts(cs []dd.ParContract) {
	rank := func(c dd.ParContract) int {
		i := 0
		for i < len(dd.Strains)-1 && dd.Strains[i] != c.Strain {
			i++
		}
		return c.Level*5 + i
	}
	sort.SliceStable(cs, func(i, j int) bool { return rank(cs[i]) < rank(cs[j]) })
}

// Disagreements are the numbers of the table r carries that differ from
// t, seat by seat and strain by strain, and what the record calls that
// table (its From: "the double-dummy table", "DoubleDummyTricks"); none
// when r carries no table.
func Disagreements(r *model.Record, t dd.Table) (from string, diffs []dd.Disagreement) {
	rec, ok := dd.RecordedTable(r)
	if !ok {
		return "", nil
	}
	return rec.From, rec.Compare(t)
}
