package dd

import "math/bits"

// DefaultTableBytes is the transposition table's size when none is given.
const DefaultTableBytes = 64 << 20

// The transposition table stores answers for classes of positions: an
// answer found with the cards at or above some rank of each suit deciding
// by rank (see lead) holds for every position with the same suit lengths,
// the same leader and the same owners of those top cards. The lengths and
// leader (the key) choose a bucket, so a position looks in one bucket
// only. Buckets are large, because one key has many answers; a byte of
// each entry's key, kept apart, lets a look read a few cache lines and
// then only the entries of its own key.

// entry is one stored answer: the bounds known on the tricks North-South
// take from every position of the entry's key whose owners, in the places
// mask selects (the top cards of each suit, as pattern lays them out),
// are a and b.
type entry struct {
	key, a, b, mask uint64
	lb, ub          int8
	best            uint8 // the lead that worked: suit<<4 | place from the top
}

const bucketSize = 128

// bucket holds the entries of the keys that hash to it. fp holds one byte
// of each entry's key hash (0 for a free place), eight to a word; depth
// the tricks left, as a deeper entry cost more to find.
type bucket struct {
	gen   uint8
	clock uint8
	depth [bucketSize]uint8
	fp    [bucketSize / 8]uint64
	e     [bucketSize]entry
}

// table is a hashed array of buckets of fixed size. A bucket of an older
// generation counts as empty, so moving to a new strain or deal costs
// nothing.
type table struct {
	b     []bucket
	gen   uint8
	bytes int
}

// bucketBytes is the size of one bucket in memory.
const bucketBytes = 8 + bucketSize*(1+1+40)

func newTable(size int) *table {
	n := max(size/bucketBytes, 1)
	return &table{b: make([]bucket, n), gen: 1, bytes: n * bucketBytes}
}

// next starts a new generation: every stored entry is forgotten.
func (t *table) next() {
	t.gen++
	if t.gen == 0 {
		for i := range t.b {
			t.b[i].gen = 0
		}
		t.gen = 1
	}
}

// keyOf packs the lengths and the leader in one word. The length of the
// fourth hand in the fourth suit follows from the others (every hand holds
// as many cards as the first), so its place holds the leader.
func keyOf(p *pattern) uint64 {
	return p.lens&(1<<60-1) | uint64(p.leader)<<60
}

// slot returns the key's bucket and its byte of the key (never 0).
func (t *table) slot(k uint64) (*bucket, uint64) {
	h := k * 0x9E3779B97F4A7C15
	h ^= h >> 32
	hi, _ := bits.Mul64(h, uint64(len(t.b)))
	fp := h & 0xff
	if fp == 0 {
		fp = 1
	}
	return &t.b[hi], fp
}

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// candidates marks (by the high bit of each byte) the bytes of w equal to
// fp. The word trick marks them all but may mark a byte after a marked
// one wrongly, so those are checked one by one.
func candidates(w, fp uint64) uint64 {
	x := w ^ fp*ones
	c := (x - ones) &^ x & highs
	for m := c; m != 0; m &= m - 1 {
		if sh := uint(bits.TrailingZeros64(m)) - 7; w>>sh&0xff != fp {
			c &^= 0x80 << sh
		}
	}
	return c
}

// lookup looks for an entry matching p whose bounds answer "at least
// target?". It returns whether one did, its answer, the places it relied
// on, and a remembered best lead (noBest if none).
func (t *table) lookup(p *pattern, target int) (found, ok bool, mask uint64, best uint8) {
	k := keyOf(p)
	b, fp := t.slot(k)
	best = noBest
	if b.gen != t.gen {
		return false, false, 0, best
	}
	for w, word := range b.fp {
		for c := candidates(word, fp); c != 0; c &= c - 1 {
			e := &b.e[w*8+bits.TrailingZeros64(c)>>3]
			if e.key != k || p.a&e.mask != e.a || p.b&e.mask != e.b {
				continue
			}
			if int(e.lb) >= target {
				return true, true, e.mask, e.best
			}
			if int(e.ub) < target {
				return true, false, e.mask, e.best
			}
			if e.best != noBest {
				best = e.best
			}
		}
	}
	return false, false, 0, best
}

// store records bounds for the positions matching p in the places mask
// selects, merging them with an entry for the same positions or else
// taking a free place or the entry cheapest to find again.
func (t *table) store(p *pattern, mask uint64, lb, ub, depth int, best uint8) {
	k := keyOf(p)
	b, fp := t.slot(k)
	if b.gen != t.gen {
		b.gen, b.fp = t.gen, [bucketSize / 8]uint64{}
	}
	a, bb := p.a&mask, p.b&mask
	free := -1
	for w, word := range b.fp {
		for c := candidates(word, fp); c != 0; c &= c - 1 {
			i := w*8 + bits.TrailingZeros64(c)>>3
			if e := &b.e[i]; e.key == k && e.mask == mask && e.a == a && e.b == bb {
				e.lb, e.ub = int8(max(lb, int(e.lb))), int8(min(ub, int(e.ub)))
				if best != noBest {
					e.best = best
				}
				return
			}
		}
		if c := candidates(word, 0); free < 0 && c != 0 {
			free = w*8 + bits.TrailingZeros64(c)>>3
		}
	}
	i := free
	if i < 0 {
		b.clock++
		vd := 1000
		for j := range b.depth {
			x := (j + int(b.clock)) & (bucketSize - 1)
			if d := int(b.depth[x]); d < vd {
				i, vd = x, d
			}
		}
	}
	sh := uint(i&7) * 8
	b.fp[i>>3] = b.fp[i>>3]&^(0xff<<sh) | fp<<sh
	b.depth[i] = uint8(depth)
	b.e[i] = entry{key: k, a: a, b: bb, mask: mask, lb: int8(lb), ub: int8(ub), best: best}
}

const noBest = 0xff
