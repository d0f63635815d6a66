package dd

import "math/bits"

// cutBits is the log of the number of places in the cutoff table.
const cutBits = 15

// cutoffs remembers, by a hash of what a turn looks like, the card that
// last settled a turn that looked so (bridge-solver's cut-off cache): it is
// tried before any other, and the others are weighed only when it does not
// settle the question. It is a hint: a wrong card costs time, never a
// wrong answer. A place holds the hash's high bits and the card (0 none).
type cutoffs [1 << cutBits]uint32

// cutHash mixes the two words of a key into one.
func cutHash(a, b uint64) uint64 {
	h := (a ^ b*0x9E3779B97F4A7C15) * 0xD6E8FEB86659FD93
	return h ^ h>>29
}

// get returns the card remembered for hash h, 0 if none.
func (c *cutoffs) get(h uint64) int {
	e := c[h>>(64-cutBits)]
	if e&^0xff != uint32(h)&^0xff {
		return 0
	}
	return int(e & 0xff)
}

// put remembers card for hash h.
func (c *cutoffs) put(h uint64, card int) {
	c[h>>(64-cutBits)] = uint32(h)&^0xff | uint32(card)
}

// followKey is the hash a follow turn's hint is kept under: p plays the
// pos-th card of t. In the suit led it is the cards of the suit still in
// play, the card winning and who led; void, p's hand, the card (at no
// trump the hand) winning, and the tricks p's side needs in a trump
// contract.
func (s *search) followKey(p, pos int, t *trick, mine uint16, target int) uint64 {
	x := uint64(pos)<<8 | uint64(s.trump)<<10
	if mine != 0 {
		return cutHash(uint64(suitOf(s.all()|t.played, t.suit))<<16|uint64(t.wcard)<<32|uint64(p)<<40, x|1<<13)
	}
	w := uint64(t.wcard)
	if s.trump == nt {
		w = uint64(t.winner)
	} else {
		x |= uint64(needOf(p, target, bits.OnesCount64(s.hands[p]))) << 14
	}
	return cutHash(s.hands[p], x|w<<20)
}

// seqOf is the move standing for card c of hand h among present: the top
// of c's sequence.
func seqOf(h uint64, c int, present uint64) int {
	su := c >> 4
	tops := seqTops(suitOf(h, su), suitOf(present, su)) &^ (uint16(1)<<uint(c&15) - 1)
	return su<<4 | bits.TrailingZeros16(tops)
}

// leadKey is the hash a lead's hint is kept under: the leader's hand, the
// parity of partner's suit lengths and, in a trump contract, the tricks
// the leader's side needs.
func (s *search) leadKey(leader, target int) uint64 {
	x := uint64(s.trump)<<10 | 2<<13
	pl := suitLens(s.hands[leader^2])
	x |= (pl&1 | pl>>3&2 | pl>>6&4 | pl>>9&8) << 16
	if s.trump != nt {
		x |= uint64(needOf(leader, target, bits.OnesCount64(s.hands[leader]))) << 20
	}
	return cutHash(s.hands[leader], x)
}
