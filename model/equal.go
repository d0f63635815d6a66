package model

import (
	"fmt"
	"reflect"
	"strings"
)

// Diff compares two records by their content, ignoring source positions and
// problems, and lists the differences ("" when none). Two records that Diff
// finds equal carry the same hand record: the same deal, tags, auction,
// play, notes, commentary and sections. Mandatory tags compare by meaning
// (an absent tag equals "?"; a structured tag by its field when it was read),
// the other tags in order.
func Diff(a, b *Record) []string {
	var d diffs
	d.fields(a, b)
	d.tagsByMeaning(a, b)
	d.tagsInOrder(a, b)
	if !sameComments(a.Leading, b.Leading) {
		d.add("leading comments %q != %q", commentTexts(a.Leading), commentTexts(b.Leading))
	}
	d.auctions(a.Auction, b.Auction)
	d.plays(a.Play, b.Play)
	d.sections(a.Sections, b.Sections)
	return d
}

// diffs are the differences Diff finds, in the order it finds them.
type diffs []string

func (d *diffs) add(format string, args ...any) { *d = append(*d, fmt.Sprintf(format, args...)) }

// fields compares what the structured tags mean: board, dealer,
// vulnerability, deal, contract, declarer and result.
func (d *diffs) fields(a, b *Record) {
	if a.Board != b.Board {
		d.add("board %d != %d", a.Board, b.Board)
	}
	if a.Dealer != b.Dealer {
		d.add("dealer %v != %v", a.Dealer, b.Dealer)
	}
	if a.Vul != b.Vul {
		d.add("vulnerable %v != %v", a.Vul, b.Vul)
	}
	if a.Deal != b.Deal {
		d.add("deal %s != %s", a.Deal.PBN(North), b.Deal.PBN(North))
	}
	if a.Contract != b.Contract {
		d.add("contract %v != %v", a.Contract, b.Contract)
	}
	if a.Declarer != b.Declarer || a.DeclarerSwap != b.DeclarerSwap {
		d.add("declarer %v != %v", a.Declarer, b.Declarer)
	}
	if a.Result != b.Result {
		d.add("result %+v != %+v", a.Result, b.Result)
	}
}

// tagsByMeaning compares the facts that are texts or scores (the event's,
// the players, the recorded scores, the par) by their value as written, an absent
// mandatory one as "?" (PBN's unknown), and the comments of each.
func (d *diffs) tagsByMeaning(a, b *Record) {
	for _, f := range AllFacts {
		if !isText(f) && !isScore(f) && !isPar(f) {
			continue
		}
		va, oka := a.FactValue(f)
		vb, okb := b.FactValue(f)
		if !oka && f.Mandatory() {
			va = "?"
		}
		if !okb && f.Mandatory() {
			vb = "?"
		}
		if va != vb {
			d.add("tag %s %q != %q", f, va, vb)
		}
		if ca, cb := a.Facts[f].Comments, b.Facts[f].Comments; !sameComments(ca, cb) {
			d.add("tag %s comments %q != %q", f, commentTexts(ca), commentTexts(cb))
		}
	}
}

// tagsInOrder compares the tags, one by one in order.
func (d *diffs) tagsInOrder(a, b *Record) {
	oa, ob := a.Tags, b.Tags
	if len(oa) != len(ob) {
		d.add("tags %s != %s", tagNames(oa), tagNames(ob))
		return
	}
	for i := range oa {
		if oa[i].Name != ob[i].Name || oa[i].Value != ob[i].Value || !sameComments(oa[i].Comments, ob[i].Comments) {
			d.add("tag %d: %s %q %q != %s %q %q", i, oa[i].Name, oa[i].Value, commentTexts(oa[i].Comments), ob[i].Name, ob[i].Value, commentTexts(ob[i].Comments))
		}
	}
}

// auctions compares two auctions (either may be nil): their header,
// then call by call, then their notes and comments.
func (d *diffs) auctions(x, y *Auction) {
	if !d.bothThere("auction", x != nil, y != nil) {
		return
	}
	if x.First != y.First || x.Star != y.Star || len(x.Calls) != len(y.Calls) {
		d.add("auction %v %d calls star=%v != %v %d calls star=%v", x.First, len(x.Calls), x.Star, y.First, len(y.Calls), y.Star)
	} else {
		for i := range x.Calls {
			if !sameCall(x.Calls[i], y.Calls[i]) {
				d.add("call %d: %+v != %+v", i+1, x.Calls[i], y.Calls[i])
			}
		}
	}
	if !sameComments(x.Comments, y.Comments) || !sameNotes(x.Notes, y.Notes) {
		d.add("auction notes or comments differ")
	}
}

