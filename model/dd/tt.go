package dd

import "math/bits"

// DefaultTableBytes is the transposition table's size when none is given.
const DefaultTableBytes = 64 << 20

// entry is one stored position, generalised: it matches every position
// with the same leader and suit lengths in each hand whose top cards[s]
// cards of each suit s lie in the same hands (own, two bit-planes of the
// owners in relative rank order). Lower cards never won a trick by rank in
// the search that found the bounds, so they do not matter.
type entry struct {
	lens   uint64 // the length of each suit in each hand, four bits each
	own    [2]uint64
	tops   uint16 // how many top cards of each suit count, four bits each
	lb, ub int8
	gen    uint8
	depth  uint8
	leader uint8
	best   uint8 // the lead that worked: suit<<4 | place from the top
}

const bucketSize = 8

type bucket [bucketSize]entry

// table is a set-associative transposition table of fixed size. Entries
// of an older generation count as empty, so moving to a new strain or deal
// costs nothing.
type table struct {
	b     []bucket
	mask  uint64
	gen   uint8
	bytes int
}

// entryBytes is the size of one entry in memory.
const entryBytes = 40

func newTable(size int) *table {
	n := size / (entryBytes * bucketSize)
	if n < 1 {
		n = 1
	}
	n = 1 << (bits.Len(uint(n)) - 1) // a power of two, not above the size
	return &table{b: make([]bucket, n), mask: uint64(n - 1), gen: 1, bytes: n * entryBytes * bucketSize}
}

// next starts a new generation: every stored entry is forgotten.
func (t *table) next() {
	t.gen++
	if t.gen == 0 {
		for i := range t.b {
			t.b[i] = bucket{}
		}
		t.gen = 1
	}
}

// hashTops is how many top cards of each suit every entry covers at least:
// the table hashes on their owners, so entries spread over the buckets.
const hashTops = 2

// slot is the bucket of p: a hash of its lengths, leader and the owners of
// the top hashTops cards of each suit.
func (t *table) slot(p *pos) *bucket {
	var top uint64
	for s := 0; s < 4; s++ {
		m := topMask(p.n[s], min(p.n[s], hashTops), s)
		top |= p.own[s>>1] & (m | m<<26) << (uint(s>>1) * 7)
	}
	h := (p.lens + uint64(p.leader)) * 0x9E3779B97F4A7C15
	h ^= (top + 0x632BE59BD9B4E019) * 0xC2B2AE3D27D4EB4F
	h ^= h >> 31
	return &t.b[h&t.mask]
}

// minTops raises tops to cover at least the hashTops top cards of each suit.
func minTops(p *pos, tops uint16) uint16 {
	var out uint16
	for s := 0; s < 4; s++ {
		k := max(uint8(tops>>(4*uint(s))&15), min(p.n[s], hashTops))
		out |= uint16(k) << (4 * uint(s))
	}
	return out
}

// pos is a position as the table sees it.
type pos struct {
	lens   uint64
	own    [2]uint64
	n      [4]uint8 // cards left in each suit
	leader int
}

// topMask selects the top k of n relative ranks of suit s in own.
func topMask(n, k uint8, s int) uint64 {
	m := uint64(1)<<n - uint64(1)<<(n-k)
	return m << (uint(s&1) * 13)
}

func (e *entry) matches(p *pos) bool {
	for s := 0; s < 4; s++ {
		k := uint8(e.tops >> (4 * uint(s)) & 15)
		if k == 0 {
			continue
		}
		m := topMask(p.n[s], k, s)
		i := s >> 1
		// own[i] holds suits 2i and 2i+1, each two planes of 13 bits apart by 26
		if (e.own[i]^p.own[i])&(m|m<<26) != 0 {
			return false
		}
	}
	return true
}

// lookup returns the tightest bounds the table knows for p, with the top
// cards each relies on, and a lead that worked there (noBest if none).
func (t *table) lookup(p *pos, n int) (lb, ub int, lbTops, ubTops uint16, best uint8) {
	b := t.slot(p)
	lb, ub, best = 0, n, noBest
	for i := range b {
		e := &b[i]
		if e.gen != t.gen || e.lens != p.lens || int(e.leader) != p.leader || !e.matches(p) {
			continue
		}
		if int(e.lb) > lb {
			lb, lbTops = int(e.lb), e.tops
		}
		if int(e.ub) < ub {
			ub, ubTops = int(e.ub), e.tops
		}
		if e.best != noBest {
			best = e.best
		}
	}
	return lb, ub, lbTops, ubTops, best
}

// store records bounds for p, valid wherever its top cards (tops) match,
// replacing the entry that is cheapest to find again when the bucket is full.
func (t *table) store(p *pos, tops uint16, lb, ub int, best uint8) {
	b := t.slot(p)
	tops = minTops(p, tops)
	var own [2]uint64
	for s := 0; s < 4; s++ {
		m := topMask(p.n[s], uint8(tops>>(4*uint(s))&15), s)
		own[s>>1] |= p.own[s>>1] & (m | m<<26)
	}
	depth := uint8(0)
	for s := 0; s < 4; s++ {
		depth += p.n[s]
	}
	victim, vd := 0, 1000
	for i := range b {
		e := &b[i]
		if e.gen == t.gen && e.lens == p.lens && e.own == own && e.tops == tops && int(e.leader) == p.leader {
			e.lb, e.ub = int8(max(lb, int(e.lb))), int8(min(ub, int(e.ub)))
			if best != noBest {
				e.best = best
			}
			return
		}
		d := int(e.depth)
		if e.gen != t.gen {
			d = -1
		}
		if d < vd {
			victim, vd = i, d
		}
	}
	b[victim] = entry{lens: p.lens, own: own, tops: tops, lb: int8(lb), ub: int8(ub), gen: t.gen,
		depth: depth, leader: uint8(p.leader), best: best}
}

const noBest = 0xff
