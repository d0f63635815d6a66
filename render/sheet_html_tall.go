package render

import (
	"fmt"
	"math"
	"strings"

	"handrec/model"
)

// sheetTallCSS sets a board taller than a page as the PDF draws it:
// each line and box at its place in the board (pdfOp), in the board's
// millimetres from the frame's inner edge, enlarged with the page's zoom.
// A line's box ends at its baseline (its line height is DejaVu Sans's
// ascent, opTop), so that no box reaches below the frame: the descenders
// only are drawn past it, and a browser breaks no page for them.
const sheetTallCSS = `.board.tall{padding:0;overflow:visible}
.tall .z{position:relative}
.op{position:absolute;white-space:nowrap;line-height:.692em}
.op.b{font-weight:bold}.op.u{text-decoration:underline}
.op.m{font-family:"DejaVu Sans Mono",monospace}
.op.box{border:.3mm solid #444;background:#f2f2f2}
`

// opTop is how far above its baseline a line's box starts, over its type
// size: with a line height of opTop, the half-leading, (opTop - 1.164)/2,
// and DejaVu Sans's ascent, 0.928, put the baseline at the box's foot.
const opTop = 0.692

// writeTall writes a board taller than a page over the pages the PDF's
// cuts give it, each a page of its own showing the part of the board the
// PDF shows there, every line and box where the PDF draws it, so that
// the browser breaks it where the PDF does: between the same lines, and
// nowhere else. A page's frame is a tenth of a millimetre shorter than
// the PDF's, so that a browser's rounding never pushes it over the
// page's foot; the lines' boxes stay within it, since the PDF's cut
// leaves 0.3 of a line's type size under its baseline, more than the
// frame's border and that tenth.
func (s *HTMLSheet) writeTall(p *sheetPage, cuts [][2]float64) error {
	sb, fr := p.boards[0], p.frames[0]
	class, attr := "block tall", ""
	if sb.r != nil {
		class, attr = "board tall", fmt.Sprintf(" data-board=\"%d\"", sb.r.Board)
	}
	for i, c := range cuts {
		h := math.Floor(((c[1]-c[0])*p.k-0.1)*10) / 10
		s.writePageHead(p)
		fmt.Fprintf(s.w, "<div class=\"boards\" style=\"grid-template-columns:%.1fmm;grid-template-rows:%.1fmm\">\n", fr.w, h)
		fmt.Fprintf(s.w, "<section class=\"%s\"%s data-part=\"%d\">\n<div class=\"z\">\n", class, attr, i+1)
		s.b.Reset()
		writeOpsHTML(&s.b, sb, c[0], c[1])
		s.b.WriteString("</div>\n</section>\n</div>\n</div>\n")
		if _, err := s.w.WriteString(s.b.String()); err != nil {
			return err
		}
	}
	return nil
}

// writeOpsHTML writes the ops of a board that the part from from to to
// shows, each at its place, from's line at the top; the lines of a hand
// in a <div class="hand"> with its seat and its cards, as writeHandHTML
// marks a hand.
func writeOpsHTML(b *strings.Builder, sb *sheetBoard, from, to float64) {
	pb, hand := sb.b, int8(0)
	for i := range pb.ops {
		op := &pb.ops[i]
		if !pb.shows(op, from, to) {
			continue
		}
		if op.hand != hand && hand != 0 {
			b.WriteString("</div>\n")
		}
		if op.hand != hand && op.hand != 0 {
			s := model.Seat(op.hand - 1)
			b.WriteString(`<div class="hand ` + seatClass[s] + `" data-seat="` + s.String() + `"`)
			if sb.v.Hands[s].Known {
				b.WriteString(` data-hand="` + sb.r.Deal.Hands[s].PBN() + `"`)
			}
			b.WriteString(">\n")
		}
		hand = op.hand
		if op.rect {
			fmt.Fprintf(b, "<div class=\"op box\" style=\"left:%.2fmm;top:%.2fmm;width:%.2fmm;height:%.2fmm\"></div>\n", op.x, op.y-from, op.w, op.h)
			continue
		}
		class := "op"
		if op.bold {
			class += " b"
		}
		if op.under {
			class += " u"
		}
		if op.mono {
			class += " m"
		}
		fmt.Fprintf(b, "<span class=\"%s\" style=\"left:%.2fmm;top:%.2fmm;font-size:%.2fpt\">%s</span>\n",
			class, op.x, op.y-from-opTop*op.size*ptToMM, op.size, hx(op.text))
	}
	if hand != 0 {
		b.WriteString("</div>\n")
	}
}
