package model

import "strings"

// Validate checks a record for faults a reader cannot see token by token: a
// hand of the wrong size, an auction that breaks the laws, a card played by a
// player who does not hold it, a note referred to but not given. Each fault is
// added to r.Problems with the position of the offending element; the record
// itself is left as it is.
func Validate(r *Record) {
	validateDeal(r)
	validateAuction(r)
	validatePlay(r)
	validateRevokes(r)
	validateMarks(r)
	validateResult(r)
}

// factPos is where fact f's value stood, or the record's start when the
// source gave no position for it.
func (r *Record) factPos(f Fact) Pos {
	if p := r.Facts[f].Pos; !p.IsZero() {
		return p
	}
	return r.Pos
}

func validateDeal(r *Record) {
	d := r.Deal
	if d.Empty() {
		return
	}
	pos := r.factPos(FactDeal)
	max, n := 0, 0
	for _, s := range Seats {
		if !d.Known[s] {
			continue
		}
		n++
		if l := d.Len(s); l > max {
			max = l
		}
	}
	if max == 0 {
		r.Errorf(pos, "deal: no cards")
		return
	}
	for _, s := range Seats {
		if !d.Known[s] {
			continue
		}
		l := d.Len(s)
		switch {
		case l > 13:
			r.Errorf(pos, "deal: %s has %d cards", s.Name(), l)
		case max == 13 && l != 13:
			r.Errorf(pos, "deal: %s has %d cards, the others 13", s.Name(), l)
		case max < 13 && l != max:
			r.Errorf(pos, "deal: end position: %s has %d cards, another hand %d", s.Name(), l, max)
		}
	}
}

// AuctionOutcome is what an auction decides.
type AuctionOutcome struct {
	// Complete is true when the auction ended by the laws (three passes after
	// a bid, four passes, or AP).
	Complete bool
	Contract Contract
	Declarer Seat
}

// Outcome replays the auction's calls and returns the contract and declarer
// they produce. It does not report faults; Validate does.
func (a *Auction) Outcome() AuctionOutcome {
	out, _ := a.walk(nil)
	return out
}

// walk replays the auction; report, when not nil, receives each fault.
// It returns what the auction decides and the seat to call next.
func (a *Auction) walk(report func(Pos, string)) (AuctionOutcome, Seat) {
	w := newAuctionWalk(a.First, report)
	for i, c := range a.Calls {
		if w.ended {
			if c.Kind != NotYet {
				w.fault(c.Pos, "auction: "+c.String()+" after the auction ended")
			}
			break
		}
		if c.Kind == Continue {
			if i != len(a.Calls)-1 {
				w.fault(a.Calls[i+1].Pos, "auction: "+a.Calls[i+1].String()+" after '+'")
			}
			break
		}
		if c.Kind == NotYet {
			if w.started {
				w.fault(c.Pos, "auction: '-' after the first call")
			}
			w.seat = w.seat.Next()
			continue
		}
		w.call(c)
	}
	return w.outcome(), w.seat
}

// auctionWalk is an auction being replayed.
type auctionWalk struct {
	report     func(Pos, string) // nil for none
	seat       Seat              // the seat to call next
	last       Call              // the last bid
	lastBidder Seat
	doubled    int // 0, 1 doubled, 2 redoubled
	passes     int // passes since the last bid, double or redouble
	started    bool
	ended      bool
	firstNamer [2][5]Seat // by side and strain, the first of the side to name it
}

// newAuctionWalk starts a walk at seat first, no one having bid.
func newAuctionWalk(first Seat, report func(Pos, string)) *auctionWalk {
	w := &auctionWalk{report: report, seat: first, lastBidder: NoSeat}
	for i := range w.firstNamer {
		for j := range w.firstNamer[i] {
			w.firstNamer[i][j] = NoSeat
		}
	}
	return w
}

func (w *auctionWalk) fault(p Pos, msg string) {
	if w.report != nil {
		w.report(p, msg)
	}
}

// call replays a call of the auction proper, a double or a redouble
// judged by the laws, and ends the auction after the passes that end it.
func (w *auctionWalk) call(c Call) {
	w.started = true
	switch c.Kind {
	case Pass, Skipped:
		w.passes++
	case AllPass:
		w.ended = true
	case BidCall:
		w.bid(c)
	case Double:
		if !w.lastBidder.Valid() || w.lastBidder.Side() == w.seat.Side() || w.doubled != 0 {
			w.fault(c.Pos, "auction: illegal double by "+w.seat.Name())
		}
		w.doubled, w.passes = 1, 0
	case Redouble:
		if !w.lastBidder.Valid() || w.lastBidder.Side() != w.seat.Side() || w.doubled != 1 {
			w.fault(c.Pos, "auction: illegal redouble by "+w.seat.Name())
		}
		w.doubled, w.passes = 2, 0
	}
	if w.passes == 4 && !w.lastBidder.Valid() || w.passes == 3 && w.lastBidder.Valid() {
		w.ended = true
	}
	w.seat = w.seat.Next()
}

