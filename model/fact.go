package model

import "strconv"

// Fact is one of the facts of a record that PBN states as a tag and the
// record holds as a field: its board, dealer, vulnerability, deal,
// declarer, contract and result, the room of a team match it was played
// in, its event (name, site, date, the event's first date, stage and
// scoring), its players, the score the source records, and the par
// (the optimum score and the par contracts). A fact lives
// in its field only; its FactNote keeps where it was read, the text it was
// read from when the field cannot hold it, and the commentary that
// follows it.
//
// The facts are numbered in the order they were added (a stored record's
// notes are an array in this order); AllFacts gives PBN's export order.
type Fact int8

// The facts.
const (
	FactBoard Fact = iota
	FactDealer
	FactVul
	FactDeal
	FactDeclarer
	FactContract
	FactResult
	FactRoom
	FactEvent
	FactSite
	FactDate
	FactScoring
	FactNorth // the players, by Seat: PlayerFact(s)
	FactEast
	FactSouth
	FactWest
	FactScore
	FactScoreIMP
	FactScoreMP
	FactScorePercentage
	FactEventDate
	FactStage
	FactOptimumScore // the par (Par): its score and contracts
	FactParContract
	NumFacts
)

// MandatoryFacts are PBN's mandatory tag set, in its export order: the
// one place that lists it.
var MandatoryFacts = [15]Fact{FactEvent, FactSite, FactDate, FactBoard, FactWest, FactNorth, FactEast, FactSouth,
	FactDealer, FactVul, FactDeal, FactScoring, FactDeclarer, FactContract, FactResult}

// AllFacts are the facts in PBN's export order: the mandatory ones, the
// event's others (EventDate, Stage: EventFacts), which stand before the
// record's tags, then the ones that follow the tags (the room, the
// recorded scores, the par).
var AllFacts = [NumFacts]Fact{FactEvent, FactSite, FactDate, FactBoard, FactWest, FactNorth, FactEast, FactSouth,
	FactDealer, FactVul, FactDeal, FactScoring, FactDeclarer, FactContract, FactResult,
	FactEventDate, FactStage, FactRoom, FactScore, FactScoreIMP, FactScoreMP, FactScorePercentage,
	FactOptimumScore, FactParContract}

// EventFacts is the number of AllFacts that stand before the record's
// tags in export order: the mandatory ones and the event's others.
const EventFacts = len(MandatoryFacts) + 2

var factNames = [NumFacts]string{"Board", "Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Result", "Room",
	"Event", "Site", "Date", "Scoring", "North", "East", "South", "West",
	"Score", "ScoreIMP", "ScoreMP", "ScorePercentage", "EventDate", "Stage", "OptimumScore", "ParContract"}

// rank is each fact's place in AllFacts.
var rank = func() (r [NumFacts]int) {
	for i, f := range AllFacts {
		r[f] = i
	}
	return r
}()

// Mandatory reports whether f is one of PBN's mandatory tags.
func (f Fact) Mandatory() bool { return f >= 0 && f < NumFacts && rank[f] < len(MandatoryFacts) }

// String is the fact's name as PBN's tag and handrec's JSON spell it:
// "Board", "Dealer", "Vulnerable", "Event", "North", "Score", ...
func (f Fact) String() string {
	if f < 0 || f >= NumFacts {
		return ""
	}
	return factNames[f]
}

