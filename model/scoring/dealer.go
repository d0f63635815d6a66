package scoring

import (
	"strconv"

	"handrec/model"
)

// Who plays the hand is the code's to say. Under the Laws of Bridge (1895,
// 1904) there is no bidding: the dealer, or his partner when he passes the
// choice, names the trumps, and the dealer plays the hand, his partner's
// cards face upwards (law 59: "the duty of playing the cards from that
// hand ... shall devolve upon the dealer"). Under auction1915 and
// pirate1916 the declarer is the auction's (laws 47, 28), as the record
// names him.

// bridgeDeclarer is the player who plays the hand under the laws of
// bridge: the dealer; the record's declarer only where it names no
// dealer. flip is set when the record's declarer sits on the other side,
// so that its result counts the other side's tricks. why is the reading,
// for the deal's notes; "" when the record agrees with the law.
func bridgeDeclarer(r *model.Record) (declarer model.Seat, flip bool, why string) {
	switch {
	case r.Dealer.Valid() && r.Declarer.Valid() && r.Declarer != r.Dealer:
		why = "law 59: the dealer (" + r.Dealer.String() + ") plays the hand, not " + r.Declarer.String() + " whom the record names as declarer"
		if r.Declarer.Side() != r.Dealer.Side() {
			why += "; the result's tricks are " + r.Declarer.Side().String() + "'s, so " + r.Dealer.Side().String() + " took the rest"
		}
		return r.Dealer, r.Declarer.Side() != r.Dealer.Side(), why
	case r.Dealer.Valid() && !r.Declarer.Valid():
		return r.Dealer, false, "law 59: the record names no declarer: the dealer (" + r.Dealer.String() + ") plays the hand, and the result is read as his tricks"
	case r.Declarer.Valid():
		return r.Declarer, false, ""
	}
	return model.NoSeat, false, ""
}

// LawProblems are the warnings a record earns under code: under the laws
// of bridge, a declarer who is not the dealer (law 59). The record is
// scored as the law says all the same.
func LawProblems(r *model.Record, code Code) []model.Problem {
	if !code.bridge() || !r.Dealer.Valid() || !r.Declarer.Valid() || r.Declarer == r.Dealer {
		return nil
	}
	p := r.Facts[model.FactDeclarer].Pos
	if p.IsZero() {
		p = r.Pos
	}
	msg := string(code) + ": law 59: the dealer (" + r.Dealer.Name() + ") plays the hand; the record names " +
		r.Declarer.Name() + " as declarer, and is scored with " + r.Dealer.Name() + " playing"
	if r.Declarer.Side() != r.Dealer.Side() && r.Result.Known() {
		msg += " (its result, " + strconv.Itoa(int(r.Result.Tricks)) + " tricks, read as " + r.Declarer.Side().String() + "'s)"
	}
	return []model.Problem{{File: r.File, Pos: p, Severity: model.SevWarning, Message: msg}}
}
