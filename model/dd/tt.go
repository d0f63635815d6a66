package dd

import "math/bits"

// DefaultTableBytes is the transposition table's size when none is given.
const DefaultTableBytes = 64 << 20

// entry is one stored position: its key and the bounds known on the tricks
// North-South take from it.
type entry struct {
	k1, k2 uint64
	lb, ub int8
	gen    uint8
	depth  uint8 // tricks left: a deeper entry cost more to find
	best   uint8 // the lead that worked: suit<<4 | place from the top
}

const bucketSize = 4

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
const entryBytes = 24

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

func (t *table) slot(k1, k2 uint64) *bucket {
	h := k1*0x9E3779B97F4A7C15 ^ k2*0xC2B2AE3D27D4EB4F
	h ^= h >> 29
	return &t.b[h&t.mask]
}

// lookup returns the entry for the key, or nil.
func (t *table) lookup(k1, k2 uint64) *entry {
	b := t.slot(k1, k2)
	for i := range b {
		if e := &b[i]; e.k1 == k1 && e.k2 == k2 && e.gen == t.gen {
			return e
		}
	}
	return nil
}

// store records bounds for the key, replacing the entry that is cheapest
// to find again when the bucket is full.
func (t *table) store(k1, k2 uint64, lb, ub int, depth int, best uint8) {
	b := t.slot(k1, k2)
	victim, vd := 0, 1000
	for i := range b {
		e := &b[i]
		if e.gen == t.gen && e.k1 == k1 && e.k2 == k2 {
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
	b[victim] = entry{k1: k1, k2: k2, lb: int8(lb), ub: int8(ub), gen: t.gen, depth: uint8(depth), best: best}
}

const noBest = 0xff
