package render

import (
	"fmt"
	"strings"

	"handrec/model"
)

// PDFLayout is board r laid out for a PDF sheet in a column of the page
// (the whole page for one or two a page), an op a line: what the PDF
// draws and where, for tests that pin the layout without a PDF reader.
func PDFLayout(r *model.Record, opt SheetOptions) string {
	l := newSheetLayout(opt)
	b := l.layout(opt.view(r), l.frameWidth(false))
	var out strings.Builder
	for _, op := range b.ops {
		switch {
		case op.rect:
			fmt.Fprintf(&out, "rect %.2f %.2f %.2f %.2f\n", op.x, op.y, op.w, op.h)
		default:
			fmt.Fprintf(&out, "text %.2f %.2f %.1f bold=%t under=%t %q\n", op.x, op.y, op.size, op.bold, op.under, op.text)
		}
	}
	fmt.Fprintf(&out, "height %.2f\n", b.h)
	return out.String()
}

// SetPDFPartPages makes PDF sheets in parts of n pages, until the
// function it returns puts the size back.
func SetPDFPartPages(n int) (restore func()) {
	old := pdfPartPages
	pdfPartPages = n
	return func() { pdfPartPages = old }
}

// SheetEnds tells, page by page, which pages of a sheet of recs end a
// flow of boards and are not filled: the sheet's last, the last before a
// results page, a page of answers, the last of a board taller than a
// page.
func SheetEnds(recs []*model.Record, opt SheetOptions) []bool {
	sp := newSheetPager(opt)
	var ends []bool
	add := func(p *sheetPage) {
		if cuts := sp.l.cuts(p); cuts != nil {
			for i := range cuts {
				ends = append(ends, i == len(cuts)-1)
			}
			return
		}
		ends = append(ends, p.end)
	}
	eachSheetPage(sp, recs, add)
	return ends
}

// eachSheetPage gives add every page sp makes of recs, in order.
func eachSheetPage(sp *sheetPager, recs []*model.Record, add func(*sheetPage)) {
	for _, r := range recs {
		for _, p := range sp.add(r) {
			add(p)
		}
	}
	for _, p := range sp.flush() {
		add(p)
	}
}

// SheetFrames is the frames of the boards of a sheet of recs, page by
// page: each frame's left, top, width and height in millimetres. A board
// taller than a page gives one frame a page it takes.
func SheetFrames(recs []*model.Record, opt SheetOptions) [][][4]float64 {
	sp := newSheetPager(opt)
	l := sp.l
	var pages [][][4]float64
	add := func(p *sheetPage) {
		if cuts := l.cuts(p); cuts != nil {
			fr := p.frames[0]
			for _, c := range cuts {
				pages = append(pages, [][4]float64{{fr.x, fr.y, fr.w, (c[1] - c[0]) * p.k}})
			}
			return
		}
		var page [][4]float64
		for _, f := range p.frames {
			page = append(page, [4]float64{f.x, f.y, f.w, f.h})
		}
		pages = append(pages, page)
	}
	eachSheetPage(sp, recs, add)
	return pages
}