// FactNamed returns the fact whose tag is called name.
func FactNamed(name string) (Fact, bool) {
	// a switch, not a loop over factNames: every tag a reader reads asks,
	// and the compiler tells most names apart by their length
	switch name {
	case "Board":
		return FactBoard, true
	case "Dealer":
		return FactDealer, true
	case "Vulnerable":
		return FactVul, true
	case "Deal":
		return FactDeal, true
	case "Declarer":
		return FactDeclarer, true
	case "Contract":
		return FactContract, true
	case "Result":
		return FactResult, true
	case "Room":
		return FactRoom, true
	case "Event":
		return FactEvent, true
	case "Site":
		return FactSite, true
	case "Date":
		return FactDate, true
	case "Scoring":
		return FactScoring, true
	case "North":
		return FactNorth, true
	case "East":
		return FactEast, true
	case "South":
		return FactSouth, true
	case "West":
		return FactWest, true
	case "Score":
		return FactScore, true
	case "ScoreIMP":
		return FactScoreIMP, true
	case "ScoreMP":
		return FactScoreMP, true
	case "ScorePercentage":
		return FactScorePercentage, true
	case "EventDate":
		return FactEventDate, true
	case "Stage":
		return FactStage, true
	case "OptimumScore":
		return FactOptimumScore, true
	case "ParContract":
		return FactParContract, true
	}
	return 0, false
}

// FactNote is what a record keeps of one of its facts beside the field.
type FactNote struct {
	// Pos is where the fact's value stood in its source; zero when the
	// source gave no position (inherited, made by hand).
	Pos Pos `json:"pos,omitzero"`
	// Text is the value as the source gave it, when the field does not
	// hold all it says: a value that could not be read, one read in part
	// (a deal with a faulty hand), an empty one or "?" (unknown). nil
	// when the field holds the fact or the source did not give it.
	Text *string `json:"text,omitempty"`
	// Comments is the commentary that follows the fact.
	Comments []Comment `json:"comments,omitempty"`
	// (Where the source stated the fact among its tags is no fact: it is
	// PBN's tag order, kept in PBN's layout for the PBN writer alone.)
}

// Given reports whether the record states fact f: its field holds it, or
// the source gave it as a text the field cannot hold, or at a position.
func (r *Record) Given(f Fact) bool {
	n := &r.Facts[f]
	return n.Text != nil || !n.Pos.IsZero() || r.held(f)
}

// held reports whether the field of fact f holds a value, without the
// text FactText makes of it.
func (r *Record) held(f Fact) bool {
	switch f {
	case FactBoard:
		return r.Board > 0
	case FactDealer:
		return r.Dealer.Valid()
	case FactVul:
		return r.Vul.Valid()
	case FactDeal:
		return !r.Deal.Empty()
	case FactDeclarer:
		return r.Declarer.Valid()
	case FactContract:
		return r.Contract.Kind != NoContract
	case FactResult:
		return r.Result.Known() || r.Result.Defenders >= 0 && r.Declarer.Valid()
	case FactRoom:
		return r.Room != NoRoom
	}
	_, ok := r.heldText(f)
	return ok
}

// FactText is fact f as PBN writes it from its field, and false when the
// field does not hold the fact.
func (r *Record) FactText(f Fact) (string, bool) {
	switch f {
	case FactBoard:
		if r.Board > 0 {
			return strconv.Itoa(r.Board), true
		}
	case FactDealer:
		if r.Dealer.Valid() {
			return r.Dealer.String(), true
		}
	case FactVul:
		if r.Vul.Valid() {
			return r.Vul.String(), true
		}
	case FactDeal:
		if !r.Deal.Empty() {
			first := r.Dealer
			if !first.Valid() {
				first = North
			}
			return r.Deal.PBN(first), true
		}
	case FactDeclarer:
		if r.Declarer.Valid() {
			if r.DeclarerSwap {
				return "^" + r.Declarer.String(), true
			}
			return r.Declarer.String(), true
		}
	case FactContract:
		if r.Contract.Kind != NoContract {
			return r.Contract.String(), true
		}
	case FactResult:
		return r.resultText()
	case FactRoom:
		if r.Room != NoRoom {
			return r.Room.String(), true
		}
	default:
		return r.heldText(f)
	}
	return "", false
}

