package export

import (
	"fmt"
	"strings"

	"handrec/model"
)

// PDFLayout is board r laid out for a PDF sheet, an op a line: what the
// PDF draws and where, for tests that pin the layout without a PDF reader.
func PDFLayout(r *model.Record, opt SheetOptions) string {
	s := NewPDFSheet(nil, opt)
	b := s.layout(opt.view(r))
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
