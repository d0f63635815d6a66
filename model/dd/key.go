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

// key is the position at the start of a trick with ranks made relative:
// for each suit, the owner of each card left (two bit-planes, in rank
// order) and how many are left, and the leader. Two positions with the
// same key have the same double-dummy value.
func (s *search) key(leader int) (uint64, uint64) {
	a := s.hands[1] | s.hands[3] // the owner's low bit
	b := s.hands[2] | s.hands[3] // the owner's high bit
	all := s.all()
	var k [4]uint64
	for su := 0; su < 4; su++ {
		m := suitOf(all, su)
		k[su] = uint64(pext16(suitOf(a, su), m)) | uint64(pext16(suitOf(b, su), m))<<13 | uint64(bits.OnesCount16(m))<<26
	}
	return k[0] | k[1]<<30 | uint64(leader)<<60, k[2] | k[3]<<30
}