// resultText is the Result as PBN writes it: the declarer's tricks, or
// both sides' when the record gives them and they do not add up to 13.
func (r *Record) resultText() (string, bool) {
	res := r.Result
	var s string
	switch {
	case res.Defenders >= 0 && r.Declarer.Valid():
		side := r.Declarer.Side()
		s = side.String() + " " + strconv.Itoa(int(res.Tricks)) + " " + side.Other().String() + " " + strconv.Itoa(int(res.Defenders))
		if res.Tricks < 0 {
			s = side.Other().String() + " " + strconv.Itoa(int(res.Defenders))
		}
	case res.Known():
		s = strconv.Itoa(int(res.Tricks))
	default:
		return "", false
	}
	if res.Irregular {
		s = "^" + s
	}
	return s, true
}

// FactValue is fact f as written: the text the source gave when the
// field cannot hold it, else the field's (FactText); false when the
// record does not state the fact.
func (r *Record) FactValue(f Fact) (string, bool) {
	if t := r.Facts[f].Text; t != nil {
		return *t, true
	}
	return r.FactText(f)
}

// Holds reports whether the field of fact f holds all that text, the
// value it was read from, says: then the text need not be kept. A room
// holds only its own spelling ("Open", "Closed"): "open" is kept as given.
func (r *Record) Holds(f Fact, text string) bool {
	if f == FactDeal && r.held(f) {
		if r.Deal.writes(text) && r.Deal.disjoint() {
			return true // the usual case, without parsing the text again
		}
		_, errs := ParseDeal(text)
		return len(errs) == 0
	}
	if f == FactRoom {
		return r.Room != NoRoom && r.Room.String() == text
	}
	if isText(f) || isScore(f) || isPar(f) {
		v, ok := r.heldText(f)
		return ok && v == text
	}
	return r.held(f)
}

// SetFactText keeps text as fact f's value as given, when the field does
// not hold it (Holds), and forgets any kept text when it does.
func (r *Record) SetFactText(f Fact, text string) {
	if r.Holds(f, text) {
		r.Facts[f].Text = nil
		return
	}
	t := text // allocated here only: most texts are held by their field
	r.Facts[f].Text = &t
}

// CommentsOf returns the commentary anchored to name: fact name's (as
// String spells it) or the first tag called name's.
func (r *Record) CommentsOf(name string) []Comment {
	if f, ok := FactNamed(name); ok {
		return r.Facts[f].Comments
	}
	if i := r.TagIndex(name); i >= 0 {
		return r.Tags[i].Comments
	}
	return nil
}

// EachTag calls fn with each tag of r and each fact r states or comments
// on, as a tag (its value FactValue's, "" for a fact only commented on),
// in PBN's export order: the mandatory facts, the event's others, the
// tags in their order, then the room, the recorded scores and the par.
// The order is fixed: where a source stated its facts among its tags is
// its format's layout (PBN's tag order), which only its writer reads.
func (r *Record) EachTag(fn func(t Tag)) {
	r.inExportOrder(func(i int) { fn(r.Tags[i]) }, func(f Fact) {
		n := &r.Facts[f]
		if v, ok := r.FactValue(f); ok || len(n.Comments) > 0 {
			fn(Tag{Name: f.String(), Value: v, ValuePos: n.Pos, Comments: n.Comments})
		}
	})
}

// EachComments calls fn with the name of each tag and each fact, and its
// comments to read or replace, in EachTag's order.
func (r *Record) EachComments(fn func(name string, cs *[]Comment)) {
	r.inExportOrder(func(i int) { fn(r.Tags[i].Name, &r.Tags[i].Comments) },
		func(f Fact) { fn(f.String(), &r.Facts[f].Comments) })
}

// inExportOrder calls tag with the index of each tag and fact with each
// fact, in EachTag's order.
func (r *Record) inExportOrder(tag func(i int), fact func(f Fact)) {
	for _, f := range AllFacts[:EventFacts] {
		fact(f)
	}
	for i := range r.Tags {
		tag(i)
	}
	for _, f := range AllFacts[EventFacts:] {
		fact(f)
	}
}
