package lin_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"handrec/export"
	"handrec/internal/legacy"
	"handrec/layout"
	"handrec/model"
	"handrec/parser"
)

// legacyCheck compares the records of a LIN file as an older handrec read
// them (its JSON 1, legacy) turned by legacy.FromLIN with the
// records the reader gives now: Diff, room, match and layout equal, and
// the same LIN written from both.
func legacyCheck(t *testing.T, linPath, legacyPath string) {
	t.Helper()
	want, err := parser.ReadFile(linPath)
	if err != nil {
		t.Errorf("%s: %v", linPath, err)
		return
	}
	old, err := parser.ReadFile(legacyPath)
	if err != nil {
		t.Errorf("%s: %v", legacyPath, err)
		return
	}
	if len(old.Records) != len(want.Records) {
		t.Errorf("%s: %d legacy records, %d read", linPath, len(old.Records), len(want.Records))
		return
	}
	for i, r := range old.Records {
		legacy.FromLIN(r)
		w := want.Records[i]
		if d := legacyDiff(r, w); d != "" {
			t.Errorf("%s: record %d: %s", linPath, i+1, d)
		}
	}
	// (handrec 1's trailer commands, kind "lin-<code>", the JSON reader
	// gives as the commands they are)
	if d := commentTexts(old.Trailer.Comments, want.Trailer.Comments); d != "" {
		t.Errorf("%s: trailer: %s", linPath, d)
	}
	var a, b bytes.Buffer
	old.Header, old.Trailer = want.Header, want.Trailer
	if err := export.WriteLIN(&a, old); err != nil {
		t.Errorf("%s: write legacy: %v", linPath, err)
	}
	if err := export.WriteLIN(&b, want); err != nil {
		t.Errorf("%s: write: %v", linPath, err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Errorf("%s: LIN from legacy differs:\n%.300q\nwant\n%.300q", linPath, a.Bytes(), b.Bytes())
	}
}

func commentTexts(a, b []model.Comment) string {
	if len(a) != len(b) {
		return fmt.Sprintf("%d comments, want %d", len(a), len(b))
	}
	for i := range a {
		if a[i].Text != b[i].Text {
			return fmt.Sprintf("%q, want %q", a[i].Text, b[i].Text)
		}
	}
	return ""
}

func legacyDiff(r, w *model.Record) string {
	var d []string
	d = append(d, model.Diff(r, w)...)
	if r.Room != w.Room {
		d = append(d, fmt.Sprintf("room %v != %v", r.Room, w.Room))
	}
	if !sameTeams(r.Match, w.Match) {
		d = append(d, fmt.Sprintf("match %+v != %+v", r.Match, w.Match))
	}
	if !reflect.DeepEqual(stripLayout(r.Layout), stripLayout(w.Layout)) {
		d = append(d, fmt.Sprintf("layout %+v != %+v", r.Layout, w.Layout))
	}
	return strings.Join(d, "; ")
}

// stripLayout is a LIN layout with its heads' comment positions left out.
func stripLayout(l model.Layout) any {
	li, ok := l.(*layout.LIN)
	if !ok || li.Empty() {
		return nil
	}
	c := *li
	c.Heads = append([]layout.Head(nil), li.Heads...)
	for i := range c.Heads {
		cs := append([]model.Comment(nil), c.Heads[i].Comments...)
		for k := range cs {
			cs[k].Pos = model.Pos{}
		}
		c.Heads[i].Comments = cs
	}
	return c
}

// TestFromLegacyLIN: the samples and the LIN files under testdata/legacy,
// each with the JSON 1 an older handrec wrote for it (handrec convert
// --to json at 649405d).
func TestFromLegacyLIN(t *testing.T) {
	t.Parallel()
	legacy, _ := filepath.Glob(filepath.Join("testdata", "legacy", "*.lin.json"))
	if len(legacy) == 0 {
		t.Fatal("no testdata/legacy/*.lin.json")
	}
	for _, j := range legacy {
		lin := strings.TrimSuffix(j, ".json")
		if _, err := os.Stat(lin); err != nil {
			lin = filepath.Join("..", "..", "samples", filepath.Base(lin))
		}
		legacyCheck(t, lin, j)
	}
}

// TestFromLegacyLINCorpus: every LIN file of the corpus against the JSON 1
// an older handrec wrote for it, made by
//
//	cd corpus/lin && for f in $(find . -name '*.lin'); do
//	    handrec-old convert --to json $f > $HANDREC_LEGACY/$f.json; done
//
// It runs when HANDREC_LEGACY names that directory.
func TestFromLegacyLINCorpus(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..", "..", "shared", "corpus", "lin")
	dir := os.Getenv("HANDREC_LEGACY")
	if _, err := os.Stat(root); err != nil || dir == "" {
		t.Skip("no corpus or HANDREC_LEGACY")
	}
	n := 0
	filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() || fi.Size() == 0 || !strings.HasSuffix(p, ".lin.json") {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		legacyCheck(t, filepath.Join(root, strings.TrimSuffix(rel, ".json")), p)
		n++
		return nil
	})
	t.Logf("%d files", n)
}

// A model stored before the pause after a vugraph pn was due has a pause
// mark there, which the reader no longer gives: legacy.FromPausedPn drops
// it, and leaves a model of today's form as it is.
func TestFromPausedPn(t *testing.T) {
	t.Parallel()
	const hdr = "vg|E,S,I,1,1,H,0,V,0|\r\nrs|,|\r\npn|a,b,c,d,a,b,c,d|"
	const board = "\r\nqx|o1|st||md|1S2,,,|pc|s2|pg|x|\r\n"
	westPause := layout.Mark{At: layout.AtTag, Name: "West", Kind: layout.Pause}
	for _, c := range []struct {
		name    string
		in      string
		old     func(l *layout.LIN) // makes the stored form from today's
		changed bool
	}{
		// the pause alone: a mark then, none now
		{"the pause alone", hdr + "pg||" + board, func(l *layout.LIN) { l.Marks = append([]layout.Mark{westPause}, l.Marks...) }, true},
		// the pause, then commentary: the commentary came second then
		{"the pause, then commentary", hdr + "pg||nt|hi|pg||" + board, func(l *layout.LIN) { l.Marks = append([]layout.Mark{westPause}, l.Marks...) }, true},
		// two pauses, or none: the same then as now
		{"two pauses", hdr + "pg||pg||" + board, nil, false},
		{"no pause", hdr + board, nil, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc, err := parser.ReadAll("f.lin", strings.NewReader(c.in))
			if err != nil {
				t.Fatal(err)
			}
			want := doc.Records[0]
			stored, err := parser.ReadAll("f.lin", strings.NewReader(c.in))
			if err != nil {
				t.Fatal(err)
			}
			r := stored.Records[0]
			if c.old != nil {
				l, _ := r.Layout.(*layout.LIN)
				if l == nil {
					l = new(layout.LIN)
					r.Layout = l
				}
				c.old(l)
			}
			if got := legacy.FromPausedPn(r); got != c.changed {
				t.Errorf("%q: changed %v, want %v", c.in, got, c.changed)
			}
			if d := legacyDiff(r, want); d != "" {
				t.Errorf("%q: %s", c.in, d)
			}
		})
	}
}
