package pipeline

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"handrec/model/scoring"
)

// A long team match is played, and its files given, in stanzas
// (segments): LIN's vg names each ("Stanza 6 of 8", "Segment 3 of 4",
// "Final 2_4") and states its carry-over, the match's own and the IMPs of
// the stanzas before it. The victory points are for the match's total
// over all its boards, carry-over included: a later stanza alone shows
// its IMPs and the running score, and the stanzas of one match given
// together are scored as that match.

// stanzaRE finds a stanza's number and the match's count of stanzas in a
// stage: "6 of 8", "2_4", "1 OFF 5", "2/2".
var stanzaRE = regexp.MustCompile(`(?i)(\d+)\s*(?:of|off|_|/)\s*(\d+)`)

// stanzaOf reads stage's stanza number k of n, and the stage without them
// (which the stanzas of one match share); ok false when it names none.
func stanzaOf(stage string) (rest string, k, n int, ok bool) {
	loc := stanzaRE.FindAllStringSubmatchIndex(stage, -1)
	if len(loc) == 0 {
		return stage, 0, 0, false
	}
	m := loc[len(loc)-1]
	k, _ = strconv.Atoi(stage[m[2]:m[3]])
	n, _ = strconv.Atoi(stage[m[4]:m[5]])
	if k < 1 || k > n {
		return stage, 0, 0, false
	}
	return strings.ToLower(strings.TrimSpace(stage[:m[0]]) + "#" + strings.TrimSpace(stage[m[1]:])), k, n, true
}

// segment is a stanza of a match being joined: its match as read and its
// number.
type segment struct {
	m    *teamMatch
	k, n int
}

// scoredMatches are the team matches read, scored: each stanza of a match
// given with others of it (same event, teams and stage but the stanza's
// number) that carries a score over is joined to the one before it, into
// one match; a stanza that carries none over (a round of a round robin
// between the same teams) starts a match. A match stands where its first
// stanza was read.
func (tc *teamCollector) scoredMatches() []ScoredMatch {
	groups := map[string][]segment{}
	var order []string
	for _, m := range tc.matches {
		rest, k, n, ok := stanzaOf(m.name.Stage)
		key := m.name.Event + "\x00" + m.name.Home + "\x00" + m.name.Visit + "\x00" + rest
		if !ok {
			key = fmt.Sprintf("%p", m) // a match of its own
		}
		if _, seen := groups[key]; !seen {
			order = append(order, key)
		}
		groups[key] = append(groups[key], segment{m, k, n})
	}
	out := make([]ScoredMatch, 0, len(order))
	for _, key := range order {
		segs := groups[key]
		slices.SortStableFunc(segs, func(a, b segment) int { return a.k - b.k })
		for len(segs) > 0 {
			n := 1
			for n < len(segs) && segs[n].k > 1 && segs[n].m.carry != [2]float64{} {
				n++
			}
			out = append(out, joinStanzas(segs[:n]))
			segs = segs[n:]
		}
	}
	return out
}

// joinStanzas scores the stanzas segs of one match, in order. The victory
// points are given when they are the whole match: they begin it (the
// first stanza, or no carry-over: a round of a round robin is a match of
// its own), none is missing between them, and the last is the match's
// last (or its stage does not say how many there are).
func joinStanzas(segs []segment) ScoredMatch {
	first, last := segs[0], segs[len(segs)-1]
	stanzas := make([]scoring.Stanza, len(segs))
	for i, s := range segs {
		s.m.fromResults()
		stanzas[i] = scoring.Stanza{Name: s.m.name.Stage, Boards: s.m.boards, Carry: s.m.carry}
	}
	noVP := ""
	switch {
	case first.k > 1 && first.m.carry != [2]float64{}:
		noVP = fmt.Sprintf("%s: its carry-over %s - %s is the IMPs of the stanzas before it, which are not in the input; "+
			"the victory points are for the match's total over all its boards", first.m.name.Stage, num(first.m.carry[0]), num(first.m.carry[1]))
	case gap(segs) != "":
		noVP = gap(segs) + " is not in the input: the victory points are for the match's total over all its boards"
	case len(segs) > 1 && last.k < last.n:
		noVP = fmt.Sprintf("the match has %d stanzas and the input ends with %s: the victory points are for its total over all its boards", last.n, last.m.name.Stage)
	}
	name := first.m.name
	if len(segs) > 1 {
		name.Stage = first.m.name.Stage + " to " + last.m.name.Stage
	}
	sm := ScoredMatch{Name: name, Match: scoring.ScoreStanzas(stanzas, noVP == "", noVP), lineOf: map[string]int{}}
	k := 0
	for _, s := range segs {
		for _, b := range s.m.boards {
			sm.lineOf[s.m.key+"\x00"+strconv.Itoa(b.Board)] = k
			k++
		}
	}
	return sm
}

// gap names the first stanza missing between segs, "" for none.
func gap(segs []segment) string {
	for i := 1; i < len(segs); i++ {
		if segs[i].k > segs[i-1].k+1 {
			return fmt.Sprintf("stanza %d of %d", segs[i-1].k+1, segs[i].n)
		}
	}
	return ""
}

// num is a score as written: "127", "1.5".
func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
