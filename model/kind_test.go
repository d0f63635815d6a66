package model

import "testing"

func TestProblemKindOf(t *testing.T) {
	t.Parallel()
	kind := func(sev Severity, msg string) string { return Problem{Severity: sev, Message: msg}.KindOf() }
	for _, c := range []struct{ name, msg, want string }{
		{"seat names and a card", "play: South plays CA, which East holds", "error: play: SEAT plays CARD, which SEAT holds"},
		{"seat letters", "play: N plays HT, which W holds", "error: play: SEAT plays CARD, which SEAT holds"},
		{"a quoted control character", `deal: bad rank "\r" in South's hand`, `error: deal: bad rank "_" in SEAT's hand`},
		{"a card and a seat", "deal: S9 is dealt twice (again to West)", "error: deal: CARD is dealt twice (again to SEAT)"},
		{"bids", "contract 1NT does not match the auction (1NTX)", "error: contract BID does not match the auction (BID)"},
		{"a number with a comma", "more than 10,000 items in this record", "error: more than N items in this record"},
		{"a letter outside ASCII and a semicolon", `auction: bad irregularity ^ξ; kept as a comment`, "error: auction: bad irregularity ^_ kept as a comment"},
		{"an unclosed quote", `tag "unclosed: N1 x10,000y 3, 4`, `error: tag "unclosed: NN xNy N N`},
		{"escaped quotes, an ellipsis and a trebled double", `note "a \"b\""... then 7NTXX, 1NTXXX and West's`, `error: note "_" then BID, NNTXXX and SEAT's`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := kind(SevError, c.msg); got != c.want {
				t.Errorf("KindOf(%q) = %q, want %q", c.msg, got, c.want)
			}
		})
	}
	if a, b := kind(SevError, "date: bad value"), kind(SevWarning, "date: bad value"); a == b {
		t.Errorf("an error and a warning of one message are one kind: %q", a)
	}
}
