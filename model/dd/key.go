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

// position is the search's state at the start of a trick as the table
// sees it: ranks made relative, the owner of each card left in two
// bit-planes, and the suit lengths of each hand.
func (s *search) position(leader int) pos {
	a := s.hands[1] | s.hands[3] // the owner's low bit
	b := s.hands[2] | s.hands[3] // the owner's high bit
	all := s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3]
	p := pos{leader: leader}
	for su := 0; su < 4; su++ {
		m := suitOf(all, su)
		p.n[su] = uint8(bits.OnesCount16(m))
		sh := uint(su&1) * 13
		p.own[su>>1] |= uint64(pext16(suitOf(a, su), m))<<sh | uint64(pext16(suitOf(b, su), m))<<(sh+26)
		for h := 0; h < 4; h++ {
			p.lens |= uint64(bits.OnesCount16(suitOf(s.hands[h], su))) << (4 * uint(su*4+h))
		}
	}
	return p
}
