package render

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// pdfJoin writes documents that go-pdf/fpdf made, part after part, as one
// PDF: each part's pages, their content and the fonts they use are copied
// as they come, renumbered, and only the page tree, the catalogue, the
// document information and the cross-reference table wait for the end.
// What it keeps is an offset an object and a number a page.
//
// fpdf keeps every page's content uncompressed until it writes its file,
// and cannot write a page out before; a sheet written as parts of a few
// hundred pages holds one part at a time. A part is fpdf's output as it
// is (no object streams, no encryption): its objects one after the other,
// a cross-reference table, a trailer naming the catalogue and the
// information, object 1 the page tree and object 2 the resources.
type pdfJoin struct {
	w       *bufio.Writer
	at      int64   // bytes written
	offsets []int64 // by object number; 1 is the page tree
	kids    []int   // the pages' objects, in order
	media   string  // the page tree's /MediaBox
	info    []byte  // the first part's information and catalogue,
	catalog []byte  // object header left off, references renumbered
	total   float64 // the size the number of pages is set at
	err     error
}

// pdfTotal is the object that draws the number of pages, a form that
// every page shows at its foot (totalRef) and the join writes last, when
// the number is known. Its name in the pages' resources is pdfTotalName.
const (
	pdfTotal     = 2
	pdfTotalFace = 3 // its font
	pdfTotalName = "/HRpages"
)

func newPDFJoin(w io.Writer, total float64) *pdfJoin {
	return &pdfJoin{w: bufio.NewWriterSize(w, 64<<10), offsets: []int64{0, 0, 0, 0}, total: total}
}

// totalRef is the content that draws the number of pages with its
// baseline's start at (x, y), in points from the page's bottom left.
func (j *pdfJoin) totalRef(x, y float64) string {
	return fmt.Sprintf("q 1 0 0 1 %.2f %.2f cm %s Do Q\n", x, y, pdfTotalName)
}

// pdfTotalFont is the font the number of pages and the words before it
// are set in: Helvetica, which every PDF reader has, since the form is
// written after the parts, whose fonts are subsets of what they drew.
const pdfTotalFont = "Helvetica"

func (j *pdfJoin) write(b []byte) {
	if j.err == nil {
		n, err := j.w.Write(b)
		j.at += int64(n)
		j.err = err
	}
}

// pdfObj is one object of a part: where it starts, and its bytes from its
// "N 0 obj" line to the next object's.
type pdfObj struct {
	at   int
	text []byte
}

var (
	pdfRef     = regexp.MustCompile(`\b(\d+) 0 R\b`)
	pdfObjHead = regexp.MustCompile(`^(\d+) 0 obj\n`)
	pdfRootRef = regexp.MustCompile(`/Root (\d+) 0 R`)
	pdfInfoRef = regexp.MustCompile(`/Info (\d+) 0 R`)
	pdfMedia   = regexp.MustCompile(`/MediaBox \[[^\]]*\]`)
)

// add copies the pages of one part, with everything they refer to.
func (j *pdfJoin) add(part []byte) error {
	objs, root, info, err := pdfObjects(part)
	if err != nil || j.err != nil {
		return errorOr(j.err, err)
	}
	if j.media == "" { // the first part: its header is the file's
		j.write(part[:objs[3].at])
		j.media = string(pdfMedia.Find(objs[1].text))
	}
	renum := make(map[int]int, len(objs))
	renum[1] = 1
	for n := 2; n < len(objs); n++ {
		if n != root && n != info {
			renum[n] = len(j.offsets)
			j.offsets = append(j.offsets, 0)
		}
	}
	for n, o := range objs[2:] {
		n += 2
		body := j.renumber(o.text[len(pdfObjHead.Find(o.text)):], renum)
		if n == 2 { // the resources: the pages may show the number of pages
			body = bytes.Replace(body, []byte("/XObject <<\n"), []byte("/XObject <<\n"+pdfTotalName+" "+strconv.Itoa(pdfTotal)+" 0 R\n"), 1)
		}
		switch {
		case n == root || n == info:
			if j.info == nil && n == info {
				j.info = body
			} else if j.catalog == nil && n == root {
				j.catalog = body
			}
			continue
		}
		j.offsets[renum[n]] = j.at
		if bytes.HasPrefix(body, []byte("<</Type /Page\n")) {
			j.kids = append(j.kids, renum[n])
		}
		j.write([]byte(strconv.Itoa(renum[n]) + " 0 obj\n"))
		j.write(body)
	}
	return j.err
}

// renumber rewrites the references in an object's dictionary, not in its
// stream, by the new numbers.
func (j *pdfJoin) renumber(body []byte, renum map[int]int) []byte {
	head, stream := body, []byte(nil)
	if i := bytes.Index(body, []byte("\nstream\n")); i >= 0 {
		head, stream = body[:i], body[i:]
	}
	head = pdfRef.ReplaceAllFunc(head, func(ref []byte) []byte {
		n, _ := strconv.Atoi(string(ref[:bytes.IndexByte(ref, ' ')]))
		if m, ok := renum[n]; ok {
			return []byte(strconv.Itoa(m) + " 0 R")
		}
		j.err = errorOr(j.err, fmt.Errorf("pdf part: a reference to object %d, which it does not have", n))
		return ref
	})
	return append(head[:len(head):len(head)], stream...)
}

