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

// bucket holds the entries of the keys that hash to it. Apart from them,
// eight to a word, lie one byte of each entry's key hash (fp, 0 for a
// free place) and a summary of what it asks of the two top cards of each
// suit (two bits a suit at 2*suit: cover 3 when its mask takes the card,
// owner that card's owner there; cover and owner for the top cards,
// cover2 and owner2 for the second), so that a look reads these few
// words and only the entries that may match. depth is the tricks left: a
// deeper entry cost more to find.
type bucket struct {
	gen   uint8
	clock uint8
	depth [bucketSize]uint8
	fp    [bucketSize / 8]uint64
	cover [bucketSize / 8]uint64
	owner [bucketSize / 8]uint64
	cov2  [bucketSize / 8]uint64
	own2  [bucketSize / 8]uint64
	e     [bucketSize]entry
}

// tops is the owners of the cards at place pl of the suits of a pattern
// (15 the top, 14 the next), two bits a suit.
func tops(a, b uint64, pl uint) uint64 {
	var t uint64
	for su := uint(0); su < 4; su++ {
		t |= (a>>(16*su+pl)&1 | b>>(16*su+pl)&1<<1) << (2 * su)
	}
	return t
}

// setByte sets byte i of the bytes w holds, eight to a word.
func setByte(w []uint64, i int, v uint64) {
	sh := uint(i&7) * 8
	w[i>>3] = w[i>>3]&^(0xff<<sh) | v<<sh
}

// zeroBytes marks (by the high bit of each byte) the bytes of x that are
// zero, exactly: a byte is zero when neither adding 0x7f to its low seven
// bits nor its own high bit sets its high bit.
func zeroBytes(x uint64) uint64 {
	const lows = 0x7f7f7f7f7f7f7f7f
	return ^((x&lows + lows) | x | lows)
}

// candidates marks the places of bucket b among word w's eight whose key
// byte is fp and whose top cards' owners are those of top and top2.
func (b *bucket) candidates(w int, fp, top, top2 uint64) uint64 {
	return zeroBytes(b.fp[w]^fp*ones) & zeroBytes(top*ones&b.cover[w]^b.owner[w]) &
		zeroBytes(top2*ones&b.cov2[w]^b.own2[w])
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
const bucketBytes = 8 + bucketSize*(1+1+4+40)

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
	ones = 0x0101010101010101
)

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
	top, top2 := tops(p.a, p.b, 15), tops(p.a, p.b, 14)
	for w := range b.fp {
		for c := b.candidates(w, fp, top, top2); c != 0; c &= c - 1 {
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
		if zeroBytes(b.fp[w]) != 0 {
			break // places fill in order: the words after are empty
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
	top, top2 := tops(p.a, p.b, 15), tops(p.a, p.b, 14)
	for w, word := range b.fp {
		for c := b.candidates(w, fp, top, top2); c != 0; c &= c - 1 {
			i := w*8 + bits.TrailingZeros64(c)>>3
			if e := &b.e[i]; e.key == k && e.mask == mask && e.a == a && e.b == bb {
				e.lb, e.ub = int8(max(lb, int(e.lb))), int8(min(ub, int(e.ub)))
				if best != noBest {
					e.best = best
				}
				return
			}
		}
		if c := zeroBytes(word); c != 0 {
			free = w*8 + bits.TrailingZeros64(c)>>3
			break // places fill in order: the words after are empty
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
	cover, cov2 := tops(mask, mask, 15), tops(mask, mask, 14)
	setByte(b.fp[:], i, fp)
	setByte(b.cover[:], i, cover)
	setByte(b.owner[:], i, top&cover)
	setByte(b.cov2[:], i, cov2)
	setByte(b.own2[:], i, top2&cov2)
	b.depth[i] = uint8(depth)
	b.e[i] = entry{key: k, a: a, b: bb, mask: mask, lb: int8(lb), ub: int8(ub), best: best}
}

const noBest = 0xff
