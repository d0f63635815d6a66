package render

import (
	"encoding/binary"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/go-fonts/dejavu/dejavusans"
	"github.com/go-fonts/dejavu/dejavusansbold"
)

// pdfReplacement is drawn for a character DejaVu Sans has no glyph for:
// one outside the Basic Multilingual Plane (an emoji, a CJK Extension B
// ideograph), which the PDF library cannot embed at all (it indexes its
// glyph widths by a 16-bit code and panics past them), or one within it
// that the font lacks (a CJK ideograph), which would be drawn as nothing.
const pdfReplacement = '\uFFFD'

// glyphSet is the characters of the BMP a font has a glyph for.
type glyphSet [65536 / 64]uint64

func (g *glyphSet) has(r rune) bool {
	return r >= 0 && r < 65536 && g[r/64]&(1<<(r%64)) != 0
}

// pdfGlyphs is the characters both faces of DejaVu Sans (regular and
// bold) draw, from their cmap tables.
var pdfGlyphs = sync.OnceValue(func() *glyphSet {
	var both glyphSet
	reg, bold := cmapGlyphs(dejavusans.TTF), cmapGlyphs(dejavusansbold.TTF)
	for i := range both {
		both[i] = reg[i] & bold[i]
	}
	return &both
})

// cmapGlyphs reads the BMP characters a TrueType font maps to a glyph,
// from its Windows Unicode BMP cmap (platform 3, encoding 1, format 4).
// A font it cannot read gives an empty set, so that every character but
// ASCII is replaced rather than a panic risked.
func cmapGlyphs(ttf []byte) *glyphSet {
	var g glyphSet
	for r := rune(0x20); r < 0x7f; r++ {
		g[r/64] |= 1 << (r % 64)
	}
	be := binary.BigEndian
	u16 := func(off int) int {
		if off < 0 || off+2 > len(ttf) {
			return -1
		}
		return int(be.Uint16(ttf[off:]))
	}
	u32 := func(off int) int {
		if off < 0 || off+4 > len(ttf) {
			return -1
		}
		return int(be.Uint32(ttf[off:]))
	}
	cmap := -1
	for i, n := 0, u16(4); i < n; i++ {
		rec := 12 + 16*i
		if u32(rec) == 0x636d6170 { // "cmap"
			cmap = u32(rec + 8)
		}
	}
	sub := -1
	for i, n := 0, u16(cmap+2); cmap >= 0 && i < n; i++ {
		rec := cmap + 4 + 8*i
		if u16(rec) == 3 && u16(rec+2) == 1 {
			sub = cmap + u32(rec+4)
		}
	}
	if sub < 0 || u16(sub) != 4 {
		return &g
	}
	segs := u16(sub+6) / 2
	ends, starts := sub+14, sub+16+2*segs
	deltas, ranges := starts+2*segs, starts+4*segs
	for s := 0; s < segs; s++ {
		start, end := u16(starts+2*s), u16(ends+2*s)
		delta, ro := u16(deltas+2*s), u16(ranges+2*s)
		for c := start; c >= 0 && c <= end && c < 0xffff; c++ {
			glyph := (c + delta) & 0xffff
			if ro > 0 {
				glyph = u16(ranges + 2*s + ro + 2*(c-start))
				if glyph > 0 {
					glyph = (glyph + delta) & 0xffff
				}
			}
			if glyph > 0 {
				g[c/64] |= 1 << (c % 64)
			}
		}
	}
	return &g
}

// pdfMissing counts the characters a sheet replaced, to say so once.
type pdfMissing map[rune]int

// drawable is t with every character DejaVu Sans cannot draw replaced by
// pdfReplacement; when miss is not nil, it counts them there.
func drawable(t string, miss pdfMissing) string {
	g := pdfGlyphs()
	i := 0
	for i < len(t) {
		c := t[i]
		if c >= 0x20 && c < 0x7f {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(t[i:])
		if !g.has(r) || r == utf8.RuneError && n == 1 {
			break
		}
		i += n
	}
	if i == len(t) {
		return t
	}
	var b strings.Builder
	b.WriteString(t[:i])
	for _, r := range t[i:] {
		if !g.has(r) {
			if miss != nil {
				miss[r]++
			}
			r = pdfReplacement
		}
		b.WriteRune(r)
	}
	return b.String()
}

// bmpText is t as the PDF library's UTF-16 encoder takes it (for the
// document's title): valid UTF-8 within the BMP, anything else U+FFFD.
func bmpText(t string) string {
	return strings.Map(func(r rune) rune {
		if r > 0xffff {
			return pdfReplacement
		}
		return r
	}, strings.ToValidUTF8(t, string(pdfReplacement)))
}

// String names the characters replaced, most frequent first, each with
// its code point and how often it was met: "🂡 U+1F0A1 (2 times), 𠀀
// U+20000"; past ten, how many more.
func (m pdfMissing) String() string {
	rs := make([]rune, 0, len(m))
	for r := range m {
		rs = append(rs, r)
	}
	sort.Slice(rs, func(i, j int) bool {
		if m[rs[i]] != m[rs[j]] {
			return m[rs[i]] > m[rs[j]]
		}
		return rs[i] < rs[j]
	})
	var parts []string
	for i, r := range rs {
		if i == 10 {
			parts = append(parts, fmt.Sprintf("and %d more", len(rs)-10))
			break
		}
		p := fmt.Sprintf("%s U+%04X", strconv.QuoteRune(r), r)
		if m[r] > 1 {
			p += fmt.Sprintf(" (%d times)", m[r])
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, ", ")
}
