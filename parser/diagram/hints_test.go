package diagram

import (
	"strings"
	"testing"
)

// A matcher's hints only spare the lines none of its matches can hold:
// every line its pattern matches holds one, blanks doubled (as a typed or
// OCR'd line has them) included.
func TestHintsCoverTheirForms(t *testing.T) {
	lines := []string{
		"Board 7, Dealer East", "No. 31", "South deals", "Dealer: S", "North-South vulnerable",
		"Vul: NS", "Love all", "Game to North-South", "Contract: 1♥ by South", "The contract is two no trumps, played by Z.",
		"West plays in three no-trump", "A is the declarer at three no trump", "Z deals, and makes it no trumps",
		"passes the declaration to Y, who makes it hearts", "Hearts are trumps.", "Passed out", "Declarer: West",
		"Opening lead: jack of ♠", "West led the ♦K", "The opening lead was the king of hearts", "A leads a small club",
		"Result: 9 tricks", "Result: 4♠ -1", "East made nine tricks", "Made 10 tricks", "Down one",
		"made his contract with an overtrick", "A makes five odd", "Y-Z win three by cards", "A-B win the odd trick",
		"A is set for two tricks", "North finished one trick short", "(From The Bridge World, March 1965.)",
		"Monday, March 4, 1955", "Declarer just made his contract.", "He made the contract exactly",
	}
	for _, l := range lines {
		for k, s := range []string{l, strings.ReplaceAll(l, " ", "  ")} {
			matched := false
			for i, mt := range matchers {
				if mt.re.MatchString(s) {
					matched = true
					if !hinted(strings.ToLower(s), mt.hints) {
						t.Errorf("matcher %d matches %q, which holds none of its hints %q", i, s, mt.hints)
					}
				}
			}
			if !matched && k == 0 {
				t.Errorf("no matcher matches %q", s)
			}
		}
	}
}