// plays compares two plays (either may be nil): their header, then card
// by card, then their notes and comments.
func (d *diffs) plays(x, y *Play) {
	if !d.bothThere("play", x != nil, y != nil) {
		return
	}
	if x.First != y.First || x.Star != y.Star || x.Claim != y.Claim || len(x.Tricks) != len(y.Tricks) {
		d.add("play %v %d tricks star=%v claim=%d != %v %d tricks star=%v claim=%d", x.First, len(x.Tricks), x.Star, x.Claim, y.First, len(y.Tricks), y.Star, y.Claim)
	} else {
		for i := range x.Tricks {
			for s := range x.Tricks[i] {
				if !samePlayCard(x.Tricks[i][s], y.Tricks[i][s]) {
					d.add("trick %d %v: %+v != %+v", i+1, Seat(s), x.Tricks[i][s], y.Tricks[i][s])
				}
			}
		}
	}
	if !sameComments(x.Comments, y.Comments) || !sameNotes(x.Notes, y.Notes) {
		d.add("play notes or comments differ")
	}
}

// bothThere reports whether a part is in both records, and notes it
// when it is in one only.
func (d *diffs) bothThere(part string, x, y bool) bool {
	if x != y {
		d.add("%s present %v != %v", part, x, y)
	}
	return x && y
}

// sections compares the sections one by one in order.
func (d *diffs) sections(x, y []Section) {
	if len(x) != len(y) {
		d.add("%d sections != %d", len(x), len(y))
		return
	}
	for i := range x {
		if !sameSection(x[i], y[i]) {
			d.add("section %s differs", x[i].Tag.Name)
		}
	}
}

// sameSection compares two sections: their tag, data and comments (the
// tag's and the data's as one list).
func sameSection(x, y Section) bool {
	return x.Tag.Name == y.Tag.Name && x.Tag.Value == y.Tag.Value && reflect.DeepEqual(x.Columns, y.Columns) &&
		reflect.DeepEqual(x.Rows, y.Rows) && reflect.DeepEqual(x.Tokens, y.Tokens) &&
		reflect.DeepEqual(x.DD, y.DD) && reflect.DeepEqual(x.Traveller, y.Traveller) && reflect.DeepEqual(x.Standings, y.Standings) &&
		sameComments(append(append([]Comment(nil), x.Tag.Comments...), x.Comments...), append(append([]Comment(nil), y.Tag.Comments...), y.Comments...))
}

func tagNames(ts []Tag) string {
	n := make([]string, len(ts))
	for i, t := range ts {
		n[i] = t.Name
	}
	return strings.Join(n, ",")
}

func commentTexts(cs []Comment) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Text
	}
	return out
}

func sameComments(a, b []Comment) bool {
	return sameTexts(a, b, func(c Comment) string { return c.Text })
}

// sameTexts compares two lists element by element by their text.
func sameTexts[T any](a, b []T, text func(T) string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if text(a[i]) != text(b[i]) {
			return false
		}
	}
	return true
}

func sameNotes(a, b []Note) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Index != b[i].Index || a[i].Text != b[i].Text || !sameComments(a[i].Comments, b[i].Comments) {
			return false
		}
	}
	return true
}

func sameAnnotations(a, b Annotations) bool {
	return a.Note == b.Note && reflect.DeepEqual(nilIfEmpty(a.NAGs), nilIfEmpty(b.NAGs)) && sameComments(a.Comments, b.Comments)
}

func nilIfEmpty(s []int) []int {
	if len(s) == 0 {
		return nil
	}
	return s
}

func sameCall(a, b Call) bool {
	return a.Kind == b.Kind && a.Level == b.Level && a.Strain == b.Strain && a.Insufficient == b.Insufficient &&
		a.Alert == b.Alert && a.Explanation == b.Explanation && a.Text == b.Text && sameAnnotations(a.Annotations, b.Annotations)
}

func samePlayCard(a, b PlayCard) bool {
	return a.Kind == b.Kind && a.Card == b.Card && a.Revoke == b.Revoke && a.LeadOutOfTurn == b.LeadOutOfTurn &&
		sameAnnotations(a.Annotations, b.Annotations)
}
