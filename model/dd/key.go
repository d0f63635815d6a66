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
}

// shape returns the position with leader to lead as far as the table's
// key goes: the suit lengths and the leader; owners adds the rest.
func (s *search) shape(leader int) pattern {
	p := pattern{leader: leader}
	for h := 0; h < 4; h++ {
		p.lens |= suitLens(s.hands[h]) << (16 * uint(h))
	}
	return p
}

// owners fills in the owners of the cards of p. A suit whose cards lie as
// they did when the last pattern was made (a trick touches one or two
// suits) keeps the owners worked out then.
func (s *search) owners(p *pattern) {
	all := s.all()
	c := &s.pat
	same := ^(s.hands[0] ^ c.hands[0] | s.hands[1] ^ c.hands[1] | s.hands[2] ^ c.hands[2] | s.hands[3] ^ c.hands[3])
	for su := uint(0); su < 4; su++ {
		sh := 16 * su
		if uint16(same>>sh) == 0xffff {
			continue
		}
		m := uint16(all >> sh)
		k := uint(16 - bits.OnesCount16(m))
		a := uint16((s.hands[1] | s.hands[3]) >> sh) // the owner's low bit
		b := uint16((s.hands[2] | s.hands[3]) >> sh) // the owner's high bit
		keep := ^(uint64(0xffff) << sh)
		c.a = c.a&keep | uint64(uint16(pext16(a, m)<<k))<<sh
		c.b = c.b&keep | uint64(uint16(pext16(b, m)<<k))<<sh
	}
	c.hands = s.hands
	p.a, p.b = c.a, c.b
}

// pattern returns the position with leader to lead.
func (s *search) pattern(leader int) pattern {
	p := s.shape(leader)
	s.owners(&p)
	return p
}

// patCache is the last pattern's owners (a and b as pattern's) and the
// hands they were worked out from.
type patCache struct {
	hands [4]uint64
	a, b  uint64
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
// position they stand for: in each suit, as many of the cards left from
// the top as the mask has places.
func relOf(all, mask uint64) uint64 {
	var rel uint64
	for su := uint(0); su < 4; su++ {
		k := bits.OnesCount16(uint16(mask >> (16 * su)))
		if k == 0 {
			continue
		}
		m := uint16(all >> (16 * su))
		hi, lo := uint8(m>>8), uint8(m)
		var r uint16
		if ph := bits.OnesCount8(hi); k <= ph {
			r = uint16(topN8[hi][k]) << 8
		} else {
			r = uint16(hi)<<8 | uint16(topN8[lo][k-ph])
		}
		rel |= uint64(r) << (16 * su)
	}
	return rel
}

// topN8[x][k] is the k highest bits of x (k no more than x holds).
var topN8 = func() *[256][9]uint8 {
	var t [256][9]uint8
	for x := 0; x < 256; x++ {
		var v uint8
		k := 1
		for b := 7; b >= 0 && k <= 8; b-- {
			if x>>b&1 != 0 {
				v |= 1 << b
				t[x][k] = v
				k++
			}
		}
	}
	return &t
}()