// bid replays a bid: an insufficient one not marked ^I is a fault, and so
// is a mark on a sufficient one; the bidder may be the first of the side
// to name the strain.
func (w *auctionWalk) bid(c Call) {
	if w.lastBidder.Valid() && !c.Higher(w.last) && !c.Insufficient {
		w.fault(c.Pos, "auction: insufficient bid "+c.String()+" after "+w.last.String())
	}
	if c.Insufficient && (!w.lastBidder.Valid() || c.Higher(w.last)) {
		w.fault(c.Pos, "auction: ^I marks "+c.String()+", which is sufficient")
	}
	w.last, w.lastBidder = c, w.seat
	w.doubled, w.passes = 0, 0
	side := w.seat.Side()
	if !w.firstNamer[side][c.Strain].Valid() {
		w.firstNamer[side][c.Strain] = w.seat
	}
}

// outcome is what the auction decided: once ended, the last bid, doubled
// or not, by the first of the bidder's side to name its strain, or no
// contract when all passed.
func (w *auctionWalk) outcome() AuctionOutcome {
	out := AuctionOutcome{Complete: w.ended, Declarer: NoSeat}
	if !w.ended {
		return out
	}
	if !w.lastBidder.Valid() {
		out.Contract = Contract{Kind: PassedOut}
		return out
	}
	out.Contract = Contract{Kind: Bid, Level: w.last.Level, Strain: w.last.Strain, Doubled: int8(w.doubled)}
	out.Declarer = w.firstNamer[w.lastBidder.Side()][w.last.Strain]
	return out
}

func validateAuction(r *Record) {
	a := r.Auction
	if a == nil {
		return
	}
	report := func(p Pos, msg string) { r.Errorf(p, "%s", msg) }
	// The first real call must be the dealer's.
	if r.Dealer.Valid() && a.First.Valid() {
		s := a.First
		for _, c := range a.Calls {
			if c.Kind != NotYet {
				if s != r.Dealer {
					report(c.Pos, "auction: the first call is "+s.Name()+"'s, but "+r.Dealer.Name()+" deals")
				}
				break
			}
			s = s.Next()
		}
	}
	out, _ := a.walk(report)
	if out.Complete {
		if r.Contract.Kind != NoContract && r.Contract.Kind != StrainOnly && r.Contract != out.Contract {
			r.Errorf(r.factPos(FactContract), "contract %s does not match the auction (%s)", r.Contract.String(), out.Contract.String())
		}
		if r.Declarer.Valid() && out.Declarer.Valid() && r.Declarer != out.Declarer && !r.DeclarerSwap {
			r.Errorf(r.factPos(FactDeclarer), "declarer %s does not match the auction (%s)", r.Declarer.Name(), out.Declarer.Name())
		}
		// "^S": declarer and dummy swapped (PBN 3.4.13): the seat named is the
		// auction's dummy, who played the hand.
		if r.DeclarerSwap && out.Declarer.Valid() && r.Declarer != out.Declarer.Partner() {
			r.Errorf(r.factPos(FactDeclarer), "declarer ^%s: a swap names the auction's dummy, %s, not %s", r.Declarer.String(), out.Declarer.Partner().Name(), r.Declarer.Name())
		}
	}
	var refs []noteRef
	for _, c := range a.Calls {
		if c.Note != 0 {
			refs = append(refs, noteRef{c.Note, c.Pos})
		}
	}
	validateNotes(r, a.Notes, refs, "auction")
}

func validatePlay(r *Record) {
	p := r.Play
	if p == nil {
		return
	}
	var played Hand
	for i := range p.Tricks {
		t := &p.Tricks[i]
		for s := range t {
			pc := &t[s]
			if pc.Kind != Played {
				continue
			}
			seat := Seat(s)
			if played.Has(pc.Card) {
				r.Errorf(pc.Pos, "play: %s played twice", pc.Card.String())
				continue
			}
			played = played.With(pc.Card)
			if r.Deal.Known[seat] && !r.Deal.Hands[seat].Has(pc.Card) {
				if h := r.Deal.HolderOf(pc.Card); h.Valid() {
					r.Errorf(pc.Pos, "play: %s plays %s, which %s holds", seat.Name(), pc.Card.String(), h.Name())
				} else if !r.Deal.EndPosition() {
					r.Errorf(pc.Pos, "play: %s plays %s, which is not in the deal", seat.Name(), pc.Card.String())
				}
			}
		}
	}
	// In an end position the lead is whoever the problem says (PBN 3.10).
	if r.Declarer.Valid() && p.First.Valid() && len(p.Tricks) > 0 && p.First != r.Declarer.Next() &&
		!r.Deal.EndPosition() && r.Contract.Kind != StrainOnly &&
		!p.Tricks[0][p.First].LeadOutOfTurn && !r.DeclarerSwap {
		r.Errorf(p.Pos, "play: the opening lead is %s's, but %s declares, so %s leads", p.First.Name(), r.Declarer.Name(), r.Declarer.Next().Name())
	}
	if len(p.Tricks) > 13 {
		pos := p.Pos // a Play tag without a seat: no slot leads
		if p.First.Valid() {
			pos = p.Tricks[13][p.First].Pos
		}
		r.Errorf(pos, "play: more than 13 tricks")
	}
	var refs []noteRef
	for i := range p.Tricks {
		t := &p.Tricks[i]
		for s := range t {
			if t[s].Note != 0 {
				refs = append(refs, noteRef{t[s].Note, t[s].Pos})
			}
		}
	}
	validateNotes(r, p.Notes, refs, "play")
}

