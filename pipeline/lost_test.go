package pipeline

import (
	"io"
	"reflect"
	"strings"
	"testing"

	"handrec/model"
	"handrec/parser"
)

// What a LIN file's layout holds that no field does (a pause where the
// writer puts none, a header value kept as written, a command with no
// place) is listed as dropped when the record is written as PBN, which
// reads the fields alone; JSON and LIN carry the layout and list nothing.
func TestLayoutLostListed(t *testing.T) {
	t.Parallel()
	src := "pn|S,W,N,E|st||md|3S2345H2345D234C23,SJHJD9TJC56789TJQ,SAKQTHAKQTDAKQCAK,|sv|o|ah|Board 7x|" +
		"mb|1N|pg||mb|p|abcd|zz|mb|p|mb|p|pc|s6|pg||\n"
	doc, err := parser.ReadAll("p.lin", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		format model.Format
		want   []string
	}{
		{model.PBN, []string{"2× LIN pause (pg)", "1× LIN ah as written", "1× LIN command abcd|"}},
		{model.JSON, nil},
		{model.LIN, nil},
	} {
		t.Run(c.format.String(), func(t *testing.T) {
			w := NewWriter(io.Discard, c.format, false)
			for _, r := range doc.Records {
				if err := w.Write(r); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Close(model.Trailer{}); err != nil {
				t.Fatal(err)
			}
			if got := w.Dropped(); !reflect.DeepEqual(got, c.want) && (len(got) > 0 || len(c.want) > 0) {
				t.Errorf("%v: dropped %q, want %q", c.format, got, c.want)
			}
		})
	}
}