// pdfObjects splits a part into its objects, indexed by number (0 and
// any missing one empty), and finds the numbers of its catalogue and
// information.
func pdfObjects(part []byte) (objs []pdfObj, root, info int, err error) {
	bad := func(what string) error { return fmt.Errorf("pdf part: %s", what) }
	i := bytes.LastIndex(part, []byte("startxref\n"))
	if i < 0 {
		return nil, 0, 0, bad("no startxref")
	}
	xref, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(string(part[i+10:])), "%%EOF")))
	var first, count int
	if xref <= 0 || xref >= i {
		return nil, 0, 0, bad("no cross-reference table")
	}
	if _, err := fmt.Sscanf(string(part[xref:min(xref+40, len(part))]), "xref\n%d %d\n", &first, &count); err != nil || first != 0 {
		return nil, 0, 0, bad("no cross-reference table")
	}
	table := part[bytes.IndexByte(part[xref+5:], '\n')+xref+6:]
	if count < 4 || len(table) < 20*count {
		return nil, 0, 0, bad("a short cross-reference table")
	}
	objs = make([]pdfObj, count)
	starts := []int{xref} // where the objects start, sorted: they are in order but for 1 and 2
	for n := 1; n < count; n++ {
		objs[n].at, _ = strconv.Atoi(string(table[20*n : 20*n+10]))
		starts = append(starts, objs[n].at)
	}
	slices.Sort(starts)
	for n := 1; n < count; n++ {
		end := starts[sort.SearchInts(starts, objs[n].at+1)]
		objs[n].text = part[objs[n].at:end]
		if h := pdfObjHead.FindSubmatch(objs[n].text); h == nil || string(h[1]) != strconv.Itoa(n) {
			return nil, 0, 0, bad(fmt.Sprintf("object %d is not where the table says", n))
		}
	}
	trailer := part[xref:]
	r, in := pdfRootRef.FindSubmatch(trailer), pdfInfoRef.FindSubmatch(trailer)
	if r == nil || in == nil {
		return nil, 0, 0, bad("a trailer without /Root or /Info")
	}
	root, _ = strconv.Atoi(string(r[1]))
	info, _ = strconv.Atoi(string(in[1]))
	return objs, root, info, nil
}

// close writes the page tree, the catalogue, the information, the
// cross-reference table and the trailer.
func (j *pdfJoin) close() error {
	if j.err != nil {
		return j.err
	}
	var kids strings.Builder
	for _, k := range j.kids {
		fmt.Fprintf(&kids, "%d 0 R ", k)
	}
	content := fmt.Sprintf("BT /F1 %g Tf 0 0 Td (%d) Tj ET", j.total, len(j.kids))
	j.offsets[pdfTotal] = j.at
	j.write(fmt.Appendf(nil, "%d 0 obj\n<</Type /XObject /Subtype /Form /BBox [0 -10 100 30]\n"+
		"/Resources <</Font <</F1 %d 0 R>> >>\n/Length %d>>\nstream\n%s\nendstream\nendobj\n", pdfTotal, pdfTotalFace, len(content), content))
	j.offsets[pdfTotalFace] = j.at
	j.write(fmt.Appendf(nil, "%d 0 obj\n<</Type /Font /Subtype /Type1 /BaseFont /%s /Encoding /WinAnsiEncoding>>\nendobj\n", pdfTotalFace, pdfTotalFont))
	j.offsets[1] = j.at
	j.write(fmt.Appendf(nil, "1 0 obj\n<</Type /Pages\n/Kids [%s]\n/Count %d\n%s\n>>\nendobj\n", kids.String(), len(j.kids), j.media))
	info, root := len(j.offsets), len(j.offsets)+1
	for _, o := range []struct {
		n    int
		body []byte
	}{{info, j.info}, {root, j.catalog}} {
		j.offsets = append(j.offsets, j.at)
		j.write([]byte(strconv.Itoa(o.n) + " 0 obj\n"))
		j.write(o.body)
	}
	xref := j.at
	j.write(fmt.Appendf(nil, "xref\n0 %d\n0000000000 65535 f \n", len(j.offsets)))
	for _, off := range j.offsets[1:] {
		j.write(fmt.Appendf(nil, "%010d 00000 n \n", off))
	}
	j.write(fmt.Appendf(nil, "trailer\n<<\n/Size %d\n/Root %d 0 R\n/Info %d 0 R\n>>\nstartxref\n%d\n%%%%EOF\n", len(j.offsets), root, info, xref))
	if j.err != nil {
		return j.err
	}
	return j.w.Flush()
}

func errorOr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}
