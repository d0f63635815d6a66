package model

import "testing"

func BenchmarkKindOf(b *testing.B) {
	msgs := []string{"play: South plays CA, which East holds", `deal: bad rank "\r" in South's hand`,
		"contract 1NT does not match the auction (1NTX)", "more than 10,000 items in this record",
		"play: West revokes at trick 3 (D2 on a club lead), holding a club"}
	for i := 0; i < b.N; i++ {
		for _, m := range msgs {
			Problem{Severity: SevError, Message: m}.KindOf()
		}
	}
}
