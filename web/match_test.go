package web

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"handrec/pipeline"
	"handrec/render"
)

// sessionOf is what `handrec session --format json FILE` says of the
// first team match of a file, read from the file, not the archive.
func sessionOf(t *testing.T, file string) render.JSONMatch {
	t.Helper()
	var out bytes.Buffer
	src := pipeline.Files(context.Background(), nil, []string{file}, func(path string, err error) { t.Fatalf("%s: %v", path, err) })
	if _, err := pipeline.Session(&out, src, pipeline.SessionOptions{Format: "json"}); err != nil {
		t.Fatal(err)
	}
	var rep struct{ Matches []render.JSONMatch }
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil || len(rep.Matches) != 1 {
		t.Fatalf("%v: %d matches\n%s", err, len(rep.Matches), out.String())
	}
	return rep.Matches[0]
}

// apiMatchOf is the match page's data as /api/match/ID gives it.
func apiMatchOf(t *testing.T, s *Server, id string) matchPage {
	t.Helper()
	w := get(t, s, "/api/match/"+id)
	var p matchPage
	if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil || w.Code != 200 {
		t.Fatalf("/api/match/%s: %d %v\n%s", id, w.Code, err, w.Body.String())
	}
	return p
}

// checkSameAsSession fails unless the match page's numbers are those
// `handrec session` gives for the file the match was imported from.
func checkSameAsSession(t *testing.T, p matchPage, file string) {
	t.Helper()
	want := sessionOf(t, file)
	if p.Teams != want.Teams || p.Carry != want.Carry || p.Total != want.Total || p.Count != want.Count ||
		!reflect.DeepEqual(p.VP, want.VP) || len(p.Boards) != len(want.Boards) {
		t.Fatalf("the match page: teams %v carry %v total %v over %d, VP %v; session: %v %v %v over %d, VP %v",
			p.Teams, p.Carry, p.Total, p.Count, p.VP, want.Teams, want.Carry, want.Total, want.Count, want.VP)
	}
	for i, l := range want.Boards {
		if p.Boards[i].TeamLine != l {
			t.Errorf("board %d: the page's %+v, session's %+v", l.Board, p.Boards[i].TeamLine, l)
		}
	}
}

// TestMatchPage: the sample's match, its boards in order, each room's
// contract, declarer, result and North-South score side by side, the
// IMPs, the running score from the carry-over (0 to 1.5) and the VPs, as
// `handrec session samples/vugraph_match.lin` scores them; the home page
// links the match to it.
func TestMatchPage(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		s := newTestServer(t, eng, Options{})
		p := apiMatchOf(t, s, "1")
		checkSameAsSession(t, p, "../samples/vugraph_match.lin")
		type room struct {
			id                                int64
			contract, declarer, result, score string
		}
		var got [][2]room
		for _, b := range p.Boards {
			got = append(got, [2]room{})
			for i, r := range b.Rooms {
				got[len(got)-1][i] = room{r.ID, r.Contract, r.Declarer, r.Result, r.Score}
			}
		}
		want := [][2]room{
			{{61, "5CX", "N", "-3", "-500"}, {62, "4C", "N", "-2", "-100"}},
			{{63, "4S", "W", "=", "-420"}, {64, "4S", "W", "+1", "-450"}},
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("rooms %+v, want %+v", got, want)
		}
		body := get(t, s, "/match/1").Body.String()
		for _, frag := range []string{
			`<h1>Oaks v Elms · Sample Teams · Final 1 of 2</h1>`,
			`<tr class="carry"><td>carry-over</td><td colspan="10"></td><td class="n">0</td><td class="n">1.5</td></tr>`,
			`<tr><td class="n">1</td><td><a href="/board/61" title="NS North – Jones, B">5CX</a></td><td>N</td><td>-3</td><td class="n">-500</td>` +
				`<td><a href="/board/62" title="NS North2 – South">4C</a></td><td>N</td><td>-2</td><td class="n">-100</td>` +
				`<td class="n imp"></td><td class="n imp">9</td><td class="n">0</td><td class="n">10.5</td></tr>`,
			`<td class="n imp">1</td><td class="n imp"></td><td class="n">1</td><td class="n">10.5</td></tr>`,
			`<td class="n">1</td><td class="n">10.5</td></tr></tfoot>`,
			`Victory points: <strong>Oaks 3.77</strong> – <strong>16.23 Elms</strong> (WBF continuous scale, 2 boards)`,
		} {
			if !strings.Contains(body, frag) {
				t.Errorf("/match/1 lacks %s", frag)
			}
		}
		if home := get(t, s, "/").Body.String(); !strings.Contains(home, `<a class="trunc name" href="/match/1" title="Sample Teams">Sample Teams</a>`) {
			t.Errorf("the home page does not link the match to its page")
		}
		for path, code := range map[string]int{"/match/2": 404, "/match/x": 404, "/api/match/2": 404} {
			if w := get(t, s, path); w.Code != code {
				t.Errorf("%s: %d, want %d", path, w.Code, code)
			}
		}
	})
}

// goldCup is a stanza of a team match in the corpus, 16 records of 8
// boards, with a carry-over of 127 to 37.
const goldCup = "../../shared/corpus/lin/eduucaldas-AlphaBridge/BBO/raw_lin_data/423/42393.lin"

// TestMatchPageCorpus: a stanza of the 2015 Gold Cup's semifinal scored as
// `handrec session` scores the file: 127-37 carried, 10, 9 and 10 IMPs
// won, 137-56.
func TestMatchPageCorpus(t *testing.T) {
	if _, err := os.Stat(goldCup); err != nil {
		t.Skip("the corpus is not there (../../shared/corpus)")
	}
	onEngines(t, func(t *testing.T, eng string) {
		db := sharedArchive(t, eng, "goldcup", func(testing.TB, string) []string { return []string{goldCup} })
		s, err := New(db, Options{})
		if err != nil {
			t.Fatal(err)
		}
		p := apiMatchOf(t, s, "1")
		checkSameAsSession(t, p, goldCup)
		var imps []int
		for _, b := range p.Boards {
			imps = append(imps, b.TeamLine.IMPs)
		}
		if p.Teams != [2]string{"Cope", "Lee"} || p.Carry != [2]float64{127, 37} || p.Total != [2]float64{137, 56} ||
			!reflect.DeepEqual(imps, []int{-10, -9, 0, 0, 10, 0, 0, 0}) || p.Boards[0].Rooms[0].Contract != "4H" {
			t.Errorf("the stanza: %v %v %v %v %+v", p.Teams, p.Carry, p.Total, imps, p.Boards[0].Rooms)
		}
	})
}
