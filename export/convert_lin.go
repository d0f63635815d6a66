package export

import (
	"sort"
	"strconv"
	"strings"

	"handrec/layout"
	"handrec/model"
)

// Drops counts what a conversion could not carry, by description.
type Drops map[string]int

// Add counts one thing dropped.
func (d Drops) Add(what string) { d[what]++ }

// List is the drops, most frequent first: "3× tag Date".
func (d Drops) List() []string {
	out := make([]string, 0, len(d))
	for k := range d {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool {
		if d[out[i]] != d[out[j]] {
			return d[out[i]] > d[out[j]]
		}
		return out[i] < out[j]
	})
	for i, k := range out {
		out[i] = strconv.Itoa(d[k]) + "× " + k
	}
	return out
}

// linCarried are the tags a LIN file carries: single boards, then the
// more a vugraph file does.
var linCarried = map[string]bool{"West": true, "North": true, "East": true, "South": true,
	"Board": true, "Dealer": true, "Vulnerable": true, "Deal": true}

var linCarriedVugraph = map[string]bool{"Event": true, "Stage": true, "Scoring": true,
	"HomeTeam": true, "VisitTeam": true, "Room": true, "Contract": true, "Declarer": true, "Result": true}

// LINLosses lists what LIN cannot carry of r: tags without a LIN command,
// supplemental sections, NAGs, a card's note reference whose
// note is missing (a note's text is carried as nt after the card), PBN's "-",
// "^S" and "+" calls, unknown cards, and a contract the auction does not
// give. Commentary is carried (as nt), and note texts become explanations.
func LINLosses(r *model.Record, vugraph bool) []string {
	var out []string
	derived := func(name string) bool {
		if r.Auction == nil {
			return false
		}
		o := r.Auction.Outcome()
		switch name {
		case "Contract":
			return o.Complete && o.Contract == r.Contract
		case "Declarer":
			return o.Complete && o.Declarer == r.Declarer && !r.DeclarerSwap
		case "Result":
			return !r.Result.Irregular
		}
		return false
	}
	tag := func(t model.Tag) {
		if linCarried[t.Name] || vugraph && linCarriedVugraph[t.Name] {
			return
		}
		if v := strings.TrimSpace(t.Value); v == "" || v == "?" || derived(t.Name) {
			return
		}
		out = append(out, "tag "+t.Name)
	}
	// a fact's tag given again, whose value did not count, is PBN's
	// layout, which only the PBN writer reads: the reader reported it
	r.EachTag(tag)
	for _, seat := range pnSeats {
		// pn has no escaping: a reader takes a comma for the end of a
		// name unless a blank follows it, and a name opening with a
		// blank for the rest of the one before
		if v, ok := TagOrFact(r, seat); ok && (strings.HasPrefix(v, " ") || strings.Contains(v, "|") || badComma(v)) {
			out = append(out, "player "+seat+" as written ("+strconv.Quote(v)+": pn cannot carry it)")
		}
	}
	for i := range r.Sections {
		out = append(out, "section "+layout.SectionName(r, i))
	}
	if r.Deal.HasSmall() {
		out = append(out, "small cards given as x (LIN names every card: written without them)")
	}
	if a := r.Auction; a != nil {
		out = auctionLosses(out, a)
	}
	if p := r.Play; p != nil {
		out = playLosses(out, p)
	}
	if !vugraph {
		if brokenComments(r) {
			out = append(out, "line breaks in commentary (written as spaces: a single board is one line)")
		}
	}
	return out
}

// auctionLosses adds what LIN cannot carry of an auction to out.
func auctionLosses(out []string, a *model.Auction) []string {
	for _, c := range a.Calls {
		switch c.Kind {
		case model.NotYet, model.Skipped, model.Continue:
			out = append(out, "call "+c.String())
		case model.Other:
			// written as read (mb|AC|), which LIN readers cannot read
			out = append(out, "call "+strconv.Quote(c.Text)+" (no LIN call; written as read)")
		}
		if len(c.NAGs) > 0 {
			out = append(out, "NAGs on calls")
		}
		if c.Insufficient {
			out = append(out, "insufficient-bid mark ^I")
		}
	}
	if a.Star {
		out = append(out, "auction '*'")
	}
	return out
}

