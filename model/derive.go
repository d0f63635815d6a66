package model

import "strings"

// DeriveContract gives a record the contract and the declarer it does not
// give (no Contract or Declarer, or one given empty or as "?", as BEN,
// BBO and BridgeComposer write one not known) from what the record says
// elsewhere:
//
//   - a complete auction that bid a contract gives the contract, and the
//     declarer of that contract (law 47: the first of the side to name the
//     strain);
//   - with no such auction, a contract bid and the opening lead give the
//     declarer: the player on the leader's right (law 54; PBN 3.6, "the
//     opening leader, being declarer's left hand opponent").
//
// A fact the record gives as empty or unknown and takes so is said in a
// warning at its tag, as the diagram reader says of a hand it derives:
// the record said otherwise. One it has no tag for is taken without a
// word, as PBN's import format allows and as LIN and the books always
// leave the contract to the auction. A contract or declarer the record
// gives is left as it is (Validate reports one the auction contradicts);
// so is a declarer when the record's contract is not the auction's. A
// fact taken lives in its field, as any other: the text the record gave
// for it ("" or "?") is forgotten, and the writers write the fact, as
// they write "Pass" for a board DerivePassedOut made passed out. A
// passed-out auction makes the record passed out without a word: BEN and
// BBO write every passed-out board so.
//
// Every reader applies it (parser.Open), after Validate has checked the
// record as read; validateResult counts a declarer this gives as known.
func DeriveContract(r *Record) {
	d := derivedContract(r)
	said := d.contract && r.Given(FactContract) || d.declarer && r.Given(FactDeclarer)
	if d.contract {
		r.Contract, r.Facts[FactContract].Text = d.c, nil
	}
	if d.declarer {
		r.Declarer, r.Facts[FactDeclarer].Text = d.decl, nil
	}
	if !said {
		return
	}
	switch {
	case d.contract && d.declarer:
		r.Warnf(d.pos, "contract and declarer not given: taken from the auction, %s by %s", d.c.String(), d.decl.Name())
	case d.contract && d.c.Kind == PassedOut:
	case d.contract:
		r.Warnf(d.pos, "contract not given: taken from the auction, %s", d.c.String())
	case d.declarer && d.fromLead:
		r.Warnf(d.pos, "declarer not given: %s, on the right of %s, who leads", d.decl.Name(), d.decl.Next().Name())
	case d.declarer:
		r.Warnf(d.pos, "declarer not given: taken from the auction, %s", d.decl.Name())
	}
}

// derivation is what DeriveContract takes for a record: the contract
// (when contract), the declarer (when declarer), whether from the lead,
// and where to say so.
type derivation struct {
	contract, declarer, fromLead bool
	c                            Contract
	decl                         Seat
	pos                          Pos
}

// derivedContract is what DeriveContract takes for r, without taking it.
func derivedContract(r *Record) (d derivation) {
	needC, needD := r.notGiven(FactContract), r.notGiven(FactDeclarer)
	if !needC && !needD {
		return d
	}
	c := r.Contract
	if a := r.Auction; a != nil {
		if out := a.Outcome(); out.Complete {
			if needC {
				d.contract, d.c, c = true, out.Contract, out.Contract
			}
			if needD && c == out.Contract && out.Declarer.Valid() {
				d.declarer, d.decl = true, out.Declarer
			}
			d.pos = r.derivedPos(d, a.Pos)
			return d
		}
	}
	if needD && c.Kind == Bid && r.Play != nil && len(r.Play.Tricks) > 0 {
		if f := r.Play.First; f.Valid() && r.Play.Tricks[0][f].Kind == Played {
			d.declarer, d.fromLead, d.decl = true, true, f.Add(-1)
			d.pos = r.derivedPos(d, r.Play.Pos)
		}
	}
	return d
}

// derivedPos is where a derivation is said: at the tag of the contract
// it takes, else of the declarer, else at; the record's start when
// none has a position.
func (r *Record) derivedPos(d derivation, at Pos) Pos {
	for _, f := range []Fact{FactContract, FactDeclarer} {
		if (f == FactContract && d.contract || f == FactDeclarer && d.declarer) && !r.Facts[f].Pos.IsZero() {
			return r.Facts[f].Pos
		}
	}
	if !at.IsZero() {
		return at
	}
	return r.Pos
}

// notGiven reports whether r does not give fact f (the contract or the
// declarer): its field is empty, and the source gave no text for it, or
// gave it empty or as "?". A text the field could not read is given.
func (r *Record) notGiven(f Fact) bool {
	if r.held(f) {
		return false
	}
	t := r.Facts[f].Text
	return t == nil || unstated(*t)
}

// unstated reports whether a contract's or declarer's text gives none:
// it is empty, or "?" (unknown).
func unstated(t string) bool {
	t = strings.TrimSpace(t)
	return t == "" || t == "?"
}
