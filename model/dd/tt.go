package dd

import (
	"math/bits"
	"unsafe"
)

// DefaultTableBytes is the most memory the transposition table takes when
// no cap is given.
const DefaultTableBytes = 256 << 20

// startTableBytes is the size the table starts at (or the cap, if less):
// enough for most deals; a hard deal, whose searches push out entries of
// their own strain, doubles it from strain to strain up to the cap.
const startTableBytes = 64 << 20

// The transposition table stores answers for classes of positions: an
// answer found with the cards at or above some rank of each suit deciding
// by rank (see lead) holds for every position with the same suit lengths,
// the same leader and the same owners of those top cards. The lengths and
// leader (the key) choose a bucket, so a position looks in one bucket
// only. Buckets are large, because one key has many answers; a byte of
// each entry's key and what it asks of the top cards, eight entries to a
// cache line (group), let a look read a few consecutive lines and then
// only the entries that may match, one line each.

// entry is one stored answer: the bounds known on the tricks North-South
// take from every position of the entry's key whose owners, in the places
// the mask selects (the top cards of each suit, as pattern lays them out),
// are a and b. The mask is kept as the number of places in each suit, four
// bits a suit, beside the bounds and the lead that worked (suit<<4 | place
// from the top), so that an entry fills half a cache line.
type entry struct {
	key, a, b uint64
	m         uint64 // places by suit (16 bits), lb<<16, ub<<24, best<<32
}

func (e *entry) mask() uint64 {
	return uint64(topPlaces[e.m&15]) | uint64(topPlaces[e.m>>4&15])<<16 |
		uint64(topPlaces[e.m>>8&15])<<32 | uint64(topPlaces[e.m>>12&15])<<48
}

func (e *entry) lb() int     { return int(int8(e.m >> 16)) }
func (e *entry) ub() int     { return int(int8(e.m >> 24)) }
func (e *entry) best() uint8 { return uint8(e.m >> 32) }

func (e *entry) setBounds(lb, ub int, best uint8) {
	e.m = e.m&0xffff | uint64(uint8(lb))<<16 | uint64(uint8(ub))<<24 | uint64(best)<<32
}

// topPlaces[k] selects the top k places of a suit.
var topPlaces = func() (t [17]uint16) {
	for k := range t {
		t[k] = ^uint16(0xffff >> uint(k))
	}
	return t
}()

// places counts the places a mask selects in each suit, four bits a suit.
func places(mask uint64) uint64 {
	var m uint64
	for su := uint(0); su < 4; su++ {
		m |= uint64(bits.OnesCount16(uint16(mask>>(16*su)))) << (4 * su)
	}
	return m
}

const bucketSize = 256

// group sums up eight entries of a bucket in one cache line: one byte of
// each one's key hash (fp, 0 for a free place) and what it asks of the
// three top cards of each suit (two bits a suit at 2*suit: cover 3 when its
// mask takes the card, owner that card's owner there; cover and owner for
// the top cards, cov2 and own2 for the second, cov3 and own3 for the
// third: with two, more than half the entries a look read did not match),
// so that a look reads these
// lines one after the other and then only the entries that may match. A
// group of an older generation (gen) counts as empty, so moving to a new
// strain or deal costs nothing.
type group struct {
	fp, cover, owner, cov2, own2, cov3, own3 uint64
	gen                                      uint8
	_                                        [7]byte
}

// bucket holds the entries of the keys that hash to it, their groups
// filled in order. depth is each entry's tricks left: a deeper entry cost
// more to find.
type bucket struct {
	depth [bucketSize]uint8
	g     [bucketSize / 8]group
	e     [bucketSize]entry
	clock uint8
	_     [63]byte
}

// tops is the owners of the cards at place pl of the suits of a pattern
// (15 the top, 14 the next), two bits a suit. One multiplication gathers
// the bits at 0, 16, 32 and 48 of a word at 48, 50, 52 and 54 (the other
// products fall below 48 or beyond 63, and no two on one bit).
func tops(a, b uint64, pl uint) uint64 {
	const each, gather = 0x0001000100010001, 1<<48 | 1<<34 | 1<<20 | 1<<6
	return (a>>pl&each)*gather>>48&0x55 | (b>>pl&each)*gather>>47&0xaa
}

// setByte sets byte i of w to v.
func setByte(w uint64, i int, v uint64) uint64 {
	sh := uint(i&7) * 8
	return w&^(0xff<<sh) | v<<sh
}

// zeroBytes marks (by the high bit of each byte) the bytes of x that are
// zero, exactly: a byte is zero when neither adding 0x7f to its low seven
// bits nor its own high bit sets its high bit.
func zeroBytes(x uint64) uint64 {
	const lows = 0x7f7f7f7f7f7f7f7f
	return ^((x&lows + lows) | x | lows)
}

// candidates marks the places of group g whose key byte is fp and whose
// top cards' owners are those of top, top2 and top3.
func (g *group) candidates(fp, top, top2, top3 uint64) uint64 {
	return zeroBytes(g.fp^fp*ones) & zeroBytes(top*ones&g.cover^g.owner) &
		zeroBytes(top2*ones&g.cov2^g.own2) & zeroBytes(top3*ones&g.cov3^g.own3)
}

// table is a hashed array of buckets of fixed size.
type table struct {
	b     []bucket
	gen   uint8
	bytes int
	// evicted counts the entries of the current generation that stores
	// pushed out: many say the table is too small for the deal.
	evicted int
}

