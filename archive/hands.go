package archive

import "strings"

// handPoints appends to rows the row of hand_points (schema version 20)
// of a game with deal (its PBN form from North, nil for none): for each
// seat, the hand's high-card points * 65536 + its spades * 4096 + hearts
// * 256 + diamonds * 16 + clubs, nil for a hand not known ("-"). They
// are counted from the deal's text as the hands view of version 13
// counted them: an ace, king, queen and jack 4, 3, 2 and 1 wherever they
// stand, a suit's length the characters between its dots.
func handPoints(rows []any, deal any) []any {
	d, ok := deal.(string)
	if !ok || len(d) < 2 || d[1] != ':' {
		return rows
	}
	first := strings.IndexByte("NESW", d[0])
	if first < 0 {
		return rows
	}
	var seats [4]any
	rest := d[2:]
	for k := 0; k < 4; k++ { // the hands between spaces, as strings.Split gives them
		h, j := rest, strings.IndexByte(rest, ' ')
		if j >= 0 {
			h, rest = rest[:j], rest[j+1:]
		}
		if h != "-" {
			seats[(first+k)%4] = int64(handValue(h))
		}
		if j < 0 {
			break
		}
	}
	return append(rows, nil, seats[0], seats[1], seats[2], seats[3])
}

// handValue is a hand's value in hand_points; its suits are what the
// first three dots part (as strings.SplitN(h, ".", 4) gives them).
func handValue(h string) int {
	hcp, v := 0, 0
	suit, start := 0, 0
	for i := 0; i <= len(h); i++ {
		if i == len(h) || h[i] == '.' && suit < 3 {
			v += (i - start) << (4 * (3 - suit))
			suit, start = suit+1, i+1
			continue
		}
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
	return hcp*65536 + v
}
