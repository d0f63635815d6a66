package render

import (
	"fmt"
	"strings"

	"handrec/model"
)

// Part is a part of a board that a sheet may print around its diagram
// (the hands, the dealer and the vulnerability, which every board
// prints). Parts combine as bits: PartContract|PartLead.
type Part uint16

// The parts, in the order sheet --help names them.
const (
	PartContract   Part = 1 << iota // the contract and its declarer
	PartLead                        // the opening lead
	PartResult                      // the tricks taken, and the score the record gives
	PartAuction                     // the auction, with its alerts and notes
	PartPlay                        // the trick table
	PartDD                          // the double-dummy table and the par
	PartCommentary                  // the commentary, comments on calls and cards too
	PartRoom                        // "Open room", "Closed room" on a team match's board
	PartTraveller                   // the traveller: every table's result
	numParts       = iota
)

// AllParts is every part.
const AllParts Part = 1<<numParts - 1

var partNames = [numParts]string{"contract", "lead", "result", "auction", "play", "dd", "commentary", "room", "traveller"}

// PartNames are the parts' names, as ParseParts reads them, in order.
func PartNames() []string { return partNames[:] }

// String names the parts p holds, joined by commas: "contract,lead".
func (p Part) String() string {
	var names []string
	for i, n := range partNames {
		if p&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	return strings.Join(names, ",")
}

// ParseParts reads parts named in a list, separated by commas or blanks:
// "dd,commentary".
func ParseParts(s string) (Part, error) {
	var p Part
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		i := indexOf(partNames[:], strings.ToLower(f))
		if i < 0 {
			return 0, fmt.Errorf("%q is no part of a board (the parts: %s)", f, strings.Join(partNames[:], ", "))
		}
		p |= 1 << i
	}
	return p, nil
}

func indexOf(names []string, n string) int {
	for i, m := range names {
		if m == n {
			return i
		}
	}
	return -1
}

// The parts a board prints unless the options say otherwise.
const (
	// plainParts: a board that shows every hand prints what the record
	// gives beside the deal (its double-dummy table and par, its
	// commentary, its room and its traveller); --result, --auction and
	// --play add theirs.
	plainParts = PartDD | PartCommentary | PartRoom | PartTraveller
	// questionParts: a board that hides a hand is a question; it states
	// the problem (the contract, the lead, the auction) and nothing that
	// could tell a hidden card (the double-dummy table, the par, the
	// commentary, the play, the result, the traveller), which goes to the
	// answers; nor the room, which a handout does not need. The contract
	// only when the record gives the auction or the lead it comes with
	// (statesContract).
	questionParts = PartContract | PartLead | PartAuction
	// answerParts: an answer is the board in full, but for its room.
	answerParts = AllParts &^ PartRoom
)

// shown is the parts the options ask for: Show, and those Result,
// Auction and Play stand for.
func (o *SheetOptions) shown() Part {
	p := o.Show
	if o.Result {
		p |= PartContract | PartLead | PartResult
	}
	if o.Auction {
		p |= PartAuction
	}
	if o.Play {
		p |= PartPlay
	}
	return p
}

// omitted is the parts the options leave off: Omit, and those NoAuction,
// NoPlay and NoCommentary stand for.
func (o *SheetOptions) omitted() Part {
	p := o.Omit
	if o.NoAuction {
		p |= PartAuction
	}
	if o.NoPlay {
		p |= PartPlay
	}
	if o.NoCommentary {
		p |= PartCommentary
	}
	return p
}

// parts is what r's board prints: a question (question: it hides a
// hand) or a board that shows every hand, with the parts the options ask
// for and without those they leave off.
func (o *SheetOptions) parts(r *model.Record, question bool) Part {
	p := plainParts
	if question {
		p = questionParts
		if !statesContract(r) {
			p &^= PartContract
		}
	}
	return (p | o.shown()) &^ o.omitted()
}

// statesContract reports whether a question about r states its contract:
// r gives the auction that reaches it, or the opening lead of a play
// problem. A contract given alone, with hidden hands and no auction, is
// a bidding contest's answer (the Challenge the Champs files of the
// corpus give it so, their scores in the commentary).
func statesContract(r *model.Record) bool {
	if r.Auction != nil && len(r.Auction.Calls) > 0 {
		return true
	}
	p := r.Play
	return p != nil && len(p.Tricks) > 0 && p.First.Valid() && p.Tricks[0][p.First].Kind == model.Played
}

// answerParts is what an answer prints: every part but the room, less
// those the options leave off.
func (o *SheetOptions) answerParts() Part {
	return (answerParts | o.shown()) &^ o.omitted()
}

// keep leaves in v only the parts p holds, and no trick table without a
// trick: BridgeComposer's "[Play "E"] *" with a Result, read as a claim,
// printed an empty table's head over "Claim: North takes 9 tricks in
// all", which the result says.
func (v *boardView) keep(p Part) {
	if p&PartContract == 0 {
		v.Contract = ""
	}
	if p&PartLead == 0 {
		v.Lead = ""
	}
	if p&PartResult == 0 {
		v.Result, v.Score = "", ""
	}
	if p&PartAuction == 0 {
		v.Auction = nil
	}
	if p&PartPlay == 0 || v.Play != nil && len(v.Play.Rows) == 0 {
		v.Play = nil // a play of no trick, a claim alone, is the result's
	}
	if p&PartDD == 0 {
		v.DD = nil
	}
	if p&PartCommentary == 0 {
		v.dropCommentary()
	}
	if p&PartRoom == 0 {
		v.Room = ""
	}
	if p&PartTraveller == 0 {
		v.Travel = nil
	}
}

// styleFor is the style a board is written in: without the commentary
// footnotes of calls and cards when it prints no commentary.
func styleFor(st Style, p Part) Style {
	st.bare = p&PartCommentary == 0
	return st
}
