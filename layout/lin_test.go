package layout_test

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"handrec/layout"
	"handrec/model"
)

// A LIN layout goes through a record's JSON and comes back equal, and its
// JSON names nothing after the format.
func TestLINThroughJSON(t *testing.T) {
	t.Parallel()
	r := model.NewRecord()
	l := &layout.LIN{
		Heads: []layout.Head{{Name: layout.HeadQx, Value: "x1", Comments: []model.Comment{{Text: "hi"}}}},
		Marks: []layout.Mark{{At: layout.AtCall, I: 3, N: 1, Kind: layout.Pause}, {At: layout.AtTag, Name: "Deal", Kind: layout.Command, Code: "at", Value: "x"}},
	}
	r.Layout = l
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	json.Unmarshal(b, &v)
	if k := linKey(v); k != "" {
		t.Errorf("key %q begins with lin: %s", k, b)
	}
	var back model.Record
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Layout, model.Layout(l)) {
		t.Errorf("got %+v, want %+v", back.Layout, l)
	}
}

func TestPlausibleCode(t *testing.T) {
	t.Parallel()
	for c, want := range map[string]bool{"pn": true, "qx": true, "A1b": true, "": false, "abcd": false, "p n": false, "0000": false} {
		t.Run(strconv.Quote(c), func(t *testing.T) {
			if got := layout.PlausibleCode([]byte(c)); got != want {
				t.Errorf("PlausibleCode(%q) = %v", c, got)
			}
		})
	}
}

// linName reports whether a name is LIN's: "Lin" or "lin" and then no
// lower-case letter ("LinVg", "lin|pg", "lin-nt"; not "line").
func linName(s string) bool {
	return len(s) >= 3 && strings.EqualFold(s[:3], "lin") && (len(s) == 3 || s[3] < 'a' || s[3] > 'z')
}

// linKey is a key of v that begins with "lin", in any case.
func linKey(v any) string {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if linName(k) {
				return k
			}
			if k := linKey(x); k != "" {
				return k
			}
		}
	case []any:
		for _, x := range v {
			if k := linKey(x); k != "" {
				return k
			}
		}
	}
	return ""
}

// A LIN layout stored before commentary and commands were the record's
// (a head's Comments, a Command mark a comment can carry) settles: they
// move to the record, where every format carries them, and the layout
// keeps where they stood.
func TestLINSettlesOldForm(t *testing.T) {
	t.Parallel()
	r := model.NewRecord()
	r.Leading = []model.Comment{{Text: "first"}}
	text := func(s string) model.Comment { return model.Comment{Text: s} }
	l := &layout.LIN{
		Heads: []layout.Head{{Name: layout.HeadVg, Value: "a,b", Comments: []model.Comment{text("on vg")}}},
		Marks: []layout.Mark{
			{At: layout.AtLeading, N: 0, Kind: layout.Command, Code: "at", Value: "x"},
			{At: layout.AtLeading, N: 2, Kind: layout.Pause, Value: "p"},
			{At: layout.AtLeading, N: 3, Kind: layout.Command, Code: "abcd", Value: "y"},
		},
	}
	r.Layout = l
	var s model.Settler = l
	s.Settle(r)
	want := []model.Comment{{Text: "at|x|"}, text("first"), text("on vg")}
	if !reflect.DeepEqual(r.Leading, want) {
		t.Errorf("leading %+v, want %+v", r.Leading, want)
	}
	wantHeads := []layout.Head{{Name: layout.HeadVg, Value: "a,b", Held: 1}}
	wantMarks := []layout.Mark{
		{At: layout.AtLeading, N: 2, Kind: layout.Pause, Value: "p"},
		{At: layout.AtLeading, N: 3, Kind: layout.Command, Code: "abcd", Value: "y"},
	}
	if !reflect.DeepEqual(l.Heads, wantHeads) || !reflect.DeepEqual(l.Marks, wantMarks) {
		t.Errorf("layout %+v, want heads %+v marks %+v", l, wantHeads, wantMarks)
	}
	own, held, ok := l.HeldComments(r.Leading)
	if !ok || len(own) != 2 || len(held) != 1 || !reflect.DeepEqual(held[0], []model.Comment{text("on vg")}) {
		t.Errorf("held comments: own %+v held %+v ok %v", own, held, ok)
	}
}