// crowded reports whether the table pushed out more entries than a
// quarter of its places since evicted was last reset.
func (t *table) crowded() bool { return t.evicted > len(t.b)*bucketSize/4 }

// bucketBytes is the size of one bucket in memory: a whole number of
// cache lines, so that groups and entries do not straddle two.
const bucketBytes = bucketSize*(1+8+32) + 64

func newTable(size int) *table {
	n := max(size/bucketBytes, 1)
	b := make([]bucket, n)
	adviseHuge(b)
	return &table{b: b, gen: 1, bytes: n * bucketBytes}
}

// next starts a new generation: every stored entry is forgotten.
func (t *table) next() {
	t.gen++
	if t.gen == 0 {
		for i := range t.b {
			for j := range t.b[i].g {
				t.b[i].g[j].gen = 0
			}
		}
		t.gen = 1
	}
}

// keyOf packs the lengths and the leader in one word. The length of the
// fourth hand in the fourth suit follows from the others (every hand holds
// as many cards as the first), so its place holds the leader. The strain
// is not in the key: Table clears the table between strains (next), so
// the entries of one generation are all of one strain. Sharing the
// positions left without trumps between strains saved 0.2% of the
// positions searched on gen200's first 20 deals and cost 4% more CPU, the
// buckets fuller at each look.
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

// prefetch starts reading the first four groups of p's bucket into the
// cache: a look reads 3.5 on average.
func (t *table) prefetch(p *pattern) {
	b, _ := t.slot(keyOf(p))
	prefetch(uintptr(unsafe.Pointer(&b.g[0])))
}

// lookup looks for an entry matching p whose bounds answer "at least
// target?". It returns whether one did, the bound that answers (as lead's),
// the places it relied on, and a remembered best lead (noBest if none).
func (t *table) lookup(p *pattern, target int) (found bool, v int, mask uint64, best uint8) {
	k := keyOf(p)
	b, fp := t.slot(k)
	best = noBest
	top, top2, top3 := tops(p.a, p.b, 15), tops(p.a, p.b, 14), tops(p.a, p.b, 13)
	for w := range b.g {
		g := &b.g[w]
		if g.gen != t.gen {
			break // groups fill in order: the rest are empty
		}
		for c := g.candidates(fp, top, top2, top3); c != 0; c &= c - 1 {
			e := &b.e[w*8+bits.TrailingZeros64(c)>>3]
			if e.key != k {
				continue
			}
			m := e.mask()
			if p.a&m != e.a || p.b&m != e.b {
				continue
			}
			if lb := e.lb(); lb >= target {
				return true, lb, m, e.best()
			}
			if ub := e.ub(); ub < target {
				return true, ub, m, e.best()
			}
			if e.best() != noBest {
				best = e.best()
			}
		}
		if zeroBytes(g.fp) != 0 {
			break // places fill in order: the rest are empty
		}
	}
	return false, 0, 0, best
}

// store records bounds for the positions matching p in the places mask
// selects, merging them with an entry for the same positions or else
// taking a free place or the entry cheapest to find again.
func (t *table) store(p *pattern, mask uint64, lb, ub, depth int, best uint8) {
	k := keyOf(p)
	b, fp := t.slot(k)
	a, bb, pl := p.a&mask, p.b&mask, places(mask)
	top, top2, top3 := tops(p.a, p.b, 15), tops(p.a, p.b, 14), tops(p.a, p.b, 13)
	free := -1
	for w := range b.g {
		g := &b.g[w]
		if g.gen != t.gen {
			*g = group{gen: t.gen}
			free = w * 8
			break
		}
		for c := g.candidates(fp, top, top2, top3); c != 0; c &= c - 1 {
			e := &b.e[w*8+bits.TrailingZeros64(c)>>3]
			if e.key == k && e.m&0xffff == pl && e.a == a && e.b == bb {
				if best == noBest {
					best = e.best()
				}
				e.setBounds(max(lb, e.lb()), min(ub, e.ub()), best)
				return
			}
		}
		if c := zeroBytes(g.fp); c != 0 {
			free = w*8 + bits.TrailingZeros64(c)>>3
			break // places fill in order: the rest are empty
		}
	}
	i := free
	if i < 0 {
		i = b.victim()
		t.evicted++
	}
	b.depth[i] = uint8(depth)
	g, j := &b.g[i>>3], i&7
	cover, cov2, cov3 := tops(mask, mask, 15), tops(mask, mask, 14), tops(mask, mask, 13)
	g.fp = setByte(g.fp, j, fp)
	g.cover = setByte(g.cover, j, cover)
	g.owner = setByte(g.owner, j, top&cover)
	g.cov2 = setByte(g.cov2, j, cov2)
	g.own2 = setByte(g.own2, j, top2&cov2)
	g.cov3 = setByte(g.cov3, j, cov3)
	g.own3 = setByte(g.own3, j, top3&cov3)
	b.e[i] = entry{key: k, a: a, b: bb, m: pl}
	b.e[i].setBounds(lb, ub, best)
}

// victim is the place of a full bucket to store in: the entry with the
// fewest tricks left, from a place that moves on at each call.
func (b *bucket) victim() int {
	b.clock++
	i, vd := 0, 1000
	for j := range b.depth {
		x := (j + int(b.clock)) & (bucketSize - 1)
		if d := int(b.depth[x]); d < vd {
			i, vd = x, d
		}
	}
	return i
}

const noBest = 0xff
