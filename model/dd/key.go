package dd

import "math/bits"

// pext8[m][x] packs the bits of x selected by m into the low bits.
var pext8 = func() *[256][256]uint8 {
	var t [256][256]uint8
	for m := 0; m < 256; m++ {
		for x := 0; x < 256; x++ {
			var v, k uint8
			for b := 0; b < 8; b++ {
				if m>>b&1 != 0 {
					v |= uint8(x>>b&1) << k
					k++
				}
			}
			t[m][x] = v
		}
	}
	return &t
}()

// pext16 packs the bits of x selected by m into the low bits of the result.
func pext16(x, m uint16) uint32 {
	lo := pext8[m&0xff][x&0xff]
	hi := pext8[m>>8][x>>8]
	return uint32(lo) | uint32(hi)<<uint(bits.OnesCount8(uint8(m)))
}

// pattern is a position at the start of a trick as the transposition
// table sees it. Ranks are relative: in each suit the cards left are
// listed from the top, and a and b hold the two bits of each one's owner
// (the top card left at bit 15 of the suit's 16 bits, the next at bit 14,
// and so on). lens holds the length of each hand in each suit, four bits
// each at 4*(4*hand+suit).
type pattern struct {
	lens, a, b uint64
	leader     int
	strain     int // the trump suit, nt when no trumps are left
}

// pattern returns the position with leader to lead.
func (s *search) pattern(leader int) pattern {
	a := s.hands[1] | s.hands[3] // the owner's low bit
	b := s.hands[2] | s.hands[3] // the owner's high bit
	all := s.all()
	p := pattern{leader: leader, strain: nt}
	if s.trump != nt && suitOf(all, s.trump) != 0 {
		p.strain = s.trump
	}
	for su := 0; su < 4; su++ {
		m := suitOf(all, su)
		sh := uint(16 - bits.OnesCount16(m))
		p.a |= uint64(uint16(pext16(suitOf(a, su), m)<<sh)) << (16 * uint(su))
		p.b |= uint64(uint16(pext16(suitOf(b, su), m)<<sh)) << (16 * uint(su))
	}
	for h := 0; h < 4; h++ {
		p.lens |= suitLens(s.hands[h]) << (16 * uint(h))
	}
	return p
}

// suitLens counts the cards of each suit of h, four bits a suit.
func suitLens(h uint64) uint64 {
	x := h - h>>1&0x5555555555555555
	x = x&0x3333333333333333 + x>>2&0x3333333333333333
	x = (x + x>>4) & 0x0f0f0f0f0f0f0f0f
	x = (x + x>>8) & 0x00ff00ff00ff00ff // each suit's count, at 16*suit
	return x&0xf | x>>12&0xf0 | x>>24&0xf00 | x>>36&0xf000
}

// topMask selects, in each suit of a pattern, the places of the cards
// left at or above the lowest card of rel: the cards whose owners an
// answer relied on. all is the cards left.
func topMask(all, rel uint64) uint64 {
	var m uint64
	for su := 0; su < 4; su++ {
		r := suitOf(rel, su)
		if r == 0 {
			continue
		}
		k := bits.OnesCount16(suitOf(all, su) &^ (r&-r - 1))
		m |= uint64(^uint16(0xffff>>uint(k))) << (16 * uint(su))
	}
	return m
}

// relOf turns a mask of pattern places back into the cards of this
// position they stand for.
func relOf(all, mask uint64) uint64 {
	var rel uint64
	for su := 0; su < 4; su++ {
		k := bits.OnesCount16(suitOf(mask, su))
		m := suitOf(all, su)
		for ; k > 0; k-- {
			t := uint16(1) << uint(top16(m))
			rel |= uint64(t) << (16 * uint(su))
			m &^= t
		}
	}
	return rel
}
