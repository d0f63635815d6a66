package render

import (
	"bytes"
	"testing"
)

// A part that is not fpdf's output is refused with what is wrong, and
// nothing is written for it.
func TestPDFJoinRefusesBadParts(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, part, want string }{
		{"not a pdf", "not a pdf", "pdf part: no startxref"},
		{"no xref", "%PDF-1.4\nstartxref\n0\n%%EOF\n", "pdf part: no cross-reference table"},
		{"a short xref", "%PDF-1.4\n3 0 obj\n<<>>\nendobj\nxref\n0 4\n0000000000 65535 f \nstartxref\n29\n%%EOF\n", "pdf part: a short cross-reference table"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			j := newPDFJoin(&out, 8)
			if err := j.add([]byte(c.part)); err == nil || err.Error() != c.want {
				t.Errorf("%q: %v, want %q", c.part, err, c.want)
			}
			if j.w.Buffered() != 0 || out.Len() != 0 {
				t.Errorf("%q: wrote %d bytes", c.part, j.w.Buffered()+out.Len())
			}
		})
	}
}