// playLosses adds what LIN cannot carry of a play to out.
func playLosses(out []string, p *model.Play) []string {
	for i := range p.Tricks {
		for j := range p.Tricks[i] {
			pc := &p.Tricks[i][j]
			switch {
			case pc.Kind == model.Unknown || pc.Kind == model.Next:
				out = append(out, "card "+pc.String())
			case pc.Note != 0:
				if _, ok := noteText(p.Notes, pc.Note); !ok {
					out = append(out, "note references on cards without their note")
				}
			}
			if len(pc.NAGs) > 0 {
				out = append(out, "NAGs on cards")
			}
			if pc.Revoke || pc.LeadOutOfTurn {
				out = append(out, "revoke and lead-out-of-turn marks")
			}
		}
	}
	// a play's "*" is no loss: a LIN play that stops is cut short, as a
	// PBN play that stops is read (with or without its "*")
	return out
}

// needsReadying reports whether PrepareForPBN would change r: it has a
// match, an explained or alerted call with no note, or a claim with no
// result given.
func needsReadying(r *model.Record) bool {
	if r.Match != nil {
		return true
	}
	if p := r.Play; p != nil && p.Claim >= 0 && !r.Given(model.FactResult) {
		return true
	}
	if a := r.Auction; a != nil {
		for i := range a.Calls {
			if c := &a.Calls[i]; c.Note == 0 && (c.Explanation != "" || c.Alert) {
				return true
			}
		}
	}
	return false
}

// PrepareForPBN readies a record read from LIN for the PBN writer and lists
// what PBN cannot carry: explanations and alerts become notes (PBN 3.5.4;
// PBN reads a call with a note as alerted, so an explanation of a call that
// was not alerted comes back alerted), the match gives the HomeTeam and
// VisitTeam tags, and a claim the Result. It works from the record's
// fields alone: a LIN layout (pauses, values as written, command order)
// is LIN's, which the PBN writer does not read; the commands and the
// commentary LIN's reader keeps are comments of the record already.
func PrepareForPBN(r *model.Record) []string {
	var out []string
	matchTags(r)
	if a := r.Auction; a != nil {
		var used [34]bool // note indexes 1..32 in use; no allocation on the hot path
		for _, n := range a.Notes {
			if n.Index > 0 && n.Index < len(used) {
				used[n.Index] = true
			}
		}
		next := 1
		for i := range a.Calls {
			c := &a.Calls[i]
			if c.Note != 0 || c.Explanation == "" && !c.Alert {
				continue
			}
			for next <= 32 && used[next] {
				next++
			}
			if next > 32 {
				out = append(out, "explanation (more than 32 notes)")
				continue
			}
			used[next] = true
			c.Note = next
			a.Notes = append(a.Notes, model.Note{Index: next, Text: c.Explanation, Pos: c.Pos})
			if !c.Alert {
				out = append(out, "alert flag (an explained call that was not alerted is alerted in PBN)")
			}
		}
	}
	if p := r.Play; p != nil {
		// the claim gives the Result, the declarer's tricks, only when there
		// is a declarer: without one a Result reads back as a fault ("tricks,
		// but no declarer"), and [Claim "N"] carries the claim (claimTag)
		if p.Claim >= 0 && !r.Given(model.FactResult) && r.Declarer.Valid() {
			r.Result = model.Result{Tricks: p.Claim, Defenders: -1}
		}
	}
	return out
}

// Dropped is what LIN could not carry of the records written so far
// (LINLosses).
func (lw *LINWriter) Dropped() Drops { return lw.dropped }

// badComma reports whether a name has a comma that no blank follows.
func badComma(v string) bool {
	for i := 0; i < len(v); i++ {
		if v[i] == ',' && (i+1 == len(v) || v[i+1] != ' ') {
			return true
		}
	}
	return false
}

// matchTags gives r the HomeTeam and VisitTeam tags of its match (the
// room is a fact, written from its field).
func matchTags(r *model.Record) {
	if m := r.Match; m != nil {
		if r.TagIndex("HomeTeam") < 0 {
			r.SetTag("HomeTeam", m.Home.Name)
		}
		if r.TagIndex("VisitTeam") < 0 {
			r.SetTag("VisitTeam", m.Visit.Name)
		}
	}
}