// noteRef is a note reference met on a call or card.
type noteRef struct {
	note int
	pos  Pos
}

// validateNotes checks that every note referred to is given, once, and warns
// of notes nobody refers to.
func validateNotes(r *Record, notes []Note, refs []noteRef, section string) {
	if len(notes) == 0 && len(refs) == 0 {
		return
	}
	var given, used, told [256]bool
	for _, n := range notes {
		if n.Index >= 1 && n.Index < len(given) {
			given[n.Index] = true
		}
	}
	for _, ref := range refs {
		if ref.note < 1 || ref.note >= len(used) {
			continue
		}
		used[ref.note] = true
		if !given[ref.note] && !told[ref.note] {
			told[ref.note] = true // report once
			r.Errorf(ref.pos, "%s: no note for =%d=", section, ref.note)
		}
	}
	for _, n := range notes {
		if n.Index >= 1 && n.Index < len(used) && !used[n.Index] {
			r.Warnf(n.Pos, "%s: note %d is not referred to", section, n.Index)
		}
	}
}

func validateResult(r *Record) {
	res := r.Result
	// "0" with no one to win tricks is how real programs fill the tag in
	// (BBO for a passed-out board): only tricks that someone won are wrong.
	// A record that says passed out when its auction bid a contract has its
	// fault reported at the contract: tricks are no second fault. A
	// declarer not given and one given as unknown ("?", as PBN's export
	// format writes one not given) may have won them: only a declarer
	// given as none ("", a bad seat) has not, unless the auction or the
	// lead names him (DeriveContract).
	if res.Tricks > 0 && !(r.Contract.Kind == PassedOut && auctionBid(r)) {
		switch {
		case r.Contract.Kind == PassedOut:
			r.Errorf(r.factPos(FactResult), "result: tricks for a deal that was passed out")
		case r.Contract.Kind != StrainOnly && r.Given(FactDeclarer) && !r.Declarer.Valid() && !r.unknown(FactDeclarer) && !derivedContract(r).declarer:
			r.Errorf(r.factPos(FactResult), "result: tricks, but no declarer to have won them")
		}
	}
	if res.Tricks > 13 || res.Defenders > 13 {
		r.Errorf(r.factPos(FactResult), "result: more than 13 tricks")
	} else if res.Tricks >= 0 && res.Defenders >= 0 && res.Tricks+res.Defenders != 13 && !res.Irregular {
		r.Errorf(r.factPos(FactResult), "result: %d and %d tricks do not add up to 13", int(res.Tricks), int(res.Defenders))
	}
}

// unknown reports whether r gives fact f as unknown ("?"): in its note,
// or in its tag before a PBN reader lifts the facts out of the tags.
func (r *Record) unknown(f Fact) bool {
	v, ok := r.Tag(f.String())
	if t := r.Facts[f].Text; t != nil {
		v, ok = *t, true
	}
	return ok && strings.TrimSpace(v) == "?"
}

// auctionBid reports whether r's auction is complete with a contract bid.
func auctionBid(r *Record) bool {
	if r.Auction == nil {
		return false
	}
	out := r.Auction.Outcome()
	return out.Complete && out.Contract.Kind == Bid
}

// validateRevokes warns of each revoke the play shows that the record does
// not mark with ^R: a player fails to follow suit while he still holds the
// suit led. It needs the strain, to know who leads each trick.
func validateRevokes(r *Record) {
	if r.Play == nil || (r.Contract.Kind != Bid && r.Contract.Kind != StrainOnly) {
		return
	}
	out := ReplayPlay(r.Deal, r.Play, r.Contract.Strain)
	for _, rv := range out.Revokes {
		if rv.Held && !rv.Marked {
			r.Warnf(rv.Pos, "play: %s, holding a %s", rv.String(), suitNoun[rv.Led])
		}
	}
}

// DerivePassedOut makes a record passed out when it gives no contract (an
// empty or absent Contract tag, as BEN and BBO write for such a board) and
// its auction is complete with four passes: the auction says what the
// contract is. A contract the record gives is left as it is, and so is a
// record whose auction is not complete.
func DerivePassedOut(r *Record) {
	if r.Contract.Kind != NoContract || r.Auction == nil {
		return
	}
	if out := r.Auction.Outcome(); out.Complete && out.Contract.Kind == PassedOut {
		r.Contract = out.Contract
	}
}
