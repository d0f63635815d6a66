package model

import "testing"

func TestProblemKindOf(t *testing.T) {
	kind := func(sev Severity, msg string) string { return Problem{Severity: sev, Message: msg}.KindOf() }
	for _, c := range []struct{ msg, want string }{
		{"play: South plays CA, which East holds", "error: play: SEAT plays CARD, which SEAT holds"},
		{"play: N plays HT, which W holds", "error: play: SEAT plays CARD, which SEAT holds"},
		{`deal: bad rank "\r" in South's hand`, `error: deal: bad rank "_" in SEAT's hand`},
		{"deal: S9 is dealt twice (again to West)", "error: deal: CARD is dealt twice (again to SEAT)"},
		{"contract 1NT does not match the auction (1NTX)", "error: contract BID does not match the auction (BID)"},
		{"more than 10,000 items in this record", "error: more than N items in this record"},
		{`auction: bad irregularity ^ξ; kept as a comment`, "error: auction: bad irregularity ^_ kept as a comment"},
		{`tag "unclosed: N1 x10,000y 3, 4`, `error: tag "unclosed: NN xNy N N`},
		{`note "a \"b\""... then 7NTXX, 1NTXXX and West's`, `error: note "_" then BID, NNTXXX and SEAT's`},
	} {
		if got := kind(SevError, c.msg); got != c.want {
			t.Errorf("KindOf(%q) = %q, want %q", c.msg, got, c.want)
		}
	}
	if a, b := kind(SevError, "date: bad value"), kind(SevWarning, "date: bad value"); a == b {
		t.Errorf("an error and a warning of one message are one kind: %q", a)
	}
}
