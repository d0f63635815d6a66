package archive

import (
	"strings"
	"testing"
)

// rotateDeal is deal, a deal in PBN's form from North as the game's column
// holds it, written from the k-th seat after North ("E:..." for 1), as the
// tags view writes it; "" for a deal not of that form.
func rotateDeal(deal string, k int) string {
	if k == 0 {
		return deal
	}
	if len(deal) < 2 || deal[:2] != "N:" {
		return ""
	}
	h := strings.Split(deal[2:], " ")
	if len(h) != 4 {
		return ""
	}
	return string("NESW"[k]) + ":" + h[k] + " " + h[(k+1)%4] + " " + h[(k+2)%4] + " " + h[(k+3)%4]
}

// dealFrom finds the seat a Deal tag is written from as the loop over
// rotateDeal it replaced did (the first k whose rotation is the tag), on
// every rotation of a deal and on texts that are none; but for an empty
// tag beside a column not in the form (the old loop took rotateDeal's ""
// for "no rotation" as a match).
func TestDealFrom(t *testing.T) {
	deal := "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
	tags := []string{"", "N", "E:", "N:x", deal + " ", "E:" + deal[2:], "N:a b c d e", "E:b c d e a", "W:d e a b c",
		"S:765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432 T98.765.432.AKQJ x", "X" + deal[1:], "E;" + deal[2:]}
	for k := 0; k < 4; k++ {
		tags = append(tags, rotateDeal(deal, k), rotateDeal(deal, k)[:len(deal)-1]+"5")
	}
	for _, d := range []string{deal, "N:a b c d e", "N:a b c d", "E:" + deal[2:], "", "N", "N:"} {
		for _, tag := range append(tags, rotateDeal(d, 1), rotateDeal(d, 2), rotateDeal(d, 3)) {
			want, wantOK := 0, false
			for k := 0; k < 4; k++ {
				if r := rotateDeal(d, k); r == tag && (r != "" || k == 0) {
					want, wantOK = k, true
					break
				}
			}
			if got, ok := dealFrom(d, tag); got != want || ok != wantOK {
				t.Errorf("dealFrom(%q, %q) = %d, %v; want %d, %v", d, tag, got, ok, want, wantOK)
			}
		}
	}
	if k, ok := dealFrom(deal, rotateDeal(deal, 3)); k != 3 || !ok || !strings.HasPrefix(rotateDeal(deal, 3), "W:") {
		t.Errorf("West's rotation: %d, %v", k, ok)
	}
}

// handValueSplit is handValue as it was written, with strings.SplitN.
func handValueSplit(h string) int {
	hcp := 0
	for i := 0; i < len(h); i++ {
		switch h[i] {
		case 'A':
			hcp += 4
		case 'K':
			hcp += 3
		case 'Q':
			hcp += 2
		case 'J':
			hcp++
		}
	}
	v := hcp * 65536
	for i, suit := range strings.SplitN(h, ".", 4) {
		v += len(suit) << (4 * (3 - i))
	}
	return v
}

// handValue counts as the SplitN it replaced did, odd hands included.
func TestHandValue(t *testing.T) {
	for _, h := range []string{"", ".", "...", "....", "AKQJ.T98.765.432", "AKQJT98765432...", "...AKQJT98765432",
		"A.K.Q.J.T", "A.K.Q.J.T.9", "AK", "AK.", ".AK", "x.y.z", "AKQJT98765432AKQ...", "-"} {
		if got, want := handValue(h), handValueSplit(h); got != want {
			t.Errorf("handValue(%q) = %#x, want %#x", h, got, want)
		}
	}
}
