package diagram

import (
	"regexp"
	"strings"

	"handrec/model"
)

// The books of the 1900s-30s give the auction in a sentence: "Z passes, A
// bids one no trump, Y passes, B two no trump, Z passes, A three no
// trump, and all pass." A run of such clauses, each a player and his
// call (the verb may be left out), is an auction phrase: read when the
// deal has no auction table, its players checked to call in turn.

var (
	// clauseRe is one call in words: the player (none: the one the
	// sentence opened with, "Z deals and bids one heart"), a verb, the call
	clauseRe = regexp.MustCompile(`^(?i:and\s+|then\s+)?(` + seatPat + `)?\s*(?i:(?:bids|bid|declares|declared|calls|says|opens(?:\s+with)?|opened(?:\s+with)?|responds|rebids|raises\s+to|raised\s+to|goes\s+to|went\s+to|jumps\s+to|makes\s+it)\s+)?((?i:passes|passed|pass|doubles|doubled|double|redoubles|redoubled|redouble)\b|` + contractP + `)$`)
	// allPassRe ends the run: "and all pass", "which all pass"
	allPassRe = regexp.MustCompile(`^(?i:(?:and\s+|which\s+|then\s+)?(?:all|everyone|all\s+the\s+others|the\s+others|the\s+rest)\s+pass(?:es|ed)?)$`)
	// clauseSep parts a sentence's clauses
	clauseSep = regexp.MustCompile(`[,;]|\s+and\s+(?:then\s+)?`)
	// seatClause is a player alone, his call in the clause after: the
	// columns' "The bidding: West, pass; North, 1 spade; ..."
	seatClause = regexp.MustCompile(`^(?:(?i:the\s+)?(?i:bidding|auction)\s*:\s*)?(` + seatPat + `)$`)
)

// auctionPhrases finds the auctions in words of line s (low in lower
// case): each run of two
// calls or more in one sentence, its players as written.
func auctionPhrases(s, low string) []phrase {
	if !hinted(low, []string{"pass", "bid", "doubl"}) {
		return nil
	}
	var out []phrase
	start := 0
	for start < len(s) {
		end := sentenceEnd(s, start)
		if p, ok := auctionIn(s, start, end); ok {
			out = append(out, p)
		}
		start = end + 1
	}
	return out
}

// sentenceEnd is the end of the sentence that starts at byte from: a
// full stop followed by a blank or the end (not that of "N.T." or "S.").
func sentenceEnd(s string, from int) int {
	for i := from; i < len(s); i++ {
		if s[i] == '.' && (i+1 == len(s) || s[i+1] == ' ') && !(i >= 2 && s[i-2] == '.') && !(i >= 1 && s[i-1] >= 'A' && s[i-1] <= 'Z' && (i < 2 || s[i-2] == ' ' || s[i-2] == '.')) {
			return i
		}
	}
	return len(s)
}

// auctionIn reads the run of calls in s[from:to], a sentence.
func auctionIn(s string, from, to int) (phrase, bool) {
	sent := s[from:to]
	bounds := clauseSep.FindAllStringIndex(sent, -1)
	var seats []string
	var calls []model.Call
	at, end := -1, -1
	prev := 0
	seat, seatAt := "", 0 // a player alone in his clause, and where
clauses:
	for i := 0; i <= len(bounds); i++ {
		cut := len(sent)
		if i < len(bounds) {
			cut = bounds[i][0]
		}
		clause := strings.TrimSpace(sent[prev:cut])
		off := from + prev + strings.Index(sent[prev:cut], clause)
		clauseEnd := off + len(clause)
		if i < len(bounds) {
			prev = bounds[i][1]
		}
		if clause == "" {
			continue // ", and all pass"
		}
		if m := seatClause.FindStringSubmatch(clause); m != nil && seat == "" {
			seat, seatAt = m[1], off
			continue
		}
		m := clauseRe.FindStringSubmatch(clause)
		switch {
		case seat != "" && m != nil && m[1] == "":
			m[1], off = seat, seatAt
			seat = ""
		case seat != "":
			seat = "" // a player alone, and no call of his after
			if len(calls) > 0 {
				break clauses
			}
		}
		if m != nil {
			c, ok := callWord(m[2])
			if !ok {
				break
			}
			if at < 0 {
				at = off
			}
			seats = append(seats, m[1])
			calls = append(calls, c)
			end = clauseEnd
			continue
		}
		if len(calls) > 0 && allPassRe.MatchString(clause) {
			calls = append(calls, model.Call{Kind: model.AllPass})
			end = off + len(clause)
			break
		}
		if len(calls) > 0 {
			break
		}
	}
	if len(calls) < 2 || seats[0] == "" && len(seats) > 1 && seats[1] == "" {
		return phrase{}, false
	}
	return phrase{kind: phAuction, at: at, end: end, calls: calls, seats: seats}, true
}

// callWord reads a call in words: "passes", "doubles", "two no trump".
func callWord(s string) (model.Call, bool) {
	switch l := strings.ToLower(s); {
	case strings.HasPrefix(l, "pass"):
		return model.Call{Kind: model.Pass}, true
	case strings.HasPrefix(l, "redoubl"):
		return model.Call{Kind: model.Redouble}, true
	case strings.HasPrefix(l, "doubl"):
		return model.Call{Kind: model.Double}, true
	}
	c, ok := contractWords(s)
	if !ok || c.Doubled > 0 {
		return model.Call{}, false
	}
	return model.Call{Kind: model.BidCall, Level: c.Level, Strain: c.Strain}, true
}

// settleAuction makes the auction a sentence gives the deal's, where no
// table gave one: its players must call in turn, from the first named (or
// the dealer, where the sentence names none first).
func (bd *dgBuilder) settleAuction() {
	r, st := bd.r, bd.auctionSaid
	if st == nil || r.Auction != nil {
		return
	}
	first := r.Dealer
	for i, name := range st.seats {
		if name == "" {
			if i > 0 {
				continue // the player of the clause before
			}
		} else {
			s, ok := bd.seats.seat(strings.TrimSuffix(name, "."))
			if !ok {
				r.Warnf(st.pos, "auction in words %q: %q is no player of the deal: not read", st.words, name)
				return
			}
			if i == 0 && r.Dealer.Valid() && s != r.Dealer {
				r.Warnf(st.pos, "auction in words %q: %s calls first, but the dealer is %s: not read", st.words, s.Name(), r.Dealer.Name())
				return
			}
			if i == 0 {
				first = s
			} else if first.Valid() && s != first.Add(i) {
				r.Warnf(st.pos, "auction in words %q: %s calls out of turn: not read", st.words, s.Name())
				return
			}
		}
	}
	if !first.Valid() {
		r.Warnf(st.pos, "auction in words %q: who called first is not known: not read", st.words)
		return
	}
	a := &model.Auction{First: first, Pos: st.pos}
	for _, c := range st.calls {
		c.Pos = st.pos
		a.Calls = append(a.Calls, c)
	}
	r.Auction = a
}
